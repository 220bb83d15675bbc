"""Each conformance check fires: a toy game broken in exactly one way fails exactly there.

The sound toy passes every check; each broken one below breaks one promise of the
protocol, and `play_checked_game` must name it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any, ClassVar, Self

import pytest

import spieltisch
from spieltisch.core import Refusal, registry
from tests.conformance.checks import play_checked_game
from tests.core.toy import LeakyGame, ToyGame, ToyState


class UnsortedState(ToyState):
    __slots__ = ()

    def _legal_actions(self) -> list[int]:
        return [1, 0]


class BadOddsState(ToyState):
    __slots__ = ()

    def chance_outcomes(self) -> list[tuple[str, float]]:
        if self.secrets is None:
            return super().chance_outcomes()
        return [(f"d{k}", 0.25) for k in (1, 2, 3)]


class CarelessState(ToyState):
    """Refuses a bad die only after it has moved the first player on a field."""

    __slots__ = ()

    def _apply_chance(self, outcome: str) -> None:
        if self.secrets is not None and outcome not in ("d1", "d2", "d3"):
            self.positions[0] += 1
        super()._apply_chance(outcome)


class OffTableState(ToyState):
    __slots__ = ()

    @property
    def turn(self) -> int | None:
        return len(self.positions)


class SharedCloneState(ToyState):
    """A clone that shares the positions with its original."""

    __slots__ = ()

    def clone(self) -> Self:
        new = super().clone()
        new.positions = self.positions
        return new


_STARTS = itertools.count()


class RestlessState(ToyState):
    """Each new game starts somewhere else: replaying its history cannot rebuild it."""

    __slots__ = ()

    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        self.positions[0] = next(_STARTS) % 2


class MisrankingState(ToyState):
    __slots__ = ()

    def ranking(self) -> list[int]:
        return [2] * len(self.positions)


class StubbornState(ToyState):
    """Takes a move after the end."""

    __slots__ = ()

    def apply(self, move: Any) -> None:
        if self.is_terminal():
            return
        super().apply(move)


class SilentState(ToyState):
    """Refuses an illegal action without saying why."""

    __slots__ = ()

    def _explain_action(self, action: int) -> Refusal:
        return Refusal("")

    def _legal_actions(self) -> list[int]:
        return [0]


def broken(state: type[ToyState], name: str) -> type[ToyGame]:
    class Broken(ToyGame):
        def new_state(self) -> ToyState:
            return state(self)

    Broken.name = name
    return Broken


class UndeclaredGame(ToyGame):
    """Each seat sees its own secret, but the game says nothing is hidden: the server
    would show every seat the spectator's board."""

    name: ClassVar[str] = "undeclared"
    hidden_information: ClassVar[bool] = False


class MisnamedGame(ToyGame):
    """Registered under another name than its own: its records load another game."""

    name: ClassVar[str] = "toy"


BROKEN: list[tuple[str, type[ToyGame], str]] = [
    ("unsorted", broken(UnsortedState, "unsorted"), "ascending and unique"),
    ("bad_odds", broken(BadOddsState, "bad_odds"), "do not sum to 1"),
    ("careless", broken(CarelessState, "careless"), "a refused move changed the state"),
    ("silent", broken(SilentState, "silent"), "without a reason"),
    ("off_table", broken(OffTableState, "off_table"), "state.turn is 2"),
    ("shared_clone", broken(SharedCloneState, "shared_clone"), "changing a clone changed"),
    ("restless", broken(RestlessState, "restless"), "does not rebuild an equal state"),
    ("misnamed", MisnamedGame, "a record does not round-trip"),
    ("misranking", broken(MisrankingState, "misranking"), "bad ranking"),
    ("stubborn", broken(StubbornState, "stubborn"), "a move after the end was accepted"),
    ("leaky", LeakyGame, "differs only in what seat 0 cannot see"),
    ("undeclared", UndeclaredGame, "differs from a spectator's"),
]


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(registry._GAMES, "toy", ToyGame)
    for name, cls, _ in BROKEN:
        monkeypatch.setitem(registry._GAMES, name, cls)
    ToyGame.Options.game_name = "toy"
    yield


def test_the_sound_toy_passes_every_check(registered: None) -> None:
    for seed in range(5):
        play_checked_game(spieltisch.load("toy"), seed, deep_every=1)


@pytest.mark.parametrize(("name", "cls", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_toy_fails_its_check(
    registered: None, name: str, cls: type[ToyGame], message: str
) -> None:
    with pytest.raises(AssertionError, match=message):
        for seed in range(5):
            play_checked_game(spieltisch.load(name), seed, deep_every=1)


def test_every_check_has_a_broken_toy() -> None:
    from tests.conformance import checks

    names = {name for name in dir(checks) if name.startswith("check_")}
    covered = {
        "check_decision_node",  # unsorted
        "check_chance_node",  # bad_odds
        "check_refusals",  # careless, silent
        "check_views",  # off_table
        "check_clone_independent",  # shared_clone
        "check_replay",  # restless
        "check_record_round_trip",  # misnamed
        "check_hidden_information",  # leaky, undeclared
        "check_terminal",  # misranking, stubborn
    }
    assert names == covered
