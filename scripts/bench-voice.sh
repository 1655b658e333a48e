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
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,15p' "$0"; exit 0 ;; esac; done
export BIBLE_COURSE_PIPER=1
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
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
    python3 scripts/lib/score_voice.py "$WORK/$name/samples/manifest.tsv" "$WORK/$name-listen.jsonl"
done
python3 - "$WORK" <<'PY'
import json, sys, os
work = sys.argv[1]
rows = {}
names = ("en-us-250", "piper-en_US-joe-medium-250", "piper-en_US-joe-medium-120")
for name in names:
    for line in open(os.path.join(work, name + ".jsonl")):
        item = json.loads(line)
        rows.setdefault(name, {})[item["figure"]] = item
e, whole, p = (rows[name] for name in names)
def per(r): return r["render"]["cpu_seconds"] / r["render"]["audio_seconds"]
print(f"render, CPU-s per audio-s on one core: espeak-ng {per(e):.4f}, Piper {per(p):.4f} ({per(p) / per(e):.0f}x); "
      f"whole course: {p['render']['audio_seconds'] / 60:.0f} min of Piper audio in {p['render']['wall_seconds']:.0f} s, cache {p['render']['cache_bytes'] / 1e6:.0f} MB")
print(f"first sound of a look-up: espeak-ng {e['first-sound']['warm_median_ms']:.0f} ms, Piper {p['first-sound']['warm_median_ms']:.0f} ms "
      f"(worst {p['first-sound']['warm_max_ms']:.0f} ms, cold {p['first-sound']['cold_ms']:.0f} ms); "
      f"whole sentences: {whole['first-sound']['warm_median_ms']:.0f} ms (worst {whole['first-sound']['warm_max_ms']:.0f} ms)")
print(f"peak RSS: espeak-ng {e['memory']['self_peak_kb'] / 1024:.0f} MB; Piper: the process {p['memory']['self_peak_kb'] / 1024:.0f} MB + its child "
      f"{p['memory']['child_peak_kb'] / 1024:.0f} MB after the course, {p['passages']['child_peak_kb'] / 1024:.0f} MB after 100 passages; "
      f"whole sentences: {whole['memory']['child_peak_kb'] / 1024:.0f} MB and {whole['passages']['child_peak_kb'] / 1024:.0f} MB "
      f"({p['memory']['child_peak_kb'] / whole['memory']['child_peak_kb']:.2f}x, {p['passages']['child_peak_kb'] / whole['passages']['child_peak_kb']:.2f}x)")
print(f"Piper render CPU-s per audio-s, pieces against whole sentences: {per(p) / per(whole):.2f}x")
PY
