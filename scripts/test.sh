#!/usr/bin/env bash
# Sets up what is missing (as scripts/run.sh does), then runs the tests.
#
#   scripts/test.sh          every test: the unit tier in parallel, then the end-to-end tier
#                            (real recordings and voices decoded, models built, the daemon
#                            run) one test at a time, and the bundled curriculum checked
#   scripts/test.sh --fast   the unit tier only (<Module>UnitTests: pure logic, no audio,
#                            no model build), in parallel
#   scripts/test.sh -- ARGS  only `swift test ARGS`, one test at a time (e.g. -- --filter NAME)
set -euo pipefail
FAST=0
SWIFT_TEST_ARGS=()
while (($#)); do
    case "$1" in
        --fast) FAST=1; shift ;;
        --) shift; SWIFT_TEST_ARGS=("$@"); break ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) echo "scripts/test.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
((FAST)) || export BIBLE_COURSE_TEST_VOICES=1
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
# The service's sandbox (systemd-analyze's exposure at most 2.5; skipped without systemd-analyze).
scripts/check-service.sh
say "building the tests (swift build --build-tests)"
swift build --build-tests --quiet
if ((${#SWIFT_TEST_ARGS[@]})); then
    swift test --skip-build --no-parallel "${SWIFT_TEST_ARGS[@]}"
    exit 0
fi
# The tiers by target name (a test's identifier begins with its module): <Module>UnitTests,
# and the rest.
UNIT_TIER='^[A-Za-z]+UnitTests\.'
started=$SECONDS
say "unit tier (<Module>UnitTests, in parallel)"
swift test --skip-build --parallel --filter "$UNIT_TIER"
say "unit tier passed in $((SECONDS - started)) s"
((FAST)) && exit 0
say "checking the bundled curriculum"
"$BIBLE_COURSE" curriculum check
started=$SECONDS
# One test at a time: several suites synthesise speech with espeak-ng (one global engine)
# and decode it on two cores; run side by side they disturb each other's timing and voices.
say "end-to-end tier (<Module>Tests, one at a time)"
swift test --skip-build --no-parallel --skip "$UNIT_TIER"
say "end-to-end tier passed in $((SECONDS - started)) s"
