"""What a table allows, worked out in one place: whether its result is rated, whether
hints and takebacks may be asked, who may read and write its chat. The lobby's
description (`tables.py`, which the pages show), the routes (hints, takebacks) and the
live table (its chat) all ask a `TablePolicy`, as lichess's casual and rated games do:
rated games get no hints and no takebacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from spieltisch.core import game_class
from spieltisch.server.description.privacy import may_see
from spieltisch.store.models import GameTable
from spieltisch.tournament.storage import rated_seating


class Rated(StrEnum):
    """Why a table's result changes ratings."""

    TOURNAMENT = "tournament"
    """A tournament game."""
    SEATING = "rated"
    """Every seat a different person (no computer seat, nobody twice), and the creator
    did not make it casual."""


@dataclass(frozen=True)
class TablePolicy:
    game: str
    public: bool
    tournament: str | None
    """The tournament the table was opened for (None: an ordinary table)."""
    seated: tuple[int | None, ...]
    """Each seat's account (None: a computer or open seat)."""
    chosen: bool | None = None
    """The creator's choice (`GameTable.rated`): rated, casual, or None (by the seats)."""

    @classmethod
    def of(cls, table: GameTable, seated: Sequence[int | None]) -> TablePolicy:
        """The policy of `table`, whose seats are held by the accounts `seated`."""
        return cls(table.game, table.public, table.tournament_id, tuple(seated), table.rated)

    @property
    def rated_by(self) -> Rated | None:
        """Why the result changes ratings; None in a casual game (made casual, or with
        a computer seat, or one person at several seats). A table made rated is rated
        while its seats wait for people too (they take no computer)."""
        if self.tournament is not None:
            return Rated.TOURNAMENT
        if self.chosen is False:
            return None
        if self.chosen is True:
            return Rated.SEATING
        return Rated.SEATING if rated_seating(self.seated) else None

    @property
    def rated(self) -> bool:
        return self.rated_by is not None

    @property
    def hints(self) -> bool:
        """Whether the engine's hint may be asked: in casual games."""
        return not self.rated

    @property
    def takebacks(self) -> bool:
        """Whether a move may be taken back: in casual games without hidden cards (a card
        taken back was seen by all)."""
        return not self.rated and not game_class(self.game).hidden_information

    def may_chat(self, account: int | None) -> bool:
        """Whether `account` hears (and may write) the chat: everyone at a public table,
        the seats at a private one."""
        return may_see(self.public, self.seated, account)
