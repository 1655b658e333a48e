#!/usr/bin/env bash
# Fits the command decision's confidence (Sources/Hearing/HearingTuning.swift) on
# labelled real recordings and measures it on recordings, speakers and room noise it was
# not fitted on, beside the plain grammar (no rejection) and the build's own decision, in
# one run:
#
# - real in-grammar speech: CMU AN4's people through a user grammar of AN4's sentences,
#   split by speaker (fit: even-ranked training speakers; measured: the others and AN4's
#   test set);
# - real speech that is no command: Common Voice sentences, Speech Commands words and room
#   recordings (../shared/speech), through that grammar and the course's, split in halves;
# - Piper's commands, look-ups, near-misses and other speech, in two halves of phrases;
# - each clean and mixed with real room noise at 20, 12 and 6 dB, the noise of the fitted
#   half from one half of the room recordings and that of the measured half from the other.
#
# Prints the fitted coefficients as HearingTuning's JSON and the table (its "build" column
# is the decision of the build that ran); paste the coefficients into HearingTuning.shipped
# only where they keep more than the build's at no more acted on wrongly (the shipped ones
# alone: python3 -m bench.fit_decision with the same --fit and --eval, --model JSON --curve,
# on the kept folder), and record the table under docs/measurements/. About an hour on 2
# cores.
#
#   scripts/fit-decision.sh [--limit N] [--target 0.003] [--keep DIR] [--denoiser NAME]
#
# --limit: recordings per half of AN4 and of the other speech, and Piper phrases per kind
# (default 90); --target: the share of the fitted
# half's real other speech through the course's grammar that may be acted on; --keep: leave
# the sets and decodes in DIR (a second run with the same DIR only fits again); --denoiser:
# decode with that front end (webrtc, rnnoise or deepfilter; config `denoiser`), to fit the
# decision on what it leaves (--rnnoise: --denoiser rnnoise).
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,30p' "$0"; exit 0 ;; esac; done
export BIBLE_COURSE_TEST_VOICES=1
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
LIMIT=90; TARGET=0.003; KEEP=""; FRONT_END=()
while (($#)); do
    case "$1" in
        --limit) LIMIT="$2"; shift 2 ;;
        --target) TARGET="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        --denoiser) FRONT_END=(--denoiser "$2"); shift 2 ;;
        --rnnoise) FRONT_END=(--denoiser rnnoise); shift ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
work_folder "$KEEP"

if [ ! -f "$WORK/user.jsonl" ] || [ ! -f "$WORK/course.jsonl" ]; then
    say "making the sets (Piper synthesis is cached in ~/.cache/bible-course/piper)"
    python3 -m bench.speech_sets decision --out "$WORK/sets" --limit "$LIMIT" --snr 20,12,6
    python3 -m bench.speech_sets piper --out "$WORK/piper" --snr 12,6 --beds held-out \
        --kinds command,lookup,near-miss,other --per-kind "$LIMIT"
    say "decoding through AN4's sentences as a user grammar"
    python3 -m bench.run_recognize --out "$WORK/user.jsonl" "$WORK/sets/an4.jsonl" "$WORK/sets/other.jsonl" -- \
        --features "${FRONT_END[@]}" --grammars "$WORK/sets/an4/grammars" --vocabulary "$WORK/sets/an4/vocabulary.json" 2>/dev/null
    say "decoding through the course's grammar"
    python3 -m bench.run_recognize --out "$WORK/course.jsonl" "$WORK/piper/manifest.jsonl" \
        "$WORK/sets/course-other.jsonl" -- --features "${FRONT_END[@]}" 2>/dev/null
fi
RUNS=("user=$WORK/user.jsonl:$WORK/sets/an4.jsonl,$WORK/sets/other.jsonl"
      "course=$WORK/course.jsonl:$WORK/piper/manifest.jsonl,$WORK/sets/course-other.jsonl")
echo "== Command decision fitted on real recordings and Piper ($(nproc) cores, release build; $(grep -c . "$WORK/user.jsonl") files through AN4's grammar, $(grep -c . "$WORK/course.jsonl") through the course's)"
python3 -m bench.fit_decision --target "$TARGET" --fit "${RUNS[@]}" --eval "${RUNS[@]}"
