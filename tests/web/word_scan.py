"""What a German or French reader must never see on a page: English words from a list of
known leaks, raw ids, commands of the command line, sentences starting in lowercase,
decimal points in German numbers, a percentage without its space ("81%"); nor in the
words a page keeps out of sight until asked (placeholders, labels a screen reader reads,
tooltips, folded details); and no title, heading, button, log line or board label
starting in lowercase ("die Murmel auf h2 schieben", "relancer ou s'arrêter").

Used by tests/web/test_language_scan.py over every page in headless Chromium, and by hand:
`uv run python -m tests.web.word_scan http://127.0.0.1:8000` prints what it finds.
"""

from __future__ import annotations

import re
import sys
import time
from dataclasses import dataclass

from playwright.sync_api import Page, sync_playwright

from tests.web.deadlines import WAIT_SECONDS

ENGLISH_LEAKS = (
    "easy",
    "medium",
    "hard",
    "random",
    "enforced",
    "penalized",
    "openspiel",
    "largest",
    "product",
    "groups",
    "turtles_per_player",
    "Input should be",
    "seat",
    "points",
    "round",
    "table",
    "player",
    "yes",
    "true",
    "false",
    "None",
    "none",
    "null",
    "undefined",
    "NaN",
    "Seed",
    "auto",
    "pass",
    "OpenSkill",
    "sigma",
    "mu",
    "Notation",
    "endgame",
    "greedy",
    "ismcts",
    "alphabeta",
)
"""Words that leaked from code or English texts into German and French pages before."""

RAW_IDS = ("madn", "mahe", "david_goliath", "mabula", "account:", "guest:", "level:")

_COMMAND_LINE = re.compile(r"\bspieltisch [a-z]+ |(?<![\w-])--[a-z][\w-]*|\b(?:GET|POST) /api")
"""A command, its option or an HTTP request: a page speaks to people, not to a terminal
(a tournament directed from the command line says how to hand it over: not scanned)."""
_IDENTIFIER = re.compile(r"(?<![\w/#.:-])[a-z]+(?:_[a-z]+)+(?![\w/-])")
"""A name from the code (`turtles_per_player`, `last_seq`): words joined by underscores."""
_BARE_PERCENT = re.compile(r"\d%")
"""German and French write "81 %" (Babel's and Intl's percent formats), not "81%"."""
_GERMAN_DECIMAL_POINT = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+)([a-zäöüéèàç])[a-zäöüéèàç]+ [a-zäöüéèàç]+")


@dataclass(frozen=True)
class Finding:
    page: str
    kind: str
    text: str

    def __str__(self) -> str:
        return f"{self.page}: {self.kind}: {self.text!r}"


def _word(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w/#.:-]){re.escape(word)}(?![\w/-])")


_LEAKS = [(word, _word(word)) for word in ENGLISH_LEAKS]
_IDS = [
    (word, _word(word.rstrip(":")) if not word.endswith(":") else re.compile(re.escape(word)))
    for word in RAW_IDS
]


def findings(page_name: str, code: str, text: str) -> list[Finding]:
    """Everything wrong with a page's visible text in language `code`: de or fr, or en
    (there only the machinery: ids, identifiers, commands, lowercase sentences)."""
    found: list[Finding] = []
    previous = ""
    for line in (line.strip() for line in text.splitlines()):
        if not line:
            continue
        for word, pattern in _LEAKS:
            if pattern.search(line) and not _is_native(word, code):
                found.append(Finding(page_name, f"English word {word!r}", line))
        for word, pattern in _IDS:
            if pattern.search(line):
                found.append(Finding(page_name, f"raw id {word!r}", line))
        for identifier in _IDENTIFIER.findall(line):
            if identifier not in RAW_IDS:
                found.append(Finding(page_name, f"identifier {identifier!r}", line))
        command = _COMMAND_LINE.search(line)
        if command:
            found.append(Finding(page_name, f"command line {command[0]!r}", line))
        if code == "de":
            for match in _GERMAN_DECIMAL_POINT.finditer(line):
                if not re.search(r"\d+\.\d+\.\d+", line):  # a date 28.11.2026
                    found.append(Finding(page_name, f"decimal point {match[0]}", line))
        if code != "en" and _BARE_PERCENT.search(line):
            found.append(Finding(page_name, "percent without its space", line))
        start = _SENTENCE_START.match(line)
        # A line after one ending in ";", ":" or "," goes on with its sentence (a list's
        # items: "- one or two cards of a colour: …;" "- no card of a colour: nothing.").
        continued = previous.endswith((";", ":", ","))
        if start and len(line) > 25 and line[-1] in ".!?" and not continued:
            found.append(Finding(page_name, "lowercase sentence start", line))
        previous = line
    return found


_NATIVE = {
    "fr": {"table", "product", "groups", "round", "points"},
    "de": {"product"},
}


_MACHINE = {
    "turtles_per_player",
    "openspiel",
    "OpenSkill",
    "sigma",
    "null",
    "undefined",
    "NaN",
    "endgame",
    "ismcts",
    "alphabeta",
}
"""The leak words that are machinery in English too (the others are English words)."""


def _is_native(word: str, code: str) -> bool:
    """A leak word that is also a word of the language itself (French "table", every
    English word in English)."""
    if code == "en":
        return word not in _MACHINE
    return word.lower() in _NATIVE.get(code, set())


_LOWERCASE_START = re.compile(r"[^\W\d_A-ZÄÖÜÀÂÉÈÊÎÔÛÇ][\w'’-]* \S")
"""Two words or more, the first starting with a lowercase letter."""


def title_findings(page_name: str, titles: list[str]) -> list[Finding]:
    """Titles, headings, buttons, log lines and board labels that start in lowercase."""
    return [
        Finding(page_name, "lowercase start", title)
        for title in titles
        if _LOWERCASE_START.match(title.strip()) and title.strip()[:1].islower()
    ]


TITLES = """() => {
    const titles = [];
    const shown = (e) => e.getClientRects().length > 0;
    const chosen = [
        'h1', 'h2', 'h3', 'h4', 'th', 'summary', 'legend', 'caption', 'figcaption', 'button',
        'label', '.log li', '.status', '.words', 'dialog h2', 'p',
    ].map((tag) => `#page ${tag}`).join(', ');
    for (const e of document.querySelectorAll(chosen)) {
        if (!shown(e) || e.closest('.rules, .chat-lines')) continue;
        const first = e.innerText.trim().split('\\n')[0];
        if (first) titles.push(first.replace(/^\\d+\\.\\s*/, ''));
    }
    for (const e of document.querySelectorAll('#page svg [aria-label], #page svg title')) {
        titles.push(e.getAttribute('aria-label') || e.textContent);
    }
    return titles;
}"""
"""What must start with a capital: what a page shows as a title, heading, button, label,
log line or paragraph (the rules' list items and cells continue a sentence: not these),
and the names a screen reader gives the board's parts."""

HIDDEN_WORDS = """() => {
    const words = [];
    const named = '#page [placeholder], #page [aria-label], #page [title]';
    for (const e of document.querySelectorAll(named)) {
        for (const name of ['placeholder', 'aria-label', 'title']) {
            if (e.getAttribute(name)) words.push(e.getAttribute(name));
        }
    }
    for (const e of document.querySelectorAll('#page details:not([open]) > :not(summary)')) {
        words.push(e.textContent);
    }
    return words.join('\\n');
}"""
"""The words a page keeps until asked for: placeholders, the names a screen reader reads,
tooltips, what a folded details holds (a form's hints)."""


def page_findings(page: Page, page_name: str, code: str) -> list[Finding]:
    """Everything wrong with a page as it is shown now: its visible text, the words it
    keeps out of sight, its titles."""
    found = findings(page_name, code, settled_text(page))
    found += findings(page_name + " (unseen)", code, page.evaluate(HIDDEN_WORDS))
    return found + title_findings(page_name, page.evaluate(TITLES))


def visible_text(page: Page) -> str:
    text: str = page.locator("#notice").inner_text() + "\n" + page.locator("#page").inner_text()
    return text


def settled_text(page: Page, still_ms: int = 300) -> str:
    """The page's visible text once it stopped changing for `still_ms` (its parts arrive
    by fetch and WebSocket: a fixed pause read half a page on a busy machine)."""
    deadline = time.monotonic() + WAIT_SECONDS
    text = visible_text(page)
    while True:
        page.wait_for_timeout(still_ms)
        again = visible_text(page)
        if again == text:
            return text
        assert time.monotonic() < deadline, f"the page never settled: {again[:300]!r}"
        text = again


def scan(base: str, pages: list[str], codes: tuple[str, ...] = ("de", "fr")) -> list[Finding]:
    """Open every page (a hash route: "#/", "#/rules/madn") in each language in one
    browser and return what the reader should not see."""
    from spieltisch.cli.picture import chromium_path

    found: list[Finding] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path())
        for code in codes:
            context = browser.new_context(locale=code)
            context.add_init_script(f"localStorage.setItem('spieltisch.language', '{code}')")
            page = context.new_page()
            for route in pages:
                page.goto(f"{base}/{route}")
                page.wait_for_selector("#nav a")
                found += page_findings(page, f"{code} {route}", code)
            context.close()
        browser.close()
    return found


if __name__ == "__main__":
    base = sys.argv[1]
    for finding in scan(base, sys.argv[2:] or ["#/"]):
        print(finding)
