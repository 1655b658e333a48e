#!/usr/bin/env bash
# Sets up what is missing (Debian packages, the BSB text, the build, Bible.db), then runs
# bible-course. With no arguments it runs the main job on the bundled course; with
# arguments it runs `bible-course ARGS...` (e.g. scripts/run.sh verse "John 3:16").
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if (($#)); then
    exec "$BIBLE_COURSE" "$@"
fi
# Until the daemon exists (issue 6) the main job shows the Bible it will read from.
"$BIBLE_COURSE" bible info | tail -n 1
exec "$BIBLE_COURSE" verse "John 3:16"
