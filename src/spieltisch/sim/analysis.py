"""The facts people ask about a game, from many kernel games, with 95% intervals:
win share by seat, game length, scores, and each kernel's own figures (captures,
busts, points by deal position ...). `report` writes them as Markdown with plots
(matplotlib, extra `plots`), PNG and SVG.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spieltisch.agents.names import level_name
from spieltisch.core import Game
from spieltisch.core.formats import number, percent
from spieltisch.core.i18n import N_, labelled
from spieltisch.core.options import show_value
from spieltisch.sim.effort import Effort
from spieltisch.sim.fast import kernel_for, simulate_fast
from spieltisch.sim.stats import Z95, wilson_interval

STAT_LABELS = {
    "captures": N_("opponents' pieces captured per game"),
    "penalties": N_("own pieces sent home by the referee (rules 6 and 12) per game"),
    "stopped_by_time": N_("share of games ended by time (rule 18)"),
    "busts": N_("busts of own turtles per game"),
    "cards": N_("egg cards won per game"),
    "high_tricks": N_("tricks taken with the highest card per game"),
    "points_by_deal_position": N_("points per game by position after the dealer (0 leads)"),
    "groups": N_("groups in the field at the end"),
}
"""What each kernel figure means, for the report."""

SHARES = frozenset({"stopped_by_time"})
"""Figures that are the same for every seat and mean a share of games."""


@dataclass
class Analysis:
    """Every game's result: one row per game (numpy arrays)."""

    game: Game[Any]
    agents: tuple[str, ...]
    seed: int
    scores: Any
    ranks: Any
    lengths: Any
    stats: Any
    stat_names: tuple[str, ...]

    @property
    def games(self) -> int:
        return len(self.lengths)

    def win_shares(self) -> Any:
        """Per game and seat: 1 / (number of winners) for a winner, else 0."""
        import numpy as np

        winners = self.ranks == 1
        return winners / np.maximum(winners.sum(axis=1, keepdims=True), 1)


def analyse(
    game: Game[Any],
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    cluster: str | None = None,
    progress: Callable[[int], None] | None = None,
    efforts: list[Effort] | None = None,
) -> Analysis:
    """Play `games` games of random or policy `agents` on the game's compiled kernel
    (extra `fast`; the first call in a fresh clone compiles it) and gather the facts
    `report` writes: places, lengths, scores and the game's own figures per game."""
    import numpy as np

    kernel = kernel_for(game)
    if kernel is None:
        raise ValueError(f"{game.name} has no kernel here: install the extra 'fast'")
    parts = []
    for chunk in simulate_fast(
        game, agents, games, seed, workers, cluster=cluster, efforts=efforts
    ):
        parts.append(chunk)
        if progress:
            progress(len(chunk))
    return Analysis(
        game,
        tuple(agents),
        seed,
        np.concatenate([c.scores for c in parts]),
        np.concatenate([c.ranks for c in parts]),
        np.concatenate([c.lengths for c in parts]),
        np.concatenate([c.stats for c in parts]),
        tuple(kernel.stat_names),
    )


def mean_ci(values: Any) -> tuple[float, float, float]:
    """Mean and its 95% normal interval."""
    n = len(values)
    mean = float(values.mean())
    if n < 2:
        return mean, mean, mean
    margin = Z95 * float(values.std(ddof=1)) / math.sqrt(n)
    return mean, mean - margin, mean + margin


def share_ci(successes: float, trials: int) -> tuple[float, float, float]:
    low, high = wilson_interval(successes, trials)
    return (successes / trials if trials else 0.0), low, high


def _pct(values: tuple[float, float, float]) -> str:
    """A share and its interval as the reader's language writes percentages."""
    return f"{percent(values[0], 2)} ({percent(values[1], 2)}–{percent(values[2], 2)})"


def _num(values: tuple[float, float, float]) -> str:
    """A mean and its interval with three decimals, in the reader's language."""
    return f"{number(values[0], 3)} ({number(values[1], 3)}–{number(values[2], 3)})"


def report(
    analysis: Analysis,
    folder: Path,
    gettext: Callable[[str], str],
    seat_names: Sequence[str],
    command: str,
    seat_colours: Sequence[str | None] = (),
) -> Path:
    """`folder/README.md` with the tables, beside `lengths.png/svg`, `scores.png/svg`
    and `wins.png/svg`; returns the Markdown file."""
    import numpy as np

    _ = gettext
    folder.mkdir(parents=True, exist_ok=True)
    game = analysis.game
    n = game.num_players
    g = analysis.games
    shares = analysis.win_shares()
    fields = type(game.options).model_fields
    lines = [
        "# " + labelled(game.title, _("{games} games").format(games=number(g))),
        "",
        _("Options: {options}. Agents: {agents}. Seed {seed}.").format(
            options=", ".join(
                f"{name}={show_value(fields[name], value)}"
                for name, value in game.options.to_json().items()
            ),
            agents=", ".join(level_name(agent) for agent in analysis.agents),
            seed=analysis.seed,
        ),
        "",
        _("Made with:") + f" `{command}`",
        "",
        _("Every figure with its 95% interval (Wilson for shares, normal for means)."),
        "",
        "## " + _("Win share by seat"),
        "",
        "| "
        + _("seat")
        + " | "
        + _("win share")
        + " | "
        + _("mean score")
        + " | "
        + _("mean place")
        + " |",
        "| --- | ---: | ---: | ---: |",
    ]
    for seat in range(n):
        lines.append(
            f"| {seat_names[seat]} | {_pct(share_ci(float(shares[:, seat].sum()), g))} | "
            f"{_num(mean_ci(analysis.scores[:, seat]))} | "
            f"{_num(mean_ci(analysis.ranks[:, seat].astype(float)))} |"
        )
    lengths = analysis.lengths.astype(float)
    quantiles = np.percentile(lengths, [5, 25, 50, 75, 95])
    lines += [
        "",
        "## " + _("Game length (moves of the players)"),
        "",
        _(
            "Mean {mean}; quantiles 5%, 25%, 50%, 75%, 95%: {quantiles}; shortest {low}, "
            "longest {high}."
        ).format(
            mean=_num(mean_ci(lengths)),
            quantiles=", ".join(number(q, 0) for q in quantiles),
            low=number(int(lengths.min())),
            high=number(int(lengths.max())),
        ),
        "",
        "![" + _("game length") + "](lengths.svg)",
        "",
        "## " + _("Scores"),
        "",
        "![" + _("scores") + "](scores.svg) ![" + _("win share") + "](wins.svg)",
    ]
    for index, name in enumerate(analysis.stat_names):
        values = analysis.stats[:, :, index].astype(float)
        if not values.any():
            continue  # zero in every game: these rules never produce it (no sixes in a race)
        label = _(STAT_LABELS.get(name, name))
        lines += ["", "## " + label[:1].upper() + label[1:], ""]
        if name in SHARES:
            lines.append(_pct(share_ci(float(values[:, 0].sum()), g)))
            continue
        lines += ["| " + _("seat") + " | " + _("mean") + " |", "| --- | ---: |"]
        rows = [str(k) for k in range(n)] if name == "points_by_deal_position" else list(seat_names)
        for seat in range(n):
            lines.append(f"| {rows[seat]} | {_num(mean_ci(values[:, seat]))} |")
        total = values.sum(axis=1)
        if name not in ("points_by_deal_position",):
            lines += ["", _("All seats together: {value}").format(value=_num(mean_ci(total)))]
    path = folder / "README.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _plots(analysis, folder, _, seat_names, seat_colours)
    return path


def _plots(
    analysis: Analysis,
    folder: Path,
    _: Callable[[str], str],
    seat_names: Sequence[str],
    seat_colours: Sequence[str | None] = (),
) -> None:
    """The three plots; each seat drawn in its colour (`seat_colours`, matplotlib colours)
    where the game gives seats one, else in matplotlib's cycle."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    n = analysis.game.num_players
    g = analysis.games
    figure, axes = plt.subplots(figsize=(7, 3.5))
    axes.hist(analysis.lengths, bins=60, color="#4a7bb7")
    axes.set_xlabel(_("moves of the players"))
    axes.set_ylabel(_("games"))
    axes.set_title(_("Game length"))
    _local_ticks(axes)
    _save(figure, folder / "lengths")
    figure, axes = plt.subplots(figsize=(7, 3.5))
    scores = analysis.scores
    low, high = float(scores.min()), float(scores.max())
    bins: Any = np.arange(low - 0.5, high + 1.5) if high - low <= 60 else 60
    colours = [
        seat_colours[seat] if seat < len(seat_colours) and seat_colours[seat] else f"C{seat}"
        for seat in range(n)
    ]
    for seat in range(n):
        _counts, _edges, lines = axes.hist(
            scores[:, seat],
            bins=bins,
            histtype="step",
            label=seat_names[seat],
            color=colours[seat],
            linewidth=1.5,
        )
        drawn: list[Any] = lines if isinstance(lines, list) else [lines]
        for line in drawn:
            line.set_gid(f"seat-{seat}")  # the SVG names each seat's line
    axes.set_xlabel(_("score"))
    axes.set_ylabel(_("games"))
    axes.set_title(_("Scores by seat"))
    _local_ticks(axes)
    axes.legend(fontsize="small")
    _save(figure, folder / "scores")
    figure, axes = plt.subplots(figsize=(7, 3.5))
    shares = analysis.win_shares()
    means = []
    errors: list[list[float]] = [[], []]
    for seat in range(n):
        mean, lo, hi = share_ci(float(shares[:, seat].sum()), g)
        means.append(mean)
        errors[0].append(mean - lo)
        errors[1].append(hi - mean)
    bars = axes.bar(
        range(n),
        means,
        yerr=errors,
        color=colours,
        edgecolor="#333333",
        ecolor="#333333",
        capsize=4,
    )
    for seat, bar in enumerate(bars):
        bar.set_gid(f"seat-{seat}")
    axes.axhline(1 / n, color="grey", linestyle="--", linewidth=1)
    axes.set_xticks(range(n), list(seat_names))
    axes.set_ylabel(_("win share"))
    axes.set_title(_("Win share by seat (95% intervals; dashed: fair share)"))
    _local_ticks(axes, shares=True)
    _save(figure, folder / "wins")
    plt.close("all")


def _local_ticks(axes: Any, shares: bool = False) -> None:
    """Tick labels in the reader's language ("0,25", "1.000"; the y axis of shares as
    percentages); the seats' names on the x axis of the win shares stay."""
    from matplotlib.ticker import FuncFormatter

    if not shares:
        axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _at: number(value)))
    axes.yaxis.set_major_formatter(
        FuncFormatter(lambda value, _at: percent(value) if shares else number(value))
    )


def _save(figure: Any, stem: Path) -> None:
    figure.tight_layout()
    figure.savefig(stem.with_suffix(".png"), dpi=100)
    figure.savefig(stem.with_suffix(".svg"), metadata={"Date": None})
