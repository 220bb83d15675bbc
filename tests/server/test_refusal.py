"""One refusal for every service (`server/refusal.py`), translated by the routes only:
an HTTP status, a WebSocket error or close code (`server/routes/refusals.py`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import spieltisch.server
from spieltisch.core.i18n import language
from spieltisch.server.refusal import Code, Refusal, database_away, unavailable
from spieltisch.server.routes.refusals import STATUS, close_code, of_tournament, refusal_response
from spieltisch.tournament.errors import InvalidInput, TournamentError, UnknownTournament

SERVER = Path(spieltisch.server.__file__).parent


def test_every_code_has_an_http_status() -> None:
    assert set(STATUS) == set(Code)


def test_a_refusal_answers_its_status_with_the_sentence_and_the_code() -> None:
    response = refusal_response(Refusal(Code.NOT_FOUND, "no table x"))
    assert response.status_code == 404
    assert json.loads(bytes(response.body)) == {"detail": "no table x", "code": "not_found"}
    away = refusal_response(unavailable())
    assert away.status_code == 503 and away.headers["retry-after"] == "2"


def test_websocket_close_codes() -> None:
    assert close_code(Refusal(Code.NOT_FOUND, "")) == 4404
    assert close_code(Refusal(Code.FORBIDDEN, "")) == 4403
    assert close_code(unavailable()) == 1013
    assert close_code(Refusal(Code.CONFLICT, "")) == 1008


def test_tournament_errors_map_through_the_same_table() -> None:
    assert of_tournament(UnknownTournament("no tournament t")).code is Code.NOT_FOUND
    assert of_tournament(TournamentError("round 2 is not started")).code is Code.CONFLICT
    bad = InvalidInput("bad", "place", [{"type": "int_parsing", "loc": ("track",), "ctx": {}}])
    with language("de"):
        refusal = of_tournament(bad)
    assert refusal.code is Code.CONFLICT and "track" in refusal.message


def test_the_database_unavailable_sentence_is_written_once() -> None:
    sentence = re.compile(r"cannot be reached just now")
    places = [
        path.relative_to(SERVER).as_posix()
        for path in SERVER.rglob("*.py")
        for _ in sentence.finditer(path.read_text(encoding="utf-8"))
    ]
    assert places == ["refusal.py"], places
    english = database_away()
    with language("de"):
        assert unavailable().message != english  # in the reader's language, made per call


def test_no_server_module_raises_an_http_exception() -> None:
    """Services, table and routes raise `Refusal`; only the translator of the framework's
    own English refusals (routes/validation.py) names `HTTPException`."""
    raising = [
        path.relative_to(SERVER).as_posix()
        for path in sorted(SERVER.rglob("*.py"))
        if "HTTPException(" in path.read_text(encoding="utf-8")
    ]
    assert raising == ["routes/validation.py"], raising


def test_a_refusal_over_a_rate_says_when_to_try_again() -> None:
    response = refusal_response(Refusal(Code.TOO_MANY, "too many", retry_after=7))
    assert response.status_code == 429 and response.headers["retry-after"] == "7"
    assert "retry-after" not in refusal_response(Refusal(Code.INVALID, "bad")).headers
