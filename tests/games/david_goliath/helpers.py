"""Building chosen deals for David & Goliath scenario tests."""

from __future__ import annotations

import random

import spieltisch
from spieltisch.games.david_goliath import DavidGoliathState
from spieltisch.sim import play_randomly

COLOURS = "rygbp"


def deck(players: int) -> list[str]:
    """Every card in play with that many players, by colour, then value."""
    return [f"{c}{v}" for c in COLOURS for v in range(1, 3 * players + 1)]


def make_deal(
    players: int, fixed: dict[int, list[str]], voids: dict[int, str] | None = None
) -> str:
    """A deal token giving each seat its `fixed` cards and none of its `voids` colours.

    The rest of the deck is handed out in deck order, seats with voids first.
    """
    voids = voids or {}
    hands = {p: list(fixed.get(p, [])) for p in range(players)}
    used = {card for cards in hands.values() for card in cards}
    rest = [card for card in deck(players) if card not in used]
    for p in sorted(range(players), key=lambda p: -len(voids.get(p, ""))):
        banned = voids.get(p, "")
        need = 15 - len(hands[p])
        take = [card for card in rest if card[0] not in banned][:need]
        assert len(take) == need, "the scenario cannot be dealt"
        hands[p] += take
        rest = [card for card in rest if card not in take]
    assert not rest
    return "deal:" + "/".join(",".join(hands[p]) for p in range(players))


def dealt(players: int, token: str, **options: object) -> DavidGoliathState:
    """A new game with that many players after the given first deal."""
    state = spieltisch.load("david_goliath", players=players, **options).new_state()
    assert isinstance(state, DavidGoliathState)
    state.apply(token)
    return state


def play_random(state: DavidGoliathState, rng: random.Random, moves: int) -> None:
    """Up to `moves` random moves and deals."""
    play_randomly(state, rng, steps=moves)
