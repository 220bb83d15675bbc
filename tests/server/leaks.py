"""The hidden-information scan as a function, for tests and for the load benchmark: given a
table's whole log and every message one connection got, what did it see that its seat may
not? (Other seats' hands, a shuffled deck or a deal in notation.)"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from spieltisch.core import Game, State
from spieltisch.core.svg import LAYER, expand
from spieltisch.games.david_goliath.rules import DavidGoliathState
from tests.server.test_whole_games import _hidden_hands


def _hidden_chance(history: Sequence[str]) -> list[str]:
    """Chance outcomes written as `kind:payload` (a deal, a deck): never sent in notation,
    neither whole nor their payload."""
    found = []
    for entry in history:
        kind, colon, payload = entry.partition(":")
        if colon and kind in ("deal", "deck"):
            found += [entry, payload]
    return found


def _positions(game: Game[Any], history: Sequence[str], seqs: set[int]) -> dict[int, State]:
    """The position after each of `seqs` entries, replaying the log once."""
    state, positions = game.new_state(), {}
    for index in range(max(seqs, default=0) + 1):
        if index in seqs:
            positions[index] = state.clone()
        if index < len(history):
            state.apply(history[index])
    return positions


def scan_messages(
    game: Game[Any], history: Sequence[str], seat: int | None, messages: Iterable[dict[str, Any]]
) -> tuple[int, list[str]]:
    """(state messages checked, problems found) for one connection of one table. A board
    with placeholders (a connection that keeps the static layers) is scanned whole, with
    the layers the connection was sent before it; each `layer` message is scanned too."""
    secrets = _hidden_chance(history)
    messages = list(messages)
    layers: dict[str, str] = {}
    positions = _positions(game, history, {m["seq"] for m in messages if m.get("type") == "state"})
    checked, problems = 0, []
    for message in messages:
        text = json.dumps(message)
        for secret in secrets:
            if secret in text:
                problems.append(f"seat {seat}: {secret[:30]}… sent in notation")
        if message.get("type") == "layer":
            layers[message["key"]] = message["svg"]
        if message.get("type") != "state":
            continue
        checked += 1
        seq = message["seq"]
        for entry in message["last_moves"]:
            told = entry["move"]
            if entry["seat"] is None and told is not None and told not in game.events:
                problems.append(f"seat {seat}: chance outcome {entry['seq']} in notation")
        if seq > len(history):
            problems.append(f"seat {seat}: told position {seq}, the log has {len(history)}")
            continue
        state = positions[seq]
        if isinstance(state, DavidGoliathState):
            # Cards played earlier are public (and may be in a hand again after a new deal).
            shown = dict(
                message, last_moves=[e for e in message["last_moves"] if e["seat"] is None]
            )
            shown_text = json.dumps(shown)
            board = message.get("board_svg") or ""
            missing = set(LAYER.findall(board)) - set(layers)
            if missing:
                problems.append(f"seat {seat} at {seq}: layers never sent {sorted(missing)}")
                continue
            board = expand(board, layers)
            for card in _hidden_hands(state, seat):
                if f'"{card}"' in shown_text or re.search(rf"\b{card}\b", board):
                    problems.append(f"seat {seat} at {seq}: another seat's card {card}")
    return checked, problems
