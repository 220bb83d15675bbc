"""The table of David & Goliath as Rich text, showing only what one seat may see."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from spieltisch.core.palette import PALETTE
from spieltisch.core.reflow import ReflowText
from spieltisch.games.david_goliath.messages import _
from spieltisch.games.david_goliath.rules import COLOURS, DavidGoliathState

COLOUR_NAMES = ("red", "yellow", "green", "blue", "purple")

STYLES = {
    letter: f"bold {PALETTE[colour]}" for letter, colour in zip(COLOURS, COLOUR_NAMES, strict=True)
}
"""Each card colour's letter in its colour (the letter stays, for colour-blind players)."""


def _player(number: int) -> str:
    return _("Player {number}").format(number=number + 1)


WIDTH = 80
NARROW = 40
INDENT = 16


def _cards(text: Text, cards: list[str], column: int, width: int = WIDTH) -> None:
    """Cards grouped by colour, e.g. ``r 4 10 11  g 5 9``, wrapped to `width` columns.

    `column` is where the cursor stands; continuation lines start at INDENT.
    """
    if not cards:
        text.append("-", style="dim")
        return
    groups: list[tuple[str, list[str]]] = []
    for card in cards:
        if not groups or groups[-1][0] != card[0]:
            groups.append((card[0], []))
        groups[-1][1].append(card[1:])
    start = column
    for colour, values in groups:
        words = [colour, *values]
        for i, word in enumerate(words):
            gap = 0 if column == start else (2 if i == 0 else 1)
            if column + gap + len(word) > width:
                text.append("\n" + " " * INDENT)
                column = start = INDENT
                gap = 0
            text.append(" " * gap)
            text.append(word, style=STYLES.get(colour, "") if i == 0 else "")
            column += gap + len(word)


def render(state: DavidGoliathState, player: int | None) -> Text:
    """The table as seen from `player` (None: a spectator), 80 columns wide, or 40 on a
    narrow screen: the trick, the last trick and the hand first, then the scores."""
    return ReflowText(_draw(state, player, WIDTH), WIDTH, [(NARROW, _draw(state, player, NARROW))])


def _draw(state: DavidGoliathState, player: int | None, width: int) -> Text:
    view: dict[str, Any] = state.view(player)
    game = state.game
    n = game.num_players
    indent = INDENT if width >= WIDTH else 4
    text = Text()
    text.append(game.title, style="bold")
    text.append(
        "  "
        + _("deal {number} of {total}").format(
            number=min(view["deal"] + 1, game.num_deals), total=game.num_deals
        )
    )
    text.append("  " + _("dealer: {player}").format(player=_player(view["dealer"])) + "\n")

    text.append(_("Trick") + ": ", style="bold")
    _trick(text, view["trick"])
    text.append("\n")
    last = view.get("last_trick")
    if last:
        text.append(_("Last trick") + ": ", style="bold")
        _trick(text, last["cards"])
        text.append(
            " — "
            + _("{rest} takes the rest, {top} the top card").format(
                rest=_player(last["takes_rest"]), top=_player(last["takes_top"])
            )
            + "\n"
        )

    if "hand" in view:
        label = _("Your hand") + ": "
        text.append(label, style="bold")
        _cards(text, view["hand"], len(label), width)
        text.append("\n")

    if state.is_terminal():
        places = state.ranking()
        winners = [_player(p) for p in range(n) if places[p] == 1]
        text.append(_("Game over. Winner: {players}").format(players=", ".join(winners)))
    elif view["turn"] is not None and state.is_chance_node():
        text.append(_("{player} deals.").format(player=_player(view["turn"])))
    elif view["turn"] is not None:
        text.append(_("{player} to play.").format(player=_player(view["turn"])))
    text.append("\n")

    totals = [sum(points[p] for points in view["deal_scores"]) for p in range(n)]
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
        if width >= WIDTH:
            text.append(f"  {_player(p):<12}  ")
        else:
            text.append(f"  {_player(p)}\n" + " " * indent)
        _cards(text, view["won"][p], indent, width)
        text.append("\n")
    return text


def _trick(text: Text, cards: list[list[Any]]) -> None:
    if not cards:
        text.append("-", style="dim")
        return
    for i, (seat, card) in enumerate(cards):
        if i:
            text.append(", ")
        text.append(_player(seat) + " ")
        text.append(card, style=STYLES.get(card[0], ""))
