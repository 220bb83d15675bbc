"""A person's turn-based games and vacations: "my games" (those waiting for me first, with
the time left and the last move in words), and the yearly vacation that stops their
clocks in every turn-based game (not tournament games)."""

from __future__ import annotations

from datetime import UTC, datetime

from spieltisch.core.formats import number
from spieltisch.core.i18n import language
from spieltisch.core.names import game_title
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.turns import MyTurnGame, MyTurnGames, VacationOut
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.server.table.log import describe
from spieltisch.server.table.runtime import Runtime
from spieltisch.store import Database
from spieltisch.store.log_entries import Move
from spieltisch.store.turns import (
    DAY,
    days_taken,
    end_vacation,
    moment,
    take_vacation,
    turn_tables_of,
    under_way,
    vacations_of,
)

LEAST_VACATION = 0.5
"""The shortest vacation (days)."""
MOST_VACATION_AT_ONCE = 60.0
"""The longest vacation asked in one go (days): the allowance caps it anyway."""


class TurnGames:
    def __init__(self, database: Database, runtime: Runtime, allowance: float) -> None:
        self.database = database
        self.runtime = runtime
        self.allowance = allowance
        """Vacation days per year (`Settings.vacation_days`)."""

    async def of(self, account: int, lang: str) -> MyTurnGames:
        """`account`'s running turn-based games: those waiting for them first (soonest
        deadline first), then the others."""
        async with reading(self.database) as session:
            tables = await turn_tables_of(session, account)
        games = [await self._game(table.id, account, lang) for table in tables]
        games.sort(key=lambda g: (not g.mine, g.deadline or "~", g.table))
        return MyTurnGames(games=games, waiting=sum(1 for game in games if game.mine))

    async def _game(self, table_id: str, account: int, lang: str) -> MyTurnGame:
        runtime = self.runtime
        room = await runtime.room(table_id)
        seat = room.to_move()
        mine = (
            seat is not None
            and room.seats[seat].played_by(account)
            and room.controller(seat) is None
        )
        last = next((item for item in reversed(room.log) if isinstance(item.entry, Move)), None)
        words = None
        if last is not None:
            describe([last], lang, room.state, room.log)
            words = last.words.get(lang)
        mover = None if last is None or last.seat is None else room.seats[last.seat].account_id
        deadline = room.turn_deadline()
        return MyTurnGame(
            table=room.id,
            game=room.table.game,
            title=_title(room.table.game, lang),
            players=[room.names.get(s.account_id or 0, "") for s in room.seats],
            to_move=seat,
            mine=mine,
            deadline=None if deadline is None else moment(deadline).isoformat(),
            time_left_ms=None
            if deadline is None
            else max(0, int((deadline - runtime.now()) * 1000)),
            last_move=words,
            last_by=None if mover is None else room.names.get(mover),
            link=f"/#/table/{room.id}",
        )

    # -- vacation ----------------------------------------------------------------------------

    async def vacation(self, account: int) -> VacationOut:
        now = self.runtime.now()
        year = datetime.fromtimestamp(now, UTC).year
        async with reading(self.database) as session:
            taken = await days_taken(session, account, year)
            spans = (await vacations_of(session, [account], now))[account]
        current = under_way(spans, now)
        return VacationOut(
            allowance_days=self.allowance,
            taken_days=round(taken, 3),
            left_days=round(max(0.0, self.allowance - taken), 3),
            until=None if current is None else moment(current[1]).isoformat(),
        )

    async def take(self, account: int, days: float) -> VacationOut:
        """Go on vacation now for `days`: Refusal when on vacation already or past the
        year's allowance."""
        if not LEAST_VACATION <= days <= MOST_VACATION_AT_ONCE:
            raise Refusal(
                Code.INVALID,
                _("a vacation is from {least} to {most} days, not {days}").format(
                    least=number(LEAST_VACATION),
                    most=number(MOST_VACATION_AT_ONCE),
                    days=number(days),
                ),
            )
        before = await self.vacation(account)
        if before.until is not None:
            raise Refusal(Code.CONFLICT, _("you are on vacation already: end it first"))
        if days > before.left_days + 1e-9:
            raise Refusal(
                Code.CONFLICT,
                _("you have {left} vacation days left this year, not {days}").format(
                    left=number(before.left_days), days=number(days)
                ),
            )
        start = self.runtime.now()
        until = start + days * DAY
        async with transaction(self.database) as session:
            await take_vacation(session, account, start, until)
        await self.runtime.turns.vacation_taken(account, until)
        return await self.vacation(account)

    async def end(self, account: int) -> VacationOut:
        """End the vacation under way (its days not used come back)."""
        async with transaction(self.database) as session:
            ended = await end_vacation(session, account, self.runtime.now())
        if not ended:
            raise Refusal(Code.CONFLICT, _("you are not on vacation"))
        await self.runtime.turns.vacation_ended(account)
        return await self.vacation(account)


def _title(game: str, lang: str) -> str:
    with language(lang):
        return game_title(game)
