#!/usr/bin/env bash
# The whole check, from a fresh machine: install what the tests need, then lint,
# format check, types and the full test suite. `.ci/run` runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

# Python's bytecode caches, written as usual: a container that sets PYTHONDONTWRITEBYTECODE
# (this one does) makes every process compile every module it imports from source again,
# and the suite starts hundreds (xdist workers, `spieltisch serve` for each browser module,
# CLI runs): a browser test module took 21 s of CPU instead of 11 s (benchmarks/results/suite.md).
unset PYTHONDONTWRITEBYTECODE

# uv, where the system Python allows it: a stock Debian Python refuses `pip install`
# outside a virtual environment (PEP 668, "externally managed"), so: pipx if present,
# else uv in a virtual environment of its own under ~/.local/share, else say what to do.
install_uv() {
  command -v uv >/dev/null 2>&1 && return 0
  export PATH="$HOME/.local/bin:$PATH"
  command -v uv >/dev/null 2>&1 && return 0
  if command -v pipx >/dev/null 2>&1 && pipx install --quiet uv; then
    return 0
  fi
  local venv="$HOME/.local/share/spieltisch-uv"
  if python3 -m venv "$venv" >/dev/null 2>&1 && "$venv/bin/python" -m pip install --quiet uv; then
    mkdir -p "$HOME/.local/bin"
    ln -sf "$venv/bin/uv" "$HOME/.local/bin/uv"
    return 0
  fi
  echo "scripts/test.sh: cannot install uv: neither pipx nor python3 -m venv works here." >&2
  echo "  Install one (Debian: apt-get install pipx, or python3-venv) and run this again," >&2
  echo "  or install uv yourself: https://docs.astral.sh/uv/getting-started/installation/" >&2
  return 1
}

# The newest PostgreSQL whose binaries are installed (Debian keeps each major version
# under /usr/lib/postgresql/N/bin), empty when there is none.
newest_postgresql_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$found" ] && [ -x "$found/initdb" ]; then echo "$found"; fi
}

apt_install() {
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
  else
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
  fi
}

# `scripts/test.sh --setup-check`: only say what would be used or installed (no change).
if [ "${1:-}" = "--setup-check" ]; then
  echo "uv: $(command -v uv || echo "missing: would install it with pipx or a user-level venv")"
  echo "PostgreSQL binaries: $(newest_postgresql_bin || true)"
  [ -n "$(newest_postgresql_bin)" ] || echo "  missing: would install the system's postgresql package"
  echo "Caddy: $(command -v caddy || echo "missing: would install the system's caddy package")"
  echo "nginx: $(command -v nginx || ls /usr/sbin/nginx 2>/dev/null || echo "missing: would install the system's nginx package")"
  echo "systemd-analyze: $(command -v systemd-analyze || echo "missing: would install the system's systemd package")"
  exit 0
fi

install_uv

# Real parts for the tests: Debian's Chromium for the browser tests, PostgreSQL's
# binaries for throwaway clusters (and its client programs, which the hosting guide uses) (the newest installed, else the version the system's
# `postgresql` package brings). Installed only when missing.
need_apt=()
[ -x /usr/lib/chromium/chromium-headless-shell ] || [ -x /usr/lib/chromium/chromium ] \
  || need_apt+=(chromium-headless-shell fonts-liberation)
[ -n "$(newest_postgresql_bin)" ] || need_apt+=(postgresql)
# Caddy: the proxy the hosting guide sets up (tests/docs/test_hosting_guide.py follows it).
command -v caddy >/dev/null 2>&1 || need_apt+=(caddy)
# nginx: the other proxy of the guide (tests/docs/test_nginx_guide.py runs its blocks).
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need_apt+=(nginx)
# systemd-analyze: the units of deploy/systemd are verified (tests/server/test_deploy_files.py).
command -v systemd-analyze >/dev/null 2>&1 || need_apt+=(systemd)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt_install "${need_apt[@]}"
fi
SPIELTISCH_PG_BIN="${SPIELTISCH_PG_BIN:-$(newest_postgresql_bin)}"
export SPIELTISCH_PG_BIN

uv sync --locked --all-extras
uv run ruff check .
uv run ruff format --check .
uv run mypy
# Property tests draw the same examples on every run (tests/conftest.py): reproducible.
export SPIELTISCH_HYPOTHESIS_PROFILE="${SPIELTISCH_HYPOTHESIS_PROFILE:-derandomized}"
# --dist loadgroup: tests marked with one xdist_group run in one worker (tests/kernels: the
# tests that compile the same numba functions, so each is compiled once a run).
# Every test's time goes into a JUnit report (build/, not committed), summed by folder and
# file after the run: where the time goes as a whole, not only in the 30 slowest.
mkdir -p build
status=0
uv run pytest -n 2 --dist loadgroup -q -p no:cacheprovider --durations=30 \
  --junitxml=build/test-times.xml "$@" || status=$?
uv run python scripts/suite_times.py build/test-times.xml || true
exit "$status"
