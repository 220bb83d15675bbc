"""The lobby's filters as the database applies them, before the list is cut to its
length: a table that matches is found however many others are listed before it (the
filters in Python alone looked only through the newest 100).

Each condition is at least as wide as its filter, which the server's
`services/lobby_filters.TableFilter.admits` decides exactly afterwards: a table the
filter keeps is never left out. Where the database cannot compare as Python does (a
name's case beyond ASCII in SQLite, a computer's name in words), the table is kept for
Python to decide."""

from __future__ import annotations

from typing import Literal

from sqlalchemy import and_, exists, func, not_, or_, select
from sqlalchemy.sql.elements import ColumnElement

from spieltisch.store.models import Account, GameTable, Seat, SeatKind, TableStatus

Pace = Literal["untimed", "quick", "slow", "turn"]


def _seat_where(*conditions: ColumnElement[bool]) -> ColumnElement[bool]:
    """Whether the table has a seat meeting every one of `conditions`."""
    return exists(select(Seat.seat).where(Seat.table_id == GameTable.id, *conditions))


def lobby_conditions(
    *,
    game: str | None = None,
    language: str | None = None,
    free: bool = False,
    computers: Literal["with", "without"] | None = None,
    player: str | None = None,
    against_computers: bool = True,
    speed: tuple[Pace, float, float] | None = None,
    paused: bool | None = None,
    away: bool | None = None,
) -> list[ColumnElement[bool]]:
    """The conditions on `GameTable` the lobby's filters imply (all to hold): `game`,
    the creator's `language`, a `free` seat, a computer seat or none, a `player`'s name
    (part of it, any case), and without `against_computers` no one person's game
    against computers; `speed`: the pace wanted, with the longest move time and the
    longest game time that are still quick; `paused`: only paused games, or none;
    `away`: only running games with a person's seat away (`Seat.away_since`), or none."""
    where: list[ColumnElement[bool]] = []
    if away is not None:
        gone = and_(
            GameTable.status == TableStatus.RUNNING,
            _seat_where(
                Seat.kind == SeatKind.HUMAN, Seat.ai_level.is_(None), Seat.away_since.is_not(None)
            ),
        )
        where.append(gone if away else not_(gone))
    if paused is not None:
        where.append(GameTable.paused_at.is_not(None) if paused else GameTable.paused_at.is_(None))
    if speed is not None:
        where.append(_paced(*speed))
    if game is not None:
        where.append(GameTable.game == game)
    if language is not None:
        where.append(GameTable.language == language)
    if free:
        where.append(_seat_where(Seat.kind == SeatKind.OPEN))
    if computers is not None:
        computer = _seat_where(Seat.kind == SeatKind.AI)
        where.append(computer if computers == "with" else not_(computer))
    if player and player.isascii():
        named = exists(
            select(Seat.seat)
            .join(Account, Account.id == Seat.account_id)
            .where(
                Seat.table_id == GameTable.id,
                func.lower(Account.name).contains(player.lower(), autoescape=True),
            )
        )
        # A computer's seat is named in words ("computer (easy)"): Python decides.
        where.append(or_(named, _seat_where(Seat.account_id.is_(None), Seat.ai_level.is_not(None))))
    if not against_computers:
        waiting = _seat_where(Seat.kind.in_((SeatKind.OPEN, SeatKind.RESERVED)))
        people = (
            select(func.count(func.distinct(Seat.account_id)))
            .where(Seat.table_id == GameTable.id, Seat.kind == SeatKind.HUMAN)
            .scalar_subquery()
        )
        alone = and_(_seat_where(Seat.kind == SeatKind.AI), not_(waiting), people <= 1)
        where.append(not_(alone))
    return where


def _paced(pace: Pace, move: float, game: float) -> ColumnElement[bool]:
    """The tables of a clock's `pace` (as the lobby describes it, `speed_of`): none,
    turn-based, or at most `move` seconds a move or `game` seconds a player (quick), or
    more (slow)."""
    mode: ColumnElement[str] = GameTable.clock["mode"].as_string()
    if pace == "untimed":
        return mode.is_(None)
    if pace == "turn":
        return mode == "turn"
    seconds = func.coalesce(GameTable.clock["seconds"].as_float(), 0.0)
    quick = or_(and_(mode == "move", seconds <= move), and_(mode != "move", seconds <= game))
    return and_(mode.is_not(None), mode != "turn", quick if pace == "quick" else not_(quick))
