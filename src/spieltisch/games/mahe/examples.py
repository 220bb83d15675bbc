"""Mahé's worked examples from the German and French rule books, as moves.

Four players unless said (red, yellow, blue, green: players 0–3), the cards from
`deck()`. tests/games/mahe/test_book_examples.py checks each outcome; the rules summaries
draw them (`spieltisch.core.examples`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from spieltisch.core.examples import Example
from spieltisch.games.mahe.rules import STANDARD_DECK, MaheGame, MaheOptions

ROUND = ("d2", "roll", "d1", "roll", "d4")
"""The book's 2 + 1 + 4 = 7, three dice: 21 fields, once round the island."""
BUST = ("d6", "roll", "d6")
"""12 with two dice: above 7, back to the raft."""
OTHERS_TO_ONE = ("d1", "stop") * 3
"""Yellow, blue and green one field each, out of the way."""
GERMAN = "Mahé (de)"
FRENCH = "Mahé (fr)"
BOTH = "Mahé (de, fr)"
"""An example both books give (the French with other names): `where` names both sections."""


def deck(
    order: Sequence[int], box: Sequence[int] = (), values: Sequence[int] = STANDARD_DECK
) -> str:
    """The set-up outcome: `box` (filled up with the lowest cards left) goes back unseen,
    `order` is turned up from the 5th card on, the rest follows in ascending order."""
    left = Counter(values)
    left.subtract(Counter(box))
    left.subtract(Counter(order))
    if any(count < 0 for count in left.values()):
        raise ValueError(f"{list(box)} and {list(order)} need more cards than the deck holds")
    rest = sorted(left.elements())
    full_box = [*box, *rest[: 4 - len(box)]]
    return "deck:" + "".join(map(str, [*full_box, *order, *rest[4 - len(box) :]]))


STACK_ON_EIGHTEEN = (
    deck([3, 5]),
    *("d3", "stop"),  # red to 3
    *("d4", "stop"),  # yellow to 4
    *("d1", "roll", "d2", "roll", "d3"),  # blue: 6 × 3 = 18
    *("d1", "stop"),  # green to 1
    *("d1", "roll", "d1", "roll", "d3"),  # red: 5 × 3 = 15, onto blue
    *("d3", "roll", "d4"),  # yellow: 7 × 2 = 14, onto red
    *("d2", "roll", "d1", "roll", "d4"),  # blue carries the stack round to 18; yellow takes the 3
    *("d1", "stop"),  # green to 2
)
"""Blue, red, yellow on field 18 (blue at the bottom), red to move, a 5 face up: the
picture at the back of both books, reached from the start."""


HANDS = ((1, 3, 3, 4, 5, 6), (1, 2, 4, 4, 6), (2, 3, 4, 6), (3, 3, 4, 5, 5))
"""The books' final scoring: Martin, Eva, David, Andrea (in French Arthur, Jeanne,
Caroline, Florent); David (player 2) also takes the beach."""


def _takers(deck_token: str) -> tuple[list[str], list[int]]:
    """A game in which each turtle on the raft that is still owed a card of `HANDS` goes
    once round the island and takes the face-up card (the beach only player 2), and every
    other turtle busts: its moves, and who took the cards in turn."""
    state = MaheGame(MaheOptions(players=4)).new_state()
    state.apply(deck_token)
    owed = [len(hand) for hand in HANDS]
    takers: list[int] = []
    while not state.is_terminal():
        view = state.view(None)
        moving = view["moving"]
        assert moving is not None, "between moves a turtle is about to move"
        owner = view["turtles"][moving]
        on_raft = moving in view["raft"]
        taking = on_raft and (owner == 2 if view["beach_open"] else owed[owner] > 0)
        for move in ROUND if taking else BUST:
            state.apply(move)
        if taking and not view["beach_open"]:
            owed[owner] -= 1
            takers.append(owner)
    return state.history(), takers


def final_scores() -> tuple[str, ...]:
    """The moves of the final scoring example: who takes a card when does not depend on
    the cards, so a first game finds the order and the deck deals each taker's hand."""
    _, takers = _takers(deck([]))
    queues = [list(hand) for hand in HANDS]
    history, again = _takers(deck([queues[taker].pop(0) for taker in takers], box=[1, 2, 5, 5]))
    assert again == takers
    return tuple(history)


EXAMPLES = (
    Example(
        name="two-then-six",
        book=GERMAN,
        where="Spielverlauf",
        setup=(deck([]), "d3", "stop", *OTHERS_TO_ONE),
        moves=("d2", "roll", "d6"),
    ),
    Example(
        name="two-and-four",
        book=BOTH,
        where="Bewegen der Schildkröte; fr: Déplacer sa tortue",
        setup=(deck([]),),
        moves=("d2", "roll", "d4", "stop"),
    ),
    Example(
        name="round-the-island",
        book=BOTH,
        where="Bewegen der Schildkröte; fr: Déplacer sa tortue",
        setup=(deck([4]), "d3", "stop", *OTHERS_TO_ONE),
        moves=ROUND,
    ),
    Example(
        name="from-the-raft-to-the-beach",
        book=BOTH,
        where="Bewegen der Schildkröte; fr: Déplacer sa tortue",
        setup=(deck([3, 6]),),
        moves=ROUND,
    ),
    Example(
        name="the-stack",
        book=BOTH,
        where="Gelege-Karten, Abbildung; fr: Pondre des oeufs, l'illustration",
        setup=STACK_ON_EIGHTEEN,
        moves=("d1", "roll", "d2", "roll", "d3"),
    ),
    Example(
        name="a-stack-busts",
        book=BOTH,
        where="Mittragen im Stapel; fr: Se déplacer à dos de tortue",
        setup=STACK_ON_EIGHTEEN,
        moves=("d2", "roll", "d6"),
    ),
    Example(
        name="final-scores",
        book=BOTH,
        where="Spielende; fr: Fin de partie",
        setup=final_scores(),
    ),
    Example(
        name="egg-card-as-die",
        book=BOTH,
        where="Variante; fr: Variante",
        setup=(deck([2]), *ROUND, *OTHERS_TO_ONE),
        moves=("d5", "card:2"),
        options={"egg_cards_as_dice": True},
    ),
    Example(
        name="third-die-at-seven",
        book=FRENCH,
        where="Tour de jeu",
        setup=(deck([]), "d3", "stop", *OTHERS_TO_ONE),
        moves=("d3", "roll", "d4", "roll", "d1"),
        options={"third_die_at_seven": True},
    ),
)
