"""Positions of long records, off the event loop and without replaying from the start.

Stepping through a record asks for position after position; replaying the history up
to `n` on every request cost 0.4 s a position on a 242 KB record, on the loop. A
record's first request replays it once, in a thread, keeping a copy of the position
every `STEP` entries; each position after that is the nearest copy plus fewer than
`STEP` entries, and it too is drawn in a thread. The replays of the records looked at
most recently are kept (`CAPACITY`).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import spieltisch
from spieltisch.core import SpieltischError, State
from spieltisch.server.schemas.rest import PositionOut
from spieltisch.server.table import parts

STEP = 64
CAPACITY = 32


class Replay:
    """One record's positions, a copy kept every `STEP` entries."""

    def __init__(self, game: str, options: dict[str, Any], history: Sequence[str]) -> None:
        self.history = list(history)
        self.game = spieltisch.load(game, **options)
        state = self.game.new_state()
        self.kept: list[State] = [state.clone()]
        for index, move in enumerate(self.history, start=1):
            state.apply(move)
            if index % STEP == 0:
                self.kept.append(state.clone())

    def position(self, n: int) -> State:
        state = self.kept[n // STEP].clone()
        for move in self.history[n - n % STEP : n]:
            state.apply(move)
        return state

    def out(self, n: int, lang: str) -> PositionOut:
        """Position `n` as a spectator sees it, with the move that led to it in words."""
        last = self.history[n - 1] if n else None
        before: State | None = None
        if last is None:
            state, words = self.position(0), None
        else:
            before = self.position(n - 1)
            words = parts.describe(before, last, lang)
            state = before.clone()
            state.apply(last)
        return PositionOut(
            n=n,
            total=len(self.history),
            view=state.view(None),
            words=words,
            board_svg=parts.board_svg(state, None, (), last, lang),
            seat=before.current_player
            if before is not None and before.current_player >= 0
            else None,
            turn=parts.chance_turn(before, None) if before is not None else None,
            seat_marks=parts.seat_marks(self.game, lang),
        )


class Replays:
    """The replays of the records looked at most recently, each built once."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._built: OrderedDict[str, asyncio.Future[Replay]] = OrderedDict()

    async def position(self, key: str, record: dict[str, Any], n: int, lang: str) -> PositionOut:
        """Position `n` of `record` (known by `key`); a record that does not replay raises
        `SpieltischError`."""
        replay = await self._replay(key, record)
        return await asyncio.to_thread(replay.out, n, lang)

    async def _replay(self, key: str, record: dict[str, Any]) -> Replay:
        found = self._built.get(key)
        if found is None:
            found = asyncio.ensure_future(
                asyncio.to_thread(Replay, record["game"], record["options"], record["history"])
            )
            self._built[key] = found
            while len(self._built) > self.capacity:
                self._built.popitem(last=False)
        self._built.move_to_end(key)
        try:
            return await asyncio.shield(found)
        except SpieltischError:
            self._built.pop(key, None)
            raise
