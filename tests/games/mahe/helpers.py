"""Helpers for Mahé scenario tests: positions are set up by playing chosen outcomes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.games.mahe.examples import BUST as BUST
from spieltisch.games.mahe.examples import ROUND
from spieltisch.games.mahe.examples import deck as deck
from spieltisch.games.mahe.rules import STANDARD_DECK, MaheGame, MaheState

TAKE = ROUND  # 7 × 3 = 21 fields: once round the island


def load(**options: Any) -> MaheGame:
    game = spieltisch.load("mahe", **options)
    assert isinstance(game, MaheGame)
    return game


def start(game: MaheGame, deck_token: str | None = None) -> MaheState:
    state = game.new_state()
    state.apply(deck_token or deck([]))
    return state


def play(state: MaheState, *moves: str) -> MaheState:
    for move in moves:
        state.apply(move)
    return state


def scripted_game(
    game: MaheGame,
    deck_token: str,
    wants: Sequence[int],
    beach_player: int,
    until_beach: bool = False,
) -> tuple[MaheState, list[int]]:
    """Play until the beach is taken: each turtle on the raft whose owner still wants a
    card goes once round the island and takes the face-up card (the beach, when the pile
    is empty, only for `beach_player`); every other turtle busts back to the raft.

    Returns the final state (with `until_beach`: the first one where the beach is open)
    and the players in the order they took cards.
    """
    state = start(game, deck_token)
    wanted = list(wants)
    takers: list[int] = []
    while not state.is_terminal():
        if state.current_player != CHANCE:  # the choice of the turtle: the first one
            state.apply(state.legal_moves()[0])
            continue
        view = state.view(None)
        if until_beach and view["beach_open"]:
            break
        mover = view["moving"]
        assert mover is not None, "at a die roll a turtle is moving"
        owner = view["turtles"][mover]
        on_raft = mover in view["raft"]
        if view["beach_open"]:
            taking = on_raft and owner == beach_player
        else:
            taking = on_raft and wanted[owner] > 0
        if taking:
            before = [len(cards) for cards in view["cards"]]
            play(state, *TAKE)
            after = state.view(None)
            if not view["beach_open"]:
                assert [len(c) for c in after["cards"]][owner] == before[owner] + 1
                wanted[owner] -= 1
                takers.append(owner)
        else:
            play(state, *BUST)
    return state, takers


def deck_for(
    takers: Sequence[int],
    hands: Sequence[Sequence[int]],
    box: Sequence[int],
    values: Sequence[int] = STANDARD_DECK,
) -> str:
    """The deck that gives each taker, in turn, the next card of its hand."""
    queues = [list(hand) for hand in hands]
    order = [queues[player].pop(0) for player in takers]
    assert not any(queues)
    return deck(order, box, values)
