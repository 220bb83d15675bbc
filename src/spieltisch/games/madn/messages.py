"""Translated texts of Mensch ärgere Dich nicht (catalogs in locale/de.po and locale/fr.po)."""

from spieltisch.core.i18n import N_, Catalog

catalog = Catalog(__file__)
_ = catalog.gettext
_n = catalog.ngettext

OPTION_WORDS: dict[str, str] = {
    "duties": N_("Duties"),
    "rules": N_("Rule set"),
    "max_rounds": N_("Round limit"),
    "time_up": N_("When time is called"),
    "stopped_rule": N_("Ranking of a stopped game"),
}
"""How forms and rules pages name each option (never its id)."""

VALUE_WORDS: dict[str, str] = {
    "duties=enforced": N_("enforced (only moves that meet them)"),
    "duties=penalized": N_("penalized (referee mode)"),
    "rules=tournament": N_("tournament rules"),
    "rules=openspiel": N_("OpenSpiel rules"),
    "time_up=round": N_("play the round to its end (rule 18)"),
    "time_up=turn": N_("finish the turn in progress"),
    "time_up=now": N_("stop at once (the championships)"),
    "stopped_rule=rule18": N_("rule 18 (goal fields, track, way travelled)"),
    "stopped_rule=steps": N_("steps to the goal (the championships)"),
}
"""How forms name each option value, keyed `option=value`."""


def colour_label(colour: int) -> str:
    """The colour's name in the current language (0 red, 1 black, 2 yellow, 3 green): here,
    below the rules, so that rule 18's words can name a colour without a circle."""
    return (_("red"), _("black"), _("yellow"), _("green"))[colour]
