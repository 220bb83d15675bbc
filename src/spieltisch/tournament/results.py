"""A table's result: places entered by hand, or a table stopped by time ranked by the
game's own rule (Mensch ärgere Dich nicht: rule 18) from each player's figures."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from spieltisch.core import Game, RecordError, load_record, parts
from spieltisch.core.i18n import N_
from spieltisch.core.ranking import places_from_keys
from spieltisch.core.stopped import StoppedRanking
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


def seat_lot(lot: str) -> str:
    """A lot drawn by an online table's game (`lot:2,0`, players from 0) as a tournament
    writes it (`lot:3,1`, seats from 1, best first)."""
    return LOT_PREFIX + ",".join(str(seat + 1) for seat in engine_lot(lot))


def engine_lot(lot: str) -> tuple[int, ...]:
    """The players (from 0) of a lot in a game's history, best first."""
    return tuple(int(player) for player in lot.removeprefix(LOT_PREFIX).split(","))


def read_stopped(
    game: type[Game[Any]], rule: StoppedRanking | None, record: Mapping[str, Any]
) -> tuple[list[dict[str, Any]], dict[frozenset[int], tuple[int, ...]]] | None:
    """An online table's game stopped by time, read as a referee reads a board: each
    seat's figures by the tournament's rule from the last position, and the lots the
    game drew (seats from 0, best first) for the groups that rule finds tied. None for a
    game that was not stopped by time, was given up by a seat (the server's ranking puts
    it last), or that the rule cannot read."""
    result = record.get("result")
    history = [str(item) for item in record.get("history", ())]
    if rule is None or not isinstance(result, Mapping) or result.get("resigned"):
        return None
    if not set(history) & game.events:
        return None
    try:
        state = load_record(record)
    except RecordError:
        return None
    figures = rule.figures_of(state) if state.is_terminal() else None
    if figures is None:
        return None
    keys = [rule.key(one) for one in figures]
    drawn: dict[frozenset[int], tuple[int, ...]] = {}
    for item in history:
        if not item.startswith(LOT_PREFIX):
            continue
        order = engine_lot(item)
        tied = {seat for seat, key in enumerate(keys) if key == keys[order[0]]}
        if tied == set(order):
            drawn[frozenset(order)] = order
    return figures, drawn


def lot_names(lot: str, names: Sequence[str]) -> str:
    """A recorded lot with the table's names (in seat order) for its seats, best first:
    `lot:3,2` -> `lot: Clara, Bernd`."""
    return _("lot: {names}").format(names=", ".join(names[seat] for seat in parse_lot(lot)))


def split_stopped(
    entered: Sequence[Mapping[str, Any] | str],
) -> tuple[list[Mapping[str, Any] | None], tuple[Outcome, ...]]:
    """Each seat's figures of a table stopped by time, or `forfeit` (did not come) or
    `disqualified` (excluded by rule 16 before time was called) in place of them: the
    figures (None for a seat out) and the outcomes (empty when everyone played)."""
    figures: list[Mapping[str, Any] | None] = []
    outcomes: list[Outcome] = []
    for item in entered:
        if isinstance(item, str):
            if item not in NOT_PLAYED:
                raise TournamentError(
                    _(
                        "{item} is not a seat's figures: give the figures, or forfeit (did "
                        "not play) or disqualified (excluded from the game)"
                    ).format(item=repr(item))
                )
            figures.append(None)
            outcomes.append("forfeit" if item == "forfeit" else "disqualified")
        else:
            figures.append(item)
            outcomes.append("played")
    return figures, (tuple(outcomes) if any(o != "played" for o in outcomes) else ())


def rank_stopped(
    game: type[Game[Any]],
    figures: Sequence[Mapping[str, Any] | None],
    rng: random.Random,
    given: Mapping[frozenset[int], Sequence[int]] | None = None,
    kept: Mapping[frozenset[int], Sequence[int]] | None = None,
    rule: StoppedRanking | None = None,
) -> tuple[tuple[int, ...], tuple[dict[str, Any], ...], tuple[str, ...]]:
    """Places from each seat's figures by the game's rule for a stopped game; players
    still equal draw lots (`rng`), recorded as `lot:<seat>,<seat>,...` best first for each
    tied group, in order of place. A tied group found in `given` (drawn at the table: its
    seats from 0 -> their order, best first) or in `kept` (a lot this table drew before
    for the same figures) takes that order instead of a new draw; a `given` group that is
    not tied is refused. A seat whose figures are None did not play to the end (rule 16,
    or absent): it is not ranked and shares the place after the last one ranked, its
    figures recorded as `{}`. `rule`: the ranking the tournament chose (default: the
    game's own). Returns places, the checked figures and the lots."""
    rule = rule or game.stopped_ranking
    if rule is None:
        raise TournamentError(
            _("{game} has no rule for ranking a game stopped by time: enter the places").format(
                game=game.title
            )
        )
    rule_name = parts(game).gettext(rule.rule)
    checked: dict[int, Any] = {}
    for seat, raw in enumerate(figures):
        if raw is None:
            continue
        try:
            checked[seat] = rule.figures.model_validate(dict(raw))
        except ValidationError as exc:
            raise explain_validation(
                _("figures of seat {seat} ({rule})").format(seat=seat + 1, rule=rule_name), exc
            ) from None
    try:
        rule.check_table(list(checked.values()))
    except ValueError as exc:
        raise TournamentError(_("{rule}: {problem}").format(rule=rule_name, problem=exc)) from None
    keys = {seat: rule.key(one) for seat, one in checked.items()}
    groups: dict[tuple[Any, ...], list[int]] = {}
    for seat, key in keys.items():
        groups.setdefault(key, []).append(seat)
    tied_now = [group for group in groups.values() if len(group) > 1]
    for lot in given or {}:
        if lot not in {frozenset(group) for group in tied_now}:
            raise TournamentError(
                _("seats {seats} are not tied by {rule}: tied are {tied}").format(
                    seats=",".join(str(seat + 1) for seat in sorted(lot)),
                    rule=rule_name,
                    tied="; ".join(",".join(str(s + 1) for s in g) for g in tied_now) or _("none"),
                )
            )
    lot_rank = dict.fromkeys(keys, 0)
    lots = []
    for key in sorted(groups, reverse=True):
        tied = groups[key]
        if len(tied) < 2:
            continue
        known = (given or {}).get(frozenset(tied)) or (kept or {}).get(frozenset(tied))
        if known is not None:
            order = list(known)
        else:
            order = tied.copy()
            rng.shuffle(order)
        lots.append(LOT_PREFIX + ",".join(str(seat + 1) for seat in order))
        for position, seat in enumerate(order):
            lot_rank[seat] = len(order) - position
    ranked = places_from_keys([(*keys[seat], lot_rank[seat]) for seat in keys])
    places = [len(keys) + 1] * len(figures)
    for seat, place in zip(keys, ranked, strict=True):
        places[seat] = place
    dumped = tuple(
        checked[seat].model_dump(mode="json") if seat in checked else {}
        for seat in range(len(figures))
    )
    return tuple(places), dumped, tuple(lots)
