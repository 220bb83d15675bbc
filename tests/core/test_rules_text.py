"""A rules summary's pictures and anchors, read and shown in a terminal."""

from __future__ import annotations

from spieltisch.core.rules_text import for_terminal, pictures

SUMMARY = """## Entering {#rule-5}

On a 6 a piece enters.

![Red enters on a 6](example:madn/enter-on-a-six?before)
![Red is on 1](example:madn/enter-on-a-six)
"""


def test_pictures_are_found_with_caption_game_name_and_side() -> None:
    assert pictures(SUMMARY) == [
        ("Red enters on a 6", "madn", "enter-on-a-six", True),
        ("Red is on 1", "madn", "enter-on-a-six", False),
    ]


def test_a_terminal_shows_captions_and_no_anchors() -> None:
    shown = for_terminal(SUMMARY)
    assert shown.startswith("## Entering\n")
    assert "*Red enters on a 6*\n*Red is on 1*" in shown
    assert "example:" not in shown and "{#" not in shown
