"""A tournament computed from its ledger, and the director's steps that extend the ledger.

Every step checks what it is asked, raises a TournamentError naming what was wrong and
what is allowed (changing nothing), or appends one entry and returns it so that a store
can keep it.
"""

from __future__ import annotations

import datetime as dt
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import ValidationError

from spieltisch.core import Game, formats, game_class, parts
from spieltisch.core.identity import GameKey, PlayerId, is_guest, level_of
from spieltisch.core.seat_names import seat_mark
from spieltisch.core.stopped import StoppedRanking
from spieltisch.tournament import handover
from spieltisch.tournament.errors import ComputersOnBoards, TournamentError
from spieltisch.tournament.ledger import (
    Awarded,
    Created,
    DirectorNamed,
    Entry,
    HandOverOffered,
    IdentityChanged,
    LotSource,
    Opened,
    RatingDecided,
    Registered,
    ResultEntered,
    Returned,
    Seated,
    SignUpChanged,
    Swapped,
    TiesDrawn,
    Unseated,
    Withdrawn,
    now,
)
from spieltisch.tournament.messages import _, _n
from spieltisch.tournament.points import bye_points, result_points
from spieltisch.tournament.ratings import RatedGame
from spieltisch.tournament.results import (
    check_outcomes,
    check_places,
    parse_lot,
    rank_stopped,
    read_stopped,
    seat_lot,
    split_stopped,
)
from spieltisch.tournament.seating import COMPUTER, HALL, History, seat_round
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.shown_names import shown_name
from spieltisch.tournament.standings import Standing, compute_standings, tied_groups

E = TypeVar(
    "E",
    Created,
    Registered,
    SignUpChanged,
    IdentityChanged,
    Withdrawn,
    Returned,
    Seated,
    Unseated,
    Swapped,
    Opened,
    DirectorNamed,
    HandOverOffered,
    ResultEntered,
    Awarded,
    RatingDecided,
    TiesDrawn,
)


def new_hall_identity(name: str) -> str:
    """A rating identity of its own for a hall player: the name folded, and a tag that
    keeps two people of one name apart."""
    return str(PlayerId.of_guest(name.strip(), secrets.token_hex(4)))


_LOT_DRAW = secrets.SystemRandom()
"""Rule 18's lot: drawn from the system's randomness, so no seed predicts it."""


@dataclass
class Player:
    number: int
    """1, 2, ...: the start number, in order of registration."""
    name: str
    account: str | None
    joined: int
    """The first round the player can be seated in."""
    active: bool = True
    identity: str | None = None
    """A hall player's rating identity (one per person); None in ledgers from before."""

    @property
    def rating_id(self) -> str:
        """Who the rating belongs to: the account, else the hall player's identity (in
        ledgers from before identities, the name: `guest:anna`)."""
        if self.account:
            return self.account
        return self.identity or str(PlayerId.of_guest(self.name))

    @property
    def seating_kind(self) -> str | None:
        """A computer plays only online, a hall player (no account) only on a real board."""
        if self.ai_level is not None:
            return COMPUTER
        return HALL if self.account is None else None

    @property
    def ai_level(self) -> str | None:
        """The computer level of an entrant the computer plays (`level:hard/3` -> hard)."""
        return level_of(self.account)

    @property
    def shown(self) -> str:
        """The name as people read it in the current language: a computer's automatic
        name in words ("Computer (mittel) 2"), never its level's id ("medium 2")."""
        return shown_name(self.name, self.ai_level)


@dataclass
class Round:
    number: int
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    results: dict[int, ResultEntered] = field(default_factory=dict)
    """The current result per table number (1-based): the latest entry for it."""
    online: dict[int, str] = field(default_factory=dict)
    """The online table of each table played on the server (table number -> table id)."""
    awarded: dict[int, Awarded] = field(default_factory=dict)
    """Points the director gave players not seated in this round (player -> the award)."""
    rating: dict[int, RatingDecided] = field(default_factory=dict)
    """The director's word on whether a table's online game is rated (table -> it)."""

    def rated(self, table: int) -> bool:
        """Whether the table's game is rated: unless the director said not."""
        decided = self.rating.get(table)
        return decided is None or decided.rated

    def missing(self) -> list[int]:
        return [t for t in range(1, len(self.tables) + 1) if t not in self.results]

    @property
    def complete(self) -> bool:
        return not self.missing()


class Tournament:
    """The state of a tournament: its settings, players, rounds and results."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self.entries: list[Entry] = []
        self.players: dict[int, Player] = {}
        self.rounds: list[Round] = []
        self.tie_lots: dict[frozenset[int], tuple[int, ...]] = {}
        """The standings' lots (`TiesDrawn`): the tied players -> their order, best first."""
        for entry in entries:
            self._apply(entry)
        if not self.entries:
            raise TournamentError(_("a tournament's ledger starts with its creation"))

    @classmethod
    def create(cls, settings: Settings, by: str) -> Tournament:
        return cls([Created(settings=settings, by=by, at=now())])

    # -- reading ------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
        first = self.entries[0]
        assert isinstance(first, Created)
        return first.settings

    @property
    def director(self) -> str:
        """Who directs: the creator, or whom it was handed over to last."""
        named = [e.director for e in self.entries if isinstance(e, DirectorNamed)]
        return named[-1] if named else self.entries[0].by

    @property
    def game(self) -> type[Game[Any]]:
        return game_class(self.settings.game)

    @property
    def stopped_rule(self) -> StoppedRanking | None:
        """How a table stopped by time is ranked: the game's own rule, or the one the
        settings chose (a championship counts steps)."""
        chosen = self.settings.stopped_rule
        return self.game.stopped_rankings[chosen] if chosen else self.game.stopped_ranking

    @property
    def total_rounds(self) -> int:
        """The rounds to play: the settings' rounds, and the final table if there is one."""
        return self.settings.rounds + (1 if self.settings.final_table else 0)

    def is_final(self, number: int) -> bool:
        """Whether round `number` is the final table of the best four."""
        return self.settings.final_table and number == self.settings.rounds + 1

    @property
    def finished(self) -> bool:
        return len(self.rounds) == self.total_rounds and self.rounds[-1].complete

    def player(self, number: int) -> Player:
        try:
            return self.players[number]
        except KeyError:
            known = f"1 to {len(self.players)}" if self.players else "none yet"
            raise TournamentError(
                _("no player number {number}: players are {known}").format(
                    number=number, known=known
                )
            ) from None

    def round(self, number: int) -> Round:
        if not 1 <= number <= len(self.rounds):
            if self.rounds:
                seated = _("1 to {last}").format(last=len(self.rounds))
            else:
                seated = _("none yet")
            raise TournamentError(
                _("round {number} is not seated: seated rounds are {seated}").format(
                    number=number, seated=seated
                )
            )
        return self.rounds[number - 1]

    def audit(self, round_number: int, table: int) -> list[ResultEntered]:
        """Every result entered for one table, oldest first, with who and when."""
        return [
            e
            for e in self.entries
            if isinstance(e, ResultEntered) and (e.round, e.table) == (round_number, table)
        ]

    def table_points(self, round_number: int, table: int) -> list[float]:
        result = self.round(round_number).results[table]
        return result_points(result.places, result.outcomes, self.settings.points)

    def standings(self, through: int | None = None) -> list[Standing]:
        """The standings after round `through` (default: every round with results); players
        equal on everything go by their drawn lot, or share the rank while none is drawn."""
        last = len(self.rounds) if through is None else through
        if self.settings.final_table and last > self.settings.rounds:
            return self._after_final(last)
        return compute_standings(self, last, self.tie_lots)

    def _after_final(self, last: int) -> list[Standing]:
        """After the final table: its players first, in the final's order (once it has a
        result), then everyone else as the rounds before left them. The final's places
        decide; its points are not added."""
        rows = compute_standings(self, self.settings.rounds, self.tie_lots)
        final = self.round(self.settings.rounds + 1)
        result = final.results.get(1) if last > self.settings.rounds else None
        if not final.tables or result is None:
            return rows
        table = final.tables[0]
        place = {player: result.places[seat] for seat, player in enumerate(table)}
        ordered = sorted(rows, key=lambda row: (row.player not in place, place.get(row.player, 0)))
        for rank, row in enumerate(ordered, start=1):
            row.rank = rank
            row.final = place.get(row.player)
        return ordered

    def _draw_tie_lots(self, by: str) -> None:
        """After a step that changes the standings: for every complete round, players
        equal on points and every tie-break with no lot yet draw one now (`secrets`), so
        the last tie-break exists only once the tie does, and stays."""
        for played in self.rounds:
            if not played.complete:
                continue
            for group in tied_groups(self.standings(played.number)):
                order = list(group)
                _LOT_DRAW.shuffle(order)
                self._apply(TiesDrawn(round=played.number, players=tuple(order), by=by, at=now()))

    def seat_label(self, table_size: int, seat: int) -> str:
        """The seat's colour in notation where each seat plays one (for a swatch), else
        its number (the game's `seat_colour` part)."""
        colour = parts(self.settings.game).seat_colour
        game = self.settings.game_for(table_size)
        return colour(game, seat) if colour is not None else str(seat + 1)

    def seat_words(self, table_size: int, seat: int) -> str:
        """The seat in words in the current language where the game names its seats (their
        colours), else its number (the game's `seat_label` part)."""
        label = parts(self.settings.game).seat_label
        game = self.settings.game_for(table_size)
        return label(game, seat) if label is not None else str(seat + 1)

    def seat_mark(self, table_size: int, seat: int) -> str:
        """The seat as its table names it on every screen (`seat_names.seat_mark`): its
        colour as a name, else "Player 2"; the pages write "Red · Ana" with it."""
        return seat_mark(self.settings.game_for(table_size), seat)

    # -- the director's steps -----------------------------------------------------------

    def register(
        self, name: str, by: str, account: str | None = None, same_as: str | None = None
    ) -> Registered:
        """A player by name, with an account, or in the hall: a hall player is a person of
        their own (a new rating identity) unless `same_as` names the hall identity the
        same person has from another tournament."""
        name = name.strip()
        if not name:
            raise TournamentError(_("a player needs a name"))
        if same_as is not None and account is not None:
            raise TournamentError(_("a player with an account is rated as the account"))
        identity = None if account is not None else self._free_identity(same_as or name)
        for player in self.players.values():
            if player.name.casefold() == name.casefold():
                raise TournamentError(
                    _(
                        "{name} is registered already as number {number}; "
                        "add something to tell them apart"
                    ).format(name=repr(name), number=player.number)
                )
            if account is not None and player.account == account:
                raise TournamentError(
                    _("account {account} is registered already").format(account=repr(account))
                )
        if self.finished:
            raise TournamentError(_("the tournament is over: no more players"))
        return self._append(
            Registered(
                player=len(self.players) + 1,
                name=name,
                account=account,
                identity=identity,
                by=by,
                at=now(),
            )
        )

    def _free_identity(self, same_as_or_name: str, player: int | None = None) -> str:
        """`same_as` checked (a hall identity no other player of this tournament has), or
        a new identity for the name."""
        if not is_guest(same_as_or_name):
            return new_hall_identity(same_as_or_name)
        for other in self.players.values():
            if other.number != player and other.rating_id == same_as_or_name:
                raise TournamentError(
                    _("{identity} is player {number} of this tournament already").format(
                        identity=same_as_or_name, number=other.number
                    )
                )
        return same_as_or_name

    def link_identity(
        self, number: int, by: str, reason: str, same_as: str | None = None
    ) -> IdentityChanged:
        """A hall player's games go to `same_as` (merge: the hall identity the same person
        has elsewhere), or, without it, to a new identity of their own (split)."""
        player = self.player(number)
        if player.account is not None:
            raise TournamentError(
                _("player {number} has an account: they are rated as the account").format(
                    number=number
                )
            )
        if not reason.strip():
            raise TournamentError(_("give the reason for merging or splitting identities"))
        if same_as is not None and not is_guest(same_as):
            raise TournamentError(
                _("{identity} is no hall identity: they look like guest:anna/1f2e").format(
                    identity=repr(same_as)
                )
            )
        if same_as == player.rating_id:
            raise TournamentError(
                _("player {number} is {identity} already").format(number=number, identity=same_as)
            )
        identity = self._free_identity(same_as or player.name, number)
        return self._append(
            IdentityChanged(
                player=number, identity=identity, reason=reason.strip(), by=by, at=now()
            )
        )

    @property
    def signup_open(self) -> bool:
        """Whether people sign themselves up (the director opened it and has not closed it)."""
        changes = [e.open for e in self.entries if isinstance(e, SignUpChanged)]
        return bool(changes) and changes[-1]

    def change_signup(self, open_it: bool, by: str) -> SignUpChanged:
        """Open or close the sign-up; a finished tournament takes nobody."""
        if open_it == self.signup_open:
            raise TournamentError(
                _("the sign-up is open already") if open_it else _("the sign-up is closed already")
            )
        if open_it and self.finished:
            raise TournamentError(_("the tournament is over: no more players"))
        return self._append(SignUpChanged(open=open_it, by=by, at=now()))

    def sign_up(self, name: str, account: str) -> Registered:
        """Someone with an account registers themselves while the sign-up is open; the
        ledger says they did (`by` is their account)."""
        if not self.signup_open:
            raise TournamentError(
                _("the sign-up of this tournament is closed: ask the director to register you")
            )
        for player in self.players.values():
            if player.account == account:
                raise TournamentError(
                    _("you are registered already, as number {number}").format(number=player.number)
                )
        return self.register(name, account, account)

    def withdraw(self, number: int, by: str) -> Withdrawn:
        if not self.player(number).active:
            raise TournamentError(_("player {number} has withdrawn already").format(number=number))
        return self._append(Withdrawn(player=number, by=by, at=now()))

    def readmit(self, number: int, by: str) -> Returned:
        if self.player(number).active:
            raise TournamentError(
                _("player {number} is still in the tournament").format(number=number)
            )
        return self._append(Returned(player=number, by=by, at=now()))

    def seat_next(self, by: str, boards_only: bool = False) -> Seated:
        """Seat the next round; the previous one must have every result. `boards_only`:
        every table is played on a real board in the hall (the command line, or "Play
        online" unchecked), where nobody moves a computer's pieces, so a round with
        computer entrants to seat is refused, naming them (start it online, or withdraw
        them)."""
        if boards_only:
            computers = [
                p.shown for p in self.players.values() if p.active and p.ai_level is not None
            ]
            if computers:
                raise ComputersOnBoards(
                    _(
                        "{names} are computer entrants: they play only online, never on a "
                        "board in the hall. Start the round online, or withdraw them first"
                    ).format(names=", ".join(computers))
                )
        if self.rounds and not self.rounds[-1].complete:
            missing = ", ".join(map(str, self.rounds[-1].missing()))
            raise TournamentError(
                _("round {number} still lacks results of tables {missing}").format(
                    number=len(self.rounds), missing=missing
                )
            )
        if len(self.rounds) >= self.total_rounds:
            raise TournamentError(
                _n(
                    "the {rounds} round is seated",
                    "all {rounds} rounds are seated",
                    self.total_rounds,
                ).format(rounds=self.total_rounds)
            )
        number = len(self.rounds) + 1
        # The seating's starting order: every draw of the seating comes from the published
        # seed, so players equal on everything go by the seed's order, not the drawn lot.
        standings = compute_standings(self, len(self.rounds), seating=True)
        active = {p.number for p in self.players.values() if p.active}
        order = [s.player for s in standings if s.player in active]
        if self.is_final(number):  # the best four after the rounds, by the standings
            order = [row.player for row in self.standings() if row.player in active]
            order = order[: self.settings.table_size]
        points = {s.player: s.points for s in standings}
        settings = self.settings
        again = sum(1 for e in self.entries if isinstance(e, Unseated) and e.round == number)
        rng = random.Random(
            f"{settings.seed}/round/{number}" + (f"/again/{again}" if again else "")
        )
        seating = seat_round(
            order,
            points,
            self.seating_history(),
            settings.table_size,
            settings.min_table,
            rng,
            first_round=number == 1,
            kinds={n: kind for n in order if (kind := self.players[n].seating_kind)},
        )
        return self._append(
            Seated(
                round=number,
                tables=seating.tables,
                byes=seating.byes,
                exact=seating.exact,
                by=by,
                at=now(),
            )
        )

    def unseat(self, by: str, reason: str = "") -> Unseated:
        """Take the last round back while none of its tables has a result or is played
        online; `seat_next` then seats it again with a new draw. Points awarded for the
        round go with it (they are given again for the new round)."""
        if not self.rounds:
            raise TournamentError(_("no round is seated: nothing to undo"))
        played = self.rounds[-1]
        if played.results or played.online:
            tables = sorted(set(played.results) | set(played.online))
            raise TournamentError(
                _(
                    "round {round} has results or online games at table {tables}: it can "
                    "no longer be undone; correct the results instead"
                ).format(round=played.number, tables=", ".join(map(str, tables)))
            )
        if not reason.strip():
            raise TournamentError(_("give the reason for taking the round back"))
        return self._append(Unseated(round=played.number, reason=reason.strip(), by=by, at=now()))

    def swap(self, round_number: int, first: int, second: int, by: str, reason: str) -> Swapped:
        """Two players of the current round change places (seat and table, or a bye) by
        the director's hand, before their tables have a result; the reason is kept."""
        if not reason.strip():
            raise TournamentError(_("give the reason for swapping players by hand"))
        if first == second:
            raise TournamentError(_("a swap needs two different players"))
        self.player(first)
        self.player(second)
        played = self.round(round_number)
        if round_number != len(self.rounds):
            raise TournamentError(
                _("only the current round ({round}) can be changed").format(round=len(self.rounds))
            )
        for player in (first, second):
            table = _table_of(played, player)
            if table is None and player not in played.byes:
                raise TournamentError(
                    _("player {number} is not seated in round {round}").format(
                        number=player, round=round_number
                    )
                )
            if table is not None and (table in played.results or table in played.online):
                raise TournamentError(
                    _(
                        "table {table} of round {round} has a result or is played online: "
                        "its players stay"
                    ).format(table=table, round=round_number)
                )
        return self._append(
            Swapped(
                round=round_number, players=(first, second), reason=reason.strip(), by=by, at=now()
            )
        )

    def seating_history(self) -> History:
        history = History()
        for played in self.rounds:
            for table in played.tables:
                history.add_table(table, self.settings.table_size)
            for player in played.byes:
                history.add_bye(player)
        return history

    def register_ai(self, name: str, level: str, by: str) -> Registered:
        """An entrant the computer plays at `level` (its online seats are computer seats).
        Without a name it is called after its level, numbered from the second one of the
        same level on (`easy`, `easy 2`), so a second computer of a level can be seated."""
        if not name.strip():
            same = sum(1 for p in self.players.values() if p.ai_level == level)
            name = level if not same else f"{level} {same + 1}"
        return self.register(name, by, str(PlayerId.of_level(level, secrets.token_hex(4))))

    def open_online(self, round_number: int, tables: Mapping[int, str], by: str) -> Opened:
        """Record that these tables of a round are played online, at these table ids."""
        played = self.round(round_number)
        for table in tables:
            self._table(round_number, table)
            if table in played.online:
                raise TournamentError(
                    _(
                        "table {table} of round {round} is played online already (at {where})"
                    ).format(table=table, round=round_number, where=played.online[table])
                )
            if table in played.results:
                raise TournamentError(
                    _(
                        "table {table} of round {round} has a result already: "
                        "it is not opened online"
                    ).format(table=table, round=round_number)
                )
        if not tables:
            raise TournamentError(
                _("no table of round {round} to open online").format(round=round_number)
            )
        return self._append(Opened(round=round_number, tables=dict(tables), by=by, at=now()))

    def hand_over(self, director: str, by: str) -> DirectorNamed:
        """Name another director (`account:<id>`, as the server knows its accounts)."""
        if director == self.director:
            raise TournamentError(
                _("{director} directs this tournament already").format(director=director)
            )
        return self._append(DirectorNamed(director=director, by=by, at=now()))

    def offer_hand_over(
        self, code: str, by: str, minutes: int = handover.MINUTES
    ) -> HandOverOffered:
        """Keep the hash of a one-time code (`handover.new_code`) with which an account
        takes the tournament over in the browser; an earlier open code stops working."""
        salt = handover.new_salt()
        until = now() + dt.timedelta(minutes=minutes)
        offer = HandOverOffered(
            salt=salt, code_hash=handover.code_hash(code, salt), until=until, by=by, at=now()
        )
        return self._append(offer)

    def open_hand_over(self, at: dt.datetime | None = None) -> HandOverOffered | None:
        """The code offered last, if it is neither used (a director was named after it)
        nor expired."""
        latest: HandOverOffered | None = None
        for entry in self.entries:
            if isinstance(entry, HandOverOffered):
                latest = entry
            elif isinstance(entry, DirectorNamed):
                latest = None
        if latest is None or latest.until <= (at or now()):
            return None
        return latest

    def take_over(self, director: str, code: str) -> DirectorNamed:
        """`director` (`account:<id>`) directs from now on, having typed the code offered
        on the command line; the code is used up."""
        offer = self.open_hand_over()
        if offer is None:
            raise TournamentError(
                _(
                    "no hand-over code is open for this tournament: the director prints one "
                    "with spieltisch tournament director ID --code (it works {minutes} minutes)"
                ).format(minutes=handover.MINUTES)
            )
        if not handover.matches(code, offer.salt, offer.code_hash):
            raise TournamentError(
                _("that is not the hand-over code: it has {length} letters and digits").format(
                    length=handover.LENGTH
                )
            )
        if director == self.director:
            raise TournamentError(
                _("{director} directs this tournament already").format(director=director)
            )
        return self._append(DirectorNamed(director=director, by=director, at=now()))

    def enter_places(
        self,
        round_number: int,
        table: int,
        places: Sequence[int | str],
        by: str,
        note: str = "",
    ) -> ResultEntered:
        """Each seat's place (1 = best) among those who finished, or `forfeit` (did not
        play) or `disqualified` (excluded from the game by rule 16): those score nothing."""
        seats = self._table(round_number, table)
        checked, outcomes = check_outcomes(places, len(seats), self._shared(len(seats)))
        return self._append(
            ResultEntered(
                round=round_number,
                table=table,
                places=checked,
                outcomes=outcomes,
                note=note,
                by=by,
                at=now(),
            )
        )

    def award(self, round_number: int, player: int, points: float, by: str, reason: str) -> Awarded:
        """Points for a round the player was not seated in (joined later, absent): at
        most a first place's points; a later award for the same round replaces it."""
        if not reason.strip():
            raise TournamentError(_("give the reason for the points a player gets without a game"))
        self.player(player)
        played = self.round(round_number)
        if _table_of(played, player) is not None or player in played.byes:
            raise TournamentError(
                _(
                    "player {number} is seated in round {round}: their table's result (or the "
                    "bye) gives their points there"
                ).format(number=player, round=round_number)
            )
        most = max(self.settings.points)
        if not 0 <= points <= most:
            raise TournamentError(
                _(
                    "points for a missed round go from 0 to {most} (a first place), not {points}"
                ).format(most=formats.number(most), points=formats.number(points))
            )
        return self._append(
            Awarded(
                round=round_number,
                player=player,
                points=points,
                reason=reason.strip(),
                by=by,
                at=now(),
            )
        )

    def enter_stopped(
        self,
        round_number: int,
        table: int,
        figures: Sequence[Mapping[str, Any] | str],
        by: str,
        note: str = "",
        table_lots: Sequence[Sequence[int]] = (),
    ) -> ResultEntered:
        """A table stopped by time: places by the game's rule from each seat's figures.

        A seat that did not play to the end is entered as `forfeit` (did not come) or
        `disqualified` (rule 16) in place of its figures: the others are ranked by the
        rule, and it shares the place after them, scoring nothing (as with places).
        Players still tied go by lot (rule 18's last step), drawn once per table: with
        `secrets` the first time, so nobody can compute it in advance; a later entry keeps
        the lot the table drew before for the same tied players with the same figures
        (a correction elsewhere, or a figure changed and changed back, draws nothing
        new). `table_lots` are lots drawn at the table (each a tied group's seats from 1,
        best first) and replace a draw. The entry records where each lot came from."""
        seats = self._table(round_number, table)
        if len(figures) != len(seats):
            raise TournamentError(
                _("this table has {size} players: give figures for {size} seats").format(
                    size=len(seats)
                )
            )
        ranked, outcomes = split_stopped(figures)
        kept = self._kept_lots(round_number, table, ranked)
        from_table = _table_lots(table_lots, len(seats))
        places, checked, lots = rank_stopped(
            self.game, ranked, _LOT_DRAW, from_table, kept, self.stopped_rule
        )
        sources: list[LotSource] = []
        for lot in lots:
            group = frozenset(parse_lot(lot))
            if group in from_table:
                sources.append("table")
            elif group in kept:
                sources.append("kept")
            else:
                sources.append("drawn")
        return self._append(
            ResultEntered(
                round=round_number,
                table=table,
                places=places,
                how="stopped",
                figures=checked,
                outcomes=outcomes,
                lots=lots,
                lot_sources=tuple(sources),
                note=note,
                by=by,
                at=now(),
            )
        )

    def _kept_lots(
        self, round_number: int, table: int, figures: Sequence[Mapping[str, Any] | None]
    ) -> dict[frozenset[int], tuple[int, ...]]:
        """The lots this table drew before (its latest entry first) whose tied players
        enter the same figures again: those lots stand, so typing the same figures
        twice, fixing another seat's typo, or changing a tied figure and changing it back
        draws nothing new."""
        rule = self.stopped_rule
        if rule is None:
            return {}
        now_figures: dict[int, Any] = {}
        for seat, raw in enumerate(figures):
            try:
                if raw is not None:
                    now_figures[seat] = rule.figures.model_validate(dict(raw)).model_dump(
                        mode="json"
                    )
            except (ValidationError, TypeError, ValueError):
                continue  # rank_stopped refuses it with the seat named
        kept: dict[frozenset[int], tuple[int, ...]] = {}
        for before in reversed(self.audit(round_number, table)):
            if before.figures is None:
                continue
            for lot in before.lots:
                order = parse_lot(lot)
                group = frozenset(order)
                if group in kept:
                    continue
                if all(
                    seat in now_figures
                    and seat < len(before.figures)
                    and before.outcome(seat) == "played"
                    and now_figures[seat] == before.figures[seat]
                    for seat in order
                ):
                    kept[group] = order
        return kept

    def enter_online(
        self,
        round_number: int,
        table: int,
        record: Mapping[str, Any],
        by: str,
        table_id: str | None = None,
    ) -> ResultEntered:
        """The result of a table played online: the ranking of its finished game record
        (of a game given up, the ranking after resignations: the server's record carries
        it as the result, `core.records.make_record`). A game stopped by time is ranked
        as a director's entry of the same board is: each seat's figures by the
        tournament's rule (a championship's steps) read off the last position, the lots
        the game drew kept where that rule finds the same players tied."""
        seats = self._table(round_number, table)
        result = record.get("result")
        if not isinstance(result, Mapping) or "ranking" not in result:
            raise TournamentError(_("the table's game has not ended: its record has no result"))
        read = read_stopped(self.game, self.stopped_rule, record)
        figures: tuple[dict[str, Any], ...] | None = None
        sources: tuple[LotSource, ...] = ()
        if read is not None:
            found, drawn = read
            ranked, figures, lots = rank_stopped(
                self.game, found, _LOT_DRAW, drawn, None, self.stopped_rule
            )
            places = check_places(list(ranked), len(seats), self._shared(len(seats)))
            sources = tuple(
                "table" if frozenset(parse_lot(lot)) in drawn else "drawn" for lot in lots
            )
        else:
            places = check_places(list(result["ranking"]), len(seats), self._shared(len(seats)))
            history = record.get("history", ())
            lots = tuple(seat_lot(str(h)) for h in history if str(h).startswith("lot:"))
        handed = tuple(
            sorted({int(seat) for seat in result.get("resigned") or () if 0 <= seat < len(seats)})
        )
        return self._append(
            ResultEntered(
                round=round_number,
                table=table,
                places=places,
                how="online",
                figures=figures,
                lots=lots,
                lot_sources=sources,
                handed=handed,
                record=dict(record),
                table_id=table_id,
                by=by,
                at=now(),
            )
        )

    def decide_rating(
        self, round_number: int, table: int, rated: bool, by: str, reason: str
    ) -> RatingDecided:
        """Whether an online game in which the computer played a person's seat (handed
        over: given up, or claimed while the person was away) is rated; its result stands
        in the standings either way."""
        self._table(round_number, table)
        result = self.round(round_number).results.get(table)
        if result is None or not result.handed:
            raise TournamentError(
                _(
                    "table {table} of round {round} has no online game in which the computer "
                    "played a person's seat: its game is rated as played"
                ).format(table=table, round=round_number)
            )
        if not reason.strip():
            raise TournamentError(_("give the reason for the decision on the rating"))
        return self._append(
            RatingDecided(
                round=round_number,
                table=table,
                rated=rated,
                reason=reason.strip(),
                by=by,
                at=now(),
            )
        )

    def _shared(self, size: int) -> bool:
        """Whether the game's rules let players share a place at a table of `size`."""
        return self.settings.game_for(size).shared_places

    def _table(self, round_number: int, table: int) -> tuple[int, ...]:
        tables = self.round(round_number).tables
        if not 1 <= table <= len(tables):
            raise TournamentError(
                _("round {round} has tables 1 to {last}, not table {table}").format(
                    round=round_number, last=len(tables), table=table
                )
            )
        return tables[table - 1]

    # -- folding the ledger -------------------------------------------------------------

    def _append(self, entry: E) -> E:
        self._apply(entry)
        if isinstance(entry, ResultEntered | Awarded | Registered):
            self._draw_tie_lots(entry.by)
        return entry

    def _apply(self, entry: Entry) -> None:
        if not self.entries and not isinstance(entry, Created):
            raise TournamentError(_("a tournament's ledger starts with its creation"))
        if isinstance(entry, Created):
            if self.entries:
                raise TournamentError(_("a tournament is created once"))
        elif isinstance(entry, Registered):
            self.players[entry.player] = Player(
                entry.player, entry.name, entry.account, len(self.rounds) + 1, True, entry.identity
            )
        elif isinstance(entry, IdentityChanged):
            self.player(entry.player).identity = entry.identity
        elif isinstance(entry, Withdrawn):
            self.player(entry.player).active = False
        elif isinstance(entry, Returned):
            self.player(entry.player).active = True
        elif isinstance(entry, Seated):
            self.rounds.append(Round(entry.round, entry.tables, entry.byes))
        elif isinstance(entry, Unseated):
            self.rounds.pop()
        elif isinstance(entry, Swapped):
            played = self.round(entry.round)
            a, b = entry.players

            def swapped(player: int) -> int:
                return b if player == a else a if player == b else player

            played.tables = tuple(tuple(swapped(p) for p in t) for t in played.tables)
            played.byes = tuple(swapped(p) for p in played.byes)
        elif isinstance(entry, Opened):
            self.round(entry.round).online.update(entry.tables)
        elif isinstance(entry, DirectorNamed | HandOverOffered | SignUpChanged):
            pass  # read by `director` and `open_hand_over`
        elif isinstance(entry, Awarded):
            self.round(entry.round).awarded[entry.player] = entry
        elif isinstance(entry, RatingDecided):
            self.round(entry.round).rating[entry.table] = entry
        elif isinstance(entry, TiesDrawn):
            self.tie_lots.setdefault(frozenset(entry.players), entry.players)
        else:
            self.round(entry.round).results[entry.table] = entry
        self.entries.append(entry)

    def rated_games(self, identifier: str) -> list[RatedGame]:
        """Every table with a result as a rated game (none if the tournament is unrated).

        A table's time is that of its first entry, so a correction replaces the game in
        the same place of the order and ratings come out as if it had been right at once.
        A player who forfeited did not play and is left out; one disqualified is rated at
        the last place. An online game the director decided not to rate (the computer
        played a person's seat) is left out.
        """
        if not self.settings.rated:
            return []
        games = []
        for played in self.rounds:
            for index, table in enumerate(played.tables, start=1):
                result = played.results.get(index)
                if result is None or not played.rated(index):
                    continue
                seats = [s for s in range(len(table)) if result.outcome(s) != "forfeit"]
                if len(seats) < 2:
                    continue
                first = self.audit(played.number, index)[0]
                games.append(
                    RatedGame(
                        self.settings.game,
                        str(GameKey.of_tournament(identifier, played.number, index)),
                        first.at,
                        tuple(self.players[table[s]].rating_id for s in seats),
                        tuple(result.places[s] for s in seats),
                    )
                )
        return games

    def online_tables(self) -> set[str]:
        """The ids of this tournament's online tables: opened for a round, or whose result
        it took (so they are rated once, as tournament games)."""
        taken = {e.table_id for e in self.entries if isinstance(e, ResultEntered) and e.table_id}
        return taken | {table for played in self.rounds for table in played.online.values()}

    def table_of(self, table_id: str) -> tuple[int, int] | None:
        """The round and table number an online table was opened for."""
        for played in self.rounds:
            for number, opened in played.online.items():
                if opened == table_id:
                    return played.number, number
        return None

    def bye_points(self) -> float:
        return bye_points(self.settings.points)


def _table_of(played: Round, player: int) -> int | None:
    """The table number (from 1) a player sits at in a round, None for a bye."""
    for number, table in enumerate(played.tables, start=1):
        if player in table:
            return number
    return None


def _table_lots(lots: Sequence[Sequence[int]], seats: int) -> dict[frozenset[int], tuple[int, ...]]:
    """Lots drawn at the table (seats from 1, best first) as tied groups of seats from 0;
    a TournamentError for a seat that is not at the table or named twice."""
    given: dict[frozenset[int], tuple[int, ...]] = {}
    taken: set[int] = set()
    for lot in lots:
        order = tuple(seat - 1 for seat in lot)
        if len(order) < 2 or any(not 0 <= seat < seats for seat in order):
            raise TournamentError(
                _(
                    "a lot names two or more seats of this table (1 to {seats}) best first, "
                    "such as 2,4; not {lot}"
                ).format(seats=seats, lot=",".join(map(str, lot)))
            )
        if taken & set(order) or len(set(order)) != len(order):
            raise TournamentError(
                _("a seat is named twice in the lots: {lots}").format(
                    lots="; ".join(",".join(map(str, lot)) for lot in lots)
                )
            )
        taken |= set(order)
        given[frozenset(order)] = order
    return given
