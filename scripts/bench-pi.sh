#!/usr/bin/env bash
# Hearing on a Raspberry Pi's budget, proven by starving it: the release daemon runs a
# recorded session (Piper's voice: look-ups in IDLE, where the look-up grammar is the large
# one, the first lesson begun, left to speak, its question asked for and answered, the lesson
# ended, more look-ups; over held-out real room noise 20 dB below the speech) through its
# own loop (`run --capture-file`, the
# stand-in microphone overruns as a real one does), pinned to core 0, in a cgroup that
# grants it the whole core, a fifth of it and a tenth (cgroup v2 `cpu.max`, or v1's CFS
# quota; needs root). Prints per build and share: the microphone's overruns, audio dropped
# unheard, look-ups and commands acted on rightly (and whether the same as on the whole
# core) and wrongly, how long after each ended its intent was ready (median, p95, slowest;
# look-ups alone), the processor time used, and how often the noise cleaner gave way to
# hearing falling behind and hearing over its own voice gave way.
#
#   scripts/bench-pi.sh [--before BIN] [--tuning NAME=JSON]... [--quotas 100,20,10]
#                       [--period-us 100000] [--snr 20] [--keep DIR]
#
# The daemon speaks in real time to a stand-in loudspeaker (`run --paced-playback`).
# --before: that build measured too, in the same run (today's build, say); --tuning: this
# build again, named NAME, with JSON (a part of the hearing tuning) laid over the shipped
# one (`'never-gives-way={"noise": {"cleanerGivesWayBehindMilliseconds": 0}}'`); --keep: leave the
# session and each run's log (DIR/logs/NAME-SHARE.log) in DIR (a second run reuses the session).
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,16p' "$0"; exit 0 ;; esac; done
export BIBLE_COURSE_TEST_VOICES=1   # Piper says the session
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
BEFORE=""; QUOTAS="100,20,10"; PERIOD=100000; SNR=20; KEEP=""; TUNINGS=()
while (($#)); do
    case "$1" in
        --before) BEFORE="$(realpath "$2")"; shift 2 ;;
        --quotas) QUOTAS="$2"; shift 2 ;;
        --period-us) PERIOD="$2"; shift 2 ;;
        --snr) SNR="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        --tuning) TUNINGS+=("$2"); shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
work_folder "$KEEP"
[ -f "$WORK/session/timeline.jsonl" ] || python3 -m bench.speech_sets session --out "$WORK/session" --snr "$SNR"
"$BIN" model build --state-dir "$WORK/state" --curriculum "$WORK/session/curriculum" >/dev/null
BUILDS=("this=$BIN")
for tuning in "${TUNINGS[@]}"; do
    name="${tuning%%=*}"
    printf '%s\n' "${tuning#*=}" > "$WORK/$name.json"
    printf 'hearing_tuning = "%s"\n' "$WORK/$name.json" > "$WORK/$name.toml"
    BUILDS+=("$name=$BIN --config $WORK/$name.toml")
done
[ -n "$BEFORE" ] && BUILDS+=("before=$BEFORE")
python3 -m bench.pi --session "$WORK/session" --state "$WORK/state" --quotas "$QUOTAS" \
    --period-us "$PERIOD" ${KEEP:+--logs "$WORK/logs"} "${BUILDS[@]}"
