// A season: the club's evenings (tournaments) ranked together by the method the club
// chose, the table with every evening's points, the exports; for the club's manager, the
// forms to add an evening and take one out.

import { get, post } from "../api.js";
import { ask } from "../ask.js";
import { h, replace } from "../dom.js";
import { formatNumber, labelled, language, onLanguage, t, tn } from "../i18n.js";
import { clearNotice, notify } from "../notice.js";

export async function show(main, [id]) {
  const page = new SeasonPage(main, id);
  await page.load();
  return onLanguage(() => page.load());
}

function points(value) {
  return value === null ? "" : formatNumber(Math.round(value * 100) / 100);
}

class SeasonPage {
  constructor(main, id) {
    this.main = main;
    this.id = id;
  }

  async load() {
    this.data = await get(`/api/seasons/${this.id}?lang=${language()}`);
    this.tournaments = this.data.can_manage ? (await get("/api/tournaments")).tournaments : [];
    this.render();
  }

  async act(step) {
    try {
      this.data = await step();
      clearNotice();
      this.render();
    } catch (error) {
      notify(error.message);
    }
  }

  file(kind) {
    return `/api/seasons/${this.id}/season.${kind}?lang=${language()}`;
  }

  render() {
    const data = this.data;
    replace(
      this.main,
      h("h1", { class: "season-name" }, data.name),
      h("p", { class: "tournament-meta" }, h("a", { href: `#/club/${data.club}` }, data.club_name), " · ", data.rule),
      h(
        "p",
        { class: "actions" },
        h("a", { class: "button", href: this.file("csv"), download: `${this.id}-season.csv` }, t("Season table (CSV)")),
        h("a", { class: "button", href: this.file("xlsx"), download: `${this.id}-season.xlsx` }, t("Season with every evening (Excel)")),
        h("a", { class: "button", href: this.file("ods"), download: `${this.id}-season.ods` }, t("Season with every evening (OpenDocument)")),
      ),
      this.table(),
      this.evenings(),
    );
  }

  table() {
    const data = this.data;
    const best = data.method === "best";
    const head = [t("Rank"), t("Player"), ...data.evenings.map((_e, index) => t("E{n}", { n: index + 1 })), t("Games"), t("Total"), best ? t("Best {n}", { n: data.best }) : t("Per game")];
    const rows = data.table.map((line) =>
      h(
        "tr",
        { class: line.rank === null ? "unranked" : "", "data-member": line.member ?? "" },
        h("td", { class: "num" }, line.rank === null ? "–" : String(line.rank)),
        h("td", {}, line.name),
        line.evenings.map((value, index) => h("td", { class: `num${best && value !== null && !line.counted.includes(index) ? " not-counted" : ""}` }, points(value))),
        h("td", { class: "num" }, String(line.games)),
        h("td", { class: "num" }, points(line.total)),
        h("td", { class: "num score" }, formatNumber(Math.round(line.score * 100) / 100)),
      ),
    );
    const legend = best ? t("Evenings in grey are not counted.") : t("Games needed for a rank: {n}.", { n: data.min_games });
    return h(
      "section",
      { class: "standings season-table", "aria-labelledby": "season-table-title" },
      h("h2", { id: "season-table-title" }, t("Season table")),
      h("table", { class: "games" }, h("thead", {}, h("tr", {}, head.map((label) => h("th", {}, label)))), h("tbody", {}, rows)),
      h("p", { class: "legend" }, legend),
    );
  }

  evenings() {
    const data = this.data;
    const items = data.evenings.map((evening, index) =>
      h(
        "li",
        { "data-evening": evening.tournament },
        labelled(t("E{n}", { n: index + 1 })),
        h("a", { href: `#/tournament/${evening.tournament}` }, evening.name),
        evening.finished ? "" : ` (${tn("{seated} of {count} round", "{seated} of {count} rounds", evening.rounds, { seated: formatNumber(evening.seated), count: formatNumber(evening.rounds) })})`,
        data.can_manage ? [" ", h("button", { type: "button", class: "remove-evening", onclick: () => this.remove(evening) }, t("Take out"))] : null,
      ),
    );
    return h(
      "section",
      { class: "evenings", "aria-labelledby": "evenings-title" },
      h("h2", { id: "evenings-title" }, t("Evenings")),
      items.length ? h("ol", {}, items) : h("p", {}, t("No evenings yet.")),
      data.can_manage ? this.addForm() : null,
    );
  }

  addForm() {
    const taken = new Set(this.data.evenings.map((evening) => evening.tournament));
    const free = this.tournaments.filter((item) => !taken.has(item.id));
    if (!free.length) return null;
    const choice = h("select", { id: "evening-choice" }, free.map((item) => h("option", { value: item.id }, item.name)));
    const form = h("form", { class: "add-evening option" }, h("label", { for: "evening-choice" }, t("Add an evening")), choice, h("button", { type: "submit" }, t("Add")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await this.act(() => post(`/api/seasons/${this.id}/evenings`, { tournament: choice.value }));
    });
    return form;
  }

  async remove(evening) {
    if (!(await ask(t("Take {name} out of the season? The tournament stays.", { name: evening.name }), t("Take out")))) return;
    this.act(() => post(`/api/seasons/${this.id}/evenings/${evening.tournament}/remove`));
  }
}
