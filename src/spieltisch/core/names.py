"""A game's title for people ("Mensch ärgere Dich nicht"), never its id ("madn")."""

from __future__ import annotations

from spieltisch.core.errors import UnknownGame
from spieltisch.core.registry import game_class


def game_title(name: str) -> str:
    """The registered game's title; a name no game has is shown as it is."""
    try:
        return game_class(name).info().title
    except UnknownGame:
        return name
