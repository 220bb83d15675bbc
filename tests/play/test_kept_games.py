"""Kept games (issue 46): a resumed game goes on exactly as it would have (the same dice,
cards and computer moves, however abruptly the app stopped), kept games are a list that
no new game replaces, a finished game stays as a record, and two terminals never play
the same kept game at once."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import spieltisch
from spieltisch.cli.play.autosave import GameBusy, Keeper, KeptGames, attach
from spieltisch.cli.play.seats import HUMAN
from spieltisch.cli.play.session import Session
from tests.play.conftest import BUDGET, level

TABLES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("madn", {"players": 3}, [HUMAN, level(0), level(3)]),
    ("mahe", {"players": 3}, [level(3), HUMAN, level(0)]),
    ("david_goliath", {"players": 3}, [HUMAN, level(3), level(0)]),
    ("mabula", {}, [HUMAN, level(3)]),
]


def person(state: spieltisch.State) -> str:
    """The person's move: a function of the position only, as a script's would be."""
    legal = state.legal_moves()
    return legal[(7 * len(state.history())) % len(legal)]


def step(session: Session) -> None:
    """One step as the interfaces take it: a chance outcome, a computer's or a person's move."""
    state = session.state
    if state.is_chance_node():
        session.step_chance()
    elif session.human_to_move:
        session.play(person(state))
    else:
        session.play(session.think(state.clone()))


def new_session(name: str, options: dict[str, Any], seats: list[str], seed: int) -> Session:
    return Session(spieltisch.load(name, **options), seats, seed=seed, budget=BUDGET)


def play_to_the_end(session: Session, limit: int = 3000) -> list[str]:
    for _step in range(limit):
        if session.state.is_terminal():
            return session.state.history()
        step(session)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("name", "options", "seats"), TABLES, ids=[t[0] for t in TABLES])
def test_a_game_stopped_anywhere_goes_on_with_the_same_dice_cards_and_moves(
    tmp_path: Path, name: str, options: dict[str, Any], seats: list[str]
) -> None:
    """Stop the game abruptly after a random number of steps (the kept file is whatever
    was written last, no quit handler runs), resume it from the list, again and again:
    the game ends exactly as the one that was never stopped."""
    whole = play_to_the_end(new_session(name, options, seats, seed=11))
    picks = random.Random(f"{name}/stops")
    store = KeptGames(tmp_path)
    session = new_session(name, options, seats, seed=11)
    keeper = attach(session, store.new(session))
    stops = sorted(picks.sample(range(1, len(whole)), 4))
    done = 0
    for stop in stops:
        while len(session.state.history()) < stop and not session.state.is_terminal():
            step(session)
            done += 1
        keeper.release()  # what the system does when the process dies
        kept = store.unfinished(name)
        if not kept:  # stopped before the person's first move: nothing was kept
            session = new_session(name, options, seats, seed=11)
            keeper = attach(session, store.new(session))
            continue
        assert len(kept) == 1, "resuming never adds a second kept game"
        like = new_session(name, options, [HUMAN] * len(seats), seed=999)  # another seed
        session, keeper = store.resume(kept[0], like)
        assert session.seed == 11 and session.seats == seats and session.budget == BUDGET
    assert play_to_the_end(session) == whole
    finished = store.listing(name, finished=True)
    assert len(finished) == 1 and finished[0].finished, "the finished game stays as a record"
    assert json.loads(finished[0].path.read_text())["history"] == whole


def test_the_kept_file_follows_every_step_once_a_person_moved(tmp_path: Path) -> None:
    """Computer moves and dice are written as they happen, not only the person's moves:
    what was shown is what a resume shows."""
    store = KeptGames(tmp_path)
    session = new_session("madn", {"players": 2}, [HUMAN, level(3)], seed=3)
    keeper = attach(session, store.new(session))
    moved = False
    for _step in range(200):
        moved = moved or session.human_to_move
        step(session)
        on_disk = json.loads(keeper.path.read_text())["history"] if moved else None
        if moved:
            assert on_disk == session.state.history()
        else:
            assert not keeper.path.exists(), "nothing is kept before the person's first move"


def test_a_new_game_never_replaces_a_kept_one(tmp_path: Path) -> None:
    store = KeptGames(tmp_path)
    histories = []
    for seed in (1, 2, 3):
        session = new_session("mabula", {}, [HUMAN, level()], seed=seed)
        keeper = attach(session, store.new(session))
        while len(session.state.history()) < 4:
            step(session)
        keeper.release()
        histories.append([entry for entry in session.log if entry.player is not None])
    kept = store.unfinished("mabula")
    assert len(kept) == 3
    assert {kept_game.name for kept_game in kept} == {"Mabula 1", "Mabula 2", "Mabula 3"}
    assert sorted(kept_game.moves for kept_game in kept) == sorted(map(len, histories))


def test_two_terminals_never_play_the_same_kept_game(tmp_path: Path) -> None:
    store = KeptGames(tmp_path)
    session = new_session("mabula", {}, [HUMAN, level()], seed=1)
    first = attach(session, store.new(session))
    while len(session.state.history()) < 4:
        step(session)
    other = KeptGames(tmp_path)  # the second terminal
    (kept,) = other.unfinished("mabula")
    assert other.is_open(kept) and "open in another terminal" in other.line(kept)
    with pytest.raises(GameBusy, match=r"another terminal \(process \d+"):
        other.resume(kept, session)
    with pytest.raises(GameBusy):
        other.delete(kept)
    first.release()  # the first terminal quits
    assert not other.is_open(kept) and "another terminal" not in other.line(kept)
    resumed, keeper = other.resume(kept, session)
    assert resumed.state.history() == session.state.history()
    assert isinstance(keeper, Keeper)


HOLD = """
import sys
from pathlib import Path
from spieltisch.cli.play.autosave import KeptGames
store = KeptGames(Path(sys.argv[1]))
(kept,) = store.unfinished("mabula")
keeper = store.open(kept)
print("holding", flush=True)
sys.stdin.read()
"""


def test_the_lock_of_a_killed_app_is_taken_over(tmp_path: Path) -> None:
    """kill -9 leaves the lock file behind, with the dead process in it; the next start
    sees that nobody holds it and takes the game over."""
    store = KeptGames(tmp_path)
    session = new_session("mabula", {}, [HUMAN, level()], seed=1)
    keeper = attach(session, store.new(session))
    while len(session.state.history()) < 4:
        step(session)
    keeper.release()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "holding"  # waits for the lock, no sleep
        (kept,) = store.unfinished("mabula")
        with pytest.raises(GameBusy, match=str(holder.pid)):
            store.resume(kept, session)
    finally:
        holder.kill()
        holder.wait()
    lock = tmp_path / f".{kept.path.stem}.lock"
    assert json.loads(lock.read_text())["pid"] == holder.pid, "the stale lock is still there"
    assert not store.is_open(kept), "a dead process holds nothing"
    resumed, _keeper = store.resume(kept, session)
    assert resumed.state.history() == session.state.history()
    assert json.loads(lock.read_text())["pid"] != holder.pid


def plain_command(state: Path) -> tuple[list[str], dict[str, str]]:
    from tests.play.test_plain import play_environment

    command = [sys.executable, "-m", "spieltisch.cli", "play", "madn", "--plain"]
    command += ["--players", "2", "--seats", "human,easy", "--seed", "3", "--budget", "12"]
    return command, play_environment(state)


MOVES = "#1\n" * 400


def finished_history(state: Path) -> list[str]:
    (record,) = KeptGames(state).listing("madn", finished=True)
    assert record.finished
    return list(json.loads(record.path.read_text())["history"])


def test_kill_9_at_random_moments_never_rerolls_anything(tmp_path: Path) -> None:
    """The real app, killed with SIGKILL after a random number of lines of output, then
    started again (Enter continues the kept game) and killed again: the game it ends
    with is the one of a run that was never stopped."""
    whole_state = tmp_path / "whole"
    command, environment = plain_command(whole_state)
    subprocess.run(
        command,
        input=MOVES,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    whole = finished_history(whole_state)

    state = tmp_path / "killed"
    command, environment = plain_command(state)
    picks = random.Random(46)
    killed = 0
    for _run in range(3):
        process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=environment,
            text=True,
        )
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write("\n" + MOVES)  # Enter: continue the kept game, if there is one
        process.stdin.flush()
        lines = picks.randrange(20, 300)
        for _line in range(lines):
            if not process.stdout.readline():
                break
        process.kill()  # SIGKILL: no handler runs
        process.wait()
        killed += process.returncode == -9
        process.stdout.close()
        process.stdin.close()
    assert killed >= 2, "the app was killed while it played"
    subprocess.run(
        command,
        input="\n" + MOVES,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    assert finished_history(state) == whole


def test_resume_of_a_file_and_new_replace_no_kept_game(tmp_path: Path) -> None:
    """`play --resume other.json` and a move, or `play --new` and a move: the kept game of
    the same game is still there, whole, beside the new ones."""
    from tests.play.test_plain import play

    state = tmp_path / "state"
    first = play("mabula", "--seats", "human,easy", "--seed", "4", script="1\n", state=state)
    assert first.returncode == 0, first.stderr
    (kept,) = KeptGames(state).unfinished("mabula")
    before = kept.path.read_text()
    other = tmp_path / "other.json"
    session = new_session("mabula", {}, [HUMAN, "easy"], seed=9)
    while len(session.state.history()) < 3:
        step(session)
    other.write_text(json.dumps(session.record()))
    saved = other.read_text()
    resumed = play("--resume", str(other), script="1\nquit\n\n", state=state)
    assert resumed.returncode == 0, resumed.stderr
    fresh = play("mabula", "--new", "--seed", "5", script="1\n", state=state)
    assert fresh.returncode == 0, fresh.stderr
    kept_now = KeptGames(state).unfinished("mabula")
    assert len(kept_now) == 3
    assert kept.path.read_text() == before, "the first kept game is untouched"
    assert other.read_text() == saved, "the resumed file is only written by save"
    names = {game.name for game in kept_now}
    assert "other" in names, names


def test_play_without_a_game_offers_the_kept_games_and_the_games(tmp_path: Path) -> None:
    from tests.play.test_plain import play

    state = tmp_path / "state"
    first = play("mabula", "--seats", "human,easy", "--seed", "4", script="1\n", state=state)
    assert first.returncode == 0, first.stderr
    (kept,) = KeptGames(state).unfinished("mabula")
    menu = play("--lang", "de", script="1\n1\nquit\n\n", state=state)  # the kept game
    assert menu.returncode == 0, menu.stderr
    assert "Aufbewahrte Partien:" in menu.stdout and "1. Mabula 1 · " in menu.stdout
    assert "Mensch ärgere Dich nicht (Spieler: 2–4)" in menu.stdout
    (again,) = KeptGames(state).unfinished("mabula")
    assert again.path == kept.path and again.moves > kept.moves, "it went on, in its file"
    new = play("--lang", "fr", script="mahe\nquit\n\n", state=state)  # a game by its name
    assert new.returncode == 0, new.stderr
    assert "Une nouvelle partie\u202f:" in new.stdout and "Mahé" in new.stdout
    assert "Mahé (joueurs\u202f: 2–7)" in new.stdout


@pytest.mark.parametrize(
    ("code", "delete", "yes"), [("de", "löschen", "j"), ("fr", "supprimer", "o")]
)
def test_a_finished_game_stays_a_record_unless_deleted_at_the_end(
    tmp_path: Path, code: str, delete: str, yes: str
) -> None:
    """Plain mode at the end: the record is kept and said where; `delete` asks first
    (Enter keeps it), then deletes only that game's record."""
    import io

    from rich.console import Console

    from spieltisch.cli.play.plain import PlainPlay
    from spieltisch.core.i18n import set_language

    set_language(code)
    store = KeptGames(tmp_path)
    other = new_session("mabula", {}, [HUMAN, "random"], seed=8)
    attach(other, store.new(other)).release()
    while len(other.state.history()) < 3:
        step(other)
    session = new_session("mabula", {}, [HUMAN, "random"], seed=2)
    out = io.StringIO()
    play = PlainPlay(session, console=Console(file=out, width=100), language=code, kept=store)
    script = "#1\n" * 200 + f"{delete}\n\n{delete}\n{yes}\n"
    play.run(io.StringIO(script))
    assert session.state.is_terminal()
    text = out.getvalue()
    assert str(tmp_path) in text, "the end says where the record is kept"
    assert store.listing("mabula", finished=True) == store.unfinished("mabula")
    (left,) = store.unfinished("mabula")
    assert json.loads(left.path.read_text())["history"] == other.state.history()


def test_the_list_counts_moves_not_dice(tmp_path: Path) -> None:
    """A MÄDN game of a few moves was listed as '43 moves': every die counted (issue 46).
    The list counts the players' moves, as replay and simulate do."""
    store = KeptGames(tmp_path)
    session = new_session("madn", {"players": 2}, [HUMAN, level(3)], seed=5)
    attach(session, store.new(session))
    while sum(entry.player == 0 for entry in session.log) < 4:
        step(session)
    (kept,) = store.unfinished("madn")
    moves = [entry for entry in session.log if entry.player is not None]
    assert kept.moves == len(moves) < len(session.state.history())
    assert f"· {len(moves)} moves ·" in store.line(kept)
