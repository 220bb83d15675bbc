"""What a person with ordinary or weak sight needs from a page, measured in the browser:
words large enough (the computed font size of each word times the scale it is drawn at),
targets large enough to tap (WCAG 2.2's 44×44 px), text and pieces that stand out from
what is behind them (WCAG's contrast ratio: 4.5:1 for words, 3:1 for pieces).

Used by tests/web/test_legible.py over the four games' tables at a phone's and a
laptop's size in de/en/fr, and by hand against a running server:
`uv run python -m tests.web.legibility http://127.0.0.1:8000 '#/table/<id>'`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from playwright.sync_api import Page, sync_playwright

TOUCH = 44
"""WCAG 2.2 success criterion 2.5.5: a target at least 44 by 44 CSS px."""
TEXT_CONTRAST = 4.5
PIECE_CONTRAST = 3.0


def least_word(width: int) -> float:
    """The smallest word a board may show: 11 px on a phone, 12 px on a larger screen."""
    return 11.0 if width < 500 else 12.0


_COLOURS = """
const parse = (value) => {
  const m = /rgba?\\(([\\d.]+),\\s*([\\d.]+),\\s*([\\d.]+)(?:,\\s*([\\d.]+))?\\)/.exec(value || '');
  return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : null;
};
const luminance = ([r, g, b]) => {
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const ratio = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};
const hidden = (e) => !e.getClientRects().length
  || e.closest('[hidden], dialog:not([open]), .visually-hidden')
  || e.closest('details:not([open]) > :not(summary)')
  || getComputedStyle(e).visibility === 'hidden';
const opacity = (e) => {
  let value = 1;
  for (let n = e; n && n.nodeType === 1; n = n.parentNode) value *= +getComputedStyle(n).opacity;
  return value;
};
// The colour painted under a point of the board, beneath `self` (a word or a piece):
// the first shape there with a fill of its own (clear click areas and outlines skipped);
// null where a shape drawn later covers `self` (a base's name under a piece on it).
const background = (e) => {
  for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
    const bg = parse(getComputedStyle(n).backgroundColor);
    if (bg && bg[3] > 0.5) return bg;
  }
  return [255, 255, 255, 1];
};
const under = (x, y, self) => {
  if (!self.closest('svg')) return background(self);
  for (const e of document.elementsFromPoint(x, y)) {
    if (self.contains(e) || e.tagName === 'text' || e.tagName === 'tspan') continue;
    if (e.namespaceURI === 'http://www.w3.org/2000/svg') {
      if (e.tagName === 'svg') return [251, 248, 241, 1];
      const style = getComputedStyle(e);
      const fill = parse(style.fill);
      if (!fill || +style.fillOpacity * opacity(e) < 0.5) continue;
      if (self.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) return null;
      return fill;
    }
    return background(e);
  }
  return [255, 255, 255, 1];
};
"""

MEASURE = (
    """([least, touch, textContrast, pieceContrast, pieces]) => {
"""
    + _COLOURS
    + """
  const problems = [];
  const svg = document.querySelector('.board-box svg');
  const words = [];
  for (const e of document.querySelectorAll('header *, main *')) {
    if (e.tagName === 'text') { words.push(e); continue; }
    if (e.closest('svg')) continue;
    const own = [...e.childNodes].some((n) => n.nodeType === 3 && /[\\p{L}\\p{N}]/u.test(n.data));
    if (own) words.push(e);
  }
  const seen = (e) => {
    const r = e.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight) e.scrollIntoView({ block: 'center' });
    return e.getBoundingClientRect();
  };
  for (const word of words) {
    if (hidden(word) || !/[\\p{L}\\p{N}]/u.test(word.textContent)) continue;
    const style = getComputedStyle(word);
    const said = word.textContent.trim().slice(0, 40);
    let size = parseFloat(style.fontSize);
    if (word.tagName === 'text') {
      const m = word.getScreenCTM();
      size *= Math.hypot(m.a, m.b);
    }
    if (size < least - 0.05) problems.push(`word ${size.toFixed(1)} px: ${said}`);
    if (word.closest('button:disabled, .muted, .illegal')) continue;
    const r = seen(word);
    const ink = parse(word.tagName === 'text' ? style.fill : style.color);
    if (!ink) continue;
    const behind = under(r.left + r.width / 2, r.top + r.height / 2, word);
    if (!behind) continue;
    const contrast = ratio(ink, behind);
    if (contrast < textContrast - 0.005) {
      const pair = `${ink.slice(0, 3)} on ${behind.slice(0, 3)}`;
      problems.push(`text contrast ${contrast.toFixed(2)} (${pair}): ${said}`);
    }
  }
  const targets = document.querySelectorAll([
    'header a, header select, header button, main button, main select, main input',
    'main a.button, main summary, main nav a, .game-menu a, .board-box svg .move',
  ].join(', '));
  for (const target of targets) {
    // A box is tapped through its label (around it, or naming it by `for`).
    const named = target.id ? document.querySelector(`label[for="${target.id}"]`) : null;
    const tapped = target.matches('input[type=checkbox], input[type=radio]')
      ? (target.closest('label') || named || target) : target;
    if (hidden(tapped)) continue;
    const r = tapped.getBoundingClientRect();
    if (r.height < touch - 0.5 || r.width < touch - 0.5) {
      // A part of the board whose every move is also a button of the move list: WCAG's
      // "equivalent" exception (a 390 px phone has no room for an 11×11 grid of 44 px).
      const moves = (target.getAttribute('data-moves') || target.getAttribute('data-move') || '')
        .split(';').filter(Boolean);
      const listed = (move) => [...document.querySelectorAll('main button[data-move]')]
        .some((button) => !button.closest('.board-box') && button.dataset.move === move);
      if (target.closest('.board-box') && moves.length && moves.every(listed)) continue;
      const said = (target.getAttribute('aria-label') || target.textContent).trim().slice(0, 30);
      const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
      problems.push(`target ${size}: ${target.tagName} ${said}`);
    }
  }
  if (svg) {
    // No word of the board over another ("beach 7" was drawn over "eggs: 37"); a piece's
    // own letter and the cards of a fan overlap by design.
    const boxes = [...svg.querySelectorAll('text')]
      .filter((e) => e.textContent.trim() && !hidden(e))
      .filter((e) => !e.closest('[data-turtle], [data-piece], [data-marble], [data-card]'))
      .map((e) => [e, e.getBoundingClientRect()]);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, p] = boxes[i];
        const [b, q] = boxes[j];
        const across = p.left < q.right - 2 && q.left < p.right - 2;
        if (across && p.top < q.bottom - 2 && q.top < p.bottom - 2) {
          problems.push(`words over each other: ${a.textContent.trim()} / ${b.textContent.trim()}`);
        }
      }
    }
  }
  // A word the server gave a length (core/svg.py `fitted`) is squeezed into it only when
  // it is too long: stretched to it, its letters stand apart (David & Goliath's trick
  // names at 1280 px, issue 45). Its natural length is a copy's without the length.
  for (const word of document.querySelectorAll('main svg text[textLength]')) {
    if (hidden(word) || !word.textContent.trim()) continue;
    const copy = word.cloneNode(true);
    copy.removeAttribute('textLength');
    copy.removeAttribute('lengthAdjust');
    word.after(copy);
    const natural = copy.getComputedTextLength();
    copy.remove();
    const length = +word.getAttribute('textLength');
    if (length > natural + 1) {
      const stretch = `${Math.round((100 * length) / natural)}%`;
      problems.push(`word spaced out to ${stretch} of its width: ${word.textContent.trim()}`);
    }
  }
  if (svg && pieces) {
    for (const piece of svg.querySelectorAll(pieces)) {
      if (hidden(piece) || piece.closest('.muted')) continue;
      const style = getComputedStyle(piece);
      const r = seen(piece);
      const fill = parse(style.fill);
      const stroke = parse(style.stroke);
      const m = piece.getScreenCTM();
      const outline = parseFloat(style.strokeWidth) * Math.hypot(m.a, m.b);
      // Just outside the piece as drawn, its outline included: what it stands on. The box
      // is the shape's without its outline, and half an outline is painted beyond it (the
      // last move's piece wears a ring 4 wide, 10 while it pulses): 2 px above the box
      // was on that ring, over the field it hides (a green piece just moved onto red's
      // start field was measured against that field's tint, 2.50:1).
      const behind = under(r.left + r.width / 2, r.top - (stroke ? outline / 2 : 0) - 2,
        piece.parentNode);
      if (!behind) continue;
      const best = Math.max(fill ? ratio(fill, behind) : 0,
        stroke && outline >= 1.5 ? ratio(stroke, behind) : 0);
      if (best < pieceContrast - 0.005) {
        const name = piece.parentNode.getAttribute('aria-label')
          || [...piece.parentNode.attributes].filter((a) => a.name.startsWith('data-'))
            .map((a) => `${a.name}=${a.value}`).join(' ');
        problems.push(`piece contrast ${best.toFixed(2)}: ${name}`);
      }
    }
  }
  return [...new Set(problems)];
}"""
)

PIECES = {
    "mahe": "[data-turtle] > circle",
    "madn": "[data-piece] > circle",
    "mabula": "[data-marble] > circle",
    "david_goliath": "[data-card] > rect:first-child",
}
"""Each game's pieces: what must stand out from the board (3:1)."""


@dataclass(frozen=True)
class Problem:
    page: str
    what: str

    def __str__(self) -> str:
        return f"{self.page}: {self.what}"


def problems(page: Page, name: str, game: str | None = None) -> list[Problem]:
    """Every word too small, target too small and colour too faint on `page` as shown."""
    width = page.viewport_size["width"] if page.viewport_size else 1280
    found: list[str] = page.evaluate(
        MEASURE,
        [least_word(width), TOUCH, TEXT_CONTRAST, PIECE_CONTRAST, PIECES.get(game or "")],
    )
    return [Problem(name, what) for what in found]


def _main(base: str, routes: list[str]) -> None:
    from spieltisch.cli.picture import chromium_path

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path())
        for width, height in ((390, 844), (1280, 800)):
            page = browser.new_page(viewport={"width": width, "height": height})
            for route in routes:
                page.goto(f"{base}/{route}")
                page.wait_for_selector("#nav a")
                page.wait_for_timeout(1500)
                game = page.evaluate("document.querySelector('.board-box svg') ? 'x' : ''")
                for problem in problems(page, f"{width} {route}", game or None):
                    print(problem)
        browser.close()


if __name__ == "__main__":
    _main(sys.argv[1], sys.argv[2:] or ["#/"])
