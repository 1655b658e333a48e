#!/usr/bin/env bash
# What a look-up's correction window hears, on real people: Speech Commands' and AN4's "no"
# and "stop" (refusals), other words, sentences and AN4 speech, and room recordings alone;
# two halves that share no speaker and no room cut, each clean and in real room noise at
# 20, 12 and 6 dB (speech_sets.py refusals). Decoded by `recognize --correction --json
# --features`; fit_refusal.py fits the refusal decision on one half and prints, for the
# other, how often each kind is heard as a refusal beside the plain correction grammar (no
# rejection) and this build's decision.
#
#   scripts/bench-correction.sh [--keep DIR] [--target 0.02] [--model JSON]
#
# --keep: leave the set and the decodes in DIR (a second run reuses them); --target: the
# share of the fit half's other speech and noise that may be heard as a refusal; --model:
# measure these coefficients instead of fitting.
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,14p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
KEEP=""; FIT_ARGS=()
while (($#)); do
    case "$1" in
        --keep) KEEP="$2"; shift 2 ;;
        --target|--model) FIT_ARGS+=("$1" "$2"); shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
work_folder "$KEEP"
[ -f "$WORK/set/refusals.jsonl" ] || python3 -m bench.speech_sets refusals --out "$WORK/set"
[ -f "$WORK/correction.jsonl" ] || python3 -m bench.run_recognize --out "$WORK/correction.jsonl" \
    "$WORK/set/refusals.jsonl" -- --correction --features
python3 -m bench.fit_refusal --run "$WORK/correction.jsonl" --manifest "$WORK/set/refusals.jsonl" "${FIT_ARGS[@]}"
