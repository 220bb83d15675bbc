"""A tournament's and a season's workbooks over the API, in-process: an evening with a swap,
an undone round, a late arrival given points, a withdrawal and a correction is exported
as `.xlsx` and `.ods`; both are read back with their libraries and hold the same
results as the CSV file, numbers as numbers, and the director's log names every step
with its reason."""

from __future__ import annotations

import csv
import io
from typing import Any

import httpx
from odf.namespaces import OFFICENS
from odf.opendocument import load
from odf.table import Table, TableCell, TableRow
from openpyxl import load_workbook

from spieltisch.core.i18n import language
from spieltisch.core.spreadsheet import cell
from tests.server.in_process import an_app, guest, run


async def ok(answer: httpx.Response, status: int = 200) -> Any:
    assert answer.status_code == status, answer.text
    return answer.json()


def ods_sheets(data: bytes) -> dict[str, list[list[object]]]:
    """Every sheet of an .ods file: numbers as floats, the rest as text."""
    document = load(io.BytesIO(data))
    sheets: dict[str, list[list[object]]] = {}
    for table in document.spreadsheet.getElementsByType(Table):
        rows = []
        for row in table.getElementsByType(TableRow):
            values: list[object] = []
            for one in row.getElementsByType(TableCell):
                if one.getAttrNS(OFFICENS, "value-type") == "float":
                    values.append(float(one.getAttrNS(OFFICENS, "value")))
                else:
                    values.append(str(one))
            rows.append(values)
        sheets[table.getAttribute("name")] = rows
    return sheets


def trimmed(row: list[str]) -> list[str]:
    """A row without its empty cells at the end (a bye's row in the CSV is shorter)."""
    while row and row[-1] == "":
        row = row[:-1]
    return row


def as_text(value: object) -> str:
    with language("en"):
        text: str = cell(value)
    return text


async def an_evening(client: httpx.AsyncClient, headers: dict[str, str]) -> str:
    body = {"name": "Abend", "rounds": 2, "seed": "wb", "round_minutes": None}
    created = await ok(await client.post("/api/tournaments", json=body, headers=headers), 201)
    tid = created["id"]
    base = f"/api/tournaments/{tid}"
    for name in ("Jürgen", "Anna", "Zoë", "Bernd", "Carla", "Dirk", "Eva", "Fritz"):
        await ok(await client.post(f"{base}/players", json={"name": name}, headers=headers))
    await ok(await client.post(f"{base}/rounds", json={"online": False}, headers=headers))
    undo = {"reason": "Tisch 2 wackelt"}
    await ok(await client.post(f"{base}/rounds/1/undo", json=undo, headers=headers))
    page = await ok(await client.post(f"{base}/rounds", json={"online": False}, headers=headers))
    first, second = (
        page["rounds"][0]["tables"][0]["seats"][0],
        page["rounds"][0]["tables"][1]["seats"][0],
    )
    swap = {"players": [first["player"], second["player"]], "reason": "Geschwister getrennt"}
    await ok(await client.post(f"{base}/rounds/1/swap", json=swap, headers=headers))
    for table in (1, 2):
        path = f"{base}/rounds/1/tables/{table}"
        await ok(await client.post(path, json={"places": [1, 2, 3, 4]}, headers=headers))
    fixed = {"places": [2, 1, 3, 4], "note": "Zettel falsch gelesen"}
    await ok(await client.post(f"{base}/rounds/1/tables/1", json=fixed, headers=headers))
    await ok(await client.post(f"{base}/players", json={"name": "Gerd"}, headers=headers))
    award = {"player": 9, "points": 1.5, "reason": "kam später"}
    await ok(await client.post(f"{base}/rounds/1/awards", json=award, headers=headers))
    await ok(await client.post(f"{base}/players/8/withdraw", headers=headers))
    return str(tid)


def test_workbooks_hold_what_the_csv_holds_and_every_step(url: str) -> None:
    async def scenario() -> None:
        async with an_app(url) as (client, _svc):
            _boss, as_boss = await guest(client, "Leitung")
            client.cookies.clear()
            tid = await an_evening(client, as_boss)
            base = f"/api/tournaments/{tid}"
            csv_text = (await client.get(f"{base}/results.csv?lang=en", headers=as_boss)).text
            from_csv = list(csv.reader(io.StringIO(csv_text)))

            xlsx = await client.get(f"{base}/workbook.xlsx?lang=en", headers=as_boss)
            assert xlsx.status_code == 200 and xlsx.headers["content-type"].startswith(
                "application/vnd.openxmlformats"
            )
            book = load_workbook(io.BytesIO(xlsx.content))
            assert book.sheetnames == [
                "Standings",
                "Cross table",
                "Results",
                "Corrections",
                "Director's log",
            ]
            results = [list(row) for row in book["Results"].iter_rows(values_only=True)]
            assert results[0] == from_csv[0]
            written = [trimmed([as_text(v) for v in row]) for row in results[1:]]
            assert written == [trimmed(row) for row in from_csv[1:]]
            points = [row[7] for row in results[1:]]
            assert all(isinstance(p, int | float) for p in points)
            assert 1.5 in points  # Gerd's points for the round he missed

            log = [list(row) for row in book["Director's log"].iter_rows(values_only=True)]
            steps = {row[3]: row for row in log[1:]}
            assert steps["round undone"][6] == "Tisch 2 wackelt"
            assert steps["players swapped"][6] == "Geschwister getrennt"
            assert steps["points awarded"][6] == "kam später"
            assert "Gerd (9): 1.5" in steps["points awarded"][5]
            assert "withdrawn" in steps and "Fritz (8)" in steps["withdrawn"][5]
            corrected = [row for row in log if row[3] == "result entered" and row[6]]
            assert corrected and corrected[0][6] == "Zettel falsch gelesen"
            cross = [list(row) for row in book["Cross table"].iter_rows(values_only=True)]
            assert cross[0][:4] == ["rank", "player", "name", "points"]
            assert len(cross) == 1 + 9

            ods = await client.get(f"{base}/workbook.ods?lang=de", headers=as_boss)
            assert ods.headers["content-type"] == "application/vnd.oasis.opendocument.spreadsheet"
            sheets = ods_sheets(ods.content)
            assert list(sheets) == [
                "Tabelle",
                "Kreuztabelle",
                "Ergebnisse",
                "Korrekturen",
                "Protokoll der Turnierleitung",
            ]
            german = sheets["Ergebnisse"]
            assert len(german) == len(results)
            assert [row[7] for row in german[1:]] == [float(p) for p in points]
            assert [row[5] for row in german[1:]] == [row[5] for row in results[1:]]

            missing = await client.get(f"{base}/workbook.pdf", headers=as_boss)
            assert missing.status_code == 404 and "workbook.xlsx" in missing.json()["detail"]

    run(scenario)
