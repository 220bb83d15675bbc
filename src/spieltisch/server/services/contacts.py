"""An account's email address, webhook and notification choices, and the password reset
by email. The address is read only here and only for the account itself: no answer
about anyone else carries it (`tests/server/test_notify_privacy.py`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spieltisch.server.i18n import _
from spieltisch.server.infra.notify_tokens import LinkTokens, address_mark, password_mark
from spieltisch.server.infra.passwords import PasswordWork
from spieltisch.server.infra.webhooks import check_url, new_secret
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.schemas.notifications import ChoicesIn, NotificationsOut, WebhookOut
from spieltisch.server.services.notify_texts import DEFAULT_CHOICES
from spieltisch.server.services.unit_of_work import reading, transaction
from spieltisch.store import Database
from spieltisch.store.models import Account
from spieltisch.store.notify import ContactRow, Notice, add_notices, by_name, contact


def chosen(row: ContactRow | None) -> dict[str, list[str]]:
    """The channels of each kind: the account's choices over the defaults."""
    return {**DEFAULT_CHOICES, **((row.choices or {}) if row is not None else {})}


def _out(row: ContactRow | None, email_possible: bool) -> NotificationsOut:
    return NotificationsOut(
        email=row.email if row else None,
        email_pending=row.email_pending if row else None,
        email_possible=email_possible,
        choices=chosen(row),
        digest=bool(row and row.digest),
        language=row.language if row else None,
        webhook_url=row.webhook_url if row else None,
    )


def _no_email() -> Refusal:
    return Refusal(Code.CONFLICT, _("this server sends no email: its host configured no SMTP"))


class Contacts:
    def __init__(
        self,
        database: Database,
        tokens: LinkTokens,
        passwords: PasswordWork,
        email_possible: bool,
        wake: Callable[[], None],
    ) -> None:
        self.database = database
        self.tokens = tokens
        self.passwords = passwords
        self.email_possible = email_possible
        self.wake = wake
        """Tells the sender a notification was written (it sends at once)."""

    async def mine(self, account_id: int) -> NotificationsOut:
        async with reading(self.database) as session:
            return _out(await session.get(ContactRow, account_id), self.email_possible)

    async def choose(self, account_id: int, body: ChoicesIn) -> NotificationsOut:
        async with transaction(self.database) as session:
            row = await contact(session, account_id)
            if body.choices is not None:
                row.choices = {kind: sorted(set(ways)) for kind, ways in body.choices.items()}
            if body.digest is not None:
                row.digest = body.digest
            if body.language is not None:
                row.language = body.language
            await session.commit()
            return _out(row, self.email_possible)

    async def give_email(self, account_id: int, email: str, code: str) -> NotificationsOut:
        """Keep `email` as the account's pending address and send it the link that
        verifies it (the verified one, if any, stays until then)."""
        if not self.email_possible:
            raise _no_email()
        token = self.tokens.verify(account_id, email)
        async with transaction(self.database) as session:
            row = await contact(session, account_id)
            row.email_pending = email
            row.language = row.language or code
            notice = Notice(
                f"verify:{account_id}:{token[-24:]}",
                account_id,
                "verify",
                "email",
                {"email": email, "token": token, "language": row.language},
            )
            await add_notices(session, [notice])
            await session.commit()
            answer = _out(row, self.email_possible)
        self.wake()
        return answer

    async def verify(self, token: str) -> NotificationsOut:
        """The address of a verification link becomes the account's (no sign-in needed:
        the link is the proof)."""
        found = self.tokens.verified(token)
        refused = Refusal(
            Code.INVALID,
            _("this verification link is not valid (any more): give the address again"),
        )
        if found is None:
            raise refused
        account_id, mark = found
        async with transaction(self.database) as session:
            row = await session.get(ContactRow, account_id)
            if row is None or not row.email_pending or address_mark(row.email_pending) != mark:
                if row is not None and row.email and address_mark(row.email) == mark:
                    return _out(row, self.email_possible)  # opened twice
                raise refused
            row.email, row.email_pending = row.email_pending, None
            await session.commit()
            return _out(row, self.email_possible)

    async def remove_email(self, account_id: int) -> NotificationsOut:
        async with transaction(self.database) as session:
            row = await contact(session, account_id)
            row.email = row.email_pending = None
            await session.commit()
            return _out(row, self.email_possible)

    async def unsubscribe(self, token: str) -> None:
        """No more email of any kind to the address the link was sent to; refused when
        the link is forged or the account has another address now."""
        found = self.tokens.unsubscribing(token)
        refused = Refusal(Code.INVALID, _("this unsubscribe link is not valid for any address"))
        if found is None:
            raise refused
        account_id, mark = found
        async with transaction(self.database) as session:
            row = await session.get(ContactRow, account_id)
            if row is None or not row.email or address_mark(row.email) != mark:
                raise refused
            row.choices = {
                kind: [way for way in ways if way != "email"] for kind, ways in chosen(row).items()
            }

    async def set_webhook(self, account_id: int, url: str) -> WebhookOut:
        """Keep the webhook's URL with a new secret (answered this once)."""
        try:
            check_url(url)
        except ValueError as bad:
            raise Refusal(Code.INVALID, str(bad)) from None
        async with transaction(self.database) as session:
            row = await contact(session, account_id)
            row.webhook_url, row.webhook_secret = url, new_secret()
            await session.commit()
            return WebhookOut(url=url, secret=row.webhook_secret)

    async def remove_webhook(self, account_id: int) -> None:
        async with transaction(self.database) as session:
            row = await contact(session, account_id)
            row.webhook_url = row.webhook_secret = None

    async def forgot(self, username: str, code: str) -> None:
        """Send a reset link to the verified address of `username`'s account, if it has
        one (the answer is the same either way: nobody learns who has an address)."""
        if not self.email_possible:
            raise _no_email()
        async with transaction(self.database) as session:
            found = await by_name(session, username)
            if found is None or not found[1].email:
                return
            account, row = found
            token = self.tokens.reset(account.id, account.password_hash)
            payload: dict[str, Any] = {
                "email": row.email,
                "token": token,
                "language": row.language or code,
            }
            notice = Notice(
                f"reset:{account.id}:{token[-24:]}", account.id, "reset", "email", payload
            )
            await add_notices(session, [notice])
        self.wake()

    async def reset(self, token: str, password: str, client: str | None) -> Account:
        """A new password by a reset link (spent by its use: it names the old hash)."""
        found = self.tokens.resetting(token)
        refused = Refusal(
            Code.INVALID, _("this password link is not valid (any more): ask for a new one")
        )
        if found is None:
            raise refused
        account_id, mark = found
        password_hash = await self.passwords.hash(password, client)
        async with transaction(self.database) as session:
            account = await session.get(Account, account_id)
            if account is None or password_mark(account.password_hash) != mark:
                raise refused
            account.password_hash = password_hash
            await session.commit()
            return account
