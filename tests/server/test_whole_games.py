"""Whole games of all four games through the WebSocket API, checked against the engine;
the hidden-information scan over every message of David & Goliath and Mahé games."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest

from spieltisch.core import State
from spieltisch.games.david_goliath.rules import DavidGoliathState
from tests.server.games import PlayedGame, check_against_the_engine, play_game
from tests.server.server_thread import ServerThread

GAMES: list[tuple[str, int, list[str], dict[str, Any]]] = [
    ("mabula", 1, ["easy"], {}),
    ("madn", 1, ["easy"], {"max_rounds": 6}),
    ("mahe", 1, ["easy"], {}),
    ("david_goliath", 2, ["easy"], {"deals": 1}),
]


@pytest.mark.parametrize(
    ("game", "people", "computers", "options"), GAMES, ids=[g[0] for g in GAMES]
)
def test_a_whole_game_with_people_and_computer_seats_agrees_with_the_engine(
    server: ServerThread, game: str, people: int, computers: list[str], options: dict[str, Any]
) -> None:
    played = asyncio.run(play_game(server.url, game, people, computers, options))
    check_against_the_engine(played)
    assert played.record["players"][-1] == "easy"


def _messages(played: PlayedGame, seat: int | None) -> list[dict[str, Any]]:
    return played.sockets[seat].messages


def _hidden_hands(state: State, seat: int | None) -> set[str]:
    """Cards in other seats' hands at this position (what `seat` may not see)."""
    assert isinstance(state, DavidGoliathState)
    hidden: set[str] = set()
    for other in range(state.game.num_players):
        if other != seat:
            hidden |= set(state.view(other).get("hand", []))
    return hidden


def test_no_message_of_a_david_and_goliath_game_shows_another_seats_hand(
    server: ServerThread,
) -> None:
    played = asyncio.run(play_game(server.url, "david_goliath", 3, [], {"deals": 2}, seed=5))
    check_against_the_engine(played)
    history = played.final().history()
    game = played.final().game
    checked = 0
    for seat in (None, 0, 1, 2):
        for message in _messages(played, seat):
            assert "deal:" not in json.dumps(message)
            if message["type"] != "state":
                continue
            # Cards played earlier are public (and may be in a hand again after a new deal).
            shown = dict(
                message, last_moves=[e for e in message["last_moves"] if e["seat"] is None]
            )
            text = json.dumps(shown)
            state = game.replay(history[: message["seq"]])
            for card in _hidden_hands(state, seat):
                assert f'"{card}"' not in text, (seat, card, message["seq"])
                assert not re.search(rf"\b{card}\b", message.get("board_svg") or "")
                checked += 1
    assert checked > 1000


def test_no_message_of_a_mahe_game_shows_the_face_down_deck(server: ServerThread) -> None:
    played = asyncio.run(play_game(server.url, "mahe", 3, [], {}, seed=3))
    check_against_the_engine(played)
    deals = [entry for entry in played.final().history() if entry.startswith("deck:")]
    assert deals
    for seat in (None, 0, 1, 2):
        for message in _messages(played, seat):
            text = json.dumps(message)
            assert "deck:" not in text
            for deal in deals:
                assert deal.removeprefix("deck:") not in text
