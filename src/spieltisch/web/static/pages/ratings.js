// The leaderboard of a game: every rated player by rating, each with the AI level
// nearest to them, and the AI levels' own ratings (from games among themselves).

import { get } from "../api.js";
import { h, replace } from "../dom.js";
import { formatNumber, language, onLanguage, t } from "../i18n.js";
import { levelName } from "./common.js";

export function formatRating(value) {
  return formatNumber(value, 1);
}

export function aboutLevel(level) {
  return level ? t("about the {level} level", { level: levelName(level) }) : "";
}

export async function show(main, [game]) {
  async function render() {
    const [games, rated] = await Promise.all([get(`/api/forms?lang=${language()}`), get("/api/ratings")]);
    const chosen = game || (rated.games.length ? rated.games[0].game : rated.default_game);
    const menu = h("ul", { class: "game-menu" }, games.map((g) => h("li", {}, h("a", { href: `#/ratings/${g.name}`, "aria-current": g.name === chosen ? "page" : null }, g.title))));
    const board = await get(`/api/ratings/${chosen}`);
    const rows = board.players.map((row) =>
      h(
        "tr",
        { "data-player": row.player },
        h("td", { class: "num" }, String(row.rank)),
        h("td", {}, row.account !== null ? h("a", { href: `#/player/${row.account}` }, row.name) : row.name, row.computer ? h("span", { class: "computer" }, " — ", t("computer ({level})", { level: levelName(row.computer) })) : null),
        h("td", { class: "num" }, formatRating(row.rating)),
        h("td", { class: "num" }, String(row.games)),
        h("td", { class: "about" }, aboutLevel(row.about)),
      ),
    );
    const levels = board.levels.map((row) => h("tr", {}, h("td", {}, levelName(row.level)), h("td", { class: "num" }, formatRating(row.rating)), h("td", { class: "num" }, formatRating(row.mu))));
    replace(
      main,
      h("h1", {}, t("Leaderboard: {game}", { game: board.title })),
      menu,
      rows.length
        ? h("table", { class: "games leaderboard" }, h("thead", {}, h("tr", {}, [t("Rank"), t("Player"), t("Rating"), t("Games"), ""].map((label) => h("th", {}, label)))), h("tbody", {}, rows))
        : h("p", {}, t("No rated games yet.")),
      h("p", { class: "hint" }, t("The rating is a cautious estimate of strength: it starts at 0 and rises as the games show more surely how well someone plays.")),
      levels.length
        ? h(
            "section",
            { class: "levels", "aria-labelledby": "levels-title" },
            h("h2", { id: "levels-title" }, t("The computer levels, rated from games among themselves")),
            h("table", { class: "games" }, h("thead", {}, h("tr", {}, [t("Level"), t("Rating"), t("Estimated strength")].map((label) => h("th", {}, label)))), h("tbody", {}, levels)),
          )
        : null,
    );
  }
  await render();
  return onLanguage(render);
}
