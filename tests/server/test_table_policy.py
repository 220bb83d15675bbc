"""What a table allows, answered in one place (`server/description/policy.py`): the
lobby's description, the hint and takeback routes and the table's chat ask it."""

from __future__ import annotations

from spieltisch.server.description.policy import Rated, TablePolicy


def test_a_tournament_game_is_rated_whoever_sits_at_it() -> None:
    policy = TablePolicy("mabula", True, "cup", (1, None))
    assert policy.rated_by == Rated.TOURNAMENT and policy.rated
    assert not policy.hints and not policy.takebacks


def test_every_seat_a_different_person_is_rated_a_computer_seat_casual() -> None:
    people = TablePolicy("mabula", True, None, (1, 2))
    assert people.rated_by == Rated.SEATING and not people.hints and not people.takebacks
    computer = TablePolicy("mabula", True, None, (1, None))
    assert computer.rated_by is None and computer.hints and computer.takebacks
    twice = TablePolicy("mabula", True, None, (1, 1))  # one person at both seats
    assert not twice.rated


def test_no_takebacks_with_hidden_cards_even_in_a_casual_game() -> None:
    policy = TablePolicy("david_goliath", True, None, (1, None, None))
    assert not policy.rated and policy.hints and not policy.takebacks


def test_who_may_chat() -> None:
    public = TablePolicy("mabula", True, None, (1, None))
    assert public.may_chat(1) and public.may_chat(7) and public.may_chat(None)
    private = TablePolicy("mabula", False, None, (1, None))
    assert private.may_chat(1) and not private.may_chat(7) and not private.may_chat(None)
