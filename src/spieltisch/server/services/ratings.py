"""Ratings as the routes ask for them: the book (`TournamentStore.ratings`, a projection
kept per database) with its players' names, a player's rating history (a private table
named only to its players), and the change a finished table's game made to each seat."""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.core import UnknownGame, game_class
from spieltisch.core.identity import PRIVATE_TABLE, GameKey, PlayerId, account_of
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.tournaments import ChangeOut, PlayerRatings, RatingHistory
from spieltisch.server.services.accounts import Accounts
from spieltisch.server.services.lobby import Lobby
from spieltisch.store.models import TableStatus
from spieltisch.tournament.ratings import LEVEL_AFTER, Change, RatingBook, nearest_level
from spieltisch.tournament.reference import reference_levels
from spieltisch.tournament.storage import TournamentStore


@dataclass(frozen=True)
class SeatRated:
    """What a finished game did to one seat's rating."""

    seat: int
    player: str
    change: Change


@dataclass(frozen=True)
class TableRated:
    """What a finished table's game did to its seats' ratings (none: not rated)."""

    tournament: str | None
    seats: list[SeatRated]


class Ratings:
    def __init__(self, store: TournamentStore, lobby: Lobby, accounts: Accounts) -> None:
        self.store = store
        self.lobby = lobby
        self.accounts = accounts

    async def book(self) -> RatingBook:
        return await self.store.ratings()

    async def named(self, game: str) -> tuple[RatingBook, dict[str, str]]:
        """The book and the names of the game's rated players: an account's display name,
        else the name a tournament knows them by."""
        book, names = await self.store.named_ratings()
        players = [row.player for row in book.leaderboard(game)]
        found = await self.accounts.names({a for a in map(account_of, players) if a is not None})
        return book, names | {str(PlayerId.of_account(a)): name for a, name in found.items()}

    async def of_player(self, account_id: int, viewer: int | None) -> tuple[RatingBook, set[str]]:
        """The book, and the tables of the player's rated games that `viewer` may not see
        named (private ones they did not sit at)."""
        if await self.accounts.find(account_id) is None:
            raise Refusal(Code.NOT_FOUND, _("no player {account}").format(account=account_id))
        book = await self.store.ratings()
        player = str(PlayerId.of_account(account_id))
        keys = [GameKey.maybe(c.key) for game in book.games() for c in book.history(game, player)]
        tables = {key.table_id for key in keys if key is not None and key.table_id}
        return book, await self.lobby.hidden_from(tables, viewer)

    async def of_table(self, table_id: str) -> TableRated:
        """How the finished game at this table changed each seat's rating."""
        table = await self.lobby.described(table_id)
        if table.status != TableStatus.FINISHED:
            return TableRated(None, [])
        if table.tournament is not None:
            tournament = await self.store.load(table.tournament)
            where = tournament.table_of(table_id)
            assert where is not None
            key = str(GameKey.of_tournament(table.tournament, *where))
            seated = tournament.round(where[0]).tables[where[1] - 1]
            players = [tournament.players[number].rating_id for number in seated]
        else:
            key = str(GameKey.of_table(table_id))
            players = [
                "" if seat.account is None else str(PlayerId.of_account(seat.account))
                for seat in table.seats
            ]
        book = await self.store.ratings()
        rated = []
        for seat, player in enumerate(players):
            found = [change for change in book.history(table.game, player) if change.key == key]
            if found:
                rated.append(SeatRated(seat, player, found[-1]))
        return TableRated(table.tournament, rated)

    async def history(self, account_id: int, viewer: int | None) -> PlayerRatings:
        """A player's rating per game and every change, oldest first; a change made at a
        private table names the table only to its players."""
        book, hidden = await self.of_player(account_id, viewer)
        player = str(PlayerId.of_account(account_id))
        games = []
        for game in book.games():
            changes = book.history(game, player)
            if not changes:
                continue
            rating = book.rating(game, player)
            games.append(
                RatingHistory(
                    game=game,
                    title=rated_title(game),
                    rating=rating.value,
                    games=len(changes),
                    about=(
                        nearest_level(rating, reference_levels(game))
                        if len(changes) >= LEVEL_AFTER
                        else None
                    ),
                    changes=[_change_out(game, change) for change in changes],
                )
            )
        for row in games:
            row.changes = [
                change.model_copy(update={"table": None, "key": str(PRIVATE_TABLE)})
                if change.table in hidden
                else change
                for change in row.changes
            ]
        return PlayerRatings(account=account_id, games=games)


def rated_title(game: str) -> str:
    """The title of a game with ratings (not found: an unknown game)."""
    try:
        return game_class(game).title
    except UnknownGame as exc:
        raise Refusal(Code.NOT_FOUND, str(exc)) from None


def _change_out(game: str, change: Change) -> ChangeOut:
    key = GameKey.maybe(change.key)
    return ChangeOut(
        game=game,
        key=change.key,
        at=change.at,
        place=change.place,
        before=change.before.value,
        after=change.after.value,
        delta=change.delta,
        table=None if key is None else key.table_id,
        tournament=None if key is None else key.tournament_id,
    )
