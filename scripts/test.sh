#!/usr/bin/env bash
# Sets up what is missing (as scripts/run.sh does), then runs every test and checks the
# bundled curriculum.
set -euo pipefail
export BIBLE_COURSE_TEST_VOICES=1
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
say "checking the bundled curriculum"
"$BIBLE_COURSE" curriculum check
# One test at a time: several suites synthesise speech with espeak-ng (one global engine)
# and decode it on two cores; run side by side they disturb each other's timing and voices.
swift test --no-parallel "$@"
