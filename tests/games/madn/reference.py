"""GAMES.md's obligations for Mensch ärgere Dich nicht written a second time, plainly
and from the spectator's view alone, as the independent check of the engine's
`_roll` and `_movement` (one definition each, for every rule set).

Squares are read as distances from the mover's own start field: 0-39 on the track,
40-43 the goal fields g1-g4.
"""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.games.madn.rules import COLOURS, MadnState


@dataclass(frozen=True)
class Duties:
    """What a roll obliges: the moves meeting the obligation, every move allowed, and the
    square of the piece the referee sends home when the duty is missed (rules 6 and 12;
    None where missing it costs no piece, rule 14)."""

    obliged: list[str]
    allowed: list[str]
    penalty: str | None = None


def distance(colour: int, square: str) -> int:
    """How far a piece of `colour` on `square` has travelled from its start field."""
    if square.startswith("g"):
        return 39 + int(square[1:])
    return (int(square) - 1 - 10 * colour) % 40


def square_at(colour: int, travelled: int) -> str:
    if travelled >= 40:
        return f"g{travelled - 39}"
    return str((10 * colour + travelled) % 40 + 1)


def duties(state: MadnState) -> Duties:
    """The obligations of the current roll under the game's rule set."""
    game = state.game
    tournament = game.options.rules == "tournament"
    player = state.current_player
    die = state.die
    assert player >= 0 and die is not None
    colour = game.colours[player]
    pieces = state.view(None)["pieces"]
    mine = pieces[COLOURS[colour]]
    owner_of = {
        square: name
        for name, squares in pieces.items()
        for square in squares
        if square != "b" and not square.startswith("g")
    }
    goal = {distance(colour, square) for square in mine if square.startswith("g")}
    start = square_at(colour, 0)

    allowed: list[str] = []
    captures: list[tuple[int, str]] = []
    for square in mine:
        if square == "b":
            continue
        here = distance(colour, square)
        there = here + die
        if there > 43:
            continue  # exact count into the goal, no second lap
        if there >= 40:
            if there in goal:
                continue  # onto an own piece
            if tournament and any(here < g < there for g in goal):
                continue  # the tournament forbids jumping own pieces in the goal
            allowed.append(square)
            continue
        target = square_at(colour, there)
        if owner_of.get(target) == COLOURS[colour]:
            continue  # one piece per field
        allowed.append(square)
        if target in owner_of:
            captures.append((here, square))
    waiting = "b" in mine
    on_start = owner_of.get(start) == COLOURS[colour]
    if waiting and not on_start and die == 6:
        return Duties(["b"], ["b", *allowed])
    if waiting and on_start and start in allowed:
        return Duties([start], allowed, start)
    blocker = square_at(colour, die)
    if tournament and waiting and on_start and blocker in allowed:
        return Duties([blocker], allowed, blocker)
    if tournament and captures:
        return Duties([square for _here, square in captures], allowed, max(captures)[1])
    return Duties(allowed, allowed)
