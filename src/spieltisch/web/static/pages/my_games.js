// "My running games" above the lobby's lists: the games a person plays, to go back to
// (a game against computers waits paused while its person is away; GET /api/me/running).

import { get } from "../api.js";
import { h, replace } from "../dom.js";
import { t } from "../i18n.js";
import { seatName } from "./common.js";

export async function refreshMyGames(box, me) {
  if (!me) {
    replace(box);
    box.hidden = true;
    return;
  }
  let tables = [];
  try {
    ({ tables } = await get("/api/me/running"));
  } catch {
    return; // the lobby's own list says what is wrong
  }
  box.hidden = !tables.length;
  const items = tables.map((table) =>
    h(
      "li",
      { class: "my-game", "data-table": table.id },
      h("strong", {}, table.title),
      " ",
      h("span", { class: "my-game-players" }, table.seats.map(seatName).join(", ")),
      table.paused ? [" ", h("span", { class: "paused" }, t("paused until you come back"))] : null,
      " ",
      h("a", { class: "button", href: `#/table/${table.id}` }, t("Go back to the game")),
    ),
  );
  replace(box, h("h2", { id: "my-games-title" }, t("My running games")), h("ul", { class: "my-games" }, items));
}
