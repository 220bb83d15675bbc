"""The core's texts a person may read (refusals, option errors), from core/locale."""

from spieltisch.core.i18n import Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext
