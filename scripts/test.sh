#!/usr/bin/env bash
# Sets up what is missing (as scripts/run.sh does), then runs every test.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
swift test "$@"
