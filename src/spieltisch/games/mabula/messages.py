"""Translations of every text Mabula shows to people (catalogs in locale/de.po, fr.po)."""

from spieltisch.core.i18n import N_, Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext

__all__ = ["N_", "_", "_n"]

OPTION_WORDS: dict[str, str] = {
    "scoring": N_("Scoring"),
    "tiebreak": N_("Tie-break"),
}
"""How forms and rules pages name each option (never its id)."""

VALUE_WORDS: dict[str, str] = {
    "scoring=largest": N_("largest group"),
    "scoring=product": N_("product of the groups"),
    "tiebreak=none": N_("a draw"),
    "tiebreak=groups": N_("compare the groups"),
}
"""How forms name each option value, keyed `option=value`."""
