#!/usr/bin/env bash
# Prints the Scripture figures:
#
# - references read right from the reference set (Tests/ScriptureUnitTests/reference-set.tsv:
#   spoken and written references with what they name, and invalid ones that must be
#   refused with a reason), through `bible-course reference --json` as a user runs it,
#   this build beside the previous build's (REF: by default the commit before the last
#   change to Sources/Scripture; built once in release mode into .build/baseline/);
# - BSB import time and verse / passage look-up latency (median and p99 over 10,000 random
#   look-ups), each beside a baseline measured in the same run with Python's sqlite3 module
#   on the same data (import: the same rows into the same schema; look-up: the same verse
#   ids by primary key).
#
#   scripts/bench-scripture.sh [--baseline REF]
#
# Targets: references 99.5% right on spoken and on written, every invalid one refused;
# import under 15 s, verse look-up median under 50 µs on this machine.
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,17p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
LOOKUPS="${LOOKUPS:-10000}"
BASELINE=""
while (($#)); do
    case "$1" in
        --baseline) BASELINE="$2"; shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# --- references, this build beside the previous one --------------------------------------
if [ -z "$BASELINE" ]; then
    BASELINE="$(git rev-parse "$(git log -1 --format=%H -- Sources/Scripture)^")"
fi
BASELINE="$(git rev-parse --verify "$BASELINE^{commit}")"
BASE_TREE="$ROOT/.build/baseline/$BASELINE"
BASE_BIN="$BASE_TREE/.build/release/bible-course"
if [ ! -x "$BASE_BIN" ]; then
    say "building the baseline ${BASELINE:0:10} in $BASE_TREE (once; several minutes)"
    rm -rf "$BASE_TREE"
    mkdir -p "$BASE_TREE"
    git archive "$BASELINE" | tar -x -C "$BASE_TREE"
    ln -s "$ROOT/Models/Bible.db" "$BASE_TREE/Models/Bible.db"
    (cd "$BASE_TREE" && swift build -c release --quiet --product bible-course)
fi
SET="$ROOT/Tests/ScriptureUnitTests/reference-set.tsv"
grep -v '^#' "$SET" | cut -f2 > "$WORK/inputs.txt"
"$BIN" reference --json --state-dir "$WORK/state" < "$WORK/inputs.txt" > "$WORK/this.jsonl"
"$BASE_BIN" reference --json --state-dir "$WORK/state-baseline" < "$WORK/inputs.txt" > "$WORK/baseline.jsonl"
echo "== References read right (${SET#$ROOT/}; baseline ${BASELINE:0:10})"
python3 -m bench.scripture references "$SET" "$WORK/this.jsonl" "$WORK/baseline.jsonl"

calc() { python3 -c "print($1)"; }
start=$(date +%s%N)
"$BIN" bible import "$BSB_DIR" --bible "$WORK/Bible.db" >/dev/null
ours=$(calc "($(date +%s%N) - $start) / 1e9")

baseline=$(python3 -m bench.scripture sqlite-baseline "$BSB_DIR" "$WORK/baseline.db" "$LOOKUPS")
read -r base_import base_median base_p99 <<<"$baseline"

echo "== Scripture benchmark ($(nproc) cores, release build, $LOOKUPS look-ups)"
printf 'import: %.2f s (baseline python3 sqlite3 import of the same rows: %s s; ratio %.2f) target < 15 s\n' \
    "$ours" "$base_import" "$(calc "$ours / $base_import")"
lookups=$("$BIN" bench scripture --lookups "$LOOKUPS" --bible "$WORK/Bible.db")
echo "$lookups"
median=$(echo "$lookups" | sed -nE 's/^verse look-ups.*median ([0-9.]+) µs.*/\1/p')
printf 'verse look-up median %s µs vs baseline python3 sqlite3 by id: median %s µs, p99 %s µs (ratio %.2f) target median < 50 µs\n' \
    "$median" "$base_median" "$base_p99" "$(calc "$median / $base_median")"
