"""The API description a bot author's generator reads: one operation id per operation.
FastAPI gives a route with several methods one id for all of them and warns (the probes
answered GET and HEAD under one route: a generated client got two functions of one name)."""

from __future__ import annotations

import warnings
from collections import Counter
from pathlib import Path

from spieltisch.server.app import create_app
from spieltisch.server.infra.settings import Settings


def test_every_operation_has_an_id_of_its_own(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'ids.db'}"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Duplicate Operation ID" is a warning
        spec = app.openapi()
    ids = Counter(
        operation["operationId"]
        for methods in spec["paths"].values()
        for operation in methods.values()
        if isinstance(operation, dict) and "operationId" in operation
    )
    assert ids and not [name for name, count in ids.items() if count > 1]
    assert {"/healthz", "/readyz"} <= set(spec["paths"])
