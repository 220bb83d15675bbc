"""Translations of every text David & Goliath shows to people."""

from spieltisch.core.i18n import N_, Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext

OPTION_WORDS: dict[str, str] = {
    "deals": N_("Deals"),
}
"""How forms and rules pages name each option (never its id)."""

VALUE_WORDS: dict[str, str] = {}
"""How forms name each option value, keyed `option=value`."""
