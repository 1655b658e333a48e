#!/usr/bin/env bash
# Hearing benchmark on held-out real people and a natural voice (never espeak-ng), every
# configuration side by side in one run, the plain grammar with no front end first as the
# baseline:
#
# - real people: CMU AN4's held-out speakers (the `eval` half of speech_sets.py decision,
#   speakers and room recordings the decision was not fitted on) through a user grammar of
#   AN4's sentences; real speech that is no command (Common Voice, Speech Commands words,
#   room recordings; `eval` half) through the course's grammar;
# - Piper (en_US-joe-medium): the course's commands, look-ups, near-misses, Bible verses
#   read aloud and sentences with a command's words inside, noise from the held-out room
#   recordings only;
# - each clean and at 20, 12 and 6 dB;
# - decoded by `recognize --json` as: (a) the plain grammar, no front end (baseline: no
#   rejection, no suppression); (b) the hearing shipped before DeepFilterNet3 (WebRTC's
#   suppressor, the decision of 2026-11-26); (c) as shipped; (d) as shipped, during a
#   lesson (`--lesson`: the grammar without look-ups; commands, near-misses and other
#   speech only, since a look-up there is conversation);
# - the cost on one core: (b), (c) and (d) again on a fixed part of the sets (Piper's
#   commands, look-ups and near-misses clean and at 12 dB, the real other speech clean),
#   one recording at a time on core 0 (`taskset -c 0`), so both decodes of an utterance
#   share that core as on a loaded Raspberry Pi;
# - then the review question (`recognize --answers` with the curriculum's answers): the
#   questions to the course and the answers (Piper) and real recordings, the plain answer
#   grammar and the answer grammar after WebRTC's suppressor beside the shipped one.
#
# Prints, per set and noise: commands and look-ups acted on rightly (n, and % of what the
# baseline acted on rightly) / wrongly (a look-up read as a different passage counts
# here); speech that is no command acted on; the decodes' CPU per audio second (median,
# p95) and the intent's latency after the trailing silence, per run, and on one core.
#
#   scripts/bench-recognition.sh [--limit 40] [--per-kind 30] [--jobs 2] [--keep DIR] [--only NAME,...]
#                                [--before BIN]
#
# --limit: AN4 and real other recordings of the held-out half; --per-kind: Piper phrases
# per kind (commands: all seven at three rates and two takes); --keep: leave the sets and
# decodes in DIR (a second run with the same DIR decodes only what is missing); --only:
# these parts (a,b,c,d,cost,review); --before: (c) again with that build (today's, say),
# beside this one's in the same run.
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,39p' "$0"; exit 0 ;; esac; done
export BIBLE_COURSE_TEST_VOICES=1
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
LIMIT=40; PER_KIND=30; JOBS=2; KEEP=""; ONLY="a,b,c,d,cost,review"; BEFORE=""
while (($#)); do
    case "$1" in
        --before) BEFORE="$(realpath "$2")"; shift 2 ;;
        --limit) LIMIT="$2"; shift 2 ;;
        --per-kind) PER_KIND="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        --only) ONLY="$2"; shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
work_folder "$KEEP"

if [ ! -f "$WORK/piper/manifest.jsonl" ]; then
    say "making the sets (Piper synthesis is cached in ~/.cache/bible-course/piper)"
    python3 -m bench.speech_sets decision --out "$WORK/sets" --limit "$LIMIT" --snr 20,12,6
    python3 -m bench.speech_sets piper --out "$WORK/piper" --snr 20,12,6 --beds held-out \
        --kinds command,lookup,near-miss,other,question,answer --per-kind "$PER_KIND"
fi
# The held-out halves, the parts each run decodes, and the cost's fixed part.
pick() { python3 -m bench.pick "$@"; }
PIPER="$WORK/piper/manifest.jsonl"
pick --split eval "$WORK/sets/an4.jsonl" > "$WORK/an4-eval.jsonl"
pick --split eval "$WORK/sets/other.jsonl" > "$WORK/other-eval.jsonl"
pick --kinds command,lookup,near-miss,other "$PIPER" > "$WORK/commands.jsonl"
pick --kinds command,near-miss,other "$PIPER" > "$WORK/lesson.jsonl"
{ pick --kinds command,lookup,near-miss --snr clean,12 "$PIPER"; pick --snr clean "$WORK/other-eval.jsonl"; } \
    > "$WORK/cost.jsonl"
pick --except-kinds lookup "$WORK/cost.jsonl" > "$WORK/cost-lesson.jsonl"
{ pick --kinds question,answer "$PIPER"; pick --kinds other --snr clean,12 "$PIPER"; } > "$WORK/review.jsonl"
# The decision shipped before it was refitted on DeepFilterNet3's output (2026-11-26).
cat > "$WORK/before.json" <<'JSON'
{"commandConfidence": {"bias": 0.0683, "weights": {"wordsAgainstModel": 0.0536, "wholeAgainstModel": -0.0554, "closestRunDistance": 2.5597, "distance": -8.3687, "signalToNoise": 0.0192, "extraWords": 1.301}, "threshold": 0.3177}}
JSON
USER_GRAMMAR=(--grammars "$WORK/sets/an4/grammars" --vocabulary "$WORK/sets/an4/vocabulary.json")

decode() {  # NAME USER(0|1) COURSE_MANIFESTS recognize flags...  ($DECODE_BIN: another build)
    local name="$1" user="$2" course="$3"; shift 3
    local bin="${DECODE_BIN:-$BIN}"
    local out="$WORK/run-$name"
    [ -f "$out/course.jsonl" ] && return
    say "decoding: $name $*"
    mkdir -p "$out"
    if ((user)); then
        python3 -m bench.run_recognize --bin "$bin" --jobs "$JOBS" --out "$out/user.jsonl" "$WORK/an4-eval.jsonl" -- \
            "${USER_GRAMMAR[@]}" "$@" 2>/dev/null
    fi
    # shellcheck disable=SC2086
    python3 -m bench.run_recognize --bin "$bin" --jobs "$JOBS" --out "$out/course.jsonl.tmp" $course -- "$@" 2>/dev/null
    mv "$out/course.jsonl.tmp.rss" "$out/course.jsonl.rss"
    mv "$out/course.jsonl.tmp" "$out/course.jsonl"
}
wants() { [[ ",$ONLY," == *",$1,"* ]]; }
RUNS=()
COURSE="$WORK/commands.jsonl $WORK/other-eval.jsonl"
if wants a; then
    decode plain 1 "$COURSE" --command-search grammar --garbage-weight 0 --suppress-noise-below-db 0 --denoiser webrtc
    RUNS+=("a plain, no front end=$WORK/run-plain")
fi
if wants b; then
    decode before 1 "$COURSE" --denoiser webrtc --hearing-tuning "$WORK/before.json"
    RUNS+=("b before (WebRTC, 2026-11-26 decision)=$WORK/run-before")
fi
if wants c; then
    decode shipped 1 "$COURSE"
    RUNS+=("c shipped=$WORK/run-shipped")
    if [ -n "$BEFORE" ]; then
        DECODE_BIN="$BEFORE" decode shipped-before 1 "$COURSE"
        RUNS+=("c shipped, the build before=$WORK/run-shipped-before")
    fi
fi
if wants d; then
    decode lesson 0 "$WORK/lesson.jsonl $WORK/other-eval.jsonl" --lesson
    RUNS+=("d shipped, during a lesson=$WORK/run-lesson")
fi

echo "== Hearing benchmark, held-out sets ($(nproc) cores; $BIN; $(grep -c . "$WORK/an4-eval.jsonl") files through AN4's grammar," \
     "$(cat "$WORK/commands.jsonl" "$WORK/other-eval.jsonl" | grep -c .) through the course's)"
python3 -m bench.score_denoise --user "$WORK/an4-eval.jsonl" --course "$WORK/commands.jsonl,$WORK/other-eval.jsonl" "${RUNS[@]}"

if wants cost; then
    ONE_CORE="$WORK/bible-course-core0"
    printf '#!/bin/sh\nexec taskset -c 0 "%s" "$@"\n' "$BIN" > "$ONE_CORE"; chmod +x "$ONE_CORE"
    COST_RUNS=()
    for config in "b before|cost.jsonl|--denoiser webrtc --hearing-tuning $WORK/before.json" "c shipped|cost.jsonl|" \
                  "d shipped, during a lesson|cost-lesson.jsonl|--lesson"; do
        name="${config%%|*}"; rest="${config#*|}"; manifest="${rest%%|*}"; read -r -a flags <<< "${rest#*|}"
        out="$WORK/cost-${#COST_RUNS[@]}"; mkdir -p "$out"
        if [ ! -f "$out/course.jsonl" ]; then
            say "decoding on core 0: $name ${flags[*]}"
            python3 -m bench.run_recognize --jobs 1 --bin "$ONE_CORE" --out "$out/course.jsonl.tmp" "$WORK/$manifest" -- \
                "${flags[@]}" 2>/dev/null
            mv "$out/course.jsonl.tmp.rss" "$out/course.jsonl.rss"; mv "$out/course.jsonl.tmp" "$out/course.jsonl"
        fi
        COST_RUNS+=("$name=$out")
    done
    echo "== On one core (taskset -c 0), one recording at a time: $(grep -c . "$WORK/cost.jsonl") files"
    python3 -m bench.score_denoise --user /dev/null --course "$WORK/cost.jsonl" "${COST_RUNS[@]}" | sed -n '/^Decode CPU/,$p'
    for run in "${COST_RUNS[@]}"; do echo "peak RSS, ${run%%=*}: $(cat "${run#*=}/course.jsonl.rss") MB"; done
fi

wants review || exit 0
ANSWERS="$(paste -sd'|' "$WORK/piper/answers.txt")"
REVIEWS=()
for config in "plain grammar (review)|--garbage-weight 0" "before, WebRTC (review)|--denoiser webrtc" "shipped (review)|"; do
    name="${config%%|*}"; read -r -a flags <<< "${config#*|}"
    out="$WORK/review-$((${#REVIEWS[@]} / 2))"; mkdir -p "$out"
    if [ ! -f "$out/real.jsonl" ]; then
        say "recognising during the review question: $name ${flags[*]}"
        python3 -m bench.run_recognize --jobs "$JOBS" --out "$out/piper.jsonl" "$WORK/review.jsonl" -- \
            --answers "$ANSWERS" "${flags[@]}" 2>/dev/null
        python3 -m bench.run_recognize --jobs "$JOBS" --out "$out/real.jsonl" "$WORK/other-eval.jsonl" -- \
            --answers "$ANSWERS" "${flags[@]}" 2>/dev/null
    fi
    REVIEWS+=(--review "$name=$out")
done
echo "== During the review question"
python3 -m bench.score_hearing --piper "$WORK/review.jsonl" --real "$WORK/other-eval.jsonl" "${REVIEWS[@]}"
