"""What the connections were shown of a table's latest position, each costly part (a
seat's view, a board, the legal moves in words) made once however many connections show
it: the room keeps one `PositionRenderings`, `view.py` fills it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from spieltisch.server.schemas.messages import LegalMove


@dataclass(frozen=True)
class SeatRendering:
    """The costly parts of a state message for one seat and language in one position."""

    view: Mapping[str, Any]
    legal_moves: list[LegalMove]
    board_svg: str | None


@dataclass
class PositionRenderings:
    """What the connections were shown of one position (its seq and status), each part
    made once however many connections show it. A board is drawn once per language for
    all the seats whose views are equal and who are not to move (the page marks its own
    seat "(you)"), and once more for the seat to move (its moves clickable)."""

    seq: int
    status: str
    views: dict[int | None, Mapping[str, Any]] = field(default_factory=dict)
    """Each seat's view (None: a spectator's), one shared object where they are equal."""
    boards: dict[tuple[Any, ...], str | None] = field(default_factory=dict)
    """By (language, last move, seat to move or None, seat of a view of its own or None)."""
    legal: dict[str, list[LegalMove]] = field(default_factory=dict)
    """The legal moves of the seat to move in words, by language."""
    drawn: dict[tuple[int | None, str, str | None], SeatRendering] = field(default_factory=dict)
    """By (seat, language, last move)."""
    layered: dict[str, str] = field(default_factory=dict)
    """Each board with placeholders for its static layers, by the whole board."""
    takeback: dict[int, bool] = field(default_factory=dict)
    """By seat: whether the log and position let it take its last move back
    (`takeback_rule.takeback_offered`; what may change within a position is asked anew)."""

    def words_of(self, move: str) -> dict[str, str]:
        """`move` in words in each language its mover was shown it: its log entry's."""
        words: dict[str, str] = {}
        for lang, legal in self.legal.items():
            for one in legal:
                if one.move == move:
                    words[lang] = one.words
                    break  # a move is listed once
        return words
