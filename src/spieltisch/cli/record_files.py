"""Files of game records as people have them: one record (JSON) or many, one per line
(JSON Lines, as `simulate --out` writes them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from spieltisch.cli.messages import _
from spieltisch.core import RecordError


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every record in the file, in order; RecordError naming the line that is not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise RecordError(
            _("cannot read {path}: {reason}").format(path=str(path), reason=reason)
        ) from None
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict):
        return [whole]
    records: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(
                _("line {line} of {path} is not a JSON record ({reason})").format(
                    line=number, path=str(path), reason=exc.msg
                )
            ) from None
        if not isinstance(data, dict):
            raise RecordError(
                _("line {line} of {path} is not a JSON record").format(line=number, path=str(path))
            )
        records.append(data)
    if not records:
        raise RecordError(_("{path} holds no game record").format(path=str(path)))
    return records
