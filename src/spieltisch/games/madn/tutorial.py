"""Mensch ärgere Dich nicht in seven steps: you play red against a scripted yellow, two
players, fixed dice.

Each step's words are in the game's catalogs (locale/de.po, fr.po); the engine plays the
script (`core/tutorial.py`), so a step cannot ask for a move the rules refuse.
"""

from __future__ import annotations

from spieltisch.core.i18n import N_
from spieltisch.core.tutorial import Step, Tutorial

TUTORIAL = Tutorial(
    options={"players": 2},
    steps=(
        Step(
            N_(
                "You play red, against yellow. Your four pieces wait in the base. Bring "
                "each of them once round the board and into your goal, g1 to g4; the first "
                "with all four home wins. Red starts; play goes clockwise."
            )
        ),
        Step(
            N_(
                "With no piece on the track you have three tries for a 6: a 2, a 3, then a "
                "6. A 6 brings a piece out of the base onto your start field 1."
            ),
            auto=("d2", "d3", "d6"),
            ask="b",
        ),
        Step(
            N_("After a 6 you roll again: a 4. Move your piece from 1 to 5."),
            auto=("d4",),
            ask="1",
        ),
        Step(
            N_(
                "Yellow had no 6 in three tries. You roll a 6: while pieces wait in the "
                "base, a 6 must bring one out (rule 5)."
            ),
            auto=("d1", "d1", "d1", "d6"),
            ask="b",
        ),
        Step(
            N_(
                "A 2. While pieces wait in the base, your start field must be cleared: the "
                "piece on 1 moves on (rule 6)."
            ),
            auto=("d2",),
            ask="1",
        ),
        Step(
            N_(
                "Yellow brought a piece out and moved it to 24. You rolled a 5 and may "
                "choose which piece moves: move the one on 5, to 10."
            ),
            auto=("d6", "b", "d3", "21", "d5"),
            ask="5",
        ),
        Step(
            N_(
                "Landing on an opponent's piece sends it back to its base, and when you can "
                "capture you must (rule 11). Pieces jump over others; the goal is entered "
                "by exact count. The rules page has every rule with a picture."
            )
        ),
    ),
)
