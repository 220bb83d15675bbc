"""Who a rating belongs to and which game a rating change came from, as two small types.

Ratings, tournaments, the server and the terminal all name players and rated games by
short strings (`account:7`, `level:hard/1f2e`, `guest:anna`; `table:Xy3`,
`tournament:T1/2/3`). Those strings are what ledgers, the database and the API keep;
these types are the one place that writes and reads them, so no module builds or
splits a prefix of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Self, TypeVar

from spieltisch.core.errors import SpieltischError


class BadIdentity(SpieltischError, ValueError):
    """A string that is no rating id or rated-game key; the message says what is allowed."""


E = TypeVar("E", bound=StrEnum)


def _prefixed(text: str, kinds: type[E], what: str) -> tuple[E, str]:
    """`kind:name` split, the kind one of `kinds`; else BadIdentity saying `what` is
    expected."""
    kind, colon, name = text.partition(":")
    if not colon or not name or kind not in kinds.__members__.values():
        raise BadIdentity(f"{text!r} is no {what}")
    return kinds(kind), name


class _Written:
    """A value written as `prefix:name`: `parse` reads one, `maybe` reads one or None."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Self:
        raise NotImplementedError

    @classmethod
    def maybe(cls, text: str | None) -> Self | None:
        """The value a string names, None for None or a string that names none."""
        if text is None:
            return None
        try:
            return cls.parse(text)
        except BadIdentity:
            return None


class Kind(StrEnum):
    """What kind of player a rating id names."""

    ACCOUNT = "account"
    """A server account, by its number."""
    LEVEL = "level"
    """A computer level (`level:hard`), or a tournament's computer entrant (`level:hard/1f2e`:
    the tag keeps two entrants of one level apart)."""
    GUEST = "guest"
    """A hall player without an account, by the name folded to lower case."""


@dataclass(frozen=True, slots=True, order=True)
class PlayerId(_Written):
    """The rating identity of one player: `kind:name`, written by `str()`."""

    kind: Kind
    name: str

    def __str__(self) -> str:
        return f"{self.kind}:{self.name}"

    @classmethod
    def parse(cls, text: str) -> Self:
        """The id a string names; anything else raises `BadIdentity` saying what is allowed."""
        kind, name = _prefixed(
            text,
            Kind,
            "rating id: expected account:<number>, level:<level>[/<tag>] or guest:<name>",
        )
        if kind == Kind.ACCOUNT and not name.isdigit():
            raise BadIdentity(f"{text!r} is no rating id: an account is a number")
        return cls(kind, name)

    @classmethod
    def of_account(cls, account_id: int) -> PlayerId:
        return cls(Kind.ACCOUNT, str(account_id))

    @classmethod
    def of_level(cls, level: str, tag: str | None = None) -> PlayerId:
        return cls(Kind.LEVEL, level if tag is None else f"{level}/{tag}")

    @classmethod
    def of_guest(cls, name: str, tag: str | None = None) -> PlayerId:
        """A hall player: two spellings differing only in case are one guest; the tag
        keeps two people of one name apart (`guest:anna/1f2e`)."""
        folded = name.casefold()
        return cls(Kind.GUEST, folded if tag is None else f"{folded}/{tag}")

    @property
    def account(self) -> int | None:
        """The account number, None for a level or a guest."""
        return int(self.name) if self.kind == Kind.ACCOUNT else None

    @property
    def level(self) -> str | None:
        """The computer level (`level:hard/1f2e` -> hard), None for a person."""
        return self.name.split("/", 1)[0] if self.kind == Kind.LEVEL else None


def account_of(text: str | None) -> int | None:
    """The account number of a rating id string (`account:7` -> 7), None otherwise."""
    found = PlayerId.maybe(text)
    return None if found is None else found.account


def is_guest(text: str | None) -> bool:
    """Whether a rating id string names a hall player (`guest:...`)."""
    found = PlayerId.maybe(text)
    return found is not None and found.kind == Kind.GUEST


def level_of(text: str | None) -> str | None:
    """The computer level of a rating id string (`level:hard/3` -> hard), None otherwise."""
    found = PlayerId.maybe(text)
    return None if found is None else found.level


class Source(StrEnum):
    """Where a rated game was played."""

    TABLE = "table"
    """An online table, by its id."""
    TOURNAMENT = "tournament"
    """A tournament table: `tournament:<id>/<round>/<table>`."""


@dataclass(frozen=True, slots=True)
class GameKey(_Written):
    """The key of one rated game (unique among all rated games), written by `str()`."""

    source: Source
    name: str

    PRIVATE_NAME = "private"
    """What a change at a private table shows as its table to those who did not sit at it."""

    def __str__(self) -> str:
        return f"{self.source}:{self.name}"

    @classmethod
    def parse(cls, text: str) -> Self:
        """The key a string names (None from `maybe`: a level run's game has none)."""
        source, name = _prefixed(
            text, Source, "rated-game key: expected table:<id> or tournament:<id>/<round>/<table>"
        )
        return cls(source, name)

    @classmethod
    def of_table(cls, table_id: str) -> GameKey:
        return cls(Source.TABLE, table_id)

    @classmethod
    def of_tournament(cls, tournament_id: str, round_number: int, table: int) -> GameKey:
        return cls(Source.TOURNAMENT, f"{tournament_id}/{round_number}/{table}")

    @classmethod
    def tournament_prefix(cls, tournament_id: str) -> str:
        """What the keys of every table of one tournament start with."""
        return f"{Source.TOURNAMENT}:{tournament_id}/"

    @property
    def table_id(self) -> str | None:
        """The online table's id, None for a tournament table."""
        return self.name if self.source == Source.TABLE else None

    @property
    def tournament_id(self) -> str | None:
        """The tournament's id, None for an online table."""
        return self.name.split("/", 1)[0] if self.source == Source.TOURNAMENT else None


PRIVATE_TABLE = GameKey(Source.TABLE, GameKey.PRIVATE_NAME)
"""The key shown for a change at a private table to those who did not sit at it."""
