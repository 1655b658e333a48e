#!/usr/bin/env bash
# Sets up what is missing (Debian packages, the BSB text, the build, Bible.db), then runs
# bible-course. With no arguments it runs the main job on the bundled course (the daemon,
# or the demo where there is no microphone); with
# arguments it runs `bible-course ARGS...` (e.g. scripts/run.sh verse "John 3:16").
#
#   scripts/run.sh --piper   the same with Piper's natural voice (installed first, into
#                            Models/piper/): the demo's lesson narrated by piper:en_US-joe-medium
set -euo pipefail
VOICE=()
if [ "${1:-}" = --piper ]; then
    shift
    export BIBLE_COURSE_PIPER=1
    VOICE=(--voice piper:en_US-joe-medium)
fi
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if (($#)); then
    exec "$BIBLE_COURSE" "$@"
fi
# The main job: the daemon on the microphone when there is one, else the demo (a whole
# lesson with a synthesised person, both voices written to session.wav).
if grep -qs ": capture " /proc/asound/pcm; then
    echo "[run] capture device found: running the daemon (Ctrl-C stops it)" >&2
    exec "$BIBLE_COURSE" run "${VOICE[@]}"
fi
echo "[run] no capture device: running the demo (one lesson, both voices in session.wav)" >&2
exec "$BIBLE_COURSE" demo --output session.wav "${VOICE[@]}"
