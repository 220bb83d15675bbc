"""Translations of the texts the agents show to people (hints); catalogs in locale/."""

from spieltisch.core.i18n import Catalog

_ = Catalog(__file__).gettext
