"""Icons are drawn as SVG (static/icons.js), never as emoji or symbol characters: ⏱, ⏮
and ⏭ showed as empty boxes where no emoji font is installed (issue 45). No page script,
style sheet, page, board picture or catalog holds a character of Unicode's Miscellaneous
Technical block (⏱ ⏮ ⏭ ⌛) or of the emoji planes; the letters and shapes the boards use
to tell colours apart (▲ ● ■ ◆ ★, ✓) are ordinary text symbols of the page's font."""

from __future__ import annotations

import re
from pathlib import Path

import spieltisch

PACKAGE = Path(spieltisch.__file__).parent
ICONLIKE = re.compile("[\u2300-\u23ff\U0001f000-\U0001faff]")
SHOWN = [
    *sorted((PACKAGE / "web" / "static").rglob("*.js")),
    *sorted((PACKAGE / "web" / "static").rglob("*.css")),
    *sorted((PACKAGE / "web" / "static").rglob("*.html")),
    *sorted(PACKAGE.glob("games/*/svg.py")),
    *sorted(PACKAGE.glob("tournament/templates/*")),
    *sorted(PACKAGE.rglob("locale/*.po")),
]


def test_no_icon_is_a_character() -> None:
    assert len(SHOWN) > 40
    found = []
    for path in SHOWN:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//", 1)[0] if path.suffix == ".js" else line
            if path.suffix == ".py":
                code = code.split("#", 1)[0]
            for match in ICONLIKE.finditer(code):
                found.append(
                    f"{path.relative_to(PACKAGE)}:{number}: {match[0]!r} in {line.strip()[:80]}"
                )
    assert not found, "\n".join(found)


def test_the_check_sees_an_icon_character() -> None:
    assert ICONLIKE.search("Replay ⏮") and ICONLIKE.search("⏱ 5:00") and ICONLIKE.search("🎲")
    assert not ICONLIKE.search("★ ▲ ● ■ ◆ ✓ ▶ · — ×")
