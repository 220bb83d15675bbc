"""The ratings of every rated game as a projection: kept up to date game by game as
results are entered or corrected, instead of rated again from every ledger per read.

A game entered after every other (the usual case: results come in as they are played)
is rated on top of the book; a correction, or a game that sorts before another, rates
the kept games again in order — in memory, from the games already read. Either way the
book is exactly `rate_all` of the games (tests/tournament/test_projection.py).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable

from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.ratings import RatedGame, RatingBook, rate_all

Refused = Callable[[RatedGame, TournamentError], None]


def _order(game: RatedGame) -> tuple[dt.datetime, str]:
    """The order games are rated in (`rate_all`'s)."""
    return game.at, game.key


class RatingProjection:
    """A rating book and the games it was made from, updated by the games that changed."""

    def __init__(self, refused: Refused) -> None:
        self.refused = refused
        """Told of a game the book refuses; it is left out, as `rate_all` leaves it out."""
        self.book = RatingBook()
        self.games: dict[str, RatedGame] = {}
        self._last: tuple[dt.datetime, str] | None = None
        self.rebuilt = 0
        """How often the book was made again from every game (a correction, a late game)."""

    def update(self, games: Iterable[RatedGame], removed: Iterable[str] = ()) -> None:
        """Put these games (new, or a correction of the game with the same key) and take
        out the games of these keys."""
        changed = [game for game in games if self.games.get(game.key) != game]
        gone = {key for key in removed if key in self.games}
        if not changed and not gone:
            return
        changed.sort(key=_order)
        on_top = not gone and all(game.key not in self.games for game in changed)
        on_top = on_top and (self._last is None or _order(changed[0]) > self._last)
        for key in gone:
            del self.games[key]
        for game in changed:
            self.games[game.key] = game
        if on_top:
            for game in changed:
                self._rate(game)
        else:
            self.book = rate_all(self.games.values(), self.refused)
            self.rebuilt += 1
        self._last = max(map(_order, self.games.values()), default=None)

    def _rate(self, game: RatedGame) -> None:
        try:
            self.book.rate(game)
        except TournamentError as exc:  # nothing of the book was changed
            self.refused(game, exc)
