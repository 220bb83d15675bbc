// Leaving a game, in words and buttons: how each seat left it (resigned, lost on time,
// left while the other claimed the win, a substitute computer playing it), how a table
// ended without its game's end (aborted, abandoned), the away countdown, and the
// choices once it has run out. The server decides; these only say it (docs/web.md).

import { formatTime, h } from "../dom.js";
import { t } from "../i18n.js";
import { levelName } from "./common.js";

// The short tag beside a seat the computer plays since its person left it.
export function leftTag(seat) {
  const words = {
    resigned: t("gave up"),
    timed_out: t("lost on time"),
    claimed: t("left the game"),
    substitute: t("substitute: computer ({level})", { level: levelName(seat.level) }),
  }[seat.left || (seat.resigned ? "resigned" : "")];
  return words ? h("span", { class: `left ${seat.left === "substitute" ? "substitute" : "gave-up"}`, "data-left": seat.left || "resigned" }, words) : null;
}

// How a seat was left, in a record's words (`ended.left`): the record keeps no level.
export function recordedLeft(how) {
  return { resigned: t("gave up"), timed_out: t("lost on time"), claimed: t("left the game"), substitute: t("the computer stood in") }[how] || "";
}

// The log's line for a seat its person left, named as the table names it.
export function leftEvent(seat, name) {
  const how = seat.left || "resigned";
  if (how === "timed_out") return t("{name} lost on time", { name });
  if (how === "claimed") return t("{name} was away too long: the other player claimed the win", { name });
  if (how === "substitute") return t("{name} is away: the computer ({level}) plays for them", { name, level: levelName(seat.level) });
  return t("{name} gave up", { name });
}

// The status line of a table that ended without its game's end; null for the others.
export function endingStatus(table, label) {
  const ending = table.ending || {};
  if (table.status === "abandoned") return t("Abandoned: no player was at the table for a long time. No result; nobody is rated.");
  if (table.status !== "aborted") return null;
  if (Number.isInteger(ending.no_first_move)) return t("Aborted: {name} made no first move in time. No result; nobody is rated.", { name: label(ending.no_first_move) });
  if (ending.by === null || ending.by === undefined) return t("Aborted: no player made a move after the start.");
  return t("{name} aborted the game before every player had moved: no result; nobody is rated.", { name: label(ending.by) });
}

// An away seat: "away" with the time left before the others may choose, for everyone.
export function awayTag(found, presence) {
  const awayFor = found.away_ms + (performance.now() - presence.at);
  const left = presence.claim_after_ms - awayFor;
  const tag = h("span", { class: "away" }, t("away"));
  if (left <= 0) return [tag];
  return [tag, " ", h("span", { class: "countdown", "data-seat": found.seat }, t("choice in {time}", { time: formatTime(left) }))];
}

// The choices for an away seat once its time has run out (for the players only).
export function choices(page, seat, seats) {
  const buttons = [h("button", { type: "button", class: "claim substitute-button", onclick: () => page.claim(seat, "computer") }, t("Let the computer play"))];
  if (seats === 2) buttons.push(" ", h("button", { type: "button", class: "claim claim-win", onclick: () => page.claim(seat, "win") }, t("Claim the win")));
  return buttons;
}

// What the dialog asks before a choice is made for another person's seat, and its answer.
export function claimQuestion(choice, name) {
  if (choice === "win") return t("Claim the win? {name} loses the game.", { name });
  return t("Let the computer play {name}'s seat at their level? They can take it back when they return.", { name });
}

export function claimAnswer(choice) {
  return choice === "win" ? t("Claim the win") : t("Let the computer play");
}
