#!/usr/bin/env bash
# Speaker adaptation: moves the en-us acoustic model towards one voice and microphone, from
# recordings of known text. Writes two adaptations; the daemon uses either with
# `adaptation = "PATH"` in its config (or --adaptation PATH):
#   OUT_DIR/acoustic-model/  a MAP-adapted copy of the model (the better one: measured by
#                            scripts/bench-recognition.sh)
#   OUT_DIR/mllr_matrix      an MLLR transform of the shipped model (small, needs less speech)
#
#   scripts/adapt.sh OUT_DIR --recordings DIR     # DIR holds NAME.wav and NAME.txt (what was read)
#   scripts/adapt.sh OUT_DIR --espeak VOICES      # espeak-ng voices (comma-separated) reading
#                                                 # Bible verses: for the synthetic test voices
# Options: --sentences N (espeak: how many verses, default 100); --noisy SNR (espeak: also
# each recording with a room's noise mixed in at SNR dB, brown noise or other voices reading
# other verses, as recordings made in a kitchen would have; real recordings carry their own).
# Needs Debian's sphinxtrain and sphinxbase-utils (installed when missing).
set -euo pipefail
case "${1:-}" in -h|--help) sed -n '2,15p' "$0"; exit 0 ;; esac
source "$(dirname "${BASH_SOURCE[0]}")/lib/bench.sh"   # ROOT, BIBLE_COURSE, PYTHONPATH
OUT="${1:?usage: scripts/adapt.sh OUT_DIR (--recordings DIR | --espeak VOICES) [--sentences N]}"; shift
RECORDINGS=""; VOICES=""; SENTENCES=100; NOISY=0
while (($#)); do
    case "$1" in
        --recordings) RECORDINGS="$2"; shift 2 ;;
        --espeak) VOICES="$2"; shift 2 ;;
        --sentences) SENTENCES="$2"; shift 2 ;;
        --noisy) NOISY="$2"; shift 2 ;;
        *) echo "adapt.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ -n "$RECORDINGS$VOICES" ] || { echo "adapt.sh: give --recordings DIR or --espeak VOICES" >&2; exit 2; }
[ "$NOISY" = 0 ] || [ -n "$VOICES" ] || { echo "adapt.sh: --noisy is for --espeak voices; recordings carry their room's own noise" >&2; exit 2; }
missing=()
for package in sphinxtrain sphinxbase-utils; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
MODEL=/usr/share/pocketsphinx/model/en-us
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT" "$WORK/audio"
OUT="$(cd "$OUT" && pwd)"   # the training runs in the work folder; a relative OUT_DIR is the caller's
# The alignment dictionary: cmudict, plus the recogniser's own words it lacks (the book
# names' authored pronunciations), so recordings of commands and look-ups are kept.
DICT="$WORK/adapt.dict"
cp "$MODEL/cmudict-en-us.dict" "$DICT"
if [ -n "$BIBLE_COURSE" ] && (cd "$ROOT" && "$BIBLE_COURSE" model build --state-dir "$WORK/state" >/dev/null 2>&1); then
    awk 'NR == FNR { known[$1] = 1; next } !($1 in known) && $1 !~ /^g_/' "$DICT" "$WORK/state/model/bible.dict" >> "$DICT"
else
    echo "adapt.sh: bible-course not built; aligning with cmudict's words only (book names it lacks are left out)" >&2
fi
cp -r "$MODEL/en-us" "$WORK/hmm"
pocketsphinx_mdef_convert -text "$WORK/hmm/mdef" "$WORK/hmm/mdef.txt" >/dev/null 2>&1
python3 -m bench.sendump_to_mixture_weights "$WORK/hmm/sendump" "$WORK/hmm/mixture_weights"

# The adaptation set: NAME.wav (16 kHz mono) + the words read, as the dictionary spells them.
python3 -m bench.adaptation_corpus --dictionary "$DICT" ${RECORDINGS:+--recordings "$RECORDINGS"} \
    ${VOICES:+--espeak "$VOICES"} --sentences "$SENTENCES" --noisy "$NOISY" --bible "$ROOT/Models/Bible.db" "$WORK/audio"
cd "$WORK/audio"
sphinx_fe -argfile "$WORK/hmm/feat.params" -samprate 16000 -c adapt.fileids -di . -do . -ei wav -eo mfc -mswav yes >"$WORK/fe.log" 2>&1
/usr/lib/sphinxtrain/bw -hmmdir "$WORK/hmm" -moddeffn "$WORK/hmm/mdef.txt" -ts2cbfn .ptm. -feat 1s_c_d_dd \
    -svspec 0-12/13-25/26-38 -cmn current -agc none -dictfn "$DICT" \
    -ctlfn adapt.fileids -lsnfn adapt.transcription -accumdir . >"$WORK/bw.log" 2>&1
/usr/lib/sphinxtrain/mllr_solve -meanfn "$WORK/hmm/means" -varfn "$WORK/hmm/variances" \
    -outmllrfn "$OUT/mllr_matrix" -accumdir . >"$WORK/mllr.log" 2>&1 || { tail -5 "$WORK/mllr.log" >&2; exit 1; }
# MAP: new means, variances, mixture weights and transitions from the same statistics.
rm -rf "$OUT/acoustic-model.new" && mkdir -p "$OUT/acoustic-model.new"
cp "$WORK/hmm/feat.params" "$WORK/hmm/mdef" "$WORK/hmm/noisedict" "$OUT/acoustic-model.new/"
/usr/lib/sphinxtrain/map_adapt -moddeffn "$WORK/hmm/mdef.txt" -ts2cbfn .ptm. -accumdir . \
    -meanfn "$WORK/hmm/means" -varfn "$WORK/hmm/variances" -mixwfn "$WORK/hmm/mixture_weights" \
    -tmatfn "$WORK/hmm/transition_matrices" -mapmeanfn "$OUT/acoustic-model.new/means" \
    -mapvarfn "$OUT/acoustic-model.new/variances" -mapmixwfn "$WORK/map_mixture_weights" \
    -maptmatfn "$OUT/acoustic-model.new/transition_matrices" >"$WORK/map.log" 2>&1 || { tail -5 "$WORK/map.log" >&2; exit 1; }
/usr/lib/sphinxtrain/mk_s2sendump -pocketsphinx yes -moddeffn "$WORK/hmm/mdef.txt" -mixwfn "$WORK/map_mixture_weights" \
    -sendumpfn "$OUT/acoustic-model.new/sendump" >"$WORK/sendump.log" 2>&1 || { tail -5 "$WORK/sendump.log" >&2; exit 1; }
rm -rf "$OUT/acoustic-model" && mv "$OUT/acoustic-model.new" "$OUT/acoustic-model"
echo "wrote $OUT/acoustic-model and $OUT/mllr_matrix ($(grep -c 'ignored' "$WORK/bw.log" || true) recordings could not be aligned to their text)"
