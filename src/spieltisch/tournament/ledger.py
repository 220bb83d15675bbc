"""The ledger: every step a director takes, with who took it and when, in order.

A tournament is nothing but its ledger. Nothing is ever changed or removed: a correction
is a new result entry for the same table, so the audit trail is the ledger itself, and
standings and ratings are computed again from it.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from spieltisch.tournament.settings import Settings


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(microsecond=0)


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    by: str = Field(min_length=1, max_length=120, description="who did it")
    at: dt.datetime = Field(default_factory=now, description="when (UTC)")


class Created(_Entry):
    kind: Literal["created"] = "created"
    settings: Settings


class Registered(_Entry):
    """A player joins (also between rounds: a late arrival plays from the next round)."""

    kind: Literal["registered"] = "registered"
    player: int = Field(ge=0)
    name: str = Field(min_length=1, max_length=120)
    account: str | None = Field(None, description="the player's account, if they have one")
    identity: str | None = Field(
        None,
        description="a hall player's rating identity, one per person: `guest:<name>/<tag>` "
        "(the tag keeps two people of one name apart), or the identity of the same person "
        "in another tournament; ledgers from before have none (`guest:<name>` then)",
    )


class SignUpChanged(_Entry):
    """The director opens or closes the tournament's sign-up: while it is open, people
    with an account register themselves on the tournament's page (the link)."""

    kind: Literal["signup"] = "signup"
    open: bool


class IdentityChanged(_Entry):
    """The director says whose rating a hall player's games go to: the same person as a
    hall identity of another tournament (merge), or a person of their own (split)."""

    kind: Literal["identity"] = "identity"
    player: int = Field(ge=1)
    identity: str = Field(min_length=7, max_length=200)
    reason: str = Field(min_length=1, max_length=500)


class Withdrawn(_Entry):
    """A player leaves: not seated from the next round on; results so far stand."""

    kind: Literal["withdrawn"] = "withdrawn"
    player: int = Field(ge=0)


class Returned(_Entry):
    """A withdrawn player comes back and is seated again from the next round."""

    kind: Literal["returned"] = "returned"
    player: int = Field(ge=0)


class Seated(_Entry):
    """A round's seating: each table's players in seat order (seat 0 starts), and byes."""

    kind: Literal["seated"] = "seated"
    round: int = Field(ge=1)
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    exact: bool | None = Field(
        None,
        description="whether the search looked at every seating (the best by its cost for "
        "certain) or stopped at its budget with the best found; None: round 1 (drawn) or "
        "a ledger from before",
    )


class Unseated(_Entry):
    """The last round is taken back before any result (a wrong player list, a late
    arrival at the door): it can be seated again, with a new draw."""

    kind: Literal["unseated"] = "unseated"
    round: int = Field(ge=1)
    reason: str = Field("", max_length=500)


class Swapped(_Entry):
    """Two players of the current round change places by the director's hand (seat and
    table), before their tables have a result; the reason is kept."""

    kind: Literal["swapped"] = "swapped"
    round: int = Field(ge=1)
    players: tuple[int, int]
    reason: str = Field(min_length=1, max_length=500)


class Opened(_Entry):
    """A round's tables opened online on the server: table number -> the online table's id.

    Their results come in when the games end (a ResultEntered with how="online"); a table
    without an online table is played on a real board and entered by hand.
    """

    kind: Literal["online"] = "online"
    round: int = Field(ge=1)
    tables: dict[int, str] = Field(description="table number (from 1) -> online table id")


class DirectorNamed(_Entry):
    """The tournament is handed over to another director, so a tournament made on the
    command line (directed by a login name) can be directed from the browser by an
    account; from this entry on only the named director takes steps on the server."""

    kind: Literal["director"] = "director"
    director: str = Field(
        min_length=1, max_length=120, description="the new director: `account:<id>`"
    )


class HandOverOffered(_Entry):
    """A one-time code to take the tournament over in the browser, offered on the command
    line (`tournament.handover`): the salted hash of the code and until when it works. It
    is used up by the next DirectorNamed, and a later offer replaces it."""

    kind: Literal["handover"] = "handover"
    salt: str = Field(min_length=1, max_length=64)
    code_hash: str = Field(min_length=64, max_length=64, description="sha256 of salt:code")
    until: dt.datetime = Field(description="the code works until then (UTC)")


LotSource = Literal["drawn", "kept", "table"]
Outcome = Literal["played", "forfeit", "disqualified"]
"""How a seat's game went: played to its place; `forfeit`: did not play (absent, lost
without a game); `disqualified`: excluded from the game by the director (the club's
rule 16: knocking pieces over on purpose), the others playing on."""


class ResultEntered(_Entry):
    """A table's result; a later entry for the same table corrects an earlier one."""

    kind: Literal["result"] = "result"
    round: int = Field(ge=1)
    table: int = Field(ge=1)
    places: tuple[int, ...] = Field(description="each seat's place, 1 = best")
    how: Literal["places", "stopped", "online"] = "places"
    figures: tuple[dict[str, Any], ...] | None = Field(
        None, description="each seat's figures when the table was stopped by time"
    )
    lots: tuple[str, ...] = Field((), description="lots drawn for ties, in notation")
    lot_sources: tuple[LotSource, ...] = Field(
        (),
        description="for each lot: drawn now (`secrets`), kept from the table's last entry "
        "(the tied players' figures did not change), or drawn at the table by the director",
    )
    outcomes: tuple[Outcome, ...] = Field(
        (),
        description="each seat's outcome when someone did not play to the end (they score "
        "nothing and share the place after everyone who finished); empty: all played",
    )
    handed: tuple[int, ...] = Field(
        (),
        description="online: the seats (from 0) handed to the computer during the game "
        "(given up, or claimed by the others while the person was away), which the easy "
        "level played to the end; the director decides whether the game is rated",
    )
    record: dict[str, Any] | None = Field(None, description="the game record of an online table")
    table_id: str | None = Field(None, description="the online table it was played at")
    note: str = ""

    @property
    def redrawn(self) -> bool:
        """Whether this entry drew a lot of its own (not kept, not given from the table)."""
        return "drawn" in self.lot_sources

    def outcome(self, seat: int) -> Outcome:
        return self.outcomes[seat] if self.outcomes else "played"


class RatingDecided(_Entry):
    """The director's word on an online game in which the computer played a person's
    seat: rated (the default) or not; a later decision for the table replaces it."""

    kind: Literal["rating"] = "rating"
    round: int = Field(ge=1)
    table: int = Field(ge=1)
    rated: bool
    reason: str = Field(min_length=1, max_length=500)


class TiesDrawn(_Entry):
    """The standings' last tie-break: a lot among players equal on points and every
    tie-break after a complete round, drawn (with `secrets`) when such a tie first
    appears, best first, and kept: whenever exactly these players are tied again, this
    order stands. Nobody can work it out before the tie exists."""

    kind: Literal["tie-lot"] = "tie-lot"
    round: int = Field(ge=1, description="the standings after this round first needed it")
    players: tuple[int, ...] = Field(min_length=2, description="the tied players, best first")


class Awarded(_Entry):
    """Points the director gives a player for a round they were not seated in (a late
    arrival's earlier rounds, an absence announced): a later award for the same player
    and round replaces it; the reason is kept."""

    kind: Literal["awarded"] = "awarded"
    round: int = Field(ge=1)
    player: int = Field(ge=1)
    points: float = Field(ge=0)
    reason: str = Field(min_length=1, max_length=500)


Entry = Annotated[
    Created
    | Registered
    | SignUpChanged
    | IdentityChanged
    | Withdrawn
    | Returned
    | Seated
    | Unseated
    | Swapped
    | Opened
    | DirectorNamed
    | HandOverOffered
    | ResultEntered
    | Awarded
    | RatingDecided
    | TiesDrawn,
    Field(discriminator="kind"),
]
ENTRY = TypeAdapter(Entry)
"""Validates an entry from JSON (what the store keeps) and writes it back."""


def entry_from_json(data: dict[str, Any]) -> Entry:
    return ENTRY.validate_python(data)


def entry_to_json(entry: Entry) -> dict[str, Any]:
    data: dict[str, Any] = ENTRY.dump_python(entry, mode="json")
    return data
