"""What a notification says, in the account's language: a subject and a few lines, from
the payload stored in the outbox (written once, worded when it is sent)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spieltisch.core.i18n import language
from spieltisch.server.i18n import _, _n

KINDS = ("turn", "reminder", "finished", "invitation", "chat")
"""What a person may be told of, each chosen per channel."""
CHANNELS = ("email", "browser", "webhook")
ACCOUNT_KINDS = ("verify", "reset")
"""Emails about the account itself: always sent, never gathered or unsubscribed."""
DEFAULT_CHOICES: dict[str, list[str]] = {
    "turn": ["email", "browser", "webhook"],
    "reminder": ["email", "browser", "webhook"],
    "finished": ["email", "browser", "webhook"],
    "invitation": ["email", "browser", "webhook"],
    "chat": ["browser", "webhook"],
}
"""What an account hears before it chose: everything but chat lines by email."""


@dataclass(frozen=True)
class Worded:
    subject: str
    lines: list[str]
    link: str | None
    """Where the one-click link leads (the table, or the account's page)."""


def worded(kind: str, payload: dict[str, Any], code: str, site: str) -> Worded:
    """A notification in `code` (de, en, fr); `site`: the address links start with."""
    with language(code):
        return _worded(kind, payload, site)


def _worded(kind: str, payload: dict[str, Any], site: str) -> Worded:
    game = str(payload.get("title") or payload.get("game") or "")
    table = payload.get("table")
    link = f"{site}/#/table/{table}" if table else None
    if kind == "turn" and payload.get("ran_out"):
        level = payload.get("level")
        if level is None:
            text = _("Your time ran out at {game}: you lost the game").format(game=game)
        else:
            text = _("Your time ran out at {game}: the computer played your turn").format(game=game)
        return Worded(text, [text + "."], link)
    if kind == "reminder" and payload.get("bank"):
        hours = int(payload.get("hours") or 0)
        text = _n(
            "Your time bank runs at {game}: {count} hour left",
            "Your time bank runs at {game}: {count} hours left",
            hours,
        ).format(count=hours, game=game)
        return Worded(text, [text + "."], link)
    if kind == "turn":
        return Worded(
            _("Your turn at {game}").format(game=game),
            [_("It is your turn at {game}.").format(game=game)],
            link,
        )
    if kind == "reminder":
        hours = int(payload.get("hours") or 0)
        left = _n(
            "{count} hour left for your move at {game}",
            "{count} hours left for your move at {game}",
            hours,
        ).format(count=hours, game=game)
        return Worded(left, [left + "."], link)
    if kind == "finished":
        place = payload.get("place")
        lines = [_("The game of {game} is over.").format(game=game)]
        if isinstance(place, int):
            lines.append(_("Your place: {place}").format(place=place))
        return Worded(_("The game of {game} is over").format(game=game), lines, link)
    if kind == "invitation":
        by = str(payload.get("by") or "?")
        text = _("{name} invites you to a table of {game}").format(name=by, game=game)
        return Worded(text, [text + "."], link)
    if kind == "chat":
        by = str(payload.get("by") or "?")
        return Worded(
            _("{name} wrote at {game}").format(name=by, game=game),
            [f"{by}: {payload.get('text', '')}"],
            link,
        )
    if kind == "verify":
        return Worded(
            _("Confirm your email address for spieltisch"),
            [
                _("Open this link to confirm that this address is yours:"),
                _("If you did not give this address on spieltisch, ignore this email."),
            ],
            f"{site}/#/email/{payload['token']}",
        )
    return Worded(
        _("Choose a new password for spieltisch"),
        [
            _("Open this link within an hour to choose a new password:"),
            _("If you did not ask for this, ignore this email: your password stays."),
        ],
        f"{site}/#/reset/{payload['token']}",
    )


def digest_subject(count: int, code: str) -> str:
    with language(code):
        return _n(
            "{count} notification from spieltisch",
            "{count} notifications from spieltisch",
            count,
        ).format(count=count)


def unsubscribe_line(code: str) -> str:
    with language(code):
        return _("No more emails from spieltisch, in one click:")
