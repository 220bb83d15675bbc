"""The tournament's files: the CSV exports and the printable A4 pages for the hall
(table lists, score sheets, where each player sits, the round timer, standings, the
cross table). Anyone may read them; none writes."""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Response
from fastapi.responses import HTMLResponse, PlainTextResponse

from spieltisch.core.i18n import get_language, language
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Services, Svc, known_language
from spieltisch.server.schemas.rest import REFUSALS
from spieltisch.tournament.export import corrections_csv, results_csv, standings_csv
from spieltisch.tournament.hall import HALL_SCRIPT, check_view, hall_page
from spieltisch.tournament.printable import (
    TIMER_SCRIPT,
    cross_table,
    players_page,
    round_page,
    score_sheets,
    standings_page,
    timer_page,
    where_page,
)
from spieltisch.tournament.tournament import Tournament
from spieltisch.tournament.workbook import FORMATS, MEDIA_TYPES, tournament_sheets, workbook

router = APIRouter(tags=["tournaments"], responses=REFUSALS)


@router.get(
    "/api/tournaments/{identifier}/results.csv",
    response_class=PlainTextResponse,
    responses={200: {"content": {"text/csv": {}}, "description": "CSV"}},
)
async def results_file(identifier: str, svc: Svc, lang: str | None = None) -> Response:
    """Every seat of every table with a result, and the byes, for the spreadsheets of
    `lang` (default: the language chosen on the site, else Accept-Language)."""
    return await _spreadsheet(svc, identifier, lang, "results", results_csv)


@router.get(
    "/api/tournaments/{identifier}/standings.csv",
    response_class=PlainTextResponse,
    responses={200: {"content": {"text/csv": {}}, "description": "CSV"}},
)
async def standings_file(identifier: str, svc: Svc, lang: str | None = None) -> Response:
    """The standings for the spreadsheets of `lang` (default as for the results)."""
    return await _spreadsheet(
        svc, identifier, lang, "standings", lambda tournament, _names: standings_csv(tournament)
    )


@router.get(
    "/api/tournaments/{identifier}/corrections.csv",
    response_class=PlainTextResponse,
    responses={200: {"content": {"text/csv": {}}, "description": "CSV"}},
)
async def corrections_file(identifier: str, svc: Svc, lang: str | None = None) -> Response:
    """Every result entered, oldest first per table: each correction with who (by name),
    when, the note, the places and figures, and where each lot came from; for the
    spreadsheets of `lang` (default as for the results)."""
    return await _spreadsheet(svc, identifier, lang, "corrections", corrections_csv)


@router.get("/api/tournaments/{identifier}/workbook.{kind}")
async def workbook_file(identifier: str, kind: str, svc: Svc, lang: str | None = None) -> Response:
    """Everything in one workbook, `workbook.xlsx` or `workbook.ods`: the standings, the
    cross table, the results, every result entered with its corrections, and the
    director's log (registrations, swaps, undos, points given, withdrawals); in `lang`."""
    if kind not in FORMATS:
        raise Refusal(
            Code.NOT_FOUND,
            _("no workbook .{kind}: workbooks are workbook.xlsx and workbook.ods").format(
                kind=kind
            ),
        )
    seen = await svc.tournaments.named(identifier)
    with language(known_language(lang) if lang else get_language()):
        body = workbook(tournament_sheets(seen.tournament, seen.names), kind)
    disposition = f'attachment; filename="{identifier}.{kind}"'
    return Response(
        body, media_type=MEDIA_TYPES[kind], headers={"Content-Disposition": disposition}
    )


async def _spreadsheet(
    svc: Services,
    identifier: str,
    lang: str | None,
    what: str,
    write: Callable[[Tournament, dict[str, str]], str],
) -> Response:
    """One of the tournament's CSV files, written in `lang` with the names of who entered
    what."""
    seen = await svc.tournaments.named(identifier)
    with language(known_language(lang) if lang else get_language()):
        text = write(seen.tournament, seen.names)
    return _csv(text, f"{identifier}-{what}.csv")


def _csv(text: str, filename: str) -> Response:
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


ROUND_PAGES = {
    "round": round_page,
    "where": where_page,
    "sheets": score_sheets,
    "timer": timer_page,
}
"""The printable pages of one round, `NAME-N.html`."""
WHOLE_PAGES = {"standings": standings_page, "players": players_page, "crosstable": cross_table}
"""The printable pages of the whole tournament, `NAME.html`."""


@router.get("/print/tournaments/{identifier}/hall.html", response_class=HTMLResponse)
async def hall_screen(
    identifier: str,
    svc: Svc,
    view: str | None = None,
    seconds: int | None = None,
    lang: str | None = None,
) -> Response:
    """The hall screen for a projector (no sign-in; it refreshes itself): the current
    round's seating, where each player sits by surname, the standings and the round
    timer, one after the other every `seconds` (`view=rotate`), or only one of them
    (`view=seating`, `where`, `standings` or `timer`); without `view`, what the director
    chose (`POST .../hall`), followed as it changes; in `lang`."""
    tournament = await svc.tournaments.load(identifier)
    chosen, every = await svc.tournaments.hall_choice(identifier)
    shown = check_view(view) if view is not None else chosen
    with language(known_language(lang) if lang else get_language()):
        page = hall_page(tournament, shown, seconds or every, follows=view is None)
    return HTMLResponse(page)


@router.get("/print/tournaments/{identifier}/hall.js")
async def hall_script(identifier: str) -> Response:
    """The hall screen's script (the same for every tournament)."""
    script = HALL_SCRIPT.read_text(encoding="utf-8")
    return Response(script, media_type="text/javascript; charset=utf-8")


@router.get("/print/tournaments/{identifier}/{page}", response_class=HTMLResponse)
async def printable(identifier: str, page: str, svc: Svc, lang: str | None = None) -> Response:
    """The pages for the hall: `round-N.html` (table list with colours), `where-N.html`
    (where each player sits, by name), `sheets-N.html` (a score sheet per table),
    `timer-N.html` (the round timer for a screen, with its `timer.js`), `players.html`,
    `standings.html`, `crosstable.html`; in `lang` (default: the language chosen on the
    site, else Accept-Language). A4 with print CSS."""
    if page == "timer.js":
        script = TIMER_SCRIPT.read_text(encoding="utf-8")
        return Response(script, media_type="text/javascript; charset=utf-8")
    tournament = await svc.tournaments.load(identifier)
    name, _dot, ext = page.partition(".")
    kind, _dash, number = name.partition("-")
    with language(known_language(lang) if lang else get_language()):
        if ext == "html" and kind in WHOLE_PAGES and not number:
            return HTMLResponse(WHOLE_PAGES[kind](tournament))
        if ext == "html" and kind in ROUND_PAGES and number.isdigit():
            tournament.round(int(number))
            return HTMLResponse(ROUND_PAGES[kind](tournament, int(number)))
    raise Refusal(
        Code.NOT_FOUND,
        _(
            "no page {page}: pages are round-N.html, where-N.html, sheets-N.html, "
            "timer-N.html, players.html, standings.html and crosstable.html"
        ).format(page=page),
    )
