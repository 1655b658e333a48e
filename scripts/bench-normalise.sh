#!/usr/bin/env bash
# Prints the transcript normaliser's figures over its test set
# (Tests/AssistantTests/normalisation-cases.tsv): per set, the share of lines normalised
# exactly as expected, of already-right lines left unchanged, and the precision and recall
# of the extracted terms; then the time per line (median, p95) beside a baseline measured
# in the same run, the reference finder alone on the same lines.
# Targets: terms precision >= 95%, recall >= 90%, >= 99% of already-right lines unchanged,
# <= 50 µs median per line. Then every verse of Models/Bible.db through `normalise`: how many
# come back changed (each one a name read into Scripture that does not say it), with the
# commonest changes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
release_binary
echo "== Transcript normaliser benchmark ($(nproc) cores, release build)"
"$BIN" bench normalise --cases Tests/AssistantTests/normalisation-cases.tsv --runs "${RUNS:-20}"
echo "== Every BSB verse through bible-course normalise (none should change)"
python3 - "$BIN" "$ROOT/Models/Bible.db" <<'PY'
import collections, difflib, json, sqlite3, subprocess, sys
binary, bible = sys.argv[1:3]
verses = [row[0] for row in sqlite3.connect(bible).execute("SELECT text FROM verses ORDER BY rowid")]
out = subprocess.run([binary, "normalise", "--json"], input="\n".join(verses) + "\n",
                     capture_output=True, text=True, check=True).stdout.splitlines()
changes = collections.Counter()
changed = 0
for line in out:
    row = json.loads(line)
    if row["input"] == row["normalised"]:
        continue
    changed += 1
    said, read = row["input"].split(), row["normalised"].split()
    for op, a, b, c, d in difflib.SequenceMatcher(None, said, read).get_opcodes():
        if op != "equal":
            changes[(" ".join(said[a:b]), " ".join(read[c:d]))] += 1
print(f"verses changed: {changed}/{len(verses)} ({100 * changed / max(1, len(verses)):.2f}%)")
for (said, read), count in changes.most_common(8):
    print(f"  {count:>3}  {said!r} -> {read!r}")
PY
