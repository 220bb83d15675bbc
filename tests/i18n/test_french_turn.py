"""French says whose turn it is one way everywhere: "à X de jouer" (issue 34: the app said
"doit jouer", the boards "au trait" and "Au tour de", the web page "au trait")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import spieltisch

PACKAGE = Path(spieltisch.__file__).parent
OTHER_WAYS = re.compile(r"\bau trait\b|\bdoit jouer\b|\b[Aa]u tour de\b|\bdoivent jouer\b")
OWNED_ELSEWHERE = {PACKAGE / "review" / "locale" / "fr.po"}
"""The review's catalog names "le joueur au trait" in its method note (left to its owner,
who is reworking the review in the same issue)."""
CATALOGS = sorted(set(PACKAGE.rglob("locale/fr.po")) - OWNED_ELSEWHERE)


@pytest.mark.parametrize(
    "catalog", CATALOGS, ids=lambda p: str(p.parent.parent.relative_to(PACKAGE))
)
def test_no_other_way_of_saying_whose_turn(catalog: Path) -> None:
    with catalog.open("rb") as handle:
        messages = read_po(handle)
    found = [str(m.string) for m in messages if m.id and OTHER_WAYS.search(str(m.string))]
    assert not found, found
