"""Weights of a learned evaluation shipped in a game's package, and the softmax over them.

A game's learned evaluation (MÄDN, Mahé) stores one row of weights per player count in a
numpy `.npy` file next to its code; the engine reads it without numpy (numpy is not a
dependency of the engine) and turns each player's score into win chances with a softmax
(a conditional logit). Training is in `core.training` and the games' `training.py`.
"""

from __future__ import annotations

import ast
import math
import struct
from collections.abc import Sequence
from importlib import resources


def read_npy(data: bytes) -> list[list[float]]:
    """A 2-D little-endian float64 array in numpy's .npy format (version 1), as lists."""
    if data[:6] != b"\x93NUMPY":
        raise ValueError("not a .npy file")
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10 : 10 + length].decode("latin-1"))
    if header["descr"] != "<f8" or header["fortran_order"] or len(header["shape"]) != 2:
        raise ValueError(f"expected a C-ordered 2-D <f8 array, got {header}")
    rows, columns = header["shape"]
    values = struct.unpack(f"<{rows * columns}d", data[10 + length :])
    return [list(values[r * columns : (r + 1) * columns]) for r in range(rows)]


def shipped_row(package: str, filename: str, row: int) -> list[float] | None:
    """Row `row` of the weights file shipped in `package`; None where the file has no such
    row or the row is all zeros (nothing trained for it)."""
    data = resources.files(package).joinpath(filename).read_bytes()
    table = read_npy(data)
    if not 0 <= row < len(table) or not any(table[row]):
        return None
    return table[row]


def softmax(scores: Sequence[float]) -> list[float]:
    """exp(score) over the sum of all, computed from the largest score (no overflow)."""
    top = max(scores)
    raw = [math.exp(score - top) for score in scores]
    total = sum(raw)
    return [value / total for value in raw]
