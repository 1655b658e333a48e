#!/usr/bin/env bash
# Stopping a reading, on real people: `simulate` reads Psalm 103, asked for in Piper's
# voice; a person's "stop" (Speech Commands, one clip a person; or "no", or AN4's NO/STOP)
# is said at a random moment of the reading and again 2 s after it ended while the reading
# goes on, up to three times, with the daemon's own voice passed back into the microphone
# through a simulated room at each condition's echo level and held-out room noise under the
# whole session; the daemon's voice alone over the noise and other people's sentences
# (Common Voice) said during readings count the false stops (scripts/lib/bench/interrupt.py).
#
#   scripts/bench-interrupt.sh [--trials 40] [--conditions ECHO/SNR,...] [--drift PPM]
#                              [--word stop|no|an4] [--half-duplex] [--stops-only]
#                              [--false-stops-only] [--cost] [--keep DIR]
#   (a condition: none/clean, 10/12 = echo 10 dB above the person, room noise 12 dB below)
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,13p' "$0"; exit 0 ;; esac; done
export BIBLE_COURSE_TEST_VOICES=1
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
KEEP=""; ARGS=()
while (($#)); do
    case "$1" in
        --keep) KEEP="$2"; shift 2 ;;
        --trials|--conditions|--drift|--word) ARGS+=("$1" "$2"); shift 2 ;;
        --half-duplex|--stops-only|--false-stops-only|--cost) ARGS+=("$1"); shift ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
work_folder "$KEEP"
python3 -m bench.interrupt --out "$WORK" "${ARGS[@]}"
