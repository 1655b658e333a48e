#!/usr/bin/env bash
# The daemon's voices side by side, espeak-ng (en-us) and Piper (piper:en_US-joe-medium),
# each at the shipped rate 0.9, on one core (taskset -c 0) in one run:
#   - first sound: from a look-up's passage given to the voice to its first sound reaching
#     the loudspeaker (10 random passages nobody rendered ahead; the first is cold: Piper
#     starts), median and worst of the rest;
#   - render: the course's fixed speech (every script, reading, answer and reply), time
#     and processor seconds per second of audio, and the cache's disk;
#   - memory: peak RSS of the process and of Piper's child, after the course and after 100
#     random passages said whole by a Piper of their own (text the course does not hold);
#     Piper is run twice, with its pieces cut at 120 characters (the daemon's) and at 250
#     (whole sentences, as before: the baseline);
#   - intelligibility, a check and not a judge: the first lesson's sentences in each voice
#     transcribed by `bible-course listen` (the Bible-domain model), word error rate.
# Needs Piper (scripts/setup.sh installs it with BIBLE_COURSE_PIPER=1).
#
#   scripts/bench-voice.sh [--keep DIR]
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,17p' "$0"; exit 0 ;; esac; done
export BIBLE_COURSE_PIPER=1
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
KEEP=""
[ "${1:-}" = --keep ] && KEEP="$2"
release_binary
work_folder "$KEEP"
for run in en-us:250 piper:en_US-joe-medium:250 piper:en_US-joe-medium:120; do
    voice="${run%:*}"; pieces="${run##*:}"
    name="${voice//[:]/-}-$pieces"
    rm -rf "$WORK/$name"
    say "voice $voice (pieces of up to $pieces characters) on core 0"
    taskset -c 0 "$BIN" bench voice --voice "$voice" --piece-length "$pieces" --passages 100 \
        --state-dir "$WORK/$name" --samples "$WORK/$name/samples" | tee "$WORK/$name.jsonl"
    cut -f1 "$WORK/$name/samples/manifest.tsv" | xargs "$BIN" listen --json > "$WORK/$name-listen.jsonl"
    printf '%s intelligibility: ' "$name"
    python3 -m bench.score_voice "$WORK/$name/samples/manifest.tsv" "$WORK/$name-listen.jsonl"
done
python3 -m bench.voice_figures "$WORK/en-us-250.jsonl" "$WORK/piper-en_US-joe-medium-250.jsonl" \
    "$WORK/piper-en_US-joe-medium-120.jsonl"
