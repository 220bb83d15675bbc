"""The board helpers' shortcuts for escaping write exactly what the standard library
writes, for any text."""

from __future__ import annotations

from xml.sax import saxutils

from hypothesis import given
from hypothesis import strategies as st

from spieltisch.core import svg

TEXT = st.text(st.sampled_from("ab é1-;&<>\"'\n\r\t")) | st.text()


@given(TEXT)
def test_escape_and_quoteattr_match_the_standard_library(words: str) -> None:
    assert svg.escape(words) == saxutils.escape(words)
    assert svg.quoteattr(words) == saxutils.quoteattr(words)


def _quoting_every_value(values: dict[str, object]) -> str:
    """What `attributes` wrote before numbers skipped the quoting."""
    return "".join(
        f" {svg._name(key)}={saxutils.quoteattr(str(value))}"
        for key, value in values.items()
        if value is not None and value is not False
    )


VALUES = st.none() | st.booleans() | st.integers() | st.floats() | TEXT


@given(st.dictionaries(st.sampled_from(["x", "class_", "data_move", "stroke_width"]), VALUES))
def test_attributes_write_numbers_as_quoting_would(values: dict[str, object]) -> None:
    assert svg.attributes(values) == _quoting_every_value(values)
