"""CSV exports of results and standings, one row per seat or player, for the spreadsheets
of the current language (core/spreadsheet: separator, decimal sign, byte-order mark):
headers and values in words, English headers are the column ids."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from typing import Any

from spieltisch.core.i18n import N_
from spieltisch.core.spreadsheet import cell, spreadsheet_csv
from spieltisch.tournament.ledger import ResultEntered
from spieltisch.tournament.messages import _
from spieltisch.tournament.points import result_points
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


def _figures(figures: Mapping[str, Any] | None) -> str:
    """A stopped game's figures in words ("Ziel: 4 3; Bahn: 1"), not JSON."""
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
        parts.append(f"{labels.get(name, name)}: {shown}")
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


def results_csv(tournament: Tournament) -> str:
    """Every seat of every table with a result; byes as rows with table 0."""
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
                        tournament.players[player].name,
                        result.places[seat],
                        table_points[seat],
                        _how(
                            result.how if result.outcome(seat) == "played" else result.outcome(seat)
                        ),
                        _figures(figures),
                        " ".join(result.lots),
                        result.by,
                        result.at.isoformat(),
                        corrections,
                    )
                )
        for player in played.byes:
            name = tournament.players[player].name
            bye = tournament.bye_points()
            rows.append((played.number, 0, "", "", player, name, "", bye, _how("bye")))
        for player, award in played.awarded.items():
            name = tournament.players[player].name
            rows.append((played.number, 0, "", "", player, name, "", award.points, _how("awarded")))
    return spreadsheet_csv(_header(RESULT_COLUMNS), rows)


def standings_csv(tournament: Tournament, through: int | None = None) -> str:
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
    return spreadsheet_csv(_header(STANDING_COLUMNS), rows)


LOT_SOURCE_WORDS = {
    "drawn": N_("drawn now"),
    "kept": N_("kept (tied figures unchanged)"),
    "table": N_("drawn at the table"),
}


def lot_words(entry: ResultEntered) -> str:
    """The entry's lots, each with where it came from: `lot:2,4 (drawn now)`."""
    words = []
    for index, lot in enumerate(entry.lots):
        source = entry.lot_sources[index] if index < len(entry.lot_sources) else None
        words.append(f"{lot} ({_(LOT_SOURCE_WORDS[source])})" if source else lot)
    return " ".join(words)


CORRECTION_COLUMNS = (
    "round",
    "table",
    "entry",
    "entered_by",
    "entered_at",
    "how",
    "places",
    "figures",
    "lots",
    "lot_drawn",
    "note",
)


def corrections_csv(tournament: Tournament) -> str:
    """Every result ever entered, one row per entry, oldest first per table: the first
    entry of a table is 1, each later one a correction (who, when, the note, the places
    and figures before and after, whether the lot was drawn again)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CORRECTION_COLUMNS)
    for played in tournament.rounds:
        for table in range(1, len(played.tables) + 1):
            for number, entry in enumerate(tournament.audit(played.number, table), start=1):
                writer.writerow(
                    (
                        played.number,
                        table,
                        number,
                        entry.by,
                        entry.at.isoformat(),
                        entry.how,
                        ",".join(
                            str(place) if entry.outcome(seat) == "played" else entry.outcome(seat)
                            for seat, place in enumerate(entry.places)
                        ),
                        json.dumps(entry.figures, sort_keys=True) if entry.figures else "",
                        " ".join(entry.lots),
                        " ".join(entry.lot_sources),
                        entry.note,
                    )
                )
    return out.getvalue()
