// The table: the board the server drew for this seat (clicks become moves), the seats
// with whose turn and clocks, the legal moves as buttons, the move log, chat, and at the
// end the ranking, a rematch and the record. No game logic: the server says what is legal.

import { currentAccount, get, post } from "../api.js";
import { ask as askBefore } from "../ask.js";
import { formatTime, h, replace, update } from "../dom.js";
import { formatNumber, formatPercent, labelled, language, onLanguage, sentence, t, tn } from "../i18n.js";
import { icon } from "../icons.js";
import { Live } from "../live.js";
import { clearNotice, notify } from "../notice.js";
import { guestForm, openReplay, ratedBadge, seatTitle, statusName } from "./common.js";
import * as browser from "./browser_notify.js";
import { awayTag, choices, claimAnswer, claimQuestion, endingStatus, leftEvent, leftTag } from "./leaving.js";
import { extensionsAfter, extensionWords, moreTimeBox } from "./more_time.js";
import { signed } from "./rating_history.js";
import { formatRating } from "./ratings.js";
import { rulesArticle } from "./rules.js";
import { TableWords } from "./table_words.js";
import { formatDays, noticesAfter, noticesBefore, turnClockRule, turnPresence, WaitingCount } from "./turns.js";

const MOVE_SEPARATOR = ";";
const ONLY_MOVE_LOOK_MS = 900;
// The last move's animation is off by default where the system asks for reduced motion
// (the style sheet animates only where it does not, whatever this setting says).
const REDUCED_MOTION = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const DEFAULTS = { autoplay: true, sound: false, animate: !REDUCED_MOTION };

// A setting of this browser (localStorage "spieltisch.<name>": on/off).
function setting(name) {
  const stored = window.localStorage.getItem(`spieltisch.${name}`);
  return stored === null ? DEFAULTS[name] : stored === "on";
}

// A short, quiet tone (no sound file to load).
function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    volume.gain.value = 0.05;
    tone.frequency.value = 660;
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.15);
  } catch {
    // No sound where the browser allows none.
  }
}
const LONG_LIST = 12;
const HINT_SECONDS = 2; // the most a hint thinks (services/play_aids.py HINT_SECONDS)

export async function show(main, [tableId]) {
  const page = new TablePage(main, tableId);
  await page.start();
  return () => page.stop();
}

class TablePage {
  constructor(main, tableId) {
    this.main = main;
    this.tableId = tableId;
    this.table = null;
    this.state = null;
    this.log = new Map();
    this.givenUpAt = {};
    this.backAt = {};
    this.chat = [];
    this.clock = null;
    this.openedAt = Date.now();
    this.notices = new Map(); // what the server did on its own at a turn-based table
    this.build();
  }

  build() {
    this.title = h("h1", { class: "table-heading" });
    // Whose turn is said by the announcer (table_words.js), once: not by this line too.
    this.status = h("p", { class: "status" });
    this.connection = h("span", { class: "connection" });
    this.board = h("div", { class: "board-box", "aria-label": t("Board") });
    this.moves = h("section", { class: "moves", "aria-labelledby": "moves-title" });
    this.seats = h("section", { class: "seats", "aria-labelledby": "seats-title" });
    // Both lists scroll: focusable, so a keyboard can scroll them (WCAG 2.1.1).
    this.logBox = h("ol", { class: "log", "aria-live": "off", tabindex: 0, "aria-labelledby": "log-title" });
    this.chatList = h("ol", { class: "chat-lines", tabindex: 0, "aria-labelledby": "chat-title" });
    this.chatInput = h("input", { name: "chat", maxlength: 500, autocomplete: "off", "aria-label": t("Chat message") });
    this.sendButton = h("button", { type: "submit" }, t("Send"));
    this.chatForm = h("form", { class: "chat-form" }, this.chatInput, this.sendButton);
    this.chatForm.addEventListener("submit", (event) => this.sendChat(event));
    this.chatTitle = h("h2", { id: "chat-title" }, t("Chat"));
    this.end = h("section", { class: "end", hidden: true, "aria-labelledby": "end-title" });
    this.choice = h("dialog", { class: "choice" });
    this.rulesButton = h("button", { type: "button", class: "rules-button", "aria-controls": "table-rules", "aria-expanded": "false", onclick: () => this.showRules(!this.rulesOpen) }, t("Rules"));
    this.rulesPanel = h("aside", { class: "rules-panel", id: "table-rules", hidden: true, "aria-labelledby": "table-rules-title" });
    this.rulesOpen = false;
    this.words = new TableWords(this);
    this.board.addEventListener("click", (event) => this.boardClick(event));
    this.board.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        this.boardClick(event);
      }
    });
  }

  layout() {
    replace(
      this.main,
      h("div", { class: "table-top" }, this.title, this.rulesButton, this.connection),
      this.status,
      this.words.announcer.element,
      this.end,
      h(
        "div",
        { class: "table-layout" },
        h("div", { class: "play-column" }, this.board, this.moves, this.words.askBox, this.settingsBox()),
        this.rulesPanel,
        h(
          "aside",
          { class: "side" },
          this.seats,
          h("section", { class: "log-box", "aria-labelledby": "log-title" }, h("h2", { id: "log-title" }, t("Moves")), this.logBox),
          h("section", { class: "chat", "aria-labelledby": "chat-title" }, this.chatTitle, this.chatList, this.chatForm),
        ),
      ),
      this.choice,
    );
  }

  // The game's rules beside the board (in place of the seats, moves and chat while open;
  // over the page on a phone), in the page language; `anchor` scrolls to a rule's
  // paragraph, the one an illegal move's explanation cites.
  async showRules(open, anchor = null) {
    this.rulesOpen = open;
    this.rulesButton.setAttribute("aria-expanded", String(open));
    this.main.querySelector(".table-layout")?.classList.toggle("rules-open", open);
    this.rulesPanel.hidden = !open;
    if (!open) return;
    if (!this.rulesPanel.dataset.language || this.rulesPanel.dataset.language !== language()) {
      const close = h("button", { type: "button", class: "close", "aria-label": t("Close"), onclick: () => this.showRules(false) }, "×");
      const article = await rulesArticle(this.table.game);
      replace(this.rulesPanel, h("div", { class: "rules-head" }, h("h2", { id: "table-rules-title" }, t("Rules")), close), article);
      this.rulesPanel.dataset.language = language();
    }
    for (const cited of this.rulesPanel.querySelectorAll(".cited")) cited.classList.remove("cited");
    const target = anchor ? this.rulesPanel.querySelector(`[id="${CSS.escape(anchor)}"]`) : null;
    this.rulesPanel.scrollIntoView({ block: "nearest" });
    if (target) {
      // Scroll the panel alone (not the page) to the rule, just below the panel's heading.
      target.classList.add("cited");
      const head = this.rulesPanel.querySelector(".rules-head");
      const offset = target.getBoundingClientRect().top - this.rulesPanel.getBoundingClientRect().top;
      this.rulesPanel.scrollTop += offset - head.offsetHeight - 8;
    } else {
      this.rulesPanel.scrollTop = 0;
    }
  }

  async start() {
    this.layout();
    this.table = await get(`/api/tables/${this.tableId}`);
    this.waiting = new WaitingCount(() => this.renderTitle());
    this.render();
    this.live = new Live(this.tableId, (message) => this.receive(message), (status) => this.connectionStatus(status));
    window.spieltisch.live = this.live;
    this.ticker = window.setInterval(() => {
      this.renderClocks();
      this.renderRollIn();
      this.renderClaimable();
      this.renderCountdowns();
    }, 250);
    this.stopLanguage = onLanguage((code) => {
      this.log.clear(); // the server sends the recent moves again in the new language
      this.relabel();
      this.words.build();
      this.layout();
      this.render();
      if (this.rulesOpen) this.showRules(true);
      this.live.send({ type: "language", language: code });
    });
  }

  // The words of the parts built once (in `build`), in the language just chosen: the chat
  // button said "Senden" after a switch to English.
  relabel() {
    this.board.setAttribute("aria-label", t("Board"));
    this.chatInput.setAttribute("aria-label", t("Chat message"));
    this.sendButton.textContent = t("Send");
    this.rulesButton.textContent = t("Rules");
  }

  // The tab's title says when it is your turn, so a person in another tab sees it, and
  // how many turn-based games wait for your move ("(2) ▶ Mahé · spieltisch").
  renderTitle() {
    if (!this.table) return;
    const count = this.waiting ? this.waiting.prefix() : "";
    document.title = `${count}${this.yourTurn ? "▶ " : ""}${this.table.title} · spieltisch`;
  }

  stop() {
    if (this.waiting) this.waiting.stop();
    window.clearTimeout(this.holdTimer);
    window.clearTimeout(this.onlyMoveTimer);
    this.live.close();
    window.clearInterval(this.ticker);
    this.words.stop();
    this.stopLanguage();
  }

  connectionStatus(status, reason) {
    if (status === "refused") {
      // The server closed for good (no such table, a foreign origin): say why, stop.
      this.connection.textContent = reason || "";
      this.connection.className = "connection offline";
      return;
    }
    this.connection.textContent = status === "online" ? "" : t("Connection lost, reconnecting…");
    this.connection.className = `connection ${status}`;
    if (status === "online" && this.state) this.live.send({ type: "sync", last_seq: this.live.lastSeq });
  }

  receive(message) {
    if (message.type === "table") {
      this.noteGivenUp(message);
      this.sayExtensions(message);
      this.table = message;
      this.render();
      this.readChatAfterTheGame();
    } else if (message.type === "state") {
      for (const entry of message.last_moves) this.log.set(entry.seq, entry);
      this.state = message;
      if (this.table.clock && this.table.clock.mode === "turn") this.waiting.soon(); // a move: ask again
      this.rollAt = message.roll_in_ms === null || message.roll_in_ms === undefined ? null : performance.now() + message.roll_in_ms;
      this.clock = message.clock ? { ...message.clock, at: performance.now() } : null;
      this.pending = null;
      this.render();
      this.words.heard(message);
    } else if (message.type === "answer") {
      this.words.answered(message);
    } else if (message.type === "chat") {
      if (!this.chat.some((line) => line.id === message.id)) {
        this.chat.push(message);
        this.words.chatted(message);
        const me = currentAccount();
        // A line said since the page opened, by someone else: told when the tab is hidden.
        if (this.table && Date.parse(message.at) > this.openedAt && (!me || message.account !== me.id)) browser.chat(this.table.title, message.author, message.text, this.tableId);
      }
      this.renderChat();
    } else if (message.type === "error") {
      this.pending = null;
      const rule = message.rule ? h("button", { type: "button", class: "link rule-link", onclick: () => this.showRules(true, message.rule) }, t("Read the rule")) : null;
      notify(message.message, "error", "", rule);
    } else if (message.type === "ack") {
      clearNotice();
    } else if (message.type === "presence") {
      this.presence = { ...message, at: performance.now() };
      this.renderSeats();
    } else if (message.type === "notice") {
      // One line per happening: told live, and again from the log when the page reconnects.
      this.notices.set(`${message.seq} ${message.kind} ${message.seat}`, message);
      this.renderLog();
    } else if (message.type === "takeback") {
      this.takeback = message;
      if (message.declined_by !== null) notify(t("{name} declined the takeback.", { name: this.seatLabel(message.declined_by) }));
      this.renderStatus();
    }
  }

  // Time given to a seat is said once, as the log says it (more_time.js).
  sayExtensions(table) {
    const before = ((this.table && this.table.clock) || {}).extensions || [];
    const after = (table.clock || {}).extensions || [];
    if (!this.table) return;
    for (const extension of after.slice(before.length)) this.words.announcer.say(extensionWords(table.clock, extension, this.seatLabel(extension.seat)));
  }

  // When a seat was left (or taken back), so the log says it after the entry that was
  // the last one then.
  noteGivenUp(table) {
    for (const seat of table.seats) {
      const was = this.table && leftAs(this.table, seat.seat);
      const now = leftAs(table, seat.seat);
      if (this.table && now !== was) {
        if (now) this.givenUpAt[seat.seat] = this.live.lastSeq;
        else this.backAt[seat.seat] = this.live.lastSeq;
      }
    }
  }

  // Once the game is over, the players may read what the watchers said (and the
  // watchers what the players said): the chat's lines are asked for again.
  async readChatAfterTheGame() {
    if (this.table.status === "open" || this.table.status === "running" || this.chatReadAfter) return;
    this.chatReadAfter = true;
    try {
      for (const line of await get(`/api/tables/${this.tableId}/chat`)) {
        if (!this.chat.some((known) => known.id === line.id)) this.chat.push(line);
      }
      this.chat.sort((a, b) => a.id - b.id);
      this.renderChat();
    } catch {
      // A private table's chat is for its players: nothing more to read.
    }
  }

  me() {
    return currentAccount();
  }

  // Whether this page's account holds a seat (also one given up or played by a substitute).
  isPlayer() {
    const me = this.me();
    return Boolean(me && this.table && this.table.seats.some((seat) => seat.kind === "human" && seat.account === me.id));
  }

  mySeat() {
    if (this.state && this.state.seat !== null && this.state.seat !== undefined) return this.state.seat;
    const me = this.me();
    if (!me || !this.table) return null;
    const seat = this.table.seats.find((s) => s.account === me.id && s.kind === "human");
    return seat ? seat.seat : null;
  }

  seatMark(number) {
    const marks = this.state ? this.state.seat_marks || [] : [];
    return marks[number] || t("Seat {number}", { number: number + 1 });
  }

  // One name per seat on every part of the page: "Yellow · computer (easy)".
  seatLabel(number) {
    const seat = this.table && this.table.seats[number];
    const marks = this.state ? this.state.seat_marks || [] : [];
    return seat ? seatTitle(seat, marks[number]) : marks[number] || t("Seat {number}", { number: number + 1 });
  }

  render() {
    if (!this.table) return;
    replace(this.title, this.table.title, " ", ratedBadge(this.table));
    const yourTurn = this.state && this.state.status !== "finished" && this.state.legal_moves.length > 0;
    this.yourTurn = yourTurn;
    this.renderTitle();
    this.renderStatus();
    this.board.classList.toggle("animate", setting("animate"));
    this.renderBoard();
    this.onlyMove();
    this.turnSound(yourTurn);
    this.renderMoves();
    this.words.render(this.state);
    this.renderSeats();
    this.renderLog();
    this.renderChat();
    this.renderEnd();
  }

  // The page's own settings, kept in this browser: the only legal move played after a
  // short look, a sound when it becomes your turn, the last move's short animation.
  settingsBox() {
    const box = (name, label) => {
      const input = h("input", { type: "checkbox", name, checked: setting(name) });
      input.addEventListener("change", () => {
        window.localStorage.setItem(`spieltisch.${name}`, input.checked ? "on" : "off");
        this.render();
      });
      return h("label", {}, input, label);
    };
    return h(
      "div",
      { class: "table-settings" },
      box("autoplay", t("Play the only legal move for me")),
      box("sound", t("Sound when it is my turn")),
      box("animate", t("Animate the last move")),
      this.words.settings(),
      h("a", { href: "#/accessibility", class: "statement-link", hreflang: language() === "en" ? null : "en" }, t("How to play with a screen reader and a keyboard")),
    );
  }

  // One legal move only: played for you after a short look (the setting turns it off).
  onlyMove() {
    const state = this.state;
    window.clearTimeout(this.onlyMoveTimer);
    if (!state || !setting("autoplay") || state.status !== "running" || state.legal_moves.length !== 1) return;
    const seq = state.seq;
    this.onlyMoveTimer = window.setTimeout(() => {
      if (this.state && this.state.seq === seq) this.play(state.legal_moves[0].move);
    }, ONLY_MOVE_LOOK_MS);
  }

  turnSound(yourTurn) {
    const now = Boolean(yourTurn);
    if (now && !this.wasMyTurn && setting("sound")) beep();
    if (now && !this.wasMyTurn) browser.turn(this.table.title, this.tableId);
    const over = this.state && this.state.status === "finished";
    if (over && this.wasRunning && this.isPlayer()) browser.finished(this.table.title, this.tableId);
    this.wasRunning = Boolean(this.state && this.state.status === "running");
    this.wasMyTurn = now;
  }

  // Who watches without a seat, as the server last said.
  watchers() {
    const watching = (this.presence && this.presence.watching) || [];
    if (!watching.length) return null;
    const named = watching.filter((name) => name !== "?");
    const unnamed = watching.length - named.length;
    const names = [...named, unnamed ? tn("{count} person without a name", "{count} people without a name", unnamed, { count: formatNumber(unnamed) }) : null].filter(Boolean);
    return h("p", { class: "watchers" }, labelled(t("Watching"), names.join(", ")));
  }

  // A table waiting for a friend: the link to send them.
  invite() {
    const table = this.table;
    if (table.status !== "open" || !table.seats.some((seat) => seat.kind === "open")) return null;
    const link = `${location.origin}${location.pathname}#/table/${table.id}`;
    const field = h("input", { type: "text", readonly: true, value: link, "aria-label": t("Invite link"), class: "invite-link" });
    const copy = h("button", { type: "button", class: "copy" }, this.copied || t("Copy the link"));
    copy.addEventListener("click", () => {
      field.select();
      // The page's own copy first (no permission asked); the link stays selected anyway.
      this.copied = document.execCommand("copy") ? t("Copied") : t("Selected: copy it with Ctrl+C");
      copy.textContent = this.copied;
    });
    return h("div", { class: "invite" }, h("span", {}, t("Invite a friend:")), field, copy);
  }

  // What happens when a clock runs out (docs/web.md, "Clocks"), said where the clocks are.
  // The creator's box to give a player more time, kept while the seats are drawn again
  // (each presence change and countdown): it stays open with its choice.
  moreTime() {
    const me = this.me();
    const key = JSON.stringify([this.table.status, this.table.seats.map((seat) => [seat.kind, seat.resigned, seat.left, this.seatLabel(seat.seat)]), language()]);
    if (!this.moreTimeKept || this.moreTimeKept.key !== key) {
      const changed = (table) => {
        this.sayExtensions(table);
        this.table = table;
        this.render();
      };
      this.moreTimeKept = { key, element: moreTimeBox(this.table, me, (seat) => this.seatLabel(seat), changed) };
    }
    return this.moreTimeKept.element;
  }

  clockRule() {
    const clock = this.table.clock || {};
    if (clock.mode === "turn") return turnClockRule(clock);
    if (clock.mode && clock.on_timeout === "lose") return h("p", { class: "clock-rule" }, t("When a player's time runs out, they lose as if they had resigned."));
    if (clock.mode === "move") return h("p", { class: "clock-rule" }, t("When a move's time runs out, the computer (easy) plays that move."));
    if (clock.mode !== "game") return null;
    const bonus = clock.increment ? [" ", t("Each move made in time adds {seconds} s.", { seconds: clock.increment })] : [];
    return h("p", { class: "clock-rule" }, t("When a player's time runs out, the computer (easy) plays their moves to the end; nobody loses on time."), bonus);
  }

  renderStatus() {
    const table = this.table;
    const state = this.state;
    const parts = [];
    if (table.status === "open") {
      parts.push(t("Waiting for players."));
      if (table.rematch_of) parts.push(" ", t("The rematch starts when every player has accepted."));
      const me = this.me();
      if (!me) parts.push(guestForm(() => this.render()));
      const full = table.seats.every((seat) => seat.kind === "ai" || seat.kind === "human");
      const seated = me && table.seats.some((seat) => seat.account === me.id);
      if (full && (seated || (me && table.created_by === me.id))) {
        parts.push(" ", h("button", { class: "start", onclick: () => this.startGame() }, t("Start the game")));
      }
    } else if (state && state.status === "finished") {
      parts.push(t("Game over."));
    } else if (endingStatus(table, (seat) => this.seatLabel(seat))) {
      parts.push(endingStatus(table, (seat) => this.seatLabel(seat)));
    } else if (this.substitutedForMe()) {
      // Away too long: the computer played for you; your seat is yours to take back.
      parts.push(t("You were away: the computer plays your seat."), " ");
      parts.push(h("button", { type: "button", class: "take-back", onclick: () => this.takeSeatBack() }, t("Take my seat back")));
    } else if (table.paused) {
      parts.push(t("Paused: no clock runs until the player comes back."));
    } else if (state && state.to_move === null && state.status === "running" && this.rollAt !== null) {
      // A person's move stands a moment before the next player's roll: the takeback moment.
      parts.push(h("span", { class: "roll-waits" }, t("The next roll comes in a moment.")));
      const mine = state.seat !== null && state.seat !== undefined ? table.seats.find((seat) => seat.seat === state.seat) : null;
      if (mine && !mine.resigned) parts.push(...this.takebackParts(state));
    } else if (state && state.to_move !== null) {
      if (state.to_move === state.seat) {
        parts.push(h("strong", { class: "your-turn" }, t("Your move.")));
        // The engine's best move and win chance, when asked: only in casual games (the
        // server refuses in rated ones: tournament games, every seat a different person).
        if (this.hint && this.hint.seq === state.seq) parts.push(" ", h("span", { class: "hint-line" }, this.hint.text));
        else if (this.hintAsked === state.seq) parts.push(" ", h("span", { class: "hint-thinking" }, t("Thinking… (at most {seconds} s)", { seconds: formatNumber(HINT_SECONDS) })));
        else if (!table.rated) parts.push(" ", h("button", { type: "button", class: "hint-button", onclick: () => this.askHint() }, t("Hint")));
      }
      else parts.push(t("{name} to move.", { name: this.seatLabel(state.to_move) }));
      // The resign answer (the table) can come before the finished state: no second resign.
      const mine = state.seat !== null && state.seat !== undefined ? table.seats.find((seat) => seat.seat === state.seat) : null;
      if (mine && !mine.resigned) {
        // Before every player has moved the game may be aborted (no result, nobody rated).
        if (state.abortable) parts.push(" ", h("button", { type: "button", class: "abort", onclick: () => this.abort() }, t("Abort the game")));
        parts.push(" ", h("button", { type: "button", class: "resign", onclick: () => this.resign() }, t("Resign")));
        parts.push(...this.takebackParts(state));
      }
    } else {
      parts.push(statusName(table.status));
    }
    replace(this.status, parts);
  }

  renderBoard() {
    if (!this.state) {
      replace(this.board);
      return;
    }
    if (this.state.board_svg) {
      // A picture may ask to stay a moment (a trick just taken): a newer one waits.
      const wait = this.holdLeft();
      window.clearTimeout(this.holdTimer);
      if (wait > 0) {
        for (const target of this.board.querySelectorAll("[data-move], [data-moves], [data-illegal-move]")) {
          for (const name of ["data-move", "data-moves", "data-illegal-move"]) target.removeAttribute(name);
        }
        this.holdTimer = window.setTimeout(() => this.renderBoard(), wait);
        return;
      }
      // The board is drawn by the game's svg part on the server, from this seat's view.
      const before = this.boardSeq !== undefined && this.state.seq > this.boardSeq ? piecePlaces(this.board) : null;
      const active = document.activeElement;
      const boardFocused = this.board.contains(active);
      this.board.innerHTML = this.state.board_svg;
      if (boardFocused) this.keepFocus(active, this.board);
      showYou(this.board, this.state.seat);
      if (before && before.size) this.moved = movedPieces(before, piecePlaces(this.board)) || this.moved;
      if (this.moved) markMoved(this.board, this.moved);
      this.boardSeq = this.state.seq;
      this.board.dataset.seq = String(this.state.seq); // which position the picture shows
      this.boardShownAt = performance.now();
    } else {
      replace(this.board, h("pre", {}, JSON.stringify(this.state.view, null, 1)));
    }
  }

  // How much longer the picture shown asks to stay before a newer position replaces it.
  holdLeft() {
    const marker = this.board.querySelector("[data-hold-ms]");
    if (!marker || this.boardSeq === this.state.seq) return 0;
    return Number(marker.getAttribute("data-hold-ms")) - (performance.now() - this.boardShownAt);
  }

  wordsOf(move) {
    const found = this.state && this.state.legal_moves.find((legal) => legal.move === move);
    return found ? found.words : move;
  }

  boardClick(event) {
    const target = event.target.closest("[data-move], [data-moves], [data-illegal-move]");
    if (!target || !this.board.contains(target)) return;
    if (target.hasAttribute("data-move")) {
      this.play(target.getAttribute("data-move"));
      return;
    }
    if (target.hasAttribute("data-illegal-move")) {
      // Not legal now: the server answers with the engine's reason, in the page language.
      this.play(target.getAttribute("data-illegal-move"));
      return;
    }
    const moves = target.getAttribute("data-moves").split(MOVE_SEPARATOR);
    this.ask(moves, target.getAttribute("aria-label") || "");
  }

  ask(moves, question) {
    replace(
      this.choice,
      h("h2", {}, question ? sentence(question) : t("Which move?")),
      h(
        "div",
        { class: "choices" },
        moves.map((move) => h("button", { type: "button", "data-choice": move, onclick: () => { this.choice.close(); this.play(move); } }, sentence(this.wordsOf(move)))),
      ),
      h("button", { type: "button", class: "cancel", onclick: () => this.choice.close() }, t("Cancel")),
    );
    this.choice.showModal();
  }

  play(move) {
    if (!this.state) return;
    if (this.pending === this.state.seq) return;
    this.pending = this.state.seq;
    if (!this.live.send({ type: "move", seq: this.state.seq, move })) {
      this.pending = null;
      notify(t("Connection lost, reconnecting…"));
    }
  }

  renderMoves() {
    const legal = this.state ? this.state.legal_moves : [];
    // A seat in play keeps its box to type a move (and the keyboard's place in it) also
    // while the others move; the list comes with its turn.
    const seated = this.state && this.state.seat !== null && this.state.seat !== undefined && this.state.status === "running";
    this.moves.hidden = !legal.length && !seated;
    const active = document.activeElement;
    const inside = this.moves.contains(active) && active !== this.moves;
    const title = h("h2", { id: "moves-title", tabindex: "-1" }, t("Your moves"));
    if (!legal.length) {
      replace(this.moves, seated ? [title, this.words.moveForm] : []);
    } else {
      const list = h("ul", { class: "move-list" }, legal.map((item) => h("li", {}, h("button", { type: "button", "data-move": item.move, onclick: () => this.play(item.move) }, sentence(item.words)))));
      // A long list (Mabula has dozens of pushes) stays folded; the board is quicker.
      const body = legal.length > LONG_LIST ? h("details", {}, h("summary", {}, tn("All {count} move as a list", "All {count} moves as a list", legal.length, { count: formatNumber(legal.length) })), list) : list;
      replace(this.moves, title, this.words.moveForm, body);
    }
    if (inside) this.keepFocus(active, this.moves);
  }

  // The keyboard keeps its place when the moves or the board are drawn again: in the
  // box to type a move (drawn again as it was), on the same move where it is still legal
  // (the page drawn again for news of the table), else, its move played, on the heading
  // of the moves, one Tab before the box (it fell to the page's start, and a keyboard
  // took a dozen Tabs back to the next move).
  keepFocus(active, within) {
    if (active.isConnected) {
      active.focus({ preventScroll: true });
      return;
    }
    const move = active.getAttribute("data-move");
    const same = move === null ? null : within.querySelector(`[data-move="${CSS.escape(move)}"]`);
    if (same) same.focus({ preventScroll: true });
    else if (!this.moves.hidden) this.moves.querySelector("#moves-title")?.focus();
  }

  renderSeats() {
    const table = this.table;
    const state = this.state;
    const me = this.me();
    const seated = me && table.seats.some((seat) => seat.account === me.id);
    const result = state && state.result;
    const items = table.seats.map((seat) => {
      const toMove = state && state.status !== "finished" && state.to_move === seat.seat;
      const parts = [h("span", { class: "marker", "aria-hidden": "true" }, toMove ? icon("next") : ""), h("span", { class: "name" }, this.seatLabel(seat.seat))];
      // "(you)": the seat this page plays, and a seat you gave up (yours still, to the end page).
      const mine = seat.seat === state?.seat || ((seat.resigned || seat.left) && me && seat.account === me.id);
      if (state && mine) parts.push(h("span", { class: "you" }, t("(you)")));
      if (seat.left || seat.resigned) parts.push(leftTag(seat));
      parts.push(...this.presenceOf(seat));
      if (toMove) parts.push(h("span", { class: "visually-hidden" }, t("to move")));
      parts.push(h("span", { class: "clock", "data-seat": seat.seat }));
      if (result) parts.push(h("span", { class: "score" }, tn("{count} point", "{count} points", result.scores[seat.seat], { count: formatScore(result.scores[seat.seat]) })));
      const mayTake = seat.kind === "open" || (seat.kind === "reserved" && me && seat.account === me.id);
      if (table.status === "open" && mayTake && me && !seated) {
        parts.push(h("button", { type: "button", class: "sit", onclick: () => this.sit(seat.seat) }, t("Sit here")));
      }
      return h("li", { class: `seat ${toMove ? "to-move" : ""}`, "data-seat": seat.seat }, parts);
    });
    replace(this.seats, h("h2", { id: "seats-title" }, t("Players")), h("ul", { class: "seat-list" }, items), this.invite(), this.clockRule(), this.moreTime(), this.watchers());
    this.renderClocks();
  }

  // A person's seat with no connection open is shown away; once away long enough, the
  // others who play here may hand it to the computer (the server checks it again).
  // Everyone sees the away time count down; once it has run out, the others who play
  // here choose: the computer plays the seat at its person's level (they may take it
  // back), or in a game of two the win (the server checks it again).
  presenceOf(seat) {
    const presence = this.presence;
    const found = presence && presence.seats.find((item) => item.seat === seat.seat);
    if ((this.table.clock || {}).mode === "turn") return turnPresence(found, seat, this.table);
    if (!found || found.here || found.substitute || seat.left || seat.resigned || this.table.status !== "running") return [];
    if (this.table.paused) return [h("span", { class: "away" }, t("away"))]; // nobody to choose
    const parts = awayTag(found, presence);
    const awayFor = found.away_ms + (performance.now() - presence.at);
    const mine = this.state && this.state.seat !== null && this.state.seat !== undefined;
    if (mine && awayFor >= presence.claim_after_ms) parts.push(" ", ...choices(this, seat, this.table.seats.length));
    return parts;
  }

  // The away countdowns, each second (the seats are drawn again when it runs out).
  renderCountdowns() {
    if (!this.presence) return;
    for (const element of this.seats.querySelectorAll(".countdown")) {
      const found = this.presence.seats.find((item) => item.seat === Number(element.getAttribute("data-seat")));
      if (!found || found.away_ms === null) continue;
      const left = this.presence.claim_after_ms - (found.away_ms + (performance.now() - this.presence.at));
      element.textContent = t("choice in {time}", { time: formatTime(Math.max(0, left)) });
    }
  }

  // The seat a substitute plays for the account of this page, if any.
  substitutedForMe() {
    const me = this.me();
    if (!me || !this.table || this.table.status !== "running") return null;
    return this.table.seats.find((seat) => seat.account === me.id && seat.left === "substitute") || null;
  }

  // Seats become claimable while the page shows them: draw the seats again when that
  // changes (the server sends presence only when someone comes or goes).
  renderClaimable() {
    if (!this.presence || !this.table) return;
    const key = this.table.seats.filter((seat) => this.presenceOf(seat).some((part) => part.tagName === "BUTTON")).map((seat) => seat.seat).join(",");
    if (key !== this.claimable) {
      this.claimable = key;
      this.renderSeats();
    }
  }

  // The hint thinks at most HINT_SECONDS (the server's promise): the page says so meanwhile.
  async askHint() {
    const seq = this.state.seq;
    this.hintAsked = seq;
    this.renderStatus();
    try {
      const advice = await get(`/api/tables/${this.tableId}/hint?lang=${language()}`);
      const chance = formatPercent(advice.win_chance);
      this.hint = { seq, text: t("Hint: {move} (win chance {chance})", { move: advice.words, chance }) };
    } catch (error) {
      notify(error.message);
    } finally {
      this.hintAsked = null;
      this.renderStatus();
    }
  }

  // A takeback (casual games without hidden cards): ask, or answer the one asked in this
  // position (a move made since ends it).
  takebackParts(state) {
    const asked = this.takeback && this.takeback.asked_by !== null && this.takeback.seq === state.seq ? this.takeback : null;
    if (asked && asked.waiting.includes(state.seat)) {
      return [
        " ",
        h("span", { class: "takeback-asked" }, t("{name} asks to take back their last move.", { name: this.seatLabel(asked.asked_by) })),
        " ",
        h("button", { type: "button", class: "takeback-accept", onclick: () => this.answerTakeback(true) }, t("Accept the takeback")),
        " ",
        h("button", { type: "button", class: "takeback-decline", onclick: () => this.answerTakeback(false) }, t("Decline")),
      ];
    }
    if (asked) return [" ", h("span", { class: "takeback-asked" }, t("Takeback asked: waiting for the others."))];
    // Offered exactly when the server grants it (state.takeback); in a dice game until
    // the next roll, which the page counts down.
    if (!state.takeback) return [];
    const parts = [" ", h("button", { type: "button", class: "takeback", onclick: () => this.askTakeback() }, t("Take back"))];
    if (this.rollAt !== null) parts.push(" ", h("span", { class: "takeback-rule" }, this.rollInText()));
    return parts;
  }

  rollInText() {
    const seconds = Math.max(0, Math.ceil((this.rollAt - performance.now()) / 1000));
    return tn("Casual game: you may take your move back until the next roll, in {count} second.", "Casual game: you may take your move back until the next roll, in {count} seconds.", seconds, { count: formatNumber(seconds) });
  }

  renderRollIn() {
    const rule = this.status.querySelector(".takeback-rule");
    if (rule && this.rollAt !== null) rule.textContent = this.rollInText();
  }

  async askTakeback() {
    try {
      this.takeback = await post(`/api/tables/${this.tableId}/takeback`);
      this.renderStatus();
    } catch (error) {
      notify(error.message);
    }
  }

  async answerTakeback(accept) {
    try {
      this.takeback = await post(`/api/tables/${this.tableId}/takeback/answer`, { accept });
      this.renderStatus();
    } catch (error) {
      notify(error.message);
    }
  }

  async resign() {
    if (!(await askBefore(t("Give up this game? With two players you lose it; with more, the computer plays your seat to the end and you are ranked last."), t("Resign"), t("Keep playing")))) return;
    try {
      const table = await post(`/api/tables/${this.tableId}/resign`);
      this.noteGivenUp(table);
      this.table = table;
      this.render();
    } catch (error) {
      notify(error.message);
    }
  }

  async abort() {
    if (!(await askBefore(t("Abort this game? Nobody wins and nobody is rated."), t("Abort the game"), t("Keep playing")))) return;
    await this.changeTable(`/api/tables/${this.tableId}/abort`);
  }

  async takeSeatBack() {
    await this.changeTable(`/api/tables/${this.tableId}/return`);
    this.reconnect(); // the connection plays the seat again
  }

  async changeTable(path, body) {
    try {
      const table = await post(path, body);
      this.noteGivenUp(table);
      this.table = table;
      this.render();
    } catch (error) {
      notify(error.message);
    }
  }

  async claim(seat, choice) {
    if (!(await askBefore(claimQuestion(choice, this.seatLabel(seat.seat)), claimAnswer(choice)))) return;
    try {
      const table = await post(`/api/tables/${this.tableId}/claim`, { seat: seat.seat, choice });
      this.noteGivenUp(table);
      this.table = table;
      this.render();
    } catch (error) {
      notify(error.message);
      if (error.retryAfter !== null && error.retryAfter !== undefined) this.awayAsServerSays(seat.seat, error.retryAfter);
    }
  }

  // The server refused a choice as too early (another process saw the person leave later
  // than this page was told): count down again to the moment it names, then offer it again.
  awayAsServerSays(seat, seconds) {
    const presence = this.presence;
    if (!presence) return;
    const now = performance.now();
    const seats = presence.seats.map((found) => {
      if (found.away_ms === null || found.away_ms === undefined) return found;
      const away = found.seat === seat ? presence.claim_after_ms - seconds * 1000 : found.away_ms + (now - presence.at);
      return { ...found, away_ms: away };
    });
    this.presence = { ...presence, seats, at: now };
    this.renderSeats();
  }

  renderClocks() {
    const clock = this.clock;
    if (!clock || !this.state || this.state.status === "finished") return;
    const elapsed = performance.now() - clock.at;
    for (const element of this.seats.querySelectorAll(".clock")) {
      const seat = Number(element.getAttribute("data-seat"));
      let left = clock.time_left_ms[seat];
      if (left === null || left === undefined) {
        element.textContent = "";
        continue;
      }
      if (clock.mode === "turn") {
        // On vacation the clock of the seat to move stands still (the log says until when).
        const away = clock.running === seat && clock.vacation_ms > elapsed;
        if (away) left -= clock.vacation_ms;
        else if (clock.running === seat) left -= elapsed;
        element.classList.toggle("paused", away);
        replace(element, icon("clock"), away ? t("{time}, on vacation", { time: formatDays(left) }) : formatDays(left));
        continue;
      }
      if (clock.running === seat) left -= elapsed;
      replace(element, icon("clock"), formatTime(left));
      element.classList.toggle("low", left < 10000);
    }
  }

  renderLog() {
    const entries = [...this.log.values()].sort((a, b) => a.seq - b.seq);
    // A takeback withdraws the entries after its `keep`: they stay, struck through.
    const withdrawn = new Set();
    for (const entry of entries) {
      if (entry.keep === null || entry.keep === undefined) continue;
      for (const earlier of entries) if (earlier.seq > entry.keep && earlier.seq < entry.seq) withdrawn.add(earlier.seq);
    }
    update(
      this.logBox,
      noticesBefore(this.notices, entries),
      entries.map((entry) => {
        // The entry's own number (a reloaded page shows the last 50 of 1457, not 1 to 50).
        const number = h("span", { class: "seq" }, `${entry.seq}.`);
        // A move names its seat; a die names whose turn it is, as the board does.
        const turn = entry.turn === null || entry.turn === undefined ? "" : `${this.seatMark(entry.turn)} · `;
        const who = entry.seat === null ? turn : labelled(this.seatLabel(entry.seat));
        const taken = withdrawn.has(entry.seq);
        const said = who ? entry.words : sentence(entry.words);
        const words = taken ? h("del", {}, who, said) : h("span", {}, who, said);
        const kind = `${entry.seat === null ? "chance" : "move"}${taken ? " withdrawn" : ""}`;
        const line = h("li", { class: kind, "data-seq": entry.seq }, number, words, taken ? h("span", { class: "taken-back" }, t("taken back")) : null);
        return [line, ...noticesAfter(this.notices, entry.seq, entries), ...this.givenUpAfter(entry.seq, entries)];
      }),
    );
    this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  // "Red · Ana gave up", after the entry that was the last one when the page learnt it
  // (after the last entry when it happened before the page was opened).
  // So is a seat taken back ("Red · Bo is back"), and after the last entry how a table
  // ended without its game's end (aborted, abandoned).
  givenUpAfter(seq, entries) {
    const last = entries.length ? entries[entries.length - 1].seq : 0;
    const event = (text) => h("li", { class: "event" }, h("span", { class: "seq" }), h("span", {}, text));
    const lines = [];
    for (const seat of this.table.seats) {
      const name = this.seatLabel(seat.seat);
      if (this.backAt[seat.seat] !== undefined && Math.min(this.backAt[seat.seat], last) === seq) lines.push(event(t("{name} is back and plays again", { name })));
      if (leftAs(this.table, seat.seat) && Math.min(this.givenUpAt[seat.seat] ?? last, last) === seq) lines.push(event(leftEvent({ ...seat, resigned: true }, name)));
    }
    const first = entries.length ? entries[0].seq : 0;
    for (const extension of extensionsAfter(this.table, seq, first)) lines.push(event(extensionWords(this.table.clock, extension, this.seatLabel(extension.seat))));
    const ended = seq === last ? endingStatus(this.table, (number) => this.seatLabel(number)) : null;
    if (ended) lines.push(event(ended));
    return lines;
  }

  renderChat() {
    // While the game runs, players and watchers each have their own room.
    const running = this.table && this.table.status === "running";
    this.chatTitle.textContent = running ? (this.isPlayer() ? t("Players' chat") : t("Watchers' chat")) : t("Chat");
    update(
      this.chatList,
      this.chat.map((line) => h("li", { class: line.watchers ? "from-watcher" : "" }, h("strong", {}, labelled(line.author).trimEnd()), line.watchers && !running ? [" ", h("span", { class: "watching-mark" }, t("(watching)"))] : null, " ", line.text)),
    );
    this.chatList.scrollTop = this.chatList.scrollHeight;
    this.chatForm.hidden = !this.me();
  }

  sendChat(event) {
    event.preventDefault();
    const text = this.chatInput.value.trim();
    if (!text) return;
    if (this.live.send({ type: "chat", text })) this.chatInput.value = "";
  }

  renderEnd() {
    const state = this.state;
    if (!state || state.status !== "finished" || !state.result) {
      this.end.hidden = true;
      return;
    }
    const ranking = state.result.ranking;
    const order = ranking.map((place, seat) => ({ place, seat })).sort((a, b) => a.place - b.place);
    this.askRating();
    const rated = this.rating && this.rating.rated;
    const changes = rated ? Object.fromEntries(this.rating.changes.map((change) => [change.seat, change])) : {};
    const rows = order.map(({ place, seat }) =>
      h(
        "tr",
        {},
        h("td", {}, String(place)),
        h("td", {}, this.seatLabel(seat), this.table.seats[seat].left || this.table.seats[seat].resigned ? [" ", leftTag(this.table.seats[seat])] : null),
        h("td", {}, formatScore(state.result.scores[seat])),
        rated ? h("td", { class: `rating-change ${changes[seat] && changes[seat].delta < 0 ? "down" : "up"}` }, changes[seat] ? `${signed(changes[seat].delta)} → ${formatRating(changes[seat].after)}` : "") : null,
      ),
    );
    const actions = [];
    if (this.mySeat() !== null) {
      // Asking for a rematch, or accepting one asked for: it starts once every player has.
      const label = this.table.rematch ? t("Accept the rematch") : t("Rematch");
      actions.push(h("button", { type: "button", class: "rematch", onclick: () => this.rematch() }, label));
    } else if (this.table.rematch) {
      actions.push(h("a", { class: "button", href: `#/table/${this.table.rematch}` }, t("Go to the rematch")));
    }
    actions.push(h("a", { class: "button", href: `/api/games/${this.tableId}/record`, download: `${this.tableId}.json` }, t("Download the record")));
    actions.push(h("button", { type: "button", onclick: () => openReplay(this.tableId).catch((error) => notify(error.message)) }, t("Replay")));
    if (this.rating && this.rating.tournament) actions.push(h("a", { class: "button", href: `#/tournament/${this.rating.tournament}` }, t("Back to the tournament")));
    actions.push(h("a", { class: "button", href: "#/" }, t("Back to the lobby")));
    // The keyboard keeps its place in the end as it is drawn again (a chat line, the
    // ratings, a rematch asked for), and comes to its heading when the end first shows
    // where its place went with the game (the moves, the button to give up): it fell to
    // the page's body.
    const focusable = () => [...this.end.querySelectorAll("button, a, [tabindex]")];
    const place = focusable().indexOf(document.activeElement);
    const lost = this.end.hidden && (!document.activeElement || document.activeElement === document.body);
    replace(
      this.end,
      h("h2", { id: "end-title", tabindex: "-1" }, t("Result")),
      h("table", { class: "ranking" }, h("thead", {}, h("tr", {}, h("th", {}, t("Place")), h("th", {}, t("Player")), h("th", {}, t("Score")), rated ? h("th", {}, t("Rating change")) : null)), h("tbody", {}, rows)),
      h("div", { class: "actions" }, actions),
    );
    this.end.hidden = false;
    const now = focusable();
    if (place >= 0) (now[place] || now[0]).focus({ preventScroll: true });
    else if (lost) now[0].focus();
  }

  // A rated game changed the players' ratings: ask once, when the game has ended (a
  // tournament table's result may come in a moment later; ask again once then).
  askRating() {
    if (this.ratingAsked) return;
    this.ratingAsked = true;
    const ask = (again) =>
      get(`/api/tables/${this.tableId}/rating`)
        .then((rating) => {
          this.rating = rating;
          if (!rating.rated && again) window.setTimeout(() => ask(false), 1500);
          else this.renderEnd();
        })
        .catch(() => {});
    ask(true);
  }

  async sit(seat) {
    try {
      this.table = await post(`/api/tables/${this.tableId}/join`, { seat });
      this.reconnect();
    } catch (error) {
      notify(error.message);
    }
  }

  async startGame() {
    try {
      this.table = await post(`/api/tables/${this.tableId}/start`);
      this.render();
    } catch (error) {
      notify(error.message);
    }
  }

  async rematch() {
    try {
      const table = await post(`/api/tables/${this.tableId}/rematch`);
      location.hash = `#/table/${table.id}`;
    } catch (error) {
      notify(error.message);
    }
  }

  // After sitting down the connection must be opened again to play the seat.
  reconnect() {
    this.live.close();
    this.log.clear();
    this.state = null;
    this.live = new Live(this.tableId, (message) => this.receive(message), (status) => this.connectionStatus(status));
    window.spieltisch.live = this.live;
    this.render();
  }
}

// One picture of a position serves every seat that is not to move (the server draws it
// once per language): each player's line carries its words with "(you)", and the page
// puts them in for the seat it plays.
function showYou(board, seat) {
  if (seat === null || seat === undefined) return;
  for (const line of board.querySelectorAll(`[data-you="${seat}"]`)) line.textContent = line.getAttribute("data-you-text");
}

// The last move marked on the board, from the pictures alone: pieces that carry their
// square (MÄDN's pieces, Mabula's marbles) and stand elsewhere than in the picture before
// get a ring where they stand now and a dashed one where they stood (also out of the
// house and inside the goal). Rolls that move nothing keep the last move's marks.
const PIECES = "[data-square][data-piece], [data-square][data-marble]";

function piecePlaces(board) {
  const places = new Map();
  for (const piece of board.querySelectorAll(PIECES)) {
    const key = `${piece.dataset.piece || piece.dataset.marble}@${piece.dataset.square}`;
    const circle = piece.querySelector("circle");
    if (!circle) continue;
    const place = { cx: circle.getAttribute("cx"), cy: circle.getAttribute("cy"), r: Number(circle.getAttribute("r")) };
    places.set(key, [...(places.get(key) || []), place]);
  }
  return places;
}

function movedPieces(before, after) {
  const from = [];
  const to = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key) || [];
    const is = after.get(key) || [];
    if (was.length > is.length) from.push(...was.slice(is.length));
    if (is.length > was.length) to.push({ key, count: is.length - was.length });
  }
  return from.length || to.length ? { from, to } : null;
}

function markMoved(board, moved) {
  const svg = board.querySelector("svg");
  if (!svg) return;
  for (const place of moved.from) {
    const ring = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    ring.setAttribute("cx", place.cx);
    ring.setAttribute("cy", place.cy);
    ring.setAttribute("r", String(place.r * 1.25));
    ring.setAttribute("class", "moved-from");
    svg.append(ring);
  }
  for (const { key, count } of moved.to) {
    const [kind, square] = key.split("@");
    const pieces = [...svg.querySelectorAll(PIECES)].filter((piece) => (piece.dataset.piece || piece.dataset.marble) === kind && piece.dataset.square === square);
    for (const piece of pieces.slice(-count)) piece.classList.add("moved-to");
  }
}

// How a seat's person left it (resigned, timed_out, claimed, substitute), or null while
// they play it: handed to the computer, or given up in a game that ended with it.
function leftAs(table, seat) {
  const resigned = (table.result && table.result.resigned) || [];
  const found = table.seats[seat];
  return found.left || (found.resigned || resigned.includes(seat) ? "resigned" : null);
}

function formatScore(score) {
  return formatNumber(Math.round(score * 100) / 100);
}
