// The table in words, for a screen reader and a keyboard (issue 45; docs/accessibility.md):
// an announcer (a live region) that says each event once in the engine's words and whose
// turn it is, at the pace and verbosity the person chose; a box to type a move (its
// number in the list, its words, its notation); questions about the position answered by
// the server from this seat's view. No game logic: the server says what is legal and
// answers the questions.

import { h, replace } from "../dom.js";
import { formatNumber, labelled, sentence, t, tn } from "../i18n.js";

const KEEP_LINES = 200;
// How long one addition to the live region waits after the one before (ms). At once, the
// lines that came meanwhile go in together, as one paragraph.
const PACES = { fast: 250, calm: 700, slow: 1600 };
const VERBOSITY = ["turn", "events", "moves"];
const DEFAULTS = { verbosity: "events", pace: "fast" };

// A choice of this browser (localStorage "spieltisch.<name>").
export function choice(name) {
  const stored = window.localStorage.getItem(`spieltisch.${name}`);
  return stored === null ? DEFAULTS[name] : stored;
}

// A line as a screen reader should say it: the dash between a move and what it did is a
// comma (Orca said nothing for it: "dé trois plus de sept"), and the line ends as a
// sentence does, a sentence of its paragraph. The log on the page keeps the dash.
export function spoken(line) {
  const words = line.replace(/\s+—\s+/gu, ", ");
  return /[.!?…]["”»)]?$/u.test(words) ? words : `${words}.`;
}

// The live region: each line said once, in order. At the pace "at once" the lines that
// arrive together (a turn and its list of moves) go in as one paragraph, a sentence per
// line, and each addition comes at least 250 ms after the one before: added one by one,
// a long list (61 Mabula moves) reached Orca 43 scrambled and partly dropped (5 of 12
// lists heard whole). Calmly and slowly, a line per addition, further apart.
export class Announcer {
  constructor() {
    this.element = h("div", { class: "announcer visually-hidden", role: "log", "aria-live": "polite", "aria-relevant": "additions" });
    this.queue = [];
    this.count = 0;
    this.timer = null;
  }

  say(text) {
    if (!text) return;
    this.queue.push(String(text));
    // Not at once: the lines said in the same turn of the page's work go in together.
    if (this.timer === null) this.timer = window.setTimeout(() => this.next(), 0);
  }

  next() {
    this.timer = null;
    if (!this.queue.length) return;
    const pace = choice("pace") in PACES ? choice("pace") : DEFAULTS.pace;
    const lines = pace === "fast" ? this.queue.splice(0) : [this.queue.shift()];
    const sentences = lines.map((line, index) => [index ? " " : "", h("span", { "data-n": (this.count += 1) }, spoken(line))]);
    this.element.append(h("p", {}, sentences));
    while (this.element.childElementCount > 1 && this.element.querySelectorAll("span").length > KEEP_LINES) this.element.firstElementChild.remove();
    this.timer = window.setTimeout(() => this.next(), PACES[pace]);
  }

  stop() {
    window.clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
  }
}

// What the announcer says of a table: new log entries, whose turn, the end; the typed
// move box and the questions.
export class TableWords {
  constructor(page) {
    this.page = page;
    this.announcer = new Announcer();
    this.said = null; // the last log entry said (none yet: the first state says no history)
    this.turnSaid = null;
    this.endSaid = false;
    this.build();
  }

  // The typed move box and the questions, in the page's language (made again when it
  // changes; the announcer's lines stay).
  build() {
    this.announcer.element.setAttribute("aria-label", t("Announcements"));
    this.moveInput = h("input", { name: "typed-move", id: "typed-move", autocomplete: "off", "aria-describedby": "typed-move-hint" });
    this.moveForm = h("form", { class: "typed-move" }, h("label", { for: "typed-move" }, t("Type a move")), this.moveInput, h("button", { type: "submit" }, t("Play this move")), h("p", { id: "typed-move-hint", class: "hint" }, t("Its number in the list, such as #3; its words; or its short form, such as r12 or c1-c2.")));
    this.moveForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.typed(this.moveInput.value);
    });
    this.question = h("select", { name: "question", id: "question" });
    this.questionsDrawn = null; // a new box: its questions are drawn at the next state
    this.question.addEventListener("change", () => this.showArgument());
    this.argument = h("input", { name: "argument", id: "question-argument", autocomplete: "off" });
    this.argumentLabel = h("label", { for: "question-argument" });
    this.answer = h("p", { class: "answer" });
    this.askForm = h(
      "form",
      { class: "ask-form" },
      h("label", { for: "question" }, t("Question")),
      this.question,
      this.argumentLabel,
      this.argument,
      h("button", { type: "submit", id: "ask-button" }, t("Ask")),
    );
    this.askForm.addEventListener("submit", (event) => {
      event.preventDefault();
      this.ask();
    });
    this.askBox = h("section", { class: "ask", "aria-labelledby": "ask-title" }, h("h2", { id: "ask-title" }, t("Ask about the game")), this.askForm, this.answer);
  }

  // The page's settings of the words: what is said, and how fast one line follows another.
  settings() {
    const select = (name, label, options) => {
      const element = h("select", { name, id: `setting-${name}` }, options.map(([value, text]) => h("option", { value, selected: choice(name) === value }, text)));
      element.addEventListener("change", () => window.localStorage.setItem(`spieltisch.${name}`, element.value));
      return h("label", { for: `setting-${name}` }, label, " ", element);
    };
    return [
      select("verbosity", t("Announce"), [
        ["turn", t("only whose turn it is")],
        ["events", t("every move and roll")],
        ["moves", t("every move and roll, and my moves as a list")],
      ]),
      select("pace", t("Pace"), [
        ["fast", t("at once")],
        ["calm", t("calmly")],
        ["slow", t("slowly")],
      ]),
    ];
  }

  // A new state: the entries not said yet, then whose turn it is, or the end.
  heard(state) {
    const verbosity = VERBOSITY.includes(choice("verbosity")) ? choice("verbosity") : DEFAULTS.verbosity;
    const entries = [...state.last_moves].sort((a, b) => a.seq - b.seq);
    if (this.said === null) {
      this.said = entries.length ? entries[entries.length - 1].seq : 0; // the page was just opened
    } else if (verbosity !== "turn") {
      for (const entry of entries) if (entry.seq > this.said) this.announcer.say(this.entryWords(entry));
    }
    if (entries.length) this.said = Math.max(this.said, entries[entries.length - 1].seq);
    if (state.status === "finished") {
      if (!this.endSaid && state.result) this.announcer.say(this.endWords(state));
      this.endSaid = true;
      return;
    }
    if (state.status !== "running" || state.to_move === null) return;
    const mine = state.legal_moves.length > 0;
    const key = mine ? `me@${state.seq}` : `seat${state.to_move}`;
    if (key === this.turnSaid) return;
    this.turnSaid = key;
    if (!mine) {
      // Said at every verbosity: "only whose turn it is" means the others' turns too.
      this.announcer.say(t("{name} to move.", { name: this.page.seatLabel(state.to_move) }));
      return;
    }
    const count = state.legal_moves.length;
    // "One move", not "1 move": espeak-ng said "1 Zug" as "eins Zug".
    const moves = count === 1 ? t("One move") : tn("{count} move", "{count} moves", count, { count: formatNumber(count) });
    this.announcer.say(`${t("Your move.")} ${moves}.`);
    // Each move a sentence with its capital: espeak-ng read "1. stopp" as "erste stopp".
    if (verbosity === "moves") state.legal_moves.forEach((item, index) => this.announcer.say(`${index + 1}. ${sentence(item.words)}`));
  }

  entryWords(entry) {
    if (entry.seat !== null && entry.seat !== undefined) return labelled(this.page.seatLabel(entry.seat), entry.words);
    if (entry.turn !== null && entry.turn !== undefined) return labelled(this.page.seatMark(entry.turn), entry.words);
    return entry.words;
  }

  endWords(state) {
    const order = state.result.ranking.map((place, seat) => ({ place, seat })).sort((a, b) => a.place - b.place);
    const places = order.map(({ place, seat }) => {
      const score = state.result.scores[seat];
      return `${labelled(t("Place {place}", { place }), this.page.seatLabel(seat))}, ${tn("{count} point", "{count} points", score, { count: formatNumber(score) })}`;
    });
    return `${t("Game over.")} ${places.join(". ")}.`;
  }

  // A typed move: "#3" or "3" (the list's third, unless "3" is itself a legal move), its
  // words or other typed words, its notation; anything else goes to the server, which
  // says why it is not legal.
  typed(text) {
    const typed = text.trim();
    const state = this.page.state;
    const legal = state ? state.legal_moves : [];
    if (!typed) return;
    if (!legal.length) {
      this.tell(t("It is not your turn."));
      return;
    }
    const lower = typed.toLocaleLowerCase();
    const exact = legal.find((item) => item.move.toLowerCase() === lower);
    const number = /^#?\s*(\d{1,4})$/.exec(typed);
    let move = exact ? exact.move : null;
    if (!move && number) {
      const index = Number(number[1]);
      if (index < 1 || index > legal.length) {
        this.tell(t("There is no move {number}. The list has {count}.", { number: index, count: legal.length }));
        return;
      }
      move = legal[index - 1].move;
    }
    if (!move) {
      // The words as shown or as said (a comma for the dash, a full stop at the end).
      const heard = (words) => spoken(words).toLocaleLowerCase().replace(/\.$/u, "");
      const words = (item) => [item.words, ...(item.typed || [])].flatMap((word) => [word.toLocaleLowerCase(), heard(word)]);
      const found = legal.filter((item) => words(item).includes(lower) || words(item).includes(heard(typed)));
      move = found.length === 1 ? found[0].move : typed;
    }
    this.moveInput.value = "";
    this.page.play(move);
  }

  // Something to tell the person at once (an answer, a typed move not understood).
  tell(text) {
    replace(this.answer, text);
    this.announcer.say(text);
  }

  // The questions are drawn again only when they changed (a new language, another
  // game's turn): redrawn at every position, the box made Orca say the chosen question
  // after every move, wherever the keyboard was.
  render(state) {
    const questions = (state && state.questions) || [];
    this.askBox.hidden = !questions.length;
    const drawn = JSON.stringify(questions.map((question) => [question.key, question.label, question.argument || ""]));
    if (drawn === this.questionsDrawn) return;
    this.questionsDrawn = drawn;
    const chosen = this.question.value;
    replace(
      this.question,
      questions.map((question) => h("option", { value: question.key, selected: question.key === chosen, "data-argument": question.argument || "" }, question.label)),
    );
    this.showArgument();
  }

  showArgument() {
    const option = this.question.selectedOptions[0];
    const label = option ? option.getAttribute("data-argument") : "";
    this.argumentLabel.hidden = this.argument.hidden = !label;
    this.argumentLabel.textContent = label || "";
  }

  ask() {
    const question = this.question.value;
    if (!question) return;
    const argument = this.argument.hidden ? "" : this.argument.value.trim();
    if (!this.page.live.send({ type: "ask", question, argument })) this.tell(t("Connection lost, reconnecting…"));
  }

  // A chat line from someone else, said once the page has shown the table (the lines
  // sent on connecting are the chat so far, not news).
  chatted(message) {
    const mine = this.page.me() && message.account === this.page.me().id;
    if (this.said === null || mine || choice("verbosity") === "turn") return;
    this.announcer.say(labelled(message.author, message.text));
  }

  answered(message) {
    this.tell(message.text);
  }

  stop() {
    this.announcer.stop();
  }
}
