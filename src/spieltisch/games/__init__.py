"""The built-in games; importing a game's package registers it."""

import importlib
import warnings

BUILTIN = ("mahe", "madn", "david_goliath", "mabula")

for _name in BUILTIN:
    try:
        importlib.import_module(f"{__name__}.{_name}")
    except ImportError as _missing:  # TEMPORARY while the engines are written in parallel
        warnings.warn(f"game {_name} not available: {_missing}", stacklevel=1)
