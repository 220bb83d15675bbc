"""CSV that the spreadsheets of the reader's language open as a table at once.

German and French spreadsheets (Excel, LibreOffice) read a comma as the decimal sign, so
their CSV separates fields with a semicolon, writes "1,5", and starts with a byte-order
mark so Excel takes the file as UTF-8 ("Groß", not "GroÃŸ"). English keeps the plain
comma-separated file without a mark. Cells are formatted here: numbers with the
language's decimal sign and no grouping, booleans as the language's yes and no.

Text comes from people (a guest's name, a tournament's title), and a spreadsheet runs a
cell that begins with `=`, `+`, `-` or `@` as a formula (`=HYPERLINK(...)`, or worse):
such text is written with a leading apostrophe, as OWASP's advice on CSV injection has
it, and the workbooks store it as text (`workbook.py`).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from babel.numbers import format_decimal

from spieltisch.core.i18n import get_language
from spieltisch.core.messages import _

BYTE_ORDER_MARK = "\ufeff"
DECIMAL_COMMA_LANGUAGES = frozenset({"de", "fr"})


def separator() -> str:
    """The field separator the current language's spreadsheets expect."""
    return ";" if get_language() in DECIMAL_COMMA_LANGUAGES else ","


def cell(value: object) -> str:
    """One value as the current language's spreadsheet reads it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int | float):
        # A hyphen-minus, not U+2212: a spreadsheet reads only that as a negative number.
        text: str = format_decimal(value, format="0.###", locale=get_language())
        return text
    return str(value)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell's text as a formula (OWASP, CSV injection)."""


def not_a_formula(text: str) -> str:
    """Text a spreadsheet shows as it is: one that would start a formula gets a leading
    apostrophe (a lone "-" or "+" starts none)."""
    if (len(text) > 1 and text.startswith(FORMULA_STARTS)) or text.startswith(("=", "@")):
        return "'" + text
    return text


def _csv_cell(value: object) -> str:
    text = cell(value)
    return not_a_formula(text) if isinstance(value, str) else text


def spreadsheet_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A CSV file of `rows` under `header` for the current language's spreadsheets (text
    that would run as a formula made plain text)."""
    out = io.StringIO()
    if get_language() in DECIMAL_COMMA_LANGUAGES:
        out.write(BYTE_ORDER_MARK)
    writer = csv.writer(out, delimiter=separator(), lineterminator="\n")
    writer.writerow([not_a_formula(title) for title in header])
    for row in rows:
        writer.writerow([_csv_cell(value) for value in row])
    return out.getvalue()
