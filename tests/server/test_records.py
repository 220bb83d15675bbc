"""Records: a finished game downloads as a record `spieltisch replay` plays; uploads."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from typer.testing import CliRunner

from spieltisch.cli.app import app
from tests.server.client import Client
from tests.server.games import play_game
from tests.server.server_thread import ServerThread


def test_records_download_replay_and_upload(server: ServerThread, tmp_path: Path) -> None:
    async def scenario() -> None:
        played = await play_game(server.url, "mabula", 1, ["easy"], watch=False)
        path = tmp_path / "game.json"
        path.write_text(json.dumps(played.record), encoding="utf-8")
        shown = CliRunner().invoke(app, ["replay", str(path), "--all"])
        assert shown.exit_code == 0, shown.output
        assert "player0" in shown.output
        async with Client(server.url) as viewer:
            unfinished = await viewer.guest("V")
            table = await viewer.create("mabula", [{"kind": "me"}, {"kind": "open"}])
            early = await viewer.http.get(f"/api/games/{table['id']}/record")
            assert early.status_code == 409 and "finished" in early.text
            uploaded = await viewer.post("/api/records", played.record, 201)
            assert uploaded["moves"] == len(played.record["history"])
            again = (await viewer.http.get(uploaded["url"])).json()
            assert again["history"] == played.record["history"]
            last = (
                await viewer.http.get(f"{uploaded['url']}/positions/{uploaded['moves']}")
            ).json()
            assert last["view"] == played.final().view(None)
            assert last["words"]
            outside = await viewer.http.get(f"{uploaded['url']}/positions/9999")
            assert outside.status_code == 422
            broken = dict(played.record, history=played.record["history"] + ["z9-z1"])
            refused = await viewer.http.post("/api/records", json=broken)
            assert refused.status_code == 422 and "does not replay" in refused.text
            assert unfinished

    asyncio.run(scenario())
