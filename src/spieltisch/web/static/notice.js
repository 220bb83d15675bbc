// One line at the top of the page for refusals and errors, read out by screen readers.

import { h, replace } from "./dom.js";
import { language, t } from "./i18n.js";

// A notice is a sentence: it starts with a capital whatever the server's text starts with.
function sentence(text) {
  const shown = String(text);
  return shown.charAt(0).toLocaleUpperCase(language()) + shown.slice(1);
}

// notify(what a person should know, kind, technical detail shown only on request, an
// element to act on it: the rule a refused move broke).
export function notify(message, kind = "error", detail = "", action = null) {
  const notice = document.getElementById("notice");
  notice.className = `notice ${kind}`;
  const close = h("button", { type: "button", class: "close", "aria-label": t("Close"), onclick: () => (notice.hidden = true) }, "×");
  const more = detail ? h("details", { class: "detail" }, h("summary", {}, t("Details")), String(detail)) : null;
  replace(notice, h("span", { class: "text" }, sentence(message)), action, more, close);
  notice.hidden = false;
}

export function clearNotice() {
  document.getElementById("notice").hidden = true;
}

// Pages say so when the account changed (guest name chosen, signed in or out).
export function accountChanged() {
  window.dispatchEvent(new Event("spieltisch:account"));
}
