// The client: a router over the pages, the language switch, the top navigation.
// Every page module exports `show(main, parameters)` and may return a clean-up function.

import { currentAccount, whoAmI } from "./api.js";
import { h, replace } from "./dom.js";
import { language, onLanguage, preferredLanguage, t, useLanguage } from "./i18n.js";
import { watchFitting } from "./fitting.js";
import { clearNotice, notify } from "./notice.js";
import * as accessibility from "./pages/accessibility.js";
import * as club from "./pages/club.js";
import * as clubs from "./pages/clubs.js";
import * as learn from "./pages/learn.js";
import * as lobby from "./pages/lobby.js";
import * as notifications from "./pages/notifications.js";
import * as player from "./pages/player.js";
import * as ratings from "./pages/ratings.js";
import * as replay from "./pages/replay.js";
import * as rules from "./pages/rules.js";
import * as season from "./pages/season.js";
import * as signin from "./pages/signin.js";
import * as table from "./pages/table.js";
import * as tournament from "./pages/tournament.js";
import * as tournaments from "./pages/tournaments.js";
import * as turns from "./pages/turns.js";
import { watchScrolling } from "./scrolling.js";

const ROUTES = [
  [/^#?\/?$/, lobby],
  [/^#\/table\/([\w-]+)$/, table],
  [/^#\/replay(?:\/([\w-]+))?$/, replay],
  [/^#\/rules(?:\/([\w-]+))?$/, rules],
  [/^#\/learn\/([\w-]+)$/, learn],
  [/^#\/player(?:\/(\d+))?$/, player],
  [/^#\/signin$/, signin],
  [/^#\/tournaments$/, tournaments],
  [/^#\/tournament\/([\w-]+)$/, tournament],
  [/^#\/ratings(?:\/([\w-]+))?$/, ratings],
  [/^#\/clubs$/, clubs],
  [/^#\/club\/([\w-]+)$/, club],
  [/^#\/season\/([\w-]+)$/, season],
  [/^#\/notifications$/, notifications],
  [/^#\/email\/([\w.-]+)$/, { show: notifications.confirm }],
  [/^#\/unsubscribe\/([\w.-]+)$/, { show: notifications.unsubscribe }],
  [/^#\/reset\/([\w.-]+)$/, { show: notifications.reset }],
  [/^#\/my-games$/, turns],
  [/^#\/accessibility$/, accessibility],
];

let cleanUp = null;
window.spieltisch = {};

function renderNav() {
  const me = currentAccount();
  const links = [
    h("a", { href: "#/" }, t("Lobby")),
    h("a", { href: "#/replay" }, t("Replays")),
    h("a", { href: "#/rules" }, t("Rules")),
    h("a", { href: "#/tournaments" }, t("Tournaments")),
    h("a", { href: "#/clubs" }, t("Clubs")),
    h("a", { href: "#/ratings" }, t("Leaderboard")),
  ];
  if (me) links.push(h("a", { href: "#/my-games" }, t("My games")), h("a", { href: `#/player/${me.id}`, class: "me" }, me.name));
  else links.push(h("a", { href: "#/signin" }, t("Sign in")));
  replace(document.getElementById("nav"), links);
  document.getElementById("language-label").textContent = t("Language");
  replace(document.getElementById("footer"), h("a", { href: "#/accessibility", hreflang: language() === "en" ? null : "en" }, t("Accessibility")));
}

// One page at a time: a page still loading when the address changes finishes first and
// is then cleaned up, so it cannot keep its timers (the lobby's list was found on a
// player's page by the accessibility sweep). Each page writes into a box of its own in
// <main> (`display: contents`: no box on screen): a page left behind that still renders
// (after a language switch, an answer come late) writes into its own box, no longer in
// the document, never over the next page (the lobby was found over a table in a whole run).
let routing = Promise.resolve();
function route() {
  routing = routing.then(showRoute, showRoute);
  return routing;
}

async function showRoute() {
  if (cleanUp) cleanUp();
  cleanUp = null;
  clearNotice();
  const main = h("div", { class: "page-view" });
  document.getElementById("page").replaceChildren(main);
  for (const [pattern, page] of ROUTES) {
    const match = location.hash.match(pattern);
    if (match) {
      try {
        cleanUp = (await page.show(main, match.slice(1))) || null;
      } catch (error) {
        notify(error.message);
      }
      renderNav();
      return;
    }
  }
  replace(main, h("h1", {}, t("Page not found")), h("a", { href: "#/" }, t("Back to the lobby")));
}

async function start() {
  await useLanguage(preferredLanguage());
  const select = document.getElementById("language");
  select.value = language();
  select.addEventListener("change", () => useLanguage(select.value, { remember: true }));
  onLanguage(() => {
    select.value = language();
    renderNav();
  });
  await whoAmI();
  window.addEventListener("spieltisch:account", renderNav);
  window.addEventListener("hashchange", route);
  watchScrolling(document.getElementById("page"));
  watchFitting(document.getElementById("page"));
  await route();
}

start();
