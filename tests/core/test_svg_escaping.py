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
