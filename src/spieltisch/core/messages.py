"""The core's texts a person may read (refusals, option errors), from core/locale."""

from spieltisch.core.i18n import Catalog

_ = Catalog(__file__).gettext
