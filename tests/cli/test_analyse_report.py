"""The analyse report (issue 34): plots in the seats' colours, option values as the command
line writes them (never `None`/`True`), figures that are zero in every game left out."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import spieltisch
from spieltisch.cli.analyse import seat_colours
from spieltisch.core.i18n import language
from spieltisch.core.palette import PLOT
from spieltisch.sim.analysis import Analysis, report

BLUE = "#1f77b4"
"""matplotlib's first colour, which drew seat 0 (red) before."""


def _analysis(game: spieltisch.Game, stat_names: tuple[str, ...], zero: int) -> Analysis:  # type: ignore[type-arg]
    rng = np.random.default_rng(1)
    n, games = game.num_players, 200
    scores = rng.integers(0, 8, size=(games, n))
    ranks = np.argsort(np.argsort(-scores, axis=1), axis=1) + 1
    stats = rng.integers(1, 4, size=(games, n, len(stat_names))).astype(float)
    stats[:, :, zero] = 0
    lengths = rng.integers(50, 150, size=games)
    return Analysis(game, ("random",) * n, 0, scores, ranks, lengths, stats, stat_names)


@pytest.mark.parametrize("code", ["de", "en", "fr"])
def test_options_are_written_as_typed_and_zero_tables_left_out(tmp_path: Path, code: str) -> None:
    game = spieltisch.load("mahe", players=3)
    analysis = _analysis(game, ("busts", "cards"), zero=0)
    with language(code):
        from spieltisch.cli.messages import _

        path = report(analysis, tmp_path, _, ["0", "1", "2"], "spieltisch analyse mahe")
        busts = _("busts of own turtles per game")
        cards = _("egg cards won per game")
    text = path.read_text()
    assert "turtles_per_player=auto" in text and "egg_cards_as_dice=false" in text
    assert "deck=none" in text
    assert "None" not in text and "True" not in text and "False" not in text
    assert busts[1:] not in text, "a figure zero in every game is left out"
    assert cards[1:] in text


def test_the_plots_draw_each_seat_in_its_colour(tmp_path: Path) -> None:
    game = spieltisch.load("madn", players=2)
    colours = seat_colours(game)
    assert colours == [PLOT["red"], PLOT["yellow"]]
    with language("de"):
        assert seat_colours(game) == colours, "the colours do not depend on the language"
    analysis = _analysis(game, ("captures",), zero=0)
    report(analysis, tmp_path, str, ["0 (red)", "1 (yellow)"], "x", colours)
    for plot in ("scores.svg", "wins.svg"):
        drawn = (tmp_path / plot).read_text()
        for seat, colour in enumerate(colours):
            found = re.search(rf'<g id="seat-{seat}">\s*<path [^>]*style="([^"]*)"', drawn)
            assert found is not None, plot
            assert colour in found[1], (plot, seat, found[1])
            assert BLUE not in found[1]


def test_mahe_seats_take_their_first_turtles_colour_and_dg_has_none() -> None:
    mahe = spieltisch.load("mahe", players=4)
    assert seat_colours(mahe) == [PLOT[c] for c in ("red", "yellow", "blue", "green")]
    assert seat_colours(spieltisch.load("david_goliath", players=3)) == [None, None, None]


def test_numbers_in_the_report_and_the_plots_follow_the_language(tmp_path: Path) -> None:
    """German reads "4.000 Partien", "25,30 %" and axis ticks "0,25", not "4,000",
    "25.30%" and "0.25" (issue 46)."""
    game = spieltisch.load("mahe", players=3)
    base = _analysis(game, ("busts", "cards"), zero=0)
    big = np.tile(base.lengths, 20)  # 4,000 games
    analysis = Analysis(
        game,
        base.agents,
        0,
        np.tile(base.scores, (20, 1)),
        np.tile(base.ranks, (20, 1)),
        big,
        np.tile(base.stats, (20, 1, 1)),
        base.stat_names,
    )
    with language("de"):
        from spieltisch.cli.messages import _

        text = report(analysis, tmp_path, _, ["0", "1", "2"], "x").read_text(encoding="utf-8")
    assert "4.000 Partien" in text
    shares = re.findall(r"\| 0 \| ([\d,.]+\s%) \(", text)
    assert shares and "," in shares[0] and "." not in shares[0], shares
    assert not re.search(r"\d\.\d{3} \(", text), "a mean with a decimal point"
    ticks = re.findall(r"<!-- (.*?) -->", (tmp_path / "wins.svg").read_text(encoding="utf-8"))
    assert any(re.fullmatch(r"\d+\s%", tick) for tick in ticks), ticks
    ticks = re.findall(r"<!-- (.*?) -->", (tmp_path / "scores.svg").read_text(encoding="utf-8"))
    assert not any(re.fullmatch(r"\d+\.\d+", tick) for tick in ticks), ticks


def test_the_reports_agents_are_named_in_the_readers_language(tmp_path: Path) -> None:
    """ "Agents: random, random" in a German report (issue 46): "Zufall", as elsewhere."""
    analysis = _analysis(spieltisch.load("mahe", players=3), ("busts", "cards"), zero=0)
    with language("de"):
        from spieltisch.cli.messages import _

        text = report(analysis, tmp_path, _, ["0", "1", "2"], "x").read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("Optionen"))
    assert "Zufall" in line and "random" not in line, line
