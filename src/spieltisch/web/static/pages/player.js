// A player's page: name, games with places, links to records and replays, the ratings
// per game with their history; for one's own
// guest account, a form to keep it with a user name and password.

import { currentAccount, get, post } from "../api.js";
import { h, replace } from "../dom.js";
import { onLanguage, t } from "../i18n.js";
import { accountChanged, notify } from "../notice.js";
import { openReplay, seatName, statusName } from "./common.js";
import { ratingSection } from "./rating_history.js";

export async function show(main, [id]) {
  const me = currentAccount();
  const accountId = id || (me && me.id);
  if (!accountId) {
    location.hash = "#/signin";
    return null;
  }
  async function render() {
    const [page, ratings] = await Promise.all([get(`/api/players/${accountId}`), ratingSection(accountId)]);
    const account = page.account;
    const rows = page.games.map((game) =>
      h(
        "tr",
        {},
        h("td", {}, h("a", { href: `#/table/${game.table}` }, game.title || game.game)),
        h("td", {}, statusName(game.status)),
        h("td", {}, game.place === null ? "–" : String(game.place)),
        h("td", {}, (game.seats || []).map(seatName).join(", ")),
        h(
          "td",
          {},
          game.record ? h("a", { href: game.record, download: `${game.table}.json` }, t("Record")) : "",
          " ",
          game.record ? h("button", { type: "button", onclick: () => openReplay(game.table).catch((error) => notify(error.message)) }, t("Replay")) : "",
        ),
      ),
    );
    const parts = [
      h("h1", {}, account.name),
      account.claimed ? h("p", {}, t("User name: {name}", { name: account.username })) : h("p", {}, t("Guest account")),
      h("h2", {}, t("Games")),
      rows.length
        ? h("table", { class: "games" }, h("thead", {}, h("tr", {}, [t("Game"), t("Status"), t("Place"), t("Players"), ""].map((label) => h("th", {}, label)))), h("tbody", {}, rows))
        : h("p", {}, t("No games yet.")),
      ratings,
    ];
    if (me && me.id === account.id && !account.claimed) parts.push(claimForm(render));
    replace(main, parts);
  }
  await render();
  return onLanguage(render);
}

function claimForm(onDone) {
  const username = h("input", { id: "claim-username", autocomplete: "username", required: true, minlength: 3, maxlength: 40 });
  const password = h("input", { id: "claim-password", type: "password", autocomplete: "new-password", required: true, minlength: 8 });
  const form = h(
    "form",
    { class: "claim" },
    h("h2", {}, t("Keep this account")),
    h("p", {}, t("Choose a user name and a password to sign in from elsewhere.")),
    h("div", { class: "option" }, h("label", { for: "claim-username" }, t("User name")), username),
    h("div", { class: "option" }, h("label", { for: "claim-password" }, t("Password")), password),
    h("button", { type: "submit" }, t("Keep the account")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post("/api/session/claim", { username: username.value.trim(), password: password.value });
      accountChanged();
      onDone();
    } catch (error) {
      notify(error.message);
    }
  });
  return form;
}
