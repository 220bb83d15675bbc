"""CSV exports of results and standings, one row per seat or player, for spreadsheets."""

from __future__ import annotations

import csv
import io
import json

from spieltisch.core.i18n import N_
from spieltisch.tournament.ledger import ResultEntered
from spieltisch.tournament.messages import _
from spieltisch.tournament.points import place_points
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
    "opponents",
    "firsts",
)


def results_csv(tournament: Tournament) -> str:
    """Every seat of every table with a result; byes as rows with table 0."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(RESULT_COLUMNS)
    points = tournament.settings.points
    for played in tournament.rounds:
        for index, table in enumerate(played.tables, start=1):
            result = played.results.get(index)
            if result is None:
                continue
            table_points = place_points(result.places, points)
            corrections = len(tournament.audit(played.number, index)) - 1
            for seat, player in enumerate(table):
                figures = result.figures[seat] if result.figures else None
                writer.writerow(
                    (
                        played.number,
                        index,
                        seat + 1,
                        tournament.seat_words(len(table), seat),
                        player,
                        tournament.players[player].name,
                        result.places[seat],
                        f"{table_points[seat]:g}",
                        result.how,
                        json.dumps(figures, sort_keys=True) if figures else "",
                        " ".join(result.lots),
                        result.by,
                        result.at.isoformat(),
                        corrections,
                    )
                )
        for player in played.byes:
            name = tournament.players[player].name
            bye = f"{tournament.bye_points():g}"
            writer.writerow((played.number, 0, "", "", player, name, "", bye, "bye"))
    return out.getvalue()


def standings_csv(tournament: Tournament, through: int | None = None) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDING_COLUMNS)
    for row in tournament.standings(through):
        writer.writerow(
            (
                row.rank,
                row.player,
                row.name,
                f"{row.points:g}",
                row.played,
                row.byes,
                f"{row.buchholz:g}",
                "-".join(map(str, row.countback)),
                row.mutual,
                "yes" if row.active else "no",
                " ".join("-" if p is None else f"{p:g}" for p in row.per_round),
                f"{row.opponents:.4f}",
                row.firsts,
            )
        )
    return out.getvalue()


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
                        ",".join(map(str, entry.places)),
                        json.dumps(entry.figures, sort_keys=True) if entry.figures else "",
                        " ".join(entry.lots),
                        " ".join(entry.lot_sources),
                        entry.note,
                    )
                )
    return out.getvalue()
