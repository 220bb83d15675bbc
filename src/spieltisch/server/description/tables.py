"""Tables as the lobby, a player's page and a table's own connections describe them
(`TableOut`): seats with their players' names, whether the game is rated, whether
takebacks may be asked. Two queries however many tables."""

from __future__ import annotations

import json
from datetime import datetime
from functools import lru_cache
from typing import Any, Literal

from sqlalchemy.ext.asyncio import AsyncSession

import spieltisch
from spieltisch.agents.names import level_name
from spieltisch.core import game_class
from spieltisch.core.i18n import get_language, language
from spieltisch.core.seat_names import seat_mark
from spieltisch.server.description.policy import TablePolicy
from spieltisch.server.i18n import _
from spieltisch.server.schemas.messages import SeatOut, TableOut
from spieltisch.store.models import (
    GameTable,
    Seat,
    SeatKind,
    SeatLeft,
    TableStatus,
    as_utc,
)
from spieltisch.store.tables import account_names, seats_of_tables


async def describe_table(session: AsyncSession, table: GameTable) -> TableOut:
    return (await describe_tables(session, [table]))[0]


async def describe_tables(session: AsyncSession, tables: list[GameTable]) -> list[TableOut]:
    """Tables as the lobby shows them, with their seats and players' names: two queries
    however many tables."""
    seats = await seats_of_tables(session, [table.id for table in tables])
    who = await account_names(
        session,
        {row.account_id for rows in seats.values() for row in rows if row.account_id},
    )
    return [
        _described(table, seats.get(table.id, []), who, table.tournament_id) for table in tables
    ]


def _described(
    table: GameTable, rows: list[Seat], who: dict[int, str], tournament: str | None
) -> TableOut:
    policy = TablePolicy.of(table, [row.account_id for row in rows])
    marks = _marks(table.game, json.dumps(table.options, sort_keys=True), get_language())
    return TableOut(
        id=table.id,
        game=table.game,
        title=game_class(table.game).title,
        options=table.options,
        public=table.public,
        status=table.status,
        seats=[_seat(table, row, who, marks) for row in rows],
        clock=table.clock,
        created_by=table.created_by,
        rematch=table.rematch,
        rematch_of=table.rematch_of,
        result=table.result,
        tournament=tournament,
        rated=policy.rated,
        takebacks=policy.takebacks,
        speed=speed_of(table.clock),
        language=table.language,
        created_at=_moment(table.created_at),
        started_at=_moment(table.started_at),
        finished_at=_moment(table.finished_at),
        ending=table.ending,
        paused=table.paused_at is not None,
    )


def _seat(table: GameTable, row: Seat, who: dict[int, str], marks: tuple[str, ...]) -> SeatOut:
    """A seat named as the table names it, in the request's language: its person's name
    or a computer's level in words; none for a seat reserved for someone (an invitation:
    their name shows once they accept it by sitting down), except at a rematch (kept for
    who played the game before)."""
    if row.kind == SeatKind.RESERVED and table.rematch_of is None:
        name = None
    elif row.account_id is not None:
        name = who.get(row.account_id)
    elif row.ai_level is not None:
        name = _("computer ({level})").format(level=level_name(row.ai_level))
    else:
        name = None
    mark = marks[row.seat] if row.seat < len(marks) else None
    shown = name if row.kind != SeatKind.OPEN else _("open seat")
    if row.kind == SeatKind.RESERVED:
        shown = _("reserved for {name}").format(name=name) if name else _("reserved seat")
    return SeatOut(
        seat=row.seat,
        kind=row.kind,
        name=name,
        account=row.account_id,
        level=row.ai_level,
        resigned=row.kind == SeatKind.HUMAN
        and row.ai_level is not None
        and row.left != SeatLeft.SUBSTITUTE,
        left=row.left if row.kind == SeatKind.HUMAN and row.ai_level is not None else None,
        mark=mark,
        label=f"{mark} · {shown}" if mark and shown else (mark or shown),
        away=table.status == TableStatus.RUNNING
        and row.kind == SeatKind.HUMAN
        and row.ai_level is None
        and row.away_since is not None,
    )


@lru_cache(maxsize=512)
def _marks(game: str, options: str, lang: str) -> tuple[str, ...]:
    """Each seat's mark of a game with these options (JSON) in `lang`, made once."""
    loaded = spieltisch.load(game, **json.loads(options))
    with language(lang):
        return tuple(seat_mark(loaded, seat) for seat in range(loaded.num_players))


QUICK_MOVE_SECONDS, QUICK_GAME_SECONDS = 30.0, 300.0
"""At most this per move, or per player for the game, is a quick clock."""


def speed_of(clock: dict[str, Any] | None) -> Literal["untimed", "quick", "slow", "turn"]:
    """A table's pace, as the lobby filters by it: no clock, quick, slow or turn-based."""
    mode = (clock or {}).get("mode")
    if mode is None:
        return "untimed"
    if mode == "turn":
        return "turn"
    seconds = float(clock.get("seconds") or 0) if clock else 0.0
    limit = QUICK_MOVE_SECONDS if mode == "move" else QUICK_GAME_SECONDS
    return "quick" if seconds <= limit else "slow"


def _moment(moment: datetime | None) -> str | None:
    """A stored moment as ISO 8601 in UTC (SQLite gives it back without its zone)."""
    if moment is None:
        return None
    return as_utc(moment).isoformat()
