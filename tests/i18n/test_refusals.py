"""No refusal, option error, record error, file error or typed-move explanation reaches a
person in English under `--lang de` or `--lang fr` (issue 19, point 5)."""

from __future__ import annotations

import datetime
import errno
import json
import random
from pathlib import Path
from typing import ClassVar

import pytest
from pydantic import Field, ValidationError, field_validator
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from spieltisch.core import GameOptions, OptionError, RecordError, State
from spieltisch.core.file_errors import FileProblem, file_problem, write_text
from spieltisch.core.i18n import language
from spieltisch.core.messages import _ as _core

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


# -- the operating system's words, unknown languages, options without a description ---------

OS_ENGLISH = ("No such file", "directory", "Directory", "Permission", "cannot", "Errno", "null")
"""The operating system's English (and our own English frame) that must not show in de or fr."""


def _bad_paths(tmp_path: Path) -> list[Path]:
    """Paths that can be neither read nor written: in a missing folder, a folder, a path
    through a file, a name with a NUL byte."""
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return [tmp_path / "no" / "x.json", folder, a_file / "x.json", tmp_path / "a\0b.json"]


def _assert_no_os_english(message: str, where: str) -> None:
    for word in OS_ENGLISH:
        assert word not in message, f"{where}: {message!r} keeps {word!r} in English"


@pytest.mark.parametrize("code", ["de", "fr"])
def test_unreadable_and_unwritable_files_are_said_in_the_language(
    code: str, tmp_path: Path
) -> None:
    session = Session(spieltisch.load("mabula"), [HUMAN, HUMAN])
    for path in _bad_paths(tmp_path):
        with language(code), pytest.raises(RecordError) as unread:
            spieltisch.load_record(path)
        _assert_no_os_english(str(unread.value), f"reading {path} ({code})")
        with language(code), pytest.raises(FileProblem) as unsaved:
            session.save(path)
        _assert_no_os_english(str(unsaved.value), f"saving {path} ({code})")
        assert path.name.replace("\0", "\\x00") in str(unsaved.value), "the file is named"
        with language(code), pytest.raises(FileProblem) as unwritten:
            write_text(path, "x")
        _assert_no_os_english(str(unwritten.value), f"writing {path} ({code})")


@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_rare_system_error_keeps_its_code_inside_a_translated_sentence(code: str) -> None:
    rare = OSError(errno.EXDEV, "Invalid cross-device link")
    with language("en"):
        english = file_problem(rare)
    with language(code):
        translated = file_problem(rare)
    assert "EXDEV" in english and "EXDEV" in translated
    assert translated != english


def _output(args: list[str], lang: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, args, env={"LANG": f"{lang}_XX.UTF-8", "LANGUAGE": ""})
    return result.exit_code, result.output


@pytest.mark.parametrize("code", ["de", "fr"])
def test_commands_say_unwritable_paths_in_the_language(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    record = spieltisch.load("mabula").replay(["setup:" + "wb" * 12]).to_record()
    Path("game.json").write_text(json.dumps(record))
    Path("folder").mkdir()
    runs = [
        ["simulate", "mabula", "-n", "1", "--out", "game.json/x"],
        ["render", "game.json", "-o", "game.json/x.svg"],
        ["analyse", "mabula", "-n", "10", "--out", "game.json/x"],
        ["replay", "game.json/x", "--all"],
        ["play", "--plain", "--resume", "folder"],
    ]
    for args in runs:
        status, output = _output([*args, "--lang", code], code)
        assert status == 2, (args, output)
        assert "game.json/x" in output or "'folder'" in output, output
        _assert_no_os_english(output, f"{args[0]} ({code})")


LANG_COMMANDS = [
    ["games"],
    ["rules", "mabula"],
    ["simulate", "mabula", "-n", "1"],
    ["replay", "x.json"],
    ["play", "mabula", "--plain"],
    ["render", "x.json"],
    ["review", "x.json"],
    ["analyse", "mabula"],
    ["tournament", "export", "1", "--results", "x.csv"],
]


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize("args", LANG_COMMANDS, ids=lambda args: args[0])
def test_an_unknown_language_is_refused_in_the_environments_language(
    args: list[str], code: str
) -> None:
    status, output = _output([*args, "--lang", "xx"], code)
    _status, english = _output([*args, "--lang", "xx"], "en")
    assert status == 2, output
    assert "'xx'" in output and "de, en, fr" in output
    assert "unknown language" in english
    for word in ("unknown", "allowed", "Error"):
        assert word not in output, f"{args[0]} ({code}): {output!r} keeps {word!r}"


class _Undocumented(GameOptions):
    """Options of the kinds no built-in game has yet, none with a description."""

    game_name: ClassVar[str] = "undocumented"
    players: int = Field(2, ge=2, le=4)
    speed: float = Field(1.0, ge=0.5, le=2.0)
    name: str = "x"
    when: datetime.date | None = None
    odd: int = 1

    @field_validator("odd")
    @classmethod
    def _must_be_odd(cls, value: int) -> int:
        if value % 2 == 0:
            raise ValueError(_core("a whole number") + " (odd)")
        return value


@pytest.mark.parametrize("code", ["de", "fr"])
def test_options_without_a_description_are_refused_in_the_language(code: str) -> None:
    bad: list[dict[str, object]] = [
        {"speed": "fast"},
        {"speed": 9.0},
        {"name": 3},
        {"when": "tomorrow"},
        {"odd": 2},
    ]
    for options in bad:
        with pytest.raises(ValidationError) as raw:
            _Undocumented.model_validate(options)
        pydantic_words = raw.value.errors()[0]["msg"]
        messages = []
        for lang in ("en", code):
            with language(lang), pytest.raises(OptionError) as refused:
                _Undocumented.parse(options)
            messages.append(str(refused.value))
        _assert_translated(messages[0], messages[1], f"{options} ({code})")
        for message in messages:
            assert pydantic_words not in message and "Input should" not in message, message


COMMAND_LINE_MISTAKES = [
    (["play", "madn", "--plain", "--budget", "lots"], "bad budget"),
    (["simulate", "madn", "-n", "1", "--budget", "lots"], "bad budget"),
    (["simulate", "madn", "-n", "1", "--agents", "genius"], "unknown agent"),
    (["simulate", "madn", "-n", "1", "--players", "4", "--agents", "random,random"], "agents for"),
    (["play", "chess", "--plain"], "unknown game"),
]


@pytest.mark.parametrize("code", ["de", "fr"])
@pytest.mark.parametrize(("args", "english"), COMMAND_LINE_MISTAKES, ids=lambda a: str(a))
def test_command_line_mistakes_are_said_in_the_language(
    args: list[str], english: str, code: str
) -> None:
    status, output = _output([*args, "--lang", code], code)
    _status, in_english = _output([*args, "--lang", "en"], "en")
    assert status == 2, output
    assert english in in_english
    assert english not in output and "Error" not in output, output
