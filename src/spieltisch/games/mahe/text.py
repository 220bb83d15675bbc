"""Mahé as Rich text for the terminal, drawn only from what `state.view(player)` shows."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from spieltisch.core.glossary import piece_letters
from spieltisch.core.i18n import labelled, unbroken
from spieltisch.core.marks import NO_MARKS, BoardMarks
from spieltisch.core.palette import terminal_chip
from spieltisch.core.reflow import ReflowText
from spieltisch.core.seat_names import capitalised
from spieltisch.games.mahe.messages import _, colour_name, letter
from spieltisch.games.mahe.rules import COLOURS, MaheState, MaheView

STYLE = {colour: terminal_chip(colour) for colour in COLOURS}
CELL = 3  # columns per field of the ring with one-letter turtles


def _cell(paired: bool) -> int:
    """Columns per field: a gap and the letters of one turtle, or of two where a narrow
    board pairs a tall stack's turtles (three for one-letter turtles either way)."""
    width = max(len(token) for token in piece_letters("mahe").values())
    return max(CELL, width * (2 if paired else 1) + 1)


def _turtle(text: Text, colour: str) -> None:
    text.append(capitalised(colour_name(colour)), style=STYLE[colour])


def _players_turtles(view: MaheView, player: int) -> list[str]:
    return [colour for colour, owner in view["turtles"].items() if owner == player]


def _player(view: MaheView, player: int) -> str:
    """The seat by its turtles' colours (`Red, blue`), as the side panel names it (the
    game's seat label)."""
    return capitalised(", ".join(colour_name(c) for c in _players_turtles(view, player)))


def _seat(out: Text, view: MaheView, player: int) -> None:
    """The seat's name, each colour in its colour."""
    for index, colour in enumerate(_players_turtles(view, player)):
        if index:
            out.append(", ")
        name = colour_name(colour)
        out.append(capitalised(name), style=STYLE[colour])


RAFT = "raft"
"""The raft's place (the ring's fields are their numbers)."""


def places(view: MaheView) -> dict[str, list[str]]:
    """The raft and every field with its turtles (see core.marks)."""
    return {
        RAFT: list(view["raft"]),
        **{field: list(stack) for field, stack in view["fields"].items()},
    }


def render(
    state: MaheState, player: int | None, *, beside: bool = False, marks: BoardMarks = NO_MARKS
) -> Text:
    """The board as seen from seat `player` (None: a spectator); on a narrow screen the
    ring of 21 fields is drawn in two or three rows. `beside`: without whose turn it is
    and the dice, which the interface shows beside the board; `marks`: the last move and
    the highlighted one on their fields (and the raft)."""
    view = state.view(player)

    def narrow(per_row: int) -> Callable[[], Text]:
        return lambda: _draw(view, per_row, beside, marks)

    narrower = [(_ring_width(per_row), narrow(per_row)) for per_row in (11, 7)]
    return ReflowText(_draw(view, 21, beside, marks), _ring_width(21), narrower)


def _ring_width(per_row: int) -> int:
    """The widest line of the ring in rows of `per_row`: a row of single turtles with
    the beach's note after field 21, or a narrow row of paired turtles (whose note goes
    on a line of its own where two-letter turtles make the cells wider)."""
    cell = _cell(paired=False)
    last = 21 - (21 - 1) // per_row * per_row
    single = max(per_row * cell, last * cell + 2 + len(_("(21 = beach)")))
    return max(single, per_row * _cell(paired=True)) if per_row < 21 else single


def _draw(view: MaheView, per_row: int, beside: bool = False, marks: BoardMarks = NO_MARKS) -> Text:
    """The board with the ring in rows of `per_row` fields. The narrow layouts (rows of
    11 or 7, for a screen of 80×24 with seven players) leave out what is shown twice: the
    blank lines, the legend of letters (each player's row names its turtles with their
    letter) and the stacks spelled out (the ring draws them upwards)."""
    compact = per_row < 21
    out = Text()
    out.append(_("Mahé"), style="bold")
    if not beside or view["phase"] == "over":
        out.append("  ")
        _status(out, view)
    out.append("\n")

    # the pile and the beach
    if view["phase"] == "setup":
        out.append(_("The deck is being shuffled."))
    elif view["beach_open"]:
        out.append(_("The pile is empty: the beach with 7 eggs is open."), style="bold")
    else:
        out.append(unbroken(_("Face-up card: ")))
        out.append(str(view["face_up"]), style="bold")
        pile = _("cards in the pile: {count}").format(count=view["cards_left"])
        out.append("  " + unbroken(pile))  # at 80×24 in French it moves down whole
    out.append("\n")

    # the raft
    out.append(_("Raft:"), style=marks.style(RAFT))
    out.append(" ")
    if view["raft"]:
        for index, colour in enumerate(view["raft"]):
            if index:
                out.append(" ")
            _turtle(out, colour)
    else:
        out.append("-")
    out.append("\n" if compact else "\n\n")

    _ring(out, view, per_row, marks, legend=not compact)

    # the stacks, spelled out
    for field, stack in view["fields"].items():
        if len(stack) > 1 and not compact:
            out.append(_("Field {field} (bottom to top):").format(field=field) + " ")
            for index, colour in enumerate(stack):
                if index:
                    out.append(", ")
                _turtle(out, colour)
            out.append("\n")

    _move_in_progress(out, view, beside)
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
    out.append(_("turn:") + " ", style="bold")
    _seat(out, view, view["turn"])


def _levels(stack: list[str], paired: bool) -> list[list[str]]:
    """A stack's turtles level by level from the bottom: one a level, or two (the lower
    one left) where the narrow board must keep a tall stack short."""
    step = 2 if paired else 1
    return [stack[index : index + step] for index in range(0, len(stack), step)]


def _ring(out: Text, view: MaheView, per_row: int, marks: BoardMarks, legend: bool = True) -> None:
    """Fields 1..21 in rows of `per_row`, each stack drawn upwards above its number. In
    the narrow rows (no legend), a row whose stacks are taller than two draws them two
    turtles a level, so that seven turtles on one field still fit a screen of 80×24."""
    fields: dict[str, list[str]] = view["fields"]
    for first in range(1, 22, per_row):
        row = range(first, min(first + per_row, 22))
        tallest = max((len(fields.get(str(field), [])) for field in row), default=0)
        paired = not legend and tallest > 2
        cell = _cell(paired)
        levels = {field: _levels(fields.get(str(field), []), paired) for field in row}
        height = max((len(stacked) for stacked in levels.values()), default=0)
        for level in range(height - 1, -1, -1):
            for field in row:
                stacked = levels[field]
                turtles = stacked[level] if level < len(stacked) else []
                out.append(" " * (cell - sum(len(letter(colour)) for colour in turtles)))
                for colour in turtles:
                    out.append(letter(colour), style=STYLE[colour])
            out.rstrip()
            out.append("\n")
        for field in row:
            style = "bold" if field == 21 else ""  # underlined: the last move
            number = str(field)
            out.append(" " * (cell - len(number)))
            out.append(number, style=marks.styled(style, number))
        if row[-1] == 21:
            # after field 21, or below it where wide paired cells leave no room
            out.append("\n" if cell > CELL else "  ")
            out.append(_("(21 = beach)"))
        out.append("\n")
    if not legend:
        return
    letters = Text("   ")
    for index, colour in enumerate(view["turtles"]):
        if index:
            letters.append("  ")
        letters.append(letter(colour), style=STYLE[colour])
        letters.append("=" + capitalised(colour_name(colour)))
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
    if len(dice) == 1:
        return _("dice:") + " " + parts[0]  # one die: its value, no "= sum" to repeat it
    return _("dice:") + " " + " + ".join(parts) + " = " + str(sum(dice))


def panel(view: MaheView, *, marks: BoardMarks = NO_MARKS) -> Text:
    """The dice of the move in progress, for a side panel beside the board
    (the dice: nothing a move marks)."""
    return Text(_dice(view)) if view["dice"] else Text()


def _move_in_progress(out: Text, view: MaheView, beside: bool = False) -> None:
    if view["moving"] is None:
        chooser = view["turn"]
        if view["phase"] == "choose" and chooser is not None:
            out.append(
                _("{player} chooses which turtle moves first.").format(
                    player=_player(view, chooser)
                )
                + "\n"
            )
        return
    out.append(_("Moving:") + " ")
    _turtle(out, view["moving"])
    if view["dice"] and not beside:
        out.append("  " + _dice(view))
    if view["controller"] is not None and view["controller"] != view["turn"]:
        out.append(
            "  "
            + _("{player} decides for the stack").format(player=_player(view, view["controller"]))
        )
    out.append("\n")
    if view["still_to_move"] is not None:
        out.append(_("Still to move afterwards:") + " ")
        _turtle(out, view["still_to_move"])
        out.append("\n")


def _eggs(out: Text, view: MaheView, letters: bool = False) -> None:
    """Each player, named by their turtles, with cards and eggs; with `letters` (the
    narrow board), each turtle by the letter that stands for it on the ring (`R=red`)."""
    for number, cards in enumerate(view["cards"]):
        if letters:
            for index, colour in enumerate(_players_turtles(view, number)):
                if index:
                    out.append(" ")
                out.append(letter(colour) + "=", style=STYLE[colour])
                _turtle(out, colour)
        else:
            _seat(out, view, number)
        out.append(labelled(""))  # the colon after the name, as the language sets it
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
