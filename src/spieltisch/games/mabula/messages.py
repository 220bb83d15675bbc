"""Translations of every text Mabula shows to people (catalogs in locale/de.po, fr.po)."""

from spieltisch.core.i18n import Catalog

_ = Catalog(__file__).gettext


def N_(message: str) -> str:
    """Mark a text for the catalogs without translating it now (option descriptions,
    read once at import): whoever shows it later looks it up with `_`."""
    return message
