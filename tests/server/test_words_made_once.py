"""What a state message puts in words is made once (issue 41): a move's words in the log
are the words its mover was shown among the legal moves, not described again; the
game's questions are made once per language for the whole game. In-process, counting
the calls of the game's parts (`server/table/parts.py`)."""

from __future__ import annotations

from typing import Any

import pytest

from spieltisch.core import Game, State
from spieltisch.core.questions import Question
from spieltisch.server.table import parts
from tests.server.in_process import TWO_PEOPLE, a_table, connect, run, states, until

LANGUAGES = ("de", "en", "fr")


def test_a_moves_words_in_the_log_are_those_its_mover_was_shown(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    described: list[tuple[int, str, str]] = []
    asked: list[str] = []
    describe, questions = parts.describe, parts.questions

    def counted_describe(state: State, move: str, lang: str) -> str:
        described.append((len(state.action_history()), move, lang))
        return describe(state, move, lang)

    def counted_questions(game: Game[Any], lang: str) -> list[Question]:
        asked.append(lang)
        return questions(game, lang)

    monkeypatch.setattr(parts, "describe", counted_describe)
    monkeypatch.setattr(parts, "questions", counted_questions)

    async def scenario() -> None:
        async with a_table(url, "mabula", TWO_PEOPLE) as (runtime, room, accounts):
            await until(lambda: room.to_move() is not None)
            for _move in range(4):
                seat = room.to_move()
                assert seat is not None
                mover = [connect(runtime, room, accounts[seat], lang) for lang in LANGUAGES]
                other = connect(runtime, room, accounts[1 - seat], "de")
                shown = {lang: states(c)[-1] for lang, c in zip(LANGUAGES, mover, strict=True)}
                move = room.state.legal_moves()[0]
                ply = len(room.state.action_history())
                before = len(described)
                await runtime.submit(room, seat, room.seq, move)
                for lang, connection in zip(LANGUAGES, mover, strict=True):
                    words = next(
                        m["words"] for m in shown[lang]["legal_moves"] if m["move"] == move
                    )
                    entry = states(connection)[-1]["last_moves"][-1]
                    assert (entry["move"], entry["words"]) == (move, words)
                assert states(other)[-1]["last_moves"][-1]["move"] == move
                again = [call for call in described[before:] if call[:2] == (ply, move)]
                assert again == [], "the move was put in words again for the log"
                for connection in [*mover, other]:
                    runtime.leave(room, connection)
                await until(lambda: room.to_move() is not None)
            assert sorted(asked) == sorted(LANGUAGES), "questions made once per language"

    run(scenario)
