"""Mahé as Rich text for the terminal, drawn only from what `state.view(player)` shows."""

from __future__ import annotations

from rich.text import Text

from spieltisch.core.palette import PALETTE
from spieltisch.core.reflow import ReflowText
from spieltisch.games.mahe.messages import _, colour_name
from spieltisch.games.mahe.rules import COLOURS, MaheState, MaheView

STYLE = {colour: f"bold {PALETTE[colour]}" for colour in COLOURS}
LETTER = {colour: colour[0].upper() for colour in COLOURS}
CELL = 3  # columns per field of the ring


def _turtle(text: Text, colour: str) -> None:
    text.append(colour_name(colour), style=STYLE[colour])


def _player(number: int) -> str:
    return _("Player {number}").format(number=number + 1)


def _players_turtles(view: MaheView, player: int) -> list[str]:
    return [colour for colour, owner in view["turtles"].items() if owner == player]


def render(state: MaheState, player: int | None) -> Text:
    """The board as seen from seat `player` (None: a spectator); on a narrow screen the
    ring of 21 fields is drawn in two or three rows."""
    view = state.view(player)
    layouts = [(_ring_width(per_row), _draw(view, per_row)) for per_row in (21, 11, 7)]
    needs, wide = layouts[0]
    return ReflowText(wide, needs, layouts[1:])


def _ring_width(per_row: int) -> int:
    last = 21 - (21 - 1) // per_row * per_row
    return max(per_row * CELL, last * CELL + 2 + len(_("(21 = beach)")))


def _draw(view: MaheView, per_row: int) -> Text:
    """The board with the ring in rows of `per_row` fields. The narrow layouts (rows of
    11 or 7, for a screen of 80×24 with seven players) leave out what is shown twice: the
    blank lines, the legend of letters (each player's row names its turtles with their
    letter) and the stacks spelled out (the ring draws them upwards)."""
    compact = per_row < 21
    out = Text()
    out.append(_("Mahé"), style="bold")
    out.append("  ")
    _status(out, view)
    out.append("\n")

    # the pile and the beach
    if view["phase"] == "setup":
        out.append(_("The deck is being shuffled."))
    elif view["beach_open"]:
        out.append(_("The pile is empty: the beach with 7 eggs is open."), style="bold")
    else:
        out.append(_("Face-up card: "))
        out.append(str(view["face_up"]), style="bold")
        out.append("  " + _("cards in the pile: {count}").format(count=view["cards_left"]))
    out.append("\n")

    # the raft
    out.append(_("Raft:") + " ")
    if view["raft"]:
        for index, colour in enumerate(view["raft"]):
            if index:
                out.append(" ")
            _turtle(out, colour)
    else:
        out.append("-")
    out.append("\n" if compact else "\n\n")

    _ring(out, view, per_row, legend=not compact)

    # the stacks, spelled out
    for field, stack in view["fields"].items():
        if len(stack) > 1 and not compact:
            out.append(_("Field {field} (bottom to top):").format(field=field) + " ")
            for index, colour in enumerate(stack):
                if index:
                    out.append(", ")
                _turtle(out, colour)
            out.append("\n")

    _move_in_progress(out, view)
    if not compact:
        out.append("\n")
    _eggs(out, view, letters=compact)
    return out


def _status(out: Text, view: MaheView) -> None:
    phase = view["phase"]
    if phase == "over":
        out.append(_("Game over"), style="bold")
        return
    if view["turn"] is None:
        out.append(_("Set-up"))
        return
    out.append(_("turn: {player}").format(player=_player(view["turn"])), style="bold")
    out.append(" (")
    for index, colour in enumerate(_players_turtles(view, view["turn"])):
        if index:
            out.append(" ")
        _turtle(out, colour)
    out.append(")")


def _ring(out: Text, view: MaheView, per_row: int, legend: bool = True) -> None:
    """Fields 1..21 in rows of `per_row`, each stack drawn upwards above its number."""
    fields: dict[str, list[str]] = view["fields"]
    for first in range(1, 22, per_row):
        row = range(first, min(first + per_row, 22))
        height = max((len(fields.get(str(field), [])) for field in row), default=0)
        for level in range(height - 1, -1, -1):
            for field in row:
                stack = fields.get(str(field), [])
                if level < len(stack):
                    colour = stack[level]
                    out.append(LETTER[colour].rjust(CELL), style=STYLE[colour])
                else:
                    out.append(" " * CELL)
            out.rstrip()
            out.append("\n")
        for field in row:
            style = "bold underline" if field == 21 else "dim"
            out.append(str(field).rjust(CELL), style=style)
        if row[-1] == 21:
            out.append("  " + _("(21 = beach)"))
        out.append("\n")
    if not legend:
        return
    letters = Text("   ")
    for index, colour in enumerate(view["turtles"]):
        if index:
            letters.append("  ")
        letters.append(LETTER[colour], style=STYLE[colour])
        letters.append("=" + colour_name(colour))
    out.append_text(letters)
    out.append("\n")


def _dice(view: MaheView) -> str:
    """`dice: 3 + card 2 = 5`: the dice of the move in progress and the fields they give."""
    dice = view["dice"]
    parts = []
    for index, value in enumerate(dice):
        if index == view["card_die"]:
            parts.append(_("card {value}").format(value=value))
        else:
            parts.append(str(value))
    return _("dice:") + " " + " + ".join(parts) + " = " + str(sum(dice))


def panel(view: MaheView) -> Text:
    """The dice of the move in progress, for a side panel beside the board."""
    return Text(_dice(view)) if view["dice"] else Text()


def _move_in_progress(out: Text, view: MaheView) -> None:
    if view["moving"] is None:
        chooser = view["turn"]
        if view["phase"] == "choose" and chooser is not None:
            out.append(
                _("{player} chooses which turtle moves first.").format(player=_player(chooser))
                + "\n"
            )
        return
    out.append(_("Moving:") + " ")
    _turtle(out, view["moving"])
    if view["dice"]:
        out.append("  " + _dice(view))
    if view["controller"] is not None and view["controller"] != view["turn"]:
        out.append(
            "  " + _("{player} decides for the stack").format(player=_player(view["controller"]))
        )
    out.append("\n")
    if view["still_to_move"] is not None:
        out.append(_("Still to move afterwards:") + " ")
        _turtle(out, view["still_to_move"])
        out.append("\n")


def _eggs(out: Text, view: MaheView, letters: bool = False) -> None:
    """Each player's turtles, cards and eggs; with `letters` (the narrow board), each
    turtle also by the letter that stands for it on the ring (`R=red`), and the player
    in few letters (P3) so that a row fits 40 columns."""
    for number, cards in enumerate(view["cards"]):
        name = _("P{number}").format(number=number + 1) if letters else _player(number)
        out.append(name + " (")
        for index, colour in enumerate(_players_turtles(view, number)):
            if index:
                out.append(" ")
            if letters:
                out.append(LETTER[colour] + "=", style=STYLE[colour])
            _turtle(out, colour)
        out.append("): ")
        shown = " ".join(str(value) for value in cards) or "-"
        out.append(_("cards {cards}").format(cards=shown))
        if view["beach"] == number:
            out.append(" + " + _("beach 7"), style="bold")
        eggs = int(view["scores"][number])
        out.append("  " + _("eggs: {eggs}").format(eggs=eggs), style="bold")
        out.append("\n")
    if view["spent"]:
        out.append(
            _("Cards played as dice (out of the game): {count}").format(count=len(view["spent"]))
        )
        out.append("\n")
