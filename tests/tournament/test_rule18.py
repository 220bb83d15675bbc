"""Rule 18 from figures entered by hand ranks exactly as the engine ranks its positions."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import spieltisch
from spieltisch.core import CHANCE, game_class
from spieltisch.games.madn.rules import MadnState
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.results import rank_stopped


def figures_of(state: MadnState) -> list[dict[str, Any]]:
    """Each player's rule-18 figures read off the board, as a referee would."""
    finished = state.view(None)["finished"]
    result: list[dict[str, Any]] = []
    for player in range(state.game.num_players):
        if player in finished:
            result.append({"finished": finished.index(player) + 1})
            continue
        colour = state.game.colours[player]
        goal = [int(sq[1:]) for sq in state.squares(player) if sq.startswith("g")]
        track = [(int(sq) - 1 - 10 * colour) % 40 for sq in state.squares(player) if sq.isdigit()]
        result.append({"goal": goal, "track": len(track), "distance": sum(track)})
    return result


def stopped_game(players: int, seed: int) -> MadnState:
    rng = random.Random(seed)
    state = spieltisch.load("madn", players=players).new_state()
    assert isinstance(state, MadnState)
    stop_at = rng.randrange(50, 1500)
    steps = 0
    while not state.is_terminal():
        if steps == stop_at and not state.time_called:
            state.apply("time")
        if state.current_player == CHANCE:
            state.sample_chance(rng)
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert isinstance(state, MadnState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_figures_rank_like_the_engine(players: int) -> None:
    ties = 0
    for seed in range(60):
        state = stopped_game(players, seed * 10 + players)
        engine = state.ranking()
        lots = [h for h in state.history() if h.startswith("lot:")]
        ours, _figures, our_lots = rank_stopped(
            game_class("madn"), figures_of(state), random.Random(seed)
        )
        ties += bool(lots)
        assert len(our_lots) == len(lots)
        tied = {int(p) for lot in lots for p in lot[4:].split(",")}
        for a, b in itertools.permutations(range(players), 2):
            if a in tied and b in tied:
                continue  # the two lots were drawn independently
            assert (engine[a] < engine[b]) == (ours[a] < ours[b]), (seed, engine, ours)
    assert ties or players == 2  # some games end in a tie that only the lot decides


def test_a_lot_decides_equal_figures_and_is_recorded() -> None:
    same: dict[str, Any] = {"goal": [4], "track": 2, "distance": 30}
    figures: list[dict[str, Any]] = [same, {"finished": 1}, same, {"track": 1, "distance": 5}]
    places, _checked, lots = rank_stopped(game_class("madn"), figures, random.Random(3))
    assert places[1] == 1 and places[3] == 4
    assert sorted((places[0], places[2])) == [2, 3]
    assert lots == (f"lot:{1 if places[0] == 2 else 3},{3 if places[0] == 2 else 1}",)


@pytest.mark.parametrize(
    ("figures", "message"),
    [
        ({"goal": [5]}, "depths 1 to 4"),
        ({"goal": [4, 4]}, "repeats"),
        ({"goal": [1, 2], "track": 3}, "more than four pieces"),
        ({"track": 1, "distance": 40}, "at most 39"),
        ({"finished": 1, "track": 1}, "finished player"),
        ({"pieces": 2}, "pieces"),
    ],
)
def test_impossible_figures_are_refused_naming_the_seat(
    figures: dict[str, Any], message: str
) -> None:
    good = {"track": 1, "distance": 3}
    with pytest.raises(TournamentError, match=f"seat 2 .*{message}"):
        rank_stopped(game_class("madn"), [good, figures, good], random.Random(1))


def test_a_game_without_a_stopping_rule_asks_for_places() -> None:
    with pytest.raises(TournamentError, match="enter the places"):
        rank_stopped(game_class("mabula"), [{}, {}], random.Random(1))


def test_two_players_cannot_both_finish_first() -> None:
    with pytest.raises(TournamentError, match="finishing order"):
        rank_stopped(game_class("madn"), [{"finished": 1}, {"finished": 1}], random.Random(1))
