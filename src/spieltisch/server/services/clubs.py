"""Clubs as the routes ask for them: the registry (its manager only: it holds people's
names), the seasons (anyone reads a season's table), a member entered into a tournament
(by whoever both keeps the club and directs the tournament), an account linked by the
person with the code the manager handed them."""

from __future__ import annotations

from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.services.tournaments import (
    TournamentPage,
    Tournaments,
    acting,
    check_director,
)
from spieltisch.store import Database
from spieltisch.store.clubs import ClubRow, SeasonRow
from spieltisch.tournament.clubs import ClubStore, Imported, Season
from spieltisch.tournament.registry import Member, members_csv
from spieltisch.tournament.season import SeasonRules, SeasonStanding
from spieltisch.tournament.tournament import Tournament


class Clubs:
    def __init__(self, database: Database, tournaments: Tournaments) -> None:
        self.store = ClubStore(database)
        self.tournaments = tournaments

    async def every(self) -> list[tuple[ClubRow, int]]:
        """Every club and how many members it has."""
        counts = await self.store.member_counts()
        return [(row, counts.get(row.id, 0)) for row in await self.store.all()]

    async def create(self, name: str, account: int) -> ClubRow:
        return await self.store.create(name, acting(account))

    async def club(self, identifier: str) -> tuple[ClubRow, list[SeasonRow]]:
        return await self.store.club(identifier), await self.store.seasons(identifier)

    async def members(self, identifier: str, account: int | None) -> list[Member]:
        """The registry, for its manager; nobody else sees people's names here."""
        await self.managed(identifier, account)
        return await self.store.members(identifier)

    async def managed(self, identifier: str, account: int | None) -> ClubRow:
        club = await self.store.club(identifier)
        if account is None or club.manager != acting(account):
            raise Refusal(Code.FORBIDDEN, _("only the club's manager keeps its registry"))
        return club

    async def add(self, identifier: str, account: int, name: str, number: str | None) -> None:
        await self.managed(identifier, account)
        await self.store.add(identifier, name, number)

    async def import_csv(self, identifier: str, account: int, text: str) -> Imported:
        await self.managed(identifier, account)
        return await self.store.import_csv(identifier, text)

    async def export_csv(self, identifier: str, account: int | None) -> str:
        return members_csv(await self.members(identifier, account))

    async def forget(self, identifier: str, account: int, number: int) -> Member:
        await self.managed(identifier, account)
        return await self.store.forget(identifier, number)

    async def link_code(self, identifier: str, account: int, number: int) -> str:
        await self.managed(identifier, account)
        return await self.store.link_code(identifier, number)

    async def claim(self, code: str, account: int) -> tuple[ClubRow, Member]:
        return await self.store.claim(code, account)

    async def enter(
        self, identifier: str, account: int, number: int, tournament: str
    ) -> TournamentPage:
        """A member registered in a tournament: the caller keeps the club and directs it."""
        await self.managed(identifier, account)
        check_director(await self.tournaments.load(tournament), account)
        await self.store.enter(identifier, number, tournament, acting(account))
        return await self.tournaments.page(tournament)

    # -- seasons ---------------------------------------------------------------------------

    async def new_season(
        self, identifier: str, account: int, name: str, rules: SeasonRules
    ) -> SeasonRow:
        await self.managed(identifier, account)
        return await self.store.new_season(identifier, name, rules)

    async def season(self, identifier: str) -> tuple[Season, ClubRow, list[SeasonStanding]]:
        """A season, its club and its table (anyone may read them)."""
        season, _members, table = await self.store.table(identifier)
        return season, await self.store.club(season.club), table

    async def actor_names(self, tournaments: list[Tournament]) -> dict[str, str]:
        """The people behind the `account:<id>` actors of these tournaments' ledgers."""
        actors = {entry.by for tournament in tournaments for entry in tournament.entries}
        return await self.tournaments.store.names_of(actors)

    async def add_evening(self, identifier: str, account: int, tournament: str) -> None:
        season = await self.store.season(identifier)
        await self.managed(season.club, account)
        await self.store.add_evening(identifier, tournament)

    async def remove_evening(self, identifier: str, account: int, tournament: str) -> None:
        season = await self.store.season(identifier)
        await self.managed(season.club, account)
        await self.store.remove_evening(identifier, tournament)
