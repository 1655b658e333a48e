#!/usr/bin/env bash
# Does the endpointer keep a person's pause inside one utterance? Real people (CMU AN4's
# test speakers): two recordings of one speaker joined by a pause of 200, 300 and 400 ms
# (shorter than the trailing silence that ends a command), and each recording alone, clean
# and in real room noise at 12 and 6 dB; decoded by `recognize --json` with each front end
# in one run: WebRTC's suppressor per utterance (`--denoiser webrtc`), RNNoise and
# DeepFilterNet3 (the default) over the stream.
# Prints, per pause and noise, how many are heard as one utterance ("whole"), cut in two
# or more ("cut"), or not heard at all ("lost").
#
# "closes after" is the median time from the end of the speech to the end of the utterance
# that holds it (the trailing silence, and any noise heard as more of the utterance).
#
#   scripts/bench-pauses.sh [--limit 40] [--gaps 200,300,400] [--snr 12,6] [--keep DIR] [--before BIN]
#                            [-- recognize flags]
#
# --keep: leave the set and the results in DIR (a second run with the same DIR decodes
# again); --before: DeepFilterNet3 with that build too (today's, say), in the same run.
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,18p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
SET_ARGS=(); EXTRA=(); KEEP=""; BEFORE=""
while (($#)); do
    case "$1" in
        --before) BEFORE="$(realpath "$2")"; shift 2 ;;
        --limit|--gaps|--snr) SET_ARGS+=("$1" "$2"); shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        --) shift; EXTRA=("$@"); break ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
work_folder "$KEEP"
[ -f "$WORK/set/manifest.jsonl" ] || python3 -m bench.speech_sets pauses --out "$WORK/set" "${SET_ARGS[@]}"
for denoiser in webrtc rnnoise deepfilter; do
    python3 -m bench.run_recognize --out "$WORK/$denoiser.jsonl" "$WORK/set/manifest.jsonl" -- \
        --denoiser "$denoiser" "${EXTRA[@]}"
done
RUNS=(webrtc="$WORK/webrtc.jsonl" rnnoise="$WORK/rnnoise.jsonl" deepfilter="$WORK/deepfilter.jsonl")
if [ -n "$BEFORE" ]; then
    python3 -m bench.run_recognize --bin "$BEFORE" --out "$WORK/deepfilter-before.jsonl" "$WORK/set/manifest.jsonl" -- \
        --denoiser deepfilter "${EXTRA[@]}"
    RUNS+=("deepfilter, before=$WORK/deepfilter-before.jsonl")
fi
python3 -m bench.score_pauses "$WORK/set/manifest.jsonl" "${RUNS[@]}"
