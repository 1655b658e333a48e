#!/usr/bin/env bash
# Recognition benchmark: builds the espeak-ng test set from Tests/RecognitionTests/phrases.tsv
# (commands, look-ups over hard book names, non-command speech; five voices, rates
# 140-200; clean and with pink noise or babble mixed in at 20 and 10 dB SNR), runs
# `bible-course recognize` on it, and prints command accuracy, look-up accuracy, false
# accepts on non-commands, false rejects, decode real-time factor (median, p95), the
# processing after an utterance closes, and peak RSS — beside the same figures for the
# stock en-us language model (plain PocketSphinx: `recognize --fallback`, and
# pocketsphinx_batch for its own RTF and RSS) measured in the same run; the noisy files
# again without noise suppression (`--suppress-noise-below 0`), to show what it does; and
# the grammar again with a speaker adaptation made by scripts/adapt.sh (the MAP-adapted
# model, with its automatic confidence threshold) from the same voices reading other text
# (Bible verses, also with brown noise or other voices mixed in at 15 dB), as a user's own
# adaptation recorded in their room would be. Last, the grammar with rejection switched off
# (a garbage weight of 1e-20 and no pause check): how often its best path is the right
# phrase at all, the most any rejection method could keep with that acoustic model.
#
#   scripts/bench-recognition.sh [--voices en-us,en] [--snr 20,10] [-- extra recognize flags]
# Targets (issue 5): commands >= 99% clean and >= 95% at 10 dB; look-ups >= 95% clean;
# false accepts <= 1%; RTF < 0.05; intent within 100 ms of the end of the trailing silence.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
VOICES="en-us,en,en-gb,en+f3,en+m3"; SNR="20,10"; EXTRA=()
while (($#)); do
    case "$1" in
        --voices) VOICES="$2"; shift 2 ;;
        --snr) SNR="$2"; shift 2 ;;
        --) shift; EXTRA=("$@"); break ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
say "building release (swift build -c release)"
swift build -c release --quiet
BIN="$(swift build -c release --show-bin-path)/bible-course"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
say "making the speech set with espeak-ng and sox"
python3 scripts/lib/speech_corpus.py --phrases Tests/RecognitionTests/phrases.tsv --out "$WORK/set" \
    --voices "$VOICES" --snr "$SNR"
FILES=("$WORK"/set/*.wav)

run_measured() {  # run_measured OUTFILE RSSFILE cmd...
    local out="$1" rss="$2"; shift 2
    python3 -c '
import resource, subprocess, sys
out, rss, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
with open(out, "w") as f:
    subprocess.run(cmd, stdout=f, check=False)
open(rss, "w").write("%.1f" % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024))
' "$out" "$rss" "$@"
}

say "recognising with the compiled grammar"
run_measured "$WORK/ours.jsonl" "$WORK/ours.rss" "$BIN" recognize --json --state-dir "$WORK/state" "${EXTRA[@]}" "${FILES[@]}"
NOISY=("$WORK"/set/*[0-9].wav)
say "recognising the noisy files without noise suppression"
run_measured "$WORK/unsuppressed.jsonl" "$WORK/unsuppressed.rss" "$BIN" recognize --json --state-dir "$WORK/state" \
    --suppress-noise-below 0 "${EXTRA[@]}" "${NOISY[@]}"
say "adapting to the test voices (scripts/adapt.sh: the same voices reading Bible verses, not the test phrases)"
bash scripts/adapt.sh "$WORK/adaptation" --espeak "$VOICES" --noisy 15 >/dev/null
say "recognising with the compiled grammar and the adapted model"
run_measured "$WORK/adapted.jsonl" "$WORK/adapted.rss" "$BIN" recognize --json --state-dir "$WORK/state" \
    --adaptation "$WORK/adaptation/acoustic-model" "${EXTRA[@]}" "${FILES[@]}"
say "recognising with rejection switched off (the ceiling of any rejection method)"
CEILING=(--garbage-weight 1e-20 --max-pause 1000000)
run_measured "$WORK/ceiling.jsonl" "$WORK/ceiling.rss" "$BIN" recognize --json --state-dir "$WORK/state" \
    "${CEILING[@]}" "${EXTRA[@]}" "${FILES[@]}"
run_measured "$WORK/adapted-ceiling.jsonl" "$WORK/adapted-ceiling.rss" "$BIN" recognize --json --state-dir "$WORK/state" \
    --adaptation "$WORK/adaptation/acoustic-model" --min-confidence 0 "${CEILING[@]}" "${EXTRA[@]}" "${FILES[@]}"
say "recognising with the stock language model"
run_measured "$WORK/stock.jsonl" "$WORK/stock.rss" "$BIN" recognize --json --fallback "${FILES[@]}"

# Plain pocketsphinx_batch over the clean files: its own speed and memory.
M=/usr/share/pocketsphinx/model/en-us
: > "$WORK/batch.ctl"
for f in "$WORK"/set/*-clean.wav; do basename "$f" .wav >> "$WORK/batch.ctl"; done
start=$(date +%s%N)
run_measured "$WORK/batch.out" "$WORK/batch.rss" pocketsphinx_batch -hmm "$M/en-us" -lm "$M/en-us.lm.bin" \
    -dict "$M/cmudict-en-us.dict" -ctl "$WORK/batch.ctl" -cepdir "$WORK/set" -cepext .wav -adcin yes -adchdr 44 \
    -hyp "$WORK/batch.hyp" -logfn /dev/null
batch_ms=$(( ($(date +%s%N) - start) / 1000000 ))
clean_audio_ms=$(python3 -c '
import json, sys
print(sum(json.loads(l)["audio_ms"] for l in open(sys.argv[1]) if "-clean" in l and "audio_ms" in l))' "$WORK/stock.jsonl")

echo "== Recognition benchmark ($(nproc) cores, release build, $(grep -c . "$WORK/set/manifest.jsonl") utterances, voices $VOICES)"
echo "-- compiled grammar (bible-course recognize), peak RSS $(cat "$WORK/ours.rss") MB"
python3 scripts/lib/score_recognition.py "$WORK/set/manifest.jsonl" "$WORK/ours.jsonl"
echo "-- compiled grammar, noisy files without noise suppression (--suppress-noise-below 0)"
python3 scripts/lib/score_recognition.py "$WORK/set/manifest.jsonl" "$WORK/unsuppressed.jsonl"
echo "-- compiled grammar with the MAP-adapted model (scripts/adapt.sh --noisy 15) and its confidence threshold, peak RSS $(cat "$WORK/adapted.rss") MB"
python3 scripts/lib/score_recognition.py "$WORK/set/manifest.jsonl" "$WORK/adapted.jsonl"
echo "-- ceiling: the grammar's best path with rejection switched off (${CEILING[*]}): shipped model, then MAP-adapted"
python3 scripts/lib/score_recognition.py "$WORK/set/manifest.jsonl" "$WORK/ceiling.jsonl"
python3 scripts/lib/score_recognition.py "$WORK/set/manifest.jsonl" "$WORK/adapted-ceiling.jsonl"
echo "-- stock en-us language model + cmudict, fuzzy command matching (recognize --fallback), peak RSS $(cat "$WORK/stock.rss") MB"
python3 scripts/lib/score_recognition.py "$WORK/set/manifest.jsonl" "$WORK/stock.jsonl"
echo "-- pocketsphinx_batch, stock model, clean files: wall time $batch_ms ms for about $clean_audio_ms ms of speech (wall-clock RTF incl. start-up $(python3 -c "print(round($batch_ms / max(1, $clean_audio_ms), 3))")), peak RSS $(cat "$WORK/batch.rss") MB"
