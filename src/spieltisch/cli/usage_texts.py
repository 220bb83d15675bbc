"""Typer's and Click's own words (usage errors, `--help`) in the person's language.

Typer carries its own copy of Click without gettext and words most usage errors with
f-strings, so there is no message domain to install a catalog into. Instead: the language is
read from `--lang` in argv before the app runs; the help texts of the built command tree are
looked up in the CLI catalog; Typer's fixed help words (panel titles, "Usage:", the help
option's text) are set for the run; and a usage error's finished sentence is re-worded from
the shapes Click, Typer and pydantic give it. An unknown sentence is wrapped in a
translated one that quotes it, so the person still reads what was wrong. The type names
of `--help` (`<int>`, `<path>`) are translated word by word.
"""

from __future__ import annotations

import copy
import importlib.abc
import importlib.machinery
import importlib.util
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import typer
import typer.main
from typer._click import core as click_core
from typer._click.decorators import help_option
from typer._click.exceptions import ClickException
from typer._click.formatting import HelpFormatter

from spieltisch.cli.commands import LazyCommands
from spieltisch.cli.messages import _, _n
from spieltisch.core.i18n import (
    LANGUAGES,
    N_,
    Nn_,
    UnknownLanguage,
    check_language,
    get_language,
    language,
    language_from_environment,
    set_language,
)

USAGE_PREFIX = N_("Usage: ")
OPTIONS_METAVAR = N_("[OPTIONS]")
SUBCOMMAND_METAVAR = N_("COMMAND [ARGS]...")
HELP_OPTION_TEXT = N_("Show this message and exit.")
LANGUAGE_HELP = N_("Language of the output: de, en or fr.")

RICH_WORDS: dict[str, str] = {
    "DEPRECATED_STRING": N_("(deprecated) "),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
"""typer.rich_utils' fixed words, read by its help and error printers at each call."""

_SHAPES: list[tuple[str, str | tuple[str, str]]] = [
    (
        r"Invalid value for (?P<hint>.+?)(?: \(env var: [^)]*\))?: (?P<reason>.+)",
        N_("Invalid value for {hint}: {reason}"),
    ),
    (r"Invalid value: (?P<reason>.+)", N_("Invalid value: {reason}")),
    (r"Missing argument (?P<hint>.+?)\.", N_("Missing argument {hint}.")),
    (r"Missing option (?P<hint>.+?)\.", N_("Missing option {hint}.")),
    (r"Missing parameter: (?P<hint>.+)", N_("Missing parameter: {hint}")),
    (
        r"No such option: (?P<name>\S+) \(Possible options: (?P<names>.+)\)",
        N_("No such option: {name} (possible options: {names})"),
    ),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (r"No such command '(?P<name>.*)'\.", N_("No such command '{name}'.")),
    (r"Missing command\.", N_("Missing command.")),
    (
        r"Got unexpected extra argument(?:\(s\)|s)? \((?P<values>.*)\)",
        N_("Unexpected extra arguments: {values}"),
    ),
    (r"Option '(?P<name>.+)' requires an argument\.", N_("Option '{name}' needs a value.")),
    (
        r"Option '(?P<name>.+)' requires (?P<count>\d+) arguments\.",
        Nn_("Option '{name}' needs {count} value.", "Option '{name}' needs {count} values."),
    ),
    (
        r"Option '(?P<name>.+)' does not take a value\.",
        N_("Option '{name}' takes no value."),
    ),
    (
        r"Argument '(?P<name>.+)' takes (?P<count>\d+) values\.",
        Nn_("Argument '{name}' takes {count} value.", "Argument '{name}' takes {count} values."),
    ),
    (
        r"Input should be a valid integer.*",
        N_("a whole number is needed"),
    ),
    (r"Input should be a valid number.*", N_("a number is needed")),
    (r"Input should be a valid boolean.*", N_("yes or no (true/false) is needed")),
    (
        r"Input should be greater than or equal to (?P<limit>\S+)",
        N_("the smallest allowed is {limit}"),
    ),
    (
        r"Input should be less than or equal to (?P<limit>\S+)",
        N_("the largest allowed is {limit}"),
    ),
    (r"Input should be greater than (?P<limit>\S+)", N_("it must be more than {limit}")),
    (r"Input should be less than (?P<limit>\S+)", N_("it must be less than {limit}")),
    (
        r"(?P<value>.+) is not one of (?P<choices>.+?)\.?",
        N_("{value} is not one of {choices}."),
    ),
    (r"Value (?P<value>.+) is not a valid (?P<kind>.+?)\.", N_("{value} is not allowed here.")),
]
_SENTENCES = [(re.compile(pattern, re.DOTALL), message) for pattern, message in _SHAPES]
"""English sentence shapes of Click, Typer and pydantic, and the catalog's words for each."""

UNKNOWN_SENTENCE = N_("The command line cannot be used as it is: {sentence}")
"""For a usage error in a shape none of the above knows: translated, naming the problem."""

TYPE_WORDS: dict[str, str] = {
    "int range": N_("int range"),
    "float range": N_("float range"),
    "int": N_("int"),
    "float": N_("float"),
    "str": N_("str"),
    "bool": N_("bool"),
    "path": N_("path"),
    "file": N_("file"),
    "directory": N_("directory"),
    "range": N_("range"),
    "list": N_("list"),
    "datetime": N_("datetime"),
}
"""The words of Typer's type names in `--help` (`<int range>`, `<list[str]>`)."""

_TYPE_WORD = re.compile(r"(?:int|float) range|[a-z]+")


def type_name(shown: str) -> str:
    """A type name as `--help` shows it, each known word in the current language."""
    return _TYPE_WORD.sub(
        lambda word: _(TYPE_WORDS[word[0]]) if word[0] in TYPE_WORDS else word[0], shown
    )


def reword(sentence: str, inside: bool = False) -> str:
    """A usage error's sentence in the current language (a reason inside one as well);
    a sentence of no known shape is quoted in a translated one (`inside` another, where
    that one already says what the problem is about, it stays as it came)."""
    for pattern, message in _SENTENCES:
        match = pattern.fullmatch(sentence.strip())
        if match is not None:
            fields = {
                key: reword(value, inside=True) if key == "reason" else value
                for key, value in match.groupdict().items()
            }
            if isinstance(message, tuple):
                return _n(*message, int(fields["count"])).format(**fields)
            return _(message).format(**fields)
    if inside or get_language() == "en":
        return sentence
    return _(UNKNOWN_SENTENCE).format(sentence=sentence.strip())


def language_from_argv(args: Sequence[str]) -> str:
    """The `--lang` of the command line when it names a language, else the environment's
    (a wrong one is reported by the command itself, which knows how)."""
    for index, arg in enumerate(args):
        value = None
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        if value in LANGUAGES:
            return value
    return language_from_environment()


def _formatter_in(code: str) -> type[HelpFormatter]:
    """Click's help formatter with "Usage:" in the given language."""
    with language(code):
        usage = _(USAGE_PREFIX)

    class TranslatedFormatter(HelpFormatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, usage if prefix is None else prefix)

    return TranslatedFormatter


def _translate_command(command: click_core.Command, formatter: type[HelpFormatter]) -> None:
    """Look up every help text of a command and its subcommands in the catalog."""
    if command.options_metavar == "[OPTIONS]":
        command.options_metavar = _(OPTIONS_METAVAR)
    if getattr(command, "subcommand_metavar", None) == "COMMAND [ARGS]...":
        command.subcommand_metavar = _(SUBCOMMAND_METAVAR)  # type: ignore[attr-defined]
    if command.help:
        command.help = _(command.help)
    if command.short_help:
        command.short_help = _(command.short_help)
    for param in command.params:
        _translate_param(param)
    base: Any = command.context_class
    command.context_class = type("TranslatedContext", (base,), {"formatter_class": formatter})
    if command.add_help_option and command._help_option is None:
        help_option(["--help"])(command)
        made = command.params.pop()
        made.help = HELP_OPTION_TEXT  # type: ignore[attr-defined]
        _translate_param(made)
        command._help_option = made  # type: ignore[assignment]
    for sub in getattr(command, "commands", {}).values():
        _translate_command(sub, formatter)


class LocalFloat(float):
    """A float default that `--help` writes as the reader's language does ("Vorgabe:
    0,8"); to the parser it is the float it was."""

    def __str__(self) -> str:
        from spieltisch.core.formats import number  # Babel: only when help shows it

        return number(PLAIN[type(self)](self))


class LocalInt(int):
    """An int default written with the language's grouping ("1.000.000")."""

    def __str__(self) -> str:
        from spieltisch.core.formats import number  # Babel: only when help shows it

        return number(PLAIN[type(self)](self))


PLAIN: dict[type, type] = {LocalFloat: float, LocalInt: int}
"""Each local number's plain type, which Babel formats (it calls `str` on the value)."""


NOT_QUANTITIES = ("port", "seed")
"""Whole numbers that name something rather than count it: written as they are typed."""


def _local_default(param: click_core.Parameter) -> None:
    """A number default as the language writes it: decimals always ("0,8"), whole numbers
    from five digits on ("1.000.000"), but not ports and seeds."""
    default = param.default
    if isinstance(default, bool) or not isinstance(default, int | float):
        return
    if isinstance(default, float):
        param.default = LocalFloat(default)
    elif abs(default) >= 10_000 and param.name not in NOT_QUANTITIES:
        param.default = LocalInt(default)


def _translate_param(param: click_core.Parameter) -> None:
    """A parameter's help text and type name (`<int>`) in the current language, its
    number default as the language writes numbers; a flag shows no type (it takes no
    value: `--plain`, not `--plain <bool>`)."""
    _local_default(param)
    text = getattr(param, "help", None)
    if text:
        param.help = _(text)  # type: ignore[attr-defined]
    if getattr(param, "is_flag", False):
        param.display_type_rich = _no_type  # type: ignore[attr-defined]
        return
    shows_type = getattr(param, "display_type_rich", None)
    if shows_type is not None:
        param.display_type_rich = _typed(shows_type)  # type: ignore[attr-defined]


def _no_type(*_args: Any, **_kwargs: Any) -> None:
    return None


def _walk(command: click_core.Command) -> Iterator[click_core.Command]:
    yield command
    for sub in getattr(command, "commands", {}).values():
        yield from _walk(sub)


def _is_lang(param: click_core.Parameter) -> bool:
    return "--lang" in getattr(param, "opts", [])


def _checked_language(
    _context: click_core.Context, _param: click_core.Parameter, value: str | None
) -> None:
    """`--lang` of a command that reads it from the command line only (the language is
    set before the app runs): refused when it names no language, and set again, since a
    group's callback before it (`tournament`, without a `--lang` of its own) set the
    environment's: `tournament list --lang fr` answered in English."""
    if value is not None:
        try:
            check_language(value)
        except UnknownLanguage as unknown:
            raise typer.BadParameter(str(unknown)) from None
        set_language(value)


def _accept_language_everywhere(
    root: click_core.Command, like: click_core.Command | None = None
) -> None:
    """Every command and group takes `--lang`, wherever it stands (`spieltisch --help
    --lang de`, `serve --lang fr`, `db upgrade --lang de`): those without one of their
    own get a copy of a command's (of `like`'s tree, else `root`'s), which only checks it;
    `main` set the language from it."""
    model = next((p for c in _walk(like or root) for p in c.params if _is_lang(p)), None)
    if model is None:
        return
    for command in _walk(root):
        if any(_is_lang(param) for param in command.params):
            continue
        option = copy.copy(model)
        option.expose_value = False
        option.callback = _checked_language
        option.help = LANGUAGE_HELP  # type: ignore[attr-defined]
        command.params.append(option)


def _typed(shows_type: Callable[..., str | None]) -> Callable[..., str | None]:
    """A parameter's `display_type_rich` with the type's words translated, in the
    language the run began with (a group's callback may set another before the help of
    one of its commands is shown)."""
    code = get_language()

    def translated(*args: Any, **kwargs: Any) -> str | None:
        shown = shows_type(*args, **kwargs)
        with language(code):
            return None if shown is None else type_name(shown)

    return translated


def translated_command(app: typer.Typer) -> click_core.Command:
    """The app's Click command with its help texts in the current language (a command may
    change the language later; Click's own words keep the one the run began with)."""
    command = typer.main.get_command(app)
    _accept_language_everywhere(command)
    formatter = _formatter_in(get_language())
    _translate_command(command, formatter)
    if isinstance(command, LazyCommands):  # the commands imported later, as they come

        def prepare(made: click_core.Command) -> None:
            _accept_language_everywhere(made, like=command)
            _translate_command(made, formatter)

        command.prepare = prepare
    return command


_RICH_UTILS = "typer.rich_utils"


class _WordsOnImport(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Puts the words into typer.rich_utils as Typer imports it (to show help or an
    error; typer.core imports it only then), so a command that shows neither does not
    load Rich's Markdown, traceback and pretty printers (benchmarks/results/startup.md)."""

    def __init__(self, words: dict[str, str]) -> None:
        self.words = words
        self.real: importlib.abc.Loader | None = None
        self.module: ModuleType | None = None
        self.before: dict[str, Any] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != _RICH_UTILS:
            return None
        sys.meta_path.remove(self)  # the real spec, found without this finder
        spec = importlib.util.find_spec(fullname)
        if spec is None or spec.loader is None:
            return spec
        self.real, spec.loader = spec.loader, self
        return spec

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.real.create_module(spec) if self.real else None

    def exec_module(self, module: ModuleType) -> None:
        assert self.real is not None
        self.real.exec_module(module)
        self.module = module
        self.before = {name: getattr(module, name) for name in self.words}
        for name, word in self.words.items():
            setattr(module, name, word)


@contextmanager
def rich_words() -> Iterator[None]:
    """typer.rich_utils' fixed words in the current language for the run, then as before:
    set now where Typer's printers are loaded, else as they load."""
    words = {name: _(message) for name, message in RICH_WORDS.items()}
    loaded = sys.modules.get(_RICH_UTILS)
    before = {name: getattr(loaded, name) for name in RICH_WORDS} if loaded else {}
    finder = _WordsOnImport(words)
    if loaded:
        for name, word in words.items():
            setattr(loaded, name, word)
    else:
        sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        if finder in sys.meta_path:
            sys.meta_path.remove(finder)
        for module, values in ((loaded, before), (finder.module, finder.before)):
            for name, value in values.items():
                setattr(module, name, value)


def _rich_utils() -> Any:
    """typer.rich_utils, imported (with the words, inside `rich_words`) when needed."""
    import typer.rich_utils

    return typer.rich_utils


def run(app: typer.Typer, args: list[str], prog_name: str = "spieltisch") -> int:
    """Run the app in the current language and return its exit code; usage errors are
    shown as Typer shows them, in that language."""
    code = get_language()
    command = translated_command(app)
    with rich_words():
        try:
            result = command.main(args, prog_name=prog_name, standalone_mode=False)
        except ClickException as error:
            with language(code):
                sentence = reword(error.format_message())
            show: Callable[[], str] = lambda: sentence  # noqa: E731
            error.format_message = show  # type: ignore[method-assign]
            _rich_utils().rich_format_error(error)
            return error.exit_code
        except typer.Abort:
            _rich_utils().rich_abort_error()
            return 1
    return result if isinstance(result, int) else 0
