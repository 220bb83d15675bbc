"""The ratings of every rated game as a projection: kept up to date game by game as
results are entered or corrected, instead of rated again from every ledger per read.

A game entered after every other (the usual case: results come in as they are played)
is rated on top of the book. A correction, a removal or a game that sorts before another
changes the book from that game on only: the projection keeps a checkpoint of the book
every `CHECKPOINT_EVERY` games in rating order, goes back to the last checkpoint before
the earliest changed game and rates forward from there. Either way the book is exactly
`rate_all` of the games (tests/tournament/test_projection.py).
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.ratings import RatedGame, Rating, RatingBook

Refused = Callable[[RatedGame, TournamentError], None]
Order = tuple[dt.datetime, str]

CHECKPOINT_EVERY = 32
"""Games between two checkpoints. A checkpoint costs about as much as rating one game (a
copy of every player's rating; the histories only grow, so their lengths are enough), so
one every 32 games adds about 3% to games rated on top, while a correction of a recent
game rates at most 31 games more than the games after it (benchmarks/ratings.py)."""


def _order(game: RatedGame) -> Order:
    """The order games are rated in (`rate_all`'s)."""
    return game.at, game.key


@dataclass(frozen=True)
class _Checkpoint:
    """The book before the game at one position in rating order."""

    ratings: dict[str, dict[str, Rating]]
    lengths: dict[tuple[str, str], int]
    """How long each history was: a later book's histories start with these entries."""

    @classmethod
    def of(cls, book: RatingBook) -> _Checkpoint:
        return cls(
            {game: dict(rows) for game, rows in book.ratings.items()},
            {key: len(rows) for key, rows in book.histories.items()},
        )

    def restore(self, later: RatingBook) -> RatingBook:
        """The book as it was, from a book made later on the same games before this
        position (a new book: one handed out before keeps what it said)."""
        book = RatingBook()
        for game, rows in self.ratings.items():
            book.ratings[game] = dict(rows)
        for key, length in self.lengths.items():
            book.histories[key] = later.histories[key][:length]
        return book


class RatingProjection:
    """A rating book and the games it was made from, updated by the games that changed."""

    def __init__(self, refused: Refused, every: int = CHECKPOINT_EVERY) -> None:
        self.refused = refused
        """Told of a game the book refuses; it is left out, as `rate_all` leaves it out."""
        self.every = every
        self.book = RatingBook()
        self.games: dict[str, RatedGame] = {}
        self._order: list[Order] = []
        """Every game's place in rating order, sorted."""
        self._checkpoints: list[_Checkpoint] = []
        """The book before the game at position `index * every`."""
        self.rated = 0
        """How many games were rated (again) so far: what a correction costs."""

    def update(self, games: Iterable[RatedGame], removed: Iterable[str] = ()) -> None:
        """Take out the games of these keys, then put these games (new, or a correction
        of the game with the same key; the last of one key wins)."""
        gone = {key for key in removed if key in self.games}
        incoming = {game.key: game for game in games}
        changed = [
            game for key, game in incoming.items() if key in gone or self.games.get(key) != game
        ]
        if not changed and not gone:
            return
        before = gone | {game.key for game in changed if game.key in self.games}
        outdated = {_order(self.games[key]) for key in before}
        # Every game before `start` stays where it is, and so does the book up to there.
        start = bisect.bisect_left(self._order, min(outdated | set(map(_order, changed))))
        rated = len(self._order)
        for key in gone:
            del self.games[key]
        self.games |= {game.key: game for game in changed}
        tail = [order for order in self._order[start:] if order not in outdated]
        self._order[start:] = sorted(tail + [_order(game) for game in changed])
        if start < rated:
            start = self._go_back(start)
        self._rate_from(start)

    def _go_back(self, position: int) -> int:
        """Restore the last checkpoint at or before `position`; where rating starts again."""
        index = position // self.every
        self.book = self._checkpoints[index].restore(self.book)
        del self._checkpoints[index + 1 :]
        return index * self.every

    def _rate_from(self, position: int) -> None:
        for index in range(position, len(self._order)):
            if index % self.every == 0 and index // self.every == len(self._checkpoints):
                self._checkpoints.append(_Checkpoint.of(self.book))
            self._rate(self.games[self._order[index][1]])

    def _rate(self, game: RatedGame) -> None:
        self.rated += 1
        try:
            self.book.rate(game)
        except TournamentError as exc:  # nothing of the book was changed
            self.refused(game, exc)
