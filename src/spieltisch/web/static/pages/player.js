// A player's page: name, games with places, links to records and replays, the ratings
// per game with their history; for one's own
// guest account, a form to keep it with a user name and password.

import { currentAccount, get, post } from "../api.js";
import { h, replace } from "../dom.js";
import { formatMoment, formatNumber, onLanguage, t } from "../i18n.js";
import { accountChanged, notify } from "../notice.js";
import { openReplay, ratedBadge, seatLabelOf, statusName } from "./common.js";
import { ratingSection } from "./rating_history.js";
import { vacationSection } from "./turns.js";

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
    // Each game names the game and its seats as the table does; no ids on the page.
    const rows = page.games.map((game) =>
      h(
        "tr",
        { "data-table": game.table },
        h("td", {}, h("a", { href: `#/table/${game.table}` }, game.title || game.game), " ", ratedBadge(game)),
        h("td", { class: "when" }, game.finished_at ? formatMoment(game.finished_at) : statusName(game.status)),
        h("td", { class: "num" }, game.place === null ? "–" : formatNumber(game.place)),
        h("td", {}, game.seats.length ? h("ul", { class: "seat-names" }, game.seats.map((seat) => h("li", {}, seatLabelOf(seat)))) : game.players.join(", ")),
        h(
          "td",
          {},
          game.record ? h("a", { href: game.record, download: `${game.game}.json` }, t("Record")) : "",
          " ",
          game.record ? h("button", { type: "button", onclick: () => openReplay(game.table).catch((error) => notify(error.message)) }, t("Replay")) : "",
        ),
      ),
    );
    // The record per game: games finished and won (the ratings below add their history).
    const record = page.record.length
      ? h(
          "table",
          { class: "games record" },
          h("thead", {}, h("tr", {}, [t("Game"), t("Games"), t("Wins")].map((label) => h("th", {}, label)))),
          h("tbody", {}, page.record.map((row) => h("tr", { "data-game": row.game }, h("td", {}, row.title), h("td", { class: "num" }, formatNumber(row.games)), h("td", { class: "num" }, formatNumber(row.wins))))),
        )
      : null;
    const parts = [
      h("h1", {}, account.name),
      account.claimed ? h("p", {}, t("User name: {name}", { name: account.username })) : h("p", {}, t("Guest account")),
      record ? h("h2", {}, t("Record per game")) : null,
      record,
      ratings,
      h("h2", {}, t("Games")),
      rows.length
        ? h("table", { class: "games" }, h("thead", {}, h("tr", {}, [t("Game"), t("When"), t("Place"), t("Players"), ""].map((label) => h("th", {}, label)))), h("tbody", {}, rows))
        : h("p", {}, t("No games yet.")),
    ];
    if (me && me.id === account.id) parts.push(await vacationSection());
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
