"""The rating routes: the leaderboard of a game (with the AI levels' reference ratings),
a player's rating history, and the change a finished game made (the table's end screen).

Ratings are computed from every rated game in order (`TournamentStore.ratings`), so a
corrected tournament result changes them as if it had been right at once.
"""

from __future__ import annotations

from fastapi import APIRouter, Request

from spieltisch.core.identity import account_of, level_of
from spieltisch.server.routes.context import Svc
from spieltisch.server.schemas.rest import REFUSALS, AccountId
from spieltisch.server.schemas.tournaments import (
    Leaderboard,
    LevelRow,
    PlayerRatings,
    RatedGameCount,
    RatingGames,
    RatingRow,
    SeatChange,
    TableRating,
)
from spieltisch.server.services.ratings import rated_title
from spieltisch.tournament.ratings import LEVEL_AFTER, nearest_level
from spieltisch.tournament.reference import reference_levels
from spieltisch.tournament.settings import Settings

router = APIRouter(prefix="/api", tags=["ratings"], responses=REFUSALS)


@router.get("/ratings", response_model=RatingGames)
async def rated_games(svc: Svc) -> RatingGames:
    """The games with rated players, so a page can open the liveliest leaderboard."""
    book = await svc.ratings.book()
    counts = [
        RatedGameCount(game=game, title=rated_title(game), players=len(book.leaderboard(game)))
        for game in book.games()
    ]
    counts.sort(key=lambda row: (-row.players, row.game))
    return RatingGames(games=counts, default_game=Settings.model_fields["game"].default)


@router.get("/ratings/{game}", response_model=Leaderboard)
async def leaderboard(game: str, svc: Svc) -> Leaderboard:
    """Every rated player of the game by rating (mu - 3 sigma), each with the AI level
    nearest to them, and the AI levels' reference ratings."""
    title = rated_title(game)
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


@router.get("/players/{account_id}/ratings", response_model=PlayerRatings)
async def rating_history(account_id: AccountId, request: Request, svc: Svc) -> PlayerRatings:
    """A player's rating per game and every change, oldest first; a change made at a
    private table names the table only to its players."""
    return await svc.ratings.history(account_id, svc.sessions.of(request))


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
