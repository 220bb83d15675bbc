"""`spieltisch play`: people against the computer (or each other) in the terminal.

`session` holds a game in progress and everything both interfaces share (seats, the
move log, chance, undo, hints, saving); `plain` is the line-based interface, and
`spieltisch.cli.tui` the full-screen Textual app.
"""

from spieltisch.cli.play.session import LogEntry, Session

__all__ = ["LogEntry", "Session"]
