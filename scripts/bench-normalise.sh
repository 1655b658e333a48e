#!/usr/bin/env bash
# Prints the transcript normaliser's figures over its test set
# (Tests/AssistantTests/normalisation-cases.tsv): per set, the share of lines normalised
# exactly as expected, of already-right lines left unchanged, and the precision and recall
# of the extracted terms; then the time per line (median, p95) beside a baseline measured
# in the same run, the reference finder alone on the same lines.
# Targets: terms precision >= 95%, recall >= 90%, >= 99% of already-right lines unchanged,
# <= 50 µs median per line. Then every verse of Models/Bible.db through `normalise`: how many
# come back changed (each one a name read into Scripture that does not say it), with the
# commonest changes. RUNS (default 20): timing runs over the test set.
#
#   scripts/bench-normalise.sh
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,12p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
release_binary
echo "== Transcript normaliser benchmark ($(nproc) cores, release build)"
"$BIN" bench normalise --cases Tests/AssistantTests/normalisation-cases.tsv --runs "${RUNS:-20}"
echo "== Every BSB verse through bible-course normalise (none should change)"
python3 -m bench.normalise --bin "$BIN" --bible "$ROOT/Models/Bible.db"
