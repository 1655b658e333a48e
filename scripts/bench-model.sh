#!/usr/bin/env bash
# Prints the recognition model figures: cold compile time (empty state directory) and warm
# start time (the model is present and current, so start-up only verifies and reuses it),
# as the median of several runs, each beside a baseline measured in the same run:
#   - in process: just reading the input files and cmudict (what any compile or check reads);
#   - whole process: `pocketsphinx_continuous` starting with the stock en-us model on one
#     second of silence and printing nothing (what any PocketSphinx program pays to start).
# Targets on this machine: cold under 3 s, warm under 0.3 s.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
source "$ROOT/scripts/lib/bench.sh"
cd "$ROOT"
RUNS="${RUNS:-7}"
release_binary
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Median wall time in seconds of running "$@" $RUNS times; PREPARE (a command) runs before each.
median_seconds() {
    local times=()
    for _ in $(seq "$RUNS"); do
        [ -n "${PREPARE:-}" ] && eval "$PREPARE"
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null 2>&1
        end=$(date +%s%N)
        times+=("$(( (end - start) / 1000000 ))")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.3f", (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2) / 1000}'
}

sox -n -r 16000 -c 1 -b 16 "$WORK/silence.wav" trim 0 1

echo "== Recognition model benchmark ($(nproc) cores, release build, $RUNS runs, medians)"
echo "-- in process (bible-course bench model: RecognitionModel.prepare, as the daemon calls it)"
"$BIN" bench model --runs "$RUNS" --state-dir "$WORK/in-process"

echo "-- whole process (start, assemble the vocabulary, prepare the model, exit)"
cold=$(PREPARE='rm -rf "$WORK/state"' median_seconds "$BIN" model build --state-dir "$WORK/state")
"$BIN" model build --state-dir "$WORK/state" >/dev/null
warm=$(median_seconds "$BIN" model build --state-dir "$WORK/state")
"$BIN" model build --state-dir "$WORK/state" | sed -n '2s/^/   (a warm run says: /p' | sed 's/$/)/' 
noop=$(median_seconds "$BIN" model --help)
sphinx=$(median_seconds pocketsphinx_continuous -infile "$WORK/silence.wav" -logfn /dev/null)
calc() { python3 -c "print($1)"; }
printf 'cold compile: %s s   (target < 3 s)\n' "$cold"
printf 'warm start:   %s s   (target < 0.3 s)\n' "$warm"
printf 'baseline, bible-course doing nothing (model --help): %s s\n' "$noop"
printf 'baseline, pocketsphinx_continuous stock model on 1 s of silence: %s s (warm start is %.2fx of it)\n' \
    "$sphinx" "$(calc "$warm / $sphinx")"
