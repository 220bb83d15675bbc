"""`spieltisch tournament`: run a tournament from the command line, on the server's database.

Every command opens the database (migrating it first), takes one step through
`spieltisch.tournament.storage` and prints the result; refusals print what was wrong
and what is allowed, and change nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from spieltisch.agents.names import level_name
from spieltisch.cli.club import club_app, season_app
from spieltisch.cli.fail import fail
from spieltisch.cli.game_options import parse_pairs
from spieltisch.cli.messages import _, _n
from spieltisch.cli.on_database import who_acts
from spieltisch.cli.serve import DatabaseOption
from spieltisch.cli.tournament_hall import hall
from spieltisch.core import SpieltischError, formats
from spieltisch.core.i18n import before_punctuation, labelled
from spieltisch.core.identity import PlayerId, level_of
from spieltisch.core.names import game_title
from spieltisch.tournament.defaults import DEFAULT_GAME

if TYPE_CHECKING:
    from spieltisch.tournament.storage import TournamentStore
    from spieltisch.tournament.tournament import Tournament

console = Console()
tournament_app = typer.Typer(
    help="Run a tournament: players, seating, results, standings, exports.",
    no_args_is_help=True,
)
T = TypeVar("T")
tournament_app.add_typer(club_app, name="club")
tournament_app.add_typer(season_app, name="season")
tournament_app.command("hall")(hall)


@tournament_app.callback()
def _language(
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="Language of the output and refusals: de, en or fr."),
    ] = None,
) -> None:
    """Texts (refusals, colours, headings) follow `--lang`, else the language of the
    environment (LANG); `export --lang` chooses another for the files."""
    from spieltisch.cli.language import use_language

    use_language(lang, console)


Id = Annotated[str, typer.Argument(help="The tournament's id (see `spieltisch tournament list`).")]
By = Annotated[
    str | None, typer.Option("--by", help="Who takes this step (kept in the audit trail).")
]
Reason = Annotated[str, typer.Option("--reason", help="Why (required, kept).")]


def _run(database: str | None, work: Callable[[TournamentStore], Awaitable[T]]) -> T:
    """Open the database, run `work` with a store, close; errors end the command cleanly."""
    from spieltisch.cli.on_database import run_on_database
    from spieltisch.tournament.storage import TournamentStore

    return run_on_database(console, database, lambda db: work(TournamentStore(db)), _refusal)


def _act(
    database: str | None, tournament: str, step: Callable[[Tournament], T]
) -> tuple[Tournament, T]:
    """Take one director's step on the tournament (the ledger's next entry): the
    tournament after it and what the step made, to print."""
    return _run(database, lambda store: store.act(tournament, step))


def _say(text: str) -> None:
    """Print a sentence as it is: Rich would colour the numbers and ids in it."""
    console.print(text, highlight=False)


def _fail(message: str) -> NoReturn:
    fail(console, message)


def _refusal(exc: Exception) -> str:
    """A refusal in the director's language. A value pydantic refused for its type or
    range (`InvalidInput`, in pydantic's English) is worded with the server's sentences
    for validation errors, as the HTTP API words the same refusal."""
    from spieltisch.tournament.errors import (
        ComputersOnBoards,
        InvalidInput,
        UnknownIdentity,
        UnknownTournament,
    )

    if isinstance(exc, InvalidInput):
        from spieltisch.server.routes.validation import explain_bad
        from spieltisch.tournament.printable import figure_labels

        words = figure_labels()  # "Zielfelder (g1-g4)", not the field's name `goal`
        problems = [
            {**problem, "loc": [words.get(str(part), part) for part in problem.get("loc", ())]}
            for problem in exc.problems
        ]
        return explain_bad(exc.what, problems)
    if isinstance(exc, UnknownTournament):  # the web page has its list; here, the command
        return labelled(str(exc), _("`spieltisch tournament list` shows them"))
    if isinstance(exc, ComputersOnBoards):  # the command line opens no online tables
        return labelled(
            str(exc),
            _(
                "the command line starts rounds on boards only: hand the tournament over "
                "(`spieltisch tournament director ID --code`) to start rounds online in the browser"
            ),
        )
    if isinstance(exc, UnknownIdentity):
        return labelled(str(exc), _("`spieltisch tournament identities NAME` lists them"))
    return str(exc)


def _numbers(text: str, what: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        _fail(_("{what} are whole numbers separated by commas, such as 1,2,3,4").format(what=what))
        raise AssertionError("unreachable") from None


PLACE_LETTERS = {
    "f": "forfeit",
    "forfeit": "forfeit",
    "d": "disqualified",
    "disqualified": "disqualified",
}
"""What the command line takes for a seat that did not play to the end."""


def _places(text: str) -> list[int | str]:
    """Each seat's place: a number, or F (forfeit: did not play) or D (disqualified by
    rule 16)."""
    places: list[int | str] = []
    for part in (part.strip() for part in text.split(",")):
        if not part:
            continue
        if part.casefold() in PLACE_LETTERS:
            places.append(PLACE_LETTERS[part.casefold()])
            continue
        try:
            places.append(int(part))
        except ValueError:
            _fail(
                _(
                    "places are whole numbers separated by commas, F for a forfeit (did not "
                    "play) or D for disqualified (rule 16), such as 2,1,F,3; not {text!r}"
                ).format(text=part)
            )
    return places


def _points(text: str) -> tuple[float, ...]:
    try:
        return tuple(float(part) for part in text.split(",") if part.strip())
    except ValueError:
        _fail(_("points are numbers separated by commas, such as 3,2,1,0"))
        raise AssertionError("unreachable") from None


@tournament_app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="The tournament's name.")],
    game: Annotated[str, typer.Option("--game", help="The game.")] = DEFAULT_GAME,
    rounds: Annotated[
        int | None,
        typer.Option("--rounds", help="Number of rounds (default 6; championship: 4 and a final)."),
    ] = None,
    round_minutes: Annotated[
        int | None,
        typer.Option(
            "--round-minutes", help="Round time in minutes (default 60; championship 30)."
        ),
    ] = None,
    table_size: Annotated[
        int, typer.Option("--table-size", help="Players at a full table (0: the game's).")
    ] = 0,
    min_table: Annotated[
        int, typer.Option("--min-table", help="Smallest table before byes (0: one less).")
    ] = 0,
    points: Annotated[
        str | None, typer.Option("--points", help="Points per place at a full table: 3,2,1,0.")
    ] = None,
    tiebreaks: Annotated[
        str,
        typer.Option(
            "--tiebreaks",
            help="Tie-breaks in order, from mutual (head to head), opponents (Buchholz per "
            "opponent), firsts, countback, buchholz (the sum: favours tables of four).",
        ),
    ] = "mutual,opponents,firsts",
    seed: Annotated[
        str | None, typer.Option("--seed", help="The published seed (default: drawn now).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as key=value.")
    ] = None,
    unrated: Annotated[bool, typer.Option("--unrated", help="Do not rate the games.")] = False,
    preset: Annotated[
        str,
        typer.Option(
            "--preset",
            help="club (the club's rules) or championship (4 preliminary games of 30 "
            "minutes, steps counted at the time limit, 5/3/2/1 points, a final table of four).",
        ),
    ] = "club",
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Create a tournament and print its id and published seed."""
    import secrets

    from spieltisch.tournament.settings import Settings

    try:
        options: dict[str, Any] = dict(parse_pairs(option or []))
        given: dict[str, Any] = {
            key: value
            for key, value in (("rounds", rounds), ("round_minutes", round_minutes))
            if value is not None
        }
        settings = Settings.parse(
            name=name,
            game=game,
            options=options,
            preset=preset,
            **given,
            table_size=table_size,
            min_table=min_table,
            points=_points(points) if points else (),
            tiebreaks=tuple(t.strip() for t in tiebreaks.split(",") if t.strip()),
            seed=seed or secrets.token_hex(8),
            rated=not unrated,
        )
    except ValueError as exc:
        _fail(_refusal(exc))
        return
    identifier, _tournament = _run(database, lambda store: store.create(settings, who_acts(by)))
    _say(
        _n(
            "Tournament {id} created: {name}, {game}, {rounds} round",
            "Tournament {id} created: {name}, {game}, {rounds} rounds",
            settings.rounds,
        ).format(id=identifier, name=settings.name, game=settings.game, rounds=settings.rounds)
    )
    # "3; 1,5; 1; 0": a comma would be ambiguous where it is the decimal sign
    points_text = f"{before_punctuation()}; ".join(formats.number(p) for p in settings.points)
    _say(_("Published seed: {seed}").format(seed=settings.seed))
    _say(
        _("Tables of {size} (at least {smallest}); points per place {points}").format(
            size=settings.table_size, smallest=settings.min_table, points=points_text
        )
    )


@tournament_app.command("list")
def list_tournaments(database: DatabaseOption = None) -> None:
    """The tournaments in the database."""
    rows = _run(database, lambda store: store.all())
    table = Table(title=_("Tournaments"))
    for column in (_("id"), _("name"), _("game"), _("created")):
        table.add_column(column)
    for row in rows:
        table.add_row(row.id, row.name, game_title(row.game), formats.moment(row.created_at))
    console.print(table)


@tournament_app.command("players")
def players(
    tournament: Id,
    add: Annotated[
        list[str] | None, typer.Option("--add", help="Register a player by name; repeat.")
    ] = None,
    account: Annotated[
        str | None, typer.Option("--account", help="With one --add: the player's username.")
    ] = None,
    same_as: Annotated[
        str | None,
        typer.Option(
            "--same-as",
            help="With one --add of a hall player: the same person as this hall identity "
            "of another tournament (see `spieltisch tournament identities NAME`).",
        ),
    ] = None,
    computer: Annotated[
        list[str] | None,
        typer.Option(
            "--computer",
            help="Register a computer entrant at this level (easy, medium, hard, expert); "
            "repeat. Computers play only online (rounds started in the browser).",
        ),
    ] = None,
    withdraw: Annotated[
        list[int] | None, typer.Option("--withdraw", help="A player number leaves; repeat.")
    ] = None,
    readmit: Annotated[
        list[int] | None, typer.Option("--readmit", help="A withdrawn player returns.")
    ] = None,
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Register, withdraw or readmit players, then list them."""
    who = who_acts(by)
    if account and len(add or []) != 1:
        _fail(_("--account goes with exactly one --add"))
    if same_as and (len(add or []) != 1 or account):
        _fail(_("--same-as goes with exactly one --add of a player without --account"))
    from spieltisch.agents.levels import LEVELS

    for level in computer or []:
        if level not in LEVELS:
            _fail(
                _("no computer level {level}: levels are {levels}").format(
                    level=repr(level), levels=", ".join(LEVELS)
                )
            )

    async def work(store: TournamentStore) -> Tournament:
        from spieltisch.tournament.identities import register_hall_player

        rating_id = await store.account_rating_id(account) if account else None
        current = await store.load(tournament)
        for name in add or []:
            if same_as:
                current = await register_hall_player(store, tournament, name, who, same_as)
                continue
            current, _r = await store.act(tournament, _registering(name, who, rating_id))
        for level in computer or []:
            current, _c = await store.act(tournament, _registering_computer(level, who))
        for number in withdraw or []:
            current, _w = await store.act(tournament, _withdrawing(number, who))
        for number in readmit or []:
            current, _b = await store.act(tournament, _readmitting(number, who))
        return current

    current = _run(database, work)
    table = Table(title=_("Players"))
    for column in (_("no."), _("name"), _("rated as"), _("from round"), _("status")):
        table.add_column(column)
    for player in current.players.values():
        status = _("playing") if player.active else _("withdrawn")
        table.add_row(
            str(player.number), player.shown, player.rating_id, str(player.joined), status
        )
    console.print(table)


def _registering(name: str, who: str, rating_id: str | None) -> Callable[[Tournament], object]:
    return lambda t: t.register(name, who, rating_id)


def _registering_computer(level: str, who: str) -> Callable[[Tournament], object]:
    return lambda t: t.register_ai("", level, who)


def _withdrawing(number: int, who: str) -> Callable[[Tournament], object]:
    return lambda t: t.withdraw(number, who)


def _readmitting(number: int, who: str) -> Callable[[Tournament], object]:
    return lambda t: t.readmit(number, who)


@tournament_app.command("identities")
def identities(
    name: Annotated[
        str | None, typer.Argument(help="Only identities a hall player of this name has.")
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """The hall identities (one per person without an account) and where each played, to
    find the one a hall player is the same person as."""
    from spieltisch.tournament.identities import hall_identities

    found = _run(database, lambda store: hall_identities(store, name))
    table = Table(title=_("Hall identities"))
    for column in (_("identity"), _("name"), _("played in")):
        table.add_column(column)
    for identity, seen in found.items():
        names = ", ".join(sorted({one.name for one in seen}))
        where = "; ".join(
            f"{one.tournament_name} ({one.tournament}) {_('no.')} {one.number}" for one in seen
        )
        table.add_row(identity, names, where)
    console.print(table)


@tournament_app.command("identity")
def identity(
    tournament: Id,
    player: Annotated[int, typer.Argument(help="The player number.")],
    same_as: Annotated[
        str | None,
        typer.Option("--same-as", help="Merge: the same person as this hall identity."),
    ] = None,
    split: Annotated[
        bool, typer.Option("--split", help="Split: a person of their own (a new identity).")
    ] = False,
    reason: Reason = "",
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Merge a hall player with the same person's identity from another tournament, or
    split them off into an identity of their own; their rated games follow."""
    from spieltisch.tournament.identities import link

    if (same_as is None) == (not split):
        _fail(_("give --same-as IDENTITY or --split, one of the two"))
    current = _run(
        database, lambda store: link(store, tournament, player, who_acts(by), reason, same_as)
    )
    _say(
        _("Player {number} ({name}) is rated as {identity} now").format(
            number=player,
            name=current.players[player].shown,
            identity=current.players[player].rating_id,
        )
    )


@tournament_app.command("signup")
def signup(
    tournament: Id,
    open_it: Annotated[
        bool,
        typer.Option(
            "--open/--close",
            help="Open the sign-up (people with an account sign themselves up on the "
            "tournament's page) or close it.",
        ),
    ],
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Open or close the sign-up: while it is open, people sign themselves up on the
    tournament's page (`spieltisch serve`, #/tournament/ID), the link to hand out."""
    _act(database, tournament, lambda t: t.change_signup(open_it, who_acts(by)))
    if open_it:
        message = _("Sign-up is open: people sign up on the tournament's page, {page}")
        _say(message.format(page=f"#/tournament/{tournament}"))
    else:
        _say(_("Sign-up is closed."))


@tournament_app.command("director")
def director(
    tournament: Id,
    account: Annotated[
        str | None,
        typer.Option("--account", help="The username of the server account to direct it."),
    ] = None,
    code: Annotated[
        bool,
        typer.Option(
            "--code",
            help="Print a one-time code: whoever types it on the tournament's page, signed "
            "in on the server, directs it.",
        ),
    ] = False,
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Hand the tournament over to a server account, which then directs it in the browser
    (`spieltisch serve`, the tournament's page); the command line keeps working too."""
    from spieltisch.tournament import handover

    if (account is None) == (not code):
        _fail(_("give --account NAME or --code, one of the two"))
    if code:
        secret = handover.new_code()
        _act(database, tournament, lambda t: t.offer_hand_over(secret, who_acts(by)))
        _say(
            _(
                "Hand-over code {code}: open the tournament's page ({page}), sign in and "
                "enter it under “Take over”. It works once, for {minutes} minutes."
            ).format(code=secret, page=f"#/tournament/{tournament}", minutes=handover.MINUTES)
        )
        return
    assert account is not None

    async def work(store: TournamentStore) -> str:
        rating_id = await store.account_rating_id(account)
        await store.act(tournament, lambda t: t.hand_over(rating_id, who_acts(by)))
        return rating_id

    _run(database, work)
    _say(
        _("{account} directs tournament {id} now, also in the browser").format(
            account=account, id=tournament
        )
    )


@tournament_app.command("seat")
def seat(
    tournament: Id,
    round_number: Annotated[
        int | None, typer.Option("--round", help="Show this round instead of seating the next.")
    ] = None,
    undo: Annotated[
        bool,
        typer.Option(
            "--undo",
            help="Take the current round back before any result is in; seat it again after.",
        ),
    ] = False,
    reason: Annotated[str, typer.Option("--reason", help="Why (kept in the ledger).")] = "",
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Seat the next round (every result of the last one must be in) and print its tables."""
    if undo:
        _current, undone = _act(database, tournament, lambda t: t.unseat(who_acts(by), reason))
        _say(
            _("Round {n} is undone: seat it again with `spieltisch tournament seat`.").format(
                n=undone.round
            )
        )
        return

    async def work(store: TournamentStore) -> Tournament:
        if round_number is not None:
            current = await store.load(tournament)
            current.round(round_number)
            return current
        current, _entry = await store.act(tournament, lambda t: t.seat_next(who_acts(by), True))
        return current

    current = _run(database, work)
    _print_round(current, round_number or len(current.rounds))


@tournament_app.command("swap")
def swap(
    tournament: Id,
    first: Annotated[int, typer.Argument(help="A player number.")],
    second: Annotated[int, typer.Argument(help="The other player number.")],
    reason: Reason = "",
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Swap two players of the current round by hand (seat and table), before their
    tables have a result; prints the round."""
    from spieltisch.tournament.explain import explain_round

    current, _swap = _act(
        database, tournament, lambda t: t.swap(len(t.rounds), first, second, who_acts(by), reason)
    )
    _print_round(current, len(current.rounds), explain=False)
    for warning in explain_round(current, len(current.rounds), {}).changes[-1].warnings:
        console.print(labelled(_("Warning"), warning), style="yellow", highlight=False)


def _print_round(current: Tournament, number: int, explain: bool = True) -> None:
    """The round's tables, then (`explain`) why they are as they are and every change by
    hand with its reason and warnings."""
    played = current.round(number)
    table = Table(title=_("Round {n}").format(n=number))
    table.add_column(_("table"), justify="right")
    size = current.settings.table_size
    for seat in range(size):
        table.add_column(current.seat_words(size, seat))
    for index, seats in enumerate(played.tables, start=1):
        names = [f"{current.players[p].shown} ({p})" for p in seats]
        table.add_row(str(index), *names, *[""] * (size - len(seats)))
    console.print(table)
    for index, result in sorted(played.results.items()):
        if result.handed:
            handed = ", ".join(
                current.players[played.tables[index - 1][s]].shown for s in result.handed
            )
            rated = _("rated") if played.rated(index) else _("not rated")
            _say(
                _("Table {table}: the computer played for {names}; {rated}").format(
                    table=index, names=handed, rated=rated
                )
            )
    if played.byes:
        byes = ", ".join(f"{current.players[p].shown} ({p})" for p in played.byes)
        _say(_("Byes: {players}").format(players=byes))
    for player, award in played.awarded.items():
        _say(
            _("Not seated: {name} ({number}), points given: {points} ({reason})").format(
                name=current.players[player].shown,
                number=player,
                points=formats.number(award.points),
                reason=award.reason,
            )
        )
    if explain:
        _print_explanation(current, number)


def _print_explanation(current: Tournament, number: int) -> None:
    from spieltisch.tournament.explain import explain_round

    explained = explain_round(current, number, {})
    _say(_("Why these tables:"))
    for reason in explained.reasons:
        _say(f"  {reason}")
    for change in explained.changes:
        _say(
            "  "
            + _("{change} Reason: {reason} ({by}, {at})").format(
                change=change.text,
                reason=change.reason,
                by=change.by,
                at=formats.moment(change.at),
            )
        )
        for warning in change.warnings:
            console.print("    " + labelled(_("Warning"), warning), style="yellow", highlight=False)


@tournament_app.command("rating")
def rating(
    tournament: Id,
    round_number: Annotated[int, typer.Argument(help="The round.")],
    table: Annotated[int, typer.Argument(help="The table number.")],
    rated: Annotated[
        bool,
        typer.Option(
            "--rated/--not-rated",
            help="Whether the online game in which the computer played a person's seat is rated.",
        ),
    ],
    reason: Reason = "",
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Decide whether an online game in which the computer played a person's seat (handed
    over: given up, or claimed while they were away) is rated; its result stands."""
    _act(
        database,
        tournament,
        lambda t: t.decide_rating(round_number, table, rated, who_acts(by), reason),
    )
    shown = _("rated") if rated else _("not rated")
    _say(
        _("Round {round}, table {table}: {rated} ({reason})").format(
            round=round_number, table=table, rated=shown, reason=reason.strip()
        )
    )


@tournament_app.command("award")
def award(
    tournament: Id,
    round_number: Annotated[int, typer.Argument(help="The round the player missed.")],
    player: Annotated[int, typer.Argument(help="The player number.")],
    points: Annotated[float, typer.Argument(help="The points, from 0 to a first place's.")],
    reason: Reason = "",
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Give a player points for a round they were not seated in (a late arrival, an
    absence announced); again for the same round replaces them. Prints the round."""
    current, _award = _act(
        database, tournament, lambda t: t.award(round_number, player, points, who_acts(by), reason)
    )
    _print_round(current, round_number)


def parse_stopped(spec: str) -> dict[str, Any] | str:
    """One seat's figures from the command line: `done:N` for the N-th player to finish,
    else GOAL/TRACK/DISTANCE: the goal fields held as depths (4,3 = g4 and g3; - none),
    the pieces on the track, and the fields they have travelled from their start field;
    or F (did not come) or D (excluded by rule 16 before time was called)."""
    text = spec.strip().lower()
    if text in PLACE_LETTERS:
        return PLACE_LETTERS[text]
    if text.startswith("done:"):
        return {"finished": int(text[5:])}
    if text.isdigit():  # a championship's count: the steps still needed to the goal
        return {"steps": int(text)}
    parts = text.split("/")
    if len(parts) != 3:
        raise ValueError(spec)
    goal = [] if parts[0] in ("-", "") else [int(p) for p in parts[0].split(",")]
    return {"goal": goal, "track": int(parts[1]), "distance": int(parts[2])}


@tournament_app.command("result")
def result(
    tournament: Id,
    round_number: Annotated[int, typer.Argument(help="The round.")],
    table: Annotated[int, typer.Argument(help="The table number.")],
    places: Annotated[
        str | None,
        typer.Option(
            "--places",
            help="Each seat's place in seat order: 2,1,4,3; F for a forfeit (did not play), "
            "D for disqualified (rule 16): 2,1,F,3.",
        ),
    ] = None,
    stopped: Annotated[
        list[str] | None,
        typer.Option(
            "--stopped",
            help="Stopped by time: one per seat in seat order, GOAL/TRACK/DISTANCE "
            "(4,3/1/27; -/2/40) or done:N; F for a forfeit, D for disqualified (rule 16); "
            "a championship: the steps to the goal (57).",
        ),
    ] = None,
    lot: Annotated[
        list[str] | None,
        typer.Option(
            "--lot",
            help="With --stopped: a lot drawn at the table for tied seats, best first: 3,1; "
            "repeat for each tied group (default: drawn by the program, kept on corrections).",
        ),
    ] = None,
    note: Annotated[str, typer.Option("--note", help="Why (for a correction).")] = "",
    by: By = None,
    database: DatabaseOption = None,
) -> None:
    """Enter (or correct) a table's result; without places or figures, show its history."""
    if lot and not stopped:
        _fail(_("--lot goes with --stopped: a lot decides players tied by their figures"))
    table_lots = [_numbers(one, _("lots")) for one in lot or []]
    if places and stopped:
        _fail(_("give --places or --stopped, not both"))
    who = who_acts(by)
    figures: list[dict[str, Any] | str] = []
    for spec in stopped or []:
        try:
            figures.append(parse_stopped(spec))
        except ValueError:
            _fail(
                _(
                    "figures are GOAL/TRACK/DISTANCE such as 4,3/1/27 or -/2/40, done:N, "
                    "or F (forfeit) or D (disqualified, rule 16); not {text!r}"
                ).format(text=spec)
            )
    numbers = _places(places) if places else []

    async def work(store: TournamentStore) -> tuple[Tournament, dict[str, str]]:
        current = await enter(store)
        return current, await store.actor_names(current)

    async def enter(store: TournamentStore) -> Tournament:
        if numbers:
            current, _e = await store.act(
                tournament,
                lambda t: t.enter_places(round_number, table, numbers, who, note),
            )
        elif figures:
            current, _e = await store.act(
                tournament,
                lambda t: t.enter_stopped(round_number, table, figures, who, note, table_lots),
            )
        else:
            current = await store.load(tournament)
            current._table(round_number, table)
        return current

    current, names = _run(database, work)
    if not current.audit(round_number, table):
        console.print(_("No result yet."))
        return
    console.print(history_table(current, round_number, table, names))


def history_table(
    current: Tournament, round_number: int, table: int, names: Mapping[str, str]
) -> Table:
    """Every entry of a table's result, oldest first: who and when, each seat's place
    (and figures when stopped by time), the lots and whether each was drawn now, kept
    from before or drawn at the table, and the note."""
    from spieltisch.tournament.export import figures_words, lot_words, who
    from spieltisch.tournament.results import place_words

    seats = current.round(round_number).tables[table - 1]
    view = Table(title=_("Round {n}, table {t}").format(n=round_number, t=table))
    view.add_column(_("entered"))
    for seat, player in enumerate(seats):
        view.add_column(
            labelled(current.seat_words(len(seats), seat), current.players[player].shown)
        )
    view.add_column(_("lot"))
    view.add_column(_("note"))
    players = [current.players[player].shown for player in seats]
    for entry in current.audit(round_number, table):
        when = f"{formats.moment(entry.at)} {who(entry.by, names)}"
        cells = []
        for seat in range(len(entry.places)):
            cell = place_words(entry, seat)
            if entry.figures and entry.outcome(seat) == "played":
                cell += f" ({figures_words(entry.figures[seat])})"
            cells.append(cell)
        view.add_row(when, *cells, lot_words(entry, players), entry.note)
    return view


@tournament_app.command("standings")
def standings(
    tournament: Id,
    round_number: Annotated[
        int | None, typer.Option("--round", help="The standings after this round.")
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """The standings: points, then the tie-breaks in the tournament's order."""
    from spieltisch.tournament.settings import tie_break_legend, tie_break_name

    current = _run(database, lambda store: store.load(tournament))
    if round_number is not None:
        try:
            current.round(round_number)
        except SpieltischError as exc:
            _fail(str(exc))
    through = round_number if round_number is not None else len(current.rounds)
    tiebreaks = current.settings.tiebreaks
    table = Table(title=_("Standings after round {n}").format(n=through))
    for column in (_("rank"), _("no."), _("name"), _("points"), _("played")):
        table.add_column(column)
    for tiebreak in tiebreaks:
        table.add_column(tie_break_name(tiebreak))
    for row in current.standings(through):
        shown = row.name if row.active else f"{row.name} ({_('withdrawn')})"
        table.add_row(
            str(row.rank),
            str(row.player),
            shown,
            formats.number(row.points),
            str(row.played),
            *(row.tiebreak(tiebreak) for tiebreak in tiebreaks),
        )
    console.print(table)
    _say(tie_break_legend(tiebreaks))


@tournament_app.command("export")
def export(
    tournament: Id,
    results: Annotated[
        Path | None, typer.Option("--results", help="Write the results as CSV.")
    ] = None,
    standings_file: Annotated[
        Path | None, typer.Option("--standings", help="Write the standings as CSV.")
    ] = None,
    corrections: Annotated[
        Path | None,
        typer.Option(
            "--corrections", help="Write every result entered, corrections included, as CSV."
        ),
    ] = None,
    html: Annotated[
        Path | None,
        typer.Option("--html", help="Write printable pages (A4) into this folder."),
    ] = None,
    book: Annotated[
        Path | None,
        typer.Option(
            "--workbook",
            help="Write everything as one workbook: FILE.xlsx or FILE.ods (standings, "
            "cross table, results, corrections, the director's log).",
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", help="Language of the files: de, en or fr (else the group's --lang)."
        ),
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """Write results and standings as CSV files, and printable pages for the hall."""
    from spieltisch.cli.language import use_language
    from spieltisch.core.file_errors import FileProblem, cannot_write, write_text
    from spieltisch.tournament.export import corrections_csv, results_csv, standings_csv

    if (results, standings_file, html, corrections, book) == (None,) * 5:
        _fail(_("name a file: --results FILE, --standings FILE, --workbook FILE or --html FOLDER"))
    if book is not None and book.suffix not in (".xlsx", ".ods"):
        _fail(_("a workbook is FILE.xlsx or FILE.ods, not {path}").format(path=book))
    if lang is not None:  # else the language the group's --lang (or the environment) chose
        use_language(lang, console)

    async def load_with_names(store: TournamentStore) -> tuple[Tournament, dict[str, str]]:
        loaded = await store.load(tournament)
        return loaded, await store.actor_names(loaded)

    current, names = _run(database, load_with_names)
    if html is not None:
        from spieltisch.tournament.printable import write_pages

        try:
            pages = write_pages(current, html)
        except (OSError, ValueError) as exc:
            _fail(str(cannot_write(html, exc)))
        for page in pages:
            _say(_("Wrote {path}").format(path=page))
    files: tuple[tuple[Path | None, Callable[[], str]], ...] = (
        (results, lambda: results_csv(current, names)),
        (standings_file, lambda: standings_csv(current)),
        (corrections, lambda: corrections_csv(current, names)),
    )
    for path, text in files:
        if path is not None:
            try:
                write_text(path, text())
            except FileProblem as exc:
                _fail(str(exc))
            _say(_("Wrote {path}").format(path=path))
    if book is not None:
        from spieltisch.tournament.workbook import tournament_sheets, workbook

        sheets = tournament_sheets(current, names)
        try:
            book.write_bytes(workbook(sheets, "xlsx" if book.suffix == ".xlsx" else "ods"))
        except OSError as exc:
            _fail(str(cannot_write(book, exc)))
        _say(_("Wrote {path}").format(path=book))


@tournament_app.command("ratings")
def ratings(
    game: Annotated[str, typer.Argument(help="The game whose leaderboard to show.")] = DEFAULT_GAME,
    database: DatabaseOption = None,
) -> None:
    """The leaderboard of a game: every rated player's rating (a cautious estimate of
    strength), and the AI level nearest to them (`spieltisch tournament levels`)."""
    from spieltisch.tournament.ratings import LEVEL_AFTER, Rating, nearest_level
    from spieltisch.tournament.reference import reference_levels

    book, names = _run(database, lambda store: store.named_ratings())
    reference = reference_levels(game)
    rows: list[tuple[str, Rating, int | None]] = [
        (row.player, row.rating, row.games) for row in book.leaderboard(game)
    ]
    rows += [(str(PlayerId.of_level(name)), rating, None) for name, rating in reference.items()]
    rows.sort(key=lambda row: -row[1].value)
    table = Table(
        title=_("Ratings: {game}").format(game=game_title(game)), caption=_rating_in_words()
    )
    columns = [_("rank"), _("player"), _("rating"), _("games")]
    for column in columns + ([_("about")] if reference else []):
        table.add_column(column)
    for rank, (player, rating, games) in enumerate(rows, start=1):
        near = nearest_level(rating, reference) if games is None or games >= LEVEL_AFTER else None
        about = [] if not reference else [level_name(near) if near else ""]
        level = level_of(player) if games is not None else None
        shown = names.get(player) or _computer(player)
        if level is not None:
            shown = _("{player} (computer, {level})").format(player=shown, level=level_name(level))
        table.add_row(
            str(rank),
            shown,
            formats.number(rating.value, 1),
            "" if games is None else str(games),
            *about,
        )
    console.print(table)


def _rating_in_words() -> str:
    """What the rating means, in words (the web leaderboard's sentence), never a formula."""
    return _(
        "The rating is a cautious estimate of strength: it starts at 0 and rises as the "
        "games show more surely how well someone plays."
    )


def _computer(player: str) -> str:
    """A rating id as people read it: `level:hard` is "computer (hard)"; any other id
    (a rated player no tournament names) is shown as it is."""
    level = level_of(player)
    return player if level is None else _("computer ({level})").format(level=level_name(level))


@tournament_app.command("levels")
def levels(
    game: Annotated[str, typer.Argument(help="The game whose AI levels to rate.")] = DEFAULT_GAME,
    games: Annotated[int, typer.Option("--games", min=1, help="Games to play.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="The seed of the games.")] = 0,
    write: Annotated[
        bool,
        typer.Option("--write", help="Keep the ratings as the reference the leaderboard uses."),
    ] = False,
    to: Annotated[
        Path | None, typer.Option("--to", help="Keep them in this file instead of the package.")
    ] = None,
) -> None:
    """Rate the AI levels random..hard from games among themselves and print them; with
    --write, keep them as the reference ratings ("about the hard level")."""
    from spieltisch.tournament.reference import DATA, check_writable, compute, store

    path = to or DATA
    try:
        if write or to is not None:
            check_writable(path)
        entry = compute(game, games, seed)
    except (SpieltischError, ValueError) as exc:
        _fail(_refusal(exc))
        return
    table = Table(
        title=_("AI levels: {game}").format(game=game_title(game)), caption=_rating_in_words()
    )
    for column in (_("level"), _("rating"), _("estimated strength")):
        table.add_column(column)
    for name, values in entry["levels"].items():
        value = values["mu"] - 3 * values["sigma"]  # the rating: mu - 3 sigma, as everywhere
        table.add_row(level_name(name), formats.number(value, 1), formats.number(values["mu"], 1))
    console.print(table)
    if write or to is not None:
        try:
            store(game, entry, path)
        except SpieltischError as exc:
            _fail(str(exc))
        _say(_("Wrote {path}").format(path=path))
