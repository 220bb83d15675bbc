"""OpenSpiel adapter: every registered game as a Python game of pyspiel.

Importing this module registers `python_spieltisch_<game>` for every game in the registry::

    import pyspiel
    import spieltisch.interop.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("python_spieltisch_madn", {"players": 4})

Game parameters are the game's options (`spieltisch games <game>`). OpenSpiel parameters
cannot be empty, so an option whose default is "none" (automatic) is the int 0 when it is
a whole number and the empty string otherwise; a list option (Mahé's `deck`) is a string of
values separated by spaces, e.g. `"1 1 1 2 2 2 ..."`.

Chance is explicit. A chance node with few outcomes (a die, a lot) is one OpenSpiel chance
node; its actions number the outcomes in the engine's order (`d1`..`d6` are 0..5). A shuffle
or deal is broken into small chance steps with exact probabilities by the game's declared
chance part (a `Splitter`, see `spieltisch.core.chance` and the game's `chance.py`), and
the engine's outcome in notation is applied when the steps determine it.

Mahé and David & Goliath are imperfect-information games (the deck order, the others'
hands); Mensch ärgere Dich nicht and Mabula are perfect-information games.

Strings and tensors per player:

- observation string: the JSON of `state.view(player)` (plus the observer's own pending
  deal steps while a deal is in progress);
- information-state string: with perfect recall, every step of the game in notation, with
  `?` for each chance step the player did not see, plus what was revealed in the open
  (Mahé: `up:<face-up card>/<cards left>` each time a card is turned up);
- observation and information-state tensors: the game's encoding from
  its declared observation part (documented there). It describes the position as
  the player sees it; it does not list the history (for the information state it is a
  summary of what the player knows that matters for the rest of the game, not a
  perfect-recall record).

Serialization writes the game, its options and the history in notation (plus the chance
steps of a deal in progress); deserializing replays it. `resample_from_infostate` (for
OpenSpiel's IS-MCTS) uses the engine's `determinize`.
"""

from __future__ import annotations

import json
import math
import random
import types
import typing
from collections.abc import Sequence
from functools import cache
from typing import Any, Literal, get_args, get_origin

import numpy as np
import pyspiel

from spieltisch.core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalMove,
    LargeChanceNode,
    State,
    game_class,
    game_names,
    load,
    parts,
)
from spieltisch.core.chance import Splitter, Visibility
from spieltisch.interop import observation_for

PREFIX = "python_spieltisch_"
"""OpenSpiel's name of a game is this prefix plus the game's name."""

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


# -- the state behind a pyspiel state -----------------------------------------------------


class Core:
    """The engine state plus what OpenSpiel needs besides it: deal steps so far and a log.

    Copied by `copy.deepcopy` (OpenSpiel's `clone`) through `State.clone`, and pickled
    (OpenSpiel's `serialize`) as the game, its options and the history in notation.
    """

    __slots__ = (
        "_outcomes",
        "_tokens",
        "game",
        "prefix",
        "reveal_key",
        "seen",
        "state",
        "support",
        "texts",
    )

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.support = parts(game).chance_support
        self.state = game.new_state()
        self.prefix: tuple[int, ...] = ()
        self.texts: list[str] = []
        """Every step so far in words: moves and outcomes in notation, deal steps, reveals."""
        self.seen: list[list[str]] = [[] for _ in range(game.num_players)]
        """The same per player, with `?` for each step that player did not see."""
        self.reveal_key = 0
        self._outcomes: list[tuple[int, float]] | None = None
        self._tokens: list[str] | None = None

    # -- copying and pickling ------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        new = Core.__new__(Core)
        new.game = self.game
        new.support = self.support
        new.state = self.state.clone()
        new.prefix = self.prefix
        new.texts = self.texts.copy()
        new.seen = [seen.copy() for seen in self.seen]
        new.reveal_key = self.reveal_key
        new._outcomes = self._outcomes
        new._tokens = self._tokens
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild_core,
            (self.game.name, self.game.options.to_json(), self.state.history(), self.prefix),
        )

    # -- chance --------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._outcomes is None:
            try:
                outcomes = self.state.chance_outcomes()
            except LargeChanceNode:
                splitter = self._splitter()
                self._outcomes = splitter.outcomes(self.state, self.prefix)
                self._tokens = None
            else:
                self._outcomes = [(i, p) for i, (_, p) in enumerate(outcomes)]
                self._tokens = [token for token, _ in outcomes]
        return self._outcomes

    def _splitter(self) -> Splitter:
        splitter = self.support.splitter
        if splitter is None:
            raise NotImplementedError(
                f"{self.game.title} has a chance node that lists no outcomes (a shuffle or a "
                "deal): declare a chance part whose SUPPORT has a Splitter (spieltisch.core.chance)"
            )
        return splitter

    def describe_chance(self, action: int) -> str:
        self.chance_outcomes()
        if self._tokens is not None:
            return self._tokens[action]
        return self._splitter().describe(self.state, self.prefix, action)

    # -- applying ------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        state = self.state
        if state.current_player == CHANCE:
            outcomes = self.chance_outcomes()
            if not any(action == a for a, _ in outcomes):
                raise IllegalMove(action, f"chance outcomes here are {[a for a, _ in outcomes]}")
            if self._tokens is not None:
                token = self._tokens[action]
                state.apply(token)
                self._log(token, None)
            else:
                splitter = self._splitter()
                text = splitter.describe(state, self.prefix, action)
                self._log(text, splitter.visible_to(state, self.prefix, action))
                self.prefix = (*self.prefix, action)
                outcome = splitter.complete(state, self.prefix)
                if outcome is not None:
                    for text, visible in splitter.completed(state, self.prefix):
                        self._log(text, visible)
                    state.apply(outcome)
                    self.prefix = ()
        else:
            state.apply(action)
            self._log(self.game.action_to_move(action), None)
        self._outcomes = None
        self._tokens = None
        reveal = self.support.reveal
        if reveal is not None:
            key = self.support.reveal_key(state)
            if key != self.reveal_key:
                self.reveal_key = key
                self._log(reveal(state), None)

    def _log(self, text: str, visible: Visibility) -> None:
        self.texts.append(text)
        for player, seen in enumerate(self.seen):
            seen.append(text if visible is None or visible == player else "?")

    def actions_of(self, entry: str) -> list[int]:
        """The OpenSpiel actions that apply one history entry (in notation) here."""
        state = self.state
        if entry in self.game.events:
            raise IllegalMove(entry, "OpenSpiel has no actions for events such as a referee's call")
        if state.current_player != CHANCE:
            return [self.game.move_to_action(entry)]
        if self.prefix:
            raise IllegalMove(entry, "a deal is in progress: its steps come one by one")
        self.chance_outcomes()
        if self._tokens is not None:
            if entry not in self._tokens:
                raise IllegalMove(entry, f"chance outcomes here are {', '.join(self._tokens)}")
            return [self._tokens.index(entry)]
        return self._splitter().split(state, entry)

    def replay(self, history: Sequence[str], prefix: Sequence[int] = ()) -> None:
        for entry in history:
            for action in self.actions_of(entry):
                self.apply(action)
        for action in prefix:
            self.apply(action)

    # -- information ---------------------------------------------------------------------

    def information_state_string(self, player: int | None) -> str:
        if player is None:
            return " ".join(self._public())
        return f"p{player}: " + " ".join(self.seen[player])

    def _public(self) -> list[str]:
        """The steps everyone saw, `?` for the others."""
        seen = self.seen
        return [
            text if all(steps[i] == text for steps in seen) else "?"
            for i, text in enumerate(self.texts)
        ]

    def observation_string(self, player: int | None) -> str:
        text = json.dumps(self.state.view(player), sort_keys=True, separators=(",", ":"))
        if self.prefix:
            steps = self.seen[player] if player is not None else self._public()
            text += " dealing: " + " ".join(steps[len(steps) - len(self.prefix) :])
        return text

    def __str__(self) -> str:
        return " ".join(self.texts)


@cache
def _engine_game(name: str, options_json: str) -> Game[Any]:
    return load(name, **json.loads(options_json))


def _rebuild_core(
    name: str, options: dict[str, Any], history: list[str], prefix: tuple[int, ...]
) -> Core:
    core = Core(_engine_game(name, json.dumps(options, sort_keys=True)))
    core.replay(history, prefix)
    return core


# -- parameters ---------------------------------------------------------------------------


def _kind(annotation: Any) -> tuple[type, bool]:
    """The OpenSpiel parameter type of an option and whether None is allowed."""
    origin = get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        kind, _ = _kind(args[0]) if len(args) == 1 else (str, False)
        return kind, True
    if annotation is bool:
        return bool, False
    if annotation is int:
        return int, False
    if annotation is float:
        return float, False
    if origin is Literal:
        return str, False
    return str, False


def parameter_specification(cls: type[Game[Any]]) -> dict[str, Any]:
    """OpenSpiel parameters with their defaults, one per option of the game."""
    spec: dict[str, Any] = {}
    for name, info in cls.Options.model_fields.items():
        kind, _ = _kind(info.annotation)
        default = info.get_default()
        if default is None:
            default = kind()  # 0, "", False
        elif isinstance(default, tuple | list):
            default = " ".join(map(str, default))
        spec[name] = kind(default)
    return spec


def options_from_parameters(cls: type[Game[Any]], params: dict[str, Any]) -> dict[str, Any]:
    """The game's options from OpenSpiel parameters (0 or "" for none where none is allowed)."""
    options: dict[str, Any] = {}
    for name, info in cls.Options.model_fields.items():
        if name not in params:
            continue
        value = params[name]
        kind, optional = _kind(info.annotation)
        if optional and value == kind() and not isinstance(value, bool):
            value = None
        elif kind is str and get_origin(info.annotation) not in (Literal, None):
            value = cls.Options.values_from_text({name: value})[name]
        options[name] = value
    return options


# -- pyspiel game, state and observer -----------------------------------------------------


def _is_imperfect(cls: type[Game[Any]], game: Game[Any]) -> bool:
    """A game hides something when its states override `determinize`."""
    return type(game.new_state()).determinize is not State.determinize


def _game_type(name: str) -> Any:
    cls = game_class(name)
    game = cls(cls.Options.parse({}))
    information = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION
        if _is_imperfect(cls, game)
        else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"spieltisch {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(cls),
    )


class SpieltischGame(pyspiel.Game):  # type: ignore[misc]
    """A spieltisch game as a pyspiel game; `engine` is the spieltisch `Game`."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        cls = game_class(name)
        self.engine: Game[Any] = load(name, **options_from_parameters(cls, params or {}))
        support = parts(self.engine).chance_support
        splitter_outcomes = support.splitter.max_outcomes(self.engine) if support.splitter else 0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_actions,
            max_chance_outcomes=max(support.max_chance_outcomes(self.engine), splitter_outcomes),
            num_players=self.engine.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=support.max_game_length(self.engine),
        )
        super().__init__(_game_type(name), info, params or {})

    def new_initial_state(self) -> SpieltischState:
        return SpieltischState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        return Observer(self.engine, iig_obs_type, params)


class SpieltischState(pyspiel.State):  # type: ignore[misc]
    """A position of a spieltisch game as a pyspiel state.

    `spieltisch_state` is the engine's state (read it; do not change it).
    """

    def __init__(self, game: SpieltischGame) -> None:
        super().__init__(game)
        self._core = Core(game.engine)

    @property
    def spieltisch_state(self) -> State:
        return self._core.state

    def current_player(self) -> int:
        player = self._core.state.current_player
        if player == CHANCE:
            return _CHANCE
        if player == TERMINAL:
            return _TERMINAL
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._core.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._core.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._core.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == _CHANCE:
            if self._core.state.current_player == CHANCE:
                return self._core.describe_chance(int(action))
            return f"chance:{action}"
        return self._core.game.action_to_move(int(action))

    def is_terminal(self) -> bool:
        return self._core.state.is_terminal()

    def returns(self) -> list[float]:
        return self._core.state.returns()

    def __str__(self) -> str:
        return str(self._core)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpieltischState:
        """A state the player cannot tell from this one, drawn with the engine's determinize."""
        core = self._core
        if core.prefix:
            raise pyspiel.SpielError("resampling in the middle of a deal is not supported")
        try:
            seed = int(float(probability_sampler()) * 2**52)
        except (TypeError, ValueError):
            seed = random.getrandbits(52)
        world = core.state.determinize(player_id, random.Random(seed))
        return state_from_history(self.get_game(), world.history())


class Observer:
    """Observation and information-state strings and tensors (OpenSpiel's PyObserver)."""

    def __init__(self, engine: Game[Any], iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = (
            iig_obs_type.private_info
            if iig_obs_type is not None
            else pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observations of every player's private information are not offered")
        self.public = private == pyspiel.PrivateInfoType.NONE
        self.module = observation_for(engine)
        shape = self.module.observation_shape(engine)
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: SpieltischState, player: int) -> None:
        encoded = self.module.encode(state._core.state, None if self.public else player)
        self.tensor[:] = encoded.ravel()

    def string_from(self, state: SpieltischState, player: int) -> str:
        seat = None if self.public else player
        if self.perfect_recall:
            return state._core.information_state_string(seat)
        return state._core.observation_string(seat)


# -- public helpers -----------------------------------------------------------------------


def state_from_history(game: Any, history: Sequence[str]) -> SpieltischState:
    """The pyspiel state after a history in notation (a record's `history`)."""
    state: SpieltischState = game.new_initial_state()
    for entry in history:
        for action in state._core.actions_of(entry):
            state.apply_action(action)
    return state


def load_game(name: str, **options: Any) -> Any:
    """The pyspiel game of a spieltisch game with options given as Python values."""
    cls = game_class(name)
    parsed = cls.Options.parse(options).to_json()
    spec = parameter_specification(cls)
    params: dict[str, Any] = {}
    for key, value in parsed.items():
        if value is None:
            continue
        params[key] = " ".join(map(str, value)) if isinstance(value, list) else value
        if type(params[key]) is not type(spec[key]):
            params[key] = type(spec[key])(params[key])
    return pyspiel.load_game(PREFIX + name, params)


def register(name: str) -> None:
    """Register one game with pyspiel (done for every registered game on import)."""

    def __init__(self: SpieltischGame, params: dict[str, Any] | None = None) -> None:
        SpieltischGame.__init__(self, name, params)

    title = "".join(part.capitalize() for part in name.split("_"))
    cls = type(f"{title}Game", (SpieltischGame,), {"__init__": __init__})
    pyspiel.register_game(_game_type(name), cls)


def registered_names() -> list[str]:
    """OpenSpiel's names of the spieltisch games."""
    return [PREFIX + name for name in game_names()]


for _name in game_names():
    register(_name)
