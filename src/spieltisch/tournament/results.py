"""A table's result: places entered by hand, or a table stopped by time ranked by the
game's own rule (Mensch ärgere Dich nicht: rule 18) from each player's figures."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from spieltisch.core import Game, parts
from spieltisch.core.i18n import N_
from spieltisch.core.ranking import places_from_keys
from spieltisch.tournament.errors import TournamentError, explain_validation
from spieltisch.tournament.ledger import Outcome, ResultEntered
from spieltisch.tournament.messages import _

LOT_PREFIX = "lot:"


def check_places(places: Sequence[int], size: int, shared: bool = True) -> tuple[int, ...]:
    """Places 1 = best for each seat; players who share a place skip the places they span
    (1, 1, 3), as everywhere in spieltisch, where the game's rules let them share one
    (`shared`: `Game.shared_places`)."""
    if len(places) != size:
        raise TournamentError(
            _("this table has {size} players: give {size} places, not {given}").format(
                size=size, given=len(places)
            )
        )
    expected = places_from_keys([-place for place in places])
    if list(places) != expected or min(places, default=1) != 1:
        raise TournamentError(
            _(
                "places {places} are not a ranking: each is 1 + the number of better "
                "players, such as 1,2,3,4 or 1,1,3,4"
            ).format(places=list(places))
        )
    if not shared and len(set(places)) != len(places):
        raise TournamentError(
            _(
                "places {places} share a place, which this game's rules never do: "
                "give each player their own place, such as 1,2,3,4"
            ).format(places=list(places))
        )
    return tuple(places)


NOT_PLAYED: tuple[Outcome, ...] = ("forfeit", "disqualified")
OUTCOME_WORDS: dict[str, str] = {
    "forfeit": N_("forfeit (did not play)"),
    "disqualified": N_("disqualified (rule 16)"),
}
"""A seat that did not play to the end, in words, where its place would be shown."""


def place_words(entry: ResultEntered, seat: int) -> str:
    """A seat's place as results show it: the number, or why it has none."""
    outcome = entry.outcome(seat)
    return str(entry.places[seat]) if outcome == "played" else _(OUTCOME_WORDS[outcome])


def check_outcomes(
    items: Sequence[int | str], size: int, shared: bool = True
) -> tuple[tuple[int, ...], tuple[Outcome, ...]]:
    """Places and outcomes from what a director enters per seat: a place among the
    players who finished, or `forfeit` (did not play) or `disqualified` (excluded from
    the game). Those who did not play to the end share the place after the last one who
    finished; outcomes are empty when everyone played."""
    if len(items) != size:
        raise TournamentError(
            _("this table has {size} players: give {size} places, not {given}").format(
                size=size, given=len(items)
            )
        )
    outcomes: list[Outcome] = []
    for item in items:
        if isinstance(item, int):
            outcomes.append("played")
        elif item in NOT_PLAYED:
            outcomes.append("forfeit" if item == "forfeit" else "disqualified")
        else:
            raise TournamentError(
                _(
                    "{item} is not a place: give a number from 1, or forfeit (did not play) "
                    "or disqualified (excluded from the game)"
                ).format(item=repr(item))
            )
    finished = [item for item in items if isinstance(item, int)]
    if len(finished) == size:
        return check_places(finished, size, shared), ()
    ranked = check_places(finished, len(finished), shared) if finished else ()
    last = len(finished) + 1
    found = iter(ranked)
    places = tuple(next(found) if outcome == "played" else last for outcome in outcomes)
    return places, tuple(outcomes)


def parse_lot(lot: str) -> tuple[int, ...]:
    """The seats (from 0) of a recorded lot `lot:2,4`, best first."""
    return tuple(int(seat) - 1 for seat in lot.removeprefix(LOT_PREFIX).split(","))


def rank_stopped(
    game: type[Game[Any]],
    figures: Sequence[Mapping[str, Any]],
    rng: random.Random,
    given: Mapping[frozenset[int], Sequence[int]] | None = None,
) -> tuple[tuple[int, ...], tuple[dict[str, Any], ...], tuple[str, ...]]:
    """Places from each seat's figures by the game's rule for a stopped game; players
    still equal draw lots (`rng`), recorded as `lot:<seat>,<seat>,...` best first for each
    tied group, in order of place. A tied group found in `given` (its seats from 0 -> their
    order, best first: a lot kept from before or drawn at the table) takes that order
    instead of a new draw. Returns places, the checked figures and the lots."""
    rule = game.stopped_ranking
    if rule is None:
        raise TournamentError(
            _("{game} has no rule for ranking a game stopped by time: enter the places").format(
                game=game.title
            )
        )
    rule_name = parts(game).gettext(rule.rule)
    checked = []
    for seat, raw in enumerate(figures):
        try:
            checked.append(rule.figures.model_validate(dict(raw)))
        except ValidationError as exc:
            raise explain_validation(
                _("figures of seat {seat} ({rule})").format(seat=seat + 1, rule=rule_name), exc
            ) from None
    try:
        rule.check_table(checked)
    except ValueError as exc:
        raise TournamentError(_("{rule}: {problem}").format(rule=rule_name, problem=exc)) from None
    keys = [rule.key(one) for one in checked]
    groups: dict[tuple[Any, ...], list[int]] = {}
    for seat, key in enumerate(keys):
        groups.setdefault(key, []).append(seat)
    lot_rank = [0] * len(keys)
    lots = []
    for key in sorted(groups, reverse=True):
        tied = groups[key]
        if len(tied) < 2:
            continue
        known = (given or {}).get(frozenset(tied))
        if known is not None:
            order = list(known)
        else:
            order = tied.copy()
            rng.shuffle(order)
        lots.append(LOT_PREFIX + ",".join(str(seat + 1) for seat in order))
        for position, seat in enumerate(order):
            lot_rank[seat] = len(order) - position
    for lot in given or {}:
        if not any(frozenset(tied) == lot for tied in groups.values()):
            tied_now = [g for g in groups.values() if len(g) > 1]
            raise TournamentError(
                _("seats {seats} are not tied by {rule}: tied are {tied}").format(
                    seats=",".join(str(seat + 1) for seat in sorted(lot)),
                    rule=rule_name,
                    tied="; ".join(",".join(str(s + 1) for s in g) for g in tied_now) or _("none"),
                )
            )
    places = places_from_keys([(*key, lot_rank[seat]) for seat, key in enumerate(keys)])
    dumped = tuple(one.model_dump(mode="json") for one in checked)
    return tuple(places), dumped, tuple(lots)
