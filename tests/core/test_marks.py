"""A move's marks are the places that lost and gained pieces (core.marks)."""

from __future__ import annotations

from spieltisch.core.marks import LAST_STYLE, PREVIEW_STYLE, BoardMarks, Marks, moved


def test_a_move_marks_where_the_piece_left_and_where_it_arrived() -> None:
    before = {"12": ["red"], "30": ["yellow"]}
    after = {"18": ["red"], "30": ["yellow"]}
    assert moved(before, after) == Marks(frozenset({"12"}), frozenset({"18"}))


def test_a_capture_marks_the_field_and_the_captured_piece_s_way_home() -> None:
    before = {"12": ["red"], "18": ["yellow"], "yellow:b": ["yellow"] * 2}
    after = {"18": ["red"], "yellow:b": ["yellow"] * 3}
    marks = moved(before, after)
    assert marks is not None
    assert marks.left == {"12", "18"} and marks.arrived == {"18", "yellow:b"}


def test_nothing_moved_and_pieces_that_only_appear_make_no_move() -> None:
    assert moved({"1": ["w"]}, {"1": ["w"]}) is None
    assert moved({}, {"a1": ["w"], "b1": ["b"]}) is None  # the set-up, a deal
    assert moved({"a1": ["w"]}, {}) is None


def test_the_last_move_is_underlined_and_the_preview_reversed() -> None:
    last = Marks(frozenset({"1"}), frozenset({"2"}))
    preview = Marks(frozenset({"2"}), frozenset({"3"}))
    marks = BoardMarks(last=last, preview=preview)
    assert marks.style("1") == LAST_STYLE
    assert marks.style("2") == f"{LAST_STYLE} {PREVIEW_STYLE}"
    assert marks.style("3") == PREVIEW_STYLE
    assert marks.style("4") == "" and marks.styled("dim", "4") == "dim"
    assert marks.styled("dim", "1") == f"dim {LAST_STYLE}"
