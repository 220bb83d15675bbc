"""Translations of the texts the agents show to people (hints); catalogs in locale/."""

from spieltisch.core.i18n import Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext
