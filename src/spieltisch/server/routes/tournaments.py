"""The tournament routes: a director creates a tournament, registers players, starts
rounds (online or on real boards) and enters or corrects results; everyone reads the
rounds, tables and standings, the CSV exports and the printable A4 pages.

Whoever creates a tournament through the API directs it (the ledger's first entry says
`account:<id>`); every director's step is kept with who took it and when.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Annotated, Any, get_origin

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import HTMLResponse, PlainTextResponse

from spieltisch.core import identity, parts
from spieltisch.core.i18n import get_language, language
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Services, check_rate, known_language, services
from spieltisch.server.schemas.rest import REFUSALS
from spieltisch.server.schemas.tournaments import (
    AppearanceOut,
    AuditOut,
    AwardIn,
    AwardOut,
    FigureField,
    IdentityIn,
    IdentityList,
    IdentityOut,
    JoinIn,
    PlayerIn,
    PlayerOut,
    RatingIn,
    ReasonIn,
    ResultIn,
    ResultOut,
    RoundIn,
    RoundOut,
    SeatOut,
    SignUpIn,
    StandingOut,
    StoppedOut,
    SwapIn,
    TableOut,
    TakeOverIn,
    TournamentIn,
    TournamentList,
    TournamentOut,
    TournamentRef,
)
from spieltisch.server.services.rounds import account_of
from spieltisch.server.services.tournaments import Step, TournamentPage, acting
from spieltisch.tournament.export import corrections_csv, results_csv, standings_csv
from spieltisch.tournament.ledger import ResultEntered
from spieltisch.tournament.points import result_points
from spieltisch.tournament.printable import (
    TIMER_SCRIPT,
    cross_table,
    figure_labels,
    players_page,
    round_page,
    score_sheets,
    standings_page,
    timer_page,
    where_page,
)
from spieltisch.tournament.settings import Settings, tie_break_legend, tie_break_name
from spieltisch.tournament.tournament import Tournament

router = APIRouter(tags=["tournaments"], responses=REFUSALS)
Svc = Annotated[Services, Depends(services)]


def _me(request: Request) -> int:
    return services(request).sessions.required(request)


Me = Annotated[int, Depends(_me)]


# -- reading ---------------------------------------------------------------------------------


@router.get("/api/tournaments", response_model=TournamentList)
async def list_tournaments(svc: Svc) -> TournamentList:
    """Every tournament, newest first."""
    found = []
    for row, tournament in reversed(await svc.tournaments.every()):
        found.append(
            TournamentRef(
                id=row.id,
                name=row.name,
                game=row.game,
                title=tournament.game.title,
                rounds=tournament.settings.rounds,
                seated=len(tournament.rounds),
                players=len(tournament.players),
                finished=tournament.finished,
                created_at=row.created_at,
            )
        )
    default = Settings.model_fields["game"].default
    return TournamentList(tournaments=found, default_game=default)


def _result_out(tournament: Tournament, entry: ResultEntered, names: dict[str, str]) -> ResultOut:
    return ResultOut(
        places=list(entry.places),
        handed=list(entry.handed),
        outcomes=[entry.outcome(seat) for seat in range(len(entry.places))],
        points=result_points(entry.places, entry.outcomes, tournament.settings.points),
        how=entry.how,
        lots=list(entry.lots),
        lot_sources=list(entry.lot_sources),
        figures=[dict(one) for one in entry.figures] if entry.figures else None,
        note=entry.note,
        by=names.get(entry.by, entry.by),
        at=entry.at,
        corrections=len(tournament.audit(entry.round, entry.table)) - 1,
    )


def _describe(seen: TournamentPage, me: int | None) -> TournamentOut:
    """The tournament's page as `me` (None: nobody signed in) sees it."""
    tournament, names, status = seen.tournament, seen.names, seen.statuses
    rounds = []
    for played in tournament.rounds:
        tables = []
        for number, players in enumerate(played.tables, start=1):
            result = played.results.get(number)
            table_id = played.online.get(number)
            tables.append(
                TableOut(
                    number=number,
                    seats=[
                        SeatOut(
                            seat=seat,
                            player=player,
                            name=tournament.players[player].name,
                            colour=tournament.seat_label(len(players), seat),
                            label=tournament.seat_words(len(players), seat),
                        )
                        for seat, player in enumerate(players)
                    ],
                    online=table_id,
                    status=status.get(table_id) if table_id else None,
                    result=_result_out(tournament, result, names) if result else None,
                    rated=played.rated(number),
                    rating_reason=(
                        played.rating[number].reason if number in played.rating else None
                    ),
                )
            )
        rounds.append(
            RoundOut(
                number=played.number,
                complete=played.complete,
                tables=tables,
                byes=list(played.byes),
                awarded=[
                    AwardOut(
                        player=player,
                        name=tournament.players[player].name,
                        points=award.points,
                        reason=award.reason,
                    )
                    for player, award in played.awarded.items()
                ],
            )
        )
    director = tournament.director
    return TournamentOut(
        id=seen.identifier,
        name=tournament.settings.name,
        game=tournament.settings.game,
        title=tournament.game.title,
        settings=tournament.settings.model_dump(mode="json"),
        director=names.get(director, director),
        can_direct=me is not None and director == acting(me),
        directed_online=identity.account_of(director) is not None,
        hand_over_open=tournament.open_hand_over() is not None,
        finished=tournament.finished,
        signup_open=tournament.signup_open,
        my_number=next(
            (p.number for p in tournament.players.values() if me and p.account == acting(me)),
            None,
        ),
        players=[
            PlayerOut(
                number=p.number,
                name=p.name,
                account=account_of(p),
                identity=p.rating_id if p.account is None else None,
                level=p.ai_level,
                active=p.active,
                joined=p.joined,
            )
            for p in tournament.players.values()
        ],
        rounds=rounds,
        stopped=_stopped(tournament),
        standings=[
            StandingOut(
                rank=row.rank,
                player=row.player,
                name=row.name,
                points=row.points,
                played=row.played,
                byes=row.byes,
                buchholz=row.buchholz,
                countback=list(row.countback),
                mutual=row.mutual,
                opponents=row.opponents,
                firsts=row.firsts,
                tiebreaks=[row.tiebreak(name) for name in tournament.settings.tiebreaks],
                per_round=row.per_round,
                per_round_kind=list(row.per_round_kind),
                active=row.active,
            )
            for row in tournament.standings()
        ],
        tiebreaks=[tie_break_name(name) for name in tournament.settings.tiebreaks],
        tiebreak_legend=tie_break_legend(tournament.settings.tiebreaks),
    )


def _stopped(tournament: Tournament) -> StoppedOut | None:
    """The game's rule for a stopped game and its figures, as a form can ask for them."""
    rule = tournament.game.stopped_ranking
    if rule is None:
        return None
    labels = figure_labels()
    fields = []
    for name, info in rule.figures.model_fields.items():
        kind = "list" if get_origin(info.annotation) is tuple else "number"
        fields.append(
            FigureField(name=name, label=labels.get(name, info.description or name), kind=kind)
        )
    return StoppedOut(rule=parts(tournament.settings.game).gettext(rule.rule), fields=fields)


@router.get("/api/tournaments/{identifier}", response_model=TournamentOut)
async def get_tournament(
    identifier: str, request: Request, svc: Svc, lang: str | None = None
) -> TournamentOut:
    """Players, rounds with their tables (colours, online tables, results), standings;
    texts in `lang` (default: the request's Accept-Language)."""
    seen = await svc.tournaments.page(identifier)
    if lang is None:
        return _describe(seen, svc.sessions.of(request))
    with language(known_language(lang)):
        return _describe(seen, svc.sessions.of(request))


@router.get(
    "/api/tournaments/{identifier}/rounds/{round_number}/tables/{table}",
    response_model=AuditOut,
)
async def table_history(identifier: str, round_number: int, table: int, svc: Svc) -> AuditOut:
    """Every result entered for a table, oldest first: who entered it and when."""
    seen = await svc.tournaments.named(identifier)
    seen.tournament._table(round_number, table)
    return _audit(seen, round_number, table)


def _audit(seen: TournamentPage, round_number: int, table: int) -> AuditOut:
    """Every result entered for a table, oldest first, with who entered it."""
    entries = seen.tournament.audit(round_number, table)
    shown = [_result_out(seen.tournament, entry, seen.names) for entry in entries]
    return AuditOut(round=round_number, table=table, entries=shown)


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


# -- the director's steps --------------------------------------------------------------------


@router.post("/api/tournaments", response_model=TournamentOut, status_code=201)
async def create_tournament(
    body: TournamentIn, request: Request, me: Me, svc: Svc
) -> TournamentOut:
    """A new tournament directed by you; the seed is published with it. New tournaments
    are limited per account and per address (429)."""
    check_rate(request, "tournaments", me)
    values: dict[str, Any] = body.model_dump(exclude_none=True)
    values["seed"] = body.seed or secrets.token_hex(8)
    values["points"] = tuple(body.points)
    if body.tiebreaks is not None:
        values["tiebreaks"] = tuple(body.tiebreaks)
    for name in ("round_minutes", "move_seconds"):
        if getattr(body, name) is None:
            values[name] = None
    settings = Settings.parse(**values)
    return _describe(await svc.tournaments.create(settings, me), me)


async def _directed(svc: Services, identifier: str, me: int, step: Step) -> TournamentOut:
    """A director's step, then the tournament as the director sees it: what most of the
    director's POST routes answer."""
    return _describe(await svc.tournaments.directed(identifier, me, step), me)


@router.post("/api/tournaments/{identifier}/director", response_model=TournamentOut)
async def take_over(identifier: str, body: TakeOverIn, me: Me, svc: Svc) -> TournamentOut:
    """Direct the tournament from now on with the one-time code its director printed on
    the command line (`spieltisch tournament director ID --code`); the code is used up."""
    by = acting(me)
    return _describe(
        await svc.tournaments.acted(identifier, lambda t: t.take_over(by, body.code)), me
    )


@router.post("/api/tournaments/{identifier}/players", response_model=TournamentOut)
async def register_player(identifier: str, body: PlayerIn, me: Me, svc: Svc) -> TournamentOut:
    """Register a player: an account (by id), a computer level, or a name for the hall.
    Between rounds, a late arrival plays from the next round."""
    return _describe(await svc.tournaments.register(identifier, me, body), me)


@router.get("/api/identities", response_model=IdentityList)
async def list_identities(svc: Svc, name: str | None = None) -> IdentityList:
    """The hall identities (one per person without an account) and where each played;
    with `name`, those a hall player of that name has: what a director merges with."""
    found = await svc.tournaments.identities(name)
    return IdentityList(
        identities=[
            IdentityOut(
                identity=identity,
                names=sorted({one.name for one in seen}),
                appearances=[AppearanceOut(**vars(one)) for one in seen],
            )
            for identity, seen in found.items()
        ]
    )


@router.post(
    "/api/tournaments/{identifier}/players/{number}/identity", response_model=TournamentOut
)
async def change_identity(
    identifier: str, number: int, body: IdentityIn, me: Me, svc: Svc
) -> TournamentOut:
    """Merge a hall player with the same person's identity from another tournament
    (`same_as`), or split them off into one of their own; their rated games follow."""
    seen = await svc.tournaments.change_identity(identifier, number, me, body.reason, body.same_as)
    return _describe(seen, me)


@router.post("/api/tournaments/{identifier}/signup", response_model=TournamentOut)
async def change_signup(identifier: str, body: SignUpIn, me: Me, svc: Svc) -> TournamentOut:
    """Open or close the sign-up: while it is open, anyone signed in (a guest too) signs
    up on the tournament's page, the link the director hands out."""
    by = acting(me)
    step = lambda t: t.change_signup(body.open, by)  # noqa: E731
    return await _directed(svc, identifier, me, step)


@router.post("/api/tournaments/{identifier}/join", response_model=TournamentOut)
async def join(identifier: str, body: JoinIn, me: Me, svc: Svc) -> TournamentOut:
    """Sign yourself up with your account while the director has the sign-up open; you
    play from the next round to be seated."""
    return _describe(await svc.tournaments.sign_up(identifier, me, body.name), me)


@router.post(
    "/api/tournaments/{identifier}/players/{number}/{action}", response_model=TournamentOut
)
async def withdraw_or_readmit(
    identifier: str, number: int, action: str, me: Me, svc: Svc
) -> TournamentOut:
    """`withdraw`: not seated from the next round on (results stand); `readmit`: back."""
    by = acting(me)
    if action == "withdraw":
        step: Step = lambda t: t.withdraw(number, by)  # noqa: E731
    elif action == "readmit":
        step = lambda t: t.readmit(number, by)  # noqa: E731
    else:
        raise Refusal(
            Code.NOT_FOUND,
            _("no action {action}: allowed are withdraw, readmit").format(action=action),
        )
    return await _directed(svc, identifier, me, step)


@router.post("/api/tournaments/{identifier}/rounds", response_model=TournamentOut)
async def start_round(identifier: str, body: RoundIn, me: Me, svc: Svc) -> TournamentOut:
    """Seat the next round (the last one needs every result); with `online`, open its
    tables on the server with the round clock."""
    return _describe(await svc.tournaments.start_round(identifier, me, body.online), me)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/undo", response_model=TournamentOut
)
async def undo_round(
    identifier: str, round_number: int, body: ReasonIn, me: Me, svc: Svc
) -> TournamentOut:
    """Take the current round back before any result or online game; seat it again with
    a new draw (`POST .../rounds`)."""
    seen = await svc.tournaments.undo_round(identifier, round_number, me, body.reason)
    return _describe(seen, me)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/swap", response_model=TournamentOut
)
async def swap_players(
    identifier: str, round_number: int, body: SwapIn, me: Me, svc: Svc
) -> TournamentOut:
    """Swap two players of the current round by hand (before their tables have a
    result), with the reason kept in the ledger."""
    by = acting(me)
    first, second = body.players
    step = lambda t: t.swap(round_number, first, second, by, body.reason)  # noqa: E731
    return await _directed(svc, identifier, me, step)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/awards", response_model=TournamentOut
)
async def award_points(
    identifier: str, round_number: int, body: AwardIn, me: Me, svc: Svc
) -> TournamentOut:
    """Give a player points for a round they were not seated in (a late arrival, an
    absence announced), with the reason kept; again for the same round replaces them."""
    by = acting(me)
    step = lambda t: t.award(round_number, body.player, body.points, by, body.reason)  # noqa: E731
    return await _directed(svc, identifier, me, step)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/online", response_model=TournamentOut
)
async def open_online(identifier: str, round_number: int, me: Me, svc: Svc) -> TournamentOut:
    """Open the round's tables that can be played online and are not yet (again, after a
    failure); tables with a result or an online table are left as they are."""
    return _describe(await svc.tournaments.open_online(identifier, round_number, me), me)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/tables/{table}",
    response_model=AuditOut,
)
async def enter_result(
    identifier: str, round_number: int, table: int, body: ResultIn, me: Me, svc: Svc
) -> AuditOut:
    """Enter or correct a table's result: places in seat order (1 = best), or each seat's
    figures if time was called (ranked by the game's rule, ties by a recorded lot)."""
    if (body.places is None) == (body.stopped is None):
        raise Refusal(Code.INVALID, _("give places or stopped figures, one of the two"))
    by = acting(me)
    if body.places is not None:
        places = body.places
        step: Step = lambda t: t.enter_places(round_number, table, places, by, body.note)  # noqa: E731
    else:
        figures = body.stopped or []
        step = lambda t: t.enter_stopped(  # noqa: E731
            round_number, table, figures, by, body.note, body.lots
        )
    return _audit(await svc.tournaments.entered(identifier, me, step), round_number, table)


@router.post(
    "/api/tournaments/{identifier}/rounds/{round_number}/tables/{table}/rating",
    response_model=TournamentOut,
)
async def decide_rating(
    identifier: str, round_number: int, table: int, body: RatingIn, me: Me, svc: Svc
) -> TournamentOut:
    """Whether an online game in which the computer played a person's seat (handed over:
    given up, or claimed while they were away) is rated; the result stands either way."""
    by = acting(me)
    step = lambda t: t.decide_rating(round_number, table, body.rated, by, body.reason)  # noqa: E731
    return await _directed(svc, identifier, me, step)
