"""Translations of every text Mahé shows to people (catalogs in locale/)."""

from spieltisch.core.i18n import Catalog

_ = Catalog(__file__).gettext
