// Browser notifications (the Notification API): while a table is open in a tab the
// person is not looking at, say that it is their turn, that the game is over, or a chat
// line, as they chose on the notifications page (the "browser" channel).

import { currentAccount, get } from "../api.js";
import { labelled, t } from "../i18n.js";

let choices = null;

export function forgetChoices() {
  choices = null;
}

async function wants(kind) {
  if (!("Notification" in window) || Notification.permission !== "granted" || !currentAccount()) return false;
  if (choices === null) {
    try {
      choices = (await get("/api/me/notifications")).choices;
    } catch {
      choices = {};
    }
  }
  return (choices[kind] || []).includes("browser");
}

export async function tell(kind, title, text, tag) {
  if (!document.hidden || !(await wants(kind))) return;
  try {
    const shown = new Notification(title, { body: text, tag });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // Some browsers (Chrome on Android) show notifications only from a service worker.
  }
}

export function turn(tableTitle, tableId) {
  return tell("turn", t("Your turn"), tableTitle, `turn-${tableId}`);
}

export function finished(tableTitle, tableId) {
  return tell("finished", t("The game is over"), tableTitle, `finished-${tableId}`);
}

export function chat(tableTitle, author, text, tableId) {
  return tell("chat", tableTitle, labelled(author, text), `chat-${tableId}`);
}
