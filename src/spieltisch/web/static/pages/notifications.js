// Notifications: the account's email address (verified by an emailed link), what it is
// told of on which channel (email, this browser, a webhook), a digest; and the pages the
// emails' links open: confirm the address, unsubscribe in one click, a new password.

import { api, currentAccount, get, post, whoAmI } from "../api.js";
import { h, replace } from "../dom.js";
import { onLanguage, t } from "../i18n.js";
import { accountChanged, notify } from "../notice.js";
import { forgetChoices } from "./browser_notify.js";
import { pushSection, pushState } from "./web_push.js";

// What a person may be told of, and where (the server's notify_texts.KINDS, CHANNELS).
const KINDS = [
  ["turn", () => t("My turn")],
  ["reminder", () => t("A reminder before my time runs out")],
  ["finished", () => t("A game is over")],
  ["invitation", () => t("An invitation to a table")],
  ["chat", () => t("A chat message")],
];
const CHANNELS = [
  ["email", () => t("Email")],
  ["browser", () => t("This browser")],
  ["webhook", () => t("Webhook")],
];

export async function show(main) {
  if (!currentAccount()) {
    location.hash = "#/signin";
    return null;
  }
  let secret = null;
  async function render() {
    const mine = await get("/api/me/notifications");
    const push = await pushState();
    replace(main, h("h1", {}, t("Notifications")), emailSection(mine, render), choicesForm(mine, render), browserSection(), pushSection(push, render), webhookSection(mine, secret, (shown) => {
      secret = shown;
      render();
    }));
  }
  await render();
  return onLanguage(render);
}

function emailSection(mine, render) {
  const input = h("input", { id: "email", type: "email", autocomplete: "email", required: true, maxlength: 254, value: mine.email_pending || "" });
  const form = h(
    "form",
    { class: "email" },
    h("div", { class: "option" }, h("label", { for: "email" }, mine.email ? t("New address") : t("Email address")), input),
    h("button", { type: "submit" }, t("Send the confirmation link")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await api("PUT", "/api/me/email", { email: input.value.trim() });
      notify(t("A link to confirm the address is on its way: open it from the email."), "info");
      render();
    } catch (error) {
      notify(error.message);
    }
  });
  const remove = h("button", { type: "button", onclick: async () => {
    await api("DELETE", "/api/me/email");
    render();
  } }, t("Remove the address"));
  return h(
    "section",
    { class: "notify-email", "aria-labelledby": "email-title" },
    h("h2", { id: "email-title" }, t("Email")),
    mine.email_possible ? null : h("p", {}, t("This server sends no email.")),
    mine.email ? h("p", {}, t("Your confirmed address: {email}", { email: mine.email }), " ", remove) : h("p", {}, t("No confirmed address.")),
    mine.email_pending ? h("p", {}, t("Waiting for the link sent to {email} to be opened.", { email: mine.email_pending })) : null,
    h("p", { class: "hint" }, t("Only you see your address; the other players never do.")),
    mine.email_possible ? form : null,
  );
}

function choicesForm(mine, render) {
  const boxes = [];
  const rows = KINDS.map(([kind, label]) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, label()),
      CHANNELS.map(([channel, channelLabel]) => {
        const box = h("input", { type: "checkbox", "data-kind": kind, "data-channel": channel, checked: (mine.choices[kind] || []).includes(channel), "aria-label": `${label()} · ${channelLabel()}` });
        boxes.push(box);
        return h("td", {}, h("label", { class: "cell" }, box));
      }),
    ),
  );
  const digest = h("input", { type: "checkbox", id: "digest", checked: mine.digest });
  const form = h(
    "form",
    { class: "notify-choices" },
    h("h2", {}, t("What you are told of")),
    h("table", { class: "choices" }, h("thead", {}, h("tr", {}, h("th", {}, ""), CHANNELS.map(([, label]) => h("th", { scope: "col" }, label())))), h("tbody", {}, rows)),
    h("label", { class: "check" }, digest, t("Gather the emails into one a day")),
    h("button", { type: "submit" }, t("Save")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const choices = Object.fromEntries(KINDS.map(([kind]) => [kind, boxes.filter((box) => box.dataset.kind === kind && box.checked).map((box) => box.dataset.channel)]));
    try {
      await api("PUT", "/api/me/notifications", { choices, digest: digest.checked, language: document.documentElement.lang });
      forgetChoices();
      notify(t("Saved."), "info");
      render();
    } catch (error) {
      notify(error.message);
    }
  });
  return form;
}

function browserSection() {
  const supported = "Notification" in window;
  const state = supported ? Notification.permission : "unsupported";
  const allow = h("button", { type: "button", onclick: async () => {
    await Notification.requestPermission();
    location.reload();
  } }, t("Allow notifications in this browser"));
  return h(
    "section",
    { class: "notify-browser" },
    h("h2", {}, t("This browser")),
    h("p", { class: "hint" }, t("While a table is open in a tab you are not looking at, this browser tells you what you chose above.")),
    state === "granted" ? h("p", {}, t("This browser may show notifications.")) : null,
    state === "denied" ? h("p", {}, t("This browser refuses notifications: allow them in its site settings.")) : null,
    state === "default" ? allow : null,
    state === "unsupported" ? h("p", {}, t("This browser cannot show notifications.")) : null,
  );
}

function webhookSection(mine, secret, shown) {
  const input = h("input", { id: "webhook", type: "url", required: true, maxlength: 500, value: mine.webhook_url || "", placeholder: "https://" });
  const form = h(
    "form",
    { class: "webhook" },
    h("div", { class: "option" }, h("label", { for: "webhook" }, t("Webhook address")), input),
    h("button", { type: "submit" }, mine.webhook_url ? t("Save with a new secret") : t("Save")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const answer = await api("PUT", "/api/me/webhook", { url: input.value.trim() });
      shown(answer.secret);
    } catch (error) {
      notify(error.message);
    }
  });
  const remove = mine.webhook_url ? h("button", { type: "button", onclick: async () => {
    await api("DELETE", "/api/me/webhook");
    shown(null);
  } }, t("Remove the webhook")) : null;
  return h(
    "section",
    { class: "notify-webhook" },
    h("h2", {}, t("Webhook")),
    h("p", { class: "hint" }, t("For bots and chat programs: each notification is posted there, signed with a secret.")),
    form,
    remove,
    secret ? h("p", { class: "secret" }, t("The secret (shown this once): {secret}", { secret })) : null,
  );
}

// #/email/TOKEN: the link of the confirmation email.
export async function confirm(main, [token]) {
  try {
    const mine = await post("/api/email/verify", { token });
    replace(main, h("h1", {}, t("Address confirmed")), h("p", {}, t("Your confirmed address: {email}", { email: mine.email })), h("a", { href: "#/notifications" }, t("Notifications")));
  } catch (error) {
    replace(main, h("h1", {}, t("Address not confirmed")), h("p", {}, error.message));
  }
}

// #/unsubscribe/TOKEN: one click from any email, without signing in.
export async function unsubscribe(main, [token]) {
  try {
    await post(`/api/unsubscribe/${token}`);
    replace(main, h("h1", {}, t("Unsubscribed")), h("p", {}, t("No more emails go to this address.")));
  } catch (error) {
    replace(main, h("h1", {}, t("Not unsubscribed")), h("p", {}, error.message));
  }
}

// #/reset/TOKEN: a new password by the emailed link.
export async function reset(main, [token]) {
  const password = h("input", { id: "new-password", type: "password", autocomplete: "new-password", required: true, minlength: 8 });
  const form = h(
    "form",
    { class: "reset" },
    h("div", { class: "option" }, h("label", { for: "new-password" }, t("New password")), password),
    h("button", { type: "submit" }, t("Save the new password")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post("/api/password/reset", { token, password: password.value });
      await whoAmI(); // signed in by the answer's cookie
      accountChanged();
      location.hash = "#/";
    } catch (error) {
      notify(error.message);
    }
  });
  replace(main, h("h1", {}, t("A new password")), form);
}
