#!/usr/bin/env bash
# Sets up what is missing (as scripts/run.sh does), then runs every test and checks the
# bundled curriculum.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
say "checking the bundled curriculum"
"$BIBLE_COURSE" curriculum check
swift test "$@"
