"""Sums up the pauses `sitecustomize.py` recorded: per process, the collections of each
generation, their total and longest pause, and when the full ones came.

    uv run python benchmarks/gc_pauses/summary.py /tmp/gc
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path


def summary(folder: Path) -> str:
    lines = []
    for path in sorted(folder.glob("*.txt")):
        pauses: dict[int, list[tuple[float, float]]] = defaultdict(list)
        for line in path.read_text().splitlines():
            generation, milliseconds, at = line.split()
            pauses[int(generation)].append((float(milliseconds), float(at)))
        parts = [
            f"gen{g} {len(p)}× total {sum(ms for ms, _ in p):.0f} ms, longest "
            f"{max(ms for ms, _ in p):.1f} ms"
            for g, p in sorted(pauses.items())
        ]
        full = " ".join(f"{ms:.0f}ms@{time_of(at)}" for ms, at in pauses.get(2, []))
        lines.append(f"process {path.stem}: " + "; ".join(parts))
        if full:
            lines.append(f"    full collections: {full}")
    return "\n".join(lines)


def time_of(at: float) -> str:
    import time

    return time.strftime("%H:%M:%S", time.gmtime(at))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("folder", type=Path)
    print(summary(parser.parse_args().folder))


if __name__ == "__main__":
    main()
