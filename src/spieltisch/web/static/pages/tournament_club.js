// The parts of a tournament's page that a club adds: the hall screen's links and the
// director's choice of what it shows, the settings fixed at creation, and the members of
// the director's clubs to register.

import { get, post } from "../api.js";
import { h, replace } from "../dom.js";
import { formatNumber, t } from "../i18n.js";
import { notify } from "../notice.js";

function formatPoints(value) {
  return formatNumber(Math.round(value * 100) / 100);
}

// The hall screen for the projector: it shows what the director chooses here (every
// part in turn, or one), or, opened by one of the other links, only that part.
export function hallLinks(page) {
  const views = [
    ["rotate", t("all in turn")],
    ["seating", t("seating")],
    ["where", t("where do I sit")],
    ["standings", t("standings")],
    ["timer", t("timer")],
  ];
  const links = h(
    "p",
    { class: "actions hall-links" },
    h("a", { href: page.print("hall.html"), target: "_blank", class: "button hall-screen" }, t("Hall screen")),
    views.slice(1).map(([view, label]) => h("a", { href: page.print("hall.html") + `&view=${view}`, target: "_blank", class: "hall-view" }, label)),
    h("small", { class: "hint" }, t("PDF: open a printout and print it to a PDF file.")),
  );
  if (!page.data.can_direct) return links;
  const view = h("select", { id: "hall-view", "aria-label": t("The hall screen shows") }, views.map(([value, label]) => h("option", { value }, label)));
  const seconds = h("input", { id: "hall-seconds", type: "number", min: 5, max: 600, value: 20, size: 4, "aria-label": t("Seconds per part") });
  const form = h("form", { class: "hall-choice option" }, h("label", { for: "hall-view" }, t("The hall screen shows")), view, seconds, h("span", {}, t("seconds per part")), h("button", { type: "submit" }, t("Show")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await post(`/api/tournaments/${page.id}/hall`, { view: view.value, seconds: Number(seconds.value) });
      notify(t("The hall screen follows within seconds."), "info");
    } catch (error) {
      notify(error.message);
    }
  });
  return [links, form];
}

// The members of the clubs this director keeps, not yet registered here (by name).
export async function fillMembers(select, players) {
  try {
    const { clubs } = await get("/api/clubs");
    const here = new Set(players.map((p) => p.name));
    const options = [];
    for (const club of clubs.filter((one) => one.can_manage)) {
      const found = await get(`/api/clubs/${club.id}`);
      for (const one of found.members.filter((m) => !m.forgotten && !here.has(m.name))) {
        options.push(h("option", { value: `${club.id}/${one.number}` }, `${one.name}${one.club_number ? ` (${one.club_number})` : ""} · ${club.name}`));
      }
    }
    replace(select, options.length ? options : h("option", { value: "" }, t("no member left to register")));
  } catch (error) {
    notify(error.message);
  }
}

// The settings fixed at creation and published with the seed.
export function settingsBox(data) {
  const settings = data.settings;
  const options = Object.entries(settings.options || {});
  const rows = [
    [t("Players at a full table"), String(settings.table_size)],
    [t("Smallest table before byes"), String(settings.min_table)],
    [t("Points per place (full table)"), settings.points.map((p) => formatPoints(p)).join(" – ")],
    [t("Round time (minutes)"), settings.round_minutes === null ? t("no round time") : formatPoints(settings.round_minutes)],
    [t("Seconds per move online"), settings.move_seconds === null ? t("no limit") : String(settings.move_seconds)],
    [t("Rated"), settings.rated ? t("yes") : t("no")],
    [t("Tie-breaks in order"), data.tiebreak_legend],
    ...options.map(([key, value]) => [key, JSON.stringify(value)]),
  ];
  return h(
    "section",
    { class: "settings", "aria-labelledby": "settings-title" },
    h("h2", { id: "settings-title" }, t("Settings")),
    h("table", { class: "games" }, h("tbody", {}, rows.map(([label, value]) => h("tr", {}, h("th", {}, label), h("td", {}, value))))),
  );
}
