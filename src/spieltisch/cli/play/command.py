"""The `spieltisch play` command: options to a `Session`, then the plain or the Textual UI."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from spieltisch.agents import Budget, agent_names
from spieltisch.cli.fail import fail
from spieltisch.cli.game_options import load_with_options
from spieltisch.cli.language import use_language
from spieltisch.cli.messages import _, _n
from spieltisch.cli.play.preferences import Preferences
from spieltisch.cli.play.seats import HUMAN, parse_seats, players_from_seats
from spieltisch.cli.play.session import Session, table_seed
from spieltisch.cli.record_files import read_records
from spieltisch.core import SpieltischError, load_record

TUI_DELAY = 0.8
"""Seconds between the computer's moves in the full-screen app, unless --delay says."""


_fail = fail
"""Kept under its old name: other commands import it from here."""


def build_session(
    game: str | None,
    players: int | None,
    seats: str | None,
    options: list[str],
    seed: int | None,
    resume: Path | None,
    budget: str | None,
    game_number: int | None = None,
) -> Session:
    """The session the options describe; SpieltischError or ValueError for bad input.
    A file of several records needs `game_number` (from 1)."""
    chosen_seed = seed if seed is not None else random.randrange(2**31)
    parsed_budget = Budget.parse(budget) if budget else None
    if resume is not None:
        if options or players is not None:
            raise ValueError(_("--resume takes the game and its options from the record"))
        records = read_records(resume)
        if (game_number is None and len(records) > 1) or (game_number or 1) > len(records):
            raise ValueError(
                _n(
                    "{path} holds {count} game: choose --game 1 to {count}",
                    "{path} holds {count} games: choose --game 1 to {count}",
                    len(records),
                ).format(path=str(resume), count=len(records))
            )
        data = records[(game_number or 1) - 1]
        state = load_record(data)
        if game is not None and game != state.game.name:
            raise ValueError(
                _("the record is a game of {recorded}, not {game}").format(
                    recorded=state.game.name, game=game
                )
            )
        kept_seed, kept_budget, has_table = table_seed(data)  # so it goes on exactly
        if seed is None and kept_seed is not None:
            chosen_seed = kept_seed
        if budget is None and has_table:
            parsed_budget = kept_budget
        n = state.game.num_players
        recorded = data.get("players") or []
        known = {HUMAN, *agent_names()}
        if seats is not None:
            seat_list = parse_seats(seats, n)
        elif len(recorded) == n and all(name in known for name in recorded):
            seat_list = list(recorded)
        else:
            seat_list = parse_seats(None, n)
        return Session(
            state.game,
            seat_list,
            seed=chosen_seed,
            budget=parsed_budget,
            history=state.history(),
        )
    if game is None:
        raise ValueError(_("name a game to play, or --resume a saved one"))
    count = players if players is not None else players_from_seats(seats)
    loaded = load_with_options(game, count, options)
    return Session(
        loaded,
        parse_seats(seats, loaded.num_players),
        seed=chosen_seed,
        budget=parsed_budget,
    )


def play(
    game: Annotated[
        str | None, typer.Argument(help="The game (`spieltisch games` lists them).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Number of players (default: the game's).")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="Who sits where, comma-separated: human or a computer level "
            "(easy, medium, hard, expert). Default: you, then medium.",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A game option as key=value; repeat for more."),
    ] = None,
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language: de, en or fr (default: from LANG).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the dice, the deals and the computer.")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Continue a game saved as a record (JSON).")
    ] = None,
    plain: Annotated[
        bool,
        typer.Option("--plain", help="Line-based play: for screen readers, pipes and scripts."),
    ] = False,
    budget: Annotated[
        str | None,
        typer.Option("--budget", help="The computer's thinking budget: 500, 1.5s or 500,1.5s."),
    ] = None,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay",
            min=0,
            help="Seconds a computer move stays in view before the next step (default: 0.8 "
            "in the full-screen app, 0 in plain mode); a die stays a third of it, and your "
            "only possible move is played after half of it without asking.",
        ),
    ] = None,
    fresh: Annotated[
        bool,
        typer.Option(
            "--new",
            help="Start a new game without offering the kept ones (none is deleted).",
        ),
    ] = False,
    name: Annotated[
        str | None,
        typer.Option(
            "--name",
            help="The name the game is kept under (default: the game's title and a number).",
        ),
    ] = None,
    game_number: Annotated[
        int | None,
        typer.Option(
            "--game",
            min=1,
            help="With --resume of a file of many games (simulate --out): which one, from 1 "
            "(asked when not given).",
        ),
    ] = None,
    auto_move: Annotated[
        bool | None,
        typer.Option(
            "--auto-move/--no-auto-move",
            help="Play your only possible move for you, or wait for it like any other "
            "(default: as last chosen with the command auto, else on).",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against the computer, or with others at one keyboard."""
    console = Console(highlight=False)
    code = use_language(lang, console)
    try:
        if resume is not None and game_number is None and sys.stdin.isatty():
            game_number = ask_which_game(console, resume)
        session = build_session(
            game, players, seats, option or [], seed, resume, budget, game_number
        )
    except (SpieltischError, ValueError) as exc:
        _fail(console, str(exc))
        return
    kept = Preferences.load()
    auto = kept.auto_move if auto_move is None else auto_move

    def remember(value: bool) -> None:
        kept.model_copy(update={"auto_move": value}).keep()

    use_plain = plain or not (sys.stdin.isatty() and sys.stdout.isatty())
    if not use_plain:
        try:
            from spieltisch.cli.tui.app import PlayApp
        except ImportError:
            console.print(_("The full-screen app needs textual (extra tui): plain mode it is."))
            use_plain = True
    from spieltisch.cli.play.autosave import GameBusy, KeptGames, attach

    store = KeptGames()
    try:
        keeper = attach(session, store.keeper_for(session, resume, game_number, name))
    except GameBusy as busy:
        _fail(console, str(busy))
        return
    offer = not fresh and resume is None
    # F4 and save suggest the file the game came from (not a file of many: saving one
    # game over it would lose the others)
    save_default = str(resume) if resume is not None and game_number is None else None
    if use_plain:
        from spieltisch.cli.play.plain import PlainPlay

        PlainPlay(
            session,
            console=console,
            delay=delay or 0.0,
            language=code,
            auto_move=auto,
            remember=remember,
            kept=store,
            keeper=keeper,
            offer_kept=offer,
            save_default=save_default,
        ).run(sys.stdin)
        return
    app: Any = PlayApp(
        session,
        language=code,
        delay=TUI_DELAY if delay is None else delay,
        save_default=save_default,
        kept=store,
        keeper=keeper,
        offer_kept=offer,
        auto_move=auto,
        remember=remember,
    )
    try:
        app.run()
    finally:
        app.keeper.release()


def ask_which_game(console: Console, path: Path) -> int | None:
    """For a file of several games, the one to continue, asked with each game's name,
    moves and whether it ended; None for a file of one (a broken file fails later)."""
    try:
        records = read_records(path)
    except SpieltischError:
        return None
    if len(records) < 2:
        return None
    for number, record in enumerate(records, 1):
        moves = len(record.get("history") or [])
        ended = _("over") if record.get("result") else _("unfinished")
        console.print(
            f"  {number}. {record.get('game', '?')} · "
            + _n("{moves} move", "{moves} moves", moves).format(moves=moves)
            + f" · {ended}",
            highlight=False,
            markup=False,
        )
    question = _n(
        "{path} holds {count} game: which one (1 to {count})?",
        "{path} holds {count} games: which one (1 to {count})?",
        len(records),
    ).format(path=str(path), count=len(records))
    while True:
        typed = typer.prompt(question, default="1").strip()
        if typed.isdigit() and 1 <= int(typed) <= len(records):
            return int(typed)
        console.print(
            _("'{answer}' is not one of the answers: {choices}").format(
                answer=typed, choices=f"1–{len(records)}"
            ),
            highlight=False,
            markup=False,
        )
