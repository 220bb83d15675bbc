"""Commands typed where moves are typed: whole words that are no move of any game.

Both interfaces read one line and ask `parse_command` first; anything that is not a
command is a move. Single letters are never commands (`b` brings a piece out in Mensch
ärgere Dich nicht, `h2-g2` is a push in Mabula), so a command is a word, in English or
in the language of the table, or `?` for help.
"""

from __future__ import annotations

from dataclasses import dataclass

from spieltisch.cli.messages import _

COMMANDS = ("help", "hint", "undo", "save", "rules", "board", "auto", "quit")
"""The canonical command words; each is also accepted in the table's language."""


def _local_words() -> dict[str, str]:
    """The command words of the current language (the catalog's translations)."""
    words = {
        "help": _("help"),
        "hint": _("hint"),
        "undo": _("undo"),
        "save": _("save"),
        "rules": _("rules"),
        "board": _("board"),
        "auto": _("auto"),
        "quit": _("quit"),
    }
    return {command: word.lower() for command, word in words.items()}


def command_word(command: str) -> str:
    """What a person types for the command in the current language."""
    return _local_words()[command]


def command_words() -> dict[str, str]:
    """Every word typed for a command (English and the current language) -> command."""
    words = {command: command for command in COMMANDS}
    for command, word in _local_words().items():
        words[word.lower()] = command
    words["?"] = "help"
    return words


@dataclass(frozen=True)
class Command:
    """A typed command: which one, and what followed the word (a file name for save)."""

    name: str
    argument: str = ""


def parse_command(line: str) -> Command | None:
    """The command the line names, or None when the line is a move (or nonsense)."""
    word, _sep, rest = line.strip().partition(" ")
    name = command_words().get(word.lower())
    return Command(name, rest.strip()) if name else None


def command_for_letter(line: str) -> str | None:
    """The command a single typed letter probably meant (`q` -> quit), for a refusal."""
    typed = line.strip().lower()
    if len(typed) != 1 or not typed.isalpha():
        return None
    for word, command in command_words().items():
        if word.startswith(typed) and word != "?":
            return command_word(command)
    return None


def commands_help() -> str:
    """One line naming the commands, in the current language."""
    return _(
        "Commands: {hint} (best move), {undo} (take back), {save} FILE, {rules}, "
        "{board} (show it again), {auto} (play your only move for you, or ask), {quit}, "
        "{help}."
    ).format(**_local_words())


def auto_move_message(auto_move: bool) -> str:
    """What `auto` has just switched to, in words."""
    if auto_move:
        text = _("Your only possible move is now played for you ({auto} switches).")
    else:
        text = _("Your only possible move now waits for you ({auto} switches).")
    return text.format(auto=command_word("auto"))
