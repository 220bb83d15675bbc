"""How strong are the levels? An arena that prints, per game, each level against the one
below and against random, and the expert against OpenSpiel's own bots.

    uv run python benchmarks/strength.py                       # the full table (hours)
    uv run python benchmarks/strength.py --games 20 --seconds 0.2 --only mabula
    uv run python benchmarks/strength.py --workers 2 --markdown
    uv run python benchmarks/strength.py --only madn --pairs expert@learned-expert@hand
    uv run python benchmarks/strength.py --only madn --pairs expert-hard --log games.jsonl
    uv run python benchmarks/strength.py --summary games.jsonl   # a long match, so far
    uv run python benchmarks/strength.py duplicate --game madn --pairs expert-hard --blocks 250

`duplicate` (benchmarks/duplicate.py) is the measuring protocol that takes the luck out:
the same dice and deals with the seats rotated, intervals and tests over the blocks.

A match puts one agent (A) in one seat against copies of another (B) in all other seats,
A's seat rotating from game to game, chance drawn from a seeded generator. It reports A's
win share (ties for first place share the win) with a 95% Wilson interval; with n players
an agent no better than its opponents wins 1/n, so A is significantly stronger when the
interval's lower end lies above 1/n.

The expert gets `--seconds` per move (default 1 s, its default); the other levels keep
their own budgets. OpenSpiel's `MCTSBot` (Mahé, Mensch ärgere Dich nicht, Mabula) and
`ISMCTSBot` (David & Goliath), with random rollouts, play our engines through the OpenSpiel
adapter (`spieltisch.interop.openspiel`) with the same time per move: before each move
the number of simulations is set from the bot's measured time per simulation in its latest
moves. The bots get a position from `determinize` for their player, so they do not see
hidden cards.

A match prints its row only at its end; `--log` appends every finished game to a file
(one JSON line), so a long match can be read before it ends, or after it was stopped,
with `--summary`: the games so far are the first games of the match, the same whatever
the load, as long as every agent in it is clock-independent (docs/strength.md).

Not a timed test: it prints figures to compare on one machine (docs/strength.md).
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import os
import platform
import random
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TextIO

import spieltisch
from spieltisch.agents import Agent, Budget, make
from spieltisch.agents.levels import level
from spieltisch.core import CHANCE, Game, State
from spieltisch.core.ranking import win_shares
from spieltisch.sim.play import game_seed
from spieltisch.sim.stats import wilson_interval

GAMES: dict[str, int] = {"mabula": 2, "mahe": 4, "madn": 4, "david_goliath": 4}
"""The games and their player counts for the table."""

LADDER = ("random", "easy", "medium", "hard", "expert")


# -- OpenSpiel's bots as agents -------------------------------------------------------------


class OpenSpielBot(Agent):
    """OpenSpiel's MCTSBot (or ISMCTSBot for imperfect-information card games) with random
    rollouts, playing through the adapter, with about `budget.seconds` per move."""

    name = "openspiel"

    def __init__(self, game: Game[Any], seed: int | None = None, budget: Budget | None = None):
        super().__init__(game, seed, budget)
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        from spieltisch.interop.openspiel import load_game

        self.seconds = self.budget.seconds or 1.0
        self.pyspiel_game = load_game(game.name, **game.options.to_json())
        random_state = np.random.RandomState((seed or 0) % 2**32)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        self.imperfect = game.name == "david_goliath"
        if self.imperfect:
            self.bot: Any = ismcts.ISMCTSBot(
                self.pyspiel_game, evaluator, 2.0, 100, random_state=random_state
            )
        else:
            self.bot = mcts.MCTSBot(
                self.pyspiel_game, 2.0, 100, evaluator, random_state=random_state
            )
        self.per_simulation = 0.0  # measured seconds per simulation, recent moves weighing most

    def _set_simulations(self, count: int) -> None:
        if self.imperfect:
            self.bot._max_simulations = count
        else:
            self.bot.max_simulations = count

    def choose(self, state: State) -> str:
        from spieltisch.interop.openspiel import state_from_history

        actions = state.legal_actions()
        if len(actions) == 1:
            return self.game.action_to_move(actions[0])
        world = state.determinize(state.current_player, self.rng)
        position = state_from_history(self.pyspiel_game, world.history())
        # a probe of 10 simulations measures the speed; 1 would expand nothing
        count = max(2, int(self.seconds / self.per_simulation)) if self.per_simulation else 10
        self._set_simulations(count)
        start = time.perf_counter()
        action = self.bot.step(position)
        latest = (time.perf_counter() - start) / count
        # simulations get faster as the game goes on: follow the latest moves
        self.per_simulation = (
            latest if not self.per_simulation else 0.5 * (self.per_simulation + latest)
        )
        return self.game.action_to_move(int(action))


def build(spec: str, game: Game[Any], seed: int, seconds: float) -> Agent:
    """`expert`, `hard`, ... by name, `expert@learned` a level with another of the game's
    evaluations; the expert and OpenSpiel's bots get `seconds` a move."""
    name, _, evaluation = spec.partition("@")
    if name == "openspiel":
        return OpenSpielBot(game, seed, Budget(seconds=seconds))
    budget = Budget(seconds=seconds) if name == "expert" else None
    if evaluation:
        chosen = level(game, name, evaluation=evaluation)
        return chosen.build(game, seed, budget or chosen.budget)
    return make(name, game, seed=seed, budget=budget)


# -- matches --------------------------------------------------------------------------------


@dataclass
class Match:
    game: str
    players: int
    a: str
    b: str
    games: int = 0
    wins: float = 0.0
    time_a: float = 0.0
    moves_a: int = 0
    time_b: float = 0.0
    moves_b: int = 0
    wall: float = 0.0
    seeds: list[int] = field(default_factory=list)

    def add(self, other: Match) -> None:
        self.games += other.games
        self.wins += other.wins
        self.time_a += other.time_a
        self.moves_a += other.moves_a
        self.time_b += other.time_b
        self.moves_b += other.moves_b

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def significant(self) -> bool:
        return self.interval[0] > 1.0 / self.players


def play_match_game(
    name: str, players: int, a: str, b: str, index: int, seed: int, seconds: float
) -> Match:
    """Game `index` of a match: A sits in seat `index mod players`."""
    game = spieltisch.load(name, players=players)
    own_seed = game_seed(seed, index)
    seat_a = index % players
    agents = [
        build(a if seat == seat_a else b, game, own_seed + seat, seconds) for seat in range(players)
    ]
    rng = random.Random(own_seed)
    state = game.new_state()
    result = Match(name, players, a, b, games=1)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.sample_chance(rng)
            continue
        seat = state.current_player
        start = time.perf_counter()
        move = agents[seat].choose(state)
        spent = time.perf_counter() - start
        if seat == seat_a:
            result.time_a += spent
            result.moves_a += 1
        else:
            result.time_b += spent
            result.moves_b += 1
        state.apply(move)
    result.wins = win_shares(state.ranking())[seat_a]
    return result


def run_match(
    name: str,
    players: int,
    a: str,
    b: str,
    games: int,
    seed: int,
    seconds: float,
    workers: int,
    log: TextIO | None = None,
) -> Match:
    """The match's games, in order; each finished game is appended to `log` at once."""
    total = Match(name, players, a, b)
    start = time.perf_counter()
    args = [(name, players, a, b, index, seed, seconds) for index in range(games)]
    for index, result in enumerate(played(args, workers)):
        total.add(result)
        if log is not None:
            log.write(json.dumps(logged(result, index, seed), ensure_ascii=False) + "\n")
            log.flush()
    total.wall = time.perf_counter() - start
    return total


def played(args: list[tuple[str, int, str, str, int, int, float]], workers: int) -> Iterator[Match]:
    """The games of `args`, in order, on `workers` processes."""
    if workers <= 1:
        for arguments in args:
            yield play_match_game(*arguments)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play_match_game, *zip(*args, strict=True))


LOGGED = ("wins", "time_a", "moves_a", "time_b", "moves_b")
"""What a log line keeps of a game, besides the match it belongs to."""


def logged(result: Match, index: int, seed: int) -> dict[str, Any]:
    """One game of a match as a log line."""
    line: dict[str, Any] = {
        "game": result.game,
        "players": result.players,
        "a": result.a,
        "b": result.b,
        "seed": seed,
        "index": index,
    }
    line.update((key, getattr(result, key)) for key in LOGGED)
    return line


def summary(lines: Iterable[str]) -> list[tuple[int, Match]]:
    """The matches of a log, as far as they got: (seed, match) in the order first seen.

    A game logged twice (a match run again into the same file) counts once."""
    matches: dict[tuple[str, int, str, str, int], Match] = {}
    seen: set[tuple[str, int, str, str, int, int]] = set()
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
            key = (line["game"], line["players"], line["a"], line["b"], line["seed"])
            game = Match(*key[:4], games=1, **{name: line[name] for name in LOGGED})
            index = line["index"]
        except (ValueError, KeyError, TypeError) as error:
            raise SystemExit(f"line {number} of the log is not a logged game: {error}") from None
        if (*key, index) in seen:
            continue
        seen.add((*key, index))
        matches.setdefault(key, Match(*key[:4])).add(game)
    return [(key[4], match) for key, match in matches.items()]


def pairings(openspiel: bool) -> list[tuple[str, str]]:
    pairs = []
    for lower, upper in itertools.pairwise(LADDER):
        pairs.append((upper, lower))
        if lower != "random":
            pairs.append((upper, "random"))
    if openspiel:
        pairs.append(("expert", "openspiel"))
    return pairs


# -- output ---------------------------------------------------------------------------------


def row(match: Match, markdown: bool) -> str:
    low, high = match.interval
    per_a = 1000 * match.time_a / max(1, match.moves_a)
    per_b = 1000 * match.time_b / max(1, match.moves_b)
    verdict = "yes" if match.significant else "no"
    cells = [
        f"{match.a} vs {match.b}",
        str(match.games),
        f"{match.share:.1%}",
        f"{low:.1%}–{high:.1%}",
        f"{1 / match.players:.0%}",
        verdict,
        f"{per_a:.0f} / {per_b:.0f}",
        f"{match.wall:.0f}" if match.wall else "–",
    ]
    if markdown:
        return "| " + " | ".join(cells) + " |"
    widths = (24, 6, 8, 14, 6, 5, 14, 7)
    return " ".join(cell.rjust(width) for cell, width in zip(cells, widths, strict=True))


HEADER = (
    "pairing (A vs B)",
    "games",
    "A wins",
    "95% CI",
    "1/n",
    "sig.",
    "ms/move A / B",
    "wall s",
)


def header(markdown: bool) -> str:
    if markdown:
        return "| " + " | ".join(HEADER) + " |\n|" + "---|" * len(HEADER)
    widths = (24, 6, 8, 14, 6, 5, 14, 7)
    return " ".join(cell.rjust(width) for cell, width in zip(HEADER, widths, strict=True))


def main(argv: Sequence[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["duplicate"]:
        # run as a script, the folder above `benchmarks` is not yet on the path
        sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        from benchmarks import duplicate

        duplicate.main(argv[1:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument(
        "--expert-games", type=int, default=None, help="games of pairings with the expert"
    )
    parser.add_argument(
        "--random-games", type=int, default=None, help="games of the levels against random"
    )
    parser.add_argument(
        "--openspiel-games", type=int, default=None, help="games against OpenSpiel's bots"
    )
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="time per move of the expert and the bots"
    )
    parser.add_argument("--only", default="", help="comma-separated games (default: all)")
    parser.add_argument("--pairs", default="", help="only these pairings, e.g. expert-hard")
    parser.add_argument("--no-openspiel", action="store_true", help="skip OpenSpiel's bots")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--markdown", action="store_true", help="Markdown tables")
    parser.add_argument(
        "--log", default=None, help="append each finished game to this file (JSON lines)"
    )
    parser.add_argument(
        "--summary", default=None, help="only print the matches of such a log, as far as they got"
    )
    args = parser.parse_args(argv)
    if args.summary is not None:
        with open(args.summary, encoding="utf-8") as lines:
            matches = summary(lines)
        print(
            ("| seed " if args.markdown else "seed ")
            + header(args.markdown).replace("\n|", "\n|---|")
        )
        for seed, match in matches:
            print(("| " if args.markdown else "") + f"{seed:>4} " + row(match, args.markdown))
        return

    names = [n for n in args.only.split(",") if n] or list(GAMES)
    wanted = {(p.split("-")[0], p.split("-")[1]) for p in args.pairs.split(",") if p}
    began = time.perf_counter()
    machine = platform.processor() or platform.machine()
    print(
        f"{datetime.date.today()} — {platform.node()}, {machine}, {os.cpu_count()} cores,"
        f" Python {platform.python_version()};"
        f" expert and bots {args.seconds:g} s per move; {args.workers} worker(s)"
    )
    for name in names:
        players = GAMES[name]
        print(f"\n{spieltisch.load(name, players=players).title} ({players} players)\n")
        print(header(args.markdown), flush=True)
        ladder = pairings(not args.no_openspiel)
        extra = sorted(pair for pair in wanted if pair not in ladder)  # e.g. expert@learned
        for a, b in ladder + extra:
            if wanted and (a, b) not in wanted:
                continue
            games = args.games
            if b == "openspiel" and args.openspiel_games is not None:
                games = args.openspiel_games
            elif b == "random" and args.random_games is not None:
                games = args.random_games
            elif a.startswith("expert") and b != "openspiel" and args.expert_games is not None:
                games = args.expert_games
            with open(args.log or os.devnull, "a", encoding="utf-8") as log:
                match = run_match(
                    name, players, a, b, games, args.seed, args.seconds, args.workers, log
                )
            print(row(match, args.markdown), flush=True)
    print(f"\ntotal {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
