"""The server's own texts in de/en/fr (its catalogs are in `locale/`), and the language
of a request: the one the person chose on the site (the `spieltisch_lang` cookie the
pages set), else the browser's `Accept-Language`."""

from __future__ import annotations

from http.cookies import CookieError, SimpleCookie

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


LANGUAGE_COOKIE = "spieltisch_lang"
"""The language chosen on the site; web/static/i18n.js sets it whenever the page's
language is set, so refusals, downloads and printouts follow the person's choice."""


def chosen_language(cookie_header: str | None) -> str | None:
    """The language in the site's cookie, when a Cookie header carries a known one."""
    if not cookie_header:
        return None
    try:
        cookies = SimpleCookie(cookie_header)
    except CookieError:
        return None
    morsel = cookies.get(LANGUAGE_COOKIE)
    return morsel.value if morsel is not None and morsel.value in LANGUAGES else None


def request_language(
    cookie_header: str | None, accept_language: str | None, asked: str | None = None
) -> str:
    """The language to answer in: one asked for explicitly (a `lang` query), else the
    site's choice (cookie), else Accept-Language, else English."""
    if asked in LANGUAGES:
        return str(asked)
    return chosen_language(cookie_header) or accepted_language(accept_language)
