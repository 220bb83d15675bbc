"""The hidden-information scan used by the load benchmark finds what it looks for: a
message built from the seat's own view passes; one carrying another seat's card, a deal in
notation or a position the log does not have is reported."""

from __future__ import annotations

import random
from typing import Any

import spieltisch
from tests.server.leaks import scan_messages


def _state_message(state: Any, seat: int | None, seq: int, **changes: Any) -> dict[str, Any]:
    message = {
        "type": "state",
        "seq": seq,
        "seat": seat,
        "view": state.view(seat),
        "last_moves": [{"seq": seq, "seat": None, "move": None, "words": "cards dealt"}],
        "legal_moves": [],
        "board_svg": "<svg></svg>",
    }
    return {**message, **changes}


def test_the_scan_passes_own_views_and_reports_each_kind_of_leak() -> None:
    game = spieltisch.load("david_goliath", players=3)
    state = game.new_state()
    deal = state.sample_chance(random.Random(7))
    history = [deal]
    honest = [_state_message(state, seat, 1) for seat in (0, 1, 2)]
    for seat, message in enumerate(honest):
        assert scan_messages(game, history, seat, [message]) == (1, [])
    assert scan_messages(game, history, None, [_state_message(state, None, 1)]) == (1, [])

    seen_by_1: dict[str, Any] = dict(state.view(1))
    other_card = seen_by_1["hand"][0]
    board = _state_message(state, 0, 1, board_svg=f"<svg><text>{other_card}</text></svg>")
    in_view = _state_message(state, 0, 1, view={**state.view(0), "peek": [other_card]})
    raw_deal = _state_message(
        state, 2, 1, last_moves=[{"seq": 1, "seat": None, "move": deal, "words": "x"}]
    )
    ahead = _state_message(state, 0, 5)
    for seat, message in ((0, board), (0, in_view), (2, raw_deal), (0, ahead)):
        _, problems = scan_messages(game, history, seat, [message])
        assert problems, message


def test_the_scan_reports_a_mahe_deck_sent_in_a_message() -> None:
    game = spieltisch.load("mahe", players=3)
    state = game.new_state()
    deck = state.sample_chance(random.Random(3))
    chat = {"type": "chat", "text": deck.removeprefix("deck:")}
    assert scan_messages(game, [deck], 0, [_state_message(state, 0, 1)]) == (1, [])
    assert scan_messages(game, [deck], 0, [chat])[1]


def test_the_scan_sees_a_card_in_a_static_layer_of_the_board() -> None:
    """A connection that keeps layers (the page's) gets boards with placeholders: the scan
    puts the layers it was sent back in before it looks (issue 41)."""
    game = spieltisch.load("david_goliath", players=3)
    state = game.new_state()
    history = [state.sample_chance(random.Random(7))]
    seen_by_1: dict[str, Any] = dict(state.view(1))
    other_card = seen_by_1["hand"][0]
    layer = {
        "type": "layer",
        "key": "david_goliath-0123456789",
        "svg": f"<text>{other_card}</text>",
    }
    placeholder = '<svg><g data-layer="david_goliath-0123456789"/></svg>'
    board = _state_message(state, 0, 1, board_svg=placeholder)
    _, problems = scan_messages(game, history, 0, [board])
    assert problems and "never sent" in problems[0]
    _, problems = scan_messages(game, history, 0, [layer, board])
    assert problems and other_card in problems[0]
