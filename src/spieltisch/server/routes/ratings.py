"""The rating routes: the leaderboard of a game (with the AI levels' reference ratings),
a player's rating history, and the change a finished game made (the table's end screen).

Ratings are computed from every rated game in order (`TournamentStore.ratings`), so a
corrected tournament result changes them as if it had been right at once.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from spieltisch.core import UnknownGame, game_class
from spieltisch.core.identity import PRIVATE_TABLE, GameKey, PlayerId, account_of, level_of
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Svc
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
from spieltisch.tournament.ratings import LEVEL_AFTER, Change, nearest_level
from spieltisch.tournament.reference import reference_levels
from spieltisch.tournament.settings import Settings

router = APIRouter(prefix="/api", tags=["ratings"], responses=REFUSALS)


def _title(game: str) -> str:
    try:
        return game_class(game).title
    except UnknownGame as exc:
        raise Refusal(Code.NOT_FOUND, str(exc)) from None


@router.get("/ratings", response_model=RatingGames)
async def rated_games(svc: Svc) -> RatingGames:
    """The games with rated players, so a page can open the liveliest leaderboard."""
    book = await svc.ratings.book()
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
    book, names = await svc.ratings.named(game)
    rows = book.leaderboard(game)
    levels = reference_levels(game)
    return Leaderboard(
        game=game,
        title=title,
        players=[
            RatingRow(
                rank=rank,
                player=row.player,
                name=names.get(row.player, row.player),
                account=account_of(row.player),
                rating=row.rating.value,
                mu=row.rating.mu,
                sigma=row.rating.sigma,
                games=row.games,
                computer=level_of(row.player),
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


@router.get("/players/{account_id}/ratings", response_model=PlayerRatings)
async def rating_history(account_id: AccountId, request: Request, svc: Svc) -> PlayerRatings:
    """A player's rating per game and every change, oldest first; a change made at a
    private table names the table only to its players."""
    book, hidden = await svc.ratings.of_player(account_id, svc.sessions.of(request))
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
    for row in games:
        row.changes = [
            change.model_copy(update={"table": None, "key": str(PRIVATE_TABLE)})
            if change.table in hidden
            else change
            for change in row.changes
        ]
    return PlayerRatings(account=account_id, games=games)


@router.get("/tables/{table_id}/rating", response_model=TableRating)
async def table_rating(table_id: str, svc: Svc) -> TableRating:
    """How the finished game at this table changed each seat's rating (the end screen)."""
    rated = await svc.ratings.of_table(table_id)
    changes = [
        SeatChange(
            seat=one.seat,
            player=one.player,
            before=one.change.before.value,
            after=one.change.after.value,
            delta=one.change.delta,
        )
        for one in rated.seats
    ]
    return TableRating(rated=bool(changes), tournament=rated.tournament, changes=changes)
