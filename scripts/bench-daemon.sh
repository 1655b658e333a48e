#!/usr/bin/env bash
# Prints the daemon's figures, each beside a baseline measured in the same run:
#   - cold start to READY=1 (process start, config, warm model cache, decoder load, speech
#     engine, microphone open), median of $RUNS; baseline: pocketsphinx_continuous starting
#     with the stock en-us model and decoding 1 s of silence (what any PocketSphinx program
#     pays to start). Target: under 1 s.
#   - steady-state RSS after $SECONDS_IDLE s idle-listening, and where it is, part by part
#     (bench.memory_parts: Rss, Pss and Private_Dirty of the executable, each
#     library and mapped model file, the heap, other anonymous memory); baseline: peak RSS
#     of pocketsphinx_continuous decoding $SECONDS_IDLE s of silence. Target (issue 57): at
#     most 60 MB.
#   - CPU while idle-listening, as a share of one core (the daemon on core 0), in four rooms:
#     digital silence, and Speech Commands' real room cuts as recorded, strung together: quiet
#     (no 10 ms louder than -60 dBFS, the endpointer's floor of sound), murmur (below -60 dBFS
#     on the whole, with small sounds above it) and loud (above -40 dBFS);
#     baseline: the same for pocketsphinx_continuous decoding silence at real time is not
#     available (it reads files as fast as it can), so its CPU-seconds per audio-second are
#     printed instead. A stream cleaner works on what it hears, so it is paid here; in a
#     quiet room it rests (docs/hearing.md, "Noise": target at most 0.5% of a core here).
# Each figure for every front end of $DENOISERS (default: deepfilter, the shipped one, and
# webrtc beside it), and with `--before BIN` for that build too, in the same run.
# The daemon runs the release build under a notify socket (as systemd would start it),
# hearing a room's WAV file at real-time pace through the real capture thread
# (`run --capture-file`, since this machine may have no microphone) and speaking to ALSA's
# null device.
#
#   scripts/bench-daemon.sh [--before BIN]
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,27p' "$0"; exit 0 ;; esac; done
BEFORE=""
while (($#)); do
    case "$1" in
        --before) BEFORE="$(realpath "$2")"; shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
RUNS="${RUNS:-5}"
SECONDS_IDLE="${SECONDS_IDLE:-20}"
DENOISERS="${DENOISERS:-deepfilter webrtc}"   # the shipped front end first, WebRTC's beside
say "building release (static Swift runtime, as scripts/install.sh does)"
swift build -c release --product bible-course --static-swift-stdlib --scratch-path "$ROOT/.build-release" --quiet
BIN="$ROOT/.build-release/release/bible-course"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
sox -n -r 16000 -c 1 -b 16 "$WORK/silence.wav" trim 0 10
sox -n -r 16000 -c 1 -b 16 "$WORK/silence-1s.wav" trim 0 1
sox -n -r 16000 -c 1 -b 16 "$WORK/silence-long.wav" trim 0 "$SECONDS_IDLE"
"$BIN" model build --state-dir "$WORK/state" >/dev/null   # warm the model cache
python3 -m bench.daemon rooms "$SPEECH/speech-commands/_silence_" "$WORK"

python3 -m bench.daemon measure --runs "$RUNS" --idle "$SECONDS_IDLE" --denoisers "$DENOISERS" \
    "$WORK" "$BIN" ${BEFORE:+"$BEFORE"}
