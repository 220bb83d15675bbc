"""Write docs/img/<game>.svg: a position of a seeded random game, seen by the player to move.

Run from the repository root: `uv run python scripts/board_pictures.py`.
"""

import random
from pathlib import Path

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.core.svg import draw_state

SETTINGS = {
    "mahe": (4, 140, 2),
    "madn": (4, 90, 1),
    "david_goliath": (4, 26, 1),
    "mabula": (2, 14, 4),
}
for name, (players, steps, seed) in SETTINGS.items():
    state = spieltisch.load(name, players=players).new_state()
    rng = random.Random(seed)
    k = 0
    while k < steps or state.current_player == CHANCE:
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            continue
        state.apply(rng.choice(state.legal_moves()))
        k += 1
    last = state.history()[-1]
    Path(f"docs/img/{name}.svg").write_text(
        draw_state(state, state.current_player, last_move=last), encoding="utf-8"
    )
    print(name, state.legal_moves())
