"""`spieltisch tournament club` and `spieltisch tournament season`: the club's player
registry and its seasons, on the server's database (as the other tournament commands).

Whoever runs these commands keeps the club (the database is theirs); a club made on the
web page is kept by its manager's account there, and the command line may keep it too.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from spieltisch.cli.fail import fail
from spieltisch.cli.messages import _, _n
from spieltisch.cli.on_database import run_on_database, who_acts
from spieltisch.cli.serve import DatabaseOption
from spieltisch.core import formats

if TYPE_CHECKING:
    from spieltisch.store.clubs import SeasonRow
    from spieltisch.tournament.clubs import ClubStore, Season
    from spieltisch.tournament.registry import Member
    from spieltisch.tournament.season import SeasonStanding

console = Console()
club_app = typer.Typer(
    help="The club's player registry: members, CSV import and export, removal on request.",
    no_args_is_help=True,
)
season_app = typer.Typer(
    help="A season: several evenings (tournaments) of a club ranked together.",
    no_args_is_help=True,
)
T = TypeVar("T")

Club = Annotated[str, typer.Argument(help="The club's id (see `spieltisch tournament club list`).")]
Number = Annotated[int, typer.Argument(help="The member's number in the registry.")]
SeasonId = Annotated[str, typer.Argument(help="The season's id (see `club show CLUB`).")]


def _clubs(database: str | None, work: Callable[[ClubStore], Awaitable[T]]) -> T:
    from spieltisch.tournament.clubs import ClubStore

    return run_on_database(console, database, lambda db: work(ClubStore(db)))


def _say(text: str) -> None:
    console.print(text, highlight=False, markup=False)


@club_app.command("new")
def new_club(
    name: Annotated[str, typer.Argument(help="The club's name.")],
    by: Annotated[str | None, typer.Option("--by", help="Who keeps the club.")] = None,
    database: DatabaseOption = None,
) -> None:
    """Make a club: its registry and seasons."""
    row = _clubs(database, lambda store: store.create(name, who_acts(by)))
    _say(_("Club {club} created: {name}").format(club=row.id, name=row.name))


@club_app.command("list")
def list_clubs(database: DatabaseOption = None) -> None:
    """The clubs in the database."""
    rows = _clubs(database, lambda store: store.all())
    table = Table(title=_("Clubs"))
    for column in (_("id"), _("name"), _("created")):
        table.add_column(column)
    for row in rows:
        table.add_row(row.id, row.name, formats.moment(row.created_at))
    console.print(table)


@club_app.command("show")
def show(club: Club, database: DatabaseOption = None) -> None:
    """The club's members and seasons."""

    async def read(store: ClubStore) -> tuple[list[Member], list[SeasonRow]]:
        return await store.members(club), await store.seasons(club)

    members, seasons = _clubs(database, read)
    table = Table(title=_("Members"))
    for column in (_("no."), _("club number"), _("name"), _("account")):
        table.add_column(column)
    for member in members:
        account = str(member.account) if member.account is not None else ""
        table.add_row(str(member.number), member.club_number or "", member.name, account)
    console.print(table)
    for season in seasons:
        _say(_("Season {season}: {name}").format(season=season.id, name=season.name))


@club_app.command("add")
def add(
    club: Club,
    name: Annotated[str, typer.Argument(help="The member's name.")],
    number: Annotated[str | None, typer.Option("--number", help="The club number.")] = None,
    database: DatabaseOption = None,
) -> None:
    """Add a member to the registry."""
    member = _clubs(database, lambda store: store.add(club, name, number))
    _say(_("Member {number}: {name}").format(number=member.number, name=member.name))


@club_app.command("import")
def import_members(
    club: Club,
    file: Annotated[Path, typer.Argument(help="A CSV file: a header row with name, club_number.")],
    database: DatabaseOption = None,
) -> None:
    """Import members from a CSV file (comma or semicolon): a known club number renames
    that member, the other rows are new members; all or nothing."""
    from spieltisch.core.file_errors import file_problem

    try:
        text = file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        reason = _("not UTF-8 text") if isinstance(exc, UnicodeDecodeError) else file_problem(exc)
        fail(console, _("cannot read {path}: {reason}").format(path=file, reason=reason))
    done = _clubs(database, lambda store: store.import_csv(club, text))
    _say(
        _("Imported: {added} added, {renamed} renamed, {unchanged} unchanged").format(
            added=done.added, renamed=done.renamed, unchanged=done.unchanged
        )
    )


@club_app.command("export")
def export_members(
    club: Club,
    file: Annotated[Path, typer.Argument(help="The CSV file to write.")],
    lang: Annotated[str | None, typer.Option("--lang", help="Language of the file.")] = None,
    database: DatabaseOption = None,
) -> None:
    """Write the registry as a CSV file for the spreadsheets of the language."""
    from spieltisch.cli.language import use_language
    from spieltisch.core.file_errors import FileProblem, write_text
    from spieltisch.tournament.registry import members_csv

    if lang is not None:
        use_language(lang, console)
    members = _clubs(database, lambda store: store.members(club))
    try:
        write_text(file, members_csv(members))
    except FileProblem as exc:
        fail(console, str(exc))
    _say(_("Wrote {path}").format(path=file))


@club_app.command("forget")
def forget(
    club: Club,
    number: Number,
    yes: Annotated[bool, typer.Option("--yes", help="Yes, remove the person's data.")] = False,
    database: DatabaseOption = None,
) -> None:
    """Remove a person's data on request: the name becomes N.N. and the member's number in
    the registry and in every tournament they played; results and ratings stay."""
    if not yes:
        fail(console, _("this cannot be undone: add --yes to remove the person's data"))
    member = _clubs(database, lambda store: store.forget(club, number))
    _say(_("Member {number} is now {name}").format(number=number, name=member.name))


@club_app.command("code")
def link_code(club: Club, number: Number, database: DatabaseOption = None) -> None:
    """A one-time code for the member to link their online account (on the club's page)."""
    code = _clubs(database, lambda store: store.link_code(club, number))
    _say(_("Link code for member {number}: {code}").format(number=number, code=code))


@club_app.command("enter")
def enter(
    club: Club,
    number: Number,
    tournament: Annotated[str, typer.Argument(help="The tournament's id.")],
    by: Annotated[str | None, typer.Option("--by", help="Who takes this step.")] = None,
    database: DatabaseOption = None,
) -> None:
    """Register a member in a tournament, as the same person on every evening."""
    found = _clubs(database, lambda store: store.enter(club, number, tournament, who_acts(by)))
    player = list(found.players.values())[-1]
    _say(_("Registered {name} as number {number}").format(name=player.name, number=player.number))


# -- seasons -------------------------------------------------------------------------------


@season_app.command("new")
def new_season(
    club: Club,
    name: Annotated[str, typer.Argument(help="The season's name.")],
    best: Annotated[
        int | None, typer.Option("--best", help="Rank by the sum of the best N evenings.")
    ] = None,
    min_games: Annotated[
        int | None,
        typer.Option("--average", help="Rank by points per game, from this many games on."),
    ] = None,
    database: DatabaseOption = None,
) -> None:
    """Make a season of the club, ranked by --best N or --average MIN_GAMES."""
    from pydantic import ValidationError

    from spieltisch.tournament.errors import explain_validation
    from spieltisch.tournament.season import SeasonRules

    if (best is None) == (min_games is None):
        fail(console, _("choose one method: --best N or --average MIN_GAMES"))
    try:
        rules = SeasonRules(
            method="best" if best is not None else "average", best=best, min_games=min_games
        )
    except ValidationError as exc:
        fail(console, str(explain_validation(_("season setting"), exc)))
    row = _clubs(database, lambda store: store.new_season(club, name, rules))
    _say(_("Season {season} created: {name}").format(season=row.id, name=row.name))


@season_app.command("add")
def add_evening(
    season: SeasonId,
    tournaments: Annotated[list[str], typer.Argument(help="The tournaments (evenings) to add.")],
    database: DatabaseOption = None,
) -> None:
    """Add evenings (tournaments) to the season, in order."""

    async def adding(store: ClubStore) -> Season:
        for tournament in tournaments:
            found = await store.add_evening(season, tournament)
        return found

    found = _clubs(database, adding)
    count = len(found.evenings)
    _say(
        _n("The season has {count} evening", "The season has {count} evenings", count).format(
            count=count
        )
    )


@season_app.command("remove")
def remove_evening(
    season: SeasonId,
    tournament: Annotated[str, typer.Argument(help="The tournament to take out.")],
    database: DatabaseOption = None,
) -> None:
    """Take an evening out of the season (the tournament stays)."""
    found = _clubs(database, lambda store: store.remove_evening(season, tournament))
    count = len(found.evenings)
    _say(
        _n("The season has {count} evening", "The season has {count} evenings", count).format(
            count=count
        )
    )


@season_app.command("table")
def table(season: SeasonId, database: DatabaseOption = None) -> None:
    """The season's table: every evening's points, games, and the rank by its method."""
    found, _members, rows = _clubs(database, lambda store: store.table(season))
    console.print(season_table(found, rows))
    _say(found.rules.describe())


def season_table(found: Season, rows: list[SeasonStanding]) -> Table:
    """The season table for the terminal; an evening not counted is in brackets."""
    shown = Table(title=found.name)
    shown.add_column(_("rank"))
    shown.add_column(_("name"))
    for index in range(len(found.evenings)):
        shown.add_column(_("E{n}").format(n=index + 1), justify="right")
    for column in (_("games"), _("total"), _("score")):
        shown.add_column(column, justify="right")
    for row in rows:
        cells = []
        for index, points in enumerate(row.evenings):
            text = "" if points is None else formats.number(points, 1)
            counts = found.rules.method != "best" or index in row.counted
            cells.append(text if counts or points is None else f"({text})")
        shown.add_row(
            "" if row.rank is None else str(row.rank),
            row.name,
            *cells,
            str(row.games),
            formats.number(row.total, 1),
            formats.number(row.score, 2),
        )
    return shown


@season_app.command("export")
def export_season(
    season: SeasonId,
    file: Annotated[
        Path,
        typer.Argument(
            help="FILE.csv (the table), FILE.xlsx or FILE.ods (the table, then each "
            "evening's standings and results)."
        ),
    ],
    lang: Annotated[str | None, typer.Option("--lang", help="Language of the file.")] = None,
    database: DatabaseOption = None,
) -> None:
    """Write the season's table, with every evening's results in a workbook."""
    from spieltisch.cli.language import use_language
    from spieltisch.core.file_errors import cannot_write
    from spieltisch.core.spreadsheet import spreadsheet_csv
    from spieltisch.tournament.workbook import season_rows, season_sheets, workbook

    if file.suffix not in (".csv", ".xlsx", ".ods"):
        fail(
            console, _("the file is FILE.csv, FILE.xlsx or FILE.ods, not {path}").format(path=file)
        )
    if lang is not None:
        use_language(lang, console)

    async def read(store: ClubStore) -> tuple[Season, list[SeasonStanding], dict[str, str]]:
        found, _members, rows = await store.table(season)
        actors = {e.by for _i, _n, t in found.evenings for e in t.entries}
        return found, rows, await store.tournaments.names_of(actors)

    found, rows, names = _clubs(database, read)
    titles = [name for _id, name, _tournament in found.evenings]
    try:
        if file.suffix == ".csv":
            file.write_text(
                spreadsheet_csv(*season_rows(found.rules, titles, rows)), encoding="utf-8"
            )
        else:
            evenings = [(name, tournament) for _id, name, tournament in found.evenings]
            sheets = season_sheets(found.name, found.rules, evenings, rows, names)
            file.write_bytes(workbook(sheets, "xlsx" if file.suffix == ".xlsx" else "ods"))
    except OSError as exc:
        fail(console, str(cannot_write(file, exc)))
    _say(_("Wrote {path}").format(path=file))
