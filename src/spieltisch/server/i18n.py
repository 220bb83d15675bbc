"""The server's own texts in de/en/fr (its catalogs are in `locale/`), and the language
of a request (from `Accept-Language`)."""

from __future__ import annotations

from spieltisch.core.i18n import LANGUAGES, Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext


def accepted_language(header: str | None) -> str:
    """The first of de/en/fr in an Accept-Language header, by preference; else en."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        code, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        code = code.strip()[:2].lower()
        if code in LANGUAGES and weight > 0:
            choices.append((-weight, index, code))
    return min(choices)[2] if choices else "en"
