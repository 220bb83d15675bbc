"""Mahé in ten steps: you play red against three computer turtles; the dice are fixed.

Each step's words are in the game's catalogs (locale/de.po, fr.po); the engine plays the
script (`core/tutorial.py`), so a step cannot ask for a move the rules refuse.
"""

from __future__ import annotations

from spieltisch.core.i18n import N_
from spieltisch.core.tutorial import Step, Tutorial
from spieltisch.games.mahe.examples import deck

TUTORIAL = Tutorial(
    options={"players": 4},
    setup=(deck([4, 5, 3]),),
    steps=(
        Step(
            N_(
                "You play red. The turtles swim counter-clockwise round the island, "
                "from the raft to field 21, the beach. Whoever reaches or passes the beach "
                "takes the face-up egg card: here 4 eggs. The most eggs win."
            )
        ),
        Step(
            N_(
                "Your first die shows 4. One die moves you that many fields. Another die "
                "would double the total, but above 7 you go back to the raft. Play it "
                "safe: stop."
            ),
            auto=("d4",),
            ask="stop",
        ),
        Step(
            N_(
                "The others moved. Yellow rolled 2 and 3: (2 + 3) × 2 = 10 fields. Blue "
                "stopped after a 5. Green rolled 6 and 3: 9 is above 7, so green went back "
                "to the raft."
            ),
            auto=("d2", "roll", "d3", "stop", "d5", "stop", "d6", "roll", "d3"),
        ),
        Step(
            N_("Your die shows 2. That is little: roll a second die."),
            auto=("d2",),
            ask="roll",
        ),
        Step(
            N_("2 + 1 = 3, still below 7: you may roll the third die, which triples. Roll."),
            auto=("d1",),
            ask="roll",
        ),
        Step(
            N_(
                "A 4: 2 + 1 + 4 = 7, tripled 21 fields, once round the island. Red passed "
                "the beach and took the 4 eggs, and the next card was turned up. Then the "
                "others moved."
            ),
            auto=("d4", "d3", "stop", "d4", "stop", "d2", "stop"),
        ),
        Step(
            N_(
                "Your die shows 5: stop, and red lands on blue on field 9. A turtle that "
                "ends on another climbs on top of it."
            ),
            auto=("d5",),
            ask="stop",
        ),
        Step(
            N_(
                "Blue is to move and carries you. The owner of the topmost turtle decides "
                "for the turtles below: you decide for blue. Blue has a 2: roll again."
            ),
            auto=("d1", "stop", "d2"),
            ask="roll",
        ),
        Step(
            N_("2 + 3 = 5. Stop: blue carries you (2 + 3) × 2 = 10 fields, to field 19."),
            auto=("d3",),
            ask="stop",
        ),
        Step(
            N_(
                "That is Mahé: push your luck, ride on others, cross the beach for eggs. "
                "When the last card is taken, the next turtle to reach the beach lays its "
                "7 eggs and the game ends."
            )
        ),
    ),
)
