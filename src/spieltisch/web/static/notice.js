// One line at the top of the page for refusals and errors, read out by screen readers.

import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

export function notify(message, kind = "error") {
  const notice = document.getElementById("notice");
  notice.className = `notice ${kind}`;
  const close = h("button", { type: "button", class: "close", "aria-label": t("Close"), onclick: () => (notice.hidden = true) }, "×");
  replace(notice, h("span", { class: "text" }, message), close);
  notice.hidden = false;
}

export function clearNotice() {
  document.getElementById("notice").hidden = true;
}

// Pages say so when the account changed (guest name chosen, signed in or out).
export function accountChanged() {
  window.dispatchEvent(new Event("spieltisch:account"));
}
