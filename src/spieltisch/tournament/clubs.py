"""Clubs in the server's database: the player registry and the seasons, for the command
line and the server alike (each checks who may act before it calls these).

A club is kept by its manager (who made it, or whom the command line names). Its members
are the people of the registry; entering a member into a tournament registers them there
under their hall identity, or under their account once they linked it, so every evening
finds the same person. A season is a list of the club's tournaments ranked together
(`season.py`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from spieltisch.core.identity import PlayerId
from spieltisch.store import Database
from spieltisch.store.club_transactions import ClubTransactions, NewMember, Removal
from spieltisch.store.clubs import ClubRow, MemberRow, SeasonRow
from spieltisch.store.models import as_utc, now
from spieltisch.tournament.errors import NotFound, TournamentError
from spieltisch.tournament.ledger import Registered
from spieltisch.tournament.messages import _
from spieltisch.tournament.registry import Member, forgotten_name, names_for, read_members
from spieltisch.tournament.season import SeasonRules, SeasonStanding, season_table
from spieltisch.tournament.storage import TournamentStore, new_identifier
from spieltisch.tournament.tournament import Tournament, new_hall_identity

LINK_CODE_DAYS = 14
"""How long a link code the manager hands out links an account."""


@dataclass(frozen=True)
class Imported:
    """What an import did: members added, members whose name changed, rows unchanged."""

    added: int
    renamed: int
    unchanged: int


@dataclass(frozen=True)
class Season:
    """A season with its rules and its evenings, oldest first."""

    id: str
    club: str
    name: str
    rules: SeasonRules
    evenings: list[tuple[str, str, Tournament]]
    """(tournament id, name, the tournament) per evening."""


def member_of(row: MemberRow) -> Member:
    return Member(
        row.id,
        row.name,
        row.club_number,
        row.identity,
        row.account_id,
        row.forgotten_at is not None,
    )


class ClubStore:
    """The clubs of one database."""

    def __init__(self, database: Database) -> None:
        self.tables = ClubTransactions(database)
        self.tournaments = TournamentStore(database)

    # -- clubs -------------------------------------------------------------------------

    async def create(self, name: str, manager: str) -> ClubRow:
        name = name.strip()
        if not name or len(name) > 120:
            raise TournamentError(_("a club needs a name of 1 to 120 characters"))
        return await self.tables.create(ClubRow(id=new_identifier(), name=name, manager=manager))

    async def all(self) -> list[ClubRow]:
        return await self.tables.clubs()

    async def member_counts(self) -> dict[str, int]:
        """How many members each club has (two queries for every club, not one per club)."""
        return await self.tables.member_counts()

    async def club(self, identifier: str) -> ClubRow:
        found = await self.tables.club(identifier)
        if found is None:
            raise NotFound(_("no club {club}").format(club=repr(identifier)))
        return found

    async def hand_to(self, club: str, username: str) -> ClubRow:
        """The club is kept by this account from now on (its registry and seasons on the
        web page); the command line keeps working on it beside."""
        manager = await self.tournaments.account_rating_id(username.strip())
        await self.club(club)
        found = await self.tables.set_manager(club, manager)
        assert found is not None
        return found

    # -- the registry ------------------------------------------------------------------

    async def members(self, club: str) -> list[Member]:
        await self.club(club)
        return [member_of(row) for row in await self.tables.members(club)]

    async def member(self, club: str, number: int) -> Member:
        return member_of(await self._member(club, number))

    async def add(self, club: str, name: str, club_number: str | None = None) -> Member:
        """A new member (a person of their own: a new hall identity)."""
        found = read_members(f"name,club_number\n{_quoted(name)},{_quoted(club_number or '')}\n")
        if not found:
            raise TournamentError(_("a member needs a name"))
        row = found[0]
        known = {m.club_number for m in await self.members(club)}
        if row.club_number is not None and row.club_number in known:
            raise _number_taken(row.club_number)
        await self._added(club, [_new_member(row.name, row.club_number)])
        return (await self.members(club))[-1]

    async def import_csv(self, club: str, text: str) -> Imported:
        """Members from a registry file (`registry.py`): a known club number renames, the
        rest are added; all or nothing."""
        given = read_members(text)
        await self.club(club)
        done = await self._added(club, [_new_member(r.name, r.club_number) for r in given])
        return Imported(*done)

    async def _added(self, club: str, given: list[NewMember]) -> tuple[int, int, int]:
        done = await self.tables.add(club, given)
        if done is None:  # two writers at once gave one club number
            raise _number_taken(", ".join(r.club_number for r in given if r.club_number))
        return done

    async def link_code(self, club: str, number: int) -> str:
        """A new one-time code for the person to link their account, for
        `LINK_CODE_DAYS` (the last one ends)."""
        _not_forgotten(await self._member(club, number))
        code = "-".join(secrets.token_hex(3).upper() for _part in range(2))
        await self.tables.set_code(club, number, code, now() + timedelta(days=LINK_CODE_DAYS))
        return code

    async def claim(self, code: str, account: int) -> tuple[ClubRow, Member]:
        """The signed-in person links their account to the member the code was made for;
        the code is used up. From then on the member plays in tournaments as the account."""
        code = code.strip().upper()
        found = await self.tables.by_code(code) if code else None
        if found is None:
            raise TournamentError(_("this link code is unknown or used up"))
        row, others = found
        if row.link_code_until is not None and as_utc(row.link_code_until) < now():
            raise TournamentError(
                _(
                    "this link code ran out after {days} days: ask the club's manager for a new one"
                ).format(days=LINK_CODE_DAYS)
            )
        for other in others:
            if other.account_id == account and other.id != row.id:
                raise TournamentError(
                    _("your account is linked to {name} of this club already").format(
                        name=other.name
                    )
                )
        linked = await self.tables.link(row.id, code, account)
        if linked is None:  # used meanwhile, or this account linked another member meanwhile
            raise TournamentError(_("this link code is unknown or used up"))
        return await self.club(linked.club_id), member_of(linked)

    async def forget(self, club: str, number: int) -> Member:
        """Remove a person's data on request: the name (in the registry, in every
        tournament they played and in its directors' reasons and notes) becomes
        `N.N. <number>`, and so does the hall identity
        made from it (`guest:n.n. 7/<tag>`); the club number and a link code go; the
        results, the standings and the ratings stay."""
        row = await self._member(club, number)
        ids = member_of(row).rating_ids
        pseudonym = forgotten_name(number)
        identity = str(PlayerId.of_guest(pseudonym, row.identity.rpartition("/")[2]))
        players: dict[str, set[int]] = {}
        named_as: dict[str, set[str]] = {}
        for tournament_row, tournament in await self.tournaments.every():
            numbers = {p.number for p in tournament.players.values() if p.rating_id in ids}
            if numbers:
                players[tournament_row.id] = numbers
                named_as[tournament_row.id] = names_for(
                    {p.number: p.name for p in tournament.players.values()}, numbers, row.name
                )
        removal = Removal(pseudonym, identity, players, named_as)
        await self.tables.forget(club, number, removal)
        return await self.member(club, number)

    async def enter(self, club: str, number: int, tournament: str, by: str) -> Tournament:
        """Register a member in a tournament: as their account once linked, else as a hall
        player under their hall identity (the same person on every evening)."""
        member = await self.member(club, number)
        if member.forgotten:
            raise TournamentError(_("member {number} was removed on request").format(number=number))
        if member.account is not None:
            account = str(PlayerId.of_account(member.account))
            step = _entering(member.name, by, account, None)
        else:
            step = _entering(member.name, by, None, member.identity)
        found, _entry = await self.tournaments.act(tournament, step)
        return found

    # -- seasons -----------------------------------------------------------------------

    async def new_season(self, club: str, name: str, rules: SeasonRules) -> SeasonRow:
        name = name.strip()
        if not name or len(name) > 120:
            raise TournamentError(_("a season needs a name of 1 to 120 characters"))
        await self.club(club)
        row = SeasonRow(
            id=new_identifier(),
            club_id=club,
            name=name,
            method=rules.method,
            best=rules.best,
            min_games=rules.min_games,
        )
        return await self.tables.new_season(row)

    async def seasons(self, club: str) -> list[SeasonRow]:
        return await self.tables.seasons(club)

    async def season(self, identifier: str) -> Season:
        found = await self.tables.season(identifier)
        if found is None:
            raise NotFound(_("no season {season}").format(season=repr(identifier)))
        row, tournaments = found
        rules = SeasonRules.model_validate(
            {"method": row.method, "best": row.best, "min_games": row.min_games}
        )
        loaded = await self.tournaments.several([t.id for t in tournaments])
        evenings = [(t.id, t.name, loaded[t.id]) for t in tournaments]
        return Season(row.id, row.club_id, row.name, rules, evenings)

    async def add_evening(self, season: str, tournament: str) -> Season:
        current = await self.season(season)
        await self.tournaments.load(tournament)  # an unknown tournament is refused
        there = any(identifier == tournament for identifier, _n, _t in current.evenings)
        if there or not await self.tables.add_evening(season, tournament):
            raise TournamentError(
                _("tournament {tournament} is an evening of this season already").format(
                    tournament=tournament
                )
            )
        return await self.season(season)

    async def remove_evening(self, season: str, tournament: str) -> Season:
        await self.season(season)
        if not await self.tables.remove_evening(season, tournament):
            raise NotFound(
                _("tournament {tournament} is no evening of this season").format(
                    tournament=tournament
                )
            )
        return await self.season(season)

    async def table(self, season: str) -> tuple[Season, list[Member], list[SeasonStanding]]:
        """The season, the club's members and its table."""
        found = await self.season(season)
        members = await self.members(found.club)
        tournaments = [tournament for _id, _name, tournament in found.evenings]
        return found, members, season_table(found.rules, tournaments, members)

    # -- helpers -----------------------------------------------------------------------

    async def _member(self, club: str, number: int) -> MemberRow:
        found = await self.tables.member(club, number)
        if found is None:
            raise NotFound(
                _("no member {number} in club {club}").format(number=number, club=repr(club))
            )
        return found


def _number_taken(club_number: str | None) -> TournamentError:
    return TournamentError(
        _("club number {number} belongs to another member").format(number=club_number)
    )


def _new_member(name: str, club_number: str | None) -> NewMember:
    return NewMember(name, club_number, new_hall_identity(name))


def _not_forgotten(row: MemberRow) -> None:
    if row.forgotten_at is not None:
        raise TournamentError(_("member {number} was removed on request").format(number=row.id))


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _entering(
    name: str, by: str, account: str | None, same_as: str | None
) -> Callable[[Tournament], Registered]:
    return lambda t: t.register(name, by, account, same_as=same_as)
