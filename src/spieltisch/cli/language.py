"""The language of a command's output: `--lang`, else the environment's."""

from __future__ import annotations

from rich.console import Console

from spieltisch.cli.fail import fail
from spieltisch.core.i18n import (
    UnknownLanguage,
    check_language,
    language_from_environment,
    set_language,
)


def use_language(lang: str | None, console: Console) -> str:
    """Set the language for the rest of the command and return its code; an unknown one
    ends the command with an error in the environment's language."""
    try:
        code = check_language(lang or language_from_environment())
    except UnknownLanguage as unknown:
        set_language(language_from_environment())
        fail(console, str(unknown))
    set_language(code)
    return code
