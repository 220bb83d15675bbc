"""Rating ids and rated-game keys: written and read by one type, and no prefix written
anywhere else."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spieltisch
from spieltisch.core.identity import (
    PRIVATE_TABLE,
    BadIdentity,
    GameKey,
    Kind,
    PlayerId,
    Source,
    account_of,
    level_of,
)

PACKAGE = Path(spieltisch.__file__).parent
names = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=20)


@given(st.integers(min_value=0, max_value=10**9))
def test_an_account_id_reads_back_as_its_number(number: int) -> None:
    written = str(PlayerId.of_account(number))
    assert written == f"account:{number}"
    assert PlayerId.parse(written) == PlayerId.of_account(number)
    assert account_of(written) == number and level_of(written) is None


@given(
    st.sampled_from(["easy", "hard", "random"]), st.none() | st.text("0123456789abcdef", min_size=1)
)
def test_a_level_id_reads_back_as_its_level_with_or_without_a_tag(
    level: str, tag: str | None
) -> None:
    written = str(PlayerId.of_level(level, tag))
    assert PlayerId.parse(written).level == level == level_of(written)
    assert account_of(written) is None


@given(names)
def test_a_guest_is_one_player_whatever_the_case(name: str) -> None:
    assert PlayerId.of_guest(name) == PlayerId.of_guest(name.upper().lower())
    written = str(PlayerId.of_guest(name))
    assert PlayerId.parse(written).kind == Kind.GUEST
    assert account_of(written) is None and level_of(written) is None


@pytest.mark.parametrize("text", ["", "account:", "account:seven", "anna@club", "player:3", "7"])
def test_a_string_that_is_no_rating_id_is_refused_saying_what_is_allowed(text: str) -> None:
    with pytest.raises(BadIdentity, match=r"account:<number>|an account is a number"):
        PlayerId.parse(text)
    assert PlayerId.maybe(text) is None and account_of(text) is None


@given(names.filter(lambda s: "/" not in s), st.integers(1, 99), st.integers(1, 99))
def test_game_keys_name_their_table_or_tournament(ident: str, round_: int, table: int) -> None:
    key = GameKey.parse(str(GameKey.of_tournament(ident, round_, table)))
    assert (key.source, key.tournament_id, key.table_id) == (Source.TOURNAMENT, ident, None)
    assert str(key).startswith(GameKey.tournament_prefix(ident))
    online = GameKey.parse(str(GameKey.of_table(ident)))
    assert (online.table_id, online.tournament_id) == (ident, None)


def test_a_private_table_and_a_level_run_key() -> None:
    assert str(PRIVATE_TABLE) == "table:private"
    assert GameKey.maybe("levels/0/3") is None
    with pytest.raises(BadIdentity, match="table:<id>"):
        GameKey.parse("levels/0/3")


def test_no_module_writes_a_rating_prefix_of_its_own() -> None:
    """`account:`, `level:`, `guest:`, `tournament:` and `table:` are written by
    core/identity.py alone."""
    prefixes = tuple(f"{name}:" for name in (*Kind, *Source))
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "identity.py" and path.parent.name == "core":
            continue
        if path.is_relative_to(PACKAGE / "games"):
            continue  # a game's own marks (`table:` cards of David & Goliath) are no players
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            if node.value.startswith(prefixes) and len(node.value) < 16:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.value!r}")
    assert found == []
