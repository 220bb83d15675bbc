#!/usr/bin/env bash
# The whole check, from a fresh machine: install what the tests need, then lint,
# format check, types and the full test suite. `.ci/run` runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v uv >/dev/null 2>&1; then
  python3 -m pip install --quiet uv
  export PATH="$HOME/.local/bin:$PATH"
fi

# Real parts for the tests: Debian's Chromium for the browser
# tests, PostgreSQL's binaries for throwaway clusters. Installed only when missing.
need_apt=()
[ -x /usr/lib/chromium/chromium-headless-shell ] || [ -x /usr/lib/chromium/chromium ] \
  || need_apt+=(chromium-headless-shell fonts-liberation)
[ -x /usr/lib/postgresql/15/bin/initdb ] || need_apt+=(postgresql-15)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
  else
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
  fi
fi

uv sync --locked --all-extras
uv run ruff check .
uv run ruff format --check .
uv run mypy
uv run pytest -n 2 -q -p no:cacheprovider "$@"
