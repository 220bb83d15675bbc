"""Games with a blunder planted at a known step: real histories, replayable records.

Each builder returns (record, step): the record of a whole game in which the move at
`step` of the history gives away a game that a better move kept, and the better move.
"""

from __future__ import annotations

import random
from typing import Any

import spieltisch
from spieltisch.core import Record, State
from spieltisch.core.ranking import win_shares
from spieltisch.games.mahe.rules import MaheState
from spieltisch.sim.play import play_randomly
from tests.agents.test_alphabeta import late_position
from tests.agents.test_mcts import LAST_TRICKS
from tests.games.madn.helpers import idle, march, play, start, turn_of


def finished(state: State, seed: int = 0) -> Record:
    """The state played on at random to the end, as a record."""
    return play_randomly(state, random.Random(seed)).to_record()


def mabula_endgame() -> tuple[Record, int, str]:
    """White to move with six marbles left on the edge: only a2-c2 wins (exactly, by
    alpha-beta to the end); h5-g5 loses whatever white does after it."""
    state = late_position(5, 6)
    step = len(state.history())
    state.apply("h5-g5")
    return finished(state), step, "a2-c2"


def madn_goal_entry() -> tuple[Record, int, str]:
    """Red rolled a 5: the piece on 36 can go into the goal (g1). Yellow has three pieces
    3, 4 and 5 fields behind it, so leaving it there gives yellow a half chance to take
    it; red walks the other piece from 11 instead."""
    state = start(players=2)
    play(state, "d6", "b", "d6", "1", "d6", "b", "d2", "1")
    while turn_of(state) != 0:
        idle(state)
    march(state, 7, [5, 5, 5, 5, 5, 4], idle_after=False)  # red's piece to 36, the other on 3
    other = 3
    yellow_turns = ["d6 b d1 21", "d6 b d2 21", "d6 b d3 21", "d5 22", "d5 23", "d5 24"]
    yellow_turns += ["d4 29", "d4 27", "d4 28"]
    for number, turn in enumerate(yellow_turns, start=1):
        play(state, *turn.split())
        if number < len(yellow_turns):
            play(state, "d1", str(other))
            other += 1
    play(state, "d5")
    assert sorted(state.legal_moves()) == ["11", "36"]
    assert sorted(state.view(None)["pieces"]["yellow"]) == ["31", "32", "33", "b"]
    step = len(state.history())
    state.apply("11")
    return finished(state), step, "36"


def mahe_roll_past_seven() -> tuple[Record, int, str]:
    """Four players; the beach is open and the first die showed a 6. Stopping now moves
    the turtle onto the beach and wins the game; rolling busts on anything but a 1, and
    here the second die is a 6."""
    game = spieltisch.load("mahe", players=4)
    rng = random.Random(12)
    state = game.new_state()
    while True:
        if state.current_player < 0:
            state.sample_chance(rng)
            continue
        moves = state.legal_moves()
        assert isinstance(state, MaheState)
        if "stop" in moves and state.view(None)["dice"] == [6]:
            after = state.clone()
            after.apply("stop")
            if after.is_terminal() and win_shares(after.ranking())[state.current_player] == 1:
                break
        state.apply(rng.choice(moves))
    step = len(state.history())
    state.apply("roll")
    state.apply("d6")
    return finished(state), step, "stop"


def david_goliath_last_tricks() -> tuple[Record, int, str]:
    """Three players, one deal, the second-to-last trick: player 0 holds g9 and p4, and
    whichever way the two unseen cards lie, p4 wins the game and g9 loses it."""
    state = spieltisch.load("david_goliath", players=3, deals=1).replay(LAST_TRICKS)
    step = len(state.history())
    state.apply("g9")
    return finished(state), step, "p4"


PLANTED: dict[str, Any] = {
    "mabula": mabula_endgame,
    "madn": madn_goal_entry,
    "mahe": mahe_roll_past_seven,
    "david_goliath": david_goliath_last_tricks,
}
