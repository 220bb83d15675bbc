"""Errors a player understands: no pydantic wording, no developer numbers in English
notation, every notice a sentence (the pages capitalise it, tests/web/word_scan checks)."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

import spieltisch
from spieltisch.core.i18n import language
from spieltisch.review.calibration import Calibration, calibration_note
from spieltisch.server.routes.validation import problem_sentences


def test_a_tuple_or_an_unknown_problem_is_worded_not_quoted_from_pydantic(
    caplog: pytest.LogCaptureFixture,
) -> None:
    errors = [
        {"type": "tuple_type", "loc": ("body", "figures"), "msg": "Input should be a valid tuple"},
        {"type": "weird_kind", "loc": ("body", "x"), "msg": "Input should be something odd"},
    ]
    with language("de"), caplog.at_level(logging.INFO):
        said = [item["message"] for item in problem_sentences(errors)]
    assert said == ["figures: muss eine Liste sein", "x: ist ungültig"]
    assert "Input should be something odd" in caplog.text  # the detail is in the log


def test_the_calibration_figures_are_written_as_the_language_writes_numbers() -> None:
    with language("de"):
        note = calibration_note(Calibration(slope=1.05, shift=-0.69))
    assert "1,05" in note and "\u22120,69" in note and "-0.69" not in note


COMMAND_LINE = re.compile(r"\bspieltisch [a-z]|(?<![\w-])--[a-z]|\b(?:GET|POST|PUT|DELETE) /|`")
"""A command, an option, an HTTP request or code quoted: words for a terminal, not a page."""
ON_PURPOSE = {
    # The tournament was made on the command line and is directed there: printing the
    # one-time code that hands it to the browser is the director's only way.
    "no hand-over code is open for this tournament: the director prints one with "
    "spieltisch tournament director ID --code (it works {minutes} minutes)",
    # Behind the replay page's "Details" toggle: the technical reason, on purpose.
    "not a spieltisch record: format is {found}, expected {expected}",
}


@pytest.mark.parametrize("package", ["server", "web", "tournament", "core", "review"])
def test_texts_that_reach_pages_name_no_command_line(package: str) -> None:
    """The server's refusals, the pages' texts and the errors of the packages under them
    reach people in the browser: none names a command, an option, an HTTP request
    (`POST /api/session/guest`) or a quoted `spieltisch tournament list` (issue 32). The
    command line adds its own hints (cli/tournament.py)."""
    from babel.messages.pofile import read_po

    path = Path(spieltisch.__file__).parent / package / "locale" / "de.po"
    with path.open("rb") as handle:
        ids = [str(m.id[0] if isinstance(m.id, tuple) else m.id) for m in read_po(handle) if m.id]
    found = [text for text in ids if COMMAND_LINE.search(text) and text not in ON_PURPOSE]
    assert not found, found
