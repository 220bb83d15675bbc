"""The REST API fuzzed with schemathesis from its own OpenAPI document: no server error,
every answer documented and as described, every refusal a sentence saying what was wrong.

Requests go to the real server (uvicorn on 127.0.0.1) on both backends, half signed in,
with path ids drawn at random and taken from real tables and records. The CI form draws
a few cases per operation and mode; `-m server_long` draws many more.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from tests.server.server_thread import ServerThread

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]
IDS = {"table_id", "record_id", "account_id", "identifier", "round_number", "table", "number"}


def _refusal_is_a_sentence(response: Any) -> None:
    """Every refusal is JSON with a `detail` sentence (no traceback, no bare status)."""
    if response.status_code < 400:
        return
    body = response.json()
    assert isinstance(body, dict) and isinstance(body.get("detail"), str), body
    assert body["detail"].strip() and "Traceback" not in body["detail"], body


def _known_ids(base: str) -> tuple[dict[str, Any], dict[str, str]]:
    """A signed-in guest with a running table, an uploaded record and a tournament of
    four in its first round (so tournament routes are fuzzed with real data, issue 35)."""
    with httpx.Client(base_url=base, timeout=30) as http:
        me = http.post("/api/session/guest", json={"name": "Fuzz"}).raise_for_status().json()
        http.headers["Authorization"] = f"Bearer {me['token']}"
        running = http.post(
            "/api/tables",
            json={"game": "mabula", "seats": [{"kind": "me"}, {"kind": "ai", "level": "easy"}]},
        ).raise_for_status()
        table = running.json()["id"]
        http.post(f"/api/tables/{table}/start").raise_for_status()
        record = {
            "format": "spieltisch-record/1",
            "game": "mabula",
            "options": {},
            "history": [],
        }
        uploaded = http.post("/api/records", json=record).raise_for_status().json()
        cup = http.post("/api/tournaments", json={"name": "Fuzz cup", "game": "madn"})
        identifier = cup.raise_for_status().json()["id"]
        for name in ("Ada", "Bo", "Cy", "Di"):
            players = http.post(f"/api/tournaments/{identifier}/players", json={"name": name})
            players.raise_for_status()
        first = http.post(f"/api/tournaments/{identifier}/rounds", json={"online": False})
        first.raise_for_status()
    return me, {
        "table_id": table,
        "record_id": uploaded["id"],
        "account_id": str(me["id"]),
        "identifier": identifier,
        "round_number": "1",
        "table": "1",
        "number": "1",
    }


def _fuzz(server: ServerThread, examples: int) -> tuple[int, int, float]:
    me, ids = _known_ids(server.url)
    headers = {"Authorization": f"Bearer {me['token']}"}
    schema = schemathesis.openapi.from_url(server.url + "/openapi.json")
    cases = operations = 0
    started = time.monotonic()
    for result in schema.get_all_operations():
        operation = result.ok()  # type: ignore[union-attr]
        operations += 1
        names = {p.name for p in operation.path_parameters}
        known = {name: ids[name] for name in names & IDS}
        strategies = [
            operation.as_strategy(GenerationMode.POSITIVE),
            operation.as_strategy(GenerationMode.NEGATIVE),
        ]
        if known:
            strategies.append(operation.as_strategy(GenerationMode.POSITIVE, path_parameters=known))

        @given(case=st.one_of(strategies), signed_in=st.booleans())
        @settings(
            max_examples=examples,
            deadline=None,
            database=None,
            derandomize=True,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        def run(case: Any, signed_in: bool) -> None:
            nonlocal cases
            cases += 1
            response = case.call(base_url=server.url, headers=headers if signed_in else None)
            case.validate_response(response, checks=CHECKS)
            _refusal_is_a_sentence(response)

        run()
    return operations, cases, time.monotonic() - started


def test_the_rest_api_answers_fuzzed_requests_without_a_server_error(
    server: ServerThread,
) -> None:
    operations, cases, seconds = _fuzz(server, examples=10)
    assert operations >= 20 and cases >= 8 * operations
    server.assert_no_exception()
    print(f"schemathesis: {operations} operations, {cases} requests in {seconds:.1f} s")


@pytest.mark.server_long
def test_the_rest_api_answers_many_fuzzed_requests(server: ServerThread) -> None:
    operations, cases, seconds = _fuzz(server, examples=150)
    server.assert_no_exception()
    print(f"schemathesis: {operations} operations, {cases} requests in {seconds:.1f} s")
