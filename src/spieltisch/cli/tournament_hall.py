"""`spieltisch tournament hall`: what the hall screen shows, chosen from the command line
as on the director's page (an open screen without a view follows within seconds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from spieltisch.cli.messages import _
from spieltisch.cli.serve import DatabaseOption
from spieltisch.tournament.hall import VIEWS

if TYPE_CHECKING:
    from spieltisch.store import Database

console = Console(highlight=False)


def hall(
    tournament: Annotated[
        str, typer.Argument(help="The tournament's id (see `spieltisch tournament list`).")
    ],
    view: Annotated[
        str | None,
        typer.Option(
            "--view", help="rotate (each part in turn), seating, where, standings or timer."
        ),
    ] = None,
    seconds: Annotated[
        int, typer.Option("--seconds", help="How long each part shows when rotating (5-600).")
    ] = 20,
    database: DatabaseOption = None,
) -> None:
    """Show or choose what the tournament's hall screen shows (`hall.html` opened without
    a view follows the choice within ten seconds). Without --view: the current choice."""
    from spieltisch.cli.on_database import run_on_database
    from spieltisch.server.services.unit_of_work import reading, transaction
    from spieltisch.store.hall import choose_hall, hall_choice
    from spieltisch.tournament.hall import check_seconds, check_view
    from spieltisch.tournament.storage import TournamentStore

    async def work(database: Database) -> tuple[str, int]:
        store = TournamentStore(database)
        await store.load(tournament)  # an unknown id is refused by name
        if view is not None:
            chosen = check_view(view), check_seconds(seconds)
            async with transaction(store.database) as session:
                await choose_hall(session, tournament, *chosen)
            return chosen
        async with reading(store.database) as session:
            row = await hall_choice(session, tournament)
        return (row.view, row.seconds) if row is not None else ("rotate", 20)

    shown, each = run_on_database(console, database, work)
    if shown == "rotate":
        console.print(
            _("The hall screen shows each part in turn, {seconds} s each: {parts}.").format(
                seconds=each, parts=", ".join(VIEWS[1:])
            )
        )
    else:
        console.print(_("The hall screen shows: {view}.").format(view=shown))
