// The tournaments: every tournament with its progress, and a form to create one (the
// creator directs it).

import { currentAccount, get, post } from "../api.js";
import { h, replace } from "../dom.js";
import { formatNumber, language, onLanguage, t, tn } from "../i18n.js";
import { notify } from "../notice.js";
import { guestForm } from "./common.js";

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

function createForm(games, chosen) {
  const name = h("input", { id: "tournament-name", required: true, maxlength: 120 });
  const game = h("select", { id: "tournament-game" }, games.map((g) => h("option", { value: g.name, selected: g.name === chosen }, g.title)));
  const rounds = h("input", { id: "tournament-rounds", type: "number", min: 1, max: 40, value: 6 });
  const minutes = h("input", { id: "tournament-minutes", type: "number", min: 0.05, step: "any", value: 60 });
  const seed = h("input", { id: "tournament-seed", maxlength: 200, placeholder: t("drawn now") });
  const form = h(
    "form",
    { class: "create-tournament" },
    field("tournament-name", t("Name"), name),
    field("tournament-game", t("Game"), game),
    field("tournament-rounds", t("Rounds"), rounds),
    field("tournament-minutes", t("Round time (minutes)"), minutes),
    field("tournament-seed", t("Published seed"), seed),
    h("button", { type: "submit" }, t("Create the tournament")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { name: name.value.trim(), game: game.value, rounds: Number(rounds.value), round_minutes: Number(minutes.value) };
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
