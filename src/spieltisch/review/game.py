"""A whole game reviewed: every step classified, the chosen seats' decisions rated.

Decisions are rated independently, each with its own seed drawn from the review's seed
and the decision's place in the history, so the same seed gives the same review whether
one process or many rate them (`workers`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spieltisch.agents import Budget, make
from spieltisch.agents.calibration import WinChanceMap, win_chance_map
from spieltisch.agents.hints import hint_budget
from spieltisch.core import CHANCE, State, load, load_record
from spieltisch.core.i18n import get_language
from spieltisch.core.ranking import win_shares
from spieltisch.core.records import read_record
from spieltisch.review.calibration import Calibration, fitted_calibration
from spieltisch.review.decision import Rated, rate_decision
from spieltisch.review.lookups import describe, seat_titles
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


@dataclass
class Plan:
    """A record's history classified step by step, with the positions to rate."""

    record: dict[str, Any]
    final: State
    seats: list[int]
    kinds: list[tuple[StepKind, int | None]]
    words: list[str]
    positions: dict[int, State]
    """The decisions of the chosen seats, each position before its move, by index."""


def plan_review(
    source: Mapping[str, Any] | str | Path,
    seats: Sequence[int] | None = None,
    only: Collection[int] | None = None,
) -> Plan:
    """Replay the record once: what each step is, its words, which decisions to rate."""
    record = dict(read_record(source))
    final = load_record(record)
    game = final.game
    chosen = sorted(set(range(game.num_players) if seats is None else seats))
    for seat in chosen:
        if not 0 <= seat < game.num_players:
            raise ValueError(f"seat {seat} does not exist: seats are 0 to {game.num_players - 1}")
    kinds: list[tuple[StepKind, int | None]] = []
    positions: dict[int, State] = {}
    words: list[str] = []
    state = game.new_state()
    for index, move in enumerate(final.history()):
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
    return Plan(record, final, chosen, kinds, words, positions)


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
    calibrate: bool = True,
) -> ReviewFile:
    """Review a game record: the decisions of `seats` (default: every seat) rated by the
    level's search. `budget` None gives each search as much as the level's hint gets, in
    iterations (`hint_budget`), which is reproducible; a budget in seconds is not. `only`
    limits the review to those steps of the history (indices from 0). `calibrate`
    shows calibrated win chances where there is a calibration (`review_calibration`);
    false shows the search's own estimates."""
    plan = plan_review(source, seats, only)
    budget = budget if budget is not None else hint_budget(plan.final.game, level)
    history = plan.final.history()
    rated = dict(
        _rate_all(plan.record, history, plan.positions, level, budget, seed, workers, progress)
    )
    return assemble_review(plan, rated, level, budget, seed, thresholds, calibrate)


def assemble_review(
    plan: Plan,
    rated: Mapping[int, Rated],
    level: str = "expert",
    budget: Budget | None = None,
    seed: int = 0,
    thresholds: Thresholds | None = None,
    calibrate: bool = True,
) -> ReviewFile:
    """The review of a planned game from its rated decisions (rated here or elsewhere,
    e.g. by `rate_steps` in a server's worker pool)."""
    final, game = plan.final, plan.final.game
    budget = budget if budget is not None else hint_budget(game, level)
    thresholds = thresholds or Thresholds()
    calibration = review_calibration(game.name, game.num_players, level) if calibrate else None
    steps = []
    for index, move in enumerate(final.history()):
        kind, player = plan.kinds[index]
        analysis = None
        if index in rated:
            analysis = _analysis(
                plan.positions[index],
                move,
                plan.words[index],
                rated[index],
                thresholds,
                calibration,
            )
        steps.append(
            Step(
                index=index,
                move=move,
                words=plan.words[index],
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
        seats=plan.seats,
        language=get_language(),
        thresholds={name: getattr(thresholds, name) for name in VERDICTS[1:]},
        calibration=calibration,
    )
    record = plan.record
    names = seat_titles(game, list(record.get("players") or []))
    shares = win_shares(final.ranking()) if final.is_terminal() else None
    summaries = [_summary(seat, names[seat], steps, shares) for seat in plan.seats]
    return ReviewFile(record=dict(record), settings=settings, steps=steps, seats=summaries)


def review_calibration(game: str, players: int, level: str) -> WinChanceMap | Calibration | None:
    """The one correction a review's win chances go through: the hint's map where the
    level's hints are calibrated in this game (the rated chances come calibrated from
    the hint), else the review's own fit (`spieltisch.review.calibration`), else none."""
    return win_chance_map(game, players, level) or fitted_calibration(game, level)


def rate_steps(
    record: Mapping[str, Any],
    indices: Collection[int],
    level: str,
    budget: Budget | None,
    seed: int,
) -> list[tuple[int, Rated]]:
    """Rate the decisions at `indices` of the record's history (plain data in and out,
    for a worker process); each with the seed `review_game` would give it, and with the
    same budget (None: the hint's)."""
    wanted = set(indices)
    game = load(record["game"], **record["options"])
    budget = budget if budget is not None else hint_budget(game, level)
    state = game.new_state()
    rated = []
    for index, move in enumerate(record["history"]):
        if index > max(wanted, default=-1):
            break
        if index in wanted:
            chosen = rate_decision(state.clone(), move, level, budget, game_seed(seed, index))
            rated.append((index, chosen))
        state.apply(move)
    return rated


def _analysis(
    state: State,
    played: str,
    played_words: str,
    rated: Rated,
    thresholds: Thresholds,
    calibration: WinChanceMap | Calibration | None,
) -> Analysis:
    """The decision in words and chances. Chances the hint calibrated are shown as they
    came (never corrected twice), or as the search's own when the review is raw; the
    review's own fit corrects only the search's own figures."""
    players = state.game.num_players

    def rating(move: str, words: str, chance: float, estimate: float | None) -> Rating:
        if estimate is not None:  # the hint's calibrated chance
            if calibration is None:
                return Rating(move=move, words=words, win_chance=estimate)
            return Rating(move=move, words=words, win_chance=chance, estimate=estimate)
        if calibration is None or rated.exact:
            return Rating(move=move, words=words, win_chance=chance)
        return Rating(
            move=move, words=words, win_chance=calibration(chance, players), estimate=chance
        )

    best_words = played_words if rated.best == played else describe(state, rated.best)
    mine = rating(played, played_words, rated.played_chance, rated.played_estimate)
    best = rating(rated.best, best_words, rated.best_chance, rated.best_estimate)
    loss = max(0.0, best.win_chance - mine.win_chance)
    return Analysis(
        win_chance_before=best.win_chance,
        played=mine,
        best=best,
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
