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
HEADER = re.compile(r"^Your move\. (\d+|One) moves?\.$")

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


def _play_turns(people: People, verbosity: str, pace: str, heard: str) -> list[dict[str, Any]]:
    """Ana plays #1 against the computer at Mabula for `TURNS` turns, the announcer set to
    `verbosity` and `pace`; each turn waits until a line `heard` (a JS test of `a.text`,
    e.g. "includes('Your move.')") has been said once more. What it added, in order."""
    ana = people("en-GB")
    ana.context.add_init_script(
        f"localStorage.setItem('spieltisch.verbosity', '{verbosity}');"
        f"localStorage.setItem('spieltisch.pace', '{pace}');" + WATCH
    )
    sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI])
    page = ana.page
    page.goto(f"{ana.base}/#/table/{table}")
    for turn in range(1, TURNS + 1):
        page.wait_for_function(
            f"(turns) => window.heardAdditions.filter((a) => a.text.{heard}).length >= turns",
            arg=turn,
        )
        if turn < TURNS:
            page.fill("#typed-move", "#1")
            page.press("#typed-move", "Enter")
    return _additions(page)


def test_announcer_bursts(people: People) -> None:
    additions = _play_turns(people, "moves", "fast", "includes('Your move.')")
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
            count = 1 if header.group(1) == "One" else int(header.group(1))
            items = lines[index + 1 : index + 1 + count]
            numbers = [int(item.split(".", 1)[0]) for item in items]
            assert numbers == list(range(1, count + 1)), addition["text"][:400]
            lists += 1
    assert lists >= TURNS
    # Each addition at least 250 ms after the one before (performance.now may round).
    gaps = [later["at"] - earlier["at"] for earlier, later in itertools.pairwise(additions)]
    assert min(gaps) >= 245, gaps


DASH = re.compile(r"\s+—\s+")
HINTS = {
    "de": "Seine Nummer in der Liste, etwa #3; seine Worte; oder seine Kurzform",
    "fr": "Son numéro dans la liste, par exemple #3\u202f; ses mots\u202f;",
    "en": "Its number in the list, such as #3; its words; or its short form",
}


def _said_as(words: str) -> str:
    """A move's words on the page as the announcer says them: a comma for the dash, a
    full stop at the end."""
    said = DASH.sub(", ", words)
    return said if re.search(r"[.!?…][”»)]?$", said) else said + "."


def test_spoken_wording(people: People) -> None:
    """What a screen reader says of a German Mahé table: the dash between a move and what
    it did as a comma (Orca said nothing for it: "dé trois plus de sept"), each listed
    move with its capital (espeak-ng read "1. stopp" as "erste stopp"), "Ein Zug", not
    "1 Zug" ("eins Zug"), and the move box's hint without brackets ("Runde Klammer auf,
    Nummernzeichen 3…") in each language."""
    ana = people("de-DE")
    ana.context.add_init_script(
        "localStorage.setItem('spieltisch.verbosity', 'moves');"
        "localStorage.setItem('spieltisch.pace', 'fast');" + WATCH
    )
    sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mahe", [{"kind": "me"}, AI])
    page = ana.page
    page.goto(f"{ana.base}/#/table/{table}")
    dashes = 0
    for turn in range(1, 7):
        page.wait_for_function(
            "(turns) => window.heardAdditions"
            ".filter((a) => a.text.includes('Du bist am Zug.')).length >= turns"
            " || document.querySelector('section.end:not([hidden])')",
            arg=turn,
        )
        shown = page.eval_on_selector_all(
            ".move-list button", "buttons => buttons.map(b => b.textContent)"
        )
        if not shown:  # the game is over
            break
        lines = next(
            addition["lines"]
            for addition in reversed(_additions(page))
            if "Du bist am Zug." in addition["text"]
        )
        start = next(n for n, line in enumerate(lines) if line.startswith("Du bist am Zug."))
        count = len(shown)
        moves = "Ein Zug." if count == 1 else f"{count} Züge."
        assert lines[start] == f"Du bist am Zug. {moves}", lines
        items = lines[start + 1 : start + 1 + count]
        assert items == [f"{n}. {_said_as(words)}" for n, words in enumerate(shown, 1)]
        for item in items:
            assert item.split(". ", 1)[1][0].isupper(), item
        dashes += sum(" — " in words for words in shown)
        page.fill("#typed-move", "#1" if turn % 2 else f"#{count}")
        page.press("#typed-move", "Enter")
    assert dashes, "no move with a result was listed"
    said = " ".join(addition["text"] for addition in _additions(page))
    assert "—" not in said, said
    assert "1 Zug" not in said, said
    for language in ("de", "fr", "en"):
        if language != "de":
            page.select_option("#language", language)
        hint = page.locator("#typed-move-hint")
        hint.filter(has_text=HINTS[language]).wait_for(state="attached")
        assert not re.search(r"[()\[\]]", hint.text_content() or ""), hint.text_content()


def test_only_whose_turn_it_is_calmly(people: People) -> None:
    """*Announce: only whose turn it is* says whose turn it is, the others' turns too
    ("Black · computer (easy) to move.", it said only "Your move." before), and no move
    or roll; *Pace: calmly* adds one line at a time, at least 0.7 s apart."""
    additions = _play_turns(people, "turn", "calm", "startsWith('Your move.')")
    said = [addition["text"] for addition in additions]
    assert all(len(addition["lines"]) == 1 for addition in additions), said
    others = [line for line in said if line == "Black · computer (easy) to move."]
    assert len(others) >= TURNS - 1, said
    assert all(HEADER.match(line) or line in others for line in said), said
    gaps = [later["at"] - earlier["at"] for earlier, later in itertools.pairwise(additions)]
    assert min(gaps) >= 695, gaps
