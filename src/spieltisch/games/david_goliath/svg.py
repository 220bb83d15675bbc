"""David & Goliath as SVG: the seat's own hand as a fan (playable cards clickable), the
trick with who played what, each player's won cards by colour, hand sizes and scores.

Drawn from the view alone: another player's hand is never in the view, so it can never
be in the picture; other hands are card backs and a count.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from spieltisch.core.i18n import language as in_language
from spieltisch.core.palette import INK, SCREEN
from spieltisch.core.seat_names import capitalised
from spieltisch.core.svg import (
    clickable,
    document,
    drawn_once,
    element,
    fitted,
    refusable,
    seat_text,
    text,
    turn_band,
)
from spieltisch.games.david_goliath.describe import card_name
from spieltisch.games.david_goliath.messages import _
from spieltisch.games.david_goliath.rules import (
    BIT,
    CARD_INDEX,
    COLOUR_NAMES,
    DavidGoliathView,
    LastTrick,
    mask_points,
)

WIDTH = 480
"""Narrow enough that a phone shows the picture at three quarters of its size (a 390 px
screen): at 760 its words were 6 px high there."""
HAND_ROW = 8
"""Cards in one row of the hand at most: a longer hand is fanned in two rows, so each card
keeps a finger's width visible."""
WON_LEFT = 190
"""Where a player's won cards start, after the name ("▶ Player 3 (you)")."""
WORDS = 14
"""The least size of a word on the table: 11 px and more on a 390 px phone, where the
picture is shown at four fifths of its size."""
CHIP_W = 34
"""A won card's width: its symbol and value at the size of the words."""
RIGHT = 130
"""The score column's width at the right of each player's line."""
HOLD_MS = 1800
"""How long the page keeps a trick just taken in view before a newer picture replaces it."""
ROW = 44
LAST_TRICK_WIDTH = 190
LAST_TRICK_HEIGHT = 22 + 3 * 28 + 24
CARD_W, CARD_H = 62, 92
# A shape per colour, so the colours can be told apart without seeing them.
SYMBOL = {"r": "▲", "y": "●", "g": "■", "b": "◆", "p": "★"}


def _player(number: int) -> str:
    return _("Player {number}").format(number=number + 1)


@lru_cache(maxsize=4096, typed=True)
def _card(
    card: str, x: float, y: float, *, scale: float = 1.0, rotate: float = 0.0, dim: bool = False
) -> str:
    """A card face with its value and its colour's symbol; `data-card` names it."""
    colour = COLOUR_NAMES[card[0]]
    w, h = CARD_W * scale, CARD_H * scale
    ink = INK[colour]
    parts = [
        element(
            "rect",
            x=x,
            y=y,
            width=w,
            height=h,
            rx=7 * scale,
            fill=SCREEN[colour],
            stroke="#222",
            stroke_width=2,
        ),
        # The value and symbol sit in the top-left corner, which stays visible in a fan.
        text(
            x + 5 * scale,
            y + 25 * scale,
            card[1:],
            fill=ink,
            font_size=22 * scale,
            font_weight="bold",
            text_anchor="start",
        ),
        text(x + 13 * scale, y + 45 * scale, SYMBOL[card[0]], fill=ink, font_size=16 * scale),
        text(
            x + w - 11 * scale, y + h - 7 * scale, SYMBOL[card[0]], fill=ink, font_size=13 * scale
        ),
    ]
    if dim:
        parts.append(
            element(
                "rect", x=x, y=y, width=w, height=h, rx=7 * scale, fill="#ffffff", fill_opacity=0.55
            )
        )
    transform = None
    if rotate:
        transform = f"rotate({rotate:.1f} {x + w / 2:.1f} {y + h:.1f})"
    return element("g", "".join(parts), data_card=card, transform=transform)


@lru_cache(maxsize=4096, typed=True)
def _chip(card: str, x: float, y: float, *, named: bool = True) -> str:
    """A small card (won, or of the last trick); `named`: `data-card` names it."""
    colour = COLOUR_NAMES[card[0]]
    ink = INK[colour]
    return element(
        "g",
        element(
            "rect",
            x=x,
            y=y,
            width=CHIP_W,
            height=24,
            rx=4,
            fill=SCREEN[colour],
            stroke="#222",
            stroke_width=2,
        )
        + fitted(
            x + CHIP_W / 2,
            y + 17,
            SYMBOL[card[0]] + card[1:],
            CHIP_W - 4,
            WORDS,
            fill=ink,
            font_size=WORDS,
            font_weight="bold",
        ),
        data_card=card if named else None,
    )


def board(
    view: DavidGoliathView,
    *,
    seat: int | None = None,
    legal_moves: Sequence[str] = (),
    last_move: str | None = None,
    language: str = "en",
) -> str:
    """The table `view` shows, with `legal_moves` clickable; pure, reads only the view."""
    with in_language(language):
        return _draw(view, seat, list(legal_moves), last_move, language)


Frozen = tuple[tuple[tuple[int | str, ...], ...], int, int]
"""A `LastTrick` as a cache's key: its cards, who takes the rest, who the top card."""


def _draw(
    view: DavidGoliathView, seat: int | None, legal: list[str], last: str | None, language: str
) -> str:
    sizes = view["hand_sizes"]
    players = len(sizes)
    parts = [_heading(view["deal"], view["dealer"])]
    totals = [sum(points[p] for points in view["deal_scores"]) for p in range(players)]
    top = 40.0
    turn = view["turn"]
    dealing = any(sizes)
    for p in range(players):
        won = tuple(sorted(view["won"][p], key=_won_order))
        row, used = _player_row(p, p == seat, p == turn, totals[p], top, sizes[p], won, dealing)
        parts.append(row)
        top += used
    trick = tuple(tuple(pair) for pair in view["trick"])
    trick_parts, height = _trick(trick, _frozen(view.get("last_trick")), players, top)
    parts.append(trick_parts)
    if view.get("hand"):  # an empty hand (the game over) is no heading over a blank
        hand, used = _hand(tuple(view["hand"]), tuple(legal), height)
        parts.append(hand)
        height += used
    if turn is None:
        parts.append(text(WIDTH / 2, height + 24, _("Game over"), class_="title"))
        height += 40
    elif turn == seat:
        parts.append(text(WIDTH / 2, height + 16, capitalised(_("your move")), class_="title"))
        height += 30
    return document(WIDTH, height + 10, parts, label=_("David & Goliath table"), language=language)


def _won_order(card: str) -> tuple[int, int]:
    return "rygbp".index(card[0]), int(card[1:])


def _frozen(taken: LastTrick | None) -> Frozen | None:
    if taken is None:
        return None
    cards = tuple(tuple(pair) for pair in taken["cards"])
    return cards, taken["takes_rest"], taken["takes_top"]


def _thawed(taken: Frozen) -> LastTrick:
    cards, rest, top = taken
    return {"cards": [list(pair) for pair in cards], "takes_rest": rest, "takes_top": top}


@drawn_once(maxsize=256)
def _heading(deal: int, dealer: int) -> str:
    """Which deal, and who dealt it."""
    return text(
        16,
        26,
        capitalised(_("deal {number}").format(number=deal + 1)),
        class_="title",
        text_anchor="start",
    ) + text(
        WIDTH - 16,
        26,
        capitalised(_("dealer: {player}").format(player=_player(dealer))),
        class_="label",
        text_anchor="end",
    )


@drawn_once(maxsize=4096)
def _trick(
    trick: tuple[tuple[int | str, ...], ...], last: Frozen | None, players: int, top: float
) -> tuple[str, float]:
    """The trick in play (or the one just taken, with who took what) and beside it the
    trick taken last; returns the drawing and where it ends."""
    parts = []
    trick_top = top + 14
    # The trick just taken stays in view until the next card, with who took what.
    taken = _thawed(last) if last is not None and not trick else None
    shown = trick or (tuple(tuple(pair) for pair in taken["cards"]) if taken else ())
    parts.append(
        text(
            16,
            trick_top + 14,
            _("Last trick") if taken else _("Trick"),
            class_="label",
            text_anchor="start",
            font_weight="bold",
        )
    )
    step = min(CARD_W + 18, (WIDTH - 32) / max(players, 1))
    for index, (player, card) in enumerate(shown):
        x = 16 + index * step
        parts.append(_card(str(card), x, trick_top + 24))
        parts.append(
            fitted(
                x + CARD_W / 2,
                trick_top + 24 + CARD_H + 16,
                _player(int(player)),
                step - 4,
                WORDS,
                font_size=WORDS,
            )
        )
    if not shown:
        parts.append(text(16, trick_top + 60, "–", class_="label", text_anchor="start"))
    previous = _thawed(last) if last is not None and trick else None
    height = trick_top + 24 + CARD_H + 30
    if previous:
        beside = 16 + players * step
        if WIDTH - 16 - beside >= LAST_TRICK_WIDTH:
            parts.append(_last_trick(previous, beside, trick_top))
        else:  # no room beside the trick in play: under it
            parts.append(_last_trick(previous, 16, height - 6))
            height += LAST_TRICK_HEIGHT
    if taken:
        takers = _("{rest} takes the rest, {top} the top card").format(
            rest=_player(taken["takes_rest"]), top=_player(taken["takes_top"])
        )
        parts.append(
            text(16, height + 8, takers, class_="label", text_anchor="start", data_takers="")
        )
        # The page holds this picture a moment before the next one replaces it.
        parts.append(element("g", "", data_hold_ms=HOLD_MS))
    height += 24  # the takers' line, kept free so the hand does not jump
    return "".join(parts), height


@drawn_once(maxsize=4096)
def _hand(hand: tuple[str, ...], legal: tuple[str, ...], height: float) -> tuple[str, float]:
    """The seat's own hand under its heading; returns the drawing and its height."""
    heading = text(
        16,
        height + 14,
        _("Your hand"),
        class_="label",
        text_anchor="start",
        font_weight="bold",
    )
    hand_parts, used = _fan(list(hand), list(legal), height + 24)
    return heading + element("g", "".join(hand_parts), class_="hand"), 24 + used


def _last_trick(taken: LastTrick, left: float, top: float) -> str:
    """The trick taken last, small, beside the trick in play (as Board Game Arena's "last
    trick" view): each card with who played it, and who took what."""
    width = WIDTH - 16 - left
    columns = 1 if len(taken["cards"]) <= 3 else 2
    column_width = width / columns
    parts = [
        text(
            left, top + 14, _("Last trick"), class_="label", text_anchor="start", font_weight="bold"
        )
    ]
    for index, (player, card) in enumerate(taken["cards"]):
        column, row = divmod(index, 3)
        x, y = left + column * column_width, top + 22 + row * 28
        parts.append(_chip(str(card), x, y, named=False))
        parts.append(
            fitted(
                x + CHIP_W + 4,
                y + 17,
                _player(int(player)),
                column_width - CHIP_W - 8,
                WORDS,
                font_size=WORDS,
                text_anchor="start",
            )
        )
    takers = _("{rest} takes the rest, {top} the top card").format(
        rest=_player(taken["takes_rest"]), top=_player(taken["takes_top"])
    )
    parts.append(
        fitted(
            left,
            top + 22 + 3 * 28 + 16,
            takers,
            width,
            WORDS,
            font_size=WORDS,
            text_anchor="start",
        )
    )
    return element("g", "".join(parts), class_="last-trick", data_last_trick="")


@drawn_once(maxsize=4096)
def _player_row(
    p: int,
    mine: bool,
    moving: bool,
    total: int,
    y: float,
    hand_size: int,
    won: tuple[str, ...],
    dealing: bool,
) -> tuple[str, float]:
    """One player's line: name ("(you)" where `mine`), hand size, won cards (wrapping,
    in order), score and, `dealing`, the points of this deal; and its height."""
    seat = p if mine else None
    per_line = int((WIDTH - WON_LEFT - RIGHT) // (CHIP_W + 2))
    lines = max(1, -(-len(won) // per_line))
    height = ROW + (lines - 1) * 28
    parts = []
    if moving:
        parts.append(turn_band(WIDTH, y - 2, height - 4))
    name = ("▶ " if moving else "") + _player(p)
    yours = name + " " + _("(you)")
    parts.append(
        seat_text(
            16,
            y + 16,
            p,
            seat,
            name,
            yours,
            class_="label",
            text_anchor="start",
            font_weight="bold",
            data_player=p,
        )
    )
    parts.append(
        fitted(
            16,
            y + 34,
            capitalised(_("cards in hand: {count}").format(count=hand_size)),
            WON_LEFT - 20,
            WORDS,
            font_size=WORDS,
            text_anchor="start",
        )
    )
    for index, card in enumerate(won):
        line, column = divmod(index, per_line)
        parts.append(_chip(card, WON_LEFT + column * (CHIP_W + 2), y + 6 + line * 28))
    parts.append(
        fitted(
            WIDTH - 16,
            y + 18,
            capitalised(_("score: {score}").format(score=total)),
            RIGHT - 8,
            WORDS,
            class_="label",
            text_anchor="end",
            font_weight="bold",
        )
    )
    if dealing:  # a deal in play: what this player's pile is worth now
        running = mask_points(sum(BIT[CARD_INDEX[card]] for card in won))
        parts.append(
            fitted(
                WIDTH - 16,
                y + 36,
                _("{points} in this deal").format(points=running),
                RIGHT - 8,
                WORDS,
                font_size=WORDS,
                text_anchor="end",
                data_deal_points=running,
            )
        )
    return "".join(parts), height


def _fan(hand: list[str], legal: list[str], top: float) -> tuple[list[str], float]:
    """The hand spread as a fan, in two rows when it holds more than HAND_ROW cards;
    returns the drawing and the height it takes."""
    rows = 1 if len(hand) <= HAND_ROW else 2
    per_row = -(-len(hand) // rows)
    parts: list[str] = []
    height = 0.0
    for row in range(rows):
        cards = hand[row * per_row : (row + 1) * per_row]
        drawn, used = _fan_row(cards, legal, top + height)
        parts.extend(drawn)
        height += used
    return parts, height


def _fan_row(hand: list[str], legal: list[str], top: float) -> tuple[list[str], float]:
    count = max(len(hand), 1)
    spread = min(30.0, 4.0 * count)
    step = min(CARD_W * 0.75, (WIDTH - 40 - CARD_W) / count)
    start = (WIDTH - step * (count - 1) - CARD_W) / 2
    parts = []
    for index, card in enumerate(hand):
        angle = 0.0 if count == 1 else -spread / 2 + spread * index / (count - 1)
        x = start + index * step
        lift = abs(angle) * 0.6
        playable = card in legal
        y = top + 10 + lift - (10 if playable else 0)
        parts.append(_fan_card(card, x, y, angle, playable, bool(legal)))
    return parts, CARD_H + 10 + spread * 0.3 + 20


@drawn_once(maxsize=8192)
def _fan_card(card: str, x: float, y: float, angle: float, playable: bool, moving: bool) -> str:
    """A card of the hand at its place in the fan: clickable when `playable`, else (the
    seat `moving`) dimmed and refused with the rule when clicked. The same card at the
    same place recurs from hand to hand and table to table: drawn once."""
    drawn = _card(card, x, y, rotate=angle, dim=moving and not playable)
    if playable:
        hot = element(
            "rect",
            x=x - 2,
            y=y - 2,
            width=CARD_W + 4,
            height=CARD_H + 4,
            rx=8,
            class_="hot",
            transform=f"rotate({angle:.1f} {x + CARD_W / 2:.1f} {y + CARD_H:.1f})",
        )
        return clickable(drawn, [card], _("play {card}").format(card=card_name(card)), hot=hot)
    if moving:
        return refusable(drawn, card, _("play {card}").format(card=card_name(card)))
    return drawn
