"""The built-in games; importing a game's package registers it."""

import importlib

BUILTIN = ("mahe", "madn", "david_goliath", "mabula")

for _name in BUILTIN:
    try:
        importlib.import_module(f"{__name__}.{_name}")
    except ModuleNotFoundError as _missing:  # a game still being written is simply absent
        if _missing.name != f"{__name__}.{_name}":
            raise
