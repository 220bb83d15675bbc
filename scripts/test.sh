#!/usr/bin/env bash
# The whole check, from a fresh machine: install what the tests need, then lint,
# format check, types and the full test suite. `.ci/run` runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v uv >/dev/null 2>&1; then
  python3 -m pip install --quiet uv
  export PATH="$HOME/.local/bin:$PATH"
fi

uv sync --locked --all-extras
uv run ruff check .
uv run ruff format --check .
uv run mypy
uv run pytest -n 2 -q -p no:cacheprovider "$@"
