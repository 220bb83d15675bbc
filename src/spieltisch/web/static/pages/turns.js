// Turn-based play (docs/turn-based.md): the clock's fields in the lobby's form, "my games"
// (the lobby's first section and the page #/my-games; the tab title counts the games
// waiting for me), the vacation on one's own account page, and times of days and hours.

import { api, currentAccount, get, post } from "../api.js";
import { h, replace } from "../dom.js";
import { formatMoment, formatNumber, labelled, onLanguage, t, tn } from "../i18n.js";
import { notify } from "../notice.js";

const TITLE = "spieltisch";
const BANKS = [
  ["", () => t("no time bank")],
  ["12:1", () => bankChoice(12, 1)],
  ["24:3", () => bankChoice(24, 3)],
];

function bankChoice(hours, days) {
  return t("{time} a move, at most {most}", { time: formatDays(hours * 3600000), most: formatDays(days * 86400000) });
}

// A time of days and hours ("2 days 4 hours"); under an hour, minutes.
export function formatDays(milliseconds) {
  const minutes = Math.max(0, Math.floor(milliseconds / 60000));
  const hours = Math.floor(minutes / 60) % 24;
  const days = Math.floor(minutes / 1440);
  if (!days && !hours) return tn("{count} minute", "{count} minutes", minutes, { count: formatNumber(minutes) });
  const parts = [];
  if (days) parts.push(tn("{count} day", "{count} days", days, { count: formatNumber(days) }));
  if (hours) parts.push(tn("{count} hour", "{count} hours", hours, { count: formatNumber(hours) }));
  return parts.join(" ");
}

// The lobby's clock choices of a turn-based table: days per move.
export const TURN_CLOCKS = [1, 3, 7].map((days) => [`turn:${days}`, () => tn("{count} day per move", "{count} days per move", days, { count: formatNumber(days) })]);

// The fields shown in the form while a turn-based clock is chosen: the time bank and
// what happens when the time runs out (by default: the computer from three players on).
export function turnFields() {
  const bank = h("select", { name: "bank", id: "create-bank" }, BANKS.map(([value, label]) => h("option", { value }, label())));
  const timeout = h(
    "select",
    { name: "turn_timeout", id: "create-turn-timeout" },
    h("option", { value: "" }, t("as usual for the number of players")),
    h("option", { value: "computer" }, t("the computer plays that turn at the player's level")),
    h("option", { value: "lose" }, t("the player loses the game")),
  );
  const box = h(
    "div",
    { class: "turn-fields", hidden: true },
    h("div", { class: "option" }, h("label", { for: "create-bank" }, t("Time bank")), bank),
    h("div", { class: "option" }, h("label", { for: "create-turn-timeout" }, t("When the time runs out")), timeout),
  );
  return {
    box,
    show(clockValue) {
      box.hidden = !clockValue.startsWith("turn:");
    },
    clock(clockValue) {
      const clock = { mode: "turn", days: Number(clockValue.split(":")[1]) };
      if (bank.value) {
        const [hours, most] = bank.value.split(":");
        clock.bank_hours = Number(hours);
        clock.bank_max_days = Number(most);
      }
      if (timeout.value) clock.on_timeout = timeout.value;
      return clock;
    },
  };
}

// The tab title: "(2) spieltisch" while two games wait for my move.
export function countInTitle(waiting) {
  document.title = waiting ? `(${waiting}) ${TITLE}` : TITLE;
}

// The count of my turn-based games waiting for my move, for the table page's tab title
// ("(2) ▶ Mahé · spieltisch"): asked at once, every 30 s, and soon after a move here.
export class WaitingCount {
  constructor(changed) {
    this.count = 0;
    this.changed = changed;
    this.asked = 0;
    this.timer = window.setInterval(() => this.ask(), 30000);
    this.ask();
  }

  async ask() {
    if (!currentAccount()) return;
    this.asked = Date.now();
    try {
      const found = await get("/api/me/turns");
      if (found.waiting !== this.count) {
        this.count = found.waiting;
        this.changed();
      }
    } catch {
      // the next round asks again
    }
  }

  // A move was made here: ask again (at most every two seconds).
  soon() {
    window.clearTimeout(this.later);
    this.later = window.setTimeout(() => this.ask(), Math.max(0, this.asked + 2000 - Date.now()));
  }

  prefix() {
    return this.count ? `(${this.count}) ` : "";
  }

  stop() {
    window.clearInterval(this.timer);
    window.clearTimeout(this.later);
  }
}

function gameItem(game) {
  const left = game.time_left_ms === null ? null : formatDays(game.time_left_ms);
  const last = game.last_move ? (game.last_by ? labelled(game.last_by, game.last_move) : game.last_move) : t("no move yet");
  return h(
    "li",
    { class: `turn-game ${game.mine ? "mine" : ""}`, "data-table": game.table },
    h("strong", {}, game.title),
    " ",
    h("span", { class: "turn-players" }, game.players.filter(Boolean).join(", ")),
    " ",
    h("span", { class: "turn-state" }, game.mine ? t("your move") : t("waiting for the others")),
    left === null ? null : [" ", h("span", { class: "time-left" }, t("{time} left", { time: left }))],
    h("div", { class: "last-move" }, last),
    h("a", { class: "button", href: `#/table/${game.table}` }, game.mine ? t("Play your move") : t("Look at the game")),
  );
}

// "My games": every turn-based game of mine, those waiting for me first. Returns how
// many wait for me (the tab title shows it).
export async function refreshTurnGames(box, me, { heading = "h2" } = {}) {
  if (!me) {
    replace(box);
    box.hidden = true;
    countInTitle(0);
    return 0;
  }
  let found;
  try {
    found = await get("/api/me/turns");
  } catch {
    return 0;
  }
  countInTitle(found.waiting);
  box.hidden = !found.games.length && heading === "h2";
  const items = found.games.map(gameItem);
  replace(
    box,
    h(heading, { id: "turn-games-title" }, t("My turn-based games")),
    items.length ? h("ul", { class: "turn-games" }, items) : h("p", {}, t("No turn-based games yet.")),
  );
  return found.waiting;
}

// The page #/my-games.
export async function show(main) {
  const box = h("section", { class: "my-turn-games", "aria-labelledby": "turn-games-title" });
  replace(main, box);
  const render = () => refreshTurnGames(box, currentAccount(), { heading: "h1" });
  await render();
  const timer = setInterval(render, 30000);
  const stop = onLanguage(render);
  return () => {
    clearInterval(timer);
    stop();
  };
}

// One's own vacation on the account page: days left this year, take some, end it.
export async function vacationSection() {
  const box = h("section", { class: "vacation", "aria-labelledby": "vacation-title" });
  async function render() {
    const vacation = await get("/api/me/vacation");
    const days = h("input", { id: "vacation-days", type: "number", min: 1, max: Math.max(1, Math.floor(vacation.left_days)), step: 1, value: 7 });
    const parts = [
      h("h2", { id: "vacation-title" }, t("Vacation")),
      h("p", {}, t("Your clocks in every turn-based game (not tournament games) stand still while you are on vacation.")),
      h("p", { class: "vacation-left" }, t("{left} of {allowance} days left this year.", { left: formatNumber(Math.floor(vacation.left_days * 10) / 10), allowance: formatNumber(vacation.allowance_days) })),
    ];
    if (vacation.until) {
      parts.push(
        h("p", { class: "vacation-until" }, t("On vacation until {until}.", { until: formatMoment(vacation.until) })),
        h("button", { type: "button", class: "end-vacation", onclick: () => act(() => api("DELETE", "/api/me/vacation")) }, t("End the vacation now")),
      );
    } else {
      const form = h(
        "form",
        { class: "take-vacation" },
        h("div", { class: "option" }, h("label", { for: "vacation-days" }, t("Days")), days),
        h("button", { type: "submit" }, t("Go on vacation")),
      );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        act(() => post("/api/me/vacation", { days: Number(days.value) }));
      });
      parts.push(form);
    }
    replace(box, parts);
  }
  async function act(request) {
    try {
      await request();
      await render();
    } catch (error) {
      notify(error.message);
    }
  }
  await render();
  return box;
}

// What happens when a turn-based clock runs out, said where the clocks are.
export function turnClockRule(clock) {
  const days = tn("{count} day per move", "{count} days per move", clock.days, { count: formatNumber(clock.days) });
  const bank = clock.bank_seconds ? [" ", t("Each move made in time adds {time} to the player's time bank, up to {most}.", { time: formatDays(clock.bank_seconds * 1000), most: formatDays(clock.bank_max_seconds * 1000) })] : [];
  const rule = clock.on_timeout === "lose" ? t("When a player's time runs out, they lose the game.") : t("When a player's time runs out, the computer plays that turn at their level; the seat stays theirs.");
  return h("p", { class: "clock-rule" }, t("Turn-based: {days}.", { days }), " ", rule, bank);
}

// Who is online at a turn-based table: no away countdown, nobody chooses for anyone.
export function turnPresence(found, seat, table) {
  if (!found || seat.left || seat.resigned || table.status !== "running") return [];
  return [h("span", { class: found.here ? "online" : "offline" }, found.here ? t("online") : t("not here"))];
}

// The notices told in position `seq` (after the log's last entry: those of later ones).
export function noticesAfter(notices, seq, entries) {
  const last = entries.length ? entries[entries.length - 1].seq : 0;
  return noticeLines([...notices.values()].filter((notice) => (seq === last ? notice.seq >= seq : notice.seq === seq)));
}

// The notices told before the first entry shown (a game with no entry yet, or a notice
// of an earlier position): at the top, rather than nowhere.
export function noticesBefore(notices, entries) {
  const first = entries.length ? entries[0].seq : Infinity;
  return noticeLines([...notices.values()].filter((notice) => notice.seq < first));
}

// In the order they happened: by position, then by moment (two notices of position 0
// come in the order they were told, not in the order this page heard of them).
function noticeLines(shown) {
  const inOrder = [...shown].sort((a, b) => a.seq - b.seq || Date.parse(a.at) - Date.parse(b.at));
  return inOrder.map((notice) => h("li", { class: `event notice ${notice.kind}` }, h("span", { class: "seq" }), h("span", {}, notice.words)));
}
