"""What a tournament is unless told otherwise (no imports: the command line reads it at
start-up)."""

DEFAULT_GAME = "madn"
"""The game a tournament plays unless told: its rules are tournament rules."""
