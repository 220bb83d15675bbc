"""Errors a player understands: no pydantic wording, no developer numbers in English
notation, every notice a sentence (the pages capitalise it, tests/web/word_scan checks)."""

from __future__ import annotations

import logging

import pytest

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
