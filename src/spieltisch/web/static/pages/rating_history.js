// A player's ratings per game: the current rating, the nearest AI level, the curve of
// every rated game and each change, with links to the table or tournament it came from.

import { get } from "../api.js";
import { h } from "../dom.js";
import { formatMoment, formatSigned, labelled, t } from "../i18n.js";
import { aboutLevel, formatRating } from "./ratings.js";

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 80;

export function signed(value) {
  return formatSigned(value, 1);
}

// The rating after each game as a small line (no numbers on it: the table below has them).
function curve(changes) {
  const values = [changes[0].before, ...changes.map((c) => c.after)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const points = values.map((value, i) => `${((i / Math.max(1, values.length - 1)) * (WIDTH - 8) + 4).toFixed(1)},${(HEIGHT - 4 - ((value - low) / span) * (HEIGHT - 8)).toFixed(1)}`);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  svg.setAttribute("class", "rating-curve");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("Rating after each game"));
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", points.join(" "));
  svg.append(line);
  return svg;
}

function source(change) {
  if (change.tournament) return h("a", { href: `#/tournament/${change.tournament}` }, t("tournament"));
  if (change.table) return h("a", { href: `#/table/${change.table}` }, t("table"));
  return "";
}

export async function ratingSection(accountId) {
  const { games } = await get(`/api/players/${accountId}/ratings`);
  if (!games.length) return null;
  return h(
    "section",
    { class: "ratings", "aria-labelledby": "ratings-title" },
    h("h2", { id: "ratings-title" }, t("Ratings")),
    games.map((game) =>
      h(
        "div",
        { class: "rating-game", "data-game": game.game },
        h("h3", {}, h("a", { href: `#/ratings/${game.game}` }, game.title), labelled(""), formatRating(game.rating), " ", h("span", { class: "about" }, aboutLevel(game.about))),
        curve(game.changes),
        h(
          "table",
          { class: "games rating-changes" },
          h("thead", {}, h("tr", {}, [t("When"), t("Place"), t("Change"), t("Rating"), ""].map((label) => h("th", {}, label)))),
          h(
            "tbody",
            {},
            game.changes
              .slice()
              .reverse()
              .map((change) => h("tr", {}, h("td", {}, formatMoment(change.at)), h("td", { class: "num" }, String(change.place)), h("td", { class: `num ${change.delta >= 0 ? "up" : "down"}` }, signed(change.delta)), h("td", { class: "num" }, formatRating(change.after)), h("td", {}, source(change)))),
          ),
        ),
      ),
    ),
  );
}
