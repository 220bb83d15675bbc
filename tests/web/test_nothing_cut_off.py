"""Nothing cut off or covered, at 1280×800 and on a 390×844 phone, in de, en and fr:
bounding boxes of the boards' words, the referee's pass button beside MÄDN's status,
Mahé's words beside the dice, Mabula's target dots beside the marbles' letters, words
of at least 8 px and touch targets of at least 32 px on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.web.conftest import People
from tests.web.flows import (
    CLICKABLE,
    click_a_move,
    create_table_by_api,
    sign_in_as_guest,
    wait_for_current_board,
)

AI = {"kind": "ai", "level": "easy"}
TOUCH = 32

# Every word of the board inside the picture; boxes that must not meet: (these, those).
CHECK = """([apart]) => {
    const svg = document.querySelector('.board-box svg');
    const frame = svg.getBoundingClientRect();
    const box = (e) => e.getBoundingClientRect();
    const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
        && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const problems = [];
    for (const word of svg.querySelectorAll('text')) {
        const r = box(word);
        if (!r.width) continue;
        if (r.left < frame.left - 1 || r.right > frame.right + 1
            || r.top < frame.top - 1 || r.bottom > frame.bottom + 1) {
            problems.push(`outside the board: ${word.textContent}`);
        }
    }
    if (apart) {
        for (const a of svg.querySelectorAll(apart[0])) {
            for (const b of svg.querySelectorAll(apart[1])) {
                const group = a.closest('.move');
                if (a.contains(b) || b.contains(a) || (group && group === b.closest('.move'))) {
                    continue;
                }
                if (meet(box(a), box(b))) {
                    problems.push(`covered: ${a.textContent} / ${b.textContent || b.tagName}`);
                }
            }
        }
    }
    return problems;
}"""

SMALL_TARGETS = """([least]) => {
    const small = [];
    const targets = document.querySelectorAll([
        'header a, header select, main button, main select, main input',
        'main a.button, main summary, .board-box svg .move',
    ].join(', '));
    for (const target of targets) {
        // A box in a label is tapped through its label.
        const tapped = target.matches('input[type=checkbox]') ? target.closest('label') : null;
        const r = (tapped || target).getBoundingClientRect();
        if (!r.width || target.closest('[hidden], dialog:not([open])')) continue;
        if (target.closest('.board-box g.hand')) continue;  // D&G's fan: the move list serves
        if (r.height < least || r.width < least) {
            const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
            small.push(`${target.tagName} ${target.textContent.trim().slice(0, 30)} ${size}`);
        }
    }
    return small;
}"""


READABLE = 8
"""The least height in px of a board's word on a phone (David & Goliath's were 6). Mahé's
turtle letters are marks on a coloured disc, not words to read, and are left out."""
SMALLEST_WORD = """() => Math.min(...[...document.querySelectorAll('.board-box svg text')]
    .filter((word) => word.textContent.trim() && !word.closest('[data-turtle]'))
    .map((word) => word.getBoundingClientRect().height).filter((height) => height > 0))"""

FIELD_READABLE = 9
"""The least height in px of a Mahé field's number on a phone (they were 7-8 px)."""
FIELD_NUMBERS = """() => Math.min(...[
    ...document.querySelectorAll('.board-box svg text[data-field]')]
    .map((number) => number.getBoundingClientRect().height))"""


def _wait_for(page: Page, selector: str, *, clicks: int = 12) -> None:
    """Play on until the board shows `selector` (a position of the kind to check)."""
    for _click in range(clicks):
        page.wait_for_selector(CLICKABLE)
        wait_for_current_board(page)
        if page.locator(selector).count():
            return
        click_a_move(page)
    raise AssertionError(f"the board never showed {selector}")


TABLES: list[tuple[str, list[dict[str, Any]], dict[str, Any], str, tuple[str, str] | None]] = [
    # game, seats, options, what the board must show, boxes that must stay apart
    (
        "madn",
        [{"kind": "me"}, AI, AI, AI],
        {"duties": "penalized"},
        "[data-move=pass]",
        ("text", "[data-move=pass] rect"),
    ),
    (
        "mahe",
        [{"kind": "me"}, AI, AI],
        {},
        "[data-moves='roll;stop']",
        ("text", "[data-moves='roll;stop'] rect.hot"),
    ),
    (
        "mabula",
        [{"kind": "me"}, AI],
        {},
        "[data-moves]",
        ("[data-marble] text", "g.move > circle[fill='#1b7cff']"),
    ),
    ("david_goliath", [{"kind": "me"}, AI, AI, AI, AI, AI], {}, ".hand [data-move]", None),
]


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_no_word_is_cut_off_or_covered_in_any_language(
    people: People, artifacts: Path, width: int, height: int
) -> None:
    ana = people("en-GB", width=width)
    page = sign_in_as_guest(ana, "Ana")
    page.set_viewport_size({"width": width, "height": height})
    problems: list[str] = []
    for game, seats, options, wanted, apart in TABLES:
        table = create_table_by_api(ana, game, seats, options=options)
        page.goto(f"{ana.base}/#/table/{table}")
        _wait_for(page, f".board-box svg {wanted}")
        for code in ("de", "en", "fr"):
            page.select_option("#language", code)
            page.wait_for_function(
                f"document.querySelector('.board-box svg')?.getAttribute('lang') === '{code}'"
            )
            found = page.evaluate(CHECK, [list(apart) if apart else None])
            problems += [f"{game} {code} {width}: {problem}" for problem in found]
            if page.evaluate("document.documentElement.scrollWidth") > width:
                problems.append(f"{game} {code} {width}: the page scrolls sideways")
            if width < 500:
                smallest = page.evaluate(SMALLEST_WORD)
                if smallest < READABLE:
                    problems.append(f"{game} {code}: a word of the board {smallest:.0f} px high")
                if game == "mahe":
                    numbers = page.evaluate(FIELD_NUMBERS)
                    if numbers < FIELD_READABLE:
                        problems.append(f"mahe {code}: a field's number {numbers:.1f} px high")
                small = page.evaluate(SMALL_TARGETS, [TOUCH])
                problems += [f"{game} {code}: touch target under {TOUCH} px: {s}" for s in small]
            page.locator(".board-box").screenshot(
                path=str(artifacts / f"fit-{game}-{code}-{width}.png")
            )
        page.select_option("#language", "en")
    assert problems == [], "\n".join(problems)


# Every header cell of the standings on the page; on a phone it may be inside a part that
# scrolls sideways, takes the keyboard's focus and can bring the cell into view, at 1280 px
# (`fits`) the table fits its box.
STANDINGS_REACHABLE = """([width, fits]) => {
    const problems = [];
    const cells = document.querySelectorAll('.standings thead th');
    if (!cells.length) return ['no standings'];
    for (const cell of [...cells].reverse()) {
        const r = cell.getBoundingClientRect();
        const name = cell.textContent.trim();
        let box = cell.parentElement;
        while (box && box !== document.body) {
            const style = getComputedStyle(box);
            if (['auto', 'scroll'].includes(style.overflowX)
                && box.scrollWidth > box.clientWidth + 1) break;
            box = box.parentElement;
        }
        if (!box || box === document.body) {
            if (r.left < -1 || r.right > width + 1) problems.push(`off the page: ${name}`);
            continue;
        }
        if (fits) {
            const wide = `${box.scrollWidth} > ${box.clientWidth} px`;
            problems.push(`the standings scroll sideways (${wide}): ${name}`);
            break;
        }
        const frame = box.getBoundingClientRect();
        if (frame.left < -1 || frame.right > width + 1) {
            problems.push(`its scrolling part leaves the page: ${name}`);
        }
        if (box.tabIndex < 0) problems.push(`no keyboard focus for the part with: ${name}`);
        const from = r.left - frame.left + box.scrollLeft;
        if (from + r.width > box.scrollWidth + 1) problems.push(`beyond the scrolling: ${name}`);
    }
    return problems;
}"""


def _post(page: Page, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = page.evaluate(
        """([path, body]) => fetch(path, {method: "POST", headers: {"Content-Type":
        "application/json"}, body: JSON.stringify(body)}).then((r) => r.json())""",
        [path, body],
    )
    return answer


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_directors_standings_show_every_column(
    people: People, artifacts: Path, width: int, height: int
) -> None:
    """A championship's director after two rounds: the standings' last tie-break column
    ("Erste Plätze") was cut off on the right at 1280 px."""
    page = sign_in_as_guest(people("de-DE", width=width), "Leitung")
    page.set_viewport_size({"width": width, "height": height})
    made = _post(
        page,
        "/api/tournaments",
        {"name": "Landesmeisterschaft", "seed": "breit", "rounds": 4, "preset": "championship"},
    )
    tid = str(made["id"])
    for name in ("Annegret Kowalczyk", "Bernd", "Clara", "Dieter", "Emil", "Frieda"):
        _post(page, f"/api/tournaments/{tid}/players", {"name": name})
        _post(page, f"/api/tournaments/{tid}/players", {"name": f"{name} II"})
    for number in (1, 2):
        seated = _post(page, f"/api/tournaments/{tid}/rounds", {"online": False})
        for table in seated["rounds"][-1]["tables"]:
            places = list(range(1, len(table["seats"]) + 1))
            _post(
                page,
                f"/api/tournaments/{tid}/rounds/{number}/tables/{table['number']}",
                {"places": places},
            )
    _post(page, f"/api/tournaments/{tid}/rounds", {"online": False})
    page.goto(page.url.split("#")[0] + f"#/tournament/{tid}")
    page.wait_for_selector("section.director")
    problems: list[str] = []
    for code in ("de", "fr"):
        page.select_option("#language", code)
        page.wait_for_function(f"document.documentElement.lang === '{code}'")
        page.wait_for_selector(".standings thead th")
        found = page.evaluate(STANDINGS_REACHABLE, [width, width >= 1200])
        problems += [f"{code} {width}: {problem}" for problem in found]
        if page.evaluate("document.documentElement.scrollWidth") > width:
            problems.append(f"{code} {width}: the page scrolls sideways")
        page.screenshot(
            path=str(artifacts / f"director-standings-{code}-{width}.png"), full_page=True
        )
        page.locator(".standings").screenshot(
            path=str(artifacts / f"director-standings-only-{code}-{width}.png")
        )
    assert problems == [], "\n".join(problems)
