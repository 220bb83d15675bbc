"""Tournaments as the routes ask for them: each method one read or one director's step,
and back the tournament with what its page shows beside the ledger.

A director's step first takes the results of finished online tables
(`OnlineRounds.collect`), so the director decides on the tournament as it stands; a read
takes none (a GET writes nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import IntegrityError

from spieltisch.core import identity
from spieltisch.core.identity import PlayerId
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.tournaments import PlayerIn
from spieltisch.server.services.accounts import Accounts, clean_name
from spieltisch.server.services.rounds import OnlineRounds
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.store import TournamentRow
from spieltisch.store.hall import choose_hall, hall_choice
from spieltisch.store.models import TableStatus
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.hall import View, check_seconds, check_view
from spieltisch.tournament.identities import (
    Appearance,
    hall_identities,
    link,
    register_hall_player,
)
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.tournament import Tournament

Step = Callable[[Tournament], Any]
"""A director's step: checks and makes its ledger entries on the tournament given."""


def acting(account: int) -> str:
    """How the ledger names an account acting (`account:7`)."""
    return str(PlayerId.of_account(account))


@dataclass(frozen=True)
class TournamentPage:
    """A tournament as a page shows it: its ledger folded, the display names of the
    ledger's account actors, and (for its page) the status of its online tables."""

    identifier: str
    tournament: Tournament
    names: dict[str, str]
    statuses: dict[str, TableStatus] = field(default_factory=dict)


class Tournaments:
    def __init__(self, rounds: OnlineRounds, accounts: Accounts) -> None:
        self.rounds = rounds
        self.store = rounds.store
        self.accounts = accounts

    # -- reading ----------------------------------------------------------------------------

    async def every(self) -> list[tuple[TournamentRow, Tournament]]:
        """Every tournament, oldest first (two queries however many)."""
        return await self.store.every()

    async def load(self, identifier: str) -> Tournament:
        """The tournament as its ledger stands (no online result taken)."""
        return await self.store.load(identifier)

    async def named(self, identifier: str) -> TournamentPage:
        """The tournament and who its ledger's actors are (a history, a spreadsheet)."""
        return await self._named(identifier, await self.load(identifier))

    async def page(self, identifier: str, tournament: Tournament | None = None) -> TournamentPage:
        """What the tournament's page shows: `named`, and how its online tables stand."""
        if tournament is None:
            tournament = await self.load(identifier)
        seen = await self._named(identifier, tournament)
        online = [table for played in tournament.rounds for table in played.online.values()]
        return TournamentPage(
            identifier, tournament, seen.names, await self.rounds.statuses(online)
        )

    async def hall_choice(self, identifier: str) -> tuple[View, int]:
        """What the hall screen shows as the director chose it (else everything in turn)."""
        async with reading(self.store.database) as session:
            row = await hall_choice(session, identifier)
        return (check_view(row.view), row.seconds) if row is not None else ("rotate", 20)

    async def choose_hall(self, identifier: str, account: int, view: str, seconds: int) -> None:
        """The director chooses what the hall screen shows (it follows within seconds)."""
        check_director(await self.load(identifier), account)
        check_seconds(seconds)
        for attempt in range(2):
            try:
                async with transaction(self.store.database) as session:
                    await choose_hall(session, identifier, check_view(view), seconds)
                    await session.commit()
                return
            except IntegrityError:  # a first choice made at the same moment: now change it
                if attempt:
                    raise

    async def identities(self, name: str | None) -> dict[str, list[Appearance]]:
        """The hall identities and where each played (with `name`: that name's)."""
        return await hall_identities(self.store, name)

    # -- steps ------------------------------------------------------------------------------

    async def create(self, settings: Settings, account: int) -> TournamentPage:
        """A new tournament directed by `account`."""
        identifier, tournament = await self.store.create(settings, acting(account))
        return await self.page(identifier, tournament)

    async def acted(self, identifier: str, step: Step) -> TournamentPage:
        """A step anyone may take (the step checks who): taking over, signing up."""
        tournament, _made = await self.store.act(identifier, step)
        return await self.page(identifier, tournament)

    async def directed(self, identifier: str, account: int, step: Step) -> TournamentPage:
        """A director's step, after the finished online tables' results are in."""
        return await self.page(identifier, await self._director_step(identifier, account, step))

    async def sign_up(self, identifier: str, account: int, name: str | None) -> TournamentPage:
        """`account` signs up (by its own name unless `name` is given)."""
        player = acting(account)
        given = (name or "").strip()
        name = clean_name(given) if given else await self._account_name(player)
        return await self.acted(identifier, lambda t: t.sign_up(name, player))

    async def register(self, identifier: str, account: int, body: PlayerIn) -> TournamentPage:
        """The director registers an account (by username or id), a computer level, a hall
        player (the same person as a known hall identity, with `same_as`) or a name."""
        by = acting(account)
        given = (body.account, body.username, body.level, body.same_as)
        if (body.name or "").strip():  # control characters out: they broke the workbooks
            body = body.model_copy(update={"name": clean_name(body.name or "")})
        if sum(x is not None for x in given) > 1:
            raise Refusal(
                Code.INVALID, _("give one of account, username, level and same_as (or only a name)")
            )
        name = (body.name or "").strip()
        if body.username is not None:
            rating_id = await self.store.account_rating_id(body.username.strip())
            name = name or await self._account_name(rating_id)
            step: Step = lambda t: t.register(name, by, rating_id)  # noqa: E731
        elif body.account is not None:
            found = await self.accounts.find(body.account)
            if found is None:
                raise Refusal(Code.INVALID, _("no account {account}").format(account=body.account))
            name, player = name or found.name, acting(found.id)
            step = lambda t: t.register(name, by, player)  # noqa: E731
        elif body.level is not None:
            level = body.level
            step = lambda t: t.register_ai(name, level, by)  # noqa: E731
        elif body.same_as is not None:
            check_director(await self.load(identifier), account)
            tournament = await register_hall_player(self.store, identifier, name, by, body.same_as)
            return await self.page(identifier, tournament)
        else:
            step = lambda t: t.register(name, by)  # noqa: E731
        return await self.directed(identifier, account, step)

    async def change_identity(
        self, identifier: str, number: int, account: int, reason: str, same_as: str | None
    ) -> TournamentPage:
        """Merge hall player `number` with a known identity, or split them off."""
        check_director(await self.load(identifier), account)
        by = acting(account)
        return await self.page(
            identifier, await link(self.store, identifier, number, by, reason, same_as)
        )

    async def start_round(self, identifier: str, account: int, online: bool) -> TournamentPage:
        """Seat the next round; with `online`, open its tables on the server."""
        by = acting(account)
        boards_only = not online
        step: Step = lambda t: t.seat_next(by, boards_only)  # noqa: E731
        tournament = await self._director_step(identifier, account, step)
        if online:
            await self.rounds.open_tables(identifier, len(tournament.rounds), by, account)
        return await self.page(identifier)

    async def undo_round(
        self, identifier: str, round_number: int, account: int, reason: str
    ) -> TournamentPage:
        """Take the current round back (only the current one)."""
        current = await self.load(identifier)
        current.round(round_number)
        if round_number != len(current.rounds):
            raise TournamentError(
                _("only the current round ({round}) can be undone").format(
                    round=len(current.rounds)
                )
            )
        by = acting(account)
        return await self.directed(identifier, account, lambda t: t.unseat(by, reason))

    async def open_online(self, identifier: str, round_number: int, account: int) -> TournamentPage:
        """Open the round's tables that can be played online and are not yet."""
        check_director(await self.rounds.collect(identifier), account)
        await self.rounds.open_tables(identifier, round_number, acting(account), account)
        return await self.page(identifier)

    async def entered(self, identifier: str, account: int, step: Step) -> TournamentPage:
        """A result entered or corrected: the tournament and its actors' names."""
        tournament = await self._director_step(identifier, account, step)
        return await self._named(identifier, tournament)

    async def _director_step(self, identifier: str, account: int, step: Step) -> Tournament:
        check_director(await self.rounds.collect(identifier), account)
        tournament, _made = await self.store.act(identifier, step)
        return tournament

    async def _named(self, identifier: str, tournament: Tournament) -> TournamentPage:
        return TournamentPage(identifier, tournament, await self.store.actor_names(tournament))

    async def _account_name(self, rating_id: str) -> str:
        number = identity.account_of(rating_id)
        if number is None:
            return rating_id
        return (await self.accounts.names([number])).get(number, rating_id)


def check_director(tournament: Tournament, account: int) -> None:
    if tournament.director != acting(account):
        raise Refusal(Code.FORBIDDEN, _("only the tournament's director takes this step"))
