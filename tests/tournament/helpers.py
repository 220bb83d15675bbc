"""Running tournaments with random results, for the tests."""

from __future__ import annotations

import random

from spieltisch.tournament.settings import Settings
from spieltisch.tournament.tournament import Tournament

DIRECTOR = "director"


def new_tournament(players: int, **settings: object) -> Tournament:
    values: dict[str, object] = {"name": "Club cup", "seed": "published seed 2026", **settings}
    tournament = Tournament.create(Settings.parse(**values), by=DIRECTOR)
    for number in range(players):
        tournament.register(f"Player {number + 1}", by=DIRECTOR)
    return tournament


def play_round(
    tournament: Tournament, rng: random.Random, stopped_table: int | None = None
) -> None:
    """Seat the next round and enter random places at every table (one stopped by time)."""
    seated = tournament.seat_next(by=DIRECTOR)
    for index, table in enumerate(seated.tables, start=1):
        if index == stopped_table:
            figures = [{"goal": [4], "track": rng.randrange(3), "distance": 0} for _ in table]
            tournament.enter_stopped(seated.round, index, figures, by=DIRECTOR)
            continue
        places = list(range(1, len(table) + 1))
        rng.shuffle(places)
        tournament.enter_places(seated.round, index, places, by=DIRECTOR)
