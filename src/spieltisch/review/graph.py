"""The win-chance graph: one line per seat over the game, as inline SVG.

Each seat's points are its own reviewed decisions (the win chance after the move it
played, as the search saw it from that seat's view), ending at the seat's actual share
of the win. In a game of two the other seat's chance is known too (one minus the
mover's), so both lines have a point at every reviewed decision and always sum to one.
Points are links to their decision in the page.
"""

from __future__ import annotations

from html import escape
from typing import Any

from spieltisch.core import Game, load, parts
from spieltisch.core.formats import number, percent
from spieltisch.core.i18n import labelled
from spieltisch.core.palette import SCREEN
from spieltisch.review.model import ReviewFile
from spieltisch.review.verdicts import Verdict

COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b")
MARKS: dict[Verdict, str] = {
    "fine": "",
    "inaccuracy": "#e6c300",
    "mistake": "#ff7f0e",
    "blunder": "#d62728",
}

EDGE = "#555"
DASHES = ("", "9 4", "2 3", "9 3 2 3", "14 4 4 4", "5 5", "2 6")
"""Each seat's line has a pattern of its own besides its colour: lines told apart without
colour (WCAG 1.4.1), the legend showing the same pattern."""

WIDTH, HEIGHT = 760, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 28


def seat_colour(seat: int, game: Game[Any] | None = None) -> str:
    """The colour of the seat's pieces where the game's seats have one colour (the
    board's palette: Mabula's white and black, the colours of Mensch ärgere Dich nicht),
    else one of a fixed set of distinct colours."""
    named = None if game is None else parts(game).seat_colour
    if named is not None:
        colour = SCREEN.get(named(game, seat))
        if colour is not None:
            return colour
    return COLOURS[seat % len(COLOURS)]


def seat_dash(seat: int) -> str:
    """The dash pattern of the seat's line (`stroke-dasharray`; empty: solid)."""
    return DASHES[seat % len(DASHES)]


def _stroke(colour: str, dash: str, width: float) -> str:
    pattern = f' stroke-dasharray="{dash}"' if dash else ""
    return f'fill="none" stroke="{colour}" stroke-width="{width}"{pattern}'


def line_sample(seat: int, game: Game[Any] | None = None) -> str:
    """A short piece of the seat's line, for the legend: colour and pattern as drawn."""
    colour, dash = seat_colour(seat, game), seat_dash(seat)
    return (
        '<svg class="swatch-line" viewBox="0 0 36 10" width="36" height="10" aria-hidden="true">'
        f'<line x1="0" y1="5" x2="36" y2="5" {_stroke(EDGE, dash, 3.4)}/>'
        f'<line x1="0" y1="5" x2="36" y2="5" {_stroke(colour, dash, 1.8)}/></svg>'
    )


def chances_by_step(review: ReviewFile) -> list[list[float | None]]:
    """Each seat's win chance after each step (None where the review does not know it).

    A reviewed decision gives the mover's chance after the move played; in a game of
    two it gives the other seat's as well: the search's estimate for it is one minus the
    mover's (win shares sum to one), corrected by the same calibration as the mover's."""
    players = int(review.record.get("options", {}).get("players") or len(review.seats))
    calibration = review.settings.calibration
    rows: list[list[float | None]] = []
    for step in review.steps:
        row: list[float | None] = [None] * players
        if step.analysis is not None and step.player is not None:
            played = step.analysis.played
            row[step.player] = played.win_chance
            if players == 2:
                row[1 - step.player] = (
                    1.0 - played.win_chance
                    if played.estimate is None or calibration is None
                    else calibration(1.0 - played.estimate, players)
                )
        rows.append(row)
    return rows


def win_chance_svg(review: ReviewFile, names: list[str], title: str) -> str:
    """The graph as an `<svg>` element (no external resources)."""
    steps = max(1, len(review.steps))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: float) -> float:
        return LEFT + plot_w * index / steps

    def y(chance: float) -> float:
        return TOP + plot_h * (1.0 - chance)

    svg = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        # a group, not an image: its points are links to the decisions (axe: nested-interactive)
        f'class="graph" role="group" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        svg.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            'stroke="#ccc" stroke-width="1"/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" '
            f'font-size="11">{percent(tick)}</text>'
        )
    svg.append(
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end" font-size="11">'
        f"{number(steps)}</text>"
        f'<text x="{LEFT}" y="{HEIGHT - 8}" font-size="11">1</text>'
    )
    chances = chances_by_step(review)
    game = load(review.record["game"], **review.record.get("options", {}))
    for summary in review.seats:
        seat = summary.seat
        colour = seat_colour(seat, game)
        points = [
            (step.index, chance, step)
            for step, row in zip(review.steps, chances, strict=True)
            if (chance := row[seat]) is not None and step.analysis is not None
        ]
        line = [(x(index + 1), y(chance)) for index, chance, _ in points]
        if summary.win_share is not None:
            line.append((x(steps), y(summary.win_share)))
        if len(line) > 1:
            path = " ".join(f"{px:.1f},{py:.1f}" for px, py in line)
            dash = seat_dash(seat)
            svg.append(  # a dark edge keeps a light colour (white marbles) visible
                f'<polyline points="{path}" {_stroke(EDGE, dash, 3.4)}/>'
                f'<polyline points="{path}" {_stroke(colour, dash, 1.8)}>'
                f"<title>{escape(names[seat])}</title></polyline>"
            )
        for index, chance, step in points:
            assert step.analysis is not None
            own = step.player == seat  # the other seat's point of a game of two: no link
            mark = MARKS[step.analysis.verdict] if own else ""
            radius = 4.5 if mark else 2.5
            fill = mark or colour
            label = f"#{index + 1} " + labelled(names[seat], f"{step.words} {percent(chance)}")
            circle = (
                f'<circle cx="{x(index + 1):.1f}" cy="{y(chance):.1f}" r="{radius}" '
                f'fill="{fill}" stroke="{EDGE}"><title>{escape(label)}</title></circle>'
            )
            svg.append(f'<a href="#step-{index}">{circle}</a>' if own else circle)
    svg.append("</svg>")
    return "".join(svg)
