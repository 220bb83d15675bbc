"""Request and response bodies of the club routes: the player registry and the seasons
(OpenAPI at /docs)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from spieltisch.server.schemas.rest import MAX_ID, Strict


class ClubIn(Strict):
    name: str = Field(min_length=1, max_length=120)


class MemberIn(Strict):
    """A new member of the registry."""

    name: str = Field(min_length=1, max_length=120)
    club_number: str | None = Field(None, max_length=40)


class MembersFileIn(Strict):
    """A registry file (CSV) to import: a header row with `name` and `club_number`."""

    csv: str = Field(max_length=1_000_000)


class CodeIn(Strict):
    code: str = Field(min_length=1, max_length=40)


class EnterIn(Strict):
    """The tournament to register a member in (its director does)."""

    tournament: str = Field(min_length=1, max_length=32)


class SeasonIn(Strict):
    """A new season: the sum of the best `best` evenings, or the points per game from
    `min_games` games on."""

    name: str = Field(min_length=1, max_length=120)
    method: Literal["best", "average"] = "best"
    best: int | None = Field(None, ge=1, le=100)
    min_games: int | None = Field(None, ge=0, le=1000)


class EveningIn(Strict):
    tournament: str = Field(min_length=1, max_length=32)


class MemberOut(BaseModel):
    number: int
    name: str
    club_number: str | None
    identity: str
    account: int | None = Field(None, ge=1, le=MAX_ID)
    forgotten: bool


class SeasonRef(BaseModel):
    id: str
    name: str
    method: str


class ClubRef(BaseModel):
    id: str
    name: str
    members: int
    can_manage: bool


class ClubList(BaseModel):
    clubs: list[ClubRef]


class ClubOut(BaseModel):
    """A club: its seasons for everyone; its registry for its manager only."""

    id: str
    name: str
    manager: str
    can_manage: bool
    members: list[MemberOut]
    seasons: list[SeasonRef]


class ImportOut(BaseModel):
    added: int
    renamed: int
    unchanged: int
    club: ClubOut


class LinkCodeOut(BaseModel):
    member: int
    code: str


class LinkedOut(BaseModel):
    club: str
    club_name: str
    member: int
    name: str


class EveningOut(BaseModel):
    tournament: str
    name: str
    finished: bool
    rounds: int
    seated: int


class SeasonLineOut(BaseModel):
    rank: int | None
    name: str
    member: int | None
    evenings: list[float | None]
    counted: list[int]
    games: int
    total: float
    score: float


class SeasonOut(BaseModel):
    id: str
    club: str
    club_name: str
    name: str
    method: str
    best: int | None
    min_games: int | None
    rule: str
    """The method in words, in the reader's language."""
    can_manage: bool
    evenings: list[EveningOut]
    table: list[SeasonLineOut]
