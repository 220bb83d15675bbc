"""What a person chose once and expects to stay chosen: kept in a small JSON file.

`$SPIELTISCH_CONFIG` names the file; else `$XDG_CONFIG_HOME/spieltisch/play.json`, else
`~/.config/spieltisch/play.json`. A missing or unreadable file means the defaults, and a
file that cannot be written is no reason to stop a game: keeping is a courtesy.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError


def default_path() -> Path:
    explicit = os.environ.get("SPIELTISCH_CONFIG")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "spieltisch" / "play.json"


class Preferences(BaseModel):
    """The settings of `spieltisch play` that outlast a game."""

    model_config = ConfigDict(extra="ignore")

    auto_move: bool = True
    """Play a person's only legal move for them (after a short look) instead of asking."""

    @classmethod
    def load(cls, path: Path | None = None) -> Preferences:
        """The kept settings, or the defaults when there are none that can be read."""
        try:
            return cls.model_validate_json((path or default_path()).read_bytes())
        except (OSError, ValueError, RuntimeError, ValidationError):  # RuntimeError: no home
            return cls()

    def keep(self, path: Path | None = None) -> bool:
        """Write the settings; False (and nothing else) when that is not possible."""
        try:
            target = path or default_path()
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(self.model_dump_json(indent=1) + "\n", encoding="utf-8")
        except (OSError, ValueError, RuntimeError):
            return False
        return True
