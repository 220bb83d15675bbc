"""The compiled expert of Mensch ärgere Dich nicht (issue 49): expectimax through the rest
of the turn (or more turns) on the kernel plays the Python expert's move, ties included,
with its values."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.agents import Budget, make
from spieltisch.agents.base import Choice
from spieltisch.agents.expectimax import ExpectimaxAgent
from spieltisch.agents.levels import level
from spieltisch.core import State
from spieltisch.sim.play import random_decisions

pytestmark = pytest.mark.xdist_group("madn-rollout")
"""The worker of the rollout tests: both compile the kernel's steps (numba, once a run)."""


def experts(game: spieltisch.Game) -> tuple[ExpectimaxAgent, ExpectimaxAgent]:  # type: ignore[type-arg]
    """The expert level as the duplicate games build it (no clock), in Python and compiled."""
    python = make("expert", game, seed=1, budget=Budget())
    compiled = make("expert", game, seed=1, budget=Budget())
    assert isinstance(python, ExpectimaxAgent) and isinstance(compiled, ExpectimaxAgent)
    assert compiled.use_compiled()
    return python, compiled


def same_search(python: ExpectimaxAgent, compiled: ExpectimaxAgent, state: State) -> list[Choice]:
    """Both searches rate every move in the same order with the same values and nodes;
    the Python search's ratings."""
    expected = python.analyse(state)
    got = compiled.analyse(state)
    assert [c.move for c in got] == [c.move for c in expected], state.history()
    assert [c.value for c in got] == pytest.approx([c.value for c in expected], abs=1e-12)
    assert compiled.nodes == python.nodes
    return expected


@pytest.mark.parametrize(
    ("options", "seed", "games", "every", "least", "tied"),
    [
        ({"players": 4}, 3, 3, 1, 400, True),
        ({"players": 2}, 4, 1, 2, 40, False),
        ({"players": 3, "duties": "penalized"}, 5, 1, 1, 200, True),
        ({"players": 4, "rules": "openspiel"}, 6, 1, 2, 80, False),
        # a game stopped by time: the leaves past the end, the lot and the steps counted
        (
            {"players": 4, "max_rounds": 20, "time_up": "now", "stopped_rule": "steps"},
            9,
            2,
            1,
            40,
            None,
        ),
    ],
)
def test_the_same_moves_and_values_as_the_python_expert(
    options: dict[str, object], seed: int, games: int, every: int, least: int, tied: bool | None
) -> None:
    """Every move rated in the same order (so the same move played, ties broken alike),
    with the same values and the same nodes searched. Equal best values occur once a
    player is home (every move then keeps the others' chance at 0) and under the
    referee's duties."""
    game = spieltisch.load("madn", **options)
    python, compiled = experts(game)
    states = random_decisions(game, seed, games)[::every]  # the longer searches: every second one
    assert len(states) >= least
    ties = 0
    for state in states:
        expected = same_search(python, compiled, state)
        assert compiled.choose(state) == python.choose(state)
        ties += expected[0].value == expected[1].value
    assert tied is None or (ties > 0) == tied


def test_the_kernel_position_keeps_the_engines_order_of_pieces() -> None:
    """The evaluation adds each player's pieces in the engine's order: the kernel's
    position has them in that order, also when a later state of another game comes."""
    from spieltisch.games.madn.expectimax import Search
    from spieltisch.games.madn.kernel import PIECE

    game = spieltisch.load("madn")
    search = Search(game, 10)
    first, second = random_decisions(game, 7, 1), random_decisions(game, 8, 1)
    for state in first[::5] + second[::5] + first[-3:]:
        s = search.position(state)
        assert search.kernel.snapshot(s) == state._snapshot()
        for player, pieces in enumerate(state.pieces_on_board):  # type: ignore[attr-defined]
            slots = s[PIECE + 4 * player : PIECE + 4 * player + 4].tolist()
            assert slots == list(pieces) + [-1] * (4 - len(pieces))


@pytest.mark.parametrize(
    ("options", "seed", "games", "every"),
    [
        ({"players": 4}, 11, 1, 4),
        ({"players": 2}, 12, 1, 4),
        # stopped after 6 rounds, ties drawn by lot: the Python search takes those
        ({"players": 4, "max_rounds": 6}, 13, 8, 1),
    ],
)
def test_a_search_through_the_next_turn_too_gives_the_python_values(
    options: dict[str, object], seed: int, games: int, every: int
) -> None:
    """`segments=2` (the entrant `expert+segments=2`): the next player's turn is searched
    too, that player choosing its own best; the same moves, values and nodes."""
    game = spieltisch.load("madn", **options)
    python = ExpectimaxAgent(game, seed=1, segments=2)
    compiled = ExpectimaxAgent(game, seed=1, segments=2)
    assert compiled.use_compiled()
    one_turn = ExpectimaxAgent(game, seed=1)
    assert one_turn.use_compiled()
    states = random_decisions(game, seed, games)[::every]
    assert len(states) >= 15
    deeper = 0
    for state in states:
        same_search(python, compiled, state)
        assert compiled.depth == 2
        one_turn.analyse(state)
        deeper += compiled.nodes > one_turn.nodes
    assert deeper > len(states) / 2  # the next turn was searched


def test_a_search_of_more_turns_leaves_games_that_may_stop_to_python() -> None:
    """A game stopped by rule 18 goes to lots, which the Python search draws and the
    compiled one cannot: where a search of two turns may reach one (`max_rounds`, or time
    called), the compiled search answers None and the agent searches in Python."""
    from spieltisch.games.madn.expectimax import Search

    plain, rounds = spieltisch.load("madn"), spieltisch.load("madn", max_rounds=6)
    state = random_decisions(plain, 14, 1)[5]
    assert Search(plain, 10, segments=2).rate(state) is not None
    assert Search(plain, 10, segments=1).rate(state) is not None
    called = state.clone()
    called.apply("time")
    assert Search(plain, 10, segments=2).rate(called) is None
    assert Search(plain, 10, segments=1).rate(called) is not None  # a leaf there, as in Python
    assert Search(rounds, 10, segments=2).rate(random_decisions(rounds, 14, 20)[0]) is None


def test_a_search_of_more_turns_with_a_budget_is_not_compiled() -> None:
    """With a budget the search deepens turn by turn while it lasts; the compiled copy
    reads no clock, so it would search another depth and play another game."""
    game = spieltisch.load("madn")
    budgeted = ExpectimaxAgent(game, seed=1, budget=Budget(iterations=500), segments=2)
    assert not budgeted.use_compiled()
    assert ExpectimaxAgent(game, seed=1, budget=Budget(iterations=500)).use_compiled()


def test_only_the_hand_made_evaluation_is_compiled() -> None:
    madn = spieltisch.load("madn")
    learned = level(madn, "expert", evaluation="learned").build(madn, 1, Budget())
    assert isinstance(learned, ExpectimaxAgent) and not learned.use_compiled()
    mahe = make("expert", spieltisch.load("mahe"), seed=1, budget=Budget())
    assert isinstance(mahe, ExpectimaxAgent) and not mahe.use_compiled()


def test_a_duplicate_game_of_compiled_experts_is_the_same_game() -> None:
    """What the calibration logs: every estimate, and who won (a game of four experts)."""
    from spieltisch.sim.duplicate import play_block

    lineup = ["expert"] * 4
    python = play_block("madn", 4, lineup, seed=49, index=0, rotations=1)
    compiled = play_block("madn", 4, lineup, seed=49, index=0, rotations=1, compiled=True)
    assert compiled.games[0].predictions == python.games[0].predictions
    assert compiled.games[0].chance == python.games[0].chance
    assert compiled.wins == python.wins
