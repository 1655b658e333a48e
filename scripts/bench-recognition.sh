#!/usr/bin/env bash
# Hearing benchmark on real people and a natural voice (never espeak-ng), every
# configuration side by side in one run, the plain grammar first as the baseline:
#
# - the course's commands, a look-up of every book (two phrasings each), near-misses
#   (scripts/lib/near_misses.txt) and other speech (Bible verses, everyday sentences) read
#   by Piper's en_US-joe-medium voice at three rates, clean and mixed with real room noise
#   (Speech Commands' `_silence_` recordings: dishes, a running tap, ...) at 20, 10, 5 dB;
# - real out-of-grammar speech through the Bible grammar: Common Voice, CMU AN4 (train
#   and test), Speech Commands words, room recordings (../shared/speech), and the
#   sentences and words again in real room noise at 10 dB (people talking in a noisy room);
# - real in-grammar speech: AN4's test recordings through a user grammar of AN4's
#   sentences (`recognize --grammars --vocabulary`), and the share of what the plain
#   grammar hears right that each configuration keeps;
# - while the review question is asked (`recognize --answers` with the curriculum's answers):
#   the questions to the course, the answers (Piper, fastest and slowest rate) and other
#   speech clean and at 10 dB, and the real recordings, with the plain answer grammar as
#   the baseline;
# - decode real-time factor, intent latency after the trailing silence, peak RSS.
#
#   scripts/bench-recognition.sh [--errors NAME] [--snr 20,10,5]
#
# Targets (issue 11): in-grammar kept >= 98%; Piper commands >= 99% clean, >= 95% at 10 dB;
# look-ups >= 95% clean, >= 85% at 10 dB; real out-of-grammar acted on <= 0.5%; near-misses
# acted on <= 5%; RTF median <= 0.05; intent <= 100 ms after the trailing silence.
set -euo pipefail
export BIBLE_COURSE_TEST_VOICES=1
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,25p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
SNR="20,10,5"; ERRORS=()
while (($#)); do
    case "$1" in
        --snr) SNR="$2"; shift 2 ;;
        --errors) ERRORS=(--errors "$2"); shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

say "making the speech sets (Piper synthesis is cached in ~/.cache/bible-course/piper)"
python3 scripts/lib/speech_sets.py piper --out "$WORK/piper" --bin "$BIN" --snr "$SNR"
# The review question's answers are heard only while it is asked (the review runs below),
# which also hear the questions and other speech, clean and at 10 dB.
python3 - "$WORK/piper" <<'PY'
import json, os, sys
rows = [json.loads(l) for l in open(os.path.join(sys.argv[1], "manifest.jsonl"))]
with open(os.path.join(sys.argv[1], "commands.jsonl"), "w") as f:
    f.writelines(json.dumps(r) + "\n" for r in rows if r["kind"] != "answer")
with open(os.path.join(sys.argv[1], "review.jsonl"), "w") as f:
    f.writelines(json.dumps(r) + "\n" for r in rows
                 if r["kind"] in ("question", "answer", "other") and r["snr"] in (None, 10))
PY
ANSWERS="$(paste -sd'|' "$WORK/piper/answers.txt")"
python3 scripts/lib/speech_sets.py real --out "$WORK/real.jsonl" --noisy "$WORK/real-noisy" --snr 10
python3 scripts/lib/speech_sets.py an4 --out "$WORK/an4"
AN4_GRAMMAR=(--grammars "$WORK/an4/grammars" --vocabulary "$WORK/an4/vocabulary.json")

# name | recognize flags
CONFIGS=(
    "plain grammar|--command-search grammar --garbage-weight 0"
    "grammar + phone loop|--command-search grammar"
    "shipped (command LM)|"
)
ROWS=()
for config in "${CONFIGS[@]}"; do
    name="${config%%|*}"; read -r -a flags <<< "${config#*|}"
    out="$WORK/run-${#ROWS[@]}"; mkdir -p "$out"
    say "recognising: $name ${flags[*]}"
    python3 scripts/lib/run_recognize.py --bin "$BIN" --out "$out/piper.jsonl" "$WORK/piper/commands.jsonl" -- "${flags[@]}" 2>/dev/null
    python3 scripts/lib/run_recognize.py --bin "$BIN" --out "$out/real.jsonl" "$WORK/real.jsonl" -- "${flags[@]}" 2>/dev/null
    python3 scripts/lib/run_recognize.py --bin "$BIN" --out "$out/an4.jsonl" "$WORK/an4/manifest.jsonl" -- \
        "${AN4_GRAMMAR[@]}" "${flags[@]}" 2>/dev/null
    ROWS+=("$name=$out")
done

# name | recognize flags, while the review question is asked
REVIEW_CONFIGS=(
    "plain grammar (review)|--garbage-weight 0"
    "shipped (review)|"
)
REVIEWS=()
for config in "${REVIEW_CONFIGS[@]}"; do
    name="${config%%|*}"; read -r -a flags <<< "${config#*|}"
    out="$WORK/review-${#REVIEWS[@]}"; mkdir -p "$out"
    say "recognising during the review question: $name ${flags[*]}"
    python3 scripts/lib/run_recognize.py --bin "$BIN" --out "$out/piper.jsonl" "$WORK/piper/review.jsonl" -- \
        --answers "$ANSWERS" "${flags[@]}" 2>/dev/null
    python3 scripts/lib/run_recognize.py --bin "$BIN" --out "$out/real.jsonl" "$WORK/real.jsonl" -- \
        --answers "$ANSWERS" "${flags[@]}" 2>/dev/null
    REVIEWS+=(--review "$name=$out")
done

echo "== Hearing benchmark ($(nproc) cores, release build; Piper $(grep -c . "$WORK/piper/manifest.jsonl"), real $(grep -c . "$WORK/real.jsonl"), AN4 $(grep -c . "$WORK/an4/manifest.jsonl") utterances)"
for config in "${CONFIGS[@]}"; do echo "   ${config%%|*}: recognize ${config#*|}"; done
for config in "${REVIEW_CONFIGS[@]}"; do echo "   ${config%%|*}: recognize --answers ... ${config#*|}"; done
python3 scripts/lib/score_hearing.py --piper "$WORK/piper/manifest.jsonl" --real "$WORK/real.jsonl" \
    --an4 "$WORK/an4/manifest.jsonl" "${ROWS[@]}" "${REVIEWS[@]}" "${ERRORS[@]}"
