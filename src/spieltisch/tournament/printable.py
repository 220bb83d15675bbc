"""Printable pages for the hall, A4 from any browser: the table list of a round with the
colours, where each player sits (by name), a score sheet per table, the player list, the
standings, the cross table, and the round timer for the hall's screen. Plain HTML with
print CSS; the timer's script is a file beside the pages (`timer.js`), so the server's
content policy (scripts only from files) lets it run."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unicodedata import combining, normalize

from jinja2 import Environment, FileSystemLoader, select_autoescape

from spieltisch.core import formats, parts
from spieltisch.core.i18n import get_language
from spieltisch.tournament.explain import explain_round
from spieltisch.tournament.messages import _
from spieltisch.tournament.settings import tie_break_legend, tie_break_name
from spieltisch.tournament.shown_names import shown_name
from spieltisch.tournament.standings import Standing
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
        "changes": _("Changed by hand"),
        "why": _("Why these tables"),
        "reason": _("Reason: {reason}"),
        "warning": _("Warning"),
        "sheet": _("Score sheet: round {n}, table {t}"),
        "seat": _("Seat"),
        "player": _("Player"),
        "place": _("Place"),
        "stopped": _("If stopped by time ({rule})"),
        "play_on": _("When time is called: {what}."),
        "goal": _("Goal fields (g1-g4)"),
        "track": _("Pieces on the track"),
        "distance": _("Fields travelled"),
        "finished": _("Finished as"),
        "steps": _("Steps to the goal"),
        "signature": _("Signature"),
        "fd": _("F / D"),
        "fd_help": _("F: did not play (forfeit), D: disqualified (rule 16): write the letter."),
        "lot": _("Lot"),
        "note": _("Note (for the director)"),
        "computer_online": _("computer, plays online: no signature"),
        "standings": _("Standings after round {n}"),
        "rank": _("Rank"),
        "points": _("Points"),
        "played": _("Games"),
        "buchholz": _("Buchholz"),
        "countback": _("Places"),
        "withdrawn": _("withdrawn"),
        "seed": _("Published seed: {seed}"),
        "where": _("Where do I sit? Round {n}"),
        "by_name": _("players by surname"),
        "bye": _("bye"),
        "players": _("Player list"),
        "number": _("No."),
        "kind": _("Plays"),
        "from_round": _("From round"),
        "status": _("Status"),
        "cross": _("Cross table after round {n}"),
        "cross_help": _(
            "per round: table, colour, place and points; below it the opponents' numbers"
        ),
        "timer": _("Round timer: round {n}"),
        "start": _("Start"),
        "pause": _("Pause"),
        "reset": _("Reset"),
        "timer_hint": _("Space bar: start and pause. F11: full screen."),
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
    return {name: labels[name] for name in ("finished", "goal", "track", "distance", "steps")}


def _name(tournament: Tournament, number: int) -> str:
    """A player's name as the pages show it (a computer's automatic name in words)."""
    player = tournament.players[number]
    return shown_name(player.name, player.ai_level)


def _tables(tournament: Tournament, number: int) -> list[list[tuple[str, str, str, int]]]:
    """Per table, per seat: colour (notation, for the swatch), colour in words, name, number."""
    translate = parts(tournament.settings.game).gettext
    return [
        [
            (label, translate(label), _name(tournament, p), p)
            for seat, p in enumerate(seats)
            for label in [tournament.seat_label(len(seats), seat)]
        ]
        for seats in tournament.round(number).tables
    ]


def round_page(tournament: Tournament, number: int) -> str:
    """The table list of a round, with each seat's colour (seat 1 starts)."""
    played = tournament.round(number)
    tables = _tables(tournament, number)
    byes = [_name(tournament, p) for p in played.byes]
    explained = explain_round(tournament, number, {})
    return _ENVIRONMENT.get_template("round.html").render(
        t=tournament,
        number=number,
        tables=tables,
        byes=byes,
        changes=explained.changes,
        reasons=explained.reasons,
        L=_labels(),
    )


def play_on(tournament: Tournament, size: int) -> str | None:
    """What is still played at a table of `size` once time is called (rule 18 at a table
    of three: up to yellow), in the current language; None without such a rule."""
    rule = tournament.stopped_rule
    return rule.play_on(tournament.settings.game_for(size)) if rule is not None else None


def score_sheets(tournament: Tournament, number: int) -> str:
    """One A4 sheet per table of a round: places, and rule-18 figures if time is called
    (with what is still played at that table), and a signature per person at the board."""
    rule = tournament.stopped_rule
    tables = _tables(tournament, number)
    return _ENVIRONMENT.get_template("sheets.html").render(
        t=tournament,
        number=number,
        tables=tables,
        until=[play_on(tournament, len(seats)) for seats in tables],
        fields=[
            figure_labels().get(name, name) for name in (rule.figures.model_fields if rule else ())
        ],
        computers={p.number for p in tournament.players.values() if p.ai_level is not None},
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


def _sort_key(name: str) -> str:
    """A name as an alphabetical list sorts it: Änne with the A, not after Z."""
    return "".join(c for c in normalize("NFKD", name) if not combining(c)).casefold()


def surname_key(name: str) -> tuple[str, str]:
    """A name as a list by surname sorts it: the last word first ("Groß" of "Jürgen
    Groß"), accents folded (Ärger with the A), then the whole name."""
    words = name.split()
    return _sort_key(words[-1] if words else name), _sort_key(name)


def surname_first(name: str) -> tuple[str, str]:
    """("Groß", "Jürgen") for "Jürgen Groß": how a list by surname shows a name."""
    words = name.split()
    return (words[-1], " ".join(words[:-1])) if len(words) > 1 else (name, "")


_ENVIRONMENT.globals["surname_first"] = surname_first


def where_page(tournament: Tournament, number: int) -> str:
    """Where do I sit: every player of a round by surname, with their table and colour
    (a bye says so), for the wall by the door."""
    played = tournament.round(number)
    translate = parts(tournament.settings.game).gettext
    rows: list[tuple[str, int, int | None, str, str, int]] = []
    for index, seats in enumerate(played.tables, start=1):
        for seat, player in enumerate(seats):
            colour = tournament.seat_label(len(seats), seat)
            name = _name(tournament, player)
            rows.append((name, player, index, colour, translate(colour), seat + 1))
    for player in played.byes:
        rows.append((_name(tournament, player), player, None, "", "", 0))
    rows.sort(key=lambda row: (surname_key(row[0]), row[1]))
    return _ENVIRONMENT.get_template("where.html").render(
        t=tournament, number=number, rows=rows, L=_labels()
    )


def players_page(tournament: Tournament) -> str:
    """The player list by start number: who plays how (in the hall, an account, the
    computer), from which round, and who has withdrawn."""
    from spieltisch.agents.names import level_name

    rows = []
    for player in tournament.players.values():
        if player.ai_level is not None:
            kind = _("computer ({level})").format(level=level_name(player.ai_level))
        elif player.account is not None:
            kind = _("account")
        else:
            kind = _("in the hall")
        status = _("playing") if player.active else _("withdrawn")
        rows.append((player.number, _name(tournament, player.number), kind, player.joined, status))
    return _ENVIRONMENT.get_template("players.html").render(t=tournament, rows=rows, L=_labels())


def cross_rows(
    tournament: Tournament, last: int
) -> list[tuple[Standing, list[dict[str, Any] | None]]]:
    """Each standing (by rank) with its cell per round through `last`: `head` (table,
    place, points; a bye or points given), `colour` and `opponents` where seated."""
    rows = tournament.standings(last)
    cells: dict[int, list[dict[str, Any] | None]] = {row.player: [] for row in rows}
    for played in tournament.rounds[:last]:
        found: dict[int, dict[str, Any]] = {}
        for index, seats in enumerate(played.tables, start=1):
            result = played.results.get(index)
            points = tournament.table_points(played.number, index) if result else []
            for seat, player in enumerate(seats):
                head = str(index)
                if result is not None:
                    place = (
                        f"{result.places[seat]}."
                        if result.outcome(seat) == "played"
                        else MARKS[result.outcome(seat)]
                    )
                    head += f" · {place} ({formats.number(points[seat])})"
                found[player] = {
                    "colour": tournament.seat_label(len(seats), seat),
                    "head": head,
                    "opponents": " ".join(str(p) for p in seats if p != player),
                }
        for player in played.byes:
            found[player] = {"head": f"{_('bye')} ({formats.number(tournament.bye_points())})"}
        for player, award in played.awarded.items():
            found[player] = {"head": f"{MARKS['awarded']} ({formats.number(award.points)})"}
        for player, row_cells in cells.items():
            row_cells.append(found.get(player))
    return [(row, cells[row.player]) for row in rows]


def cross_table(tournament: Tournament, through: int | None = None) -> str:
    """The cross table by rank: per round the table, colour, place and points, with the
    numbers of the opponents met there (a bye, a forfeit, points given say so)."""
    last = len(tournament.rounds) if through is None else through
    rows = cross_rows(tournament, last)
    tiebreaks = tournament.settings.tiebreaks
    return _ENVIRONMENT.get_template("crosstable.html").render(
        t=tournament,
        number=last,
        rows=rows,
        L=_labels(),
        tiebreaks=[(name, tie_break_name(name)) for name in tiebreaks],
        legend=tie_break_legend(tiebreaks),
    )


TIMER_SCRIPT = TEMPLATES / "timer.js"
"""The round timer's script, served beside the pages (`timer.js`)."""


def time_up_text(tournament: Tournament, number: int) -> str:
    """What the timer of round `number` says when the time is up: the rule for a stopped
    game as it reads at the round's table sizes."""
    rule = tournament.stopped_rule
    if rule is None:
        return _("Time is up.")
    sizes = sorted({len(seats) for seats in tournament.round(number).tables}, reverse=True)
    sizes = sizes or [tournament.settings.table_size]
    said = [(size, play_on(tournament, size)) for size in sizes]
    if len({words for _size, words in said}) > 1:
        what = "; ".join(
            _("at tables of {size}: {what}").format(size=size, what=words) for size, words in said
        )
    else:
        what = said[0][1] or ""
    end = _("Time is up ({rule}): {what}; then write down each player's figures.")
    return end.format(rule=parts(tournament.settings.game).gettext(rule.rule), what=what)


def timer_page(tournament: Tournament, number: int) -> str:
    """The round timer for the hall's screen: the round time counted down from Start,
    and when it is up, what the game's rule for a stopped game says to do."""
    tournament.round(number)
    minutes = tournament.settings.round_minutes or 0
    seconds = round(minutes * 60)
    end = time_up_text(tournament, number)
    return _ENVIRONMENT.get_template("timer.html").render(
        t=tournament,
        number=number,
        seconds=seconds,
        clock=f"{seconds // 60}:{seconds % 60:02d}",
        key=f"{tournament.settings.seed}/{number}",
        end=end,
        L=_labels(),
    )


def write_pages(tournament: Tournament, folder: Path) -> list[Path]:
    """Every round's table list, where-do-I-sit list, score sheets and timer, the player
    list, the standings and the cross table, as HTML files (and the timer's script)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    pages: list[tuple[str, str]] = []
    for played in tournament.rounds:
        number = played.number
        pages += [
            (f"round-{number}.html", round_page(tournament, number)),
            (f"where-{number}.html", where_page(tournament, number)),
            (f"sheets-{number}.html", score_sheets(tournament, number)),
            (f"timer-{number}.html", timer_page(tournament, number)),
        ]
    pages += [
        ("players.html", players_page(tournament)),
        ("standings.html", standings_page(tournament)),
        ("crosstable.html", cross_table(tournament)),
        ("timer.js", TIMER_SCRIPT.read_text(encoding="utf-8")),
    ]
    for name, page in pages:
        (folder / name).write_text(page, encoding="utf-8")
        written.append(folder / name)
    return written


def environment() -> Environment:
    """The templates' environment, for pages made elsewhere (the hall screen)."""
    return _ENVIRONMENT


def labels() -> dict[str, str]:
    """The page texts in the current language, for pages made elsewhere."""
    return _labels()
