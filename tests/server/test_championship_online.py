"""A championship game at an online table (issue 47): when time is called the game stops
at once and is ranked by each player's steps to the goal, as the director's entry of
the same board is (docs/championship.md), not by rule 18 at the end of the round.

The game is scripted, the server's dice and the players' moves, so that the position at
time is known and counted by hand:

- red (start field 1): pieces on 5 and 7, two in the base: 36 + 34 + 41 + 41 = 152 steps;
- black (start field 11): a piece on 26, three in the base: 25 + 3 x 41 = 148 steps;
- yellow and green: all four in the base: 4 x 41 = 164 steps each, tied: the lot.

By steps black is first (148) and red second (152); rule 18 puts red first (two pieces
on the track against one). Time is called while red has rolled a 1 and not moved:
the championships stop at once, so that 1 is not played."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import spieltisch
from spieltisch.core import CHANCE
from spieltisch.games.madn.rule18 import RULE_18
from spieltisch.games.madn.steps import STEP_COUNT
from spieltisch.server.services.rounds import online_options
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.settings import Settings
from spieltisch.tournament.tournament import Tournament
from tests.server.in_process import an_app, guest
from tests.tournament.test_cli import run
from tests.waiting import until, until_value

ROUNDS = [
    # red: a 6 brings a piece out, a 6 clears the start field, a 6 brings the second
    # out, a 2 clears the start field again; black: out on a 6, on by 5; yellow and
    # green: three tries each without a 6
    ["d6", "b", "d6", "1", "d6", "b", "d2", "1", "d6", "b", "d5", "11", *["d1"] * 6],
    ["d1", "3", "d5", "16", *["d1"] * 6],
    ["d1", "4", "d5", "21", *["d1"] * 6],
    ["d1"],  # red has rolled; time is called now
]
SCRIPT = [item for round_items in ROUNDS for item in round_items]
STEPS_BY_HAND = [36 + 34 + 2 * 41, 25 + 3 * 41, 4 * 41, 4 * 41]
PLACES_BY_HAND = [2, 1, 3, 4]
"""Black first, red second; yellow and green tied on 164, the lot (the scripted draw
takes the first order, yellow before green) puts yellow third."""
POINTS_BY_HAND = [3.0, 5.0, 2.0, 1.0]
CHAMPIONSHIP = {"time_up": "now", "stopped_rule": "steps"}


def test_the_engine_stops_at_once_and_counts_steps() -> None:
    game = spieltisch.load("madn", players=4, **CHAMPIONSHIP)
    state = game.new_state()
    for item in [*SCRIPT, "time"]:
        state.apply(item)
    pieces: Any = state.view(None)["pieces"]  # type: ignore[typeddict-item]
    assert sorted(pieces["red"]) == ["5", "7", "b", "b"]  # the last 1 was not played
    assert sorted(pieces["black"]) == ["26", "b", "b", "b"]
    assert state.current_player == CHANCE  # yellow and green draw lots
    state.apply("lot:2,3")
    assert state.is_terminal() and state.ranking() == PLACES_BY_HAND
    figures = STEP_COUNT.figures_of(state)
    assert figures == [{"steps": steps} for steps in STEPS_BY_HAND]
    by_rule_18 = RULE_18.figures_of(state)
    assert RULE_18.key(by_rule_18[0]) > RULE_18.key(by_rule_18[1])  # red ahead there


class ScriptedDice:
    """The server's dice in the script's order (`Moves.random`): a die d is drawn as
    d - 1 sixths; once the script is done, 0 (the first of a lot's orders)."""

    def __init__(self, dice: list[int]) -> None:
        self.dice = dice

    def random(self) -> float:
        return (self.dice.pop(0) - 1 + 0.5) / 6 if self.dice else 0.0


async def championship_online(url: str) -> tuple[dict[str, Any], str]:
    """A championship of four accounts, round 1 online, the script played and time
    called: the tournament's page once the result is in, and its id."""
    async with an_app(url) as (client, svc):
        svc.runtime.moves.random = ScriptedDice(  # type: ignore[assignment]
            [int(item[1]) for item in SCRIPT if item.startswith("d")]
        )
        accounts = [(await guest(client, name))[0] for name in ("Anna", "Bernd", "Clara", "Dora")]
        _referee, as_referee = await guest(client, "Referee")
        made = await client.post(
            "/api/tournaments",
            json={"name": "DM", "preset": "championship", "seed": "dohna"},
            headers=as_referee,
        )
        assert made.status_code == 201, made.text
        base = f"/api/tournaments/{made.json()['id']}"
        for account in accounts:
            added = await client.post(
                f"{base}/players", json={"account": account}, headers=as_referee
            )
            assert added.status_code == 200, added.text
        started = await client.post(f"{base}/rounds", json={"online": True}, headers=as_referee)
        assert started.status_code == 200, started.text
        table_id = started.json()["rounds"][0]["tables"][0]["online"]
        assert table_id
        room = await svc.runtime.room(table_id)
        assert room.state.game.options.to_json() | CHAMPIONSHIP == room.state.game.options.to_json()
        for item in SCRIPT:
            if item.startswith("d"):
                continue  # the server draws it
            await until(lambda: room.to_move() is not None, what="a player to move")
            seat = room.to_move()
            assert seat is not None
            await svc.runtime.submit(room, seat, room.seq, item)
        await until(lambda: room.state.history()[-1:] == ["d1"] and room.to_move() == 0)
        await svc.runtime.scheduler.call_time(room)

        async def page() -> dict[str, Any]:
            answer = await client.get(base, headers=as_referee)
            assert answer.status_code == 200, answer.text
            body: dict[str, Any] = answer.json()
            return body

        found = await until_value(
            page,
            lambda body: body["rounds"][0]["tables"][0]["result"] is not None,
            what="the online table's result in the tournament",
        )
        return found, made.json()["id"]


def test_a_championship_table_online_is_ranked_by_steps_on_the_api_and_the_cli(
    url: str,
) -> None:
    found, identifier = asyncio.run(championship_online(url))
    table = found["rounds"][0]["tables"][0]
    result = table["result"]
    assert result["how"] == "online"
    assert result["figures"] == [{"finished": None, "steps": s} for s in STEPS_BY_HAND]
    assert result["places"] == PLACES_BY_HAND
    assert result["points"] == POINTS_BY_HAND
    assert result["lots"] == ["lot:3,4"] and result["lot_sources"] == ["table"]
    names = [seat["name"] for seat in table["seats"]]
    assert result["lot_names"] == [f"lot: {names[2]}, {names[3]}"]
    points = {row["name"]: row["points"] for row in found["standings"]}
    assert points == dict(zip(names, POINTS_BY_HAND, strict=True))
    # The command line reads the same ledger: each seat's place with its steps.
    shown = " ".join(run("result", identifier, "1", "1", "--database", url).split())
    for place, steps in zip(PLACES_BY_HAND, STEPS_BY_HAND, strict=True):
        assert f"{place} (Steps to the goal: {steps})" in shown
    assert f"lot: {names[2]}, {names[3]} (drawn at the table)" in shown
    standings = run("standings", identifier, "--database", url)
    assert standings.index(names[1]) < standings.index(names[0])  # black ahead of red


def test_the_online_options_follow_the_tournaments_rule_and_the_directors_choice() -> None:
    def tournament(**values: Any) -> Tournament:
        return Tournament.create(Settings.parse(name="DM", seed="d", **values), by="referee")

    assert online_options(tournament(preset="championship")) == CHAMPIONSHIP
    kept = online_options(tournament(preset="championship", options={"time_up": "round"}))
    assert kept == {"time_up": "round", "stopped_rule": "steps"}
    assert online_options(tournament()) == {}
    by_option = Settings.parse(name="V", seed="v", options={"stopped_rule": "steps"})
    assert by_option.stopped_rule == "steps"  # one choice: boards count steps as well
    with pytest.raises(TournamentError, match="disagree: give one of them"):
        Settings.parse(name="DM", seed="d", preset="championship", options=RULE_18_OPTION)


RULE_18_OPTION = {"stopped_rule": "rule18"}
