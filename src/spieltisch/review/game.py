"""A whole game reviewed: every step classified, the chosen seats' decisions rated.

Decisions are rated independently, each with its own seed drawn from the review's seed
and the decision's place in the history, so the same seed gives the same review whether
one process or many rate them (`workers`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from spieltisch.agents import Budget, make
from spieltisch.core import CHANCE, State, load, load_record
from spieltisch.core.i18n import get_language
from spieltisch.core.ranking import win_shares
from spieltisch.core.records import read_record
from spieltisch.review.decision import Rated, rate_decision
from spieltisch.review.lookups import describe
from spieltisch.review.model import (
    Analysis,
    Rating,
    ReviewFile,
    SeatSummary,
    Settings,
    Step,
    StepKind,
)
from spieltisch.review.verdicts import VERDICTS, Thresholds, Verdict
from spieltisch.sim.play import game_seed

Progress = Callable[[int, int], None]
"""Called with (decisions rated so far, decisions to rate)."""


def review_game(
    source: Mapping[str, Any] | str | Path,
    seats: Sequence[int] | None = None,
    level: str = "expert",
    budget: Budget | None = None,
    seed: int = 0,
    workers: int = 1,
    thresholds: Thresholds | None = None,
    progress: Progress | None = None,
    only: Collection[int] | None = None,
) -> ReviewFile:
    """Review a game record: the decisions of `seats` (default: every seat) rated by the
    level's search. `budget` None gives each search its own iteration default, which is
    reproducible; a budget in seconds is not. `only` limits the review to those steps
    of the history (indices from 0)."""
    record = read_record(source)
    final = load_record(record)
    game = final.game
    chosen = sorted(set(range(game.num_players) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat {seat} does not exist: seats are 0 to {game.num_players - 1}")
    budget = budget if budget is not None else Budget()
    thresholds = thresholds or Thresholds()
    history = final.history()

    kinds: list[tuple[StepKind, int | None]] = []
    positions: dict[int, State] = {}
    words: list[str] = []
    state = game.new_state()
    for index, move in enumerate(history):
        to_move = state.current_player
        if move in game.events:
            kinds.append(("event", None))
        elif to_move == CHANCE:
            kinds.append(("chance", None))
        elif len(state.legal_actions()) == 1:
            kinds.append(("forced", to_move))
        else:
            kinds.append(("decision", to_move))
            if to_move in chosen and (only is None or index in only):
                positions[index] = state.clone()
        words.append(describe(state, move))
        state.apply(move)

    rated = dict(_rate_all(record, history, positions, level, budget, seed, workers, progress))
    steps = []
    for index, move in enumerate(history):
        kind, player = kinds[index]
        analysis = None
        if index in rated:
            analysis = _analysis(positions[index], move, words[index], rated[index], thresholds)
        steps.append(
            Step(
                index=index,
                move=move,
                words=words[index],
                kind=kind,
                player=player,
                analysis=analysis,
            )
        )
    settings = Settings(
        level=level,
        search=make(level, game, seed=0, budget=budget).name,
        iterations=budget.iterations,
        seconds=budget.seconds,
        seed=seed,
        seats=chosen,
        language=get_language(),
        thresholds={name: getattr(thresholds, name) for name in VERDICTS[1:]},
    )
    names = list(record.get("players") or [f"player {i + 1}" for i in range(game.num_players)])
    shares = win_shares(final.ranking()) if final.is_terminal() else None
    summaries = [_summary(seat, names[seat], steps, shares) for seat in chosen]
    return ReviewFile(record=dict(record), settings=settings, steps=steps, seats=summaries)


def _analysis(
    state: State, played: str, played_words: str, rated: Rated, thresholds: Thresholds
) -> Analysis:
    loss = max(0.0, rated.best_chance - rated.played_chance)
    best_words = played_words if rated.best == played else describe(state, rated.best)
    return Analysis(
        win_chance_before=rated.best_chance,
        played=Rating(move=played, words=played_words, win_chance=rated.played_chance),
        best=Rating(move=rated.best, words=best_words, win_chance=rated.best_chance),
        loss=loss,
        verdict=thresholds.verdict(loss),
        exact=rated.exact,
        compared=rated.compared,
        legal_moves=rated.legal_moves,
    )


def _summary(
    seat: int, name: str, steps: Sequence[Step], shares: list[float] | None
) -> SeatSummary:
    mine = [s.analysis for s in steps if s.player == seat and s.analysis is not None]
    counts: dict[Verdict, int] = {verdict: 0 for verdict in VERDICTS}
    for analysis in mine:
        counts[analysis.verdict] += 1
    mean = sum(a.loss for a in mine) / len(mine) if mine else 0.0
    return SeatSummary(
        seat=seat,
        name=name,
        decisions=len(mine),
        verdicts=counts,
        mean_loss=mean,
        win_share=None if shares is None else shares[seat],
    )


def _rate_all(
    record: Mapping[str, Any],
    history: list[str],
    positions: dict[int, State],
    level: str,
    budget: Budget,
    seed: int,
    workers: int,
    progress: Progress | None,
) -> Iterator[tuple[int, Rated]]:
    total = len(positions)
    if progress:
        progress(0, total)
    if workers <= 1 or total <= 1:
        for done, (index, state) in enumerate(sorted(positions.items()), 1):
            yield index, rate_decision(state, history[index], level, budget, game_seed(seed, index))
            if progress:
                progress(done, total)
        return
    game = {"name": record["game"], "options": record["options"]}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {
            pool.submit(
                _rate_replayed, game, history[: index + 1], level, budget, game_seed(seed, index)
            ): index
            for index in sorted(positions)
        }
        for done, future in enumerate(as_completed(futures), 1):
            yield futures[future], future.result()
            if progress:
                progress(done, total)


def _rate_replayed(
    game: dict[str, Any], history: list[str], level: str, budget: Budget, seed: int
) -> Rated:
    """In a worker: rebuild the position before the last entry of `history`, rate it."""
    state = load(game["name"], **game["options"]).replay(history[:-1])
    return rate_decision(state, history[-1], level, budget, seed)
