"""David & Goliath's worked examples from the rule book, as deals and cards played.

Five players; deal 1 is dealt by player 0 (in the pictures: player 1), so player 1
leads the first trick. tests/games/david_goliath/test_book_examples.py checks each outcome.
"""

from __future__ import annotations

from collections.abc import Mapping

from spieltisch.core.examples import Example

BOOK = "David & Goliath (de)"
COLOURS = "rygbp"
FIVE = {"players": 5, "deals": 1}


def every_card(players: int) -> list[str]:
    """Every card in play with that many players, by colour, then value."""
    return [f"{c}{v}" for c in COLOURS for v in range(1, 3 * players + 1)]


def deal_with(
    players: int, fixed: Mapping[int, list[str]], voids: Mapping[int, str] | None = None
) -> str:
    """A deal token giving each player its `fixed` cards and none of its `voids` colours;
    the rest of the cards go round in card order, players with voids first."""
    voids = voids or {}
    hands = {p: list(fixed.get(p, [])) for p in range(players)}
    used = {card for cards in hands.values() for card in cards}
    rest = [card for card in every_card(players) if card not in used]
    for p in sorted(range(players), key=lambda p: -len(voids.get(p, ""))):
        banned = voids.get(p, "")
        need = 15 - len(hands[p])
        take = [card for card in rest if card[0] not in banned][:need]
        if len(take) != need:
            raise ValueError(f"player {p} cannot get {need} cards without {banned!r}")
        hands[p] += take
        rest = [card for card in rest if card not in take]
    return "deal:" + "/".join(",".join(hands[p]) for p in range(players))


# Andreas (player 1) leads, then Ben, Clara, Dennis (no green) and Emma (player 0).
TRICK_DEAL = deal_with(5, {1: ["g4"], 2: ["g12"], 3: ["g7"], 4: ["r2"], 0: ["g2"]}, voids={4: "g"})

# A whole deal after which Dennis (player 4) holds the book's cards: red 4, 10, 11;
# yellow 8; green 5, 9; blue 2, 3, 6, 10, 12; purple 10, 12. He takes four cards as the
# highest card in tricks 12 to 14, and the green 9 for playing the lowest card of the
# last trick; in the eleven tricks before he plays neither the highest nor the lowest.
SCORE_DEAL = (
    "deal:r4,r6,r12,r14,g2,g8,g10,b6,b9,b11,p5,p10,p11,p13,p14"
    "/y1,y7,y10,y12,y13,g3,g6,g7,b4,b10,b12,p1,p3,p4,p12"
    "/r1,r7,r10,y3,y5,y8,y14,y15,g4,g12,g15,b2,b5,b14,p2"
    "/r2,r3,r5,r11,r13,y2,y9,g5,g9,g11,g13,b1,b3,b7,b13"
    "/r8,r9,r15,y4,y6,y11,g1,g14,b8,b15,p6,p7,p8,p9,p15"
)
TRICKS = (
    "b4 b5 b7 b8 b9",
    "p14 p4 p2 r5 p6",
    "p11 p3 g12 y2 p7",
    "y3 y9 y6 r12 y10",
    "r6 y12 r7 r2 r9",
    "y1 y5 r3 y4 b11",
    "r14 g6 r1 r13 r8",
    "p5 p1 b14 b13 p8",
    "y14 g13 y11 p13 y7",
    "g15 g11 g14 g8 g7",
    "y15 b1 p9 g10 y13",
    "b2 b3 b15 b6 b10",
    "r15 r4 b12 r10 r11",
    "p15 p10 p12 y8 g5",
    "g1 g2 g3 g4 g9",
)
"""The fifteen tricks of that deal, one a line, each from its leader on."""
SCORE_PLAY = tuple(card for trick in TRICKS for card in trick.split())

EXAMPLES = (
    Example(
        name="the-trick",
        book=BOOK,
        where="Spielablauf",
        setup=(TRICK_DEAL, "g4", "g12", "g7", "r2"),
        moves=("g2",),
        options=FIVE,
    ),
    Example(
        name="the-score",
        book=BOOK,
        where="Spielablauf, Wertung",
        setup=(SCORE_DEAL, *SCORE_PLAY),
        options=FIVE,
    ),
)
