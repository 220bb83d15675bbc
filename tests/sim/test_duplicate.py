"""Duplicate games replay the same chance in every rotation (issue 49)."""

from __future__ import annotations

import pytest

import spieltisch
from spieltisch.sim.duplicate import (
    DICE,
    DuplicateGame,
    build_entrant,
    parse_entrant,
    play_block,
)
from spieltisch.sim.significance import paired_test

GAMES = [
    ("madn", 4, "random"),
    ("mahe", 4, "easy"),
    ("david_goliath", 4, "easy"),
    ("mabula", 2, "easy"),
]


def seat_streams(game: DuplicateGame) -> dict[int | None, list[str]]:
    """Each seat's chance outcomes in order."""
    streams: dict[int | None, list[str]] = {}
    for seat, outcome in game.chance:
        streams.setdefault(seat, []).append(outcome)
    return streams


@pytest.mark.parametrize("dice", DICE)
@pytest.mark.parametrize(("name", "players", "agent"), GAMES)
def test_identical_entrants_play_the_same_game_in_every_rotation(
    name: str, players: int, agent: str, dice: str
) -> None:
    for index in range(3):
        block = play_block(name, players, [agent] * players, seed=5, index=index, dice=dice)
        first = block.games[0]
        winners = {game.seats[game.wins.index(max(game.wins))] for game in block.games}
        assert len(block.games) == players
        for game in block.games[1:]:
            assert game.chance == first.chance
            # the same seat wins whoever sits there: the entrants' shares rotate with it
            assert len(winners) == 1
        # every entrant sat in the winner's seat exactly once: the luck is shared evenly
        assert block.wins == pytest.approx([1.0 / players] * players)


@pytest.mark.parametrize(("name", "players"), [("madn", 4), ("mahe", 4)])
def test_every_seat_gets_the_same_dice_whoever_sits_there(name: str, players: int) -> None:
    """Different entrants make the games differ, but each seat's k-th chance outcome is the
    same in every rotation (as far as both games got)."""
    lineup = ["hard", *["random"] * (players - 1)]
    block = play_block(name, players, lineup, seed=9, index=1)
    streams = [seat_streams(game) for game in block.games]
    assert any(game.chance != block.games[0].chance for game in block.games)
    for seat in {seat for s in streams for seat in s}:
        for one in streams:
            for other in streams:
                a, b = one.get(seat, []), other.get(seat, [])
                shorter = min(len(a), len(b))
                assert a[:shorter] == b[:shorter], f"seat {seat} drew other dice"


def seat_turns(game: DuplicateGame) -> dict[int | None, list[list[str]]]:
    """Each seat's dice, turn by turn (a turn: consecutive chance of the same seat, as far
    as the chance shows it; a turn without a roll is invisible here and never matters)."""
    turns: dict[int | None, list[list[str]]] = {}
    previous: int | None = -9
    for seat, outcome in game.chance:
        if seat != previous:
            turns.setdefault(seat, []).append([])
            previous = seat
        turns[seat][-1].append(outcome)
    return turns


def test_dice_by_turn_give_each_turn_its_own_dice() -> None:
    """With dice lined up by turn, a turn with an extra roll does not shift the dice of
    the seat's later turns: the j-th turns of a seat start with the same dice."""
    lineup = ["hard", "random", "random", "random"]
    block = play_block("madn", 4, lineup, seed=9, index=1, dice="turn")
    turns = [seat_turns(game) for game in block.games]
    stream = play_block("madn", 4, lineup, seed=9, index=1)
    assert [g.chance for g in stream.games] != [g.chance for g in block.games]
    for seat in range(4):
        for one in turns:
            for other in turns:
                for a, b in zip(one[seat], other[seat], strict=False):
                    shorter = min(len(a), len(b))
                    assert a[:shorter] == b[:shorter], f"seat {seat} rolled other dice"


@pytest.mark.parametrize(("name", "players", "deals"), [("david_goliath", 4, 4), ("mabula", 2, 1)])
def test_a_deal_is_the_same_in_every_rotation(name: str, players: int, deals: int) -> None:
    """David & Goliath's four deals and Mabula's set-up are the same whoever sits where."""
    block = play_block(name, players, ["easy", *["random"] * (players - 1)], 3, 0, dice="turn")
    dealt = [[outcome for _seat, outcome in game.chance] for game in block.games]
    assert all(len(d) == deals for d in dealt)
    assert all(d == dealt[0] for d in dealt)


def test_entrant_specs_name_what_is_wrong() -> None:
    assert parse_entrant("expert@learned") == ("expert", "learned", None, {})
    assert parse_entrant("mcts:500") == ("mcts", None, 500, {})
    assert parse_entrant("expert@hand+segments=2+max_depth=16") == (
        "expert",
        "hand",
        None,
        {"segments": 2, "max_depth": 16},
    )
    with pytest.raises(ValueError, match="name=value"):
        parse_entrant("expert+segments")
    with pytest.raises(ValueError, match="after the evaluation"):
        parse_entrant("expert+segments=2@learned")
    with pytest.raises(ValueError, match="only a level"):
        parse_entrant("mcts+segments=2")
    with pytest.raises(ValueError, match="no setting 'segmnts': its settings are segments"):
        build_entrant("expert+segmnts=2", spieltisch.load("madn"), seed=1)
    with pytest.raises(ValueError, match="whole number of iterations"):
        parse_entrant("mcts:lots")
    with pytest.raises(ValueError, match="no name"):
        parse_entrant("@learned")


def test_the_expert_beats_the_easy_level_in_duplicate_games() -> None:
    """A loose bound on 75 blocks (300 games) of Mahé, about 8 s of CPU: the expert's
    share of the win lies well above a fair quarter (docs/strength.md: about 58%)."""
    lineup = ["expert", "easy", "easy", "easy"]
    shares = [play_block("mahe", 4, lineup, seed=49, index=i).wins[0] for i in range(75)]
    test = paired_test(shares, 0.25)
    assert test.p < 0.001
    assert test.sign_p < 0.001
    assert test.low > 0.4
