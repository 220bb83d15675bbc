"""Moves of the coin race in words."""

from __future__ import annotations

from typing import Any

WORDS = {"step": "step one field", "leap": "leap", "heads": "heads", "tails": "tails"}


def describe_move(state: Any, move: str) -> str:
    return WORDS.get(move, move)
