// The lobby: open and running tables, and a form to set up a new one.

import { currentAccount, get, post } from "../api.js";
import { h, replace } from "../dom.js";
import { labelled, language, onLanguage, t } from "../i18n.js";
import { notify } from "../notice.js";
import { guestForm, levelName, optionControl, optionValue, ratedBadge, seatLabelOf, statusName } from "./common.js";
import { refreshMyGames } from "./my_games.js";
import { TURN_CLOCKS, refreshTurnGames, turnFields } from "./turns.js";
import { TUTORIALS } from "./rules.js";

const CLOCKS = [
  ["", () => t("no clock")],
  ["move:30", () => t("{seconds} s per move", { seconds: 30 })],
  ["move:60", () => t("{seconds} s per move", { seconds: 60 })],
  ["game:300", () => t("{minutes} min per player", { minutes: 5 })],
  ["game:900", () => t("{minutes} min per player", { minutes: 15 })],
  ["game:300:5", () => t("{minutes} min per player + {seconds} s a move", { minutes: 5, seconds: 5 })],
  ...TURN_CLOCKS,
];
// How long a person may be away before the others choose (`clock.away_seconds`); "" leaves
// it to the clock (twice a move's time, a tenth of a game's, 30 s to the server's limit).
const AWAY_TIMES = [
  ["", () => t("set by the clock")],
  ["30", () => t("{seconds} s", { seconds: 30 })],
  ["60", () => t("{minutes} min", { minutes: 1 })],
  ["120", () => t("{minutes} min", { minutes: 2 })],
  ["300", () => t("{minutes} min", { minutes: 5 })],
  ["900", () => t("{minutes} min", { minutes: 15 })],
  ["3600", () => t("{hours} h", { hours: 1 })],
];
const SEAT_KINDS = ["me", "open", "ai:easy", "ai:medium", "ai:hard", "ai:expert"];

// The lobby's filters (each change asks the server again), kept in this browser for the
// next visit as lichess keeps its lobby's (localStorage "spieltisch.lobby-filters").
const FILTERS_KEY = "spieltisch.lobby-filters";
const NO_FILTER = { game: "", free: false, computers: "", speed: "", language: "", away: "" };
const chosen = { ...NO_FILTER, ...storedFilters() };

// The filters kept, each only if it is one of the lobby's and of its kind.
function storedFilters() {
  let stored = {};
  try {
    stored = JSON.parse(window.localStorage.getItem(FILTERS_KEY) || "{}") || {};
  } catch {
    return {};
  }
  return Object.fromEntries(Object.entries(stored).filter(([name, value]) => name in NO_FILTER && typeof value === typeof NO_FILTER[name]));
}

function keepFilters() {
  window.localStorage.setItem(FILTERS_KEY, JSON.stringify(chosen));
}

function filterQuery() {
  const query = new URLSearchParams({ against_computers: "false" });
  for (const [name, value] of Object.entries(chosen)) if (value) query.set(name, String(value));
  return query.toString();
}

export async function show(main) {
  let timer = null;
  // Named by its heading once drawn: labelled by a heading not there yet, an empty section
  // breaks ARIA (axe: aria-prohibited-attr, seen in a whole run, 2026-12-07).
  const tablesBox = h("section", { class: "tables" });
  const formBox = h("section", { class: "create", "aria-labelledby": "create-title" });
  const filtersBox = h("form", { class: "filters", "aria-label": t("Filter") });
  const myGamesBox = h("section", { class: "my-running-games", "aria-labelledby": "my-games-title", hidden: true });
  const turnGamesBox = h("section", { class: "my-turn-games", "aria-labelledby": "turn-games-title", hidden: true });

  async function refreshTables() {
    try {
      const me = currentAccount();
      const [{ tables }, mine] = await Promise.all([get(`/api/tables?${filterQuery()}`), me ? get("/api/tables/mine") : { tables: [] }]);
      renderTables(tablesBox, filtersBox, tables, mine.tables);
      await refreshTurnGames(turnGamesBox, me);
      await refreshMyGames(myGamesBox, me);
    } catch (error) {
      notify(error.message);
    }
  }

  async function render() {
    const me = currentAccount();
    const forms = await get(`/api/forms?lang=${language()}`);
    // New to a game? Its tutorial, before any name is chosen (pages/learn.js).
    const learn = forms.filter((game) => TUTORIALS.includes(game.name)).map((game) => h("a", { class: "button learn-link", href: `#/learn/${game.name}` }, labelled(t("Learn to play"), game.title)));
    replace(main, h("h1", {}, t("Game tables")), learn.length ? h("p", { class: "learn" }, learn) : null);
    if (!me) main.append(h("section", { class: "welcome" }, h("p", {}, t("Choose a name to play; no password needed.")), guestForm(render)));
    // My running games first; then the tables (on a phone they come before the long
    // form; on a wide screen the form stands on the left).
    main.append(turnGamesBox, myGamesBox, h("div", { class: "lobby" }, tablesBox, formBox));
    renderCreate(formBox, forms, me);
    renderFilters(filtersBox, forms, refreshTables);
    await refreshTables();
  }

  await render();
  timer = window.setInterval(refreshTables, 3000);
  const stop = onLanguage(render);
  return () => {
    window.clearInterval(timer);
    stop();
  };
}

function renderFilters(box, forms, refresh) {
  const choice = (name, label, options) => {
    const select = h("select", { id: `filter-${name}`, name }, options.map(([value, text]) => h("option", { value, selected: chosen[name] === value }, text)));
    select.addEventListener("change", () => {
      chosen[name] = select.value;
      keepFilters();
      refresh();
    });
    return h("div", { class: "filter" }, h("label", { for: `filter-${name}` }, label), select);
  };
  const free = h("input", { type: "checkbox", id: "filter-free", name: "free", checked: chosen.free });
  free.addEventListener("change", () => {
    chosen.free = free.checked;
    keepFilters();
    refresh();
  });
  replace(
    box,
    choice("game", t("Game"), [["", t("all games")], ...forms.map((game) => [game.name, game.title])]),
    h("div", { class: "filter" }, free, h("label", { for: "filter-free" }, t("With a free seat"))),
    choice("computers", t("Computers"), [["", t("with or without")], ["with", t("with computers")], ["without", t("people only")]]),
    choice("speed", t("Clock"), [["", t("any clock")], ["untimed", t("no clock")], ["quick", t("quick")], ["slow", t("slow")], ["turn", t("turn-based")]]),
    choice("language", t("Language"), [["", t("any language")], ["de", "Deutsch"], ["en", "English"], ["fr", "Français"]]),
    choice("away", t("Players away"), [["", t("with or without")], ["true", t("with a player away")], ["false", t("everyone at the table")]]),
  );
}

function renderTables(box, filtersBox, tables, mine) {
  // My running games stand above (my_games.js); here my tables still waiting for players.
  const mineIds = new Set(mine.map((table) => table.id));
  const waiting = mine.filter((table) => table.status === "open");
  const others = tables.filter((table) => !mineIds.has(table.id));
  const open = others.filter((table) => table.status === "open");
  const running = others.filter((table) => table.status !== "open");
  const list = (items, empty) => (items.length ? h("ul", { class: "table-list" }, tableItems(items)) : h("p", { class: "empty" }, empty));
  replace(
    box,
    waiting.length ? h("h2", { id: "mine-title" }, t("My open tables")) : null,
    waiting.length ? h("ul", { class: "table-list mine" }, tableItems(waiting)) : null,
    h("h2", { id: "tables-title" }, t("Open tables")),
    filtersBox,
    list(open, t("No open table matches. Set one up!")),
    h("h2", { id: "running-title" }, t("Games in play")),
    list(running, t("No game in play matches.")),
  );
  box.setAttribute("aria-labelledby", "tables-title");
}

function tableItems(tables) {
  const me = currentAccount();
  return tables.map((table) => {
    const mine = me && table.seats.some((seat) => seat.account === me.id);
    const free = table.seats.some((seat) => seat.kind === "open");
    const actions = [];
    if (table.status === "open" && free && !mine) {
      actions.push(h("button", { class: "join", onclick: () => join(table.id) }, t("Join")));
    }
    actions.push(h("a", { class: "button", href: `#/table/${table.id}` }, mine ? t("Open") : t("Watch")));
    return h(
      "li",
      { class: `table-item ${table.status}`, "data-table": table.id },
      h("div", { class: "table-title" }, h("strong", {}, table.title), " · ", statusName(table.status), " ", ratedBadge(table)),
      h("ul", { class: "seat-names" }, table.seats.map((seat) => h("li", { class: `seat ${seat.kind}${seat.away ? " away" : ""}` }, seatLabelOf(seat), seat.away ? [" ", h("span", { class: "away-tag" }, `(${t("away")})`)] : null))),
      h("div", { class: "actions" }, actions),
    );
  });
}

async function join(tableId) {
  if (!currentAccount()) {
    notify(t("Choose a name first."));
    return;
  }
  try {
    await post(`/api/tables/${tableId}/join`, {});
    location.hash = `#/table/${tableId}`;
  } catch (error) {
    notify(error.message);
  }
}

function seatChoice(kind) {
  if (kind === "me") return t("me");
  if (kind === "open") return t("open seat (a friend)");
  return t("computer ({level})", { level: levelName(kind.slice(3)) });
}

function renderCreate(box, forms, me) {
  const gameSelect = h("select", { name: "game", id: "create-game" }, forms.map((game) => h("option", { value: game.name }, game.title)));
  const playersSelect = h("select", { name: "players", id: "create-players" });
  const seatsBox = h("div", { class: "seats-choice" });
  const optionsBox = h("div", { class: "options" });
  const clockSelect = h("select", { name: "clock", id: "create-clock" }, CLOCKS.map(([value, label]) => h("option", { value }, label())));
  const publicBox = h("input", { type: "checkbox", name: "public", id: "create-public", checked: true });
  // Casual or rated, the creator's choice; rated only for people (no computer seat).
  const ratedSelect = h(
    "select",
    { name: "rated", id: "create-rated", "aria-describedby": "create-rated-why" },
    h("option", { value: "casual" }, t("casual: hints and takebacks allowed")),
    h("option", { value: "rated" }, t("rated: counts for the ratings")),
  );
  const ratedWhy = h("small", { class: "hint", id: "create-rated-why" });
  const loseBox = h("input", { type: "checkbox", name: "on_timeout", id: "create-lose" });
  const awaySelect = h(
    "select",
    { name: "away", id: "create-away", "aria-describedby": "create-away-why" },
    AWAY_TIMES.map(([value, label]) => h("option", { value }, label())),
  );
  // Not for turn-based play: there the players are gone between their moves by design.
  const awayOption = h(
    "div",
    { class: "option" },
    h("label", { for: "create-away" }, t("Away before the others choose")),
    awaySelect,
    h("small", { class: "hint", id: "create-away-why" }, t("How long a player may be gone before the others choose: the computer plays for them, or (with two players) the other claims the win.")),
  );
  const turn = turnFields();
  const loseOption = h("div", { class: "option" }, h("label", { for: "create-lose" }, t("Out of time loses")), loseBox);
  clockSelect.addEventListener("change", () => {
    turn.show(clockSelect.value);
    loseOption.hidden = clockSelect.value.startsWith("turn:");
    awayOption.hidden = clockSelect.value.startsWith("turn:");
  });
  const form = h(
    "form",
    { class: "create-form" },
    h("div", { class: "option" }, h("label", { for: "create-game" }, t("Game")), gameSelect, h("a", { class: "rules-link", href: "#/rules" }, t("Rules"))),
    h("div", { class: "option" }, h("label", { for: "create-players" }, t("Players")), playersSelect),
    seatsBox,
    h("details", {}, h("summary", {}, t("Options")), optionsBox),
    h("div", { class: "option" }, h("label", { for: "create-rated" }, t("Rating")), ratedSelect, ratedWhy),
    h("div", { class: "option" }, h("label", { for: "create-clock" }, t("Clock")), clockSelect),
    turn.box,
    loseOption,
    awayOption,
    h("div", { class: "option" }, h("label", { for: "create-public" }, t("Show in the lobby")), publicBox),
    h("button", { type: "submit", disabled: !me, "aria-describedby": me ? null : "create-why" }, t("Create the table")),
    // Why the button is greyed out, before anyone wonders.
    me ? null : h("p", { class: "hint", id: "create-why" }, t("Choose a name above (or sign in) to open a table.")),
  );

  function current() {
    return forms.find((game) => game.name === gameSelect.value);
  }

  function renderSeats() {
    const count = Number(playersSelect.value);
    const previous = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    replace(
      seatsBox,
      Array.from({ length: count }, (_, index) => {
        const value = previous[index] || (index === 0 ? "me" : "ai:medium");
        return h(
          "div",
          { class: "option" },
          h("label", { for: `seat-${index}` }, t("Seat {number}", { number: index + 1 })),
          h("select", { id: `seat-${index}`, name: `seat-${index}` }, SEAT_KINDS.map((kind) => h("option", { value: kind, selected: kind === value }, seatChoice(kind)))),
        );
      }),
    );
    for (const select of seatsBox.querySelectorAll("select")) select.addEventListener("change", renderRated);
    renderRated();
  }

  // Rated with a computer seat rates the people among themselves, so it needs two of
  // them: with one person the rated choice is greyed out, and the form says why.
  function renderRated() {
    const kinds = [...seatsBox.querySelectorAll("select")].map((select) => select.value);
    const computer = kinds.some((kind) => kind.startsWith("ai:"));
    const alone = computer && kinds.filter((kind) => !kind.startsWith("ai:")).length < 2;
    const rated = ratedSelect.querySelector('option[value="rated"]');
    rated.disabled = alone;
    if (alone) ratedSelect.value = "casual";
    ratedWhy.textContent = alone ? t("Rated games need at least two people: with one person and the computer the game is casual.") : computer ? t("Rated with a computer seat: the people are rated among themselves, the computer seats are not.") : "";
  }

  function renderGame() {
    const game = current();
    const [low, high] = game.players;
    replace(playersSelect, Array.from({ length: high - low + 1 }, (_, i) => h("option", { value: low + i, selected: low + i === game.default_players }, String(low + i))));
    playersSelect.disabled = low === high;
    renderSeats();
    replace(optionsBox, game.options.map(optionControl));
    form.querySelector(".rules-link").setAttribute("href", `#/rules/${game.name}`);
  }

  gameSelect.addEventListener("change", renderGame);
  playersSelect.addEventListener("change", renderSeats);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = current();
    const options = {};
    for (const option of game.options) {
      const value = optionValue(option, form);
      if (value !== undefined) options[option.name] = value;
    }
    const seats = [...seatsBox.querySelectorAll("select")].map((select) => {
      const kind = select.value;
      return kind.startsWith("ai:") ? { kind: "ai", level: kind.slice(3) } : { kind };
    });
    const body = { game: game.name, options, seats, public: publicBox.checked, rated: ratedSelect.value === "rated" };
    if (clockSelect.value.startsWith("turn:")) {
      body.clock = turn.clock(clockSelect.value);
    } else if (clockSelect.value) {
      const [mode, seconds, increment] = clockSelect.value.split(":");
      body.clock = { mode, seconds: Number(seconds), ...(increment ? { increment: Number(increment) } : {}) };
      if (loseBox.checked) body.clock.on_timeout = "lose";
    }
    if (awaySelect.value && !awayOption.hidden) body.clock = { ...(body.clock || {}), away_seconds: Number(awaySelect.value) };
    try {
      const table = await post("/api/tables", body);
      if (seats.every((seat) => seat.kind !== "open")) await post(`/api/tables/${table.id}/start`);
      location.hash = `#/table/${table.id}`;
    } catch (error) {
      notify(error.message);
    }
  });
  replace(box, h("h2", { id: "create-title" }, t("New table")), form);
  renderGame();
}
