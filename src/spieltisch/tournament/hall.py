"""The hall screen: one page for the projector (large type, no sign-in, refreshing itself)
that shows the current round's seating, where each player sits (by surname), the
standings and the round timer, one after the other or the one the director chose.

The page is plain HTML from the server; `hall.js` rotates the parts, fetches the page
again every few seconds and swaps in what changed (a new round reloads it, so the timer
follows the round). The timer keeps its state in the browser as the timer page does.
"""

from __future__ import annotations

from typing import Literal

from spieltisch.core import formats, parts
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.messages import _
from spieltisch.tournament.printable import (
    TEMPLATES,
    environment,
    labels,
    surname_first,
    surname_key,
    time_up_text,
)
from spieltisch.tournament.tournament import Tournament

View = Literal["rotate", "seating", "where", "standings", "timer"]
VIEWS: tuple[View, ...] = ("rotate", "seating", "where", "standings", "timer")
HALL_SCRIPT = TEMPLATES / "hall.js"
"""The hall screen's script, served beside the page (`hall.js`)."""


def check_view(view: str) -> View:
    if view not in VIEWS:
        raise TournamentError(
            _("no view {view}: views are {views}").format(view=view, views=", ".join(VIEWS))
        )
    return VIEWS[VIEWS.index(view)]


def check_seconds(seconds: int) -> int:
    if not 5 <= seconds <= 600:
        raise TournamentError(
            _("a part is shown for 5 to 600 seconds, not {seconds}").format(seconds=seconds)
        )
    return seconds


def hall_page(
    tournament: Tournament, view: View = "rotate", seconds: int = 20, follows: bool = False
) -> str:
    """The hall screen of the current (last seated) round; `follows`: the page was opened
    without a view and follows the director's choice (it reloads when that changes)."""
    check_seconds(seconds)
    number = len(tournament.rounds)
    translate = parts(tournament.settings.game).gettext
    tables: list[list[tuple[str, str, str]]] = []
    where: list[tuple[str, int | None, str, str]] = []
    byes: list[str] = []
    if number:
        played = tournament.round(number)
        for index, seats in enumerate(played.tables, start=1):
            row = []
            for seat, player in enumerate(seats):
                colour = tournament.seat_label(len(seats), seat)
                name = tournament.players[player].shown
                row.append((colour, translate(colour), name))
                where.append((name, index, colour, translate(colour)))
            tables.append(row)
        byes = [tournament.players[p].shown for p in played.byes]
        where += [(name, None, "", "") for name in byes]
    where.sort(key=lambda row: surname_key(row[0]))
    by_surname = [
        (*surname_first(name), table, colour, shown) for name, table, colour, shown in where
    ]
    minutes = tournament.settings.round_minutes or 0
    total = round(minutes * 60)
    standings = [
        (row.rank, row.name, formats.number(row.points), row.played, row.active)
        for row in tournament.standings()
    ]
    texts = labels() | {
        "seating": _("Seating: round {n}").format(n=number),
        "not_seated": _("The first round is not seated yet."),
        "where_title": _("Where do I sit? Round {n}").format(n=number),
        "standings_title": _("Standings after round {n}").format(n=number),
        "time_up": time_up_text(tournament, number) if number else "",
    }
    return (
        environment()
        .get_template("hall.html")
        .render(
            t=tournament,
            number=number,
            view=view,
            follows=follows,
            seconds=seconds,
            tables=tables,
            byes=byes,
            where=by_surname,
            standings=standings,
            total=total,
            clock=f"{total // 60}:{total % 60:02d}",
            key=f"{tournament.settings.seed}/{number}",
            L=texts,
        )
    )
