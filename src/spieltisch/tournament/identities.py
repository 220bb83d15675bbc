"""Hall identities: one rating identity per person in the hall, across tournaments.

A hall player (no account) is a person of their own when registered (`guest:<name>/<tag>`),
so two people of one name never share a rating. The director says when a hall player is
the same person as one of another tournament (merge: `Tournament.link_identity` with
`same_as`), or undoes it (split: a new identity of their own). These functions list the
identities the database knows, so a director can find the one to merge with, and check
that a merge names one of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spieltisch.tournament.errors import UnknownIdentity
from spieltisch.tournament.ledger import IdentityChanged, Registered
from spieltisch.tournament.messages import _
from spieltisch.tournament.storage import TournamentStore
from spieltisch.tournament.tournament import Tournament


@dataclass(frozen=True)
class Appearance:
    """A hall player of one tournament: where a hall identity played."""

    tournament: str
    tournament_name: str
    number: int
    name: str


async def hall_identities(
    store: TournamentStore, name: str | None = None
) -> dict[str, list[Appearance]]:
    """Every hall identity the tournaments know (identity -> where it played, oldest
    tournament first); with `name`, only those a player of that name (any case) has."""
    found: dict[str, list[Appearance]] = {}
    for row, tournament in await store.every():
        for player in tournament.players.values():
            if player.account is not None:
                continue
            seen = Appearance(row.id, row.name, player.number, player.name)
            found.setdefault(player.rating_id, []).append(seen)
    if name is None:
        return found
    wanted = name.strip().casefold()
    return {
        identity: seen
        for identity, seen in found.items()
        if any(one.name.casefold() == wanted for one in seen)
    }


async def check_known(store: TournamentStore, identity: str) -> None:
    """UnknownIdentity unless some tournament has a hall player with `identity` (the page
    offers the known ones; the command line says which command lists them)."""
    if identity not in await hall_identities(store):
        raise UnknownIdentity(
            _("No hall player has the identity {identity}").format(identity=repr(identity))
        )


async def register_hall_player(
    store: TournamentStore, identifier: str, name: str, by: str, same_as: str | None
) -> Tournament:
    """Register a hall player, as the same person as `same_as` if given (a known identity)."""
    if same_as is not None:
        await check_known(store, same_as)
    tournament, _entry = await store.act(identifier, _registering(name, by, same_as))
    return tournament


async def link(
    store: TournamentStore,
    identifier: str,
    number: int,
    by: str,
    reason: str,
    same_as: str | None,
) -> Tournament:
    """Merge a hall player with a known identity (`same_as`), or split them off (None)."""
    if same_as is not None:
        await check_known(store, same_as)
    tournament, _entry = await store.act(identifier, _linking(number, by, reason, same_as))
    return tournament


def _registering(name: str, by: str, same_as: str | None) -> Callable[[Tournament], Registered]:
    return lambda t: t.register(name, by, same_as=same_as)


def _linking(
    number: int, by: str, reason: str, same_as: str | None
) -> Callable[[Tournament], IdentityChanged]:
    return lambda t: t.link_identity(number, by, reason, same_as)
