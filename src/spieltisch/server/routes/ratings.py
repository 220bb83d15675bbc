"""The rating routes: the leaderboard of a game (with the AI levels' reference ratings),
a player's rating history, and the change a finished game made (the table's end screen).

Ratings are computed from every rated game in order (`TournamentStore.ratings`), so a
corrected tournament result changes them as if it had been right at once.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request
from sqlalchemy import select

from spieltisch.core import UnknownGame, game_class
from spieltisch.server.i18n import _
from spieltisch.server.routes.context import Services, services
from spieltisch.server.schemas.rest import REFUSALS, AccountId
from spieltisch.server.schemas.tournaments import (
    ChangeOut,
    Leaderboard,
    LevelRow,
    PlayerRatings,
    RatedGameCount,
    RatingGames,
    RatingHistory,
    RatingRow,
    SeatChange,
    TableRating,
)
from spieltisch.server.services.lobby import get_table
from spieltisch.server.services.privacy import may_see
from spieltisch.server.services.rounds import ACCOUNT_PREFIX, OnlineRounds
from spieltisch.store.models import Account, GameTable
from spieltisch.store.tables import account_names, seats_of
from spieltisch.tournament.ratings import LEVEL_AFTER, Change, computer_level, nearest_level
from spieltisch.tournament.reference import reference_levels
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.storage import TournamentStore

router = APIRouter(prefix="/api", tags=["ratings"], responses=REFUSALS)
Svc = Annotated[Services, Depends(services)]
"""Games a player needs before the leaderboard names the AI level nearest to them: after
one game the rating says little (sigma is still large)."""
TABLE_KEY = "table:"
TOURNAMENT_KEY = "tournament:"
PRIVATE_KEY = "table:private"
"""The key a change at a private table shows to those who did not sit at it."""


def _account(player: str) -> int | None:
    rest = player.removeprefix(ACCOUNT_PREFIX)
    return int(rest) if player.startswith(ACCOUNT_PREFIX) and rest.isdigit() else None


def _title(game: str) -> str:
    try:
        return game_class(game).title
    except UnknownGame as exc:
        raise HTTPException(404, str(exc)) from None


async def _names(svc: Services, store: TournamentStore, players: list[str]) -> dict[str, str]:
    names = await store.player_names()
    accounts = {a for a in map(_account, players) if a is not None}
    if accounts:
        async with svc.database.session() as session:
            found = await account_names(session, accounts)
        names |= {f"{ACCOUNT_PREFIX}{account}": name for account, name in found.items()}
    return names


@router.get("/ratings", response_model=RatingGames)
async def rated_games(svc: Svc) -> RatingGames:
    """The games with rated players, so a page can open the liveliest leaderboard."""
    book = await TournamentStore(svc.database).ratings()
    counts = [
        RatedGameCount(game=game, title=_title(game), players=len(book.leaderboard(game)))
        for game in book.games()
    ]
    counts.sort(key=lambda row: (-row.players, row.game))
    return RatingGames(games=counts, default_game=Settings.model_fields["game"].default)


@router.get("/ratings/{game}", response_model=Leaderboard)
async def leaderboard(game: str, svc: Svc) -> Leaderboard:
    """Every rated player of the game by rating (mu - 3 sigma), each with the AI level
    nearest to them, and the AI levels' reference ratings."""
    title = _title(game)
    store = TournamentStore(svc.database)
    book = await store.ratings()
    rows = book.leaderboard(game)
    names = await _names(svc, store, [row.player for row in rows])
    levels = reference_levels(game)
    return Leaderboard(
        game=game,
        title=title,
        players=[
            RatingRow(
                rank=rank,
                player=row.player,
                name=names.get(row.player, row.player),
                account=_account(row.player),
                rating=row.rating.value,
                mu=row.rating.mu,
                sigma=row.rating.sigma,
                games=row.games,
                computer=computer_level(row.player),
                about=nearest_level(row.rating, levels) if row.games >= LEVEL_AFTER else None,
            )
            for rank, row in enumerate(rows, start=1)
        ],
        levels=[
            LevelRow(level=name, rating=rating.value, mu=rating.mu, sigma=rating.sigma)
            for name, rating in sorted(levels.items(), key=lambda item: -item[1].mu)
        ],
    )


def _change_out(game: str, change: Change) -> ChangeOut:
    table = change.key.removeprefix(TABLE_KEY) if change.key.startswith(TABLE_KEY) else None
    tournament = None
    if change.key.startswith(TOURNAMENT_KEY):
        tournament = change.key.removeprefix(TOURNAMENT_KEY).split("/", 1)[0]
    return ChangeOut(
        game=game,
        key=change.key,
        at=change.at,
        place=change.place,
        before=change.before.value,
        after=change.after.value,
        delta=change.delta,
        table=table,
        tournament=tournament,
    )


@router.get("/players/{account_id}/ratings", response_model=PlayerRatings)
async def rating_history(account_id: AccountId, request: Request, svc: Svc) -> PlayerRatings:
    """A player's rating per game and every change, oldest first; a change made at a
    private table names the table only to its players."""
    async with svc.database.session() as session:
        if await session.get(Account, account_id) is None:
            raise HTTPException(404, _("no player {account}").format(account=account_id))
    book = await TournamentStore(svc.database).ratings()
    player = f"{ACCOUNT_PREFIX}{account_id}"
    games = []
    for game in book.games():
        changes = book.history(game, player)
        if not changes:
            continue
        rating = book.rating(game, player)
        games.append(
            RatingHistory(
                game=game,
                title=_title(game),
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
    hidden = await _private_tables(
        svc, {c.table for g in games for c in g.changes if c.table}, svc.sessions.of(request)
    )
    for row in games:
        row.changes = [
            change.model_copy(update={"table": None, "key": PRIVATE_KEY})
            if change.table in hidden
            else change
            for change in row.changes
        ]
    return PlayerRatings(account=account_id, games=games)


async def _private_tables(svc: Services, tables: set[str], viewer: int | None) -> set[str]:
    """Which of `tables` are private ones `viewer` did not sit at."""
    if not tables:
        return set()
    async with svc.database.session() as session:
        private = (
            await session.execute(
                select(GameTable.id).where(GameTable.id.in_(tables), GameTable.public.is_(False))
            )
        ).scalars()
        hidden = set()
        for table_id in private:
            seated = [seat.account_id for seat in await seats_of(session, table_id)]
            if not may_see(False, seated, viewer):
                hidden.add(table_id)
    return hidden


@router.get("/tables/{table_id}/rating", response_model=TableRating)
async def table_rating(table_id: str, svc: Svc) -> TableRating:
    """How the finished game at this table changed each seat's rating (the end screen)."""
    rounds = OnlineRounds(svc.database, svc.runtime)
    async with svc.database.session() as session:
        table = await get_table(session, table_id)
        seats = await seats_of(session, table_id)
    if table.status != "finished":
        return TableRating(rated=False, tournament=None, changes=[])
    tournament_id = await rounds.tournament_of(table_id)
    if tournament_id is not None:
        tournament = await rounds.collect(tournament_id)
        where = tournament.table_of(table_id)
        assert where is not None
        key = f"{TOURNAMENT_KEY}{tournament_id}/{where[0]}/{where[1]}"
        players = [
            tournament.players[p].rating_id for p in tournament.round(where[0]).tables[where[1] - 1]
        ]
    else:
        key = f"{TABLE_KEY}{table_id}"
        players = [f"{ACCOUNT_PREFIX}{seat.account_id}" for seat in seats]
    book = await rounds.store.ratings()
    changes = []
    for seat, player in enumerate(players):
        found = [c for c in book.history(table.game, player) if c.key == key]
        if found:
            change = found[-1]
            changes.append(
                SeatChange(
                    seat=seat,
                    player=player,
                    before=change.before.value,
                    after=change.after.value,
                    delta=change.delta,
                )
            )
    return TableRating(rated=bool(changes), tournament=tournament_id, changes=changes)
