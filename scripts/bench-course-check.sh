#!/usr/bin/env bash
# How long a long course takes to check, beside the bundled course in the same run: a
# course of $LESSONS lessons (default 10000) is made from the bundled one's six lessons
# (each copied under a new id, sequence and prerequisite), then timed, on one core:
#   - the daemon's start (`simulate` on one short recording: the start-up check of every
#     lesson and passage, the vocabulary, the model, the session), beside the bundled course;
#   - `doctor` (the same check, as the daemon makes it before READY);
#   - `curriculum check` (every check, the transcript normaliser's too).
# The unit gives the daemon TimeoutStartSec=120 to say READY; a Pi's core is several times
# slower than this machine's.
#
#   scripts/bench-course-check.sh [BIN]     BIN: the binary to time (default: the release build)
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,12p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
LESSONS="${LESSONS:-10000}"
if [ -n "${1:-}" ]; then BIN="$1"; else release_binary; fi
work_folder ""
python3 -m bench.long_course --lessons "$LESSONS" --curriculum "$ROOT/curriculum" "$WORK/course"
UTTERANCE="$(find "$SPEECH/speech-commands" -name "*.wav" -print -quit 2>/dev/null || true)"
[ -n "$UTTERANCE" ] || { echo "bench-course-check.sh: no Speech Commands recording under $SPEECH (see ../shared/speech/README.md)" >&2; exit 1; }
timed() {   # label, command...: prints the wall-clock seconds and peak RSS of the command
    local label="$1"; shift
    /usr/bin/time -f "$label: %e s, peak RSS %M KB" taskset -c 0 "$@" >/dev/null 2>"$WORK/time.txt" || true
    tail -n 1 "$WORK/time.txt"
}
echo "binary: $BIN; long course: $LESSONS lessons"
timed "start, bundled course (6 lessons)" "$BIN" simulate --utterances "$UTTERANCE" --state-dir "$WORK/state-bundled"
timed "start, long course" "$BIN" simulate --utterances "$UTTERANCE" --state-dir "$WORK/state-long" \
    --curriculum "$WORK/course" --course long-course
timed "doctor, long course" "$BIN" doctor --curriculum "$WORK/course" --state-dir "$WORK/state-long" --course long-course
timed "curriculum check, long course" "$BIN" curriculum check "$WORK/course"
