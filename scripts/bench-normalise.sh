#!/usr/bin/env bash
# Prints the transcript normaliser's figures over its test set
# (Tests/AssistantTests/normalisation-cases.tsv): per set, the share of lines normalised
# exactly as expected, of already-right lines left unchanged, and the precision and recall
# of the extracted terms; then the time per line (median, p95) beside a baseline measured
# in the same run, the reference finder alone on the same lines.
# Targets: terms precision >= 95%, recall >= 90%, >= 99% of already-right lines unchanged,
# <= 50 µs median per line.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
say "building release (swift build -c release)"
swift build -c release --quiet
BIN="$(swift build -c release --show-bin-path)/bible-course"
echo "== Transcript normaliser benchmark ($(nproc) cores, release build)"
"$BIN" bench normalise --cases Tests/AssistantTests/normalisation-cases.tsv --runs "${RUNS:-20}"
