"""A tournament or a season as one workbook: a sheet per table of the exports, written
as `.xlsx` (openpyxl) or `.ods` (odfpy), numbers kept as numbers.

A tournament's workbook holds the standings, the cross table, the results (every seat,
byes, points given), every result entered with its corrections, and the director's log
(registrations, swaps, undos, awards, withdrawals). A season's holds the season table,
then each evening's standings and results.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from spieltisch.core import formats
from spieltisch.core.spreadsheet import cell
from spieltisch.tournament.export import (
    Table,
    corrections_table,
    results_table,
    standings_table,
)
from spieltisch.tournament.messages import _
from spieltisch.tournament.printable import cross_rows
from spieltisch.tournament.season import SeasonRules, SeasonStanding
from spieltisch.tournament.steps_log import steps_table
from spieltisch.tournament.tournament import Tournament

Format = Literal["xlsx", "ods"]
MEDIA_TYPES: dict[str, str] = {
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
}
FORMATS: tuple[Format, ...] = ("xlsx", "ods")


@dataclass(frozen=True)
class Sheet:
    title: str
    header: list[str]
    rows: list[tuple[object, ...]]

    @classmethod
    def of(cls, title: str, table: Table) -> Sheet:
        return cls(title, *table)


def cross_table_sheet(tournament: Tournament) -> Table:
    """The cross table as rows: rank, number, name, points, then per round the table,
    place and points with the opponents' numbers."""
    rounds = len(tournament.rounds)
    header = [_("rank"), _("player"), _("name"), _("points")]
    header += [_("round {n}").format(n=number) for number in range(1, rounds + 1)]
    rows: list[tuple[object, ...]] = []
    for standing, cells in cross_rows(tournament, rounds):
        shown = []
        for met in cells:
            if met is None:
                shown.append("")
            elif met.get("opponents"):
                shown.append(f"{met['head']} – {met['opponents']}")
            else:
                shown.append(met["head"])
        rows.append((standing.rank, standing.player, standing.name, standing.points, *shown))
    return header, rows


def tournament_sheets(tournament: Tournament, names: Mapping[str, str]) -> list[Sheet]:
    return [
        Sheet.of(_("Standings"), standings_table(tournament)),
        Sheet.of(_("Cross table"), cross_table_sheet(tournament)),
        Sheet.of(_("Results"), results_table(tournament, names)),
        Sheet.of(_("Corrections"), corrections_table(tournament, names)),
        Sheet.of(_("Director's log"), steps_table(tournament, names)),
    ]


def season_rows(
    rules: SeasonRules, evenings: Sequence[str], table: Sequence[SeasonStanding]
) -> Table:
    """The season table: rank, name, member number, each evening's points, games, the sum
    of all evenings and the score of the method (best N: the sum counted; average: points
    per game)."""
    header = [_("rank"), _("name"), _("member"), *evenings, _("games"), _("total"), _("score")]
    rows: list[tuple[object, ...]] = []
    for row in table:
        rows.append(
            (row.rank, row.name, row.member, *row.evenings, row.games, row.total, row.score)
        )
    return header, rows


def season_sheets(
    name: str,
    rules: SeasonRules,
    evenings: Sequence[tuple[str, Tournament]],
    table: Sequence[SeasonStanding],
    names: Mapping[str, str],
) -> list[Sheet]:
    """The season table, then each evening's standings and results."""
    titles = [evening for evening, _tournament in evenings]
    sheets = [Sheet.of(name, season_rows(rules, titles, table))]
    for number, (_evening, tournament) in enumerate(evenings, start=1):
        sheets.append(Sheet.of(_("E{n} – standings").format(n=number), standings_table(tournament)))
        sheets.append(
            Sheet.of(_("E{n} – results").format(n=number), results_table(tournament, names))
        )
    return sheets


def _title(text: str, taken: set[str]) -> str:
    """A sheet name both formats take: at most 31 characters, none of []:*?/\\, unique."""
    clean = "".join(" " if ch in "[]:*?/\\" else ch for ch in text).strip()[:31] or "-"
    title, number = clean, 2
    while title.casefold() in taken:
        title = f"{clean[:27]} ({number})"
        number += 1
    taken.add(title.casefold())
    return title


def _plain(value: object) -> object:
    """A value as a cell holds it: numbers stay numbers, a boolean in words, text without
    the control characters neither format can hold (one in a guest's name made the
    whole `.xlsx` download fail)."""
    if isinstance(value, bool):
        return cell(value)
    if isinstance(value, str):
        return _CONTROL.sub("", value)
    return value


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def workbook(sheets: Sequence[Sheet], kind: Format) -> bytes:
    """The sheets as an `.xlsx` or `.ods` file."""
    return _xlsx(sheets) if kind == "xlsx" else _ods(sheets)


def _xlsx(sheets: Sequence[Sheet]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    book.remove(book.active)
    taken: set[str] = set()
    for sheet in sheets:
        page = book.create_sheet(_title(sheet.title, taken))
        page.append([_plain(title) for title in sheet.header])
        for heading in page[1]:
            heading.font = Font(bold=True)
        for row in sheet.rows:
            page.append([_plain(value) for value in row])
        for line in page.iter_rows():
            for one in line:
                if one.data_type == "f":  # text from people starting with "=": no formula
                    one.data_type = "s"
        page.freeze_panes = "A2"
        for column in page.columns:
            width = max(len(str(one.value or "")) for one in column)
            page.column_dimensions[column[0].column_letter].width = min(60, max(6, width + 2))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _ods(sheets: Sequence[Sheet]) -> bytes:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table as OdfTable
    from odf.table import TableCell, TableRow
    from odf.text import P

    document = OpenDocumentSpreadsheet()
    taken: set[str] = set()
    for sheet in sheets:
        table = OdfTable(name=_title(sheet.title, taken))
        for values in [sheet.header, *sheet.rows]:
            row = TableRow()
            for raw in values:
                value = _plain(raw)
                if isinstance(value, int | float):
                    written = TableCell(valuetype="float", value=value)
                    written.addElement(P(text=formats.number(value)))
                else:
                    written = TableCell(valuetype="string")
                    written.addElement(P(text="" if value is None else str(value)))
                row.addElement(written)
            table.addElement(row)
        document.spreadsheet.addElement(table)
    out = io.BytesIO()
    document.write(out)
    return out.getvalue()
