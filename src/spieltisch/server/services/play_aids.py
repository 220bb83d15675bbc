"""The aids a casual game allows: a hint (the engine's best move and its win chance for
the person to move) and a takeback (your last move, once the others accept).

Off in rated games, as on lichess (`TablePolicy`, `description/policy.py`): tournament
games, and games made rated (people only); casual games are those made casual, and any
with a computer seat. The hint's search
runs in the worker pool and sees only what the seat may see (`spieltisch.agents.hint`
deals hidden cards anew from the seat's view); the table's rules for what may be taken
back are in `spieltisch.server.table.takebacks`.
"""

from __future__ import annotations

import asyncio
from typing import Any

import spieltisch
from spieltisch.agents import Budget, hint
from spieltisch.core import State
from spieltisch.server.description.policy import Rated
from spieltisch.server.i18n import _
from spieltisch.server.infra.fair import Lane
from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.messages import TakebackOut
from spieltisch.server.schemas.rest import HintOut
from spieltisch.server.table import parts
from spieltisch.server.table.runtime import Runtime
from spieltisch.store.models import TableStatus

HINT_BUDGET = "0.5s"
"""How long the engine looks for a hint (the computer's `expert` level, in a worker)."""
HINT_SECONDS = 2.0
"""A hint answers within this (the page says so while it thinks): the worker's search if
it is done by then (a worker busy with the computer seats, or one just started, may not
be), else a quick look in the server's own thread (`QUICK_BUDGET`)."""
QUICK_BUDGET = "0.2s"
QUICK_SECONDS = 0.5
"""What the quick look may take at most, on a busy machine: kept from the deadline."""


def best_move(game: str, options: dict[str, Any], history: list[str]) -> tuple[str, float]:
    """The best move and its win chance for the player to move (runs in a worker)."""
    state = spieltisch.load(game, **options).replay(history)
    advice = hint(state, level="expert", budget=Budget.parse(HINT_BUDGET), seed=None)
    return advice.move, advice.win_chance


def quick_move(state: State) -> tuple[str, float]:
    """The `easy` level's look at the position, a fraction of a second: the hint when the
    worker's search is not back in time."""
    advice = hint(state, level="easy", budget=Budget.parse(QUICK_BUDGET), seed=None)
    return advice.move, advice.win_chance


class PlayAids:
    """Hints and takebacks at a table in play, refused where the game is rated."""

    deadline: float = HINT_SECONDS
    """Seconds the worker's search may take before the quick look answers instead."""

    def __init__(self, runtime: Runtime, pool: WorkerPool) -> None:
        self.runtime = runtime
        self.pool = pool

    async def hint(self, table_id: str, account: int, lang: str) -> HintOut:
        """The engine's best move for `account`'s seat, on its turn (not in rated games)."""
        room = await self.runtime.room(table_id)
        rated = room.policy.rated_by
        if rated == Rated.TOURNAMENT:
            raise Refusal(Code.FORBIDDEN, _("no hints in a tournament game: its result is rated"))
        running = room.table.status == TableStatus.RUNNING
        if running and not any(s.played_by(account) for s in room.seats):
            raise Refusal(Code.FORBIDDEN, _("a hint is for the players of the table"))
        seat = room.to_move() if running else None
        if seat is not None and rated == Rated.SEATING:
            raise Refusal(
                Code.FORBIDDEN,
                _("no hints in a rated game: hints are for casual games"),
            )
        if seat is None or not room.seats[seat].played_by(account):
            raise Refusal(Code.CONFLICT, _("a hint is for the player to move, on their turn"))
        state = room.state.clone()
        searched = self.pool.run(
            best_move,
            room.table.game,
            dict(room.table.options),
            state.history(),
            lane=Lane.ASK,
            account=account,
            table=table_id,
        )
        try:
            move, chance = await asyncio.wait_for(searched, self.deadline - QUICK_SECONDS)
            quick = False
        except TimeoutError:
            move, chance = await asyncio.to_thread(quick_move, state)
            quick = True
        words = parts.describe(state, move, lang)
        return HintOut(move=move, words=words, win_chance=chance, quick=quick)

    async def ask_takeback(self, table_id: str, account: int) -> TakebackOut:
        """Take back `account`'s last move (and what followed it): done at once when only
        computers would have to agree, else when every other person accepts."""
        room = await self.runtime.room(table_id)
        seat = room.seat_of(account, None)
        if seat is None:
            raise Refusal(Code.FORBIDDEN, _("takebacks are for the people playing at the table"))
        if room.policy.rated:
            raise Refusal(
                Code.FORBIDDEN,
                _("no takebacks in a rated game: takebacks are for casual games"),
            )
        return await self.runtime.ask_takeback(room, seat)

    async def answer_takeback(self, table_id: str, account: int, accept: bool) -> TakebackOut:
        """Accept or decline the takeback asked at the table."""
        room = await self.runtime.room(table_id)
        return await self.runtime.answer_takeback_as(room, account, accept)
