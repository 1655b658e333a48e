#!/usr/bin/env bash
# What the command path's decodes cost on one core, and what a cheaper setting costs in
# what is heard, in one run beside the shipped settings on the same files:
#
# - the sets fit-decision.sh measures on: CMU AN4's real people through a user grammar of
#   their sentences, and Common Voice, Speech Commands and room recordings (no command),
#   clean and at 20, 12 and 6 dB of real room noise; Piper's commands, look-ups,
#   near-misses and other speech, clean and at 12 and 6 dB of the held-out room noise;
# - each configuration decodes every file on a core of its own (`taskset -c`), so CPU time
#   per second of audio is what one core of this machine spends;
# - printed: right / acted on wrongly by kind and noise, decode RTF and the processing
#   after the trailing silence (median and p95), peak RSS.
#
#   scripts/bench-decode-cost.sh [--limit 60] [--keep DIR] [--variant "NAME|recognize flags"]...
#
# A variant's flags are `recognize`'s, e.g. "no flat pass|--decoder-option -fwdflat=no" or
# "early decode at 300 ms|--hearing-tuning FILE". The shipped settings always run first.
# About 25 minutes per configuration at --limit 60; configurations run two at a time.
set -euo pipefail
export BIBLE_COURSE_TEST_VOICES=1
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,18p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
LIMIT=60; KEEP=""; VARIANTS=("shipped|")
while (($#)); do
    case "$1" in
        --limit) LIMIT="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        --variant) VARIANTS+=("$2"); shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
work_folder "$KEEP"

if [ ! -f "$WORK/piper/manifest.jsonl" ]; then
    say "making the sets (Piper synthesis is cached in ~/.cache/bible-course/piper)"
    python3 -m bench.speech_sets decision --out "$WORK/sets" --limit "$LIMIT" --snr 20,12,6
    python3 -m bench.speech_sets piper --out "$WORK/piper" --snr 12,6 --beds held-out \
        --kinds command,lookup,near-miss,other --per-kind "$LIMIT"
fi
COURSE="$WORK/piper/manifest.jsonl,$WORK/sets/course-other.jsonl"
USER_SETS="$WORK/sets/an4.jsonl,$WORK/sets/other.jsonl"

# One configuration on core $1: the course's grammar, then AN4's.
decode() {
    local core="$1" out="$2"; shift 2
    mkdir -p "$out"
    taskset -c "$core" python3 -m bench.run_recognize --jobs 1 --out "$out/course.jsonl" \
        ${COURSE//,/ } -- "$@" 2>/dev/null
    taskset -c "$core" python3 -m bench.run_recognize --jobs 1 --out "$out/user.jsonl" \
        ${USER_SETS//,/ } -- --grammars "$WORK/sets/an4/grammars" --vocabulary "$WORK/sets/an4/vocabulary.json" "$@" 2>/dev/null
}
# As many at a time as there are cores, each on its own.
CORES=$(nproc); RUNS=()
for i in "${!VARIANTS[@]}"; do
    name="${VARIANTS[$i]%%|*}"; read -r -a flags <<< "${VARIANTS[$i]#*|}"
    say "decoding: $name ${flags[*]:-} (core $((i % CORES)))"
    decode $((i % CORES)) "$WORK/run-$i" "${flags[@]}" &
    RUNS+=("$name=$WORK/run-$i")
    if (( (i + 1) % CORES == 0 )); then wait; fi
done
wait

echo "== Decode cost on one core ($(nproc) cores, release build; $(grep -c . "$WORK/piper/manifest.jsonl") Piper files, $(cat "$WORK/sets/an4.jsonl" "$WORK/sets/other.jsonl" | grep -c .) real through AN4's grammar, $(grep -c . "$WORK/sets/course-other.jsonl") real through the course's)"
for variant in "${VARIANTS[@]}"; do echo "   ${variant%%|*}: recognize ${variant#*|}"; done
python3 -m bench.score_cost --course "$COURSE" --user "$USER_SETS" "${RUNS[@]}"
