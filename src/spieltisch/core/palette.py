"""The colours of seats, pieces, turtles and cards, for every medium, in one place.

- `SCREEN`: the pictures (SVG boards, the review's graph) and the pages. Chosen to stay
  apart for the common colour blindnesses (Okabe–Ito where it fits); every board also
  writes a letter or symbol beside each colour. `INK` is legible text on each: 4.5:1 or
  more (white on red and green were 3.9 and 3.4).
- `PLOT`: the report's plots on white paper: the screen's colours, with white grey and
  yellow darker so that they show on white.
- `TERMINAL`: the text boards, as explicit RGB values. Named terminal colours are
  remapped by the terminal's (or Textual's) theme, and the usual themes draw red and
  magenta, or yellow and orange, as one colour. These values stay apart in true colour
  and in the 256-colour palette (each maps to its own index). A board draws each as a
  background with `TERMINAL_INK` on it (`terminal_chip`), never as letters on the
  terminal's own background: yellow letters were 1.2:1 on a light theme and red ones
  2.6:1 on a dark one; on its own colour every letter stands at 4.5:1 or more on any
  theme (`tests/cli/test_terminal_contrast.py`).
"""

from __future__ import annotations

SCREEN: dict[str, str] = {
    "red": "#d55e00",
    "yellow": "#f0e442",
    "blue": "#0072b2",
    "green": "#009e73",
    "orange": "#e69f00",
    "purple": "#cc79a7",
    "white": "#f5f5f5",
    "black": "#333333",
}
INK: dict[str, str] = {
    "red": "#000000",
    "yellow": "#000000",
    "blue": "#ffffff",
    "green": "#000000",
    "orange": "#000000",
    "purple": "#000000",
    "white": "#000000",
    "black": "#ffffff",
}
PLOT: dict[str, str] = {**SCREEN, "yellow": "#c9b400", "white": "#b8b8b8", "black": "#222222"}
TERMINAL: dict[str, str] = {
    "red": "#d70000",
    "yellow": "#ffd700",
    "green": "#00af00",
    "blue": "#5f87ff",
    "purple": "#af5fff",
    "orange": "#ff8700",
    "white": "#eeeeee",
    "black": "#8a8a8a",
}
TERMINAL_INK: dict[str, str] = {
    colour: "#ffffff" if colour == "red" else "#000000" for colour in TERMINAL
}
"""Letters on each terminal colour: white on red (5.4:1; black was 3.9), black on the
others (5.9:1 or more); explicit RGB, which no theme remaps as it does white and black."""


def terminal_chip(colour: str, bold: bool = True) -> str:
    """The Rich style of a word or letter in `colour` on a text board: the colour behind
    it and its ink on it, legible whatever the terminal's theme."""
    weight = "bold " if bold else ""
    return f"{weight}{TERMINAL_INK[colour]} on {TERMINAL[colour]}"
