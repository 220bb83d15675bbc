"""Translated texts of Mensch ärgere Dich nicht (catalogs in locale/de.po and locale/fr.po)."""

from spieltisch.core.i18n import Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext
