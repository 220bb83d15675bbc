"""Leaving a running game, as commands on the table: aborting it before every person has
moved, giving a seat up, the others' choice once a person is away past the table's away
time (the computer plays the seat at that person's level, or in a game of two the win),
and the person taking a substituted seat back when they return.

Each command holds the room's lock and returns its events through the publisher, as
every command on a table does (`events.py`); what the connections see follows from them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from enum import StrEnum

from spieltisch.core.formats import number
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal, unavailable
from spieltisch.server.schemas.messages import TableOut
from spieltisch.server.table.events import (
    Events,
    HandOverReason,
    SeatHandedOver,
    SeatTakenBack,
    TableAborted,
    keeping,
)
from spieltisch.server.table.finishing import Finishing
from spieltisch.server.table.loading import refresh
from spieltisch.server.table.presence import Presence
from spieltisch.server.table.publish import Publisher
from spieltisch.server.table.room import Room
from spieltisch.server.table.storage import TableStorage
from spieltisch.store.database import UNAVAILABLE
from spieltisch.store.models import SeatKind, TableStatus
from spieltisch.tournament.ratings import Rating
from spieltisch.tournament.reference import reference_levels

SUBSTITUTE_LEVELS = ("easy", "medium", "hard")
"""The levels a substitute plays at (quick enough for any table)."""


class Choice(StrEnum):
    """What the others choose for a seat away past the table's away time."""

    COMPUTER = "computer"
    """The computer plays it at its person's level until they take it back."""
    WIN = "win"
    """In a game of two people: the one who stayed claims the win."""


RatingOf = Callable[[str, int], Awaitable[Rating]]
"""A person's rating in a game (`game`, `account`)."""


async def unrated(_game: str, _account: int) -> Rating:
    """Everyone's rating where no ratings are at hand: the model's start."""
    return Rating()


def own_level(game: str, rating: Rating) -> str:
    """The substitute level nearest a person's rating: the level whose reference rating
    (`tournament/data/level_ratings.json`) is closest; `medium` for a game without."""
    levels = {name: r for name, r in reference_levels(game).items() if name in SUBSTITUTE_LEVELS}
    if not levels:
        return "medium"
    return min(levels, key=lambda name: abs(levels[name].mu - rating.mu))


class Leaving:
    def __init__(
        self,
        rooms: Callable[[str], Awaitable[Room]],
        storage: TableStorage,
        publisher: Publisher,
        presence: Presence,
        finishing: Finishing,
    ) -> None:
        self.rooms = rooms
        self.storage = storage
        self.publisher = publisher
        self.presence = presence
        self.finishing = finishing
        self.rating_of: RatingOf = unrated
        """Whose rating sets a substitute's level (the app gives the ratings' book)."""

    async def abort(self, table_id: str, account: int) -> TableOut:
        """A person at the table ends it without a result, before every person has made
        a first move. Refusal: forbidden (not a player here), conflict (not running, a
        tournament's game, or every person has moved: resign instead)."""
        room = await self.rooms(table_id)
        async with self.publisher.holding(room) as events:
            with keeping(events):
                mine = await self._mine(room, events, account, _("only a running game is aborted"))
                if room.table.tournament_id is not None:
                    raise Refusal(Code.CONFLICT, _("a tournament game cannot be aborted"))
                if not room.abortable():
                    raise Refusal(
                        Code.CONFLICT,
                        _("every player has moved: too late to abort, resign instead"),
                    )
                try:
                    described = await self.storage.abort(room.id, {"how": "aborted", "by": mine[0]})
                except UNAVAILABLE:
                    raise unavailable() from None
                if described is None:  # ended a moment ago through another process
                    events += await refresh(self.storage, room)
                    raise Refusal(Code.CONFLICT, _("the game has ended already"))
                room.table.status = TableStatus.ABORTED
                room.table.ending = {"how": "aborted", "by": mine[0]}
                events.append(TableAborted(mine[0], described))
        return described

    async def hand_over(
        self, table_id: str, account: int, seat: int | None, choice: Choice | None = None
    ) -> TableOut:
        """`account` gives up its seat (`seat` None), or chooses what happens to the
        `seat` of another person away past the table's away time: `choice` computer (the
        default with more than two seats) or win (a game of two, its default). Returns
        the table as the lobby now describes it.

        Refusal: conflict (not running, not away long enough, no win to claim),
        forbidden (not seated here)."""
        room = await self.rooms(table_id)
        async with self.publisher.holding(room) as events:
            with keeping(events):
                mine = await self._mine(
                    room, events, account, _("only a running game can be given up")
                )
                level = "easy"
                if seat is None:
                    reason, seat = HandOverReason.RESIGNED, mine[0]
                else:
                    reason = self._claim(room, seat, mine, choice)
                    if reason == HandOverReason.SUBSTITUTE:
                        account_away = room.seats[seat].account_id
                        assert account_away is not None
                        level = own_level(
                            room.table.game, await self.rating_of(room.table.game, account_away)
                        )
                handed = await self.finishing.computer_plays(room, seat, reason, level)
                events += handed
        described = next(e.table for e in handed if isinstance(e, SeatHandedOver))
        if described is None:
            raise Refusal(Code.NOT_FOUND, _("no table {table}").format(table=table_id))
        return described

    async def take_back(self, table_id: str, account: int) -> TableOut:
        """The person whose seat a substitute plays takes it back. Refusal: conflict (not
        running, no seat of theirs played by a substitute)."""
        room = await self.rooms(table_id)
        async with self.publisher.holding(room) as events:
            with keeping(events):
                if room.stale:
                    events += await refresh(self.storage, room)
                if room.table.status != TableStatus.RUNNING:
                    raise Refusal(
                        Code.CONFLICT, _("the game has ended: there is no seat to take back")
                    )
                found = [
                    index
                    for index, info in enumerate(room.seats)
                    if info.held_by(account) and info.substituted
                ]
                if not found:
                    raise Refusal(
                        Code.CONFLICT, _("no seat of yours is played by a substitute at this table")
                    )
                taken = await self.finishing.take_back(room, found[0])
                events += taken
        described = next(e.table for e in taken if isinstance(e, SeatTakenBack))
        if described is None:
            raise Refusal(Code.NOT_FOUND, _("no table {table}").format(table=table_id))
        return described

    async def _mine(self, room: Room, events: Events, account: int, only: str) -> list[int]:
        """The seats `account` plays at the running `room` (read again first when stale);
        Refusal `only` (conflict) when it is not running, forbidden when none."""
        if room.stale:
            events += await refresh(self.storage, room)
        if room.table.status != TableStatus.RUNNING:
            raise Refusal(
                Code.CONFLICT,
                _("table {table} is {status}: {only}").format(
                    table=room.id, status=room.table.status, only=only
                ),
            )
        mine = [index for index, info in enumerate(room.seats) if info.played_by(account)]
        if not mine:
            raise Refusal(Code.FORBIDDEN, _("you do not play a seat at this table"))
        return mine

    def _claim(
        self, room: Room, seat: int, mine: list[int], choice: Choice | None
    ) -> HandOverReason:
        """The hand-over the others' `choice` makes of the away `seat` (Refusal when
        it is not another person's seat away past the table's away time, or the win is
        claimed in a game of more than two)."""
        clock = room.clock
        if clock is not None and clock.turn_based:
            raise Refusal(
                Code.CONFLICT,
                _(
                    "in a turn-based game nobody chooses for a person away: "
                    "when their time runs out, the table's rule decides"
                ),
            )
        self.presence.of(room)  # `away_since` up to date
        wait = self.presence.away_after(room)
        if seat >= len(room.seats) or seat in mine or room.seats[seat].kind != SeatKind.HUMAN:
            raise Refusal(
                Code.CONFLICT, _("seat {seat} is not another person's seat").format(seat=seat)
            )
        if room.seats[seat].substituted is not None:
            raise Refusal(
                Code.CONFLICT,
                _("the computer plays seat {seat} already").format(seat=seat),
            )
        since = room.away_since.get(seat)
        if since is None or self.presence.now() - since < wait:
            raise Refusal(
                Code.CONFLICT,
                _("seat {seat} may be chosen for after {seconds} s away").format(
                    seat=seat, seconds=number(wait)
                ),
            )
        two = len(room.seats) == 2
        if choice is None:
            choice = Choice.WIN if two else Choice.COMPUTER
        if choice == Choice.WIN and not two:
            raise Refusal(
                Code.CONFLICT,
                _("the win is claimed only in a game of two: let the computer play the seat"),
            )
        return HandOverReason.CLAIMED if choice == Choice.WIN else HandOverReason.SUBSTITUTE
