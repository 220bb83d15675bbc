"""Changing the current round before results come in: undo and seat it again, or swap two
players by hand with the reason kept in the ledger."""

from __future__ import annotations

import pytest

from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.ledger import entry_from_json, entry_to_json
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament


def test_a_round_without_results_is_undone_and_seated_again_differently() -> None:
    tournament = new_tournament(12)
    first = tournament.seat_next(DIRECTOR)
    tournament.unseat(DIRECTOR, reason="wrong player list")
    assert tournament.rounds == []
    again = tournament.seat_next(DIRECTOR)
    assert again.round == 1 and again.tables != first.tables
    rebuilt = Tournament(entry_from_json(entry_to_json(e)) for e in tournament.entries)
    assert rebuilt.rounds == tournament.rounds


def test_a_round_with_a_result_is_not_undone() -> None:
    tournament = new_tournament(8)
    tournament.seat_next(DIRECTOR)
    tournament.enter_places(1, 1, [1, 2, 3, 4], DIRECTOR)
    before = len(tournament.entries)
    with pytest.raises(TournamentError, match=r"round 1 has results .*table 1"):
        tournament.unseat(DIRECTOR)
    assert len(tournament.entries) == before
    with pytest.raises(TournamentError, match="no round is seated"):
        new_tournament(4).unseat(DIRECTOR)


def test_two_players_are_swapped_by_hand_with_the_reason_kept() -> None:
    tournament = new_tournament(8)
    seated = tournament.seat_next(DIRECTOR)
    a, b = seated.tables[0][0], seated.tables[1][2]
    entry = tournament.swap(1, a, b, DIRECTOR, reason="siblings should not meet")
    tables = tournament.round(1).tables
    assert tables[0][0] == b and tables[1][2] == a
    assert entry.reason == "siblings should not meet"
    rebuilt = Tournament(entry_from_json(entry_to_json(e)) for e in tournament.entries)
    assert rebuilt.round(1).tables == tables


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t, a, b: t.swap(1, a, b, DIRECTOR, reason=""), "give the reason"),
        (lambda t, a, b: t.swap(1, a, a, DIRECTOR, reason="x"), "two different players"),
        (lambda t, a, b: t.swap(1, a, 99, DIRECTOR, reason="x"), "no player number 99"),
        (lambda t, a, b: t.swap(2, a, b, DIRECTOR, reason="x"), "round 2 is not seated"),
    ],
)
def test_a_swap_that_cannot_be_made_is_refused(change: object, message: str) -> None:
    tournament = new_tournament(8)
    seated = tournament.seat_next(DIRECTOR)
    a, b = seated.tables[0][0], seated.tables[1][0]
    before = len(tournament.entries)
    with pytest.raises(TournamentError, match=message):
        change(tournament, a, b)  # type: ignore[operator]
    assert len(tournament.entries) == before


def test_a_swap_at_a_table_with_a_result_is_refused() -> None:
    tournament = new_tournament(8)
    seated = tournament.seat_next(DIRECTOR)
    tournament.enter_places(1, 1, [1, 2, 3, 4], DIRECTOR)
    with pytest.raises(TournamentError, match="table 1 of round 1 has a result"):
        tournament.swap(1, seated.tables[0][0], seated.tables[1][0], DIRECTOR, reason="x")
