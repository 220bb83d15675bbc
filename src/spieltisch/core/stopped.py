"""Ranking a game stopped before its end from each player's figures (a referee's rule).

Some rule books rank a game interrupted by time from a few figures per player (Mensch
ärgere Dich nicht's rule 18). A game that has such a rule declares it as
`Game.stopped_ranking`; its engine ranks its own positions with the same key, and a
tournament ranks a table played on a real board from the figures its director enters.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel


class StoppedRanking(ABC):
    """The rule that ranks a stopped game; equal keys are decided by lot."""

    rule: str
    """The rule's name in the rule book, such as "rule 18"."""

    figures: type[BaseModel]
    """One player's figures, validated (a bad value names the field and what is allowed)."""

    online_options: Mapping[str, Any] = MappingProxyType({})
    """The game options under which an online table stops and ranks its game as this rule
    does when time is called (empty: the game's own options say)."""

    @abstractmethod
    def key(self, figures: Any) -> tuple[Any, ...]:
        """The player's sort key without the lot: larger is better."""

    def check_table(self, figures: Sequence[Any]) -> None:  # noqa: B027 - optional check
        """Checks across one table's figures (each player's are valid alone): ValueError."""

    def figures_of(self, state: Any) -> list[dict[str, Any]] | None:
        """Each player's figures read off a stopped game's last position, as a referee
        counts them at the board (a tournament ranks an online table from them as from
        a director's entry); None where the rule cannot read a position."""
        return None

    def play_on(self, game: Any) -> str | None:
        """What is still played at a table of `game` (its options and players) once time
        is called, in the current language, for the timer and the score sheets; None
        where the rule says nothing."""
        return None
