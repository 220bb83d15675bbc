"""Translations from gettext catalogs (de, fr; English is the source language).

Each package that shows text keeps `locale/<lang>.po` beside its modules, so a game
folder carries its own translations. Catalogs are read with Babel when first used.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

LANGUAGES = ("de", "en", "fr")
_language: ContextVar[str] = ContextVar("spieltisch_language", default="en")


def language_from_environment() -> str:
    """The first of de/en/fr named by LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else en."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in os.environ.get(variable, "").split(":"):
            code = value[:2].lower()
            if code in LANGUAGES:
                return code
    return "en"


def check_language(language: str) -> str:
    """The code itself when it is one of LANGUAGES; else UnknownLanguage."""
    if language not in LANGUAGES:
        raise UnknownLanguage(language)
    return language


def set_language(language: str) -> None:
    _language.set(check_language(language))


def get_language() -> str:
    return _language.get()


@contextmanager
def language(code: str) -> Iterator[None]:
    token = _language.set(check_language(code))
    try:
        yield
    finally:
        _language.reset(token)


NARROW_NO_BREAK_SPACE = "\u202f"
"""What French sets before : ; ! ? (and inside « »); German and English set nothing."""


def before_punctuation() -> str:
    """The space the current language sets before : ; ! ? (a narrow no-break one in
    French, none otherwise), for texts joined in code rather than taken whole from a
    catalog."""
    return NARROW_NO_BREAK_SPACE if _language.get() == "fr" else ""


def labelled(label: str, value: object = "") -> str:
    """`label: value` as the reader's language writes it (`Pli : …` in French); with no
    value, the label and its colon, ready for what follows (`Trick: `)."""
    return f"{label}{before_punctuation()}: {value}"


NO_BREAK_SPACE = "\u00a0"


def unbroken(text: str) -> str:
    """The text with no-break spaces, so that a short label and its value (`cartes dans
    la pile : 20`) move to the next line together when a narrow terminal wraps it (the
    CLI teaches Rich to honour them: spieltisch.cli.no_break)."""
    return text.replace(" ", NO_BREAK_SPACE)


class Catalog:
    """The translations of one package; `gettext` looks up the current language per call."""

    def __init__(self, package_file: str | Path) -> None:
        self.folder = Path(package_file).resolve().parent / "locale"
        self._tables: dict[str, dict[str, str]] = {}

    def table(self, code: str) -> dict[str, str]:
        table = self._tables.get(code)
        if table is None:
            table = {}
            path = self.folder / f"{code}.po"
            if path.exists():
                from babel.messages.pofile import read_po  # only where a catalog is read

                with path.open("rb") as handle:
                    for message in read_po(handle):
                        usable = (
                            isinstance(message.id, str)
                            and isinstance(message.string, str)
                            and message.id
                            and message.string
                            and not message.fuzzy
                        )
                        if usable:
                            table[str(message.id)] = str(message.string)
            self._tables[code] = table
        return table

    def gettext(self, message: str) -> str:
        code = _language.get()
        if code == "en":
            return message
        return self.table(code).get(message, message)


class UnknownLanguage(ValueError):
    """A language code that is none of LANGUAGES. Worded in the environment's language,
    since the one asked for is the one that cannot be used."""

    def __init__(self, code: str) -> None:
        self.code = code
        message = N_("unknown language {code}: allowed are {allowed}")
        worded = _CORE.table(language_from_environment()).get(message, message)
        super().__init__(worded.format(code=repr(code), allowed=", ".join(LANGUAGES)))


def N_(message: str) -> str:
    """Mark a text for the catalogs without translating it yet (option descriptions are
    read once at import); whoever shows it looks it up in the catalog then."""
    return message


_CORE = Catalog(__file__)
"""The core's catalog (core/locale), for the one message this module words itself."""
