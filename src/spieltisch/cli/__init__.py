"""The command line: `spieltisch games | simulate | replay | rules`.

Everything it shows wraps lines without breaking at a no-break space (see no_break).
"""

from spieltisch.cli.no_break import keep_no_break_spaces

keep_no_break_spaces()
