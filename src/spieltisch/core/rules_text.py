"""What a rules summary (`games/GAME/rules/LANG.md`) may hold besides CommonMark, and
how a terminal shows it.

- A picture of a rule book's example: `![caption](example:GAME/NAME)` (or `...?before`
  for the position before its moves), drawn by `spieltisch.core.examples`.
- A heading's anchor: `## Rule 5: entering {#rule-5}`, so a refusal citing a rule can
  link to its paragraph (the site's `attr_list`, the web's renderer).
- The section `## Notation {#notation}`: how moves are written, for those who type them
  (the terminal); the web's rules page leaves it out (`without_notation`).
"""

from __future__ import annotations

import re

SOURCE = r"example:([a-z_]+)/([a-z0-9-]+)(\?before)?"
"""A picture's source naming an example; groups: game, name, before."""
PICTURE = re.compile(r"!\[([^\]]*)\]\(" + SOURCE + r"\)")
"""A picture in a rules summary; groups: caption, game, name, before."""
ANCHOR = re.compile(r"[ \t]*\{#([a-z0-9-]+)\}[ \t]*$", re.MULTILINE)
"""A heading's anchor at the end of its line; group: the id."""


def anchor_of(rule: str | None) -> str | None:
    """The anchor of a rule a refusal cites (`rule 5` → `rule-5`), where the summaries
    give its paragraph one; None for no rule."""
    if not rule:
        return None
    return re.sub(r"[^a-z0-9]+", "-", rule.casefold()).strip("-") or None


def pictures(markdown: str) -> list[tuple[str, str, str, bool]]:
    """(caption, game, name, before) of every example picture in a rules summary."""
    return [(c, g, n, bool(b)) for c, g, n, b in PICTURE.findall(markdown)]


def for_terminal(markdown: str) -> str:
    """A rules summary for the terminal: each picture becomes its caption in italics, the
    anchors go."""
    return ANCHOR.sub("", PICTURE.sub(lambda match: f"*{match.group(1)}*", markdown))


NOTATION = "notation"
"""The anchor of the section on how moves are written."""
_HEADING = re.compile(r"^(#{1,6})[ \t]", re.MULTILINE)


def without_section(markdown: str, anchor: str) -> str:
    """`markdown` without the section whose heading ends in `{#anchor}` (up to the next
    heading of its level or higher); unchanged when there is none."""
    for found in ANCHOR.finditer(markdown):
        if found.group(1) != anchor:
            continue
        start = markdown.rfind("\n", 0, found.start()) + 1
        level = _HEADING.match(markdown, start)
        if level is None:
            continue
        depth = len(level.group(1))
        end = len(markdown)
        for heading in _HEADING.finditer(markdown, found.end()):
            if len(heading.group(1)) <= depth:
                end = heading.start()
                break
        return markdown[:start] + markdown[end:]
    return markdown


def without_notation(markdown: str) -> str:
    """A rules summary for people who click rather than type moves: no notation."""
    return without_section(markdown, NOTATION)
