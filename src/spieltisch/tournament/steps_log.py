"""The director's log: every step of the ledger in order (players registered, withdrawn
and readmitted, rounds seated and undone, swaps, tables opened online, points awarded,
results and their corrections, rating decisions), who took it, when and why, as one
table for the exports. Nothing a director did is left out of the files."""

from __future__ import annotations

from collections.abc import Mapping

from spieltisch.core.i18n import N_
from spieltisch.tournament.export import Table, lot_words, who
from spieltisch.tournament.ledger import (
    Awarded,
    Entry,
    IdentityChanged,
    Opened,
    RatingDecided,
    Registered,
    ResultEntered,
    Returned,
    Seated,
    SignUpChanged,
    Swapped,
    Unseated,
    Withdrawn,
)
from spieltisch.tournament.messages import _
from spieltisch.tournament.results import place_words
from spieltisch.tournament.tournament import Tournament

STEP_WORDS: dict[str, str] = {
    "created": N_("created"),
    "registered": N_("registered"),
    "signup": N_("sign-up opened or closed"),
    "identity": N_("identity merged or split"),
    "withdrawn": N_("withdrawn"),
    "returned": N_("readmitted"),
    "seated": N_("round seated"),
    "unseated": N_("round undone"),
    "swapped": N_("players swapped"),
    "online": N_("tables opened online"),
    "director": N_("director named"),
    "handover": N_("hand-over code made"),
    "result": N_("result entered"),
    "rating": N_("rating decided"),
    "awarded": N_("points awarded"),
}


def steps_table(tournament: Tournament, names: Mapping[str, str] | None = None) -> Table:
    """One row per ledger entry, oldest first."""
    rows: list[tuple[object, ...]] = []
    for number, entry in enumerate(tournament.entries, start=1):
        step = _(STEP_WORDS[entry.kind]) if entry.kind in STEP_WORDS else entry.kind
        round_number = getattr(entry, "round", "")
        details, note = _details(tournament, entry)
        by = who(entry.by, names or {})
        rows.append((number, entry.at.isoformat(), by, step, round_number, details, note))
    header = [_("entry"), _("entered_at"), _("entered_by"), _("step"), _("round")]
    return [*header, _("details"), _("note")], rows


def _name(tournament: Tournament, player: int) -> str:
    found = tournament.players.get(player)
    return f"{found.shown} ({player})" if found else str(player)


def _details(tournament: Tournament, entry: Entry) -> tuple[str, str]:
    """What the step did in words, and the reason or note given with it."""
    if isinstance(entry, Registered):
        return _name(tournament, entry.player), ""
    if isinstance(entry, Withdrawn | Returned):
        return _name(tournament, entry.player), ""
    if isinstance(entry, IdentityChanged):
        return f"{_name(tournament, entry.player)} → {entry.identity}", entry.reason
    if isinstance(entry, SignUpChanged):
        return (_("open") if entry.open else _("closed")), ""
    if isinstance(entry, Seated):
        tables = " | ".join(
            ", ".join(_name(tournament, p) for p in table) for table in entry.tables
        )
        return tables, ""
    if isinstance(entry, Unseated):
        return "", entry.reason
    if isinstance(entry, Swapped):
        first, second = entry.players
        return f"{_name(tournament, first)} ↔ {_name(tournament, second)}", entry.reason
    if isinstance(entry, Opened):
        return " ".join(f"{table}: {where}" for table, where in entry.tables.items()), ""
    if isinstance(entry, Awarded):
        return f"{_name(tournament, entry.player)}: {entry.points:g}", entry.reason
    if isinstance(entry, RatingDecided):
        rated = _("rated") if entry.rated else _("not rated")
        return f"{_('table')} {entry.table}: {rated}", entry.reason
    if isinstance(entry, ResultEntered):
        places = " | ".join(place_words(entry, seat) for seat in range(len(entry.places)))
        lots = lot_words(entry)
        return f"{_('table')} {entry.table}: {places}" + (f" {lots}" if lots else ""), entry.note
    return "", ""
