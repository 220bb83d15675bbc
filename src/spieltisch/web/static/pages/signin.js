// Sign in with a kept account, or play at once as a guest.

import { currentAccount, post, signIn, signOut } from "../api.js";
import { h, replace } from "../dom.js";
import { onLanguage, t } from "../i18n.js";
import { accountChanged, notify } from "../notice.js";
import { guestForm } from "./common.js";

export async function show(main) {
  render(main);
  // Choosing another language redraws the page in it (what was typed is kept).
  return onLanguage(() => render(main));
}

function render(main) {
  const typed = main.querySelector("#signin-username");
  const me = currentAccount();
  const username = h("input", { name: "username", id: "signin-username", autocomplete: "username", required: true });
  const password = h("input", { name: "password", id: "signin-password", type: "password", autocomplete: "current-password", required: true });
  const form = h(
    "form",
    { class: "signin" },
    h("div", { class: "option" }, h("label", { for: "signin-username" }, t("User name")), username),
    h("div", { class: "option" }, h("label", { for: "signin-password" }, t("Password")), password),
    h("button", { type: "submit" }, t("Sign in")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await signIn(username.value.trim(), password.value);
      accountChanged();
      location.hash = "#/";
    } catch (error) {
      notify(error.message);
    }
  });
  const parts = [h("h1", {}, t("Sign in")), form];
  if (me) {
    parts.unshift(
      h("p", {}, t("You play as {name}.", { name: me.name }), " ",
        h("button", { type: "button", onclick: async () => { await signOut(); accountChanged(); location.hash = "#/"; } }, t("Sign out"))),
    );
  } else {
    parts.push(forgotForm(), h("h2", {}, t("New here?")), guestForm(() => (location.hash = "#/")));
  }
  if (typed) username.value = typed.value;
  replace(main, parts);
}

// A forgotten password: a link to choose a new one goes to the account's confirmed address.
function forgotForm() {
  const username = h("input", { id: "forgot-username", autocomplete: "username", required: true, minlength: 3, maxlength: 40 });
  const form = h(
    "form",
    { class: "forgot" },
    h("div", { class: "option" }, h("label", { for: "forgot-username" }, t("User name")), username),
    h("button", { type: "submit" }, t("Email me a link")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post("/api/password/forgot", { username: username.value.trim() });
      notify(t("If this account has a confirmed email address, a link to choose a new password is on its way."), "info");
    } catch (error) {
      notify(error.message);
    }
  });
  return h("details", { class: "forgot-password" }, h("summary", {}, t("Forgot your password?")), form);
}
