"""Actions as the RL libraries pass them: an int or a numpy integer, checked, never guessed."""

from __future__ import annotations

import numpy as np

from spieltisch.core.errors import shorten


def action_index(action: object, size: int) -> int | None:
    """The int action in range(size) that `action` stands for, or None if it stands for none.

    Accepted are what `gymnasium.spaces.Discrete.contains` accepts: a Python int or a numpy
    integer (also as a 0-d array). A bool, a float (1.7 is not rounded to 1), a string,
    None, nan or a list stands for no action.
    """
    if isinstance(action, bool | np.bool_):
        return None
    if isinstance(action, np.ndarray):
        if action.shape != () or not np.issubdtype(action.dtype, np.integer):
            return None
        action = action.item()
    if not isinstance(action, int | np.integer):
        return None
    value = int(action)
    return value if 0 <= value < size else None


def describe_bad_action(action: object, size: int) -> str:
    """Why an action stands for none, for the error a caller sees."""
    return (
        f"an action is an int from 0 to {size - 1} (the action space Discrete({size})), "
        f"not {shorten(action)}"
    )
