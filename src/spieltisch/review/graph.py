"""The win-chance graph: one line per seat over the game, as inline SVG.

Each seat's points are its own reviewed decisions (the win chance after the move it
played, as the search saw it from that seat's view), ending at the seat's actual share
of the win. Points are links to their decision in the page.
"""

from __future__ import annotations

from html import escape

from spieltisch.core.i18n import labelled
from spieltisch.review.model import ReviewFile
from spieltisch.review.verdicts import Verdict

COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b")
MARKS: dict[Verdict, str] = {
    "fine": "",
    "inaccuracy": "#e6c300",
    "mistake": "#ff7f0e",
    "blunder": "#d62728",
}

WIDTH, HEIGHT = 760, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 28


def seat_colour(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def win_chance_svg(review: ReviewFile, names: list[str], title: str) -> str:
    """The graph as an `<svg>` element (no external resources)."""
    steps = max(1, len(review.steps))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: float) -> float:
        return LEFT + plot_w * index / steps

    def y(chance: float) -> float:
        return TOP + plot_h * (1.0 - chance)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="graph" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            'stroke="#ccc" stroke-width="1"/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" '
            f'font-size="11">{tick:.0%}</text>'
        )
    parts.append(
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end" font-size="11">'
        f"{steps}</text>"
        f'<text x="{LEFT}" y="{HEIGHT - 8}" font-size="11">1</text>'
    )
    for summary in review.seats:
        seat = summary.seat
        colour = seat_colour(seat)
        points = [
            (step.index, step.analysis.played.win_chance, step)
            for step in review.steps
            if step.player == seat and step.analysis is not None
        ]
        line = [(x(index + 1), y(chance)) for index, chance, _ in points]
        if summary.win_share is not None:
            line.append((x(steps), y(summary.win_share)))
        if len(line) > 1:
            path = " ".join(f"{px:.1f},{py:.1f}" for px, py in line)
            parts.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.8">'
                f"<title>{escape(names[seat])}</title></polyline>"
            )
        for index, chance, step in points:
            assert step.analysis is not None
            mark = MARKS[step.analysis.verdict]
            radius = 4.5 if mark else 2.5
            fill = mark or colour
            label = f"#{index + 1} " + labelled(names[seat], f"{step.move} {chance:.0%}")
            parts.append(
                f'<a href="#step-{index}"><circle cx="{x(index + 1):.1f}" cy="{y(chance):.1f}" '
                f'r="{radius}" fill="{fill}" stroke="{colour}">'
                f"<title>{escape(label)}</title></circle></a>"
            )
    parts.append("</svg>")
    return "".join(parts)
