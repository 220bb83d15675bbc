"""The table of David & Goliath as Rich text, showing only what one seat may see."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from spieltisch.core.glossary import piece_letters
from spieltisch.core.i18n import labelled
from spieltisch.core.marks import NO_MARKS, BoardMarks
from spieltisch.core.palette import terminal_chip
from spieltisch.core.reflow import ReflowText
from spieltisch.games.david_goliath.messages import _
from spieltisch.games.david_goliath.rules import (
    COLOUR_NAMES,
    DavidGoliathState,
    DavidGoliathView,
)

STYLES = {letter: terminal_chip(colour) for letter, colour in COLOUR_NAMES.items()}
"""Each card colour's letter in its colour (the letter stays, for colour-blind players)."""


def card_text(card: str) -> str:
    """A card as the board shows it: its colour's letters in the reader's language (the
    glossary's: `r4`, `Gr4` for grün in German, `Ve4` for vert in French) and its value.
    The notation (`r4`) stays what is typed and recorded."""
    return piece_letters("david_goliath").get(card[:1], card[:1]) + card[1:]


def _player(number: int) -> str:
    return _("Player {number}").format(number=number + 1)


def _short(number: int) -> str:
    """A seat in few letters (P3), where a row of 40 columns has no room for "Player 3"."""
    return _("P{number}").format(number=number + 1)


WIDTH = 80
COMPACT = 40
INDENT = 16
COUNTED = 3
"""From this many won cards of one colour each counts one point, whatever its value: the
compact board writes such a group as its colour and count (`r×4`)."""


def places(view: DavidGoliathView) -> dict[str, list[str]]:
    """Where cards are (see core.marks): each seat's hand by its size (`seat:2`), the
    cards of the seat's own hand (`hand:r10`), and those on the table (`table:r10`: in
    the trick, or in the trick just taken)."""
    found: dict[str, list[str]] = {
        f"seat:{seat}": ["card"] * size for seat, size in enumerate(view["hand_sizes"])
    }
    for card in view.get("hand", []):
        found[f"hand:{card}"] = [card]
    last = view.get("last_trick")
    for _seat, played in [*view["trick"], *(last["cards"] if last else [])]:
        found[f"table:{played}"] = [str(played)]
    return found


def _groups(cards: list[str]) -> list[tuple[str, list[str]]]:
    """Cards by colour in their order, e.g. [("r", ["4", "10"]), ("g", ["5"])]."""
    groups: list[tuple[str, list[str]]] = []
    for card in cards:
        if not groups or groups[-1][0] != card[0]:
            groups.append((card[0], []))
        groups[-1][1].append(card[1:])
    return groups


def _cards(
    text: Text,
    cards: list[str],
    column: int,
    width: int = WIDTH,
    indent: int = INDENT,
    counted: bool = False,
    marked: Callable[[str], str] = lambda _card: "",
) -> None:
    """Cards grouped by colour, e.g. ``r 4 10 11  g 5 9``, wrapped to `width` columns
    between two colours, never inside one (unless a colour alone is wider than a line).

    `column` is where the cursor stands; continuation lines start at `indent`. With
    `counted`, a group that scores one point a card is written as its count (``r×4``).
    `marked(card)`: the style that marks a card (a move's, see core.marks), or "".
    """
    if not cards:
        text.append("-", style="dim")
        return
    start = column
    letters = piece_letters("david_goliath")
    for notation, values in _groups(cards):
        colour = letters.get(notation, notation)
        if counted and len(values) >= COUNTED:
            words = [f"×{len(values)}"]
            glue = ""
        else:
            words = values
            glue = " "
        whole = len(colour + glue + " ".join(words))
        gap = 0 if column == start else 2
        if column > indent and column + gap + whole > width and indent + whole <= width:
            text.append("\n" + " " * indent)  # the whole colour on the next line
            column = start = indent
        for i, word in enumerate(words):
            shown = colour + glue + word if i == 0 else word  # a colour never ends a line
            gap = 0 if column == start else (2 if i == 0 else 1)
            if column + gap + len(shown) > width:
                text.append("\n" + " " * indent)
                column = start = indent
                gap = 0
            text.append(" " * gap)
            mark = marked(notation + word) if glue else ""  # a count (r×4) is no card
            if i == 0:
                text.append(colour, style=f"{STYLES.get(notation, '')} {mark}".strip())
                text.append(glue)
            text.append(word, style=mark)
            column += gap + len(shown)


def render(
    state: DavidGoliathState,
    player: int | None,
    *,
    beside: bool = False,
    marks: BoardMarks = NO_MARKS,
) -> Text:
    """The table as seen from `player` (None: a spectator), 80 columns wide; on a narrow
    screen a compact board of 40 columns that fits 24 lines with six players. `beside`:
    without the tricks and whose turn it is, which the interface shows beside the board;
    `marks`: the last card played and the highlighted one, in the trick and the hand."""
    return ReflowText(
        _draw(state, player, beside, marks),
        WIDTH,
        [(COMPACT, _draw_compact(state, player, COMPACT, beside, marks))],
    )


def _in_hand(marks: BoardMarks) -> Callable[[str], str]:
    return lambda card: marks.style(f"hand:{card}")


def _deal_line(view: DavidGoliathView, state: DavidGoliathState, name: Callable[[int], str]) -> str:
    game = state.game
    deal = _("deal {number} of {total}").format(
        number=min(view["deal"] + 1, game.num_deals), total=game.num_deals
    )
    return deal + "  " + _("dealer: {player}").format(player=name(view["dealer"]))


def _status(
    text: Text, view: DavidGoliathView, state: DavidGoliathState, beside: bool = False
) -> None:
    """Who plays or deals now (unless shown `beside` the board), or the winners."""
    if beside and not state.is_terminal():
        return
    if state.is_terminal():
        places = state.ranking()
        winners = [_player(p) for p in range(state.game.num_players) if places[p] == 1]
        text.append(_("Game over. Winner: {players}").format(players=", ".join(winners)))
    elif view["turn"] is not None and state.is_chance_node():
        text.append(_("{player} deals.").format(player=_player(view["turn"])))
    elif view["turn"] is not None:
        text.append(_("{player} to play.").format(player=_player(view["turn"])))
    text.append("\n")


def _totals(view: DavidGoliathView, players: int) -> list[int]:
    return [sum(points[p] for points in view["deal_scores"]) for p in range(players)]


def _draw(
    state: DavidGoliathState, player: int | None, beside: bool = False, marks: BoardMarks = NO_MARKS
) -> Text:
    view = state.view(player)
    n = state.game.num_players
    text = Text()
    text.append(state.game.title, style="bold")
    text.append("  " + _deal_line(view, state, _player) + "\n")

    if not beside:
        _tricks(text, view, _player, " — ", marks)

    if "hand" in view:
        label = labelled(_("Your hand"))
        text.append(label, style="bold")
        _cards(text, view["hand"], len(label), marked=_in_hand(marks))
        text.append("\n")
    _status(text, view, state, beside)

    totals = _totals(view, n)
    text.append("\n" + _("Scores") + "\n", style="bold")
    for p in range(n):
        marker = "> " if view["turn"] == p else "  "
        text.append(f"{marker}{_player(p):<12}", style="bold" if p == player else "")
        text.append(f"{totals[p]:>4}")
        if view["deal_scores"]:
            text.append("  (" + " + ".join(str(d[p]) for d in view["deal_scores"]) + ")")
        text.append("  " + _("cards in hand: {count}").format(count=view["hand_sizes"][p]))
        text.append("\n")

    text.append("\n" + _("Won cards") + "\n", style="bold")
    for p in range(n):
        text.append(f"  {_player(p):<12}  ")
        _cards(text, view["won"][p], INDENT)
        text.append("\n")
    return text


def _draw_compact(
    state: DavidGoliathState,
    player: int | None,
    width: int,
    beside: bool = False,
    marks: BoardMarks = NO_MARKS,
) -> Text:
    """The same table in `width` columns and few lines: seats as P1..P6, one row per seat
    with its points and the cards it won this deal (a colour that scores a point a card
    as its count), no blank lines. Everyone holds as many cards as you, give or take the
    card of the trick in progress, so hand sizes are left out."""
    view = state.view(player)
    n = state.game.num_players
    text = Text()
    text.append(_deal_line(view, state, _short) + "\n")
    if not beside:
        _tricks(text, view, _short, "\n→ ", marks)
    if "hand" in view:
        label = labelled(_("Your hand") + f" ({len(view['hand'])})")
        text.append(label, style="bold")
        _cards(text, view["hand"], len(label), width, indent=2, marked=_in_hand(marks))
        text.append("\n")
    _status(text, view, state, beside)
    text.append(_("Points · won this deal") + "\n", style="bold")
    totals = _totals(view, n)
    column = 2 + 3 + 5 + 2
    for p in range(n):
        marker = "> " if view["turn"] == p else "  "
        text.append(f"{marker}{_short(p):<3}", style="bold" if p == player else "")
        text.append(f"{totals[p]:>5}  ")
        _cards(text, view["won"][p], column, width, indent=column, counted=True)
        text.append("\n")
    return text


def panel(view: DavidGoliathView, *, marks: BoardMarks = NO_MARKS) -> Text:
    """The trick on the table and the last one, for a side panel beside the board, with
    the last card played (and the highlighted one) marked."""
    text = Text()
    _tricks(text, view, _player, "\n", marks)
    text.rstrip()
    return text


def _tricks(
    text: Text,
    view: DavidGoliathView,
    name: Callable[[int], str],
    before_takers: str,
    marks: BoardMarks = NO_MARKS,
) -> None:
    """The trick in progress, and the last one with who took what."""
    text.append(labelled(_("Trick")), style="bold")
    _trick(text, view["trick"], name, marks)
    text.append("\n")
    last = view.get("last_trick")
    if last:
        text.append(labelled(_("Last trick")), style="bold")
        _trick(text, last["cards"], name, marks)
        takers = _("{rest} takes the rest, {top} the top card").format(
            rest=name(last["takes_rest"]), top=name(last["takes_top"])
        )
        text.append(before_takers + takers + "\n")


def _trick(
    text: Text,
    cards: list[list[Any]],
    name: Callable[[int], str] = _player,
    marks: BoardMarks = NO_MARKS,
) -> None:
    if not cards:
        text.append("-", style="dim")
        return
    for i, (seat, card) in enumerate(cards):
        if i:
            text.append(", ")
        text.append(name(seat) + " ")
        text.append(card_text(card), style=marks.styled(STYLES.get(card[0], ""), f"table:{card}"))
