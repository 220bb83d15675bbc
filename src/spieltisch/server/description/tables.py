"""Tables as the lobby, a player's page and a table's own connections describe them
(`TableOut`): seats with their players' names, whether the game is rated, whether
takebacks may be asked. Two queries however many tables."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from spieltisch.core import game_class
from spieltisch.server.description.policy import TablePolicy
from spieltisch.server.schemas.messages import SeatOut, TableOut
from spieltisch.store.models import GameTable, Seat, SeatKind, SeatLeft
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
    return TableOut(
        id=table.id,
        game=table.game,
        title=game_class(table.game).title,
        options=table.options,
        public=table.public,
        status=table.status,
        seats=[
            SeatOut(
                seat=row.seat,
                kind=row.kind,
                name=_seat_name(table, row, who),
                account=row.account_id,
                level=row.ai_level,
                resigned=row.kind == SeatKind.HUMAN
                and row.ai_level is not None
                and row.left != SeatLeft.SUBSTITUTE,
                left=row.left if row.kind == SeatKind.HUMAN and row.ai_level is not None else None,
            )
            for row in rows
        ],
        clock=table.clock,
        created_by=table.created_by,
        rematch=table.rematch,
        rematch_of=table.rematch_of,
        result=table.result,
        tournament=tournament,
        rated=policy.rated,
        takebacks=policy.takebacks,
        ending=table.ending,
        paused=table.paused_at is not None,
    )


def _seat_name(table: GameTable, row: Seat, who: dict[int, str]) -> str | None:
    """The name a seat shows: its person's, a computer's level; none for a seat reserved
    for someone (an invitation: their name shows once they accept it by sitting down),
    except at a rematch (kept for who played the game before)."""
    if row.kind == SeatKind.RESERVED and table.rematch_of is None:
        return None
    return who.get(row.account_id) if row.account_id is not None else row.ai_level
