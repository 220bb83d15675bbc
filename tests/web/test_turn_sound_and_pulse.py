"""The turn sound and the last move's pulse, as the page plays them: the Web Audio API is
stubbed (a count of tones started), the pulse read from the board's computed style."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.conftest import People
from tests.web.flows import (
    click_a_move,
    create_table_by_api,
    sign_in_as_guest,
    wait_for_turn_or_end,
)

AI = {"kind": "ai", "level": "easy"}
TONES = """
window.__tones = 0;
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createGain() { return { gain: { value: 1 }, connect: (next) => next }; }
  createOscillator() {
    return { frequency: { value: 0 }, connect: (next) => next,
             start: () => { window.__tones += 1; }, stop: () => {} };
  }
};
"""
PULSE = (
    "() => { const ring = document.querySelector('.board-box .moved-to > circle');"
    " return ring ? getComputedStyle(ring).animationName : null; }"
)


def tones(page: Page) -> int:
    return int(page.evaluate("window.__tones"))


def test_the_turn_sound_plays_once_each_time_it_becomes_my_turn(people: People) -> None:
    ana = people("en-GB")
    ana.context.add_init_script(TONES)
    ana.context.add_init_script("localStorage.setItem('spieltisch.sound', 'on')")
    page = sign_in_as_guest(ana, "Ana")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    wait_for_turn_or_end(page)
    assert tones(page) == 1
    page.uncheck(".table-settings input[name=animate]")  # the page drawn again: no tone
    page.check(".table-settings input[name=animate]")
    assert tones(page) == 1
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    click_a_move(page)
    page.wait_for_function(f"window.spieltisch.live.lastSeq >= {seq + 2}")  # and the reply
    wait_for_turn_or_end(page)
    page.wait_for_function("window.__tones === 2")
    # The pulse marks the computer's move (the marble it pushed) while animation is on.
    page.wait_for_function(f"({PULSE})() === 'moved'")
    page.uncheck(".table-settings input[name=animate]")
    assert page.evaluate(f"({PULSE})()") == "none"
    page.uncheck(".table-settings input[name=sound]")
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    click_a_move(page)
    page.wait_for_function(f"window.spieltisch.live.lastSeq >= {seq + 2}")
    wait_for_turn_or_end(page)
    assert tones(page) == 2, "a tone although the sound is off"


def test_no_pulse_for_who_asks_for_reduced_motion(people: People) -> None:
    ana = people("de-DE")
    page = sign_in_as_guest(ana, "Ana")
    page.emulate_media(reduced_motion="reduce")
    table = create_table_by_api(ana, "mabula", [{"kind": "me"}, AI])
    page.goto(f"{ana.base}/#/table/{table}")
    wait_for_turn_or_end(page)
    seq = page.evaluate("window.spieltisch.live.lastSeq")
    click_a_move(page)
    page.wait_for_function(f"window.spieltisch.live.lastSeq >= {seq + 2}")
    wait_for_turn_or_end(page)
    page.wait_for_function(f"({PULSE})() !== null")  # the move is marked ...
    assert page.evaluate(f"({PULSE})()") == "none"  # ... and does not move
