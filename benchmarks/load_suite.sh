#!/usr/bin/env bash
# Every wall-clock figure issue 30 asks for, in one go, on a quiet machine:
#   1. p99 from a move to every client at 200 tables, three runs of three (three load.py
#      invocations of --runs 3 each), on SQLite and on PostgreSQL with two processes;
#   2. 1,000 tables with p50/p99, sampled with py-spy (what bounds them);
#   3. memory per table from 50 to 1,000 tables (KB/table of the 50-, 200- and
#      1,000-table runs; the 50-table run is its own step).
# Each step's table and JSON go to one folder (the first argument, default
# /tmp/spieltisch-suite-<UTC time>); summary.txt gathers the tables and the machine
# load at each step, to copy into benchmarks/results/load.md (lab-notes format).
#
#   benchmarks/load_suite.sh                    # the full suite: 25-35 minutes when quiet
#   SERIES=1 benchmarks/load_suite.sh           # one series of three: 12-18 minutes
#   SMALL=5 TABLES=10 BIG=20 WINDOW=10 SETUP=60 SERIES=1 RUNS=1 benchmarks/load_suite.sh /tmp/s
#
# Hold the landing lock while it runs (flock /tmp/spieltisch-land.lock ...) and never at a
# negative nice value: the figures are only worth something when the machine is quiet.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=${1:-/tmp/spieltisch-suite-$(date -u +%Y%m%dT%H%MZ)}
SMALL=${SMALL:-50}
TABLES=${TABLES:-200}
BIG=${BIG:-1000}
WINDOW=${WINDOW:-20}
SETUP=${SETUP:-300}
SERIES=${SERIES:-3}
RUNS=${RUNS:-3}
mkdir -p "$OUT"
SUMMARY="$OUT/summary.txt"
LOAD=(uv run --extra web python benchmarks/load.py --no-scan --seconds "$WINDOW"
    --setup-seconds "$SETUP" --backend sqlite --backend postgresql-2)

step() {
    local name=$1
    shift
    echo "== $name: $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$SUMMARY"
    "${LOAD[@]}" --json "$OUT/$name.json" "$@" | tee "$OUT/$name.txt"
    # load.py prints every run as it ends and then all of them again: keep the last table.
    awk '/^$/ {table=""; next} {table = table $0 "\n"} END {printf "%s", table}' \
        "$OUT/$name.txt" >>"$SUMMARY"
}

{
    echo "commit $(git rev-parse --short HEAD), $(nproc) cores, started $(date -u +%FT%TZ)"
    echo "SMALL=$SMALL TABLES=$TABLES BIG=$BIG WINDOW=$WINDOW SETUP=$SETUP" \
        "SERIES=$SERIES RUNS=$RUNS"
} | tee "$SUMMARY"
for series in $(seq 1 "$SERIES"); do
    step "p99-$TABLES-series-$series" --tables "$TABLES" --runs "$RUNS"
done
step "memory-$SMALL" --tables "$SMALL"
step "big-$BIG" --tables "$BIG" --profile "$OUT/profiles"
echo "== done: $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$SUMMARY"
