// One tournament: its rounds with the tables (colours, links to the live tables, results),
// the standings, the players, the printable pages; for its director, the controls to
// register players, start rounds (online or on boards) and enter or correct results.
// The server seats, ranks and rates; this page only shows and asks.

import { get, post } from "../api.js";
import { ask, askWhy } from "../ask.js";
import { h, replace } from "../dom.js";
import { formatNumber, labelled, language, onLanguage, sentence, t, tn } from "../i18n.js";
import { clearNotice, notify } from "../notice.js";
import { levelName, markedName, statusName } from "./common.js";
import { fillMembers, hallLinks, settingsBox } from "./tournament_club.js";

const REFRESH_MS = 3000;
const LEVELS = ["easy", "medium", "hard", "expert"];

export async function show(main, [id]) {
  const page = new TournamentPage(main, id);
  await page.load();
  const timer = window.setInterval(() => page.refresh(), REFRESH_MS);
  const stop = onLanguage(() => page.load());
  return () => {
    window.clearInterval(timer);
    stop();
  };
}

function formatPoints(value) {
  return formatNumber(Math.round(value * 100) / 100);
}

// A seat named as its table names it ("Red · Ana"), as the lobby and the lists do.
function seatLabel(seat) {
  return markedName(seat.mark || sentence(seat.label), seat.name);
}

function swatch(seat) {
  return h("span", { class: `swatch ${seat.colour}`, "aria-hidden": "true" });
}

class TournamentPage {
  constructor(main, id) {
    this.main = main;
    this.id = id;
    this.data = null;
    this.editing = null;
  }

  async load() {
    this.data = await get(`/api/tournaments/${this.id}?lang=${language()}`);
    this.seen = JSON.stringify(this.data);
    this.render();
  }

  // While online tables play, their results come in by themselves: show them, unless
  // the director is typing into a form.
  async refresh() {
    if (this.editing !== null || this.identities || this.main.querySelector("input:focus, select:focus")) return;
    try {
      const fresh = await get(`/api/tournaments/${this.id}?lang=${language()}`);
      if (JSON.stringify(fresh) === this.seen) return;
      this.data = fresh;
      this.seen = JSON.stringify(fresh);
      this.render();
    } catch (error) {
      notify(error.message);
    }
  }

  print(page) {
    return `/print/tournaments/${this.id}/${page}?lang=${language()}`;
  }

  render() {
    const data = this.data;
    const next = data.rounds.length + 1;
    const settings = data.settings;
    replace(
      this.main,
      h("h1", { class: "tournament-name" }, data.name),
      h(
        "p",
        { class: "tournament-meta" },
        data.title,
        " · ",
        data.finished ? t("finished") : tn("{seated} of {count} round", "{seated} of {count} rounds", settings.rounds, { seated: formatNumber(data.rounds.length), count: formatNumber(settings.rounds) }),
        " · ",
        t("Published seed: {seed}", { seed: settings.seed }),
        " · ",
        t("Directed by {name}", { name: data.director }),
      ),
      h(
        "p",
        { class: "actions" },
        h("a", { class: "button", href: this.print("standings.html"), target: "_blank" }, t("Standings to print")),
        h("a", { class: "button", href: this.print("crosstable.html"), target: "_blank" }, t("Cross table to print")),
        h("a", { class: "button", href: this.print("players.html"), target: "_blank" }, t("Player list to print")),
        h("a", { class: "button", href: `/api/tournaments/${this.id}/results.csv?lang=${language()}`, download: `${this.id}-results.csv` }, t("Results (CSV)")),
        h("a", { class: "button", href: `/api/tournaments/${this.id}/standings.csv?lang=${language()}`, download: `${this.id}-standings.csv` }, t("Standings (CSV)")),
        h("a", { class: "button", href: `/api/tournaments/${this.id}/corrections.csv?lang=${language()}`, download: `${this.id}-corrections.csv` }, t("Corrections (CSV)")),
        h("a", { class: "button workbook-xlsx", href: `/api/tournaments/${this.id}/workbook.xlsx?lang=${language()}`, download: `${this.id}.xlsx` }, t("Everything (Excel)")),
        h("a", { class: "button workbook-ods", href: `/api/tournaments/${this.id}/workbook.ods?lang=${language()}`, download: `${this.id}.ods` }, t("Everything (OpenDocument)")),
        h("a", { class: "button", href: `#/ratings/${data.game}` }, t("Leaderboard")),
      ),
      data.directed_online || data.finished ? null : h("p", { class: "hand-over" }, t("Directed from the command line: to direct it here, print a one-time code with {command} and enter it below.", { command: `spieltisch tournament director ${this.id} --code` })),
      !data.can_direct && !data.finished && (data.hand_over_open || !data.directed_online) ? this.takeOverForm() : null,
      hallLinks(this),
      data.can_direct && !data.finished ? this.director(next) : null,
      data.signup_open && data.my_number === null && !data.finished ? this.signUpForm() : null,
      h("div", { class: "tournament-layout" }, h("div", {}, data.rounds.slice().reverse().map((round) => this.round(round))), h("div", {}, this.standings(), this.players(), settingsBox(this.data))),
    );
  }

  director(next) {
    const data = this.data;
    const last = data.rounds[data.rounds.length - 1];
    const ready = !last || last.complete;
    const online = h("input", { type: "checkbox", id: "round-online", checked: true });
    const start = h("button", { type: "button", class: "start", disabled: !ready || data.rounds.length >= data.settings.rounds + (data.settings.final_table ? 1 : 0), onclick: () => this.startRound(online.checked) }, t("Start round {n}", { n: next }));
    return h(
      "section",
      { class: "director", "aria-labelledby": "director-title" },
      h("h2", { id: "director-title" }, t("Director")),
      this.registerForm(),
      this.signUpSwitch(),
      h("div", { class: "option" }, start, h("label", { for: "round-online" }, online, " ", t("Play online (players with accounts and computers)"))),
      ready ? null : h("p", {}, t("Every table of round {n} needs its result first.", { n: last.number })),
      last && !last.tables.some((table) => table.result || table.online) ? this.changeRound(last) : null,
      data.rounds.length ? this.awardForm() : null,
    );
  }

  // A tournament made on the command line is handed over with a one-time code that the
  // command line prints: whoever types it here, signed in, directs it from then on.
  takeOverForm() {
    const code = h("input", { id: "take-over-code", maxlength: 40, autocomplete: "off", spellcheck: "false", placeholder: "K7M2Q-XR4TB", required: true });
    const form = h(
      "form",
      { class: "take-over" },
      h("h2", { id: "take-over-title" }, t("Take over")),
      h("p", {}, t("Enter the one-time code the director printed on the command line to direct this tournament from your account.")),
      h("label", { for: "take-over-code" }, t("Hand-over code")),
      " ",
      code,
      " ",
      h("button", { type: "submit" }, t("Take over")),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await this.act(() => post(`/api/tournaments/${this.id}/director`, { code: code.value }));
    });
    return form;
  }

  registerForm() {
    const name = h("input", { id: "register-name", maxlength: 120, placeholder: t("Name") });
    const kind = h(
      "select",
      { id: "register-kind" },
      h("option", { value: "hall" }, t("a name in the hall")),
      h("option", { value: "account" }, t("an account (its username)")),
      h("option", { value: "member" }, t("a member of my club")),
      LEVELS.map((level) => h("option", { value: `ai:${level}` }, t("computer ({level})", { level: levelName(level) }))),
    );
    const account = h("input", { id: "register-account", maxlength: 40, autocomplete: "off", placeholder: t("Username"), hidden: true });
    const member = h("select", { id: "register-member", "aria-label": t("Member"), hidden: true });
    kind.addEventListener("change", async () => {
      account.hidden = kind.value !== "account";
      member.hidden = kind.value !== "member";
      name.hidden = kind.value === "member";
      if (kind.value === "member") await fillMembers(member, this.data.players);
    });
    const form = h("form", { class: "register guest" }, h("label", { for: "register-kind" }, t("Register")), kind, name, account, member, h("button", { type: "submit" }, t("Register")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (kind.value === "member") {
        const [club, number] = member.value.split("/");
        if (!number) return;
        await this.act(() => post(`/api/clubs/${club}/members/${number}/enter`, { tournament: this.id }));
        return;
      }
      const body = {};
      if (name.value.trim()) body.name = name.value.trim();
      if (kind.value === "account") body.username = account.value.trim();
      if (kind.value.startsWith("ai:")) body.level = kind.value.slice(3);
      await this.act(() => post(`/api/tournaments/${this.id}/players`, body));
      document.getElementById("register-name")?.focus();
    });
    return form;
  }

  // The sign-up: while open, this page is the link people use to sign themselves up.
  signUpSwitch() {
    const open = this.data.signup_open;
    const link = `${window.location.origin}/#/tournament/${this.id}`;
    const toggle = h("button", { type: "button", class: open ? "close-signup" : "open-signup", onclick: () => this.act(() => post(`/api/tournaments/${this.id}/signup`, { open: !open })) }, open ? t("Close the sign-up") : t("Open the sign-up"));
    return h("p", { class: "signup option" }, open ? [t("Sign-up is open: players sign themselves up at"), " ", h("a", { href: link, class: "signup-link" }, link), " "] : [t("Players can sign themselves up through this page's link once the sign-up is open."), " "], toggle);
  }

  signUpForm() {
    const name = h("input", { id: "join-name", maxlength: 120, placeholder: t("Name (default: your account's)") });
    const form = h("form", { class: "join" }, h("h2", {}, t("Sign up for this tournament")), h("label", { for: "join-name" }, t("Name")), " ", name, " ", h("button", { type: "submit" }, t("Sign up")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = name.value.trim() ? { name: name.value.trim() } : {};
      await this.act(() => post(`/api/tournaments/${this.id}/join`, body));
    });
    return form;
  }

  async act(step) {
    try {
      const answer = await step();
      clearNotice();
      if (answer && answer.rounds) {
        this.data = answer;
        this.seen = JSON.stringify(answer);
        this.render();
      } else {
        await this.load();
      }
    } catch (error) {
      notify(error.message);
    }
  }

  startRound(online) {
    return this.act(() => post(`/api/tournaments/${this.id}/rounds`, { online }));
  }

  round(round) {
    const data = this.data;
    const names = Object.fromEntries(data.players.map((p) => [p.number, p.name]));
    const rows = round.tables.map((table) => this.tableRow(round, table));
    return h(
      "section",
      { class: "round", "data-round": round.number, "aria-labelledby": `round-${round.number}` },
      h("h2", { id: `round-${round.number}` }, t("Round {n}", { n: round.number })),
      h(
        "p",
        { class: "actions" },
        h("a", { href: this.print(`round-${round.number}.html`), target: "_blank" }, t("Table list to print")),
        h("a", { href: this.print(`sheets-${round.number}.html`), target: "_blank" }, t("Score sheets to print")),
        h("a", { href: this.print(`where-${round.number}.html`), target: "_blank" }, t("Where do I sit (by surname)")),
        h("a", { href: this.print(`timer-${round.number}.html`), target: "_blank" }, t("Round timer for the screen")),
      ),
      h("table", { class: "games round-tables" }, h("thead", {}, h("tr", {}, [t("Table"), t("Players"), t("Game"), ""].map((label) => h("th", {}, label)))), h("tbody", {}, rows)),
      round.byes.length ? h("p", {}, t("Byes: {names}", { names: round.byes.map((p) => names[p]).join(", ") })) : null,
      round.awarded.length ? h("ul", { class: "awarded" }, round.awarded.map((award) => h("li", { "data-player": award.player }, t("Not seated: {name}, points given: {points} ({reason})", { name: award.name, points: formatPoints(award.points), reason: award.reason })))) : null,
      (round.changes || []).length
        ? h(
            "ul",
            { class: "changes" },
            round.changes.map((change) =>
              h("li", { class: change.kind }, `${change.text} ${t("Reason: {reason}", { reason: change.reason })} (${change.by}, ${new Date(change.at).toLocaleString(language())})`, change.warnings.length ? h("ul", { class: "warnings" }, change.warnings.map((warning) => h("li", { class: "warning" }, warning))) : null),
            ),
          )
        : null,
      (round.reasons || []).length ? h("details", { class: "why" }, h("summary", {}, t("Why these tables")), h("ul", {}, round.reasons.map((reason) => h("li", {}, reason)))) : null,
    );
  }

  // Before any result of the current round: take it back (it is seated again with a new
  // draw), or swap two of its players by hand; both keep the reason in the ledger.
  changeRound(round) {
    const names = Object.fromEntries(this.data.players.map((p) => [p.number, p.name]));
    const seated = [...round.tables.flatMap((table) => table.seats.map((seat) => seat.player)), ...round.byes];
    const choose = (id, label) => h("select", { id, "aria-label": label }, seated.map((number) => h("option", { value: number }, `${names[number]} (${number})`)));
    const first = choose("swap-first", t("Player"));
    const second = choose("swap-second", t("Player"));
    if (seated.length > 1) second.value = String(seated[1]);
    const reason = h("input", { id: "swap-reason", maxlength: 500, required: true, size: 16, placeholder: t("Reason (kept)") });
    const swap = h("form", { class: "swap" }, h("label", { for: "swap-first" }, t("Swap two players of round {n}", { n: round.number })), " ", first, " ", second, " ", reason, " ", h("button", { type: "submit" }, t("Swap")));
    swap.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { players: [Number(first.value), Number(second.value)], reason: reason.value.trim() };
      await this.act(() => post(`/api/tournaments/${this.id}/rounds/${round.number}/swap`, body));
    });
    const undo = h("button", { type: "button", class: "undo-round", onclick: () => this.undoRound(round.number) }, t("Undo round {n}", { n: round.number }));
    return h("div", { class: "change-round" }, swap, h("p", { class: "option" }, undo));
  }

  async undoRound(number) {
    const reason = await askWhy(t("Undo round {n}? It is seated again with a new draw. Why?", { n: number }), t("Undo round {n}", { n: number }));
    if (reason === null) return;
    this.act(() => post(`/api/tournaments/${this.id}/rounds/${number}/undo`, { reason }));
  }

  // Points for a round a player was not seated in (a late arrival, an absence): the
  // server refuses a player who was seated, and says why.
  awardForm() {
    const data = this.data;
    const round = h("select", { id: "award-round" }, data.rounds.map((r) => h("option", { value: r.number, selected: r.number === data.rounds.length }, t("Round {n}", { n: r.number }))));
    const player = h("select", { id: "award-player", "aria-label": t("Player") }, data.players.map((p) => h("option", { value: p.number }, `${p.name} (${p.number})`)));
    const points = h("input", { id: "award-points", type: "number", min: 0, step: "any", size: 4, required: true, "aria-label": t("Points"), placeholder: t("Points") });
    const reason = h("input", { id: "award-reason", maxlength: 500, required: true, placeholder: t("Reason (kept)"), size: 16 });
    const form = h("form", { class: "award" }, h("label", { for: "award-round" }, t("Points for a round not played")), " ", round, " ", player, " ", points, " ", reason, " ", h("button", { type: "submit" }, t("Give the points")));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { player: Number(player.value), points: Number(points.value), reason: reason.value.trim() };
      await this.act(() => post(`/api/tournaments/${this.id}/rounds/${round.value}/awards`, body));
    });
    return form;
  }

  tableRow(round, table) {
    const result = table.result;
    const seats = table.seats.map((seat, index) =>
      h(
        "li",
        { "data-seat": index },
        swatch(seat),
        h("span", { class: "colour" }, seat.mark || sentence(seat.label)),
        " · ",
        h("span", { class: "name" }, seat.name),
        result ? h("span", { class: "place" }, " — ", placeText(result, index)) : null,
      ),
    );
    let game = t("on a board");
    if (table.online) game = h("a", { href: `#/table/${table.online}` }, table.status === "running" ? t("Watch") : t("Open"), " (", statusName(table.status), ")");
    const how = result ? h("div", { class: "how" }, { online: t("played online"), places: t("entered"), stopped: t("stopped by time") }[result.how], result.corrections ? ` · ${t("corrected")}` : "") : null;
    const handed = result && result.handed.length
      ? h("div", { class: "handed" }, t("The computer played for {names}.", { names: result.handed.map((seat) => seatLabel(table.seats[seat])).join(", ") }), " ", table.rated ? t("Rated.") : t("Not rated: {reason}", { reason: table.rating_reason || "" }))
      : null;
    const cells = [h("td", {}, String(table.number)), h("td", {}, h("ul", { class: "seat-list" }, seats)), h("td", {}, game, how, handed)];
    const editing = this.editing === `${round.number}/${table.number}`;
    const actions = [];
    if (this.data.can_direct) {
      actions.push(h("button", { type: "button", class: "enter-result", onclick: () => this.toggle(round.number, table.number) }, result ? t("Correct") : t("Enter the result")));
    }
    if (this.data.can_direct && result && result.handed.length) {
      actions.push(h("button", { type: "button", class: table.rated ? "unrate" : "rate", onclick: () => this.decideRating(round.number, table.number, !table.rated) }, table.rated ? t("Do not rate") : t("Rate it")));
    }
    if (result) actions.push(h("button", { type: "button", class: "show-history", onclick: () => this.showHistory(round.number, table.number).catch((error) => notify(error.message)) }, t("History")));
    const row = h("tr", { "data-table": table.number }, cells, h("td", {}, actions));
    const extra = [];
    if (this.history && this.history.key === `${round.number}/${table.number}`) extra.push(h("tr", { class: "history-row" }, h("td", { colspan: 4 }, this.historyBox(table))));
    if (editing) extra.push(h("tr", { class: "result-form-row" }, h("td", { colspan: 4 }, this.resultForm(round, table))));
    return [row, ...extra];
  }

  // A hall player is a person of their own; the director merges them with the same
  // person's identity from another tournament (found by name), or splits them off.
  async showIdentities(player) {
    if (this.identities && this.identities.player.number === player.number) {
      this.identities = null;
      this.render();
      return;
    }
    const found = await get(`/api/identities?name=${encodeURIComponent(player.name)}`);
    this.identities = { player, found: found.identities.filter((one) => one.identity !== player.identity) };
    this.render();
  }

  identityForm() {
    const { player, found } = this.identities;
    const choice = h("select", { id: "identity-choice", "aria-label": t("Same person as…") }, found.map((one) => h("option", { value: one.identity }, labelled(one.names.join(", "), one.appearances.map((a) => `${a.tournament_name} (${t("no.")} ${a.number})`).join(", ")))));
    const reason = h("input", { id: "identity-reason", maxlength: 500, required: true, size: 16, placeholder: t("Reason (kept)") });
    const send = (sameAs) => this.act(async () => {
      const answer = await post(`/api/tournaments/${this.id}/players/${player.number}/identity`, sameAs ? { same_as: sameAs, reason: reason.value.trim() } : { reason: reason.value.trim() });
      this.identities = null;
      return answer;
    });
    const merge = h("button", { type: "button", class: "merge", disabled: !found.length, onclick: () => send(choice.value) }, t("Merge"));
    const split = h("button", { type: "button", class: "split", onclick: () => send(null) }, t("Split off"));
    return h("div", { class: "identities option" }, h("span", {}, t("{name} is rated as {identity}.", { name: player.name, identity: player.identity })), " ", found.length ? choice : h("span", {}, t("No other hall player of this name.")), " ", reason, " ", merge, " ", split);
  }

  // An online game in which the computer played a person's seat: the director decides
  // whether it is rated (its result stands in the standings either way).
  async decideRating(round, table, rated) {
    const question = rated ? t("Rate this game after all? Why?") : t("Leave this game out of the ratings? Why?");
    const reason = await askWhy(question, rated ? t("Rate it") : t("Do not rate"), true);
    if (reason === null) return;
    this.act(() => post(`/api/tournaments/${this.id}/rounds/${round}/tables/${table}/rating`, { rated, reason }));
  }

  async withdrawOrReadmit(player, action) {
    const question = action === "withdraw"
      ? t("Withdraw {name}? They are not seated from the next round on; their results stand.", { name: player.name })
      : t("Readmit {name}? They are seated again from the next round.", { name: player.name });
    if (!(await ask(question, action === "withdraw" ? t("Withdraw") : t("Readmit")))) return;
    this.act(() => post(`/api/tournaments/${this.id}/players/${player.number}/${action}`));
  }

  async showHistory(round, table) {
    const key = `${round}/${table}`;
    if (this.history && this.history.key === key) {
      this.history = null;
      this.render();
      return;
    }
    const audit = await get(`/api/tournaments/${this.id}/rounds/${round}/tables/${table}`);
    this.history = { key, entries: audit.entries };
    this.render();
  }

  historyBox(table) {
    const sources = { drawn: t("drawn now"), kept: t("kept (tied figures unchanged)"), table: t("drawn at the table") };
    const rows = this.history.entries.map((entry, index) =>
      h(
        "tr",
        {},
        h("td", {}, index === 0 ? t("entered") : t("correction {n}", { n: index })),
        h("td", {}, `${new Date(entry.at).toLocaleString(language())} · ${entry.by}`),
        h("td", {}, table.seats.map((seat, seatIndex) => labelled(seatLabel(seat), `${entry.outcomes[seatIndex] === "played" ? entry.places[seatIndex] : outcomeName(entry.outcomes[seatIndex])}${entry.figures && entry.outcomes[seatIndex] === "played" ? ` (${figureText(entry.figures[seatIndex])})` : ""}`)).join(" · ")),
        h("td", { class: "lots" }, entry.lots.map((lot, lotIndex) => `${(entry.lot_names || [])[lotIndex] || lot} (${sources[entry.lot_sources[lotIndex]] || ""})`).join(" ")),
        h("td", {}, entry.note),
      ),
    );
    return h("table", { class: "games history" }, h("thead", {}, h("tr", {}, [t("Entry"), t("Who and when"), t("Places"), t("Lot"), t("Note")].map((label) => h("th", {}, label)))), h("tbody", {}, rows));
  }

  toggle(round, table) {
    const key = `${round}/${table}`;
    this.editing = this.editing === key ? null : key;
    this.render();
  }

  resultForm(round, table) {
    const stopped = this.data.stopped;
    const count = table.seats.length;
    const mode = h("select", { class: "result-mode" }, h("option", { value: "places" }, t("Places")), stopped ? h("option", { value: "stopped" }, t("Stopped by time ({rule})", { rule: stopped.rule })) : null);
    const note = h("input", { class: "note", maxlength: 500, placeholder: t("Note (why)") });
    const places = table.seats.map((seat, index) =>
      h(
        "select",
        { class: "place", "aria-label": seatLabel(seat) },
        h("option", { value: "", selected: !table.result }, "–"),
        Array.from({ length: count }, (_, i) => h("option", { value: i + 1, selected: table.result ? table.result.outcomes[index] === "played" && table.result.places[index] === i + 1 : false }, String(i + 1))),
        NOT_PLAYED.map((outcome) => h("option", { value: outcome, selected: table.result ? table.result.outcomes[index] === outcome : false }, outcomeName(outcome))),
      ),
    );
    const before = table.result && table.result.figures ? table.result.figures : null;
    const figureInputs = table.seats.map((_seat, index) => Object.fromEntries((stopped ? stopped.fields : []).map((f) => [f.name, h("input", { class: `figure ${f.name}`, "data-field": f.name, inputmode: "numeric", size: f.kind === "list" ? 8 : 4, placeholder: f.kind === "list" ? "4,3" : "", value: before ? figureValue(before[index][f.name]) : "" })])));
    const outInputs = table.seats.map((_seat, index) =>
      h(
        "select",
        { class: "figure-out", "aria-label": t("Did not play to the end") },
        h("option", { value: "" }, t("played to the end")),
        NOT_PLAYED.map((outcome) => h("option", { value: outcome, selected: before ? table.result.outcomes[index] === outcome : false }, outcomeName(outcome))),
      ),
    );
    const lotInput = h("input", { class: "table-lots", size: 12, placeholder: "3,1", "aria-label": t("Lot drawn at the table: the tied seats, best first (3,1; 2,4 for two groups)") });
    const placesBox = h("table", { class: "ranking" }, h("tbody", {}, table.seats.map((seat, index) => h("tr", {}, h("td", {}, swatch(seat), seatLabel(seat)), h("td", {}, places[index])))));
    const figuresBox = stopped
      ? h(
          "table",
          { class: "ranking figures", hidden: true },
          h("thead", {}, h("tr", {}, h("th", {}, t("Seat")), h("th", {}, t("Player")), stopped.fields.map((f) => h("th", {}, f.label)))),
          h("tbody", {}, table.seats.map((seat, index) => h("tr", {}, h("td", { class: "num" }, String(index + 1)), h("td", {}, swatch(seat), seatLabel(seat), h("br"), outInputs[index]), stopped.fields.map((f) => h("td", {}, figureInputs[index][f.name]))))),
          h("tfoot", {}, h("tr", {}, h("td", { colspan: stopped.fields.length + 2 }, h("label", {}, t("Lot drawn at the table: the tied seats, best first (3,1; 2,4 for two groups)"), " ", lotInput)))),
        )
      : null;
    const showMode = () => {
      placesBox.hidden = mode.value !== "places";
      if (figuresBox) figuresBox.hidden = mode.value === "places";
    };
    mode.addEventListener("change", showMode);
    if (before && stopped) {
      mode.value = "stopped";
      showMode();
    }
    const form = h("form", { class: "result-form" }, mode, placesBox, figuresBox, h("div", { class: "option" }, note, h("button", { type: "submit" }, t("Save the result")), h("button", { type: "button", onclick: () => this.toggle(round.number, table.number) }, t("Cancel"))));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const body = { note: note.value.trim() };
      if (mode.value === "places") {
        if (places.some((select) => !select.value)) {
          notify(t("Give every player a place."));
          return;
        }
        body.places = places.map((select) => (NOT_PLAYED.includes(select.value) ? select.value : Number(select.value)));
      } else {
        body.stopped = figureInputs.map((inputs, index) => outInputs[index].value || figures(stopped.fields, inputs));
        body.lots = lotInput.value.split(";").map((group) => group.split(/[\s,]+/).filter(Boolean).map(Number)).filter((group) => group.length);
      }
      const path = `/api/tournaments/${this.id}/rounds/${round.number}/tables/${table.number}`;
      try {
        await post(path, body);
        this.editing = null;
        await this.load();
        clearNotice();
      } catch (error) {
        notify(error.message);
      }
    });
    return form;
  }

  standings() {
    const rows = this.data.standings.map((row) =>
      h("tr", { class: row.active ? "" : "withdrawn" }, h("td", {}, String(row.rank)), h("td", {}, `${row.name} (${row.player})`), h("td", { class: "num" }, formatPoints(row.points)), h("td", { class: "num" }, String(row.played)), row.tiebreaks.map((value) => h("td", { class: "num" }, value))),
    );
    return h(
      "section",
      { class: "standings", "aria-labelledby": "standings-title" },
      h("h2", { id: "standings-title" }, t("Standings")),
      h("table", { class: "games" }, h("thead", {}, h("tr", {}, [t("Rank"), t("Player"), t("Points"), t("Games"), ...this.data.tiebreaks.map(sentence)].map((label) => h("th", {}, label)))), h("tbody", {}, rows)),
      h("p", { class: "legend" }, this.data.tiebreak_legend),
    );
  }

  players() {
    const direct = this.data.can_direct && !this.data.finished;
    const rows = this.data.players.map((player) => {
      let kind = t("in the hall");
      if (player.level) kind = t("computer ({level})", { level: levelName(player.level) });
      else if (player.account !== null) kind = h("a", { href: `#/player/${player.account}` }, t("account"));
      const action = player.active ? "withdraw" : "readmit";
      return h(
        "tr",
        { "data-player": player.number },
        h("td", {}, String(player.number)),
        h("td", {}, player.name),
        h("td", {}, kind),
        h("td", {}, player.active ? "" : t("withdrawn")),
        direct ? h("td", {}, h("button", { type: "button", class: action, onclick: () => this.withdrawOrReadmit(player, action) }, action === "withdraw" ? t("Withdraw") : t("Readmit")), player.identity ? h("button", { type: "button", class: "identity", onclick: () => this.showIdentities(player).catch((error) => notify(error.message)) }, t("Same person as…")) : null) : null,
      );
    });
    if (this.identities) rows.push(h("tr", { class: "identity-row" }, h("td", { colspan: 5 }, this.identityForm())));
    return h("section", { class: "players", "aria-labelledby": "players-title" }, h("h2", { id: "players-title" }, t("Players")), h("table", { class: "games" }, h("tbody", {}, rows)));
  }
}

const NOT_PLAYED = ["forfeit", "disqualified"];

function outcomeName(outcome) {
  return outcome === "forfeit" ? t("forfeit (did not play)") : t("disqualified (rule 16)");
}

// A seat's place and points, or why it has no place (forfeit, disqualified).
function placeText(result, index) {
  const count = formatPoints(result.points[index]);
  const outcome = result.outcomes[index];
  if (outcome !== "played") return tn("{outcome}, {count} point", "{outcome}, {count} points", result.points[index], { outcome: outcomeName(outcome), count });
  return tn("place {place}, {count} point", "place {place}, {count} points", result.points[index], { place: result.places[index], count });
}

// One seat's figures from the form: numbers, a list of numbers ("4,3"), empty = none.
function figureValue(value) {
  if (value === null || value === undefined) return "";
  return Array.isArray(value) ? value.join(",") : String(value);
}

function figureText(figures) {
  if (figures.finished) return t("finished {n}.", { n: figures.finished });
  if ("steps" in figures) return tn("{count} step to the goal", "{count} steps to the goal", figures.steps, { count: formatNumber(figures.steps) });
  return `${(figures.goal || []).join(",") || "-"}/${figures.track || 0}/${figures.distance || 0}`;
}

function figures(fields, inputs) {
  const out = {};
  for (const field of fields) {
    const text = inputs[field.name].value.trim();
    if (field.kind === "list") out[field.name] = text ? text.split(/[\s,;]+/).filter(Boolean).map(Number) : [];
    else if (text) out[field.name] = Number(text);
  }
  return out;
}
