"""A club's season in the browser, through the director's pages only (German): 16 members
imported from a CSV file, three evenings with late arrivals, a withdrawal and
corrections, each added to a season ranked by the best two evenings; the season table
is checked against a calculation from the places entered here. The hall screen and the
exports are opened and photographed, and the season's `.xlsx` and `.ods` are read back
with their libraries and compared with the page.

Reading the pages' own JSON (`fetch`) only checks what the pages did; every step is a
click or a form on the director's pages."""

from __future__ import annotations

import random
from pathlib import Path

from openpyxl import load_workbook
from playwright.sync_api import Page

from spieltisch.tournament.printable import surname_key
from tests.server.test_tournament_workbooks import ods_sheets
from tests.web.conftest import People
from tests.web.flows import answer_ask, sign_in_as_guest

MEMBERS = (
    "Jürgen Groß", "Anna Weiß", "Zoë Lefèvre", "Bernd Bär", "Cäcilie Czerny", "Dirk Dorn",
    "Eva Ernst", "Fritz Fuchs", "Gerd Gans", "Hanna Hahn", "Ingo Igel", "Jana Jäger",
    "Kai Kranich", "Lena Luchs", "Max Maus", "Nina Nerz",
)  # fmt: skip
POINTS = {4: (3.0, 2.0, 1.0, 0.0), 3: (3.0, 1.5, 0.0)}
"""The club's points per place by table size (the default: a table of three spreads them)."""


def _number(text: str) -> float:
    return float(text.replace("\u2212", "-").replace(".", "").replace(",", "."))


class Director:
    """The director's steps on the pages, and what they entered (points per name)."""

    def __init__(self, page: Page, artifacts: Path) -> None:
        self.page = page
        self.artifacts = artifacts
        self.base = page.url.split("#")[0]
        self.members: dict[str, int] = {}
        self.club = ""

    def go(self, hash_path: str, ready: str) -> None:
        self.page.goto(f"{self.base}#{hash_path}")
        self.page.wait_for_selector(ready)

    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(self.artifacts / f"{name}.png"), full_page=True)

    def make_club(self, roster: Path) -> None:
        self.go("/clubs", "#club-name")
        self.page.fill("#club-name", "SV Würfel 1920")
        self.page.click("form.create-club button[type=submit]")
        self.page.wait_for_selector("h1.club-name")
        self.club = self.page.url.rsplit("/", 1)[1]
        self.page.set_input_files("#members-file", str(roster))
        self.page.click("form.import-members button[type=submit]")
        self.page.wait_for_selector(f"table.members tbody tr >> nth={len(MEMBERS) - 1}")
        assert "16 neu" in self.page.inner_text("#notice")
        for row in self.page.locator("table.members tbody tr").all():
            cells = row.locator("td").all_inner_texts()
            self.members[cells[2]] = int(cells[0])
        assert set(self.members) == set(MEMBERS)
        self.shot("club-registry-de")

    def make_season(self) -> str:
        self.go(f"/club/{self.club}", "#season-name")
        self.page.fill("#season-name", "Saison 2026")
        self.page.select_option("#season-method", "best")
        self.page.fill("#season-number", "2")
        self.page.click("form.new-season button[type=submit]")
        self.page.wait_for_selector("h1.season-name")
        return self.page.url.rsplit("/", 1)[1]

    def new_evening(self, name: str, seed: str) -> str:
        self.go("/tournaments", "#tournament-name")
        self.page.fill("#tournament-name", name)
        self.page.fill("#tournament-rounds", "2")
        self.page.fill("#tournament-seed", seed)
        if seed == "abend-1":
            self.page.select_option("#tournament-tiebreak-3", "countback")
            self.shot("tournament-settings-de")
        self.page.click("form.create-tournament button[type=submit]")
        self.page.wait_for_selector("section.director")
        return self.page.url.rsplit("/", 1)[1]

    def register(self, names: list[str]) -> None:
        for name in names:
            count = self.page.locator(".players tr[data-player]").count()
            self.page.select_option("#register-kind", "member")
            value = f"{self.club}/{self.members[name]}"
            self.page.wait_for_selector(
                f"#register-member option[value='{value}']", state="attached"
            )
            self.page.select_option("#register-member", value)
            self.page.click("form.register button[type=submit]")
            self.page.wait_for_selector(f".players tr[data-player='{count + 1}']")

    def start_round(self, number: int) -> None:
        self.page.uncheck("#round-online")
        self.page.click("section.director button.start")
        self.page.wait_for_selector(f".round[data-round='{number}'] tr[data-table]")

    def enter(self, number: int, table: int, places: list[int], note: str = "") -> list[str]:
        """Enter (or correct) a table's places; the seat names in seat order."""
        row = f".round[data-round='{number}'] tr[data-table='{table}']"
        names = self.page.locator(f"{row} li .name").all_inner_texts()
        self.page.click(f"{row} button.enter-result")
        selects = self.page.locator("form.result-form select.place")
        for index, place in enumerate(places):
            selects.nth(index).select_option(str(place))
        if note:
            self.page.fill("form.result-form input.note", note)
        self.page.click("form.result-form button[type=submit]")
        self.page.wait_for_selector("form.result-form", state="detached")
        self.page.wait_for_function(
            "([row, n]) => document.querySelectorAll(row + ' .place').length === n",
            arg=[row, len(places)],
        )
        return names

    def tables(self, number: int) -> int:
        return self.page.locator(f".round[data-round='{number}'] tr[data-table]").count()

    def withdraw(self, name: str) -> None:
        row = self.page.locator(".players tr[data-player]", has_text=name)
        answer_ask(self.page, row.locator("button.withdraw"))
        self.page.wait_for_selector(".players tr[data-player] button.readmit")

    def add_to_season(self, season: str, tournament: str) -> None:
        self.go(f"/season/{season}", "#evening-choice")
        self.page.select_option("#evening-choice", tournament)
        self.page.click("form.add-evening button[type=submit]")
        self.page.wait_for_selector(f"li[data-evening='{tournament}']")


class Evening:
    """One evening as the test enters it: places drawn here, points per name added up."""

    def __init__(self, director: Director, rng: random.Random) -> None:
        self.director = director
        self.rng = rng
        self.points: dict[str, float] = {}

    def play_round(self, number: int, corrected: int | None = None) -> None:
        director = self.director
        director.start_round(number)
        assert (
            director.page.locator(f".round[data-round='{number}'] p", has_text="Freilos").count()
            == 0
        )
        for table in range(1, director.tables(number) + 1):
            size = director.page.locator(
                f".round[data-round='{number}'] tr[data-table='{table}'] li .name"
            ).count()
            places = self.rng.sample(range(1, size + 1), size)
            names = director.enter(number, table, places)
            if table == corrected:  # a correction: the sheet was read wrong
                places = places[1:] + places[:1]
                director.enter(number, table, places, note="Zettel falsch gelesen")
            for name, place in zip(names, places, strict=True):
                self.points[name] = self.points.get(name, 0.0) + POINTS[size][place - 1]


def expected_table(evenings: list[dict[str, float]]) -> list[tuple[int, str, float]]:
    """The season by hand: the best two evenings added up; ties by the sum of all evenings,
    then the best single evening; equal players share the rank (then by name)."""
    names = sorted({name for evening in evenings for name in evening})
    keys = {}
    for name in names:
        played = [evening[name] for evening in evenings if name in evening]
        best_two = sum(sorted(played, reverse=True)[:2])
        keys[name] = (-best_two, -sum(played), -max(played))
    ordered = sorted(names, key=lambda name: (keys[name], name))
    rows: list[tuple[int, str, float]] = []
    for position, name in enumerate(ordered, start=1):
        same = rows and keys[rows[-1][1]] == keys[name]
        rows.append((rows[-1][0] if same else position, name, -keys[name][0]))
    return rows


def test_a_season_of_three_evenings_on_the_directors_pages(
    people: People, artifacts: Path, tmp_path: Path
) -> None:
    page = sign_in_as_guest(people("de-DE", width=1280), "Leitung")
    director = Director(page, artifacts)
    roster = tmp_path / "mitglieder.csv"
    lines = [f"{number};{name}" for number, name in enumerate(MEMBERS, start=101)]
    roster.write_text("\ufeffMitgliedsnummer;Name\n" + "\n".join(lines) + "\n", encoding="utf-8")
    director.make_club(roster)
    season = director.make_season()
    rng = random.Random(47)
    evenings: list[dict[str, float]] = []
    ids = []

    # Evening 1: 14 at the start, two late arrivals from round 2.
    ids.append(director.new_evening("Abend 1", "abend-1"))
    settings = page.evaluate(f"fetch('/api/tournaments/{ids[0]}').then((r) => r.json())")
    assert settings["settings"]["tiebreaks"] == ["mutual", "opponents", "countback"]
    director.register(list(MEMBERS[:14]))
    first = Evening(director, rng)
    first.play_round(1)
    director.register(list(MEMBERS[14:]))
    first.play_round(2)
    evenings.append(first.points)

    # Evening 2: all 16; a correction in round 1; Eva withdraws after round 1.
    ids.append(director.new_evening("Abend 2", "abend-2"))
    director.register(list(MEMBERS))
    second = Evening(director, rng)
    second.play_round(1, corrected=1)
    director.withdraw("Eva Ernst")
    second.play_round(2)
    evenings.append(second.points)
    assert "Eva Ernst" in second.points  # her round 1 counts

    # Evening 3: 13 come; a correction in round 2.
    ids.append(director.new_evening("Abend 3", "abend-3"))
    director.register(list(MEMBERS[:13]))
    third = Evening(director, rng)
    third.play_round(1)
    third.play_round(2, corrected=2)
    evenings.append(third.points)
    director.shot("tournament-director-de")

    for tid in ids:
        director.add_to_season(season, tid)
    director.shot("season-table-de")

    # The season table on the page against the calculation from the places entered.
    rows = page.locator(".season-table tbody tr").all()
    shown = []
    for row in rows:
        cells = row.locator("td").all_inner_texts()
        shown.append((int(cells[0]), cells[1], _number(cells[-1])))
    assert shown == expected_table(evenings)

    # The season's workbooks, downloaded from the page and read back.
    with page.expect_download() as got:
        page.click("a[href*='season.xlsx']")
    xlsx = tmp_path / "saison.xlsx"
    got.value.save_as(xlsx)
    book = load_workbook(xlsx)
    assert book.sheetnames[0] == "Saison 2026" and len(book.sheetnames) == 1 + 2 * 3
    sheet = [list(row) for row in book["Saison 2026"].iter_rows(values_only=True)]
    assert sheet[0][:3] == ["Rang", "Name", "Mitglied"]
    assert [(row[0], row[1], row[-1]) for row in sheet[1:]] == shown
    for line in sheet[1:]:
        name = str(line[1])
        assert line[3:6] == [evening.get(name) for evening in evenings]
    with page.expect_download() as got:
        page.click("a[href*='season.ods']")
    ods = tmp_path / "saison.ods"
    got.value.save_as(ods)
    sheets = ods_sheets(ods.read_bytes())
    season_sheet = sheets["Saison 2026"]
    assert [(int(r[0]), r[1], r[-1]) for r in season_sheet[1:]] == shown  # type: ignore[call-overload]
    assert list(sheets)[1:3] == ["A1 – Tabelle", "A1 – Ergebnisse"]

    # Evening 2's own workbook: the correction and the withdrawal are in the director's log.
    director.go(f"/tournament/{ids[1]}", "a.workbook-xlsx")
    with page.expect_download() as got:
        page.click("a.workbook-xlsx")
    evening_book = tmp_path / "abend-2.xlsx"
    got.value.save_as(evening_book)
    log = [
        list(r)
        for r in load_workbook(evening_book)["Protokoll der Turnierleitung"].iter_rows(
            values_only=True
        )
    ]
    steps = [row[3] for row in log[1:]]
    assert "zurückgezogen" in steps and steps.count("Ergebnis eingetragen") == 4 + 1 + 4
    assert any(row[6] == "Zettel falsch gelesen" for row in log)

    # The hall screen, as the projector shows it: seating, then where by surname.
    hall = page.context.new_page()
    hall.set_viewport_size({"width": 1280, "height": 720})
    base = director.base.rstrip("/")
    hall.goto(f"{base}/print/tournaments/{ids[2]}/hall.html?view=seating&lang=de")
    hall.wait_for_selector("[data-part='seating'] h3")
    assert hall.locator("[data-part='where']").is_hidden()
    hall.screenshot(path=str(artifacts / "hall-seating-de.png"))
    hall.goto(f"{base}/print/tournaments/{ids[2]}/hall.html?view=where&lang=de")
    surnames = hall.locator("[data-part='where'] .where strong").all_inner_texts()
    assert len(surnames) == 13 and surnames == sorted(surnames, key=surname_key)
    hall.screenshot(path=str(artifacts / "hall-where-de.png"))
    hall.goto(f"{base}/print/tournaments/{ids[2]}/hall.html?view=standings&lang=de")
    assert "Tabelle nach Runde 2" in hall.inner_text("[data-part='standings']")
    hall.screenshot(path=str(artifacts / "hall-standings-de.png"))
    hall.goto(f"{base}/print/tournaments/{ids[2]}/hall.html?view=rotate&seconds=5&lang=de")
    hall.wait_for_function(
        "() => !document.querySelector(\"[data-part='where']\").hidden", timeout=20_000
    )

    # The director chooses on the page what the screen shows; an open screen follows.
    def choose(view: str) -> None:
        page.select_option("#hall-view", view)
        page.fill("#hall-seconds", "30")
        page.click("form.hall-choice button[type=submit]")
        page.wait_for_selector("#notice.info:not([hidden])")

    director.go(f"/tournament/{ids[2]}", "form.hall-choice")
    choose("standings")
    hall.goto(f"{base}/print/tournaments/{ids[2]}/hall.html?lang=de")
    assert hall.locator("[data-part='standings']").is_visible()
    assert hall.locator("[data-part='seating']").is_hidden()
    choose("where")
    hall.wait_for_function(
        "() => !document.querySelector(\"[data-part='where']\").hidden", timeout=30_000
    )
    assert hall.locator("[data-part='standings']").is_hidden()
    hall.close()

    # The printouts for a PDF: the standings page prints to A4.
    printed = page.context.new_page()
    printed.goto(f"{base}/print/tournaments/{ids[2]}/standings.html?lang=de")
    printed.emulate_media(media="print")
    printed.screenshot(path=str(artifacts / "standings-print-de.png"), full_page=True)
    pdf = printed.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(pdf) > 5_000
    printed.close()


def test_the_championship_preset_from_the_creation_form(people: People) -> None:
    page = sign_in_as_guest(people("de-DE", width=1280), "Leitung")
    page.goto(page.url.split("#")[0] + "#/tournaments")
    page.wait_for_selector("#tournament-preset")
    page.fill("#tournament-name", "Meisterschaft")
    page.select_option("#tournament-preset", "championship")
    assert page.locator("#tournament-rounds").is_hidden()
    page.click("form.create-tournament button[type=submit]")
    page.wait_for_selector("section.director")
    tid = page.url.rsplit("/", 1)[1]
    made = page.evaluate(f"fetch('/api/tournaments/{tid}').then((r) => r.json())")
    settings = made["settings"]
    assert settings["preset"] == "championship"
    assert settings["rounds"] == 4 and settings["points"] == [5.0, 3.0, 2.0, 1.0]
