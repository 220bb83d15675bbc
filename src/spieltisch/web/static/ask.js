// Questions before an act that cannot be taken back (give up, abort, claim a seat, undo a
// round): one dialog in the page instead of the browser's confirm() and prompt(), whose
// words, focus and size the page cannot set and axe cannot check (issue 45).
//
// A modal <dialog> labelled by its question: the keyboard's focus moves into it (on the
// answer that changes nothing, or on the reason's box) and back to where it was when it
// closes; Escape answers "no"; the buttons are the page's 44 px buttons; the words come
// from the page's catalogs.

import { h } from "./dom.js";
import { t } from "./i18n.js";

let asked = 0;

// ask(question, yes, no): true when the person chose `yes` (the act's own name:
// "Resign"), false when they chose `no` (Cancel unless named: "Keep playing") or pressed
// Escape.
export function ask(question, yes, no = null) {
  return open(question, yes, no, null).then((answer) => answer !== null);
}

// askWhy(question, yes, required): the reason typed (trimmed), or null when they
// cancelled; `required`: the act is not done without one.
export function askWhy(question, yes, required = false) {
  return open(question, yes, null, { required });
}

function open(question, yes, noWords, why) {
  asked += 1;
  const id = `ask-${asked}`;
  const before = document.activeElement;
  const reason = why ? h("input", { type: "text", id: `${id}-reason`, class: "reason", required: why.required, autocomplete: "off", maxlength: 500 }) : null;
  const no = h("button", { type: "button", class: "no" }, noWords || t("Cancel"));
  const form = h(
    "form",
    { method: "dialog" },
    h("p", { id: `${id}-question`, class: "question" }, question),
    reason ? h("p", { class: "option" }, h("label", { for: reason.id }, t("Reason (kept)")), reason) : null,
    h("div", { class: "answers" }, no, h("button", { type: "submit", class: "yes" }, yes)),
  );
  const dialog = h("dialog", { class: "ask", role: why ? "dialog" : "alertdialog", "aria-labelledby": `${id}-question`, "aria-modal": "true" }, form);
  return new Promise((resolve) => {
    let answer = null;
    const close = () => dialog.close();
    no.addEventListener("click", close);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      if (reason && why.required && !reason.value.trim()) {
        reason.setAttribute("aria-invalid", "true");
        reason.focus();
        return;
      }
      answer = reason ? reason.value.trim() : "";
      close();
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      back(before);
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    (reason || no).focus();
  });
}

// Focus goes back where it was; to the same button drawn again if the page re-rendered
// meanwhile (a table's status is drawn anew at every event).
function back(before) {
  if (!before || before === document.body || typeof before.focus !== "function") return;
  if (before.isConnected) {
    before.focus();
    return;
  }
  const again = before.classList && before.classList.length ? document.querySelector(`${before.tagName}.${CSS.escape(before.classList[0])}`) : null;
  if (again) again.focus();
}
