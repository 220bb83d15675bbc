// One club: its seasons for everyone; for its manager the player registry (add a member,
// import a CSV file, export it, hand a member the code that links their account, remove
// a person's data on request) and the form for a new season.

import { get, post } from "../api.js";
import { ask } from "../ask.js";
import { h, replace } from "../dom.js";
import { labelled, language, onLanguage, t } from "../i18n.js";
import { clearNotice, notify } from "../notice.js";

export async function show(main, [id]) {
  const page = new ClubPage(main, id);
  await page.load();
  const stop = onLanguage(() => page.load());
  return () => {
    stop();
    main.classList.remove("club-page");
  };
}

class ClubPage {
  constructor(main, id) {
    this.main = main;
    this.id = id;
    this.codes = {};
  }

  async load() {
    this.data = await get(`/api/clubs/${this.id}`);
    this.render();
  }

  async act(step) {
    try {
      const answer = await step();
      clearNotice();
      this.data = answer && answer.members ? answer : answer && answer.club ? answer.club : await get(`/api/clubs/${this.id}`);
      this.render();
      return answer;
    } catch (error) {
      notify(error.message);
      return null;
    }
  }

  render() {
    const data = this.data;
    this.main.classList.add("club-page");
    replace(
      this.main,
      h("h1", { class: "club-name" }, data.name),
      h("p", { class: "tournament-meta" }, t("Kept by {name}", { name: data.manager })),
      this.seasons(),
      data.can_manage ? this.registry() : null,
    );
  }

  seasons() {
    const items = this.data.seasons.map((season) => h("li", { "data-season": season.id }, h("a", { href: `#/season/${season.id}` }, season.name)));
    return h(
      "section",
      { class: "seasons", "aria-labelledby": "seasons-title" },
      h("h2", { id: "seasons-title" }, t("Seasons")),
      items.length ? h("ul", {}, items) : h("p", {}, t("No seasons yet.")),
      this.data.can_manage ? this.seasonForm() : null,
    );
  }

  // A season is ranked by the sum of the best N evenings, or by points per game from a
  // minimum number of games on (docs/tournaments.md, "A season").
  seasonForm() {
    const name = h("input", { id: "season-name", required: true, maxlength: 120 });
    const method = h("select", { id: "season-method" }, h("option", { value: "best" }, t("sum of the best evenings")), h("option", { value: "average" }, t("points per game")));
    const number = h("input", { id: "season-number", type: "number", min: 0, max: 1000, value: 5, required: true, size: 4 });
    const numberLabel = h("label", { for: "season-number" }, t("Evenings counted"));
    method.addEventListener("change", () => {
      numberLabel.textContent = method.value === "best" ? t("Evenings counted") : t("Games needed for a rank");
    });
    const form = h(
      "form",
      { class: "new-season" },
      h("h3", {}, t("New season")),
      h("div", { class: "option" }, h("label", { for: "season-name" }, t("Name")), name),
      h("div", { class: "option" }, h("label", { for: "season-method" }, t("Ranked by")), method),
      h("div", { class: "option" }, numberLabel, number),
      h("button", { type: "submit" }, t("Create the season")),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { name: name.value.trim(), method: method.value };
      if (method.value === "best") body.best = Number(number.value);
      else body.min_games = Number(number.value);
      try {
        const season = await post(`/api/clubs/${this.id}/seasons`, body);
        location.hash = `#/season/${season.id}`;
      } catch (error) {
        notify(error.message);
      }
    });
    return form;
  }

  registry() {
    const rows = this.data.members.map((member) => {
      const code = this.codes[member.number];
      const actions = member.forgotten
        ? [t("removed on request")]
        : [
            h("button", { type: "button", class: "link-code", onclick: () => this.linkCode(member) }, t("Link code")),
            " ",
            h("button", { type: "button", class: "forget", onclick: () => this.forget(member) }, t("Remove data")),
            code ? h("div", { class: "code" }, labelled(t("Code for {name}", { name: member.name }), code)) : null,
          ];
      return h(
        "tr",
        { "data-member": member.number, class: member.forgotten ? "withdrawn" : "" },
        h("td", { class: "num" }, String(member.number)),
        h("td", {}, member.club_number || ""),
        h("td", {}, member.name),
        h("td", {}, member.account !== null ? h("a", { href: `#/player/${member.account}` }, t("account")) : t("in the hall")),
        h("td", {}, actions),
      );
    });
    const exportLink = h("a", { class: "button", href: `/api/clubs/${this.id}/members.csv?lang=${language()}`, download: `${this.id}-members.csv` }, t("Export (CSV)"));
    return h(
      "section",
      { class: "registry", "aria-labelledby": "registry-title" },
      h("h2", { id: "registry-title" }, t("Members")),
      this.addForm(),
      this.importForm(),
      h("p", { class: "actions" }, exportLink),
      h("table", { class: "games members" }, h("thead", {}, h("tr", {}, [t("No."), t("Club number"), t("Name"), t("Plays"), ""].map((label) => h("th", {}, label)))), h("tbody", {}, rows)),
    );
  }

  addForm() {
    const name = h("input", { id: "member-name", maxlength: 120, required: true, placeholder: t("Name") });
    const number = h("input", { id: "member-number", maxlength: 40, size: 8, placeholder: t("Club number") });
    const form = h("form", { class: "add-member option" }, h("label", { for: "member-name" }, t("New member")), name, number, h("button", { type: "submit" }, t("Add")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { name: name.value.trim() };
      if (number.value.trim()) body.club_number = number.value.trim();
      await this.act(() => post(`/api/clubs/${this.id}/members`, body));
      document.getElementById("member-name")?.focus();
    });
    return form;
  }

  // A CSV file from the club's spreadsheet: a header row with the name and, if the club
  // has them, the club number; a known club number renames, the other rows are new.
  importForm() {
    const file = h("input", { id: "members-file", type: "file", accept: ".csv,text/csv" });
    const form = h("form", { class: "import-members option" }, h("label", { for: "members-file" }, t("Import members (CSV)")), file, h("button", { type: "submit" }, t("Import")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!file.files.length) {
        notify(t("Choose a CSV file first."));
        return;
      }
      const text = await file.files[0].text();
      const done = await this.act(() => post(`/api/clubs/${this.id}/members/import`, { csv: text }));
      if (done) notify(t("Imported: {added} added, {renamed} renamed, {unchanged} unchanged.", done), "info");
    });
    return form;
  }

  async linkCode(member) {
    try {
      const answer = await post(`/api/clubs/${this.id}/members/${member.number}/code`);
      this.codes[member.number] = answer.code;
      this.render();
    } catch (error) {
      notify(error.message);
    }
  }

  async forget(member) {
    const question = t("Remove the data of {name}? Their name becomes N.N. in the registry and in every tournament; results stay. This cannot be undone.", { name: member.name });
    if (!(await ask(question, t("Remove data")))) return;
    this.act(() => post(`/api/clubs/${this.id}/members/${member.number}/forget`));
  }
}
