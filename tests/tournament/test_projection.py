"""The ratings projection equals rating every game again from scratch, whatever order
results are entered, corrected and taken out in."""

from __future__ import annotations

import datetime as dt
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.projection import RatingProjection
from spieltisch.tournament.ratings import RatedGame, RatingBook, rate_all

START = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
PLAYERS = [f"account:{n}" for n in range(1, 7)]


@st.composite
def a_game(draw: st.DrawFn) -> RatedGame:
    size = draw(st.integers(2, 4))
    players = draw(st.lists(st.sampled_from(PLAYERS), min_size=size, max_size=size))
    places = draw(st.lists(st.integers(1, size), min_size=size, max_size=size))
    return RatedGame(
        draw(st.sampled_from(["mabula", "madn"])),
        f"table:{draw(st.integers(0, 7))}",  # a key seen before: a correction
        START + dt.timedelta(minutes=draw(st.integers(0, 40))),
        tuple(players),  # a player twice: refused, left out, in both
        tuple(places),
    )


steps = st.lists(
    st.one_of(
        st.tuples(st.just("put"), st.lists(a_game(), min_size=1, max_size=3)),
        st.tuples(st.just("remove"), st.lists(st.integers(0, 7), max_size=2)),
    ),
    max_size=12,
)


def _seen(book: RatingBook) -> tuple[Any, Any]:
    ratings = {game: dict(rows) for game, rows in book.ratings.items() if rows}
    histories = {key: list(rows) for key, rows in book.histories.items() if rows}
    return ratings, histories


def _ignore(_game: RatedGame, _error: TournamentError) -> None:
    pass


@settings(max_examples=150, deadline=None)
@given(steps)
def test_the_projection_equals_a_full_recomputation(plan: list[tuple[str, Any]]) -> None:
    projection = RatingProjection(_ignore)
    for kind, what in plan:
        if kind == "put":
            unique = {game.key: game for game in what}  # one game per key in one update
            projection.update(unique.values())
        else:
            projection.update([], removed=[f"table:{n}" for n in what])
        assert _seen(projection.book) == _seen(rate_all(projection.games.values(), _ignore))


def test_games_entered_in_order_are_rated_on_top_without_rating_again() -> None:
    refused: list[str] = []
    projection = RatingProjection(lambda game, _error: refused.append(game.key))
    for minute in range(5):
        game = RatedGame("madn", f"table:{minute}", START + dt.timedelta(minutes=minute),
                         (PLAYERS[0], PLAYERS[minute + 1]), (1, 2))  # fmt: skip
        projection.update([game])
    assert projection.rebuilt == 0 and projection.book.rating("madn", PLAYERS[0]).value > 0
    twice = RatedGame("madn", "table:9", START + dt.timedelta(hours=1), (PLAYERS[0],) * 2, (1, 2))
    projection.update([twice])
    assert refused == ["table:9"] and projection.rebuilt == 0
    corrected = RatedGame("madn", "table:0", START, (PLAYERS[0], PLAYERS[1]), (2, 1))
    projection.update([corrected])
    assert projection.rebuilt == 1
    assert _seen(projection.book) == _seen(rate_all(projection.games.values(), _ignore))
