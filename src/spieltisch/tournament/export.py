"""CSV exports of results and standings, one row per seat or player, for the spreadsheets
of the current language (core/spreadsheet: separator, decimal sign, byte-order mark):
headers and values in words, English headers are the column ids."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spieltisch.core.i18n import N_, labelled
from spieltisch.core.spreadsheet import cell, spreadsheet_csv
from spieltisch.tournament.ledger import ResultEntered
from spieltisch.tournament.messages import _
from spieltisch.tournament.points import result_points
from spieltisch.tournament.results import lot_names, place_words
from spieltisch.tournament.tournament import Tournament

RESULT_COLUMNS = (
    "round",
    "table",
    "seat",
    "colour",
    "player",
    "name",
    "place",
    "points",
    "how",
    "figures",
    "lots",
    "entered_by",
    "entered_at",
    "corrections",
)
COLUMN_WORDS: dict[str, str] = {
    "round": N_("round"),
    "table": N_("table"),
    "seat": N_("seat"),
    "colour": N_("colour"),
    "player": N_("player"),
    "name": N_("name"),
    "place": N_("place"),
    "points": N_("points"),
    "how": N_("how"),
    "figures": N_("figures"),
    "lots": N_("lots"),
    "entered_by": N_("entered_by"),
    "entered_at": N_("entered_at"),
    "corrections": N_("corrections"),
    "rank": N_("rank"),
    "played": N_("played"),
    "byes": N_("byes"),
    "buchholz": N_("buchholz"),
    "countback": N_("countback"),
    "mutual": N_("mutual"),
    "active": N_("active"),
    "per_round": N_("per_round"),
    "entry": N_("entry"),
    "places_by_seat": N_("places_by_seat"),
    "lot_drawn": N_("lot_drawn"),
    "note": N_("note"),
}
"""Each column's header in the reader's language (the English ones are the ids)."""

HOW_WORDS: dict[str, str] = {
    "places": N_("places"),
    "stopped": N_("stopped"),
    "bye": N_("bye"),
    "forfeit": N_("forfeit"),
    "disqualified": N_("disqualified"),
    "awarded": N_("awarded"),
}
"""How a result came about, in words: a seat that did not play to the end says so instead
of how its table's result was entered; `awarded`: points the director gave for a round
the player was not seated in."""


def _header(columns: tuple[str, ...]) -> list[str]:
    return [_(COLUMN_WORDS[column]) for column in columns]


def _how(how: str) -> str:
    return _(HOW_WORDS[how]) if how in HOW_WORDS else how


def who(by: str, names: Mapping[str, str]) -> str:
    """Who took a step, by name: the server's `account:1` as the account's display name
    (`names`, from TournamentStore.actor_names); a name typed on the command line as is."""
    return names.get(by, by)


def figures_words(figures: Mapping[str, Any] | None) -> str:
    """A stopped game's figures in words ("Ziel: 4 3; Bahn: 1"), not JSON nor as typed
    on the command line (`4,3/1/27`, `done:1`)."""
    if not figures:
        return ""
    from spieltisch.tournament.printable import figure_labels

    labels = figure_labels()
    parts = []
    for name in sorted(figures):
        value = figures[name]
        if value is None or value == []:
            continue
        shown = " ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        parts.append(labelled(labels.get(name, name), shown))
    return "; ".join(parts)


STANDING_COLUMNS = (
    "rank",
    "player",
    "name",
    "points",
    "played",
    "byes",
    "buchholz",
    "countback",
    "mutual",
    "active",
    "per_round",
)


Table = tuple[list[str], list[tuple[object, ...]]]
"""A sheet's header (in the reader's language) and its rows of plain values: what a CSV
file and a workbook's sheet are written from."""


def results_csv(tournament: Tournament, names: Mapping[str, str] | None = None) -> str:
    """Every seat of every table with a result; byes as rows with table 0. `names` gives
    the people behind the ledger's `account:<id>` (TournamentStore.actor_names)."""
    return spreadsheet_csv(*results_table(tournament, names))


def results_table(tournament: Tournament, names: Mapping[str, str] | None = None) -> Table:
    """The rows of `results_csv`."""
    rows: list[tuple[object, ...]] = []
    points = tournament.settings.points
    for played in tournament.rounds:
        for index, table in enumerate(played.tables, start=1):
            result = played.results.get(index)
            if result is None:
                continue
            table_points = result_points(result.places, result.outcomes, points)
            corrections = len(tournament.audit(played.number, index)) - 1
            for seat, player in enumerate(table):
                figures = result.figures[seat] if result.figures else None
                rows.append(
                    (
                        played.number,
                        index,
                        seat + 1,
                        tournament.seat_words(len(table), seat),
                        player,
                        tournament.players[player].shown,
                        result.places[seat],
                        table_points[seat],
                        _how(
                            result.how if result.outcome(seat) == "played" else result.outcome(seat)
                        ),
                        figures_words(figures),
                        " ".join(result.lots),
                        who(result.by, names or {}),
                        result.at.isoformat(),
                        corrections,
                    )
                )
        for player in played.byes:
            name = tournament.players[player].shown
            bye = tournament.bye_points()
            rows.append((played.number, 0, "", "", player, name, "", bye, _how("bye")))
        for player, award in played.awarded.items():
            name = tournament.players[player].shown
            rows.append((played.number, 0, "", "", player, name, "", award.points, _how("awarded")))
    return _header(RESULT_COLUMNS), rows


def standings_csv(tournament: Tournament, through: int | None = None) -> str:
    return spreadsheet_csv(*standings_table(tournament, through))


def standings_table(tournament: Tournament, through: int | None = None) -> Table:
    """The rows of `standings_csv`."""
    rows: list[tuple[object, ...]] = []
    for row in tournament.standings(through):
        rows.append(
            (
                row.rank,
                row.player,
                row.name,
                row.points,
                row.played,
                row.byes,
                row.buchholz,
                "-".join(map(str, row.countback)),
                row.mutual,
                row.active,
                " ".join("-" if p is None else cell(p) for p in row.per_round),
            )
        )
    return _header(STANDING_COLUMNS), rows


LOT_SOURCE_WORDS = {
    "drawn": N_("drawn now"),
    "kept": N_("kept (tied figures unchanged)"),
    "table": N_("drawn at the table"),
}


def lot_words(entry: ResultEntered, names: Sequence[str] | None = None) -> str:
    """The entry's lots, each with where it came from: `lot:2,4 (drawn now)`, or with the
    table's names in seat order, `lot: Dora, Bernd (drawn now)` (best first)."""
    words = []
    for index, lot in enumerate(entry.lots):
        shown = lot_names(lot, names) if names else lot
        source = entry.lot_sources[index] if index < len(entry.lot_sources) else None
        words.append(f"{shown} ({_(LOT_SOURCE_WORDS[source])})" if source else shown)
    return " ".join(words)


CORRECTION_COLUMNS = (
    "round",
    "table",
    "entry",
    "entered_by",
    "entered_at",
    "how",
    "places_by_seat",
    "figures",
    "lots",
    "lot_drawn",
    "note",
)


def corrections_csv(tournament: Tournament, names: Mapping[str, str] | None = None) -> str:
    """Every result ever entered, one row per entry, oldest first per table: the first
    entry of a table is 1, each later one a correction (who, when, the note, the places
    and figures as entered, where each lot came from). `names` as for results_csv."""
    return spreadsheet_csv(*corrections_table(tournament, names))


def corrections_table(tournament: Tournament, names: Mapping[str, str] | None = None) -> Table:
    """The rows of `corrections_csv`."""
    rows: list[tuple[object, ...]] = []
    for played in tournament.rounds:
        for table in range(1, len(played.tables) + 1):
            for number, entry in enumerate(tournament.audit(played.number, table), start=1):
                figures = entry.figures or ()
                rows.append(
                    (
                        played.number,
                        table,
                        number,
                        who(entry.by, names or {}),
                        entry.at.isoformat(),
                        _how(entry.how),
                        " | ".join(place_words(entry, seat) for seat in range(len(entry.places))),
                        " | ".join(figures_words(one) for one in figures),
                        " ".join(entry.lots),
                        " ".join(_(LOT_SOURCE_WORDS[s]) for s in entry.lot_sources if s),
                        entry.note,
                    )
                )
    return _header(CORRECTION_COLUMNS), rows
