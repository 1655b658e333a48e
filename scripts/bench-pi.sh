#!/usr/bin/env bash
# Hearing on a Raspberry Pi's budget, proven by starving it: the release daemon runs a
# recorded session (Piper's voice: look-ups in IDLE, where the look-up grammar is the large
# one, a lesson begun, left to speak its replies and ended, more look-ups; over held-out
# real room noise 20 dB below the speech) through its own loop (`run --capture-file`, the
# stand-in microphone overruns as a real one does), pinned to core 0, in a cgroup that
# grants it the whole core, a fifth of it and a tenth (cgroup v2 `cpu.max`, or v1's CFS
# quota; needs root). Prints per build and share: the microphone's overruns, audio dropped
# unheard, look-ups and commands acted on rightly (and whether the same as on the whole
# core) and wrongly, how long after each ended its intent was ready (median, p95, slowest;
# look-ups alone), and the processor time used.
#
#   scripts/bench-pi.sh [--before BIN] [--quotas 100,20,10] [--period-us 100000] [--snr 20] [--keep DIR]
#
# --before: that build measured too, in the same run (today's build, say); --keep: leave the
# session in DIR (a second run reuses it).
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,16p' "$0"; exit 0 ;; esac; done
export BIBLE_COURSE_TEST_VOICES=1   # Piper says the session
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
BEFORE=""; QUOTAS="100,20,10"; PERIOD=100000; SNR=20; KEEP=""
while (($#)); do
    case "$1" in
        --before) BEFORE="$(realpath "$2")"; shift 2 ;;
        --quotas) QUOTAS="$2"; shift 2 ;;
        --period-us) PERIOD="$2"; shift 2 ;;
        --snr) SNR="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
work_folder "$KEEP"
[ -f "$WORK/session/timeline.jsonl" ] || python3 scripts/lib/speech_sets.py session --out "$WORK/session" --bin "$BIN" --snr "$SNR"
"$BIN" model build --state-dir "$WORK/state" >/dev/null
BUILDS=("this=$BIN")
[ -n "$BEFORE" ] && BUILDS+=("before=$BEFORE")
python3 scripts/lib/bench_pi.py --session "$WORK/session" --state "$WORK/state" --quotas "$QUOTAS" \
    --period-us "$PERIOD" "${BUILDS[@]}"
