from spieltisch.core.i18n import Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext
