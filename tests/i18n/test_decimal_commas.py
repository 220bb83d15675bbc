"""German and French write decimals with a comma, in the catalogs' own sentences and in
the defaults `--help` shows (issue 46: "Vorgabe: 0.8")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import spieltisch
from spieltisch.cli.app import app
from spieltisch.cli.usage_texts import run
from spieltisch.core.i18n import language

CATALOGS = sorted(Path(spieltisch.__file__).parent.rglob("locale/*.po"))
DECIMAL_POINT = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: str(p.parent.parent.name) + p.stem)
def test_no_translation_writes_a_decimal_point(path: Path) -> None:
    with path.open("rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        if not message.id:
            continue  # the header
        strings = [message.string] if isinstance(message.string, str) else message.string or []
        found += [text for text in strings if text and DECIMAL_POINT.search(str(text))]
    assert not found, found


@pytest.mark.parametrize(("code", "default"), [("de", "Vorgabe: 0,8"), ("en", "default: 0.8")])
def test_help_writes_number_defaults_as_the_language_does(
    code: str, default: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    with language(code):
        exit_code = run(app, ["serve", "--help"])
    shown = capsys.readouterr().out
    assert exit_code == 0, shown
    assert default in shown
    assert "8000" in shown  # a port is not a quantity: no "8.000"
