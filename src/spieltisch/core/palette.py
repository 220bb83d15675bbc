"""The colours of pieces, turtles and cards on a text board, as explicit RGB values.

Named terminal colours are remapped by the terminal's (or Textual's) theme, and the
usual themes draw red and magenta, or yellow and orange, as one colour. These values
stay apart in true colour and in the 256-colour palette (each maps to its own index),
and every board also writes a letter or a name beside a colour, for colour-blind
players.
"""

from __future__ import annotations

PALETTE: dict[str, str] = {
    "red": "#d70000",
    "yellow": "#ffd700",
    "green": "#00af00",
    "blue": "#5f87ff",
    "purple": "#af5fff",
    "orange": "#ff8700",
    "white": "#eeeeee",
    "black": "#8a8a8a",
}
