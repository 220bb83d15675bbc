"""Mabula in six steps: you play white against scripted black pushes.

Each step's words are in the game's catalogs (locale/de.po, fr.po); the engine plays the
script (`core/tutorial.py`), so a step cannot ask for a push the rules refuse.
"""

from __future__ import annotations

from spieltisch.core.i18n import N_
from spieltisch.core.tutorial import Step, Tutorial
from spieltisch.games.mabula.examples import SETUP

TUTORIAL = Tutorial(
    setup=(SETUP,),
    steps=(
        Step(
            N_(
                "You play white. All marbles start on the edge. In turn, each player pushes "
                "one own marble from the edge straight into the field. At the end, the "
                "largest group of touching marbles of one colour wins."
            )
        ),
        Step(
            N_("Push your marble on b1 three squares up, to b4."),
            ask="b1-b4",
        ),
        Step(
            N_(
                "Black pushed from b8 down to b4 and shoved your marble ahead of it, to b3: "
                "marbles in the line are pushed along."
            ),
            auto=("b8-b4",),
        ),
        Step(
            N_(
                "Push from a4 along row 4 as far as you may: to f4. The black marble on b4 "
                "is shoved to g4; one square more would push it onto the edge, and that is "
                "not allowed."
            ),
            ask="a4-f4",
        ),
        Step(
            N_(
                "Black pushed from h3 to c3. Now push from e1 up to e4, beside your marble "
                "on f4: marbles that touch by a side form a group."
            ),
            auto=("h3-c3",),
            ask="e1-e4",
        ),
        Step(
            N_(
                "The game goes on until neither player can push. Only marbles in the field "
                "count: the largest group of your colour wins (or, if you agree so before, "
                "the product of the sizes of all your groups)."
            )
        ),
    ),
)
