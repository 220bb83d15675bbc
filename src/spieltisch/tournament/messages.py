from spieltisch.core.i18n import Catalog

_ = Catalog(__file__).gettext
