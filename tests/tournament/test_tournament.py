"""A tournament from its ledger: rounds, results, corrections, arrivals, standings, CSV."""

from __future__ import annotations

import csv
import io
import itertools
import random

import pytest

import spieltisch
from spieltisch.core.i18n import language
from spieltisch.core.records import make_record
from spieltisch.tournament.errors import TournamentError
from spieltisch.tournament.export import results_csv, standings_csv
from spieltisch.tournament.ledger import entry_from_json, entry_to_json
from spieltisch.tournament.points import place_points
from spieltisch.tournament.tournament import Tournament
from tests.tournament.helpers import DIRECTOR, new_tournament, play_round


def points_from_ledger(tournament: Tournament) -> dict[int, float]:
    """Points recomputed directly from the latest result entry of every table."""
    latest = {}
    for entry in tournament.entries:
        if entry.kind == "result":
            latest[(entry.round, entry.table)] = entry
    points = dict.fromkeys(tournament.players, 0.0)
    for played in tournament.rounds:
        for index, table in enumerate(played.tables, start=1):
            entry = latest[(played.number, index)]
            for player, value in zip(table, place_points(entry.places, (3, 2, 1, 0)), strict=True):
                points[player] += value
        for player in played.byes:
            points[player] += 1.5
    return points


def test_a_whole_tournament_of_37_players_standings_match_the_results() -> None:
    tournament = new_tournament(37)
    rng = random.Random(1)
    for number in range(6):
        play_round(tournament, rng, stopped_table=number + 1)
    assert tournament.finished
    standings = tournament.standings()
    expected = points_from_ledger(tournament)
    assert {row.player: row.points for row in standings} == expected
    assert [row.points for row in standings] == sorted(expected.values(), reverse=True)
    assert [row.rank for row in standings] == list(range(1, 38))
    assert all(row.played == 6 for row in standings)


def test_the_ledger_as_json_rebuilds_the_same_tournament() -> None:
    tournament = new_tournament(13)
    rng = random.Random(2)
    for _ in range(3):
        play_round(tournament, rng, stopped_table=1)
    again = Tournament(entry_from_json(entry_to_json(e)) for e in tournament.entries)
    assert again.standings() == tournament.standings()
    assert again.rounds == tournament.rounds


def test_a_hand_over_names_the_new_director_and_survives_the_ledger() -> None:
    tournament = new_tournament(8)
    assert tournament.director == DIRECTOR
    tournament.hand_over("account:7", by=DIRECTOR)
    tournament.hand_over("account:9", by="account:7")
    assert tournament.director == "account:9"
    again = Tournament(entry_from_json(entry_to_json(e)) for e in tournament.entries)
    assert again.director == "account:9"
    before = len(tournament.entries)
    with pytest.raises(TournamentError, match="account:9 directs this tournament already"):
        tournament.hand_over("account:9", by=DIRECTOR)
    assert len(tournament.entries) == before


def test_an_online_table_ended_by_resignation_counts_its_ranking_after_resignations() -> None:
    """The server's record of a game given up (`core.records.make_record` with the
    resigned seats): a game of two ends there, and its result ranks the resigner second."""
    game = spieltisch.load("mabula")
    state = game.new_state()
    while state.current_player == spieltisch.CHANCE:
        state.sample_chance(random.Random(1))
    record = make_record(state, ["Ana", "Bo"], resigned=[0])
    tournament = new_tournament(2, game="mabula")
    tournament.seat_next(by=DIRECTOR)
    seats = tournament.round(1).tables[0]
    entry = tournament.enter_online(1, 1, record, "server", table_id="t1")
    assert entry.places == (2, 1)
    points = {row.player: row.points for row in tournament.standings()}
    assert points[seats[1]] > points[seats[0]]
    with pytest.raises(TournamentError, match="has not ended"):
        tournament.enter_online(1, 1, make_record(state, ["Ana", "Bo"]), "server")


def test_the_seating_follows_from_the_published_seed_and_the_results() -> None:
    first = new_tournament(21)
    second = new_tournament(21)
    for tournament in (first, second):
        rng = random.Random(5)
        for _ in range(3):
            play_round(tournament, rng)
    assert [r.tables for r in first.rounds] == [r.tables for r in second.rounds]
    other = new_tournament(21, seed="another seed")
    play_round(other, random.Random(5))
    assert other.rounds[0].tables != first.rounds[0].tables


def test_a_correction_is_kept_with_who_and_when_and_changes_the_standings() -> None:
    tournament = new_tournament(8)
    play_round(tournament, random.Random(3))
    table = tournament.rounds[0].tables[0]
    tournament.enter_places(1, 1, [1, 2, 3, 4], by="referee")
    before = {row.player: row.points for row in tournament.standings()}
    tournament.enter_places(1, 1, [4, 3, 2, 1], by="chief referee", note="sheet misread")
    after = {row.player: row.points for row in tournament.standings()}
    assert after[table[0]] == before[table[0]] - 3
    assert after[table[3]] == before[table[3]] + 3
    trail = tournament.audit(1, 1)
    assert [entry.by for entry in trail] == [DIRECTOR, "referee", "chief referee"]
    assert trail[-1].note == "sheet misread"
    assert all(a.at <= b.at for a, b in itertools.pairwise(trail))
    assert tournament.rounds[0].results[1].places == (4, 3, 2, 1)


def test_late_arrivals_play_from_the_next_round_and_withdrawals_stop_playing() -> None:
    tournament = new_tournament(12)
    rng = random.Random(4)
    play_round(tournament, rng)
    late = tournament.register("Late Lena", by=DIRECTOR).player
    tournament.withdraw(2, by=DIRECTOR)
    play_round(tournament, rng)
    seated = {p for t in tournament.rounds[1].tables for p in t}
    assert late in seated and 2 not in seated
    assert late not in {p for t in tournament.rounds[0].tables for p in t}
    rows = {row.player: row for row in tournament.standings()}
    assert rows[late].per_round[0] is None and rows[late].played == 1
    assert rows[2].per_round[1] is None and not rows[2].active and rows[2].played == 1
    tournament.readmit(2, by=DIRECTOR)
    play_round(tournament, rng)
    assert 2 in {p for t in tournament.rounds[2].tables for p in t}


def test_thirteen_players_sit_at_tables_of_four_and_three() -> None:
    tournament = new_tournament(13)
    play_round(tournament, random.Random(1))
    assert sorted(len(t) for t in tournament.rounds[0].tables) == [3, 3, 3, 4]
    assert tournament.seat_label(3, 2) == "yellow" and tournament.seat_label(4, 0) == "red"
    with language("de"):
        assert tournament.seat_words(3, 2) == "Gelb"


def test_seats_are_named_by_the_games_seat_parts_or_numbered() -> None:
    marbles = new_tournament(4, game="mabula")
    assert [marbles.seat_label(2, seat) for seat in (0, 1)] == ["white", "black"]
    with language("fr"):
        assert [marbles.seat_words(2, seat) for seat in (0, 1)] == ["blanc", "noir"]
    cards = new_tournament(8, game="david_goliath")
    assert [cards.seat_label(4, seat) for seat in range(4)] == ["1", "2", "3", "4"]
    assert cards.seat_words(4, 3) == "4"


def test_an_odd_count_in_a_two_player_game_gets_a_bye_worth_half() -> None:
    tournament = new_tournament(7, game="mabula")
    play_round(tournament, random.Random(1))
    (bye,) = tournament.rounds[0].byes
    row = next(r for r in tournament.standings() if r.player == bye)
    assert row.points == 0.5 and row.byes == 1
    play_round(tournament, random.Random(2))
    assert tournament.rounds[1].byes != (bye,)  # the bye moves on


@pytest.mark.parametrize(
    ("step", "message"),
    [
        (lambda t: t.seat_next(by=DIRECTOR), "lacks results of tables 2"),
        (lambda t: t.enter_places(1, 9, [1, 2, 3, 4], by=DIRECTOR), "tables 1 to 2"),
        (lambda t: t.enter_places(2, 1, [1, 2, 3, 4], by=DIRECTOR), "round 2 is not seated"),
        (lambda t: t.enter_places(1, 2, [1, 2, 3], by=DIRECTOR), "give 4 places"),
        (lambda t: t.enter_places(1, 2, [1, 2, 2, 3], by=DIRECTOR), "not a ranking"),
        (lambda t: t.register("player 3", by=DIRECTOR), "registered already"),
        (lambda t: t.withdraw(99, by=DIRECTOR), "no player number 99"),
    ],
)
def test_refusals_name_what_is_allowed_and_change_nothing(step: object, message: str) -> None:
    tournament = new_tournament(8)
    tournament.seat_next(by=DIRECTOR)
    tournament.enter_places(1, 1, [1, 2, 3, 4], by=DIRECTOR)
    before = list(tournament.entries)
    with pytest.raises(TournamentError, match=message):
        step(tournament)  # type: ignore[operator]
    assert tournament.entries == before


def test_tie_breaks_buchholz_then_countback_then_mutual() -> None:
    """Players 1 and 5 both have 3 points after two rounds; the one who met stronger
    players ranks higher (Buchholz)."""
    tournament = new_tournament(8, rounds=2, tiebreaks=("buchholz", "countback", "mutual"))
    tournament.seat_next(by=DIRECTOR)
    first, second = tournament.rounds[0].tables
    tournament.enter_places(1, 1, [1, 2, 3, 4], by=DIRECTOR)
    tournament.enter_places(1, 2, [1, 2, 3, 4], by=DIRECTOR)
    rows = tournament.standings()
    leaders = [row for row in rows if row.points == 3]
    assert {row.player for row in leaders} == {first[0], second[0]}
    assert leaders[0].buchholz >= leaders[1].buchholz
    assert leaders[0].countback == (1, 0, 0, 0)


def test_the_csv_exports_hold_every_seat_and_every_player() -> None:
    tournament = new_tournament(9)
    play_round(tournament, random.Random(1), stopped_table=2)
    results = list(csv.DictReader(io.StringIO(results_csv(tournament))))
    assert len(results) == 9
    stopped = [row for row in results if row["how"] == "stopped"]
    assert len(stopped) == 3 and all(row["figures"] for row in stopped)
    assert {row["colour"] for row in results} == {"red", "black", "yellow"}
    standings = list(csv.DictReader(io.StringIO(standings_csv(tournament))))
    assert [int(row["rank"]) for row in standings] == list(range(1, 10))
    by_player = {int(row["player"]): float(row["points"]) for row in standings}
    assert by_player == {row.player: row.points for row in tournament.standings()}


@pytest.mark.parametrize("name", [info.name for info in spieltisch.games()])
def test_every_game_runs_a_tournament_from_registration_to_standings(name: str) -> None:
    """Each of the four games, 11 players, 4 rounds of places entered by hand: every
    player seated once a round (byes only where the game's tables cannot take them all),
    each table a valid game for its count, the standings after every round the sum of
    the points so far, and each table's players rated in the game's own ratings."""
    tournament = new_tournament(11, game=name, rounds=4)
    rng = random.Random(11)
    for _ in range(4):
        play_round(tournament, rng)
    assert tournament.finished
    settings = tournament.settings
    for played in tournament.rounds:
        seated = sorted(p for table in played.tables for p in table)
        assert sorted(seated + list(played.byes)) == sorted(tournament.players)
        for table in played.tables:
            assert settings.min_table <= len(table) <= settings.table_size
            assert settings.game_for(len(table)).num_players == len(table)
    assert bool(tournament.rounds[0].byes) == (name == "mabula")  # 11 = 5 tables of two + 1
    bye = sum(settings.points) / len(settings.points)
    points = dict.fromkeys(tournament.players, 0.0)
    for played in tournament.rounds:
        for index, table in enumerate(played.tables, start=1):
            values = place_points(played.results[index].places, settings.points)
            for player, value in zip(table, values, strict=True):
                points[player] += value
        for player in played.byes:
            points[player] += bye
        after = tournament.standings(through=played.number)  # the standings of that round
        assert {row.player: row.points for row in after} == points
        assert {row.played for row in after} <= {played.number, played.number - 1}
    assert {row.player: row.points for row in tournament.standings()} == points
    rated = tournament.rated_games("cup")
    assert {game.game for game in rated} == {name}
    assert len(rated) == sum(len(played.tables) for played in tournament.rounds)


def test_the_directors_points_tie_break_order_and_options_are_used() -> None:
    """Points 5, 2, 1, 0, countback before Buchholz, and the game's OpenSpiel rules: the
    standings count those points and break ties in that order (with these results it
    is another order than the default one), and every table is played with those rules."""
    tournament = new_tournament(
        12,
        rounds=3,
        points=(5, 2, 1, 0),
        tiebreaks=("countback", "buchholz"),
        options={"rules": "openspiel"},
    )
    rng = random.Random(1)
    for _ in range(3):
        play_round(tournament, rng)
    rows = tournament.standings()
    expected = {player: 0.0 for player in tournament.players}
    for played in tournament.rounds:
        for index, table in enumerate(played.tables, start=1):
            for player, value in zip(
                table, place_points(played.results[index].places, (5, 2, 1, 0)), strict=True
            ):
                expected[player] += value
    assert {row.player: row.points for row in rows} == expected

    def order(*keys: str) -> list[int]:
        def key(row: object) -> tuple[object, ...]:
            return tuple(getattr(row, name) for name in ("points", *keys, "lot"))

        return [row.player for row in sorted(rows, key=key, reverse=True)]

    assert [row.player for row in rows] == order("countback", "buchholz")
    assert order("countback", "buchholz") != order("buchholz", "countback")
    assert all(tournament.settings.game_for(n).options.rules == "openspiel" for n in (3, 4))
