#!/usr/bin/env bash
# Figures of `bible-course listen` (issue 14): the Bible-domain language model against
# PocketSphinx's stock en-us model on the same audio, side by side in one run: word error
# rate on BSB verses read by Piper's natural voice (clean and at 10 dB of real room noise)
# and on Common Voice's and AN4's real people, named references found in Piper-read
# sentences that name a verse, quoted verses identified and real speech taken for a
# quotation, wall time per second of audio and peak RSS. See scripts/lib/bench/listen.py.
#
#   scripts/bench-listen.sh [--verses 200] [--named 100] [--seed 1] [--before BIN] [--no-stock] [--cores 0]
#
# Targets (issue 14): WER on verses <= half the stock model's, not much worse on Common
# Voice; named references found >= 90%; quoted verses top-1 >= 90% clean and >= 75% at
# 10 dB, real speech taken for a quotation <= 1%; decoding at RTF <= 0.5, RSS <= 150 MB.
# Issue 34 (a Raspberry Pi): on one core (the default, --cores 0) <= 0.2 s of wall time
# per second of audio on the noisy verses and Common Voice, peak RSS <= 90 MB, start-up
# with the model cached <= 1 s, and no loss against the build before (--before BIN).
set -euo pipefail
export BIBLE_COURSE_TEST_VOICES=1
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,16p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
release_binary
python3 -m bench.listen --bible "$ROOT/Models/Bible.db" "$@"
