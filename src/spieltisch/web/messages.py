"""Translations of the browser pages' texts (catalogs in locale/de.po, fr.po)."""

from spieltisch.core.i18n import Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext
