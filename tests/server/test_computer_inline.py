"""Computer seats whose level never searches choose their move in the server process,
without the worker pool; searching levels keep the workers (issue 41: an easy move costs
microseconds, its trip through a worker process far more)."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

import spieltisch
from spieltisch.agents.levels import level_spec
from spieltisch.server.infra.workers import INLINE_ALGORITHMS, inline_level
from spieltisch.server.schemas.rest import SeatIn
from spieltisch.server.table import scheduler
from spieltisch.server.table.room import Room
from spieltisch.server.table.runtime import Runtime
from tests.server.in_process import a_table, run, until


def _asked(runtime: Runtime) -> list[tuple[Any, ...]]:
    """The jobs the runtime's worker pool is asked to run from now on (they still run)."""
    asked: list[tuple[Any, ...]] = []
    pool = runtime.scheduler.pool
    running = pool.run

    def spying(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Awaitable[Any]:
        asked.append((function.__name__, *args))
        return running(function, *args, **kwargs)

    pool.run = spying  # type: ignore[method-assign, assignment]
    return asked


async def _until_the_computer_moved(runtime: Runtime, room: Room, computer: int) -> None:
    """The person (seat 0) plays the first legal move whenever it is their turn, until
    the computer at `computer` has made a move."""

    def moved() -> bool:
        return any(item.seat == computer for item in room.log)

    deadline = time.monotonic() + 30
    while not moved():
        assert time.monotonic() < deadline, "the computer never moved"
        if room.to_move() == 0:
            await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
        else:
            await until(lambda: moved() or room.to_move() == 0 or room.state.is_terminal())
        assert not room.state.is_terminal() or moved()


@pytest.mark.parametrize(("game", "level"), [("madn", "easy"), ("mahe", "medium")])
def test_a_level_that_never_searches_moves_without_the_worker_pool(
    url: str, game: str, level: str
) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level=level)]
        async with a_table(url, game, seats) as (runtime, room, _accounts):
            asked = _asked(runtime)
            await _until_the_computer_moved(runtime, room, 1)
            assert asked == []

    run(scenario)


def test_a_searching_level_still_thinks_in_the_worker_pool(url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="expert")]
        async with a_table(url, "mabula", seats, ai_budget="20") as (runtime, room, _accounts):
            asked = _asked(runtime)
            await _until_the_computer_moved(runtime, room, 1)
            assert [job[:2] for job in asked][:1] == [("choose_move", "mabula")]
            assert asked[0][4] == "expert"

    run(scenario)


def test_a_move_chosen_in_the_server_waits_for_the_pace(url: str) -> None:
    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        async with a_table(url, "madn", seats, ai_pace=0.3) as (runtime, room, _accounts):
            asked = _asked(runtime)

            def computer_moves() -> int:
                return sum(item.seat == 1 for item in room.log)

            while True:
                await until(lambda: room.to_move() == 0)
                before, sent = computer_moves(), time.monotonic()
                await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])

                def answered(before: int = before) -> bool:
                    return computer_moves() > before

                await until(lambda: answered() or room.to_move() == 0)
                if answered():
                    break
            assert time.monotonic() - sent >= 0.3
            assert asked == []

    run(scenario)


def test_inline_is_decided_by_the_algorithm_each_game_names_for_the_level() -> None:
    cheap = {
        "madn": {"easy", "medium", "hard"},  # rules of thumb, then greedy
        "mahe": {"easy", "medium", "hard"},
        "david_goliath": {"easy"},  # medium and hard: IS-MCTS
        "mabula": set(),  # MCTS from easy on
    }
    for name, expected in cheap.items():
        game = spieltisch.load(name)
        inline = {
            level for level in ("easy", "medium", "hard", "expert") if inline_level(game, level)
        }
        assert inline == expected, name
        for level in inline:
            assert level_spec(game, level).algorithm in INLINE_ALGORITHMS
    assert not inline_level(spieltisch.load("madn"), "expert@200")  # not a level: a worker


def test_a_move_that_fails_in_the_server_is_logged_as_in_a_worker(
    url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def failing(*_args: Any) -> str:
        raise RuntimeError("no move")

    monkeypatch.setattr(scheduler, "choose", failing)

    async def scenario() -> None:
        seats = [SeatIn(kind="me"), SeatIn(kind="ai", level="easy")]
        async with a_table(url, "madn", seats) as (runtime, room, _accounts):
            asked = _asked(runtime)
            while not any("computer seat 1" in r.getMessage() for r in caplog.records):
                if room.to_move() == 0:
                    await runtime.submit(room, 0, room.seq, room.state.legal_moves()[0])
                else:
                    await until(
                        lambda: (
                            room.to_move() == 0
                            or any("computer seat 1" in r.getMessage() for r in caplog.records)
                        )
                    )
            assert room.table.status == "running" and room.to_move() == 1
            assert asked == []

    with caplog.at_level(logging.ERROR, logger="spieltisch.server"):
        run(scenario)
