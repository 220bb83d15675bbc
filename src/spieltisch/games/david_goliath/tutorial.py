"""David & Goliath in five steps: three players, you are player 1, the others play
scripted cards from a fixed deal.

Each step's words are in the game's catalogs (locale/de.po, fr.po); the engine plays the
script (`core/tutorial.py`), so a step cannot ask for a card the rules refuse.
"""

from __future__ import annotations

from spieltisch.core.i18n import N_
from spieltisch.core.tutorial import Step, Tutorial
from spieltisch.games.david_goliath.examples import deal_with

TUTORIAL = Tutorial(
    options={"players": 3, "deals": 1},
    setup=(deal_with(3, {0: ["g1", "g7", "y8", "y6"], 1: ["g5", "y4"], 2: ["g9", "y3"]}),),
    steps=(
        Step(
            N_(
                "You are player 1, with 15 cards. Each trick, everyone plays one card and "
                "must follow the colour led if they can. The lowest card takes the highest "
                "card; the highest card takes all the others and leads next."
            )
        ),
        Step(
            N_(
                "Player 2 led the green 5, player 3 played the green 9. You must follow "
                "green. Play your green 1: the lowest card wins the highest, the 9."
            ),
            auto=("g5", "g9"),
            ask="g1",
        ),
        Step(
            N_(
                "You took the green 9; player 3, with the highest card, took the other two "
                "and led the yellow 3. Play your yellow 8, the highest card so far."
            ),
            auto=("y3",),
            ask="y8",
        ),
        Step(
            N_(
                "Player 2 added the yellow 4. Your 8 is the highest: the lowest card, the 3, "
                "takes your 8, and you collect the 3 and the 4 and lead the next trick."
            ),
            auto=("y4",),
        ),
        Step(
            N_(
                "At the end of a deal each colour scores on its own: one or two cards count "
                "their values, three or more only one point each. Your green 9 is worth 9, "
                "your yellow 3 and 4 are worth 7; a third yellow card would make them 3."
            )
        ),
    ),
)
