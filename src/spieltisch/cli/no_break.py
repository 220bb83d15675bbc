"""Lines wrap at spaces, never at a no-break space.

Rich, and Textual through Rich, break a line at any whitespace, the no-break spaces
too, so a French "Rouge : 3" (U+202F before the colon) could end one line with
"Rouge" and start the next with ": 3". Unicode's line breaking rules treat U+00A0,
U+2007 and U+202F as glue; this teaches Rich's word splitter the same.
"""

from __future__ import annotations

import re

import rich._wrap

NO_BREAK_SPACES = "\u00a0\u2007\u202f"
WORD = re.compile(rf"[^\S{NO_BREAK_SPACES}]*[\S{NO_BREAK_SPACES}]+[^\S{NO_BREAK_SPACES}]*")
"""A word with the spaces after it, where a no-break space belongs to the word."""


def keep_no_break_spaces() -> None:
    """Make Rich split lines only where a line may break (done once, on import of the CLI)."""
    rich._wrap.re_word = WORD
