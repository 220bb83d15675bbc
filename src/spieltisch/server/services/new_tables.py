"""A new table: its game, options, clock and seats checked (a clear refusal naming what
is wrong), the creator's limits on tables of computers only and on open tables, and its
rows added. A plain async function over a session, so tournament rounds open their
tables inside their own transaction."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

import spieltisch
from spieltisch.core import OptionError, UnknownGame, game_class
from spieltisch.core.names import game_title
from spieltisch.server.i18n import _, _n
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import ClockIn, SeatIn, TableIn
from spieltisch.server.services.seating import TAKEN, start_game
from spieltisch.server.services.turn_clock import turn_clock
from spieltisch.store.models import GameTable, Seat, SeatKind, TableStatus
from spieltisch.store.tables import account_names, computer_only_unfinished, open_tables_waiting

Invite = Callable[[AsyncSession, GameTable, list[Seat]], Awaitable[None]]
"""Writes the invitations of a new table's reserved seats (`table_notices.py`)."""

MAX_COMPUTER_TABLES = 2
"""Unfinished tables of computers only that one account may have at once."""


def _validated_options(spec: TableIn, players: int) -> dict[str, Any]:
    options = dict(spec.options)
    given = options.get("players")
    if given is not None and given != players:
        raise Refusal(
            Code.INVALID,
            _n(
                "option players={given} disagrees with the {count} seat given",
                "option players={given} disagrees with the {count} seats given",
                players,
            ).format(given=given, count=players),
        )
    options["players"] = players
    try:
        game = spieltisch.load(spec.game, **options)
    except (OptionError, UnknownGame) as exc:
        raise Refusal(Code.INVALID, str(exc)) from None
    validated: dict[str, Any] = game.options.to_json()
    return validated


def _check_clock(game: str, clock: ClockIn | None, players: int) -> dict[str, Any] | None:
    if clock is None:
        return None
    if clock.mode == "turn":
        return turn_clock(clock, players)
    if clock.days is not None or clock.bank_hours is not None or clock.bank_max_days is not None:
        raise Refusal(
            Code.INVALID,
            _(
                "days and a time bank are for a turn-based clock (mode turn), not mode {mode}"
            ).format(mode=clock.mode),
        )
    if (clock.mode is None) != (clock.seconds is None):
        raise Refusal(
            Code.INVALID, _("a clock needs both mode (move or game) and seconds, or neither")
        )
    if clock.increment is not None and clock.mode != "game":
        raise Refusal(
            Code.INVALID,
            _("an increment is for a clock per player (mode game), not mode {mode}").format(
                mode=clock.mode
            ),
        )
    if clock.round_seconds is not None and "time" not in game_class(game).events:
        raise Refusal(
            Code.INVALID,
            _(
                "{game} has no time called by a referee: a round time is not available for it"
            ).format(game=game_title(game)),
        )
    if clock.mode is None and clock.round_seconds is None and clock.away_seconds is None:
        return None
    return clock.model_dump()


async def create_table(
    session: AsyncSession,
    creator: int | None,
    spec: TableIn,
    *,
    start: bool = False,
    seated: bool = False,
    tournament_id: str | None = None,
    created_from: str | None = None,
    language: str | None = None,
    invite: Invite | None = None,
) -> GameTable:
    """A new table with its seats; `start` starts it at once when every seat is filled.
    `seated`: the accounts of reserved seats sit there at once (a tournament round seats
    its players; the round clock runs whether they come or not); `tournament_id` the
    tournament it is opened for; `created_from` the creator's address mark
    (`Sessions.address_mark`); `language` the creator's (the lobby's language filter);
    `invite` writes the invitations of its reserved seats in the same transaction.

    Raises Refusal for an unknown game, bad options (the OptionError text), bad seats.
    """
    try:
        cls = game_class(spec.game)
    except UnknownGame as exc:
        raise Refusal(Code.INVALID, str(exc)) from None
    seats = spec.seats
    if seats is None:
        players = spec.options.get("players") or cls.min_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise Refusal(
                Code.INVALID,
                _("option players must be a whole number, not {value}").format(value=players),
            )
        seats = [SeatIn(kind="me" if creator is not None else "open")]
        seats += [SeatIn(kind="open") for _ in range(max(players, 1) - 1)]
    options = _validated_options(spec, len(seats))
    clock = _check_clock(spec.game, spec.clock, len(seats))
    if spec.rated and tournament_id is None:
        _check_rated(seats, creator)
    table = GameTable(
        id=secrets.token_urlsafe(12),
        game=spec.game,
        options=options,
        public=spec.public,
        status=TableStatus.OPEN,
        created_by=creator,
        clock=clock,
        turn_based=clock is not None and clock.get("mode") == "turn",
        tournament_id=tournament_id,
        created_from=created_from,
        rated=spec.rated if tournament_id is None else None,
        language=language,
    )
    session.add(table)
    # The accounts reserved seats name, read in one query (not one per seat).
    reserved = {seat.account for seat in seats if seat.kind == "reserved" and seat.account}
    existing = set(await account_names(session, reserved))
    rows = [_seat_row(table.id, index, seat, creator, existing) for index, seat in enumerate(seats)]
    for row in rows:
        if seated and row.kind == SeatKind.RESERVED:
            row.kind = SeatKind.HUMAN
        session.add(row)
    await session.flush()
    if start and all(row.kind in TAKEN for row in rows):
        await start_game(session, table)
    if invite is not None:
        await invite(session, table, rows)
    await session.commit()
    return table


async def check_computer_tables(session: AsyncSession, creator: int, spec: TableIn) -> None:
    """An account keeps at most `MAX_COMPUTER_TABLES` tables of computers only that are not
    finished: each takes the computer players' time from every other table. (Tables a
    tournament round opens are not counted against its director.)"""
    if not spec.seats or any(seat.kind != "ai" for seat in spec.seats):
        return
    if await computer_only_unfinished(session, creator) >= MAX_COMPUTER_TABLES:
        raise Refusal(
            Code.TOO_MANY,
            _n(
                "you have {count} table of computers only that is not finished: "
                "wait for it to end before making another",
                "you have {count} tables of computers only that are not finished: "
                "wait for one to end before making another",
                MAX_COMPUTER_TABLES,
            ).format(count=MAX_COMPUTER_TABLES),
        )


async def check_open_tables(
    session: AsyncSession, creator: int, created_from: str | None, limits: dict[str, int]
) -> None:
    """A new table waits for players (a seek): refused when the creator sits at
    `limits["account"]` open tables already, or `limits["address"]` made from their
    address still wait with a person seated (guests made in a row from one address)."""
    mine, near = await open_tables_waiting(session, creator, created_from)
    if mine >= limits["account"]:
        raise Refusal(
            Code.TOO_MANY,
            _n(
                "you sit at {count} open table already: start it or leave it before making another",
                "you sit at {count} open tables already: start one or leave one before "
                "making another",
                mine,
            ).format(count=mine),
        )
    if near >= limits["address"]:
        raise Refusal(
            Code.TOO_MANY,
            _n(
                "{count} open table made from your network address still waits for "
                "players: start it or leave it before making another",
                "{count} open tables made from your network address still wait for "
                "players: start one or leave one before making another",
                near,
            ).format(count=near),
        )


def _check_rated(seats: list[SeatIn], creator: int | None) -> None:
    """A rated game rates people, each at one seat, at least two of them (computer seats
    are not rated: the people's places among themselves are): refused, naming the
    seat, when a computer plays with one person only or a person is given two."""
    seen: set[int] = set()
    people = sum(seat.kind != "ai" for seat in seats)
    for index, seat in enumerate(seats):
        if seat.kind == "ai" and people < 2:
            raise Refusal(
                Code.INVALID,
                _(
                    "seat {seat} is a computer: a rated game needs at least two people, "
                    "rated among themselves (make it casual to play against the computer)"
                ).format(seat=index),
            )
        account = creator if seat.kind == "me" else seat.account
        if account is not None and account in seen:
            raise Refusal(
                Code.INVALID,
                _(
                    "seat {seat}: the same person sits at two seats, so the game cannot "
                    "be rated (make it casual)"
                ).format(seat=index),
            )
        if account is not None:
            seen.add(account)


def _seat_row(
    table_id: str, index: int, seat: SeatIn, creator: int | None, existing: set[int]
) -> Seat:
    """The row of a seat as asked for (`existing`: the accounts that exist among those
    the reserved seats name)."""
    if seat.kind == "ai":
        if seat.level is None:
            raise Refusal(
                Code.INVALID,
                _("seat {seat}: an ai seat needs a level: easy..expert").format(seat=index),
            )
        return Seat(table_id=table_id, seat=index, kind=SeatKind.AI, ai_level=seat.level)
    if seat.level is not None:
        raise Refusal(Code.INVALID, _("seat {seat}: only ai seats take a level").format(seat=index))
    if seat.kind == "me":
        if creator is None:
            raise Refusal(
                Code.INVALID, _("seat {seat}: 'me' needs a signed-in creator").format(seat=index)
            )
        return Seat(table_id=table_id, seat=index, kind=SeatKind.HUMAN, account_id=creator)
    if seat.kind == "reserved":
        if seat.account is None or seat.account not in existing:
            raise Refusal(
                Code.INVALID,
                _("seat {seat}: a reserved seat needs an existing account id").format(seat=index),
            )
        return Seat(table_id=table_id, seat=index, kind=SeatKind.RESERVED, account_id=seat.account)
    if seat.account is not None:
        raise Refusal(
            Code.INVALID, _("seat {seat}: only reserved seats name an account").format(seat=index)
        )
    return Seat(table_id=table_id, seat=index, kind=SeatKind.OPEN)
