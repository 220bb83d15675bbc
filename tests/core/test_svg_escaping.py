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
    """What `attributes` wrote before numbers skipped the quoting (a float with at most
    two decimals since issue 41: `svg.short`)."""
    return "".join(
        f" {svg._name(key)}={saxutils.quoteattr(_written(value))}"
        for key, value in values.items()
        if value is not None and value is not False
    )


def _written(value: object) -> str:
    return svg.short(value) if isinstance(value, float) else str(value)


VALUES = st.none() | st.booleans() | st.integers() | st.floats() | TEXT


@given(st.dictionaries(st.sampled_from(["x", "class_", "data_move", "stroke_width"]), VALUES))
def test_attributes_write_numbers_as_quoting_would(values: dict[str, object]) -> None:
    assert svg.attributes(values) == _quoting_every_value(values)


@given(st.floats(min_value=-1e6, max_value=1e6))
def test_a_short_number_is_within_half_a_hundredth(value: float) -> None:
    written = svg.short(value)
    assert abs(float(written) - value) <= 0.005 + 1e-9
    assert written != "-0" and not (("." in written) and written.endswith(("0", ".")))


def test_short_numbers() -> None:
    assert svg.short(255.78672383836437) == "255.79"
    assert svg.short(44.0) == "44"
    assert svg.short(17.6) == "17.6"
    assert svg.short(-0.001) == "0"
    assert svg.attributes({"cx": 156.6640791320789, "r": 18}) == ' cx="156.66" r="18"'
