"""Tournament ids are typed on command lines: one starting with '-' would read as an option."""

from __future__ import annotations

import secrets

import pytest

from spieltisch.tournament import storage


def test_an_identifier_starting_with_a_dash_is_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = iter(["-d2ARZ0CqbDk", "--xyz", "a2ARZ0CqbDk"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n: next(drawn))
    assert storage.new_identifier() == "a2ARZ0CqbDk"


def test_identifiers_never_start_with_a_dash() -> None:
    assert not any(storage.new_identifier().startswith("-") for _ in range(2_000))
