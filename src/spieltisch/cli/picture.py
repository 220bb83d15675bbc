"""Turning an SVG board into a PNG with whatever converter this machine has.

Tried in order: `rsvg-convert`, the `cairosvg` module, a headless Chromium. Which one
is found is said; when none is, the error names all of them.
"""

from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from spieltisch.cli.messages import _

CHROMIUM_CANDIDATES = (
    "/usr/lib/chromium/chromium-headless-shell",
    "/usr/lib/chromium/chromium",
    "chromium-headless-shell",
    "chromium",
    "google-chrome",
)


class NoConverter(RuntimeError):
    """No program or module on this machine can turn SVG into PNG."""


def chromium_path() -> str | None:
    """The Chromium to use: CHROMIUM_PATH when set, else the first one installed."""
    configured = os.environ.get("CHROMIUM_PATH")
    if configured:
        return configured if Path(configured).exists() else None
    for candidate in CHROMIUM_CANDIDATES:
        found = candidate if Path(candidate).is_file() else shutil.which(candidate)
        if found:
            return found
    return None


def _size(svg: str) -> tuple[int, int]:
    match = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    if match is None:
        return 800, 800
    return round(float(match.group(1))), round(float(match.group(2)))


def svg_to_png(svg: str, target: Path) -> str:
    """Write `svg` as a PNG to `target`; returns the name of the converter used."""
    rsvg = shutil.which("rsvg-convert")
    if rsvg:
        subprocess.run([rsvg, "-o", str(target)], input=svg.encode(), check=True)
        return "rsvg-convert"
    try:
        cairosvg = importlib.import_module("cairosvg")
    except (ImportError, OSError):
        cairosvg = None
    if cairosvg is not None:
        cairosvg.svg2png(bytestring=svg.encode(), write_to=str(target))
        return "cairosvg"
    chromium = chromium_path()
    if chromium:
        _chromium_png(chromium, svg, target)
        return "chromium"
    raise NoConverter(
        _(
            "no SVG to PNG converter found: install rsvg-convert (librsvg2-bin), the Python "
            "package cairosvg, or Chromium (set CHROMIUM_PATH), or write an .svg instead"
        )
    )


def _chromium_png(chromium: str, svg: str, target: Path) -> None:
    width, height = _size(svg)
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "board.html"
        page.write_text(
            f'<!doctype html><meta charset="utf-8"><body style="margin:0">{svg}</body>',
            encoding="utf-8",
        )
        shot = Path(folder) / "board.png"
        subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--hide-scrollbars",
                f"--user-data-dir={folder}/profile",
                f"--window-size={width},{height}",
                f"--screenshot={shot}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
        shutil.move(shot, target)
