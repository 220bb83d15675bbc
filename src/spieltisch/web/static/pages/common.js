// Pieces several pages share: the guest name form, seat names, game titles.

import { playAsGuest, uploadRecord } from "../api.js";
import { h } from "../dom.js";
import { formatNumber, t, tn } from "../i18n.js";
import { accountChanged, notify } from "../notice.js";

// "Your name: [    ] [Play]": a guest account at once, no password needed.
export function guestForm(onDone) {
  const input = h("input", { name: "name", maxlength: 40, required: true, autocomplete: "nickname", placeholder: t("Your name") });
  const form = h(
    "form",
    { class: "guest", "aria-label": t("Play as a guest") },
    h("label", {}, t("Your name"), " ", input),
    h("button", { type: "submit" }, t("Play as a guest")),
    h("a", { href: "#/signin" }, t("or sign in")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await playAsGuest(input.value.trim());
      accountChanged();
      onDone();
    } catch (error) {
      notify(error.message);
    }
  });
  return form;
}

const LEVELS = ["easy", "medium", "hard", "expert", "random"];

export function levelName(level) {
  const bare = String(level).replace(/^level:/, "");
  return { random: t("random"), easy: t("easy"), medium: t("medium"), hard: t("hard"), expert: t("expert") }[bare] || level;
}

// A seat as people read it: the player's name, "computer (hard)" or "open seat".
export function seatName(seat) {
  if (seat.kind === "ai") return t("computer ({level})", { level: levelName(seat.level) });
  if (seat.kind === "open") return t("open seat");
  if (seat.kind === "reserved") return seat.name ? t("reserved for {name}", { name: seat.name }) : t("reserved seat");
  return seat.name || t("Seat {number}", { number: seat.seat + 1 });
}

// A seat as every surface names it: what tells it apart (its colour or number, as the
// board writes it) and who sits there: "Yellow · computer (easy)", "Red · Ana". Two
// computers of one level never read alike.
export function seatTitle(seat, mark) {
  return markedName(mark, seatName(seat));
}

export function markedName(mark, who) {
  return mark && who ? `${mark} · ${who}` : mark || who;
}

// A name from a game record: a computer seat is recorded by its level ("easy").
export function recordedName(name) {
  return LEVELS.includes(name) ? t("computer ({level})", { level: levelName(name) }) : name;
}

// Whether a table's game counts for the ratings, as a small badge: lobby, table, lists.
// A rated table with computer seats rates its people among themselves: the badge says so.
export function ratedBadge(table) {
  const rated = Boolean(table.rated);
  const computers = rated && !table.tournament && (table.seats || []).some((seat) => seat.kind === "ai");
  const title = !rated ? t("Does not count for the ratings; hints and takebacks allowed.") : computers ? t("Counts for the ratings of the people among themselves: the computer seats are not rated; no hints, no takebacks.") : t("Counts for the ratings; no hints, no takebacks.");
  return h("span", { class: `rated-badge ${rated ? "rated" : "casual"}`, title }, rated ? (computers ? t("rated among the people") : t("rated")) : t("casual"));
}

// A finished table's result as lists show it: each seat by place, with its points
// ("1. Red · Ana, 12 points"). `label` names a seat.
export function resultParts(table, label = seatLabelOf) {
  const result = table.result;
  if (!result || !result.ranking) return [];
  const order = table.seats.map((seat) => seat.seat).sort((a, b) => result.ranking[a] - result.ranking[b] || a - b);
  return order.map((index) => {
    const seat = table.seats.find((item) => item.seat === index);
    const score = result.scores ? result.scores[index] : null;
    const points = score === null || score === undefined ? "" : `, ${tn("{count} point", "{count} points", score, { count: formatNumber(Math.round(score * 100) / 100) })}`;
    return h("li", { class: `place place-${result.ranking[index]}`, "data-seat": index }, `${formatNumber(result.ranking[index])}. `, label(seat), points);
  });
}

// A seat in a list, named as the table names it: "Yellow · computer (easy)".
export function seatLabelOf(seat) {
  return seat.label || markedName(seat.mark, seatName(seat));
}

export function statusName(status) {
  return { open: t("waiting for players"), running: t("running"), finished: t("finished"), aborted: t("aborted"), abandoned: t("abandoned") }[status] || status;
}

// Download a finished table's record and open it in the replay viewer.
export async function openReplay(tableId) {
  const response = await fetch(`/api/games/${tableId}/record`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(t("The record is not available yet."));
  const record = await response.json();
  const id = await uploadRecord(record);
  location.hash = `#/replay/${id}`;
}

// A game option's control, as the game's form describes it (GET /api/forms).
export function optionControl(option) {
  const id = `option-${option.name}`;
  let control;
  if (option.kind === "boolean") {
    control = h("input", { type: "checkbox", id, name: option.name, checked: option.default === true });
  } else if (option.kind === "choice") {
    control = h(
      "select",
      { id, name: option.name },
      option.choices.map((choice, index) => h("option", { value: JSON.stringify(choice), selected: choice === option.default }, choice === null ? t("automatic") : option.choice_labels[index])),
    );
  } else {
    control = h("input", { id, name: option.name, placeholder: option.placeholder || "", value: option.default === null ? "" : JSON.stringify(option.default) });
  }
  // A choice explains itself through its named values; a text field or checkbox gets a
  // hint in words (the form's own where the description names values as typed: "none").
  const hint = option.description && option.kind !== "choice" ? h("small", { class: "hint" }, option.description) : null;
  return h("div", { class: "option game-option" }, h("label", { for: id }, option.label), control, hint);
}

// The value of a game option's control, undefined when left empty.
export function optionValue(option, form) {
  const control = form.elements[option.name];
  if (option.kind === "boolean") return control.checked;
  if (option.kind === "choice") return JSON.parse(control.value);
  const text = control.value.trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
