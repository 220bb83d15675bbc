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


def test_the_web_leaves_the_notation_out_and_keeps_what_follows() -> None:
    from spieltisch.core.rules_text import without_notation

    summary = (
        "# Mahé\n\n## Options\n\n- Players: 2 to 7.\n\n## Notation {#notation}\n\n"
        "- `turtle:red`: which turtle moves first.\n\n### Chance\n\n- `d1` … `d6`.\n\n"
        "## Rulings {#rulings}\n\nNo option.\n"
    )
    shown = without_notation(summary)
    assert (
        shown
        == "# Mahé\n\n## Options\n\n- Players: 2 to 7.\n\n## Rulings {#rulings}\n\nNo option.\n"
    )
    assert without_notation("## Options\n\n- Players.\n") == "## Options\n\n- Players.\n"


def test_every_rules_summary_marks_its_notation_and_the_web_shows_none_of_it() -> None:
    import spieltisch
    from spieltisch.core.registry import parts
    from spieltisch.web.content import rules_html

    for info in spieltisch.games():
        for code in ("de", "en", "fr"):
            assert "{#notation}" in parts(info.name).rules_summary(code), (info.name, code)
            html = rules_html(info.name, code)
            assert "Notation" not in html and "<code>" not in html, (info.name, code)
