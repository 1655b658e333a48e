#!/usr/bin/env bash
# Look-ups as a person lives them, on sets nothing was fitted or tuned on: Piper's look-ups
# of every book (`model prompts` seeds 7-10, held-out room noise; speech_sets.py piper
# --lookup-seeds), clean and at 12 and 6 dB, decoded by the plain grammar (the baseline:
# no rejection) and as shipped. A look-up heard only in part is answered as a person
# would ("chapter one verse eleven" after "Ezra. Which chapter?"; speech_sets.py answers,
# Piper, the same noise) and the answer decoded with `recognize --missing-part`. Real
# people's "no" (the eval half of speech_sets.py refusals) decoded in the correction window
# say how many wrong passages named would still be read. Other speech (Bible verses read
# aloud, everyday sentences, sentences with a command's or look-up's words inside; Piper)
# says what is acted on, or asked about, that was not meant for the daemon.
#
#   scripts/bench-lookups.sh [--keep DIR] [--jobs 2]
#
# Prints score_lookups.py's tables. --keep: leave the sets and decodes in DIR (a second run
# with the same DIR decodes only what is missing).
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,16p' "$0"; exit 0 ;; esac; done
export BIBLE_COURSE_TEST_VOICES=1
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
KEEP=""; JOBS=2
while (($#)); do
    case "$1" in
        --keep) KEEP="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
work_folder "$KEEP"

run() {  # OUT MANIFEST [run_recognize flags] -- recognize flags
    local out="$1"; shift
    [ -f "$WORK/$out" ] && return
    say "decoding: $out"
    python3 -m bench.run_recognize --jobs "$JOBS" --out "$WORK/$out.tmp" "$@" 2>/dev/null
    mv "$WORK/$out.tmp" "$WORK/$out"
}

if [ ! -f "$WORK/lookups/manifest.jsonl" ]; then
    say "making the sets (Piper synthesis is cached in ~/.cache/bible-course/piper)"
    python3 -m bench.speech_sets piper --out "$WORK/lookups" --snr 12,6 --beds held-out \
        --kinds lookup --lookup-seeds 7,8,9,10 --seed 13
    python3 -m bench.speech_sets piper --out "$WORK/other" --snr 12,6 --beds held-out \
        --kinds other --per-kind 30 --seed 17
fi
if [ ! -f "$WORK/refusals/no.jsonl" ]; then
    python3 -m bench.speech_sets refusals --out "$WORK/refusals" --snr 12,6
    python3 -m bench.pick --kinds refusal --split eval "$WORK/refusals/refusals.jsonl" > "$WORK/refusals/no.jsonl"
fi

run plain.jsonl "$WORK/lookups/manifest.jsonl" -- --command-search grammar --garbage-weight 0 \
    --suppress-noise-below-db 0 --denoiser webrtc
run shipped.jsonl "$WORK/lookups/manifest.jsonl" -- --features
[ -f "$WORK/answers/answers.jsonl" ] || python3 -m bench.speech_sets answers --decodes "$WORK/shipped.jsonl" \
    --manifest "$WORK/lookups/manifest.jsonl" --out "$WORK/answers"
run answered.jsonl --flag-from part=--missing-part "$WORK/answers/answers.jsonl" -- --features
run refused.jsonl "$WORK/refusals/no.jsonl" -- --correction --features
run others.jsonl "$WORK/other/manifest.jsonl" -- --features

echo "== Look-ups, held-out ($(nproc) cores; $BIN)"
python3 -m bench.score_lookups --lookups "$WORK/lookups/manifest.jsonl" --plain "$WORK/plain.jsonl" \
    --shipped "$WORK/shipped.jsonl" --answers "$WORK/answers/answers.jsonl" --answered "$WORK/answered.jsonl" \
    --refusals "$WORK/refusals/no.jsonl" --refused "$WORK/refused.jsonl" \
    --others "$WORK/other/manifest.jsonl" --others-run "$WORK/others.jsonl"
