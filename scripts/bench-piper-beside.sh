#!/usr/bin/env bash
# Hearing beside Piper's background render, on one core: how long `recognize` takes to hear
# $FILES real people's utterances (CMU AN4's test speakers) on core 0, alone and while Piper
# renders sentence after sentence on the same core, as the daemon's background render does
# in its first minutes: with onnxruntime's own threads at the daemon's priority, and with
# one thread at nice 10 (what the daemon starts Piper with). Prints the wall-clock seconds
# per utterance heard in each condition and its ratio to hearing alone, and Piper's
# real-time factor meanwhile (seconds of work per second of speech).
#
#   scripts/bench-piper-beside.sh [BIN]     BIN: the binary (default: the release build)
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,10p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
FILES="${FILES:-40}"
if [ -n "${1:-}" ]; then BIN="$1"; else release_binary; fi
work_folder ""
python3 -m bench.piper_beside --bin "$BIN" --files "$FILES" "$WORK"
