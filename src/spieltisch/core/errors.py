"""Errors a person can act on: each names what was wrong and what is allowed."""

from __future__ import annotations

from spieltisch.core.messages import _


def shorten(value: object, limit: int = 60) -> str:
    """The repr of a value as an error message quotes it: a 5,000-digit number is cut short."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out at all
        text = f"<a number of {value.bit_length() if isinstance(value, int) else '?'} bits>"
    return text if len(text) <= limit else f"{text[: limit - 5]}…{text[-4:]}"


class SpieltischError(Exception):
    """Base of every error spieltisch raises on purpose."""


class OptionError(SpieltischError, ValueError):
    """A game option had a bad name or value."""

    def __init__(self, option: str, value: object, allowed: str, game: str | None = None) -> None:
        self.option = option
        self.value = value
        self.allowed = allowed
        self.game = game
        if game:
            text = _("bad option {option}={value} for game '{game}': allowed is {allowed}")
        else:
            text = _("bad option {option}={value}: allowed is {allowed}")
        super().__init__(
            text.format(option=option, value=shorten(value), game=game, allowed=allowed)
        )


class IllegalMove(SpieltischError, ValueError):
    """A move or chance outcome was refused; the state it was applied to is unchanged."""

    def __init__(self, move: object, reason: str, rule: str | None = None) -> None:
        self.move = move
        self.reason = reason
        self.rule = rule
        super().__init__(
            _("illegal move {move}: {reason}").format(move=shorten(move), reason=reason)
        )


class SeatError(SpieltischError, ValueError):
    """A player number that is no seat of the game (views are of a seat or of None)."""

    def __init__(self, player: object, players: int) -> None:
        self.player = player
        self.players = players
        super().__init__(
            _("no seat {player}: seats are numbered 0 to {last}, None is a spectator").format(
                player=shorten(player), last=players - 1
            )
        )


class RecordError(SpieltischError, ValueError):
    """A game record was corrupt, foreign, or did not replay."""


class UnknownGame(SpieltischError, KeyError):
    """No game of that name is registered."""

    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.known = known
        super().__init__(
            _("unknown game {name}: known games are {known}").format(
                name=shorten(name), known=", ".join(known)
            )
        )

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0])


class LargeChanceNode(SpieltischError):
    """The chance node has too many outcomes to list (a shuffle or a deal): sample it."""
