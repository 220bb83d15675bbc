"""Whether an event has the shape a service reads it through (a runtime-checkable
Protocol of attributes, `reminders.Deadline`), cheaply: on Python 3.11 `isinstance`
against such a Protocol works out its members anew at every call, and the
notifications ask it of every event of every batch (it was 4% of the server's CPU at
200 tables)."""

from __future__ import annotations

_FITS: dict[tuple[type, type], bool] = {}
"""(class, protocol) -> whether its instances have the protocol's attributes."""


def shaped(event: object, shape: type) -> bool:
    """`isinstance(event, shape)`, decided once per class for a frozen dataclass (every
    instance has the same attributes: its fields, nothing set later); for any other
    object at every call, as `typing` does. (A function of each protocol's own narrows
    the type: `reminders.is_deadline`.)"""
    kind = type(event)
    params = getattr(kind, "__dataclass_params__", None)
    if params is None or not params.frozen:
        return isinstance(event, shape)
    fits = _FITS.get((kind, shape))
    if fits is None:
        fits = _FITS[kind, shape] = isinstance(event, shape)
    return fits
