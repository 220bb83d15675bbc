// The tournaments: every tournament with its progress, and a form to create one (the
// creator directs it).

import { currentAccount, get, post } from "../api.js";
import { h, replace } from "../dom.js";
import { formatNumber, language, onLanguage, t, tn } from "../i18n.js";
import { notify } from "../notice.js";
import { guestForm, optionControl, optionValue } from "./common.js";

export async function show(main) {
  async function render() {
    const me = currentAccount();
    const [{ tournaments, default_game: chosen }, games] = await Promise.all([get("/api/tournaments"), get(`/api/forms?lang=${language()}`)]);
    const items = tournaments.map((item) =>
      h(
        "li",
        { class: "table-item", "data-tournament": item.id },
        h("div", {}, h("a", { href: `#/tournament/${item.id}` }, h("strong", {}, item.name)), " · ", item.title),
        h(
          "div",
          {},
          item.finished ? t("finished") : tn("{seated} of {count} round", "{seated} of {count} rounds", item.rounds, { seated: formatNumber(item.seated), count: formatNumber(item.rounds) }),
          " · ",
          tn("{count} player", "{count} players", item.players, { count: formatNumber(item.players) }),
        ),
      ),
    );
    replace(
      main,
      h("h1", {}, t("Tournaments")),
      h(
        "div",
        { class: "lobby" },
        h("section", { "aria-labelledby": "tournaments-title" }, h("h2", { id: "tournaments-title" }, t("Tournaments")), items.length ? h("ul", { class: "table-list" }, items) : h("p", {}, t("No tournaments yet."))),
        h("section", { "aria-labelledby": "new-tournament-title" }, h("h2", { id: "new-tournament-title" }, t("New tournament")), me ? createForm(games, chosen) : guestForm(render)),
      ),
    );
  }
  await render();
  return onLanguage(render);
}

function field(id, label, control) {
  return h("div", { class: "option" }, h("label", { for: id }, label), control);
}

// Every setting the command line and the API take (docs/tournaments.md, "Settings"):
// fixed when the tournament is created and published with the seed.
const TIE_BREAKS = ["mutual", "opponents", "firsts", "countback", "buchholz"];
const DEFAULT_TIE_BREAKS = ["mutual", "opponents", "firsts"];

export function tieBreakName(name) {
  return { mutual: t("head to head"), opponents: t("Buchholz per opponent"), firsts: t("first places"), countback: t("places countback"), buchholz: t("Buchholz (sum)") }[name] || name;
}

function createForm(games, chosen) {
  const name = h("input", { id: "tournament-name", required: true, maxlength: 120 });
  const game = h("select", { id: "tournament-game" }, games.map((g) => h("option", { value: g.name, selected: g.name === chosen }, g.title)));
  const rounds = h("input", { id: "tournament-rounds", type: "number", min: 1, max: 40, value: 6 });
  const minutes = h("input", { id: "tournament-minutes", type: "number", min: 0.05, step: "any", value: 60, placeholder: t("no round time") });
  const moveSeconds = h("input", { id: "tournament-move-seconds", type: "number", min: 1, max: 3600, value: 60, placeholder: t("no limit") });
  const tableSize = h("select", { id: "tournament-table-size" });
  const minTable = h("select", { id: "tournament-min-table" });
  const points = h("input", { id: "tournament-points", inputmode: "decimal", placeholder: "3, 2, 1, 0", size: 14 });
  const tieBreaks = [0, 1, 2, 3, 4].map((index) =>
    h(
      "select",
      { id: `tournament-tiebreak-${index + 1}`, "aria-label": t("Tie-break {n}", { n: index + 1 }) },
      h("option", { value: "" }, "–"),
      TIE_BREAKS.map((choice) => h("option", { value: choice, selected: DEFAULT_TIE_BREAKS[index] === choice }, tieBreakName(choice))),
    ),
  );
  const rated = h("input", { id: "tournament-rated", type: "checkbox", checked: true });
  const seed = h("input", { id: "tournament-seed", maxlength: 200, placeholder: t("drawn now") });
  const optionsBox = h("div", { class: "game-options" });
  const current = () => games.find((g) => g.name === game.value);
  const sizes = () => {
    const [low, high] = current().players;
    const fill = (select, first) => replace(select, h("option", { value: 0 }, first), Array.from({ length: high - low + 1 }, (_, i) => h("option", { value: low + i }, String(low + i))));
    fill(tableSize, t("the game's choice"));
    fill(minTable, t("one less"));
    replace(optionsBox, current().options.filter((option) => option.name !== "players").map(optionControl));
  };
  game.addEventListener("change", sizes);
  sizes();
  const form = h(
    "form",
    { class: "create-tournament" },
    field("tournament-name", t("Name"), name),
    field("tournament-game", t("Game"), game),
    field("tournament-rounds", t("Rounds"), rounds),
    field("tournament-minutes", t("Round time (minutes)"), minutes),
    field("tournament-move-seconds", t("Seconds per move online"), moveSeconds),
    field("tournament-table-size", t("Players at a full table"), tableSize),
    field("tournament-min-table", t("Smallest table before byes"), minTable),
    field("tournament-points", t("Points per place (full table)"), points),
    h("div", { class: "option tie-breaks" }, h("label", { for: "tournament-tiebreak-1" }, t("Tie-breaks in order")), tieBreaks, h("small", { class: "hint" }, t("The lot comes last."))),
    h("div", { class: "option" }, h("label", { for: "tournament-rated" }, t("Rated")), rated),
    optionsBox,
    field("tournament-seed", t("Published seed"), seed),
    h("button", { type: "submit" }, t("Create the tournament")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { name: name.value.trim(), game: game.value, rounds: Number(rounds.value), rated: rated.checked };
    body.round_minutes = minutes.value.trim() ? Number(minutes.value) : null;
    body.move_seconds = moveSeconds.value.trim() ? Number(moveSeconds.value) : null;
    body.table_size = Number(tableSize.value);
    body.min_table = Number(minTable.value);
    if (points.value.trim()) body.points = parsePoints(points.value);
    body.tiebreaks = tieBreaks.map((select) => select.value).filter(Boolean);
    const options = {};
    for (const option of current().options.filter((o) => o.name !== "players")) {
      const value = optionValue(option, form);
      if (value !== undefined && JSON.stringify(value) !== JSON.stringify(option.default)) options[option.name] = value;
    }
    body.options = options;
    if (seed.value.trim()) body.seed = seed.value.trim();
    try {
      const created = await post("/api/tournaments", body);
      location.hash = `#/tournament/${created.id}`;
    } catch (error) {
      notify(error.message);
    }
  });
  return form;
}

// "3, 2, 1, 0", "3 2 1 0", "3,2,1,0" or, with decimal commas, "3; 2; 1,5; 0".
function parsePoints(text) {
  const trimmed = text.trim();
  let parts;
  if (trimmed.includes(";")) parts = trimmed.split(";");
  else if (/\s/.test(trimmed)) parts = trimmed.split(/,?\s+/);
  else parts = trimmed.split(",");
  return parts.map((part) => part.trim()).filter(Boolean).map((part) => Number(part.replace(",", ".")));
}
