"""Files of game records as people have them: one record (JSON) or many, one per line
(JSON Lines, as `simulate --out` writes them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spieltisch.cli.messages import _, _n
from spieltisch.core import RecordError
from spieltisch.core.records import read_record


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every record in the file, in order; RecordError naming what (and which line) is
    wrong. A file of one record is read as the core reads any record."""
    try:
        return [read_record(path)]
    except RecordError as whole:
        problem = whole
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError, ValueError):
        raise problem from None
    numbered = [(number, line) for number, line in enumerate(lines, 1) if line.strip()]
    if len(numbered) < 2:
        raise problem
    records: list[dict[str, Any]] = []
    for number, line in numbered:
        try:
            if not line.lstrip().startswith("{"):
                raise RecordError(_("a record is a JSON object"))
            records.append(read_record(line))
        except RecordError as wrong:
            raise RecordError(
                _("line {line} of {path}: {reason}").format(line=number, path=path, reason=wrong)
            ) from None
    return records


def choose_record(path: Path, number: int | None) -> tuple[dict[str, Any], str | None]:
    """Game `number` (from 1) of the file, and a note for people when the file holds many
    and none was chosen (the first is taken); RecordError for a number past the end."""
    records = read_records(path)
    if number is not None and not 1 <= number <= len(records):
        raise RecordError(
            _n(
                "{path} holds {count} game: choose --game 1 to {count}",
                "{path} holds {count} games: choose --game 1 to {count}",
                len(records),
            ).format(path=str(path), count=len(records))
        )
    note = None
    if len(records) > 1 and number is None:
        note = _n(
            "{path} holds {count} game; this is game 1 (choose another with --game N).",
            "{path} holds {count} games; this is game 1 (choose another with --game N).",
            len(records),
        )
        note = note.format(path=str(path), count=len(records))
    return records[(number or 1) - 1], note
