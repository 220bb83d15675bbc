"""Handing a command-line tournament over to a browser account with a one-time code."""

from __future__ import annotations

import datetime as dt

import pytest

from spieltisch.tournament import handover
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.ledger import HandOverOffered
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament


def test_codes_are_fresh_readable_and_typed_loosely() -> None:
    codes = {handover.new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        letters = code.replace("-", "")
        assert len(letters) == handover.LENGTH and code[5] == "-"
        assert set(letters) <= set(handover.ALPHABET) and not set(letters) & set("01OIL")
    salt = handover.new_salt()
    digest = handover.code_hash("K7M2Q-XR4TB", salt)
    assert handover.matches(" k7m2q xr4tb ", salt, digest)
    assert not handover.matches("K7M2Q-XR4TC", salt, digest)
    assert not handover.matches("K7M2Q-XR4TB", handover.new_salt(), digest)


def test_the_right_code_hands_the_tournament_over_once() -> None:
    tournament = new_tournament(4)
    code = handover.new_code()
    offer = tournament.offer_hand_over(code, by=DIRECTOR)
    assert code.replace("-", "") not in offer.model_dump_json()  # only the hash is kept
    assert tournament.open_hand_over() == offer
    with pytest.raises(TournamentError, match="not the hand-over code"):
        tournament.take_over("account:7", "AAAAA-AAAAA")
    assert tournament.director == DIRECTOR and tournament.open_hand_over() == offer
    named = tournament.take_over("account:7", code.lower())
    assert tournament.director == "account:7" and named.by == "account:7"
    assert tournament.open_hand_over() is None
    with pytest.raises(TournamentError, match="no hand-over code is open"):
        tournament.take_over("account:8", code)  # used up
    assert tournament.director == "account:7"
    # The ledger folds back to the same director.
    assert Tournament(list(tournament.entries)).director == "account:7"


def test_a_code_expires_and_a_new_one_replaces_the_old() -> None:
    tournament = new_tournament(4)
    first, second = handover.new_code(), handover.new_code()
    tournament.offer_hand_over(first, by=DIRECTOR)
    offer = tournament.offer_hand_over(second, by=DIRECTOR)
    with pytest.raises(TournamentError, match="not the hand-over code"):
        tournament.take_over("account:7", first)
    later = offer.until + dt.timedelta(seconds=1)
    assert tournament.open_hand_over(at=offer.until - dt.timedelta(seconds=1)) == offer
    assert tournament.open_hand_over(at=later) is None
    stale = new_tournament(4)
    stale.offer_hand_over(first, by=DIRECTOR, minutes=0)
    with pytest.raises(TournamentError, match="no hand-over code is open"):
        stale.take_over("account:7", first)
    assert stale.director == DIRECTOR
    assert isinstance(stale.entries[-1], HandOverOffered)
