"""Translations of every text Mabula shows to people (catalogs in locale/de.po, fr.po)."""

from spieltisch.core.i18n import N_, Catalog

_ = Catalog(__file__).gettext

__all__ = ["N_", "_"]
