"""Reviews of finished games in the server: analysed in the worker pool, once, with progress.

The searches run in the pool a few decisions at a time, so the event loop never waits
and computer seats' moves get their turn between the parts. What is kept (in the
`game_reviews` row) is the searches' ratings; the page's words, graph and verdicts are
assembled from them in each reader's language, as `spieltisch review` does.

One analysis per game runs at a time, across server processes: the row is inserted
before the work starts (of two inserts exactly one succeeds), and an attempt that stops
updating its row for `STALE` (its process died) is taken over by the next request.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import secrets
from collections.abc import Hashable, Mapping
from dataclasses import astuple
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.exc import IntegrityError

import spieltisch
from spieltisch.agents import Budget
from spieltisch.core.i18n import language
from spieltisch.review.calibration import calibration_note
from spieltisch.review.decision import Rated
from spieltisch.review.game import assemble_review, plan_review, rate_steps
from spieltisch.review.graph import line_sample, seat_colour, win_chance_svg
from spieltisch.review.html import estimate_note
from spieltisch.review.messages import _ as review_text
from spieltisch.review.verdicts import VERDICTS, verdict_name
from spieltisch.server.i18n import _
from spieltisch.server.infra.fair import Lane
from spieltisch.server.infra.workers import WorkerPool
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import ReviewOut
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.store import Database, GameReviewRow
from spieltisch.store.models import as_utc
from spieltisch.store.reviews import ReviewStatus, update_if_owned

logger = logging.getLogger("spieltisch.server.reviews")

LEVEL = "expert"
SEED = 0
BATCH = 4
"""Decisions rated per job in the pool: small, so other work gets in between."""
STALE = timedelta(minutes=5)
"""A running review whose row was not updated for this long is taken over."""


def review_key(record: Mapping[str, Any], level: str, budget: str | None, seed: int) -> str:
    """What a review depends on, as a digest: the same game shares its review."""
    basis = {
        "game": record["game"],
        "options": record.get("options") or {},
        "history": record["history"],
        "level": level,
        "budget": budget,
        "seed": seed,
    }
    return hashlib.sha256(json.dumps(basis, sort_keys=True).encode()).hexdigest()


# -- the work, in the pool (plain data in and out) -------------------------------------------


def decisions_to_rate(record: dict[str, Any]) -> list[int]:
    """The history indices of every seat's decisions."""
    return sorted(plan_review(record).positions)


def rate_part(
    record: dict[str, Any], indices: list[int], level: str, budget: str | None, seed: int
) -> list[list[Any]]:
    """Some decisions rated, as rows [index, best, best_chance, played_chance, exact,
    compared, legal_moves, best_estimate, played_estimate] (rows without the last two,
    from before the hints were calibrated, hold the search's own figures)."""
    parsed = Budget.parse(budget) if budget else None
    return [
        [index, *astuple(rated)]
        for index, rated in rate_steps(record, indices, level, parsed, seed)
    ]


def page_review(
    record: dict[str, Any],
    rows: list[list[Any]],
    level: str,
    budget: str | None,
    seed: int,
    code: str,
) -> dict[str, Any]:
    """What the replay page shows, in language `code`: the graph, each seat in short and
    every judged decision with its verdict and the better move."""
    with language(code):
        rated = {int(row[0]): Rated(*row[1:]) for row in rows}
        parsed = Budget.parse(budget) if budget else None
        plan = plan_review(record)
        review = assemble_review(plan, rated, level, parsed, seed)
        names = [summary.name for summary in review.seats]  # every seat, in order
        graph = win_chance_svg(review, names, review_text("Win chance over the game"))
        steps = []
        for step in review.decisions():
            analysis = step.analysis
            assert analysis is not None
            steps.append(
                {
                    "index": step.index,
                    "player": step.player,
                    "move": step.move,
                    "words": step.words,
                    "verdict": analysis.verdict,
                    "loss": analysis.loss,
                    "before": analysis.win_chance_before,
                    "played": analysis.played.win_chance,
                    "best_move": analysis.best.move,
                    "best_words": analysis.best.words,
                    "best": analysis.best.win_chance,
                }
            )
        return {
            "language": code,
            "note": review_text(
                "Win chances are the computer's estimates from what the player to move could "
                "see; a loss is how much a move lowered its player's chance."
            ),
            "method": f"{estimate_note(review)} {calibration_note(review.settings.calibration)}",
            "graph_svg": graph,
            "verdicts": {verdict: verdict_name(verdict) for verdict in VERDICTS},
            "seats": [
                {
                    **summary.model_dump(),
                    "colour": seat_colour(summary.seat, plan.final.game),
                    "line_svg": line_sample(summary.seat, plan.final.game),
                }
                for summary in review.seats
            ],
            "steps": steps,
        }


# -- the service ---------------------------------------------------------------------------


class Reviews:
    """Starts, tracks and serves the reviews of finished games."""

    def __init__(
        self,
        database: Database,
        pool: WorkerPool,
        budget: str | None = None,
        level: str = LEVEL,
        seed: int = SEED,
    ) -> None:
        self.database = database
        self.pool = pool
        self.budget = budget
        self.level = level
        self.seed = seed
        self._tasks: dict[str, asyncio.Task[None]] = {}

    def key(self, record: Mapping[str, Any]) -> str:
        return review_key(record, self.level, self.budget, self.seed)

    async def find(self, record: Mapping[str, Any]) -> GameReviewRow | None:
        async with reading(self.database) as session:
            return await session.get(GameReviewRow, self.key(record))

    async def start(self, record: dict[str, Any], asker: Hashable = None) -> GameReviewRow:
        """The game's review: kept, running, or started now (unless another runs); its
        searches take their fair turn in the pool as `asker`'s (an account or address).
        Refused (conflict) for a game that has not ended: only a whole game is reviewed."""
        finished = await asyncio.to_thread(lambda: spieltisch.load_record(record).is_terminal())
        if not finished:
            raise Refusal(
                Code.CONFLICT, _("only a finished game can be reviewed: this record ends early")
            )
        key, owner = self.key(record), secrets.token_hex(8)
        async with transaction(self.database) as session:
            row = await session.get(GameReviewRow, key)
            if row is None:
                session.add(
                    GameReviewRow(
                        key=key, status=ReviewStatus.RUNNING, done=0, total=0, owner=owner
                    )
                )
                try:
                    await session.commit()
                except IntegrityError:  # another request (or process) started it just now
                    await session.rollback()
                    found = await session.get(GameReviewRow, key)
                    assert found is not None
                    return found
            elif row.status == ReviewStatus.DONE or (
                row.status == ReviewStatus.RUNNING and not _stale(row)
            ):
                return row
            else:  # failed, or its process stopped: take it over, unless someone just did
                taken = await update_if_owned(
                    session,
                    key,
                    row.owner,
                    status=ReviewStatus.RUNNING,
                    owner=owner,
                    done=0,
                    error=None,
                )
                await session.commit()
                if not taken:
                    await session.refresh(row)
                    return row
        self._tasks[key] = asyncio.create_task(self._run(key, owner, record, asker))
        self._tasks[key].add_done_callback(lambda _task: self._tasks.pop(key, None))
        found = await self.find(record)
        assert found is not None
        return found

    async def shown(
        self, row: GameReviewRow | None, record: dict[str, Any], code: str
    ) -> ReviewOut:
        """A review's state as the page asks for it (`row` None: never asked for); once
        done, the review itself in the language `code`."""
        if row is None:
            return ReviewOut(status=ReviewStatus.NONE)
        status = ReviewStatus(row.status)
        out = ReviewOut(status=status, done=row.done, total=row.total, error=row.error)
        if status == ReviewStatus.DONE:
            out.review = await self.page(row, record, code)
        return out

    async def page(self, row: GameReviewRow, record: dict[str, Any], code: str) -> dict[str, Any]:
        """A finished review as the page shows it, in `code`'s language."""
        assert row.review is not None
        rows = row.review["rated"]
        return await self.pool.run(
            page_review,
            record,
            rows,
            self.level,
            self.budget,
            self.seed,
            code,
            lane=Lane.ASK,
            table=row.key,
        )

    async def _run(self, key: str, owner: str, record: dict[str, Any], asker: Hashable) -> None:
        turn: dict[str, Any] = {"lane": Lane.REVIEW, "account": asker, "table": key}
        try:
            indices = await self.pool.run(decisions_to_rate, record, **turn)
            rows: list[list[Any]] = []
            if not await self._update(key, owner, done=0, total=len(indices)):
                return
            for start in range(0, len(indices), BATCH):
                part = indices[start : start + BATCH]
                rows += await self.pool.run(
                    rate_part, record, part, self.level, self.budget, self.seed, **turn
                )
                if not await self._update(key, owner, done=len(rows), total=len(indices)):
                    return  # taken over by another attempt
            await self._update(
                key,
                owner,
                done=len(rows),
                total=len(indices),
                status=ReviewStatus.DONE,
                review={"rated": rows},
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # kept in the row, so the page can say what went wrong
            logger.exception("the review %s failed", key)
            await self._update(
                key, owner, status=ReviewStatus.FAILED, error=str(exc) or type(exc).__name__
            )

    async def _update(self, key: str, owner: str, **values: Any) -> bool:
        """Write progress if the attempt is still this one's; False when taken over."""
        async with transaction(self.database) as session:
            changed = await update_if_owned(session, key, owner, **values)
        return changed

    async def close(self) -> None:
        """Stop the reviews of this process (another process takes them over later)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _now() -> datetime:
    return datetime.now(UTC)


def _stale(row: GameReviewRow) -> bool:
    return _now() - as_utc(row.updated_at) > STALE
