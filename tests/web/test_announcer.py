"""The announcer's live region as a screen reader gets it (issue 45): at the pace "at
once" the lines that arrive together (whose turn, then the list of moves) go in as one
paragraph, a sentence per line, and each addition comes at least 250 ms after the one
before. Added line by line with nothing between, Orca 43 said Mabula's long lists
scrambled and dropped part of them (5 of 12 lists heard whole)."""

from __future__ import annotations

import itertools
import re
from typing import Any

from tests.web.conftest import People
from tests.web.flows import create_table_by_api, sign_in_as_guest

AI = {"kind": "ai", "level": "easy"}
HEADER = re.compile(r"^Your move\. (\d+) moves?\.$")

# Every addition to the live region, with when it came (a MutationObserver sees what the
# accessibility tree is told: nodes added to the region).
WATCH = """
window.heardAdditions = [];
new MutationObserver((records) => {
  for (const record of records) {
    if (!(record.target instanceof Element) || !record.target.matches('.announcer')) continue;
    for (const node of record.addedNodes) {
      window.heardAdditions.push({
        at: performance.now(),
        tag: node.nodeName,
        lines: [...(node.querySelectorAll ? node.querySelectorAll('span') : [])]
          .map((s) => s.textContent),
        text: node.textContent,
      });
    }
  }
}).observe(document, { childList: true, subtree: true });
"""

TURNS = 3


def _additions(page: Any) -> list[dict[str, Any]]:
    additions: list[dict[str, Any]] = page.evaluate("window.heardAdditions")
    return additions


def test_announcer_bursts(people: People) -> None:
    ana = people("en-GB")
    ana.context.add_init_script(
        "localStorage.setItem('spieltisch.verbosity', 'moves');"
        "localStorage.setItem('spieltisch.pace', 'fast');" + WATCH
    )
    sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI])
    page = ana.page
    page.goto(f"{ana.base}/#/table/{table}")
    for turn in range(1, TURNS + 1):
        page.wait_for_function(
            "(turns) => window.heardAdditions.filter((a) => a.text.includes('Your move.')).length"
            " >= turns",
            arg=turn,
        )
        if turn < TURNS:
            page.fill("#typed-move", "#1")
            page.press("#typed-move", "Enter")
    additions = _additions(page)
    assert additions and all(addition["tag"] == "P" for addition in additions), additions
    # Whose turn and its whole list, in order, in one paragraph: a sentence per line.
    lists = 0
    for addition in additions:
        lines = addition["lines"]
        assert addition["text"] == " ".join(lines), addition
        assert all(re.search(r"[.!?…][”»)]?$", line) for line in lines), lines
        for index, line in enumerate(lines):
            header = HEADER.match(line)
            if not header:
                continue
            count = int(header.group(1))
            items = lines[index + 1 : index + 1 + count]
            numbers = [int(item.split(".", 1)[0]) for item in items]
            assert numbers == list(range(1, count + 1)), addition["text"][:400]
            lists += 1
    assert lists >= TURNS
    # Each addition at least 250 ms after the one before (performance.now may round).
    gaps = [later["at"] - earlier["at"] for earlier, later in itertools.pairwise(additions)]
    assert min(gaps) >= 245, gaps
