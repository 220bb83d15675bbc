"""The games as OpenSpiel Python games: OpenSpiel's own checks, chance, hidden information,
serialization, and OpenSpiel's MCTS and IS-MCTS bots against our random agent."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import spieltisch  # noqa: E402
from spieltisch.agents import make  # noqa: E402
from spieltisch.interop import openspiel  # noqa: E402
from tests.interop.conftest import GAMES  # noqa: E402

PERFECT = pyspiel.GameType.Information.PERFECT_INFORMATION
IMPERFECT = pyspiel.GameType.Information.IMPERFECT_INFORMATION


def load(name: str, **params: Any) -> Any:
    return pyspiel.load_game(openspiel.PREFIX + name, params)


def play_randomly(game: Any, seed: int, stop: int | None = None) -> Any:
    """A random pyspiel playout (chance by its probabilities), optionally stopped early."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and (stop is None or steps < stop):
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1
    return state


# -- registration and parameters ----------------------------------------------------------


def test_every_game_is_registered() -> None:
    registered = set(pyspiel.registered_names())
    for name in GAMES:
        assert openspiel.PREFIX + name in registered


@pytest.mark.parametrize(
    ("name", "information"),
    [("mahe", IMPERFECT), ("madn", PERFECT), ("david_goliath", IMPERFECT), ("mabula", PERFECT)],
)
def test_information_type(name: str, information: Any) -> None:
    game_type = load(name).get_type()
    assert game_type.information == information
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM


def test_options_are_parameters() -> None:
    game = load("madn", players=3, max_rounds=5, duties="penalized")
    assert game.num_players() == 3
    assert game.engine == spieltisch.load("madn", players=3, max_rounds=5, duties="penalized")
    assert load("madn").engine.options.max_rounds is None  # 0 stands for none
    assert load("david_goliath", players=5).num_distinct_actions() == 90
    assert load("mahe", turtles_per_player=1, players=3).engine.turtles_each == 1


def test_list_option_round_trips_through_the_game_string() -> None:
    deck = (1,) * 4 + (2,) * 4 + (3,) * 4 + (4,) * 4 + (5,) * 4 + (6,) * 4
    game = openspiel.load_game("mahe", players=3, deck=deck)
    assert game.engine.options.deck == deck
    again = pyspiel.load_game(str(game))
    assert again.engine == game.engine


def test_bad_option_is_refused() -> None:
    with pytest.raises(spieltisch.OptionError):
        load("mabula", scoring="biggest")


# -- OpenSpiel's own checks ---------------------------------------------------------------

SIMS: list[tuple[str, dict[str, Any], int]] = [
    ("mahe", {}, 2),
    ("mahe", {"players": 2, "egg_cards_as_dice": True, "third_die_at_seven": True}, 1),
    ("madn", {"players": 2}, 2),
    ("madn", {"players": 4, "max_rounds": 8}, 2),
    ("madn", {"players": 3, "duties": "penalized", "max_rounds": 10}, 1),
    ("madn", {"players": 2, "rules": "openspiel"}, 1),
    ("david_goliath", {"players": 3, "deals": 2}, 2),
    ("david_goliath", {"players": 6, "deals": 1}, 1),
    ("mabula", {}, 3),
    ("mabula", {"scoring": "product", "tiebreak": "groups"}, 2),
]


@pytest.mark.parametrize(("name", "params", "sims"), SIMS)
def test_random_sim_test(name: str, params: dict[str, Any], sims: int) -> None:
    pyspiel.random_sim_test(load(name, **params), num_sims=sims, serialize=True, verbose=False)


def test_random_sim_test_four_players_full_length() -> None:
    pyspiel.random_sim_test(load("madn", players=4), num_sims=1, serialize=True, verbose=False)


# -- chance -------------------------------------------------------------------------------


def _probability_of_outcome(game: Any, seed: int) -> tuple[float, Any]:
    """Sum of log probabilities of the chance steps of the first engine chance outcome."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    log_p = 0.0
    while not state.spieltisch_state.history():
        outcomes = dict(state.chance_outcomes())
        assert math.isclose(sum(outcomes.values()), 1.0)
        action = int(rng.choice(list(outcomes), p=list(outcomes.values())))
        log_p += math.log(outcomes[action])
        state.apply_action(action)
    return log_p, state


def test_deck_is_uniform_over_orders() -> None:
    log_p, state = _probability_of_outcome(load("mahe"), seed=1)
    orders = math.factorial(24) // math.prod(math.factorial(k) for k in (3, 3, 5, 5, 5, 3))
    assert math.isclose(log_p, -math.log(orders))
    assert state.spieltisch_state.history()[0].startswith("deck:")
    assert len(state.history()) == 23


@pytest.mark.parametrize("players", [3, 5])
def test_deal_is_uniform_over_deals(players: int) -> None:
    log_p, state = _probability_of_outcome(load("david_goliath", players=players), seed=players)
    deals = math.factorial(15 * players) // math.factorial(15) ** players
    assert math.isclose(log_p, -math.log(deals))
    assert len(state.history()) == 15 * (players - 1)


def test_setup_is_uniform_over_valid_setups() -> None:
    from spieltisch.games.mabula.rules import valid_setups

    for seed in range(3):
        log_p, state = _probability_of_outcome(load("mabula"), seed=seed)
        assert math.isclose(log_p, -math.log(len(valid_setups())))
        assert state.current_player() == 0


def test_dice_are_chance_nodes_with_six_outcomes() -> None:
    state = load("madn").new_initial_state()
    assert state.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, i) for i in range(6)] == [
        f"d{k}" for k in range(1, 7)
    ]


# -- strings, hidden information, serialization -------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_serialization_round_trip(name: str) -> None:
    game = load(name)
    for stop in (0, 5, 30, 120):
        state = play_randomly(game, seed=stop, stop=stop)
        text = pyspiel.serialize_game_and_state(game, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game)
        assert str(state2) == str(state)
        assert state2.history() == state.history()
        for player in range(game.num_players()):
            assert state2.information_state_string(player) == state.information_state_string(player)
            assert state2.observation_tensor(player) == state.observation_tensor(player)


@pytest.mark.parametrize("name", GAMES)
def test_history_in_notation_rebuilds_the_state(name: str) -> None:
    game = load(name)
    state = play_randomly(game, seed=7, stop=60)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    rebuilt = openspiel.state_from_history(game, state.spieltisch_state.history())
    assert rebuilt.history() == state.history()
    assert str(rebuilt) == str(state)


@pytest.mark.parametrize("name", GAMES)
def test_games_played_by_the_engine_replay_in_openspiel(name: str) -> None:
    game = load(name)
    engine = game.engine.new_state()
    rng = random.Random(3)
    while not engine.is_terminal():
        if engine.is_chance_node():
            engine.sample_chance(rng)
        else:
            engine.apply(rng.choice(engine.legal_actions()))
    state = openspiel.state_from_history(game, engine.history())
    assert state.is_terminal()
    assert state.returns() == engine.returns()
    assert state.spieltisch_state.history() == engine.history()


@pytest.mark.parametrize("name", ["mahe", "david_goliath"])
def test_resampled_worlds_look_the_same_to_the_player(name: str) -> None:
    game = load(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differs = 0
    for stop in (40, 90, 150):
        state = play_randomly(game, seed=stop, stop=stop)
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[-1][0])
        if state.is_terminal():
            continue
        player = state.current_player()
        for _ in range(3):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.observation_tensor(player) == state.observation_tensor(player)
            assert world.legal_actions() == state.legal_actions()
            differs += str(world) != str(state)
    assert differs, "resampling never changed the hidden part"


def test_others_cards_are_question_marks() -> None:
    state = play_randomly(load("david_goliath", players=3), seed=1, stop=46)
    mine = state.information_state_string(0)
    hand0 = state.spieltisch_state.view(0)["hand"]
    hand1 = state.spieltisch_state.view(1)["hand"]
    assert all(f"p0:{card}" in mine for card in hand0)
    assert not any(f"p1:{card}" in mine for card in hand1)
    assert mine.count("?") == 16  # player 1's 15 cards and the last hand as a whole
    assert state.information_state_string(2).count("?") == 30  # the last hand learns its own


def test_mahe_face_up_card_is_revealed_to_all() -> None:
    state = play_randomly(load("mahe"), seed=2, stop=23)
    face_up = state.spieltisch_state.view(None)["face_up"]
    for player in range(4):
        assert state.information_state_string(player).endswith(f"up:{face_up}")
        assert state.information_state_string(player).count("?") == 23


# -- bots ---------------------------------------------------------------------------------

BOT_GAMES: list[tuple[str, dict[str, Any]]] = [
    ("mahe", {"players": 2}),
    ("madn", {"players": 2, "max_rounds": 12}),
    ("david_goliath", {"players": 3, "deals": 1}),
    ("mabula", {}),
]


def play_bot_against_random(game: Any, bot: Any, seed: int) -> list[float]:
    """The bot plays seat 0, our random agent every other seat; returns the returns."""
    rng = np.random.RandomState(seed)
    others = make("random", game.engine, seed=seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            move = others.choose(state.spieltisch_state)
            state.apply_action(game.engine.move_to_action(move))
    returns: list[float] = state.returns()
    return returns


@pytest.mark.parametrize(("name", "params"), BOT_GAMES)
def test_mcts_bot_plays_against_our_random_agent(name: str, params: dict[str, Any]) -> None:
    game = load(name, **params)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=100)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=evaluator, random_state=rng)
    returns = play_bot_against_random(game, bot, seed=1)
    assert len(returns) == game.num_players()
    assert math.isclose(sum(returns), 0.0, abs_tol=1e-9)


@pytest.mark.parametrize("name", ["mahe", "david_goliath"])
def test_ismcts_bot_plays_against_our_random_agent(name: str) -> None:
    params = dict(BOT_GAMES)[name]
    game = load(name, **params)
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=100)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng)
    returns = play_bot_against_random(game, bot, seed=2)
    assert math.isclose(sum(returns), 0.0, abs_tol=1e-9)


def test_mcts_beats_random_at_mabula() -> None:
    """With a real budget MCTS should win most Mabula games against random moves."""
    game = load("mabula")
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=60, evaluator=evaluator, random_state=rng)
    results = [play_bot_against_random(game, bot, seed=seed)[0] for seed in range(4)]
    assert sum(results) > 0, results


def test_random_agent_in_rollouts_is_reproducible() -> None:
    game = load("mahe", players=3)
    first = play_randomly(game, seed=5)
    second = play_randomly(game, seed=5)
    assert str(first) == str(second)
