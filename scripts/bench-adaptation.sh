#!/usr/bin/env bash
# Speaker adaptation on real voices: does `scripts/adapt.sh OUT --recordings DIR` (a
# MAP-adapted copy of the en-us acoustic model, and an MLLR transform) make real people
# heard better than the shipped, unadapted model?
#
# For each of N speakers of CMU AN4's training set (../shared/speech/an4; speakers with at
# least 12 recordings, half women and half men, evenly spread over the sorted list): every
# third recording is held out, the other two thirds (NAME.wav + NAME.txt, lower-case
# words) go to scripts/adapt.sh, and the held-out ones are decoded clean and mixed with
# real room noise (Speech Commands' `_silence_` cuts, the held-out half of the beds, SNR
# measured on the speech) through a user grammar of AN4's sentences
# (bench.speech_sets an4), by three models: unadapted (the baseline), MAP
# (`--adaptation OUT/acoustic-model`) and MLLR (`--adaptation OUT/mllr_matrix`); each with
# the plain grammar (`--command-search grammar --garbage-weight 0 --minimum-confidence 0`:
# no rejection) and with the shipped decision (default flags). Prints, per noise condition
# and model, the sentences heard exactly right (text = transcript, not rejected), those
# taken although wrong (shipped decision), the word error rate (plain grammar), and the
# utterances gained and lost against the unadapted model; then each speaker's figures.
#
#   scripts/bench-adaptation.sh [--bin PATH] [--speakers 10] [--snr 12] [--jobs 1] [--seed 7] [--keep DIR]
#
# --bin: the bible-course binary (default: this checkout's release build, rebuilt where out
# of date). --snr: comma-separated dB, clean is always decoded.
# --jobs: parallel decoders. --keep: copy the work files (adaptations, recognize output)
# to DIR. Downloads nothing; needs sox and sphinxtrain (scripts/setup.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN=""; SPEAKERS=10; SNR="12"; JOBS=1; SEED=7; KEEP=""
while (($#)); do
    case "$1" in
        --bin) BIN="$2"; shift 2 ;;
        --speakers) SPEAKERS="$2"; shift 2 ;;
        --snr) SNR="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        --seed) SEED="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        *) echo "bench-adaptation.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
say() { printf '[bench-adaptation] %s\n' "$*" >&2; }
source "$ROOT/scripts/lib/bench.sh"
if [ -z "$BIN" ]; then
    release_binary
else
    [ -x "$BIN" ] || { echo "bench-adaptation.sh: no binary at $BIN" >&2; exit 1; }
    BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
    export BIBLE_COURSE="$BIN"
fi
[ -d "$SPEECH/an4" ] || { echo "bench-adaptation.sh: no AN4 at $SPEECH/an4 (see ../shared/speech/README.md)" >&2; exit 1; }
WORK="$(mktemp -d)"
trap 'if [ -n "$KEEP" ]; then mkdir -p "$KEEP" && cp -r "$WORK"/. "$KEEP"/; fi; rm -rf "$WORK"' EXIT

say "AN4 user grammar; choosing $SPEAKERS speakers, splitting their recordings, mixing noise at $SNR dB"
python3 -m bench.speech_sets an4 --out "$WORK/an4"
python3 -m bench.adaptation_sets --speakers "$SPEAKERS" --snr "$SNR" --seed "$SEED" "$WORK"

GRAMMAR=(--grammars "$WORK/an4/grammars" --vocabulary "$WORK/an4/vocabulary.json")
# name | recognize flags
DECISIONS=("plain|--command-search grammar --garbage-weight 0 --minimum-confidence 0" "shipped|")
mapfile -t CHOSEN < "$WORK/speakers.txt"
for line in "${CHOSEN[@]}"; do
    read -r speaker adapted decoded <<< "$line"
    folder="$WORK/speakers/$speaker"
    say "$speaker: adapting on $adapted recordings, decoding $decoded held out"
    BIBLE_COURSE="$BIN" "$ROOT/scripts/adapt.sh" "$folder/adaptation" --recordings "$folder/recordings" </dev/null >"$folder/adapt.log" 2>&1 \
        || { cat "$folder/adapt.log" >&2; exit 1; }
    for model in unadapted MAP MLLR; do
        case "$model" in
            unadapted) adaptation=() ;;
            MAP) adaptation=(--adaptation "$folder/adaptation/acoustic-model") ;;
            MLLR) adaptation=(--adaptation "$folder/adaptation/mllr_matrix") ;;
        esac
        for decision in "${DECISIONS[@]}"; do
            name="${decision%%|*}"; read -r -a flags <<< "${decision#*|}"
            python3 -m bench.run_recognize --jobs "$JOBS" --out "$folder/$model-$name.jsonl" \
                "$folder/manifest.jsonl" -- "${GRAMMAR[@]}" ${adaptation[@]+"${adaptation[@]}"} ${flags[@]+"${flags[@]}"} </dev/null 2>/dev/null
        done
    done
done

python3 -m bench.score_adaptation "$WORK"
