"""`spieltisch`: list games, simulate, replay records, read the rules."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

import spieltisch
from spieltisch.cli.collector import before_exit, loading
from spieltisch.cli.commands import LazyCommands
from spieltisch.cli.fail import fail
from spieltisch.cli.language import use_language
from spieltisch.cli.messages import _, _n
from spieltisch.cli.usage_texts import language_from_argv, run
from spieltisch.core.errors import RecordError, SpieltischError
from spieltisch.core.i18n import (
    N_,
    before_punctuation,
    labelled,
    language_from_environment,
    set_language,
)
from spieltisch.core.marks import BoardMarks, Marks, step_marks

if TYPE_CHECKING:
    from spieltisch.sim import Summary

app = typer.Typer(
    cls=LazyCommands,  # play, review, serve, ... are imported when they run
    help="spieltisch: Mahé, Mensch ärgere Dich nicht, David & Goliath and Mabula.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()


def _show_version(value: bool) -> None:
    if value:
        console.print(f"spieltisch {spieltisch.__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Show the version and stop."
        ),
    ] = False,
) -> None:
    """spieltisch: Mahé, Mensch ärgere Dich nicht, David & Goliath and Mabula."""


LangOption = Annotated[
    str | None, typer.Option("--lang", help="Language of the output: de, en or fr.")
]
OptionPairs = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A game option as key=value; repeat for more."),
]


def _use_language(lang: str | None) -> None:
    use_language(lang, console)


def _fail(message: str) -> NoReturn:
    fail(console, message)


@app.command()
def games(
    game: Annotated[str | None, typer.Argument(help="A game to describe in full.")] = None,
    lang: LangOption = None,
) -> None:
    """List the games, or one game's players and options."""
    from spieltisch.core import game_class, parts
    from spieltisch.core.options import describe_allowed, show_default

    _use_language(lang)
    if game is None:
        table = Table(title=_("Games"))
        for column in (_("name"), _("title"), _("players"), _("options")):
            table.add_column(column)
        for info in spieltisch.games():
            low, high = info.players
            players = str(low) if low == high else f"{low}–{high}"
            table.add_row(info.name, info.title, players, ", ".join(o.name for o in info.options))
        console.print(table)
        return
    try:
        cls = game_class(game)
    except SpieltischError as exc:
        _fail(str(exc))
        return
    info = cls.info()
    game_text = parts(cls).gettext
    low, high = info.players
    console.print(
        f"[bold]{info.title}[/] ({info.name}) — {labelled(_('players'), f'{low}–{high}')}"
    )
    if info.description:
        console.print(game_text(info.description))
    table = Table(title=_("Options"))
    for column in (_("option"), _("allowed"), _("default"), _("meaning")):
        table.add_column(column)
    for name, field in cls.Options.model_fields.items():
        description = game_text(field.description or "")
        table.add_row(name, describe_allowed(field), show_default(field), description)
    console.print(table)


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="The game whose rules to show.")],
    lang: LangOption = None,
) -> None:
    """Show the project's rules summary of a game."""
    from rich.markdown import Markdown

    from spieltisch.core import parts

    _use_language(lang)
    try:
        text = parts(game).rules_for_terminal(lang or language_from_environment())
    except SpieltischError as exc:
        _fail(str(exc))
        return
    console.print(Markdown(text))


@app.command("simulate")
def simulate_command(
    game: Annotated[str, typer.Argument(help="The game to simulate.")],
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Number of games.")] = 100,
    players: Annotated[int | None, typer.Option("--players", help="Number of players.")] = None,
    agents: Annotated[
        str, typer.Option("--agents", help="Agents per seat, comma-separated; one name for all.")
    ] = "random",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole run.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write one game record per line (JSON Lines).")
    ] = None,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Processes to use.")] = 1,
    budget: Annotated[
        str | None, typer.Option("--budget", help="Agent budget: 500, 1.5s or 500,1.5s.")
    ] = None,
    option: OptionPairs = None,
    engine: Annotated[
        str,
        typer.Option(
            "--engine",
            help="auto (the compiled kernel for large runs of random/policy agents), "
            "python or fast.",
        ),
    ] = "auto",
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            help="Run on a Dask cluster: tcp://HOST:8786, or local:N to start N local workers.",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Play many games between agents and report win rates, scores and lengths."""
    from spieltisch.agents import Budget
    from spieltisch.agents import make as make_agent
    from spieltisch.cli.effort import workers_line
    from spieltisch.cli.extras import require
    from spieltisch.cli.game_options import load_with_options
    from spieltisch.cli.kernels import warm_telling
    from spieltisch.cli.progress import progress_bar
    from spieltisch.core.file_errors import cannot_write
    from spieltisch.sim import Summary, simulate
    from spieltisch.sim.effort import Effort
    from spieltisch.sim.executors import parse_cluster
    from spieltisch.sim.fast import choose_engine, simulate_fast

    _use_language(lang)
    try:
        loaded = load_with_options(game, players, option or [])
        seats = _seat_agents(agents, loaded.num_players)
        parsed_budget = Budget.parse(budget) if budget else None
        for name in dict.fromkeys(seats):  # an agent that cannot play fails now, not mid-run
            make_agent(name, loaded, 0, parsed_budget)
    except (SpieltischError, ValueError) as exc:
        _fail(str(exc))
        return
    if cluster is not None:
        require("dask")
        try:
            parse_cluster(cluster)
        except ValueError:
            _fail(
                _(
                    "--cluster {address!r}: give a scheduler address such as tcp://HOST:8786, "
                    "or local:N to start N local workers"
                ).format(address=cluster)
            )
    if engine not in ENGINES:
        _fail(_("unknown engine {engine!r}: allowed are auto, python, fast").format(engine=engine))
    try:
        with loading():  # numba and the compiled kernel: kept to the end, never collected
            chosen, reason = choose_engine(loaded, seats, n, engine, out is not None)
            if chosen == "fast":
                warm_telling(console, loaded)
    except ValueError as exc:
        reasons = f"{before_punctuation()}; ".join(
            _(ENGINE_REASONS[code]) for code in str(exc).split(", ")
        )
        _fail(_("--engine fast is not possible: {reasons}").format(reasons=reasons))
        return
    console.print(
        _("engine: {engine} ({reason})").format(engine=chosen, reason=_(ENGINE_REASONS[reason])),
        highlight=False,
    )
    summary = Summary(loaded.num_players)
    try:
        handle = out.open("w", encoding="utf-8") if out else None
    except (OSError, ValueError) as exc:
        _fail(str(cannot_write(out, exc)))
    progress = progress_bar(console)
    efforts: list[Effort] = []
    started = time.perf_counter()
    try:
        with progress:
            task = progress.add_task(loaded.title, total=n)
            if chosen == "fast":
                for chunk in simulate_fast(
                    loaded, seats, n, seed, workers, cluster=cluster, efforts=efforts
                ):
                    summary.add_chunk(chunk)
                    progress.advance(task, len(chunk))
            else:
                for result in simulate(
                    loaded,
                    seats,
                    n,
                    seed,
                    workers,
                    parsed_budget,
                    records=handle is not None,
                    cluster=cluster,
                    efforts=efforts,
                ):
                    summary.add(result)
                    if handle and result.record is not None:
                        line: dict[str, Any] = dict(result.record)
                        line["seed"] = result.seed
                        handle.write(json.dumps(line, ensure_ascii=False) + "\n")
                    progress.advance(task)
    finally:
        if handle:
            handle.close()
    playing = time.perf_counter() - started
    _print_summary(loaded.title, seats, summary)
    if efforts:
        console.print(workers_line(efforts, playing), highlight=False)


ENGINES = ("auto", "python", "fast")
ENGINE_REASONS = {
    "asked": N_("as asked"),
    "records": N_("records are written (--out), and the kernel keeps no histories"),
    "agents": N_("a seat is neither a random nor a policy agent"),
    "numba": N_("numba is not installed (extra fast)"),
    "no_kernel": N_("this game has no compiled kernel"),
    "small": N_("too few games to pay for compiling the kernel"),
    "eligible": N_(
        "every seat plays at random or by the rule of thumb (random, policy, or a level that is "
        "one of them)"
    ),
}


def _seat_agents(spec: str, players: int) -> list[str]:
    from spieltisch.agents import agent_names

    names = [name.strip() for name in spec.split(",") if name.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(
            _n(
                "--agents names {count} agent for {players} players: give 1 or {players}",
                "--agents names {count} agents for {players} players: give 1 or {players}",
                len(names),
            ).format(count=len(names), players=players)
        )
    known = agent_names()
    for name in names:
        if name not in known:
            raise ValueError(
                _("unknown agent {name}: known agents are {known}").format(
                    name=repr(name), known=", ".join(known)
                )
            )
    return names


def _print_summary(title: str, seats: list[str], summary: Summary) -> None:
    from spieltisch.agents.names import level_name
    from spieltisch.core.formats import number, percent

    games = _n("{count} game", "{count} games", summary.games).format(count=number(summary.games))
    table = Table(title=labelled(title, games))
    for column in (_("seat"), _("agent"), _("win rate"), _("95% CI"), _("mean score")):
        table.add_column(column, justify="right")
    for seat, agent in enumerate(seats):
        rate = summary.win_rate(seat)
        score = summary.mean_score(seat)
        table.add_row(
            str(seat),
            level_name(agent),
            percent(rate.mean, 1),
            f"{percent(rate.low, 1)}–{percent(rate.high, 1)}",
            f"{number(score.mean, 2)} ± {number(score.high - score.mean, 2)}",
        )
    console.print(table)
    length = summary.mean_length()
    console.print(_("mean length in moves: {moves}").format(moves=number(length.mean, 1)))


@app.command()
def replay(
    record: Annotated[
        Path, typer.Argument(help="A game record (JSON), or a file of them (JSON Lines).")
    ],
    game_number: Annotated[
        int | None,
        typer.Option(
            "--game", min=1, help="Which game of a file of many (simulate --out), from 1."
        ),
    ] = None,
    step: Annotated[
        bool | None,
        typer.Option(
            "--step/--all", help="Step with Enter (back, quit) or print every move at once."
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Step through a game record in the terminal, each move in words."""
    from spieltisch.cli.boards import render_board
    from spieltisch.cli.record_files import read_records

    _use_language(lang)
    try:
        records = read_records(record)
        if game_number is not None and game_number > len(records):
            raise RecordError(
                _n(
                    "{path} holds {count} game: choose --game 1 to {count}",
                    "{path} holds {count} games: choose --game 1 to {count}",
                    len(records),
                ).format(path=str(record), count=len(records))
            )
        chosen = records[(game_number or 1) - 1]
        final = spieltisch.load_record(chosen)
    except SpieltischError as exc:
        _fail(str(exc))
        return
    if len(records) > 1 and game_number is None:
        console.print(
            _n(
                "{path} holds {count} game; this is game 1 (choose another with --game N).",
                "{path} holds {count} games; this is game 1 (choose another with --game N).",
                len(records),
            ).format(path=str(record), count=len(records)),
            soft_wrap=True,
            highlight=False,
        )
    raw_names = chosen.get("players")
    names = [str(name) for name in raw_names] if isinstance(raw_names, list) else []
    labels = _seat_labels(final.game, names)
    steps = _replay_steps(final, labels)
    interactive = sys.stdin.isatty() if step is None else step
    total = steps[-1].moves
    position = 0
    while True:
        shown = steps[position]
        title = _("move {n} of {total}").format(n=shown.moves, total=total)
        if len(steps) - 1 != total:  # dice and deals are steps, not moves
            title += " · " + _("step {n} of {total}").format(n=position, total=len(steps) - 1)
        console.rule(title)
        if shown.line:
            console.print(shown.line, highlight=False, markup=False)
        console.print(render_board(shown.state, marks=BoardMarks(last=shown.last_move)))
        if position == len(steps) - 1:
            _print_result(final, labels, chosen.get("result"))
            return
        if not interactive:
            position += 1
            continue
        while True:
            answer = typer.prompt(
                _("Enter: next, back, a move number, end, quit"), default="", show_default=False
            )
            target = replay_target(answer, steps, position)
            if target is not None:
                break
            console.print(replay_keys(), highlight=False, markup=False, soft_wrap=True)
        if target < 0:
            return
        position = target


def replay_target(answer: str, steps: list[ReplayStep], position: int) -> int | None:
    """Where a replay answer leads: the next step (Enter), the one before (`back`), the
    position after move N (a number), the end (`end`); -1 to quit; None when the answer
    means nothing (the keys are shown, nothing moves)."""
    typed = answer.strip().lower()
    words = {
        "back": ("b", "back", _("back").lower()),
        "end": ("e", "end", _("end").lower()),
        "quit": ("q", "quit", _("quit").lower()),
    }
    if typed == "":
        return min(position + 1, len(steps) - 1)
    if typed in words["back"]:
        return max(0, position - 1)
    if typed in words["end"]:
        return len(steps) - 1
    if typed in words["quit"]:
        return -1
    number = typed.removeprefix("#")
    if number.isdigit() and int(number) <= steps[-1].moves:
        wanted = int(number)
        return next(index for index, step in enumerate(steps) if step.moves >= wanted)
    return None


def replay_keys() -> str:
    """What a replay understands, shown after an answer it does not."""
    return _(
        "Enter: the next move; {back}: the move before; a number (12 or #12): the position "
        "after that move; {end}: the end; {quit}: stop."
    ).format(back=_("back").lower(), end=_("end").lower(), quit=_("quit").lower())


@dataclass(frozen=True)
class ReplayStep:
    """A position of a replay: the line that led to it, and the moves counted so far
    (people's and agents' moves, not chance: as `simulate` counts them)."""

    state: spieltisch.State
    line: str
    moves: int
    last_move: Marks | None = None
    """Where the last move that moved pieces took them (underlined on the board)."""


def _replay_steps(final: spieltisch.State, labels: list[str]) -> list[ReplayStep]:
    """Every position of the game, walking forward once."""
    from spieltisch.cli.play.moves import describe
    from spieltisch.core import parts

    state = final.game.new_state()
    steps = [ReplayStep(state.clone(), "", 0)]
    moves = 0
    places = parts(final.game).places
    last: Marks | None = None
    for move in final.history():
        player = state.current_player
        words = describe(state, move)
        before = state.clone()
        state.apply(move)
        last = (step_marks(places, before, state) if places else None) or last
        if 0 <= player < len(labels):
            moves += 1
            line = _("{player}: {move}").format(player=labels[player], move=words)
            line += f" [{move}]"
        else:
            line = f"· {words}"
        steps.append(ReplayStep(state.clone(), line, moves, last))
    return steps


def _seat_labels(game: spieltisch.Game[Any], names: list[str]) -> list[str]:
    """Each seat named as the board, the terminal app and the web page name it: by its
    colour where the game's seats have one (`Red (expert)`), else `Player 2 (Ada)`, with
    what the record says sat there."""
    from spieltisch.cli.play.seats import seat_label

    return [
        seat_label(game, seat, names[seat] if seat < len(names) else "?", humans=2)
        for seat in range(game.num_players)
    ]


def _print_result(
    state: spieltisch.State, labels: list[str], stored: dict[str, Any] | None = None
) -> None:
    """The game's result; for a game given up, the record's ranking (load_record has
    checked it: the resigned seats last) and who gave up."""
    resigned: list[int] = list((stored or {}).get("resigned") or ())
    if not state.is_terminal() and not resigned:
        console.print(_("The record ends before the game does."))
        return
    table = Table(title=_("Result"))
    for column in (_("place"), _("player"), _("score")):
        table.add_column(column)
    scores = state.scores()
    places = [int(place) for place in stored["ranking"]] if stored and resigned else state.ranking()
    for player in sorted(range(len(scores)), key=lambda p: (places[p], p)):
        table.add_row(str(places[player]), Text(labels[player]), f"{scores[player]:g}")
    console.print(table)
    for player in resigned:
        console.print(Text(_("{player} gave up.").format(player=labels[player])))


def main() -> None:
    """The `spieltisch` script: Typer's and Click's own texts in the language of `--lang` or
    the environment, like the commands' own."""
    args = sys.argv[1:]
    set_language(language_from_argv(args))
    try:
        code = run(app, args)
    except ModuleNotFoundError as error:
        from spieltisch.cli.extras import missing_extra

        set_language(language_from_argv(args))  # a group's callback may have reset it
        message = missing_extra(error, args)
        if message is None:
            raise
        errors = Console(stderr=True)
        errors.print(labelled(_("Error")), style="bold red", end="", markup=False, highlight=False)
        errors.print(message, markup=False, highlight=False, soft_wrap=True)
        code = 1
    before_exit()
    sys.exit(code)
