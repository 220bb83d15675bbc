"""The club's rules (seed 001): rule 18's lot drawn once per table, no shared places at
Mensch ärgere Dich nicht tables, and figures that rule 17 decides refused."""

from __future__ import annotations

import random
from typing import Any

import pytest
from benchmarks.tiebreaks import shares

from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.ledger import entry_from_json, entry_to_json
from spieltisch.tournament.settings import tie_break_legend
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament

TIED: dict[str, Any] = {"goal": [4], "track": 2, "distance": 30}
"""Figures two seats share, so only rule 18's lot separates them."""


def stopped_table() -> tuple[Tournament, int]:
    """A tournament of four at one table in round 1: the round number and a table."""
    tournament = new_tournament(4)
    tournament.seat_next(DIRECTOR)
    return tournament, 1


def four_figures(fourth: dict[str, Any]) -> list[dict[str, Any]]:
    return [TIED, {"finished": 1}, TIED, fourth]


def test_the_same_figures_entered_again_keep_the_lot() -> None:
    tournament, round_number = stopped_table()
    first = tournament.enter_stopped(round_number, 1, four_figures({"track": 1}), DIRECTOR)
    assert first.lot_sources == ("drawn",) and first.redrawn
    for _again in range(5):
        again = tournament.enter_stopped(round_number, 1, four_figures({"track": 1}), DIRECTOR)
        assert again.lots == first.lots and again.places == first.places
        assert again.lot_sources == ("kept",) and not again.redrawn


def test_a_correction_of_untied_figures_keeps_the_lot_and_one_of_tied_figures_redraws() -> None:
    tournament, round_number = stopped_table()
    first = tournament.enter_stopped(round_number, 1, four_figures({"track": 1}), DIRECTOR)
    typo_fixed = tournament.enter_stopped(
        round_number, 1, four_figures({"track": 1, "distance": 7}), DIRECTOR, note="typo"
    )
    assert typo_fixed.lots == first.lots and typo_fixed.lot_sources == ("kept",)
    changed = [TIED, {"finished": 1}, {**TIED, "distance": 31}, {"track": 1}]
    decided = tournament.enter_stopped(round_number, 1, changed, DIRECTOR)
    assert decided.lots == () and decided.places == (3, 1, 2, 4)
    tied_again = tournament.enter_stopped(round_number, 1, four_figures({"track": 1}), DIRECTOR)
    assert tied_again.lot_sources == ("kept",) and tied_again.lots == first.lots  # as before


def test_the_lot_is_not_computed_from_the_published_seed() -> None:
    """Two tournaments with the same published seed and the same entries: the lots of
    twenty tables do not all agree (a seeded draw would repeat them exactly)."""
    orders = []
    for _tournament in range(2):
        tournament = new_tournament(4)
        tournament.seat_next(DIRECTOR)
        seen = []
        for table in range(20):
            figures = [{**TIED, "distance": 20 + table}] * 4  # each time new figures
            seen.append(tournament.enter_stopped(1, 1, figures, DIRECTOR).lots)
            tournament.enter_places(1, 1, [1, 2, 3, 4], DIRECTOR)  # the next draw is new
        orders.append(seen)
    assert orders[0] != orders[1]


def test_a_lot_drawn_at_the_table_is_taken_and_recorded_as_such() -> None:
    tournament, round_number = stopped_table()
    entry = tournament.enter_stopped(
        round_number, 1, four_figures({"track": 1}), DIRECTOR, table_lots=[(3, 1)]
    )
    assert entry.lots == ("lot:3,1",) and entry.lot_sources == ("table",)
    assert entry.places == (3, 1, 2, 4)
    again = Tournament(entry_from_json(entry_to_json(e)) for e in tournament.entries)
    assert again.round(1).results[1].lot_sources == ("table",)


@pytest.mark.parametrize(
    ("lots", "message"),
    [([(2, 4)], "not tied by rule 18: tied are 1,3"), ([(1, 5)], "1 to 4"), ([(1, 1)], "twice")],
)
def test_a_lot_from_the_table_must_name_the_tied_seats(
    lots: list[tuple[int, ...]], message: str
) -> None:
    tournament, round_number = stopped_table()
    before = len(tournament.entries)
    with pytest.raises(TournamentError, match=message):
        tournament.enter_stopped(
            round_number, 1, four_figures({"track": 1}), DIRECTOR, table_lots=lots
        )
    assert len(tournament.entries) == before


@pytest.mark.parametrize("places", [[1, 1, 1, 1], [1, 1, 3, 4], [1, 2, 2, 4]])
def test_a_mensch_table_never_shares_a_place(places: list[int]) -> None:
    tournament, round_number = stopped_table()
    with pytest.raises(TournamentError, match="share a place, which this game's rules never do"):
        tournament.enter_places(round_number, 1, places, DIRECTOR)
    assert not tournament.round(1).results


def test_games_whose_rules_share_places_still_accept_them() -> None:
    tournament = new_tournament(4, game="mabula", table_size=2)
    tournament.seat_next(DIRECTOR)
    assert tournament.enter_places(1, 1, [1, 1], DIRECTOR).places == (1, 1)
    openspiel = new_tournament(4, options={"rules": "openspiel"})
    openspiel.seat_next(DIRECTOR)
    assert openspiel.enter_places(1, 1, [1, 2, 2, 2], DIRECTOR).places == (1, 2, 2, 2)


def test_four_pieces_in_the_goal_are_a_finished_player_not_a_lot() -> None:
    tournament, round_number = stopped_table()
    home = {"goal": [1, 2, 3, 4]}
    with pytest.raises(TournamentError, match=r"seat 1 .*four pieces in the goal.*rule 17"):
        tournament.enter_stopped(round_number, 1, [home, home, TIED, TIED], DIRECTOR)
    assert not tournament.round(1).results
    entry = tournament.enter_stopped(
        round_number, 1, [{"finished": 2}, {"finished": 1}, TIED, TIED], DIRECTOR
    )
    assert entry.places[:2] == (2, 1)


def test_computers_are_never_seated_at_tables_played_on_a_real_board() -> None:
    """Eight hall players (no account), one account and four computers, four rounds."""
    tournament = new_tournament(8)
    tournament.register("Online Olga", DIRECTOR, account="account:1")
    for number in range(4):
        tournament.register_ai(f"Computer {number}", "easy", DIRECTOR)
    rng = random.Random(4)
    for _round in range(4):
        seated = tournament.seat_next(DIRECTOR)
        for index, table in enumerate(seated.tables, start=1):
            kinds = {tournament.players[p].seating_kind for p in table}
            assert not {"computer", "hall"} <= kinds, (seated.round, table)
            places = list(range(1, len(table) + 1))
            rng.shuffle(places)
            tournament.enter_places(seated.round, index, places, DIRECTOR)


def test_a_round_that_cannot_keep_computers_off_the_boards_says_why() -> None:
    tournament = new_tournament(5)
    for number in range(2):
        tournament.register_ai(f"Computer {number}", "easy", DIRECTOR)
    before = len(tournament.entries)
    with pytest.raises(TournamentError, match="2 computer players play only online and 5"):
        tournament.seat_next(DIRECTOR)
    assert len(tournament.entries) == before


def test_the_default_tie_breaks_do_not_favour_tables_of_four() -> None:
    """Twelve simulated tournaments of 13 equal players (benchmarks/tiebreaks.py, which
    runs hundreds): among players tied on points with a different number of opponents,
    the sum Buchholz ranks the one with more opponents higher most of the time, the
    per-opponent Buchholz and the default order about half of the time."""
    found = shares(players=13, rounds=4, tournaments=12, seed=3)
    share = {name: favoured / count for name, (favoured, count) in found.items()}
    assert share["buchholz"] > 0.7
    assert 0.3 < share["opponents"] < 0.7
    assert 0.3 < share["default order"] < 0.7


def test_head_to_head_decides_first_by_default_and_the_order_is_printed() -> None:
    """a beat b in round 1 (3 and 2 points), b did better in round 2 (2 against 1):
    tied on 4 points, a ranks higher under the default order (head to head first)."""
    tournament = new_tournament(12, rounds=2)
    assert tournament.settings.tiebreaks == ("mutual", "opponents", "firsts")
    seated = tournament.seat_next(DIRECTOR)
    a, b = seated.tables[0][:2]
    for index in (1, 2, 3):
        tournament.enter_places(1, index, [1, 2, 3, 4], DIRECTOR)
    second = tournament.seat_next(DIRECTOR)
    for index, table in enumerate(second.tables, start=1):
        assert not {a, b} <= set(table)
        wanted = 3 if a in table else 2 if b in table else 1
        mover = a if a in table else b if b in table else table[0]
        others = iter(place for place in (1, 2, 3, 4) if place != wanted)
        places = [wanted if player == mover else next(others) for player in table]
        tournament.enter_places(2, index, places, DIRECTOR)
    rows = {row.player: row for row in tournament.standings()}
    assert rows[a].points == rows[b].points == 4
    assert rows[a].rank < rows[b].rank and rows[a].mutual > rows[b].mutual
    assert tie_break_legend(tournament.settings.tiebreaks) == (
        "Ties are broken by: 1. head to head, 2. Buchholz per opponent, 3. first places, 4. lot"
    )


def test_a_second_computer_of_the_same_level_is_registered_and_seated() -> None:
    tournament = new_tournament(0)
    for _computer in range(3):
        tournament.register_ai("", "easy", DIRECTOR)
    tournament.register_ai("", "hard", DIRECTOR)
    names = [player.name for player in tournament.players.values()]
    assert names == ["easy", "easy 2", "easy 3", "hard"]
    seated = tournament.seat_next(DIRECTOR)
    assert sorted(seated.tables[0]) == [1, 2, 3, 4]
