// Learn to play: a game's tutorial, step by step. The server plays the script with the
// engine and sends each step's board, words and the move asked; the person makes that
// move on the board or from the list (another legal move is answered with the one asked).

import { get } from "../api.js";
import { h, replace } from "../dom.js";
import { labelled, language, onLanguage, t } from "../i18n.js";

export async function show(main, [game]) {
  let step = 0;
  let tutorial = null;
  const board = h("div", { class: "board-box tutorial-board", "aria-label": t("Board") });
  const words = h("p", { class: "tutorial-say", role: "status", "aria-live": "polite" });
  const hint = h("p", { class: "tutorial-hint" });
  const actions = h("div", { class: "actions tutorial-actions" });
  const progress = h("p", { class: "tutorial-progress" });

  function advance() {
    step += 1;
    render();
  }

  function tryMove(move) {
    const current = tutorial.steps[step];
    if (move === current.ask) {
      advance();
      return;
    }
    const asked = current.moves.find((legal) => legal.move === current.ask);
    hint.textContent = t("Not this time: the tutorial asks for this move: {move}", { move: asked ? asked.words : current.ask });
  }

  function render() {
    hint.textContent = "";
    if (step >= tutorial.steps.length) {
      replace(words, t("Well done: you have played the tutorial to its end."));
      replace(actions, h("a", { class: "button", href: "#/" }, t("Back to the lobby")), h("a", { class: "button", href: `#/rules/${game}` }, t("Rules")), h("button", { type: "button", class: "again", onclick: () => { step = 0; render(); } }, t("Start again")));
      progress.textContent = "";
      return;
    }
    const current = tutorial.steps[step];
    // The board is drawn by the game's svg part on the server (core/tutorial.py).
    board.innerHTML = current.board_svg;
    words.textContent = current.say;
    progress.textContent = t("Step {step} of {steps}", { step: step + 1, steps: tutorial.steps.length });
    if (current.ask === null) {
      replace(actions, h("button", { type: "button", class: "next", onclick: advance }, t("Next")));
    } else {
      replace(actions, current.moves.map((legal) => h("button", { type: "button", "data-choice": legal.move, onclick: () => tryMove(legal.move) }, legal.words)));
    }
  }

  board.addEventListener("click", (event) => {
    const target = event.target.closest("[data-move], [data-moves]");
    if (!target || !tutorial || step >= tutorial.steps.length || tutorial.steps[step].ask === null) return;
    const moves = (target.getAttribute("data-move") || target.getAttribute("data-moves")).split(";");
    tryMove(moves.includes(tutorial.steps[step].ask) ? tutorial.steps[step].ask : moves[0]);
  });

  async function load() {
    tutorial = await get(`/api/games/${game}/tutorial/${language()}`);
    replace(main, h("h1", {}, labelled(t("Learn to play"), tutorial.title)), progress, h("div", { class: "tutorial" }, board, h("div", { class: "tutorial-side" }, words, hint, actions)));
    render();
  }
  await load();
  return onLanguage(load);
}
