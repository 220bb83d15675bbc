"""Translations of every text Mahé shows to people (catalogs in locale/)."""

from spieltisch.core.glossary import piece_letters
from spieltisch.core.i18n import N_, Catalog

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


OPTION_WORDS: dict[str, str] = {
    "turtles_per_player": N_("Turtles per player"),
    "egg_cards_as_dice": N_("Egg cards as dice"),
    "third_die_at_seven": N_("Third die at exactly 7"),
    "deck": N_("Egg card deck"),
}
"""How forms and rules pages name each option (never its id)."""

VALUE_WORDS: dict[str, str] = {}
"""How forms name each option value, keyed `option=value` (Mahé's are numbers)."""


def letter(colour: str) -> str:
    """The turtle's letters on the ring in the reader's language (the glossary's: R, Ge
    for Gelb and Gr for Grün, Ve for vert and Vi for violette)."""
    return piece_letters("mahe")[colour]
