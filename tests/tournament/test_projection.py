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
        st.tuples(st.just("put"), st.lists(a_game(), min_size=1, max_size=3), st.just([])),
        st.tuples(st.just("remove"), st.just([]), st.lists(st.integers(0, 7), max_size=2)),
        st.tuples(  # a correction and a removal in one read of the database
            st.just("both"), st.lists(a_game(), min_size=1, max_size=2), st.lists(st.integers(0, 7))
        ),
    ),
    max_size=14,
)


def _seen(book: RatingBook) -> tuple[Any, Any]:
    ratings = {game: dict(rows) for game, rows in book.ratings.items() if rows}
    histories = {key: list(rows) for key, rows in book.histories.items() if rows}
    return ratings, histories


def _ignore(_game: RatedGame, _error: TournamentError) -> None:
    pass


def _game(minute: int, players: tuple[str, ...], places: tuple[int, ...]) -> RatedGame:
    at = START + dt.timedelta(minutes=minute)
    return RatedGame("madn", f"table:{minute}", at, players, places)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 4), steps)
def test_the_projection_equals_a_full_recomputation(
    every: int, plan: list[tuple[str, list[RatedGame], list[int]]]
) -> None:
    """Games put in any order (late ones sort before games rated already), corrected,
    taken out, with a checkpoint every one to four games so that going back to one is
    tried at every distance."""
    projection = RatingProjection(_ignore, every=every)
    for _kind, games, removed in plan:
        projection.update(games, removed=[f"table:{n}" for n in removed])
        assert _seen(projection.book) == _seen(rate_all(projection.games.values(), _ignore))


def test_games_entered_in_order_are_rated_on_top_without_rating_again() -> None:
    refused: list[str] = []
    projection = RatingProjection(lambda game, _error: refused.append(game.key))
    for minute in range(5):
        projection.update([_game(minute, (PLAYERS[0], PLAYERS[minute + 1]), (1, 2))])
    assert projection.rated == 5 and projection.book.rating("madn", PLAYERS[0]).value > 0
    twice = RatedGame("madn", "table:9", START + dt.timedelta(hours=1), (PLAYERS[0],) * 2, (1, 2))
    projection.update([twice])
    assert refused == ["table:9"] and projection.rated == 6
    projection.update([_game(0, (PLAYERS[0], PLAYERS[1]), (2, 1))])  # a correction
    assert projection.rated == 12
    assert _seen(projection.book) == _seen(rate_all(projection.games.values(), _ignore))


def test_a_correction_of_the_last_game_rates_at_most_one_checkpoint_span_again() -> None:
    """In a book of 1,000 games, correcting the last one rates the games since the last
    checkpoint again, not the thousand; correcting the first rates them all."""
    pairs = [(PLAYERS[n % 6], PLAYERS[(n + 1 + n // 6 % 5) % 6]) for n in range(1000)]
    games = [_game(n, pair, (1, 2)) for n, pair in enumerate(pairs)]
    projection = RatingProjection(_ignore, every=32)
    for game in games:
        projection.update([game])
    assert projection.rated == len(games) == 1000
    last, first = games[-1], games[0]
    projection.update([RatedGame(last.game, last.key, last.at, last.players, (2, 1))])
    assert 1 <= projection.rated - len(games) <= 32
    rated = projection.rated
    projection.update([], removed=[first.key])
    assert projection.rated - rated == len(games) - 1
    assert _seen(projection.book) == _seen(rate_all(projection.games.values(), _ignore))
