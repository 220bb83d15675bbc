"""Options: the game name never collides with an option, types are strict, one spelling."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import spieltisch
from spieltisch.cli.app import app
from spieltisch.core import OptionError, RecordError, load_record


def test_an_option_called_name_is_an_option_error_not_a_type_error() -> None:
    with pytest.raises(OptionError) as refused:
        spieltisch.load("mahe", name="x")
    assert refused.value.option == "name" and "players" in refused.value.allowed


def test_a_record_with_an_option_called_name_is_a_record_error() -> None:
    record = spieltisch.load("mabula").new_state().to_record()
    record["options"] = {**record["options"], "name": "x"}
    with pytest.raises(RecordError, match="name"):
        load_record(dict(record))


def test_simulate_with_an_option_called_name_fails_cleanly() -> None:
    result = CliRunner().invoke(app, ["simulate", "mahe", "-n", "1", "--option", "name=x"])
    assert result.exit_code == 2 and "name='x'" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("david_goliath", {"deals": True}),
        ("mahe", {"players": "3"}),
        ("mahe", {"players": 2.0}),
        ("mahe", {"third_die_at_seven": "true"}),
        ("madn", {"max_rounds": 1.5}),
        ("mabula", {"players": True}),
    ],
)
def test_the_api_refuses_values_of_another_type(game: str, options: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        spieltisch.load(game, **options)


def test_auto_is_the_one_spelling_of_the_automatic_choice() -> None:
    assert spieltisch.load("mahe", turtles_per_player="auto").options.turtles_per_player is None
    assert spieltisch.load("david_goliath", players=3, deals="auto").options.deals is None
    for other in ("none", "Auto", ""):
        with pytest.raises(OptionError, match="or auto"):
            spieltisch.load("mahe", turtles_per_player=other)


def test_the_command_line_writes_options_in_the_documented_form() -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["games", "mahe", "--lang", "en"])
    assert listed.exit_code == 0 and "auto" in listed.output
    ok = runner.invoke(
        app,
        ["simulate", "mahe", "-n", "1", "-o", "turtles_per_player=auto", "-o", "deck=none"],
    )
    assert ok.exit_code == 0, ok.output
    for bad in ("egg_cards_as_dice=1", "players=²", "players=" + "9" * 5000, "deck=1,x"):
        refused = runner.invoke(app, ["simulate", "mahe", "-n", "1", "-o", bad])
        assert refused.exit_code == 2 and "allowed is" in refused.output, bad
