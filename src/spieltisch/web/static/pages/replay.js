// The replay viewer: any record, position by position (step, slider, autoplay), drawn by
// the game's own board as a spectator sees it; under it the game's review (review.js).

import { currentAccount, get, uploadRecord } from "../api.js";
import { h, replace } from "../dom.js";
import { formatMoment, labelled, language, onLanguage, sentence, t } from "../i18n.js";
import { icon } from "../icons.js";
import { notify } from "../notice.js";
import { markedName, openReplay, ratedBadge, recordedName, resultParts, seatLabelOf, statusName } from "./common.js";
import { leftTag, recordedLeft } from "./leaving.js";
import { ReviewPanel } from "./review.js";

const SPEEDS = [2000, 1000, 400];

export async function show(main, [recordId]) {
  if (!recordId) {
    showUpload(main);
    return null;
  }
  const viewer = new Viewer(main, recordId);
  await viewer.start();
  return () => viewer.stop();
}

function showUpload(main) {
  const input = h("input", { type: "file", accept: ".json,application/json", id: "record-file" });
  input.addEventListener("change", async () => {
    const file = input.files[0];
    if (!file) return;
    try {
      const record = JSON.parse(await file.text());
      location.hash = `#/replay/${await uploadRecord(record)}`;
    } catch (error) {
      // What is wrong with the file in detail (its format field, a bad move) behind a toggle.
      notify(t("This file is not a game record (JSON)."), "error", error instanceof SyntaxError ? "" : error.message);
    }
  });
  const recent = h("section", { class: "recent-games", "aria-labelledby": "recent-title" });
  const me = currentAccount();
  replace(
    main,
    h("h1", {}, t("Replays")),
    me ? h("p", {}, h("a", { class: "my-games", href: `#/player/${me.id}` }, t("My games"))) : null,
    recent,
    h("h2", {}, t("Game record")),
    h("p", {}, t("Open a game record (a .json file) to step through it.")),
    h("label", { for: "record-file" }, t("Game record")),
    " ",
    input,
  );
  showRecent(recent).catch((error) => notify(error.message));
}

// The finished public games, newest first: when (in the viewer's time zone and
// language), the result by place with points, rated or not; filters by game and player.
const finishedFilter = { game: "", player: "" };

// A seat in the finished list: named as at the table, linked to the person's page, and
// how it was left (gave up, lost on time, a substitute).
function named(seat) {
  const label = seatLabelOf(seat);
  const who = seat.account ? h("a", { href: `#/player/${seat.account}` }, label) : label;
  return [who, seat.left || seat.resigned ? [" ", leftTag(seat)] : null];
}

async function showRecent(box) {
  const games = await get("/api/games");
  const query = () => {
    const params = new URLSearchParams({ finished: "true" });
    if (finishedFilter.game) params.set("game", finishedFilter.game);
    if (finishedFilter.player) params.set("player", finishedFilter.player);
    return params.toString();
  };
  const gameSelect = h("select", { id: "finished-game" }, h("option", { value: "" }, t("all games")), games.map((game) => h("option", { value: game.name, selected: finishedFilter.game === game.name }, game.title)));
  const playerInput = h("input", { id: "finished-player", type: "search", maxlength: 40, value: finishedFilter.player, placeholder: t("a name") });
  const filters = h(
    "form",
    { class: "filters", "aria-label": t("Filter") },
    h("div", { class: "filter" }, h("label", { for: "finished-game" }, t("Game")), gameSelect),
    h("div", { class: "filter" }, h("label", { for: "finished-player" }, t("Player")), playerInput),
    h("button", { type: "submit" }, t("Filter")),
  );
  const list = h("div", { class: "finished-list" });
  async function refresh() {
    const { tables } = await get(`/api/tables?${query()}`);
    const rows = tables.map((table) =>
      h(
        "tr",
        { "data-table": table.id },
        h("td", { class: "when" }, table.finished_at ? formatMoment(table.finished_at) : ""),
        h("td", {}, table.title, " ", ratedBadge(table)),
        h(
          "td",
          {},
          // By place with points; a table ended otherwise (aborted, abandoned) lists its seats.
          table.result ? h("ol", { class: "result" }, resultParts(table, named)) : h("ul", { class: "result" }, table.seats.map((seat) => h("li", {}, named(seat)))),
          table.status === "finished" ? null : h("span", { class: "ended" }, statusName(table.status)),
        ),
        h("td", {}, h("button", { type: "button", class: "replay", onclick: () => openReplay(table.id).catch((error) => notify(error.message)) }, t("Replay"))),
      ),
    );
    const head = h("thead", {}, h("tr", {}, [t("When"), t("Game"), t("Result"), ""].map((label) => h("th", {}, label))));
    replace(list, rows.length ? h("table", { class: "games" }, head, h("tbody", {}, rows)) : h("p", {}, t("No finished game yet.")));
  }
  const changed = (event) => {
    event?.preventDefault();
    finishedFilter.game = gameSelect.value;
    finishedFilter.player = playerInput.value.trim();
    refresh().catch((error) => notify(error.message));
  };
  gameSelect.addEventListener("change", changed);
  filters.addEventListener("submit", changed);
  replace(box, h("h2", { id: "recent-title" }, t("Recent games")), filters, list);
  await refresh();
}

class Viewer {
  constructor(main, recordId) {
    this.main = main;
    this.recordId = recordId;
    this.position = 0;
    this.total = 0;
    this.timer = null;
    this.speed = 1;
    this.request = 0;
  }

  async start() {
    this.record = await get(`/api/records/${this.recordId}`);
    this.total = this.record.history.length;
    this.marks = [];
    this.review = new ReviewPanel(this.recordId, (position) => this.go(position), (seat) => this.seatTitle(seat));
    this.layout();
    await this.go(0);
    this.loadReview();
    this.stopLanguage = onLanguage(() => {
      this.layout();
      this.go(this.position);
      this.loadReview();
    });
    this.keys = (event) => {
      if (event.target.closest("input, select, textarea")) return;
      if (event.key === "ArrowRight") this.go(this.position + 1);
      if (event.key === "ArrowLeft") this.go(this.position - 1);
    };
    window.addEventListener("keydown", this.keys);
  }

  loadReview() {
    this.review.load().catch((error) => notify(error.message));
  }

  stop() {
    this.review.stop();
    this.pause();
    window.removeEventListener("keydown", this.keys);
    if (this.stopLanguage) this.stopLanguage();
  }

  layout() {
    this.slider = h("input", { type: "range", min: 0, max: this.total, value: this.position, "aria-label": t("Position") });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.counter = h("span", { class: "counter", "aria-live": "polite" });
    this.words = h("p", { class: "words" });
    this.board = h("div", { class: "board-box replay-board" });
    this.playButton = h("button", { type: "button", class: "play", onclick: () => (this.timer ? this.pause() : this.play()) }, t("Play"));
    const speed = h("select", { "aria-label": t("Speed") }, SPEEDS.map((ms, index) => h("option", { value: index, selected: index === this.speed }, [t("slow"), t("normal"), t("fast")][index])));
    speed.addEventListener("change", () => {
      this.speed = Number(speed.value);
      if (this.timer) {
        this.pause();
        this.play();
      }
    });
    replace(
      this.main,
      h("h1", {}, t("Replay")),
      this.playersLine = h("p", { class: "players" }),
      h(
        "div",
        { class: "replay-controls" },
        h("button", { type: "button", class: "first", "aria-label": t("Start"), onclick: () => this.go(0) }, icon("first")),
        h("button", { type: "button", class: "back", "aria-label": t("Back"), onclick: () => this.go(this.position - 1) }, icon("back")),
        this.playButton,
        h("button", { type: "button", class: "next", "aria-label": t("Next"), onclick: () => this.go(this.position + 1) }, icon("next")),
        h("button", { type: "button", class: "last", "aria-label": t("End"), onclick: () => this.go(this.total) }, icon("last")),
        speed,
        this.counter,
      ),
      this.slider,
      this.words,
      this.review.line,
      this.board,
      this.review.element,
      h("a", { class: "button", href: `/api/records/${this.recordId}`, download: `${this.recordId}.json` }, t("Download the record")),
    );
  }

  async go(position) {
    const target = Math.max(0, Math.min(this.total, position));
    const request = ++this.request;
    try {
      const answer = await get(`/api/records/${this.recordId}/positions/${target}?lang=${language()}`);
      if (request !== this.request) return;
      this.position = target;
      this.slider.value = String(target);
      this.counter.textContent = t("move {n} of {total}", { n: target, total: this.total });
      this.marks = answer.seat_marks || [];
      this.showPlayers();
      // Who moved, named as the table and its log name the seat ("Yellow · Ana: ...").
      const turn = answer.turn === null || answer.turn === undefined ? "" : `${this.marks[answer.turn]} · `;
      const who = answer.seat === null || answer.seat === undefined ? turn : labelled(this.seatTitle(answer.seat));
      this.words.textContent = answer.words ? who + (who ? answer.words : sentence(answer.words)) : target === 0 ? t("The start of the game.") : "";
      this.review.at(target);
      if (answer.board_svg) this.board.innerHTML = answer.board_svg;
      else replace(this.board, h("pre", {}, JSON.stringify(answer.view, null, 1)));
      if (target >= this.total) this.pause();
    } catch (error) {
      notify(error.message);
      this.pause();
    }
  }

  // "White · Ana (lost on time)": how each seat was left, as the record keeps it.
  seatTitle(seat) {
    const title = markedName(this.marks[seat], recordedName((this.record.players || [])[seat] || ""));
    const left = recordedLeft(((this.record.ended || {}).left || [])[seat]);
    return left ? `${title} (${left})` : title;
  }

  showPlayers() {
    const count = Math.max((this.record.players || []).length, this.marks.length);
    const names = Array.from({ length: count }, (_, seat) => this.seatTitle(seat));
    const ended = this.record.ended || {};
    const how = { aborted: t("aborted"), abandoned: t("abandoned") }[ended.how];
    this.playersLine.textContent = names.join(" | ") + (how ? ` — ${how}` : "");
  }

  play() {
    if (this.position >= this.total) this.go(0);
    this.playButton.textContent = t("Pause");
    this.timer = window.setInterval(() => this.go(this.position + 1), SPEEDS[this.speed]);
  }

  pause() {
    if (this.timer) window.clearInterval(this.timer);
    this.timer = null;
    if (this.playButton) this.playButton.textContent = t("Play");
  }
}
