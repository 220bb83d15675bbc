"""`spieltisch push-keys FILE`: the host's VAPID key pair for Web Push, made once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from spieltisch.cli.fail import fail
from spieltisch.cli.language import use_language
from spieltisch.cli.messages import _
from spieltisch.core.file_errors import cannot_write

console = Console()
errors = Console(stderr=True)


def push_keys(
    file: Annotated[
        Path, typer.Argument(help="Where to write the private key (PEM, for --vapid-key).")
    ],
    lang: Annotated[
        str | None, typer.Option("--lang", help="Language of the output: de, en or fr.")
    ] = None,
) -> None:
    """Make the VAPID keys of Web Push: the private key in FILE, the public key printed."""
    use_language(lang, errors)
    from spieltisch.cli.extras import require

    require("pywebpush")
    from spieltisch.server.infra.push import make_keys

    if file.exists():
        fail(
            errors,
            _("{file} exists already: a new key would end every push subscription").format(
                file=file
            ),
        )
    try:
        public = make_keys(file)
    except OSError as exc:
        fail(errors, str(cannot_write(file, exc)))
    console.print(
        _("Private key written to {file}: give it to the server with --vapid-key.").format(
            file=file
        ),
        highlight=False,
    )
    console.print(
        _("Public key (browsers subscribe with it): {key}").format(key=public),
        highlight=False,
        soft_wrap=True,
    )
