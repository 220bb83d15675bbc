"""The player registry's files: the club's members read from a CSV file and written to one.

A file to import has a header row naming its columns: `name` (required) and
`club_number` (optional), in English or in the words the export of de, en or fr uses
("Name", "Mitgliedsnummer"...); other columns are ignored, so an export can be imported
again. The separator (comma or semicolon) and a byte-order mark are recognised. A row
whose club number is known updates that member's name; any other row is a new member.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from spieltisch.core.i18n import N_, language
from spieltisch.core.identity import PlayerId
from spieltisch.core.spreadsheet import spreadsheet_csv
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.messages import _

MEMBER_COLUMNS = ("member", "club_number", "name", "identity", "account", "forgotten")
COLUMN_WORDS: dict[str, str] = {
    "member": N_("member"),
    "club_number": N_("club_number"),
    "name": N_("name"),
    "identity": N_("identity"),
    "account": N_("account"),
    "forgotten": N_("forgotten"),
}
"""Each column's header in the reader's language (the English ones are the ids)."""
MAX_ROWS = 5000
"""A registry file longer than this is refused (a club, not a city)."""


@dataclass(frozen=True)
class Member:
    """One person of the club, as the registry keeps them."""

    number: int
    name: str
    club_number: str | None
    identity: str
    account: int | None
    forgotten: bool

    @property
    def rating_ids(self) -> set[str]:
        """Every rating id under which this person played: the hall identity, the account."""
        ids = {self.identity}
        if self.account is not None:
            ids.add(str(PlayerId.of_account(self.account)))
        return ids


@dataclass(frozen=True)
class Row:
    """A member as a file to import gives them."""

    line: int
    name: str
    club_number: str | None


def forgotten_name(number: int) -> str:
    """What a member's name becomes when their data is removed: N.N. (nomen nescio) and
    their number in the registry, so tables and printouts stay readable."""
    return f"N.N. {number}"


def names_for(players: Mapping[int, str], numbers: Collection[int], registered: str) -> set[str]:
    """The words that name a removed person in a tournament's reasons and notes: their
    full names there and in the registry, and each first name no other player of that
    tournament shares ("Jürgen kam später"; with two Annas, "Anna" stays)."""
    names = {players[number] for number in numbers} | {registered}
    others = [name for number, name in players.items() if number not in numbers]
    taken = {name.split()[0].casefold() for name in others if name.split()}
    firsts = {
        name.split()[0]
        for name in names
        if len(name.split()) > 1 and name.split()[0].casefold() not in taken
    }
    return {name for name in names | firsts if len(name) > 1}


def members_csv(members: Sequence[Member]) -> str:
    """The registry for the current language's spreadsheets."""
    header = [_(COLUMN_WORDS[column]) for column in MEMBER_COLUMNS]
    rows = [
        (m.number, m.club_number or "", m.name, m.identity, m.account or "", m.forgotten)
        for m in members
    ]
    return spreadsheet_csv(header, rows)


def _column_names() -> dict[str, str]:
    """Every header a column may have (any case): the ids and their de/en/fr words."""
    names = {}
    for column, words in COLUMN_WORDS.items():
        names[column.casefold()] = column
        for code in ("de", "en", "fr"):
            with language(code):
                names[_(words).casefold()] = column
    return names


def read_members(text: str) -> list[Row]:
    """The rows of a registry file; TournamentError naming the line and what is wrong
    (no header with a name column, an empty name, a club number twice, too many rows)."""
    text = text.lstrip("\ufeff")
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    header = next(reader, None)
    if header is None:
        raise TournamentError(_("the file is empty: give a header row with a name column"))
    known = _column_names()
    columns = [known.get(cell.strip().casefold()) for cell in header]
    if "name" not in columns:
        raise TournamentError(
            _(
                "no name column in the header row {header}: name the columns name and club_number"
            ).format(header=repr(delimiter.join(header)))
        )
    rows: list[Row] = []
    seen: dict[str, int] = {}
    for line, cells in enumerate(reader, start=2):
        if not any(cell.strip() for cell in cells):
            continue
        values = {
            col: " ".join("".join(ch for ch in cell if ch.isprintable()).split())
            for col, cell in zip(columns, cells, strict=False)
            if col
        }  # control characters out: a spreadsheet cannot hold them
        name = values.get("name", "")
        if not name:
            raise TournamentError(_("line {line}: the name is empty").format(line=line))
        if len(name) > 120:
            raise TournamentError(
                _("line {line}: a name has at most 120 characters").format(line=line)
            )
        number = values.get("club_number") or None
        if number is not None:
            if len(number) > 40:
                raise TournamentError(
                    _("line {line}: a club number has at most 40 characters").format(line=line)
                )
            if number in seen:
                raise TournamentError(
                    _("line {line}: club number {number} is on line {first} already").format(
                        line=line, number=number, first=seen[number]
                    )
                )
            seen[number] = line
        rows.append(Row(line, name, number))
        if len(rows) > MAX_ROWS:
            raise TournamentError(
                _("the file has too many members: at most {count}").format(count=MAX_ROWS)
            )
    return rows
