"""Computer seats keep their position between moves (`server/infra/workers.py`): the
worker applies only the entries since the table's last computer move."""

from __future__ import annotations

import random
from typing import Any

import pytest

import spieltisch
from spieltisch.core import Game
from spieltisch.server.infra import workers


def _replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every history replayed from the start, from now on."""
    lengths: list[int] = []
    original = Game.replay

    def counting(self: Game[Any], history: list[str]) -> object:
        lengths.append(len(history))
        return original(self, history)

    monkeypatch.setattr(Game, "replay", counting)
    return lengths


def test_the_next_computer_move_of_a_table_applies_only_what_came_since(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(workers, "_kept", type(workers._kept)())
    replays = _replays(monkeypatch)
    rng = random.Random(3)
    state = spieltisch.load("madn", players=4).new_state()
    history: list[str] = []
    decisions = 0
    while not state.is_terminal() and decisions < 30:
        if state.current_player < 0:
            history.append(state.sample_chance(rng))
            continue
        move = workers.choose_move("madn", {"players": 4}, history, "easy", None, "t1")
        assert move in state.legal_moves()
        state.apply(move)
        history.append(move)
        decisions += 1
    assert replays == [replays[0]]  # the first move only
    kept_history, kept_state = workers._kept["t1"]
    assert kept_state.history() == kept_history


def test_a_history_that_does_not_lead_on_is_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workers, "_kept", type(workers._kept)())
    replays = _replays(monkeypatch)
    rng = random.Random(5)
    one = spieltisch.load("mabula", players=2).new_state()
    while one.current_player < 0:
        one.sample_chance(rng)
    history = one.history()
    workers.choose_move("mabula", {"players": 2}, history, "easy", None, "t2")
    other = spieltisch.load("mabula", players=2).new_state()
    while other.current_player < 0:
        other.sample_chance(random.Random(6))
    assert other.history() != history
    move = workers.choose_move("mabula", {"players": 2}, other.history(), "easy", None, "t2")
    assert move in other.legal_moves()
    assert len(replays) == 2
