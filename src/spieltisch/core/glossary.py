"""The glossary's piece letters (`glossary.toml`, `[letters.GAME]`): what stands for a
piece where a board is drawn in text, in the reader's language. The notation keeps its
English tokens (`turtle:red`, `r4`); only what a person reads changes."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from spieltisch.core.i18n import get_language

GLOSSARY = Path(__file__).with_name("glossary.toml")


@cache
def _letters() -> dict[str, dict[str, dict[str, str]]]:
    data: dict[str, Any] = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))
    letters: dict[str, dict[str, dict[str, str]]] = data["letters"]
    return letters


def piece_letters(game: str, language: str | None = None) -> dict[str, str]:
    """Each piece's letters in `language` (default: the current one), by its notation
    token: `piece_letters("mahe")["green"]` is "G", "Gr" in German, "Ve" in French."""
    per_language = _letters()[game]
    return per_language.get(language or get_language(), per_language["en"])
