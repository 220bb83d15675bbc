"""The full-screen Textual app of `spieltisch play` (extra `tui`).

`app` runs the game (turns, the computer in a worker thread, keys), `panels` turns a
session into what the side panel shows, `screens` holds the pop-ups: passing the
keyboard, the rules, saving, the end of the game.
"""
