#!/usr/bin/env bash
# Sets up what is missing (Debian packages, the BSB text, the build, Bible.db), then runs
# bible-course. With no arguments it runs the main job on the bundled course (the daemon,
# or the demo where there is no microphone); with
# arguments it runs `bible-course ARGS...` (e.g. scripts/run.sh verse "John 3:16").
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if (($#)); then
    exec "$BIBLE_COURSE" "$@"
fi
# The main job: the daemon on the microphone when there is one, else the demo (a whole
# lesson with a synthesised person, both voices written to session.wav).
if grep -qs ": capture " /proc/asound/pcm; then
    echo "[run] capture device found: running the daemon (Ctrl-C stops it)" >&2
    exec "$BIBLE_COURSE" run
fi
echo "[run] no capture device: running the demo (one lesson, both voices in session.wav)" >&2
exec "$BIBLE_COURSE" demo --output session.wav
