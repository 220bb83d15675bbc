// The review under the replay: a button that has the server analyse the finished game
// (in its worker pool, once per game), the progress, then the win-chance graph, each seat
// in short and every decision with its verdict. Python draws the graph; this only shows it.

import { get, post } from "../api.js";
import { h, replace } from "../dom.js";
import { formatNumber, formatPercent, labelled, language, sentence, t, tn } from "../i18n.js";
import { notify } from "../notice.js";

// The seat's line as the graph draws it (colour and dash pattern, from the server): the
// lines are told apart without colour too.
const lineSample = (seat) => {
  const sample = h("span", { class: "line-sample" });
  sample.innerHTML = seat.line_svg;
  return sample;
};

const POLL_MS = 800;

const percent = (chance) => formatPercent(chance);
const points = (loss) => formatNumber(loss * 100, 1);

export class ReviewPanel {
  // `go(position)` shows a position of the replay; a decision at history index i is
  // shown by position i + 1 (the position after it).
  // `nameOf(seat)` names a seat as the replay above does ("Yellow · computer (easy)").
  constructor(recordId, go, nameOf = () => "") {
    this.recordId = recordId;
    this.go = go;
    this.nameOf = nameOf;
    this.steps = new Map();
    this.data = null;
    this.timer = null;
    this.stopped = false;
    this.position = 0;
    this.element = h("section", { class: "review" });
    this.line = h("p", { class: "review-line", "aria-live": "polite" });
    this.element.addEventListener("click", (event) => this.clicked(event));
  }

  url() {
    return `/api/records/${this.recordId}/review?lang=${language()}`;
  }

  async load() {
    this.show(await get(this.url()));
  }

  async analyse() {
    this.show(await post(this.url()));
  }

  stop() {
    this.stopped = true;
    window.clearTimeout(this.timer);
  }

  show(answer) {
    window.clearTimeout(this.timer);
    if (this.stopped) return;
    const heading = h("h2", {}, t("Review"));
    if (answer.status === "done") {
      this.render(answer.review);
      return;
    }
    this.data = null;
    this.steps = new Map();
    this.at(this.position);
    if (answer.status === "running") {
      const total = Math.max(answer.total, 1);
      replace(
        this.element,
        heading,
        h("progress", { class: "review-progress", value: answer.done, max: total }),
        " ",
        h("span", { class: "review-status" }, tn("Analysing: {done} of {total} decision", "Analysing: {done} of {total} decisions", answer.total, { done: formatNumber(answer.done), total: formatNumber(answer.total) })),
      );
      this.timer = window.setTimeout(() => this.load().catch((error) => notify(error.message)), POLL_MS);
      return;
    }
    const button = h("button", { type: "button", class: "analyse", onclick: () => this.analyse().catch((error) => notify(error.message)) }, answer.status === "failed" ? t("Try again") : t("Analyse this game"));
    replace(
      this.element,
      heading,
      answer.status === "failed"
        ? h("p", { class: "review-status" }, t("The analysis failed: {error}", { error: answer.error || "" }))
        : h("p", {}, t("The computer rates each decision: the move played against the best move.")),
      button,
    );
  }

  render(data) {
    this.data = data;
    this.steps = new Map(data.steps.map((step) => [step.index, step]));
    const graph = h("div", { class: "review-graph" });
    graph.innerHTML = data.graph_svg;
    const verdicts = ["inaccuracy", "mistake", "blunder"];
    const seats = h(
      "table",
      { class: "review-seats" },
      h("tr", {}, [t("Player"), t("Decisions"), t("Mean loss"), ...verdicts.map((v) => sentence(data.verdicts[v])), t("Result")].map((text) => h("th", {}, text))),
      data.seats.map((seat) =>
        h(
          "tr",
          {},
          h("td", {}, lineSample(seat), this.name(seat.seat)),
          h("td", {}, seat.decisions),
          h("td", {}, points(seat.mean_loss)),
          verdicts.map((v) => h("td", {}, seat.verdicts[v])),
          h("td", {}, seat.win_share === null ? "" : percent(seat.win_share)),
        ),
      ),
    );
    this.list = h(
      "ol",
      { class: "review-moves" },
      data.steps.map((step) =>
        h(
          "li",
          { "data-index": step.index },
          h("button", { type: "button", class: "link", onclick: () => this.go(step.index + 1) }, `#${step.index + 1} ${labelled(this.name(step.player), step.words)}`),
          " ",
          this.badge(step),
          step.loss >= 0.0005 ? ` −${points(step.loss)}` : "",
        ),
      ),
    );
    replace(this.element, h("h2", {}, t("Review")), h("h3", {}, t("Win chance over the game")), graph, seats, h("h3", {}, t("Every decision")), this.list, h("p", { class: "note" }, data.note), h("details", { class: "method" }, h("summary", {}, t("How it is computed")), h("p", {}, data.method)));
    this.at(this.position);
  }

  name(seat) {
    const named = this.nameOf(seat);
    if (named) return named;
    const found = this.data.seats.find((s) => s.seat === seat);
    return found ? found.name : String(seat);
  }

  badge(step) {
    return h("span", { class: `verdict ${step.verdict}` }, this.data.verdicts[step.verdict]);
  }

  // The verdict of the move that led to `position`, beside the move's words.
  at(position) {
    this.position = position;
    const step = this.steps.get(position - 1);
    if (!step) {
      replace(this.line);
    } else {
      const better =
        step.best_move === step.move
          ? t("the best move ({chance})", { chance: percent(step.played) })
          : t("{chance}; better: {move} ({best})", { chance: percent(step.played), move: step.best_words, best: percent(step.best) });
      replace(this.line, this.badge(step), " ", better);
    }
    if (this.list) {
      for (const item of this.list.children) item.classList.toggle("current", Number(item.dataset.index) === position - 1);
    }
  }

  // The graph's points link to "#step-N": show that decision instead of following the link.
  clicked(event) {
    const link = event.target.closest("a");
    const target = link && (link.getAttribute("href") || link.getAttribute("xlink:href") || "");
    const match = target && target.match(/^#step-(\d+)$/);
    if (!match) return;
    event.preventDefault();
    this.go(Number(match[1]) + 1);
  }
}
