"""The game's parts the review shows, found through the registry: moves in words, seats
by colour and who sat there."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spieltisch.core import Game, State, load, parts
from spieltisch.core.i18n import N_
from spieltisch.core.seat_names import seat_name
from spieltisch.review.messages import _

KINDS = {
    "human": N_("human"),
    "random": N_("random"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
}
"""Who may sit at a seat, as records name them (`play` and `simulate` write these)."""


def describe(state: State, move: str) -> str:
    """The move or chance outcome in words (the game's describe part), else its notation."""
    describe_move = parts(state.game).describe_move
    return move if describe_move is None else describe_move(state, move)


def seat_titles(game: Game[Any], players: Sequence[object]) -> list[str]:
    """`Grün · mittel`: each seat by its colour (as the board names it), else `Player 2`,
    and who sat there in the current language (a name the record gives stays as it is)."""
    humans = sum(1 for kind in players if kind == "human")
    kinds = [str(players[seat]) if seat < len(players) else "" for seat in range(game.num_players)]
    return [_seat_title(game, seat, kind, humans) for seat, kind in enumerate(kinds)]


def record_seat_titles(record: Mapping[str, Any]) -> list[str]:
    """`seat_titles` of a game record."""
    game = load(record["game"], **record.get("options", {}))
    return seat_titles(game, list(record.get("players") or []))


def _seat_title(game: Game[Any], seat: int, kind: str, humans: int) -> str:
    where = seat_name(game, seat) or _("Player {number}").format(number=seat + 1)
    if kind == "human" and humans == 1:
        who = _("you")
    elif kind in KINDS:
        who = _(KINDS[kind])
    elif kind in ("", f"player {seat + 1}"):  # the record names nobody
        return where
    else:
        who = kind
    return f"{where} · {who}"
