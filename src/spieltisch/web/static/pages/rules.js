// The rules page: each game's own rules summary (the project's words) in the page language.

import { get } from "../api.js";
import { h, replace } from "../dom.js";
import { language, onLanguage, t } from "../i18n.js";

export async function show(main, [game]) {
  async function render() {
    const games = await get(`/api/forms?lang=${language()}`);
    const menu = h("ul", { class: "game-menu" }, games.map((g) => h("li", {}, h("a", { href: `#/rules/${g.name}`, "aria-current": g.name === game ? "page" : null }, g.title))));
    if (!game) {
      replace(main, h("h1", {}, t("Rules")), menu);
      return;
    }
    const rules = await get(`/api/games/${game}/rules/${language()}`);
    const article = h("article", { class: "rules" });
    // The summary is the project's own text from the game's rules/ folder, rendered
    // on the server without raw HTML; nothing in it was typed by a user.
    article.innerHTML = rules.html;
    replace(main, menu, article);
  }
  await render();
  return onLanguage(render);
}
