"""What one state message costs the server, part by part, per game: the view, the legal
moves in words, the board as SVG (with the static layers cached, beside the same board
with every cache emptied first, as every board was drawn before the caches), the JSON
and the WebSocket's per-message deflate (as the server compresses: raw deflate with
uvicorn's 12 window bits and memory level 5, a sync flush) at zlib's default level beside
zlib-ng's level 1 (`ng 1`, the server's since 2026-12-07; zlib's level 1 was from
2026-11-26), and the sizes before and after compression.
Each message is compressed by a fresh compressor, so the sizes leave out what a
connection's context takeover saves on the messages after its first.

CPU time per message (`time.process_time`), so the figures hold on a busy machine
better than wall-clock ones; both SVG columns come from the same run.

A second table (issue 41) takes the board apart: its bytes, the share of its static
layers (the style sheet, the track, fields or ring: what a connection that keeps layers,
the web page, gets once instead of in every message; `svg.layered`), the bytes its
numbers spend past two decimals, and the message as such a connection gets it beside
the whole one: JSON and sent bytes (at the server's deflate level), and the CPU of its
JSON and deflate.

    uv run --extra web python benchmarks/messages.py --positions 40
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
import zlib
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from zlib_ng import zlib_ng

import spieltisch
from spieltisch.core import CHANCE, State
from spieltisch.core.svg import board_drawer, layered, short
from spieltisch.server.infra.transport import DEFLATE_LEVEL, MEMORY_LEVEL, WINDOW_BITS
from spieltisch.server.schemas.messages import LegalMove, StateOut
from spieltisch.server.table import parts

GAMES = [("mabula", 2), ("madn", 4), ("mahe", 3), ("david_goliath", 3)]
PARTS = ["view", "words", "svg", "svg, no cache", "json", "deflate 6", f"ng {DEFLATE_LEVEL}"]
DECIMALS = re.compile(r'(?<=")-?\d+\.\d+(?=")')
"""A number with decimals, the whole of an attribute's value."""


def _deflate(data: bytes, level: int, ng: bool = False) -> bytes:
    """One message as permessage-deflate sends it at `level` (before the tail is cut), by
    zlib (uvicorn's) or, `ng`, by zlib-ng (the server's since 2026-12-07)."""
    module: Any = zlib_ng if ng else zlib
    compressor = module.compressobj(level, zlib.DEFLATED, -WINDOW_BITS, MEMORY_LEVEL)
    compressed: bytes = compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)
    return compressed


def _positions(name: str, players: int, count: int, rng: random.Random) -> list[State]:
    """Decision positions of random games, 5 to 60 plies in."""
    game = spieltisch.load(name, players=players)
    found: list[State] = []
    while len(found) < count:
        state = game.new_state()
        for _ in range(rng.randrange(5, 60)):
            if state.is_terminal():
                break
            if state.current_player == CHANCE:
                state.sample_chance(rng)
            else:
                state.apply(rng.choice(state.legal_moves()))
        if not state.is_terminal() and state.current_player != CHANCE:
            found.append(state)
    return found


def _empty_caches(state: State) -> None:
    drawer = board_drawer(state.game)
    module = sys.modules[drawer.__module__] if drawer is not None else None
    for value in vars(module).values() if module is not None else ():
        if hasattr(value, "cache_clear"):
            value.cache_clear()


def _measure(state: State, seat: int | None, lang: str, spent: dict[str, float]) -> None:
    """One message for `seat`: adds each part's CPU seconds and the sizes to `spent`."""
    clock = time.process_time
    start = clock()
    view = state.view(seat)
    after_view = clock()
    legal = state.legal_moves() if seat == state.current_player else []
    words = [LegalMove(move=move, words=parts.describe(state, move, lang)) for move in legal]
    after_words = clock()
    svg = parts.board_svg(state, seat, legal, None, lang, view=view)
    after_svg = clock()
    _empty_caches(state)
    cold_start = clock()
    parts.board_svg(state, seat, legal, None, lang, view=view)
    cold_end = clock()
    message = StateOut(
        table="t",
        seq=1,
        status="running",
        seat=seat,
        to_move=state.current_player,
        view=view,
        legal_moves=words,
        last_moves=[],
        result=None,
        clock=None,
        board_svg=svg,
    )
    text = message.model_dump_json(exclude_none=False)
    after_json = clock()
    encoded = text.encode()
    data = _deflate(encoded, zlib.Z_DEFAULT_COMPRESSION)
    after_deflate = clock()
    fast = _deflate(encoded, DEFLATE_LEVEL, ng=True)
    after_fast = clock()
    for name, seconds in zip(
        PARTS,
        [
            after_view - start,
            after_words - after_view,
            after_svg - after_words,
            cold_end - cold_start,
            after_json - cold_end,
            after_deflate - after_json,
            after_fast - after_deflate,
        ],
        strict=True,
    ):
        spent[name] += seconds
    spent["bytes"] += len(encoded)
    spent["compressed"] += len(data)
    spent["fast"] += len(fast)
    assert svg is not None
    whole_cpu = (after_json - cold_end) + (after_fast - after_deflate)
    _measure_layers(state, svg, message, spent, whole_cpu)


def _measure_layers(
    state: State, svg: str, message: StateOut, spent: dict[str, float], whole_cpu: float
) -> None:
    """The board's static layers and long numbers, and the message with placeholders."""
    clock = time.process_time
    small, _keys = layered(svg, state.game.name)
    spent["svg bytes"] += len(svg.encode())
    spent["layers"] += len(svg.encode()) - len(small.encode())
    spent["decimals"] += sum(len(n) - len(short(float(n))) for n in DECIMALS.findall(svg))
    start = clock()
    encoded = message.model_copy(update={"board_svg": small}).model_dump_json().encode()
    sent = _deflate(encoded, DEFLATE_LEVEL, ng=True)
    spent["layered cpu"] += clock() - start
    spent["whole cpu"] += whole_cpu
    spent["layered bytes"] += len(encoded)
    spent["layered sent"] += len(sent)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="positions per game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"CPU ms per state message ({args.positions} positions x 3 seats x 3 languages)")
    sizes = f"{'KB':>7}{'KB sent 6':>11}{f'KB sent {DEFLATE_LEVEL}':>11}"
    print(f"{'game':<14}" + "".join(f"{name:>15}" for name in PARTS) + sizes)
    boards: dict[str, str] = {}
    for name, players in GAMES:
        spent: dict[str, float] = defaultdict(float)
        messages = 0
        for state in _positions(name, players, args.positions, rng):
            seats = [state.current_player, None, (state.current_player + 1) % players]
            for seat in seats:
                for lang in ("de", "en", "fr"):
                    _measure(state, seat, lang, spent)
                    messages += 1
        print(
            f"{name:<14}"
            + "".join(f"{spent[part] / messages * 1000:>15.2f}" for part in PARTS)
            + f"{spent['bytes'] / messages / 1024:>7.1f}"
            + f"{spent['compressed'] / messages / 1024:>11.1f}"
            + f"{spent['fast'] / messages / 1024:>11.1f}",
            flush=True,
        )
        kb = {part: spent[part] / messages / 1024 for part in spent}
        boards[name] = (
            f"{name:<14}{kb['svg bytes']:>7.1f}{kb['layers']:>10.1f}"
            f"{spent['layers'] / spent['svg bytes']:>7.0%}{kb['decimals']:>10.2f}"
            f"{kb['bytes']:>8.1f}{kb['layered bytes']:>8.1f}{kb['fast']:>8.1f}"
            f"{kb['layered sent']:>8.1f}{spent['whole cpu'] / messages * 1000:>8.2f}"
            f"{spent['layered cpu'] / messages * 1000:>8.2f}"
        )
    print("\nThe board's parts in KB; the message whole and layered: KB, KB sent, CPU ms of")
    print(f"JSON and deflate {DEFLATE_LEVEL}")
    print(
        f"{'game':<14}{'svg':>7}{'layers':>10}{'share':>7}{'decimals':>10}"
        f"{'JSON':>8}{'layered':>8}{'sent':>8}{'layered':>8}{'ms':>8}{'layered':>8}"
    )
    for line in boards.values():
        print(line)


if __name__ == "__main__":
    main()
