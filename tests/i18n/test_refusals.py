"""No refusal, option error or typed-move explanation reaches a person in English under
`--lang de` or `--lang fr` (issue 19, point 5)."""

from __future__ import annotations

import random

import pytest

import spieltisch
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.core import OptionError, RecordError, State
from spieltisch.core.i18n import language

GAMES = [info.name for info in spieltisch.games()]
JUNK = ["zz", "99999", "turtle:xyz", "#0"]
ENGLISH = ("legal", "allowed", "not a ", "rule ", "whole number", "one of", "the game")
"""Words of the English refusals that no German or French one contains."""


def _assert_translated(english: str, translated: str, where: str) -> None:
    assert translated != english, f"{where}: {english!r} is not translated"
    for word in ENGLISH:
        assert word not in translated, f"{where}: {translated!r} keeps {word!r} in English"


def _positions(name: str, count: int = 6) -> list[State]:
    """Decision points of a random game of `name` (some early, some late)."""
    game = spieltisch.load(name)
    rng = random.Random(7)
    state = game.new_state()
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.sample_chance(rng)
            continue
        if rng.random() < 0.2:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_moves()))
    return found


def _explain(session: Session, text: str, code: str) -> str | None:
    with language(code):
        return session.explain(text)


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("name", GAMES)
def test_refusals_of_typed_moves_are_translated(name: str, code: str) -> None:
    checked = 0
    for state in _positions(name):
        game = state.game
        session = Session(game, [HUMAN] * game.num_players, history=state.history())
        legal = set(state.legal_moves())
        tokens = [game.action_to_move(a) for a in range(game.num_actions)]
        for text in [*JUNK, *(t for t in tokens if t not in legal)]:
            english = _explain(session, text, "en")
            if english is None:
                continue
            translated = _explain(session, text, code)
            assert translated is not None
            _assert_translated(english, translated, f"{name} ({code})")
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("name", GAMES)
def test_option_errors_are_translated(name: str, code: str) -> None:
    info = spieltisch.load(name).info()
    bad: list[dict[str, object]] = [{"no_such_option": 1}, {"players": 99}]
    bad += [{option.name: "???"} for option in info.options]
    for options in bad:
        messages = []
        for lang in ("en", code):
            with language(lang), pytest.raises(OptionError) as refused:
                spieltisch.load(name, **options)
            messages.append(str(refused.value))
        _assert_translated(messages[0], messages[1], f"{name} ({code})")


def _bad_records() -> list[object]:
    good = spieltisch.load("mabula").replay(["setup:" + "wb" * 12]).to_record()
    return [
        "not json at all",
        "[1, 2]",
        {**good, "format": "other/1"},
        {**good, "history": "d3"},
        {**good, "game": "chess"},
        {**good, "players": ["a"]},
        {**good, "history": [3]},
        {**good, "history": ["setup:" + "wb" * 12, "zz"]},
        {**good, "result": {"ranking": [1, 2]}},
    ]


@pytest.mark.parametrize("code", ["de", "fr"])
def test_record_errors_are_translated(code: str) -> None:
    for record in _bad_records():
        messages = []
        for lang in ("en", code):
            with language(lang), pytest.raises(RecordError) as refused:
                spieltisch.load_record(record)  # type: ignore[arg-type]
            messages.append(str(refused.value))
        _assert_translated(messages[0], messages[1], f"record ({code})")
