"""Response bodies of the rating routes: the leaderboard, a player's history, a table's
changes (OpenAPI at /docs)."""

from __future__ import annotations

from pydantic import BaseModel

from spieltisch.server.schemas.tournaments import UtcDateTime


class RatingRow(BaseModel):
    rank: int
    player: str
    """The rating id: `account:7`, `guest:anna`, `level:hard/3`."""
    name: str
    account: int | None
    rating: float
    mu: float
    sigma: float
    games: int
    computer: str | None = None
    """The level of a computer entrant (played by the program), None for a person."""
    about: str | None
    """The nearest AI level by the stored reference ratings ("about the hard level"),
    from the fifth game on."""


class LevelRow(BaseModel):
    level: str
    rating: float
    mu: float
    sigma: float


class RatedGameCount(BaseModel):
    game: str
    title: str
    players: int


class RatingGames(BaseModel):
    games: list[RatedGameCount]
    """Every game with rated players, most players first."""
    default_game: str
    """The game a leaderboard shows when none is chosen and none has rated players."""


class Leaderboard(BaseModel):
    game: str
    title: str
    players: list[RatingRow]
    levels: list[LevelRow]
    """The AI levels' reference ratings (from games among themselves)."""


class ChangeOut(BaseModel):
    game: str
    key: str
    at: UtcDateTime
    place: int
    before: float
    after: float
    delta: float
    table: str | None
    """The online table of the game, if it was played online."""
    tournament: str | None


class RatingHistory(BaseModel):
    game: str
    title: str
    rating: float
    games: int
    about: str | None
    changes: list[ChangeOut]


class PlayerRatings(BaseModel):
    account: int
    games: list[RatingHistory]


class SeatChange(BaseModel):
    seat: int
    player: str
    before: float
    after: float
    delta: float


class TableRating(BaseModel):
    rated: bool
    """False while the game runs, or when it is not rated (a guest or computer seat)."""
    tournament: str | None
    changes: list[SeatChange]
