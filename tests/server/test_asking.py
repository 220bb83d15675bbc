"""Questions asked at a live table (`ask`, issue 45): answered from the asking seat's
view in its connection's language; a watcher never hears a hand; a bad question is
refused saying what is allowed. The state message lists the questions and each legal
move's typed words."""

from __future__ import annotations

import pytest

from spieltisch.core.i18n import language
from spieltisch.games.david_goliath.questions import by_colour
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.rest import SeatIn
from spieltisch.server.table import asking
from tests.server.in_process import a_table, connect, run, states


def test_each_seat_hears_its_own_hand_and_a_watcher_none(url: str) -> None:
    seats = [SeatIn(kind="me"), SeatIn(kind="open"), SeatIn(kind="ai", level="easy")]

    async def scenario() -> None:
        async with a_table(url, "david_goliath", seats) as (runtime, room, (ana, bob)):
            to_ana = connect(runtime, room, ana)
            to_bob = connect(runtime, room, bob, "de")
            to_guest = connect(runtime, room, None, "fr")
            shown = states(to_ana)[-1]
            assert [q["key"] for q in shown["questions"]] == ["hand", "trick", "played", "score"]
            assert (
                states(to_guest)[-1]["questions"][0]["label"]
                == "Quelles cartes ai-je en main\u202f?"
            )
            async with room.lock:
                ana_hand = asking.answer(room, to_ana, "hand", "").text
                bob_hand = asking.answer(room, to_bob, "hand", "").text
                with pytest.raises(Refusal) as watching:
                    asking.answer(room, to_guest, "hand", "")
            assert watching.value.code == Code.INVALID
            assert "Vous regardez cette table" in watching.value.message
            assert ana_hand.startswith("Your hand, ") and bob_hand.startswith("Deine Hand, ")
            # Ana's answer is her own hand, exactly, and Bob's is his (in German).
            ana_cards: list[str] = dict(room.state.view(0))["hand"]  # type: ignore[assignment]
            bob_cards: list[str] = dict(room.state.view(1))["hand"]  # type: ignore[assignment]
            assert set(ana_cards).isdisjoint(bob_cards)
            with language("en"):
                assert ana_hand == f"Your hand, {len(ana_cards)} cards: {by_colour(ana_cards)}."
            with language("de"):
                assert bob_hand == f"Deine Hand, {len(bob_cards)} Karten: {by_colour(bob_cards)}."
            with pytest.raises(Refusal, match="ask hand, trick, played, score"):
                async with room.lock:
                    asking.answer(room, to_ana, "where", "")

    run(scenario)


def test_the_legal_moves_carry_the_words_a_person_may_type(url: str) -> None:
    seats = [SeatIn(kind="me"), SeatIn(kind="open")]

    async def scenario() -> None:
        async with a_table(url, "mahe", seats) as (runtime, room, (ana, _bob)):
            to_ana = connect(runtime, room, ana, "de")
            legal = states(to_ana)[-1]["legal_moves"]
            assert legal
            typed = {word for item in legal for word in item["typed"]}
            # Mahé's first decision: which turtle moves first, typed by its colour in German.
            assert typed & {"rot", "gelb", "grün", "blau", "lila", "orange"}, legal

    run(scenario)
