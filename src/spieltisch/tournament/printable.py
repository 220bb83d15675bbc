"""Printable pages for the hall, A4 from any browser: the table list of a round with the
colours, a score sheet per table, and the standings. Plain HTML with print CSS."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from spieltisch.core import formats, parts
from spieltisch.core.i18n import get_language
from spieltisch.tournament.messages import _
from spieltisch.tournament.settings import tie_break_legend, tie_break_name
from spieltisch.tournament.tournament import Tournament

TEMPLATES = Path(__file__).resolve().parent / "templates"
_ENVIRONMENT = Environment(
    loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html"])
)
_ENVIRONMENT.globals["page_language"] = get_language
"""`<html lang>` of every page: the language its texts are in (screen readers, hyphenation)."""
_ENVIRONMENT.filters["number"] = formats.number
"""Points and figures as the page's language writes them ("1,5" in German)."""


def _labels() -> dict[str, str]:
    """The page texts in the current language."""
    return {
        "round": _("Round {n}"),
        "table": _("Table"),
        "tables": _("Tables of round {n}"),
        "byes": _("Byes"),
        "sheet": _("Score sheet: round {n}, table {t}"),
        "seat": _("Seat"),
        "player": _("Player"),
        "place": _("Place"),
        "stopped": _("If stopped by time ({rule})"),
        "goal": _("Goal fields (g1-g4)"),
        "track": _("Pieces on the track"),
        "distance": _("Fields travelled"),
        "finished": _("Finished as"),
        "signature": _("Signature"),
        "standings": _("Standings after round {n}"),
        "rank": _("Rank"),
        "points": _("Points"),
        "played": _("Games"),
        "buchholz": _("Buchholz"),
        "countback": _("Places"),
        "withdrawn": _("withdrawn"),
        "seed": _("Published seed: {seed}"),
        "marks": _(
            "F: forfeit (did not play), 0 points · D: disqualified (rule 16), 0 points · "
            "A: points the director gave for a round not played"
        ),
    }


MARKS = {"forfeit": "F", "disqualified": "D", "awarded": "A"}
"""The marks of round points that are not a game's, as `--places` takes the first two."""


def figure_labels() -> dict[str, str]:
    """The names of a stopped game's figures in the current language, by field name."""
    labels = _labels()
    return {name: labels[name] for name in ("finished", "goal", "track", "distance")}


def _tables(tournament: Tournament, number: int) -> list[list[tuple[str, str, str, int]]]:
    """Per table, per seat: colour (notation, for the swatch), colour in words, name, number."""
    translate = parts(tournament.settings.game).gettext
    return [
        [
            (label, translate(label), tournament.players[p].name, p)
            for seat, p in enumerate(seats)
            for label in [tournament.seat_label(len(seats), seat)]
        ]
        for seats in tournament.round(number).tables
    ]


def round_page(tournament: Tournament, number: int) -> str:
    """The table list of a round, with each seat's colour (seat 1 starts)."""
    played = tournament.round(number)
    tables = _tables(tournament, number)
    byes = [tournament.players[p].name for p in played.byes]
    return _ENVIRONMENT.get_template("round.html").render(
        t=tournament, number=number, tables=tables, byes=byes, L=_labels()
    )


def score_sheets(tournament: Tournament, number: int) -> str:
    """One A4 sheet per table of a round: places, and rule-18 figures if time is called."""
    rule = tournament.game.stopped_ranking
    tables = _tables(tournament, number)
    return _ENVIRONMENT.get_template("sheets.html").render(
        t=tournament,
        number=number,
        tables=tables,
        rule=parts(tournament.settings.game).gettext(rule.rule) if rule else None,
        L=_labels(),
    )


def standings_page(tournament: Tournament, through: int | None = None) -> str:
    last = len(tournament.rounds) if through is None else through
    tiebreaks = tournament.settings.tiebreaks
    rows = tournament.standings(last)
    return _ENVIRONMENT.get_template("standings.html").render(
        t=tournament,
        number=last,
        rows=rows,
        marks=MARKS,
        marked=any(kind in MARKS for row in rows for kind in row.per_round_kind),
        L=_labels(),
        tiebreaks=[(name, tie_break_name(name)) for name in tiebreaks],
        legend=tie_break_legend(tiebreaks),
    )


def write_pages(tournament: Tournament, folder: Path) -> list[Path]:
    """Every round's table list and score sheets, and the standings, as HTML files."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for played in tournament.rounds:
        for name, page in (
            (f"round-{played.number}.html", round_page(tournament, played.number)),
            (f"sheets-{played.number}.html", score_sheets(tournament, played.number)),
        ):
            (folder / name).write_text(page, encoding="utf-8")
            written.append(folder / name)
    (folder / "standings.html").write_text(standings_page(tournament), encoding="utf-8")
    written.append(folder / "standings.html")
    return written
