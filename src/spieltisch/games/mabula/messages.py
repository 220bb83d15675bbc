"""Translations of every text Mabula shows to people (catalogs in locale/de.po, fr.po)."""

from spieltisch.core.i18n import N_, Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext

__all__ = ["N_", "_", "_n"]
