"""What the browser pages ask for besides the lobby API: their texts in one language,
the option forms of the games, the rules summaries, and who is signed in (or nobody,
without an error status, so a first visit logs no failed request)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from spieltisch.core import SpieltischError, UnknownGame
from spieltisch.core.registry import game_class
from spieltisch.server.refusal import Code, Refusal
from spieltisch.server.routes.context import Svc, known_language
from spieltisch.server.schemas.rest import REFUSALS, RulesOut, SessionOut, StatementOut, TutorialOut
from spieltisch.server.services.accounts import account_out
from spieltisch.web.content import (
    STATEMENT_LANGUAGE,
    accessibility_html,
    game_forms,
    page_texts,
    rules_html,
    tutorial_steps,
)

router = APIRouter(prefix="/api", tags=["pages"], responses=REFUSALS)


@router.get("/texts/{code}")
async def texts(code: str) -> dict[str, str | list[str]]:
    """Every text of the pages in `code` (de, en, fr), keyed by its English text; a text
    with a number has its plural forms, and "" the language's plural categories."""
    return page_texts(known_language(code))


@router.get("/forms")
async def forms(lang: str = "en") -> list[dict[str, Any]]:
    """Each game with its player counts and a form for its options (checkbox, choices or
    text), descriptions in `lang`."""
    return game_forms(known_language(lang))


@router.get("/games/{game}/rules/{code}", response_model=RulesOut)
async def rules(game: str, code: str) -> RulesOut:
    try:
        html = rules_html(game, known_language(code))
    except UnknownGame as exc:
        raise Refusal(Code.NOT_FOUND, str(exc)) from None
    except SpieltischError as exc:
        raise Refusal(Code.NOT_FOUND, str(exc)) from None
    return RulesOut(game=game, language=code, html=html)


@router.get("/accessibility", response_model=StatementOut)
async def accessibility() -> StatementOut:
    """The accessibility statement: how to play with a screen reader and a keyboard, how
    it is checked, what does not work yet (docs/accessibility.md)."""
    return StatementOut(language=STATEMENT_LANGUAGE, html=accessibility_html())


@router.get("/games/{game}/tutorial/{code}", response_model=TutorialOut)
async def tutorial(game: str, code: str) -> TutorialOut:
    """The game's tutorial in `code`, every step played by the engine."""
    try:
        steps = tutorial_steps(game, known_language(code))
    except (SpieltischError, LookupError) as exc:
        raise Refusal(Code.NOT_FOUND, str(exc)) from None
    title = game_class(game).info().title
    return TutorialOut(game=game, title=title, language=code, steps=steps)


@router.get("/session", response_model=SessionOut)
async def current_session(request: Request, svc: Svc) -> SessionOut:
    account_id = svc.sessions.of(request)
    account = None if account_id is None else await svc.accounts.find(account_id)
    return SessionOut(account=None if account is None else account_out(account))
