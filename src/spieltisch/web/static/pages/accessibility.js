// The accessibility statement (docs/accessibility.md, GET /api/accessibility): what a
// screen reader and a keyboard can do at the table, how it is checked, what does not
// work yet. Every page's footer links to it, and the table's settings beside the
// announcer's. Written in English only so far: marked as English (`lang`), so that a
// screen reader reads it with an English voice, and said so in the page's language.

import { get } from "../api.js";
import { h, replace } from "../dom.js";
import { language, onLanguage, t } from "../i18n.js";

export async function show(main) {
  const statement = await get("/api/accessibility");
  const article = h("article", { class: "rules statement", lang: statement.language });
  // The statement is the project's own text (docs/), rendered on the server without raw HTML.
  article.innerHTML = statement.html;
  function render() {
    const note = language() === statement.language ? null : h("p", { class: "statement-language" }, t("This statement is written in English only so far."));
    replace(main, note, article);
  }
  render();
  return onLanguage(render);
}
