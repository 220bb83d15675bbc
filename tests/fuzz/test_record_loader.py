"""Fuzz the record loader: any bytes, any JSON, any mutation of a real record is either a
position or a RecordError, never another exception."""

from __future__ import annotations

import json
import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import spieltisch
from spieltisch.core import RecordError, load_record
from spieltisch.sim.play import play_randomly
from tests.fuzz.budget import both_forms, bounded
from tests.fuzz.conftest import TRIED

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
GAME_OPTIONS: dict[str, dict[str, Any]] = {
    "mahe": {"players": 2},
    "madn": {"players": 2},
    "david_goliath": {"players": 3, "deals": 1},
    "mabula": {},
}


@cache
def real_record(game: str) -> str:
    """A finished game of `game` as a JSON text (made once)."""
    state = spieltisch.load(game, **GAME_OPTIONS[game]).new_state()
    rng = random.Random(7)
    play_randomly(state, rng)
    return json.dumps(state.to_record())


def loads_or_refuses(source: Any) -> None:
    TRIED["record loader"] += 1
    try:
        state = load_record(source)
    except RecordError as refused:
        assert str(refused)
    else:
        assert isinstance(state, spieltisch.State)


@st.composite
def mutated_records(draw: st.DrawFn) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(real_record(draw(st.sampled_from(sorted(GAME_OPTIONS)))))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from([*record, "result.scores", "result.returns", "history[]"]))
        history = record.get("history")
        if key == "history[]" and isinstance(history, list) and history:
            index = draw(st.integers(0, len(history) - 1))
            entry = str(history[index])
            history[index] = draw(
                st.sampled_from([entry[:-1], entry + "1", entry.upper(), "", entry[::-1]])
                | st.text(max_size=6)
                | JSON
            )
        elif key.startswith("result.") and isinstance(record.get("result"), dict):
            record["result"][key[7:]] = draw(JSON | st.lists(st.floats(-2, 2), max_size=4))
        elif draw(st.booleans()):
            record[key] = draw(JSON)
        else:
            record.pop(key, None)
    return record


def _mutations(examples: int) -> Any:
    @bounded(examples)
    @given(record=mutated_records(), as_text=st.booleans())
    def test(record: dict[str, Any], as_text: bool) -> None:
        loads_or_refuses(json.dumps(record) if as_text else record)

    return test


def _json_values(examples: int) -> Any:
    @bounded(examples)
    @given(value=JSON)
    def test(value: Any) -> None:
        loads_or_refuses(value if isinstance(value, dict) else json.dumps(value))

    return test


def _files(examples: int) -> Any:
    @bounded(examples)
    @given(
        content=st.binary(max_size=200)
        | st.sampled_from([b"[" * 20_000, b"{" * 20_000, b'{"x": ' + b"9" * 5000 + b"}"])
        | st.builds(
            lambda record, cut: record[:cut],
            st.just(real_record("mabula").encode()),
            st.integers(0, 400),
        )
    )
    def test(content: bytes) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "record.json"
            path.write_bytes(content)
            loads_or_refuses(path)

    return test


test_mutated_records, test_mutated_records_long = both_forms(_mutations, 300)
test_json_values, test_json_values_long = both_forms(_json_values, 200)
test_files, test_files_long = both_forms(_files, 150)
