// The rules page: each game's own rules summary (the project's words) in the page language.
// Its headings carry anchors (`rule-5`) that a refused move's explanation links to.

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
    replace(main, menu, await rulesArticle(game));
  }
  await render();
  return onLanguage(render);
}

// A game's rules in the page language, with the rule books' examples drawn; the rules
// page shows it, and the table beside its board.
export async function rulesArticle(game) {
  const rules = await get(`/api/games/${game}/rules/${language()}`);
  const article = h("article", { class: "rules" });
  // The summary is the project's own text from the game's rules/ folder, rendered
  // on the server without raw HTML; nothing in it was typed by a user.
  article.innerHTML = rules.html;
  return article;
}
