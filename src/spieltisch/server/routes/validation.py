"""Validation errors (pydantic's, for request bodies and WebSocket messages) in the
reader's language: one short sentence per problem, naming the field and what it takes.

pydantic writes its messages in English only; its error `type` and `ctx` say exactly
what was wrong, so the sentence is made here from the server's own catalog.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from fastapi import Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from spieltisch.core.i18n import before_punctuation, labelled, sentence
from spieltisch.server.i18n import _, _n

MAX_PROBLEMS = 5


def _shown(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _limit(value: Any) -> str:
    """A bound as people write it: 0.0166667, not 0.016666666666666666."""
    return f"{value:g}" if isinstance(value, float) else str(value)


def _allowed(expected: Any) -> str:
    """pydantic's list of allowed values without its English "or": 'a', 'b', 'c'."""
    return str(expected).replace("' or '", "', '")


_logger = logging.getLogger(__name__)

_SENTENCES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "missing": lambda c: _("is required"),
    "extra_forbidden": lambda c: _("is not a field of this request"),
    "string_type": lambda c: _("must be text"),
    "string_too_short": lambda c: _n(
        "needs at least {count} character",
        "needs at least {count} characters",
        int(c.get("min_length") or 0),
    ).format(count=c.get("min_length")),
    "string_too_long": lambda c: _n(
        "may have at most {count} character",
        "may have at most {count} characters",
        int(c.get("max_length") or 0),
    ).format(count=c.get("max_length")),
    "string_pattern_mismatch": lambda c: _("must match {pattern}").format(pattern=c.get("pattern")),
    "int_type": lambda c: _("must be a whole number"),
    "int_parsing": lambda c: _("must be a whole number"),
    "int_from_float": lambda c: _("must be a whole number"),
    "int_parsing_size": lambda c: _("is too large a number"),
    "float_type": lambda c: _("must be a number"),
    "float_parsing": lambda c: _("must be a number"),
    "finite_number": lambda c: _("must be a finite number"),
    "bool_type": lambda c: _("must be true or false"),
    "bool_parsing": lambda c: _("must be true or false"),
    "greater_than_equal": lambda c: _("must be at least {limit}").format(limit=_limit(c.get("ge"))),
    "greater_than": lambda c: _("must be more than {limit}").format(limit=_limit(c.get("gt"))),
    "less_than_equal": lambda c: _("must be at most {limit}").format(limit=_limit(c.get("le"))),
    "less_than": lambda c: _("must be less than {limit}").format(limit=_limit(c.get("lt"))),
    "literal_error": lambda c: _("must be one of {allowed}").format(
        allowed=_allowed(c.get("expected"))
    ),
    "enum": lambda c: _("must be one of {allowed}").format(allowed=_allowed(c.get("expected"))),
    "list_type": lambda c: _("must be a list"),
    "tuple_type": lambda c: _("must be a list"),
    "set_type": lambda c: _("must be a list"),
    "frozen_set_type": lambda c: _("must be a list"),
    "too_short": lambda c: _n(
        "needs at least {count} entry",
        "needs at least {count} entries",
        int(c.get("min_length") or 0),
    ).format(count=c.get("min_length")),
    "too_long": lambda c: _n(
        "may have at most {count} entry",
        "may have at most {count} entries",
        int(c.get("max_length") or 0),
    ).format(count=c.get("max_length")),
    "dict_type": lambda c: _("must be an object"),
    "model_type": lambda c: _("must be an object"),
    "model_attributes_type": lambda c: _("must be an object"),
    "json_invalid": lambda c: _("is not valid JSON ({problem})").format(problem=c.get("error", "")),
    "json_type": lambda c: _("must be JSON"),
    "union_tag_invalid": lambda c: _("{tag} is not allowed here: allowed are {allowed}").format(
        tag=_shown(c.get("tag")), allowed=c.get("expected_tags")
    ),
    "union_tag_not_found": lambda c: _("needs the field {field}").format(
        field=c.get("discriminator", "").strip("'")
    ),
}


def _unknown_problem(error: Mapping[str, Any]) -> str:
    """A problem of a kind with no sentence of ours: the person reads that the value is
    not valid; pydantic's English wording goes to the log, for whoever runs the server."""
    _logger.info(
        "validation problem without a sentence: %s (%s)", error.get("type"), error.get("msg")
    )
    return _("is not valid")


def _where(loc: Sequence[Any]) -> str:
    steps = [str(step) for step in loc if step not in ("body", "query", "path")]
    return ".".join(steps) or _("the message")


def problem_sentences(errors: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each error as `{"loc": [...], "message": "field: what is wrong"}`."""
    out: list[dict[str, Any]] = []
    for error in errors[:MAX_PROBLEMS]:
        make = _SENTENCES.get(str(error.get("type")))
        context = error.get("ctx") or {}
        said = make(context) if make is not None else _unknown_problem(error)
        loc = list(error.get("loc", ()))
        out.append({"loc": loc, "message": labelled(_where(loc), said)})
    return out


def explain(errors: Sequence[Mapping[str, Any]]) -> str:
    """The problems in one text, for a `detail` or an error message."""
    return f"{before_punctuation()}; ".join(item["message"] for item in problem_sentences(errors))


def explain_bad(what: str, errors: Sequence[Mapping[str, Any]]) -> str:
    """A refused value of `what` (a tournament setting, a seat's figures) in the reader's
    words: the server's 409 and the command line's refusal say it the same way."""
    return _("bad {what}: {problems}").format(what=what, problems=explain(errors))


async def request_validation_error(request: Request, exc: Exception) -> JSONResponse:
    """FastAPI's 422, with `detail` a sentence in the request's language (the Limits
    middleware has set it from Accept-Language) and `errors` one per problem."""
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    return JSONResponse(
        {"detail": sentence(explain(errors)), "errors": problem_sentences(errors)},
        status_code=422,
    )


def _framework_text(status: int, detail: Any, method: str) -> str | None:
    """Our words for the few refusals FastAPI and Starlette write themselves in English."""
    if status == 400 and detail == "There was an error parsing the body":
        return _("the request body could not be read: send JSON in UTF-8")
    if status == 404 and detail == "Not Found":
        return _("nothing here: the API is described at /docs")
    if status == 405 and detail == "Method Not Allowed":
        return _("this address does not take {method} requests").format(method=method)
    return None


async def http_error(request: Request, exc: Exception) -> Response:
    """HTTP refusals as sentences, the framework's own English ones translated."""
    assert isinstance(exc, HTTPException)
    text = _framework_text(exc.status_code, exc.detail, request.method)
    if text is None and isinstance(exc.detail, str):
        text = exc.detail
    if text is not None:
        exc = HTTPException(exc.status_code, sentence(text), exc.headers)
    return await http_exception_handler(request, exc)
