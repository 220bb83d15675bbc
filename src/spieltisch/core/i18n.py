"""Translations from gettext catalogs (de, fr; English is the source language).

Each package that shows text keeps `locale/<lang>.po` beside its modules, so a game
folder carries its own translations. Catalogs are read with Babel when first used.
"""

from __future__ import annotations

import gettext as _stdlib_gettext
import os
import re
from collections.abc import Callable, Iterator
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


def sentence(text: str) -> str:
    """`text` as a sentence for the person in front of the screen: its first letter a
    capital. Refusals are written to be composed (`Platz 2: {reason}`), so their catalog
    texts start in lower case; whatever sends one on its own (an API `detail`, a
    WebSocket error, the command line) makes it a sentence here, in every language."""
    if not text[:1].islower() or _IDENTIFIER.search(text.split(" ", 1)[0]):
        return text  # a capital already, or an identifier (`last_seq: …`) kept as written
    return text[:1].upper() + text[1:]


_IDENTIFIER = re.compile("[_=./]")
"""What marks a first word as an identifier (`sentence` runs for every clickable part
of every board drawn: a compiled pattern, not a loop)."""


NO_BREAK_SPACE = "\u00a0"


def unbroken(text: str) -> str:
    """The text with no-break spaces, so that a short label and its value (`cartes dans
    la pile : 20`) move to the next line together when a narrow terminal wraps it (the
    CLI teaches Rich to honour them: spieltisch.cli.no_break)."""
    return text.replace(" ", NO_BREAK_SPACE)


PluralRule = Callable[[int], int]


def _english_plural(n: int) -> int:
    return int(n != 1)


class Catalog:
    """The translations of one package; `gettext` and `ngettext` look up the current
    language per call. Plural entries (`msgid_plural` in the .po file) choose their form
    by the catalog's own `Plural-Forms` header, as gettext does."""

    def __init__(self, package_file: str | Path) -> None:
        self.folder = Path(package_file).resolve().parent / "locale"
        self._tables: dict[str, dict[str, str]] = {}
        self._plurals: dict[str, dict[str, tuple[str, ...]]] = {}
        self._rules: dict[str, PluralRule] = {}

    def _load(self, code: str) -> None:
        table: dict[str, str] = {}
        plurals: dict[str, tuple[str, ...]] = {}
        rule: PluralRule = _english_plural
        path = self.folder / f"{code}.po"
        if path.exists():
            from babel.messages.pofile import read_po  # only where a catalog is read

            with path.open("rb") as handle:
                catalog = read_po(handle)
            rule = _stdlib_gettext.c2py(catalog.plural_expr)
            for message in catalog:
                if not message.id or message.fuzzy:
                    continue
                if isinstance(message.id, str) and isinstance(message.string, str):
                    if message.string:
                        table[message.id] = message.string
                elif isinstance(message.id, tuple | list) and message.string:
                    forms = tuple(str(form) for form in message.string)
                    if forms and all(forms):
                        plurals[str(message.id[0])] = forms
        self._tables[code] = table
        self._plurals[code] = plurals
        self._rules[code] = rule

    def table(self, code: str) -> dict[str, str]:
        """The singular entries of `code`: English text -> translation."""
        if code not in self._tables:
            self._load(code)
        return self._tables[code]

    def plural_table(self, code: str) -> dict[str, tuple[str, ...]]:
        """The plural entries of `code`: English singular -> the forms, in the order of
        the language's Plural-Forms."""
        if code not in self._plurals:
            self._load(code)
        return self._plurals[code]

    def plural_index(self, code: str, n: int) -> int:
        """Which form `code` uses for the number n (0 = the first form)."""
        if code not in self._rules:
            self._load(code)
        return self._rules[code](n)

    def gettext(self, message: str) -> str:
        code = _language.get()
        if code == "en":
            return message
        return self.table(code).get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of the text for the number n in the current language ("1 Punkt",
        "2 Punkte", "0 œuf", "2 œufs"); English when the catalog lacks the entry. The
        caller fills in the number (formatted for the language) with `.format`."""
        code = _language.get()
        forms = None if code == "en" else self.plural_table(code).get(singular)
        if not forms:
            return singular if _english_plural(n) == 0 else plural
        index = self.plural_index(code, n)
        return forms[min(index, len(forms) - 1)]


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


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text with a plural for the catalogs without translating it yet (the pages'
    texts); whoever shows it picks the form for its number then."""
    return singular, plural


_CORE = Catalog(__file__)
"""The core's catalog (core/locale), for the one message this module words itself."""
