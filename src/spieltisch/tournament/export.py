"""CSV exports of results and standings, one row per seat or player, for spreadsheets."""

from __future__ import annotations

import csv
import io
import json

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
            )
        )
    return out.getvalue()
