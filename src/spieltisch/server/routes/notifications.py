"""The REST API of notifications: an account's email address (verified by a link),
webhook and choices, the one-click unsubscribe, and the password reset by email."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from spieltisch.server.i18n import request_language
from spieltisch.server.routes.context import (
    Me,
    Svc,
    address,
    check_rate,
    end_sockets,
)
from spieltisch.server.schemas.notifications import (
    ChoicesIn,
    EmailIn,
    ForgotIn,
    NotificationsOut,
    ResetIn,
    TokenIn,
    WebhookIn,
    WebhookOut,
)
from spieltisch.server.schemas.rest import REFUSALS, AccountOut
from spieltisch.server.services.accounts import account_out

router = APIRouter(prefix="/api", responses=REFUSALS, tags=["notifications"])


def _language(request: Request) -> str:
    return request_language(request.headers.get("cookie"), request.headers.get("accept-language"))


@router.get("/me/notifications", response_model=NotificationsOut)
async def my_notifications(me: Me, svc: Svc) -> NotificationsOut:
    """Your address, webhook and what you are told of on which channel (yours alone)."""
    return await svc.contacts.mine(me)


@router.put("/me/notifications", response_model=NotificationsOut)
async def choose_notifications(body: ChoicesIn, me: Me, svc: Svc) -> NotificationsOut:
    """Choose per kind (turn, reminder, finished, invitation, chat) the channels (email,
    browser, webhook); a daily digest instead of single emails; their language."""
    return await svc.contacts.choose(me, body)


@router.put("/me/email", response_model=NotificationsOut)
async def give_email(body: EmailIn, request: Request, me: Me, svc: Svc) -> NotificationsOut:
    """Give an address: a link to verify it is emailed to it; it is used once that link
    is opened. Limited like keeping an account (429 with Retry-After)."""
    check_rate(request, "claims", me)
    return await svc.contacts.give_email(me, body.email, _language(request))


@router.delete("/me/email", response_model=NotificationsOut)
async def remove_email(me: Me, svc: Svc) -> NotificationsOut:
    """Forget your address (verified and pending): no email is sent to it any more."""
    return await svc.contacts.remove_email(me)


@router.post("/email/verify", response_model=NotificationsOut)
async def verify_email(body: TokenIn, svc: Svc) -> NotificationsOut:
    """Open a verification link: its address becomes the account's (no sign-in needed)."""
    return await svc.contacts.verify(body.token)


@router.post("/unsubscribe/{token}", status_code=204)
async def unsubscribe(token: str, svc: Svc) -> None:
    """One click, without signing in: no more email to the address the link was sent to
    (RFC 8058's one-click POST goes here too). Refused for another address."""
    await svc.contacts.unsubscribe(token)


@router.put("/me/webhook", response_model=WebhookOut)
async def set_webhook(body: WebhookIn, me: Me, svc: Svc) -> WebhookOut:
    """POST your notifications to `url`, signed (docs/notifications.md); the answer holds
    the signing secret, shown this once."""
    return await svc.contacts.set_webhook(me, body.url)


@router.delete("/me/webhook", status_code=204)
async def remove_webhook(me: Me, svc: Svc) -> None:
    await svc.contacts.remove_webhook(me)


@router.post("/password/forgot", status_code=204, tags=["accounts"])
async def forgot_password(body: ForgotIn, request: Request, svc: Svc) -> None:
    """Email a link to choose a new password to the account's verified address (the
    answer is the same whether it has one). Limited per username and address."""
    check_rate(request, "claims", body.username.lower())
    await svc.contacts.forgot(body.username, _language(request))


@router.post("/password/reset", response_model=AccountOut, tags=["accounts"])
async def reset_password(
    body: ResetIn, request: Request, response: Response, svc: Svc
) -> AccountOut:
    """A new password by the emailed link: every session of the account ends, this one
    is signed in."""
    check_rate(request, "claims", None)
    account = await svc.contacts.reset(body.token, body.password, address(request))
    token = await svc.sessions.rotate(account.id)
    await end_sockets(svc, account.id, None)
    svc.sessions.sign_in(response, token)
    return account_out(account, token)
