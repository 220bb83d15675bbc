"""The review as one self-contained HTML page: graph, biggest losses, every decision
with its board. Nothing is loaded from elsewhere, so the file can be mailed or hosted.

Boards come from the game's SVG board when it has one, else from its text board drawn
by Rich as HTML; a seat's decision shows the board as that seat saw it.
"""

from __future__ import annotations

import io
import json
from html import escape
from typing import Any

from rich.console import Console

from spieltisch.agents.names import level_name
from spieltisch.core import Game, State, load_record, parts
from spieltisch.core.formats import number, percent, signed
from spieltisch.core.i18n import get_language, labelled
from spieltisch.review.calibration import calibration_note
from spieltisch.review.graph import line_sample, win_chance_svg
from spieltisch.review.lookups import seat_titles
from spieltisch.review.messages import _, _n
from spieltisch.review.model import ReviewFile, Step
from spieltisch.review.verdicts import verdict_name

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.5em; }
table { border-collapse: collapse; } td, th { padding: 0.2em 0.6em; text-align: left; }
tr:nth-child(even) { background: #f4f4f4; }
.graph { width: 100%; height: auto; border: 1px solid #ddd; }
.legend span { margin-right: 1.2em; } .swatch-line { margin-right: 0.3em; }
.verdict { padding: 0.05em 0.5em; border-radius: 0.6em; color: #fff; font-size: 0.9em; }
.fine { background: #2a9d4b; } .inaccuracy { background: #c9a400; }
.mistake { background: #e06d00; } .blunder { background: #c62828; }
section.decision { border-top: 1px solid #ddd; padding-top: 0.6em; }
pre.board { font-family: "DejaVu Sans Mono", monospace; font-size: 0.8em; line-height: 1.2;
  background: #fff; overflow-x: auto; }
.board svg { max-width: 28em; height: auto; }
.boards { display: flex; flex-wrap: wrap; gap: 1em; } .boards figure { margin: 0; }
.note { color: #666; font-size: 0.9em; }
"""


def review_page(review: ReviewFile) -> str:
    """The page as a string (UTF-8 HTML5)."""
    final = load_record(review.record)
    names = seat_titles(final.game, list(review.record.get("players") or []))
    title = _("Review of a game of {game}").format(game=final.game.title)
    graph_title = _("Win chance over the game")
    every = _("Every decision")
    body = [
        f"<h1>{escape(title)}</h1>",
        _result(final, names),
        f'<p class="note">{escape(estimate_note(review))} '
        f"{escape(calibration_note(review.settings.calibration))}</p>",
        f"<h2>{escape(graph_title)}</h2>",
        win_chance_svg(review, names, graph_title),
        _legend(review, final.game, names),
        _seat_table(review, names),
        _losses(review, names),
        f"<h2>{escape(every)}</h2>",
        *_decisions(review, final, names),
    ]
    return (
        f'<!DOCTYPE html>\n<html lang="{get_language()}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>"
        + "\n".join(body)
        + "</body></html>\n"
    )


def estimate_note(review: ReviewFile) -> str:
    """How the win chances were estimated and judged, in one paragraph."""
    settings = review.settings
    budget = (
        _n("{n} iteration per search", "{n} iterations per search", settings.iterations).format(
            n=number(settings.iterations)
        )
        if settings.iterations
        else _("{s} s per search").format(s=number(settings.seconds))
        if settings.seconds
        else _("the search's own budget")
    )
    return _(
        "Win chances are estimated by the {level} search ({search}, {budget}, seed {seed}) "
        "from what the player to move could see: hidden cards are dealt anew from that "
        "seat's view. Loss: the best move's win chance minus the move played's. "
        "Inaccuracy from {inaccuracy}, mistake from {mistake}, blunder from {blunder} "
        "percentage points."
    ).format(
        level=level_name(settings.level),
        search=level_name(settings.search),
        budget=budget,
        seed=settings.seed,
        inaccuracy=number(settings.thresholds["inaccuracy"] * 100),
        mistake=number(settings.thresholds["mistake"] * 100),
        blunder=number(settings.thresholds["blunder"] * 100),
    )


def _result(final: State, names: list[str]) -> str:
    if not final.is_terminal():
        unfinished = _("The record ends before the game does.")
        return f"<p>{escape(unfinished)}</p>"
    ranking = final.ranking()
    scores = final.scores()
    order = sorted(range(len(ranking)), key=lambda p: ranking[p])
    items = "".join(f"<li>{ranking[p]}. {escape(names[p])} — {scores[p]:g}</li>" for p in order)
    return f'<ol class="result" style="list-style: none">{items}</ol>'


def _legend(review: ReviewFile, game: Game[Any], names: list[str]) -> str:
    spans = "".join(
        f"<span>{line_sample(s.seat, game)}{escape(names[s.seat])}</span>" for s in review.seats
    )
    return f'<p class="legend">{spans}</p>'


def _seat_table(review: ReviewFile, names: list[str]) -> str:
    head = "".join(
        f"<th>{escape(text[:1].upper() + text[1:])}</th>"  # a title: with its capital
        for text in (
            _("player"),
            _("decisions"),
            _("mean loss"),
            verdict_name("inaccuracy"),
            verdict_name("mistake"),
            verdict_name("blunder"),
            _("result"),
        )
    )
    rows = []
    for seat in review.seats:
        share = "" if seat.win_share is None else percent(seat.win_share)
        cells = [
            escape(names[seat.seat]),
            str(seat.decisions),
            number(seat.mean_loss * 100, 1),
            str(seat.verdicts["inaccuracy"]),
            str(seat.verdicts["mistake"]),
            str(seat.verdicts["blunder"]),
            share,
        ]
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"


def _losses(review: ReviewFile, names: list[str]) -> str:
    title = _("The biggest losses")
    heading = f"<h2>{escape(title)}</h2>"
    worst = review.biggest_losses(10)
    if not worst:
        none = _("No inaccuracies, mistakes or blunders.")
        return heading + f"<p>{escape(none)}</p>"
    items = []
    for step in worst:
        analysis = step.analysis
        assert analysis is not None and step.player is not None
        text = _(
            "{player} played {played} ({played_chance}); better {best} ({best_chance})"
        ).format(
            player=names[step.player],
            played=step.words,
            played_chance=percent(analysis.played.win_chance),
            best=analysis.best.words,
            best_chance=percent(analysis.best.win_chance),
        )
        items.append(
            f'<li><a href="#step-{step.index}">#{step.index + 1}</a> '
            f'<span class="verdict {analysis.verdict}">{escape(verdict_name(analysis.verdict))}'
            f"</span> {signed(-analysis.loss * 100, 1)} — {escape(text)}</li>"
        )
    return heading + f"<ol>{''.join(items)}</ol>"


def _decisions(review: ReviewFile, final: State, names: list[str]) -> list[str]:
    state = final.game.new_state()
    sections = []
    for step in review.steps:
        if step.analysis is not None and step.player is not None:
            sections.append(_decision(step, state, names))
        state.apply(step.move)
    return sections


def _decision(step: Step, state: State, names: list[str]) -> str:
    analysis = step.analysis
    assert analysis is not None and step.player is not None
    verdict = (
        f'<span class="verdict {analysis.verdict}">{escape(verdict_name(analysis.verdict))}</span>'
    )
    lines = [
        f'<section class="decision" id="step-{step.index}">',
        f"<h3>#{step.index + 1} {labelled(escape(names[step.player]), escape(step.words))} "
        f"<code>{escape(step.move)}</code> {verdict}</h3>",
        "<p>"
        + escape(
            _("Win chance before {before}, after the move played {played}.").format(
                before=percent(analysis.win_chance_before),
                played=percent(analysis.played.win_chance),
            )
        ),
    ]
    if analysis.best.move != analysis.played.move:
        lines.append(
            escape(
                _(" Better: {words} ({move}), {chance}, {loss} points more.").format(
                    move=analysis.best.move,
                    words=analysis.best.words,
                    chance=percent(analysis.best.win_chance),
                    loss=number(analysis.loss * 100, 1),
                )
            )
        )
    lines.append("</p>")
    lines.append(
        _boards(
            state,
            step.player,
            (step.move, step.words),
            (analysis.best.move, analysis.best.words),
        )
    )
    lines.append("</section>")
    return "\n".join(lines)


def _boards(state: State, player: int, played: tuple[str, str], best: tuple[str, str]) -> str:
    """The board after the move played and, when the search found a better one, after
    that move: each with its move (in words, then its notation) marked, side by side."""
    shown = [(_("The move played: {move}"), played)]
    if best[0] != played[0]:
        shown.append((_("The better move: {move}"), best))
    figures = []
    for caption, (move, words) in shown:
        after = state.clone()
        after.apply(move)
        named = f"{words} ({move})" if words != move else move
        figures.append(
            f"<figure><figcaption>{escape(caption.format(move=named))}</figcaption>"
            f"{board_html(after, player, move)}</figure>"
        )
    return f'<div class="boards">{"".join(figures)}</div>'


def board_html(state: State, player: int, move: str) -> str:
    """The board of `state` as `player` sees it with `move` (just played) marked: the
    game's SVG, else its text board."""
    game_parts = parts(state.game)
    svg = game_parts.svg_board
    if svg is not None:
        drawing = svg(
            state.view(player),
            seat=player,
            last_move=move,
            language=get_language(),
        )
        return f'<div class="board">{drawing}</div>'
    text = game_parts.text_board
    if text is None:
        view = json.dumps(state.view(player), ensure_ascii=False, indent=1)
        return f'<pre class="board">{escape(view)}</pre>'
    console = Console(record=True, width=110, file=io.StringIO(), color_system="truecolor")
    console.print(text(state, player))
    return console.export_html(inline_styles=True, code_format='<pre class="board">{code}</pre>')
