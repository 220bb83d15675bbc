"""The body of the director's choice of what the hall screen shows."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from spieltisch.server.schemas.rest import Strict


class HallIn(Strict):
    view: Literal["rotate", "seating", "where", "standings", "timer"] = "rotate"
    seconds: int = Field(20, ge=5, le=600, description="Each part this long when rotating.")
