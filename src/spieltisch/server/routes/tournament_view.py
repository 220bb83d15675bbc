"""A tournament as the API shows it: the page (players, rounds, tables, results,
standings) and a table's history, turned from the folded ledger into the wire's shapes.
Shared by the tournament routes; it reads, it never acts."""

from __future__ import annotations

from typing import get_origin

from spieltisch.core import identity, parts
from spieltisch.server.routes.context import Services
from spieltisch.server.schemas.tournaments import (
    AuditOut,
    AwardOut,
    FigureField,
    PlayerOut,
    ResultOut,
    RoundChangeOut,
    RoundOut,
    SeatOut,
    StandingOut,
    StoppedOut,
    TableOut,
    TournamentOut,
)
from spieltisch.server.services.rounds import account_of
from spieltisch.server.services.tournaments import Step, TournamentPage, acting
from spieltisch.tournament.explain import explain_round
from spieltisch.tournament.ledger import ResultEntered
from spieltisch.tournament.points import result_points
from spieltisch.tournament.printable import figure_labels
from spieltisch.tournament.results import lot_names
from spieltisch.tournament.settings import tie_break_legend, tie_break_name
from spieltisch.tournament.tournament import Tournament


async def directed(svc: Services, identifier: str, me: int, step: Step) -> TournamentOut:
    """A director's step, then the tournament as the director sees it: what most of the
    director's POST routes answer."""
    return describe(await svc.tournaments.directed(identifier, me, step), me)


def result_out(tournament: Tournament, entry: ResultEntered, names: dict[str, str]) -> ResultOut:
    seats = tournament.round(entry.round).tables[entry.table - 1]
    players = [_name(tournament, player) for player in seats]
    return ResultOut(
        places=list(entry.places),
        handed=list(entry.handed),
        outcomes=[entry.outcome(seat) for seat in range(len(entry.places))],
        points=result_points(entry.places, entry.outcomes, tournament.settings.points),
        how=entry.how,
        lots=list(entry.lots),
        lot_names=[lot_names(lot, players) for lot in entry.lots],
        lot_sources=list(entry.lot_sources),
        figures=[dict(one) for one in entry.figures] if entry.figures else None,
        note=entry.note,
        by=names.get(entry.by, entry.by),
        at=entry.at,
        corrections=len(tournament.audit(entry.round, entry.table)) - 1,
    )


def describe(seen: TournamentPage, me: int | None) -> TournamentOut:
    """The tournament's page as `me` (None: nobody signed in) sees it."""
    tournament, names, status = seen.tournament, seen.names, seen.statuses
    rounds = []
    for played in tournament.rounds:
        explained = explain_round(tournament, played.number, names)
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
                            name=_name(tournament, player),
                            colour=tournament.seat_label(len(players), seat),
                            label=tournament.seat_words(len(players), seat),
                            mark=tournament.seat_mark(len(players), seat),
                        )
                        for seat, player in enumerate(players)
                    ],
                    online=table_id,
                    status=status.get(table_id) if table_id else None,
                    result=result_out(tournament, result, names) if result else None,
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
                        name=_name(tournament, player),
                        points=award.points,
                        reason=award.reason,
                    )
                    for player, award in played.awarded.items()
                ],
                reasons=explained.reasons,
                changes=[RoundChangeOut(**vars(change)) for change in explained.changes],
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
                name=p.shown,
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
                name=_name(tournament, row.player),
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
                by_lot=row.by_lot,
                active=row.active,
            )
            for row in tournament.standings()
        ],
        tiebreaks=[tie_break_name(name) for name in tournament.settings.tiebreaks],
        tiebreak_legend=tie_break_legend(tournament.settings.tiebreaks),
    )


def _name(tournament: Tournament, number: int) -> str:
    return tournament.players[number].shown


def _stopped(tournament: Tournament) -> StoppedOut | None:
    """The game's rule for a stopped game and its figures, as a form can ask for them."""
    rule = tournament.stopped_rule
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


def audit(seen: TournamentPage, round_number: int, table: int) -> AuditOut:
    """Every result entered for a table, oldest first, with who entered it."""
    entries = seen.tournament.audit(round_number, table)
    shown = [result_out(seen.tournament, entry, seen.names) for entry in entries]
    return AuditOut(round=round_number, table=table, entries=shown)
