// More time for a person who needs it (WCAG 2.2.1): the table's creator gives a seat a
// minute or five more, or doubles its time, while the game runs (not in a tournament's
// game); at a turn-based table a day or three more in the seat's time bank. The server decides and keeps each extension in the table's clock; the log says
// each at its place (server/table/extending.py, docs/accessibility.md).

import { post } from "../api.js";
import { h } from "../dom.js";
import { formatNumber, t, tn } from "../i18n.js";
import { notify } from "../notice.js";
import { formatDays } from "./turns.js";

// "5 minutes", "1 minute 30 seconds": a time in words, for the log and the announcer.
export function durationWords(seconds) {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts = [];
  if (minutes) parts.push(tn("{count} minute", "{count} minutes", minutes, { count: formatNumber(minutes) }));
  if (rest || !minutes) parts.push(tn("{count} second", "{count} seconds", rest, { count: formatNumber(rest) }));
  return parts.join(" ");
}

// The log's line for an extension: with a clock per move the seat's time per move from
// now on, with a clock per game the time given, turn-based the days in the time bank.
export function extensionWords(clock, extension, name) {
  if (clock.mode === "turn") return t("The table's creator gave {name} {time} more in the time bank.", { name, time: formatDays(extension.seconds * 1000) });
  if (clock.mode === "move") {
    const all = clock.extensions || [];
    const given = all.slice(0, all.indexOf(extension)).filter((one) => one.seat === extension.seat);
    const before = given.reduce((total, one) => total + one.seconds, clock.seconds || 0);
    const time = durationWords(before + extension.seconds);
    return t("The table's creator gave {name} more time: {time} for each move from now on.", { name, time });
  }
  return t("The table's creator gave {name} {time} more.", { name, time: durationWords(extension.seconds) });
}

// The extensions made after log entry `seq` (those made before the first entry shown
// come after it; `last` is the newest entry's seq).
export function extensionsAfter(table, seq, first) {
  const clock = table.clock || {};
  return (clock.extensions || []).filter((one) => one.seq === seq || (seq === first && one.seq < first));
}

// Whether this page's account may give more time at `table` now.
export function mayGiveTime(table, me) {
  const clock = table.clock || {};
  return Boolean(me && table.created_by === me.id && table.status === "running" && !table.tournament && clock.mode);
}

// The creator's box: a person's seat, and 1 minute, 5 minutes or double. `label` names a
// seat as the page does; `changed` takes the table the server answers with.
export function moreTimeBox(table, me, label, changed) {
  if (!mayGiveTime(table, me)) return null;
  const people = table.seats.filter((seat) => seat.kind === "human" && !seat.resigned && seat.left !== "timed_out" && seat.left !== "claimed");
  if (!people.length) return null;
  const select = h("select", { name: "more-time-seat", id: "more-time-seat" }, people.map((seat) => h("option", { value: seat.seat }, label(seat.seat))));
  const give = async (body) => {
    try {
      changed(await post(`/api/tables/${table.id}/more-time`, { seat: Number(select.value), ...body }));
    } catch (error) {
      notify(error.message);
    }
  };
  const button = (name, text, body) => h("button", { type: "button", class: `more-time-${name}`, onclick: () => give(body) }, text);
  return h(
    "details",
    { class: "more-time" },
    h("summary", {}, t("Give a player more time")),
    h("p", { class: "more-time-note" }, t("For a player who needs longer. Everyone at the table reads it under Moves.")),
    h("div", { class: "more-time-row" }, h("label", { for: "more-time-seat" }, t("Player")), select),
    h("div", { class: "more-time-row" }, ...amounts(table, button)),
  );
}

// What the creator may give: days to a turn-based bank, else minutes or double.
function amounts(table, button) {
  if ((table.clock || {}).mode === "turn") return [button("one-day", t("1 day more"), { days: 1 }), button("three-days", t("3 days more"), { days: 3 })];
  return [button("one", t("1 minute more"), { seconds: 60 }), button("five", t("5 minutes more"), { seconds: 300 }), button("double", clockDouble(table), { double: true })];
}

function clockDouble(table) {
  return (table.clock || {}).mode === "move" ? t("Double the time per move") : t("Double the time left");
}
