"""Resigning a running game, and a seat handed to the computer after being away.

A person's seat that is given up stays theirs in the seat list, but the `easy` level
plays it from then on (`Seat.ai_level` set on a person's seat says so). What that means
for the game depends on how many are left playing (`spieltisch.core.records`):

- **one left** (a game of two, or the last but one of more giving up): the game ends at
  once; who gave up is ranked after who did not (resigning is losing);
- **no person left** (the people gave up, the computers would play on alone; not at a
  tournament's table): the game ends at once, the computers ranked level ahead of the
  seats given up, so no table of computers only outlives its people;
- **two or more left**: the game goes on for them (stopping it would spoil their game);
  the `easy` level plays the given-up seats to the end, and at the end every seat that
  gave up is ranked after every seat that did not, keeping the game's order among each
  group.

The table's result, and its record's `result`, carry the ranking after resignations and
the `resigned` seats; the record replays and is checked like any other.
"""

from __future__ import annotations

HANDED_LEVEL = "easy"
"""The computer level that plays a seat its person gave up."""
