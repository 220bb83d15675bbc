"""Hints answer within their stated time in every game (issue 42: David & Goliath and
Mahé gave nothing within 60 s), in-process on both backends: the worker's search when it
is back in time, else a quicker look that never waits for a busy or cold worker."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from spieltisch.server.schemas.rest import SeatIn
from spieltisch.server.services import play_aids
from spieltisch.server.services.play_aids import QUICK_SECONDS, PlayAids
from tests.server.in_process import a_table, run, until

COMPUTER = SeatIn(kind="ai", level="easy")


@pytest.mark.parametrize(
    ("game", "computers"), [("mahe", 1), ("madn", 1), ("david_goliath", 2), ("mabula", 1)]
)
def test_a_hint_in_every_game(migrated_url: str, game: str, computers: int) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), *[COMPUTER] * computers]
        async with a_table(migrated_url, game, seats) as (runtime, room, (ana, _bob)):
            await until(lambda: room.to_move() == 0)
            advice = await PlayAids(runtime, runtime.pool).hint(room.id, ana, "de")
            assert advice.move in room.state.legal_moves() and advice.words
            assert 0 <= advice.win_chance <= 1

    run(scenario)


def test_a_busy_worker_does_not_keep_the_hint_waiting(
    migrated_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's search never comes back (busy with a computer seat, or starting):
    the quick look answers, before the search is let go."""
    let_go = threading.Event()

    def stuck(*_args: Any) -> tuple[str, float]:
        let_go.wait(60)
        raise AssertionError("the search was waited for")

    async def scenario() -> None:
        seats = [SeatIn(kind="me"), COMPUTER, COMPUTER]
        async with a_table(migrated_url, "david_goliath", seats) as (runtime, room, accounts):
            await until(lambda: room.to_move() == 0)
            monkeypatch.setattr(play_aids, "best_move", stuck)
            aids = PlayAids(runtime, runtime.pool)
            aids.deadline = QUICK_SECONDS + 0.05  # the search's share: a moment
            try:
                advice = await aids.hint(room.id, accounts[0], "fr")
                assert not let_go.is_set()
                assert advice.quick and advice.move in room.state.legal_moves()
            finally:
                let_go.set()

    run(scenario)
