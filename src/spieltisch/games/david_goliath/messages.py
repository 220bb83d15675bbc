"""Translations of every text David & Goliath shows to people."""

from spieltisch.core.i18n import Catalog

_ = Catalog(__file__).gettext
