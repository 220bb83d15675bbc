"""Translations of every text Mahé shows to people (catalogs in locale/)."""

from spieltisch.core.i18n import Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext


def colour_name(colour: str) -> str:
    """A turtle's colour in the current language (notation keeps the English token)."""
    names = {
        "red": _("red"),
        "yellow": _("yellow"),
        "blue": _("blue"),
        "green": _("green"),
        "orange": _("orange"),
        "purple": _("purple"),
        "white": _("white"),
    }
    return names[colour]
