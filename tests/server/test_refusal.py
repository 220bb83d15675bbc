"""One refusal for every service (`server/refusal.py`), translated by the routes only:
an HTTP status, a WebSocket error or close code (`server/routes/refusals.py`)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest
from fastapi import Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException

import spieltisch.server
from spieltisch.core.i18n import language
from spieltisch.server.i18n import _
from spieltisch.server.refusal import Code, Refusal, database_away, unavailable
from spieltisch.server.routes.refusals import STATUS, close_code, of_tournament, refusal_response
from spieltisch.server.routes.validation import http_error, request_validation_error
from spieltisch.server.schemas.messages import ErrorOut
from spieltisch.tournament.errors import InvalidInput, TournamentError, UnknownTournament

SERVER = Path(spieltisch.server.__file__).parent


def test_every_code_has_an_http_status() -> None:
    assert set(STATUS) == set(Code)


def test_a_refusal_answers_its_status_with_the_sentence_and_the_code() -> None:
    response = refusal_response(Refusal(Code.NOT_FOUND, "no table x"))
    assert response.status_code == 404
    assert json.loads(bytes(response.body)) == {"detail": "No table x", "code": "not_found"}
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


SENTENCES = {
    "en": ("Seat 2 is not free for you", "Only the tournament's director takes this step"),
    "de": ("Sitzplatz 2 ist für dich nicht frei", "Diesen Schritt macht nur die Turnierleitung"),
    "fr": ("Le siège 2 n’est pas libre pour vous", "Seul le directeur du tournoi fait cette étape"),
}


@pytest.mark.parametrize("code", sorted(SENTENCES))
def test_every_refusal_reaches_the_person_as_a_sentence(code: str) -> None:
    """Catalog refusals start in lower case (they are composed: `Sitzplatz 2: …`); the
    refusal, the API's HTTP errors, validation errors and WebSocket errors start with a
    capital in every language (issue 32), not only where a page capitalises them."""
    seat, director = SENTENCES[code]
    with language(code):
        refusal = Refusal(Code.CONFLICT, _("seat {seat} is not free for you").format(seat=2))
        http = asyncio.run(
            http_error(
                _request(), HTTPException(403, _("only the tournament's director takes this step"))
            )
        )
        invalid = asyncio.run(
            request_validation_error(
                _request(), RequestValidationError([{"type": "missing", "loc": ("body", "name")}])
            )
        )
    assert refusal.message == seat
    assert ErrorOut(code="conflict", message=refusal.message.lower()).message[:1].isupper()
    assert json.loads(bytes(http.body))["detail"] == director
    detail = json.loads(bytes(invalid.body))["detail"]
    assert detail[:1].isupper(), detail


def _request() -> Request:
    return Request({"type": "http", "method": "POST", "path": "/", "headers": []})
