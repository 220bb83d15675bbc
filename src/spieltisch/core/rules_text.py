"""What a rules summary (`games/GAME/rules/LANG.md`) may hold besides CommonMark, and
how a terminal shows it.

- A picture of a rule book's example: `![caption](example:GAME/NAME)` (or `...?before`
  for the position before its moves), drawn by `spieltisch.core.examples`.
- A heading's anchor: `## Rule 5: entering {#rule-5}`, so a refusal citing a rule can
  link to its paragraph (the site's `attr_list`, the web's renderer).
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
