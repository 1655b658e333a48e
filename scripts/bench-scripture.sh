#!/usr/bin/env bash
# Prints the Scripture figures: BSB import time and verse / passage look-up latency
# (median and p99 over 10,000 random look-ups), each beside a baseline measured in the
# same run with Python's sqlite3 module on the same data (import: the same rows into the
# same schema; look-up: the same verse ids by primary key).
# Targets on this machine: import under 15 s, verse look-up median under 50 µs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
LOOKUPS="${LOOKUPS:-10000}"
say "building release (swift build -c release)"
swift build -c release --quiet
BIN="$(swift build -c release --show-bin-path)/bible-course"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

calc() { python3 -c "print($1)"; }
start=$(date +%s%N)
"$BIN" bible import "$BSB_DIR" --bible "$WORK/Bible.db" >/dev/null
ours=$(calc "($(date +%s%N) - $start) / 1e9")

baseline=$(python3 - "$BSB_DIR" "$WORK/baseline.db" "$LOOKUPS" <<'PY'
import sqlite3, sys, time, random
src, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
t = time.perf_counter()
verses = {}
for name in ("ot_BSB.tsv", "nt_BSB.tsv"):
    with open(f"{src}/{name}", encoding="utf-8") as f:
        next(f)
        for line in f:
            p = line.rstrip("\n").split("\t")
            vid = int(p[0]) // 1000
            verses[vid] = verses.get(vid, "") + p[2] + ("" if p[3] == "y" else " ")
db = sqlite3.connect(out)
db.execute("CREATE TABLE verses (id INTEGER PRIMARY KEY, book_id INTEGER, chapter INTEGER, verse INTEGER, text TEXT)")
with db:
    db.executemany("INSERT INTO verses VALUES (?,?,?,?,?)",
                   ((v, v // 1000000, v // 1000 % 1000, v % 1000, s.strip()) for v, s in sorted(verses.items())))
imp = time.perf_counter() - t
ids = list(verses)
random.seed(42)
times = []
for _ in range(n):
    vid = random.choice(ids)
    t = time.perf_counter_ns()
    db.execute("SELECT text FROM verses WHERE id = ?", (vid,)).fetchone()
    times.append((time.perf_counter_ns() - t) / 1000)
times.sort()
print(f"{imp:.2f} {times[len(times)//2]:.1f} {times[len(times)*99//100]:.1f}")
PY
)
read -r base_import base_median base_p99 <<<"$baseline"

echo "== Scripture benchmark ($(nproc) cores, release build, $LOOKUPS look-ups)"
printf 'import: %.2f s (baseline python3 sqlite3 import of the same rows: %s s; ratio %.2f) target < 15 s\n' \
    "$ours" "$base_import" "$(calc "$ours / $base_import")"
lookups=$("$BIN" bench scripture --lookups "$LOOKUPS" --bible "$WORK/Bible.db")
echo "$lookups"
median=$(echo "$lookups" | sed -nE 's/^verse look-ups.*median ([0-9.]+) µs.*/\1/p')
printf 'verse look-up median %s µs vs baseline python3 sqlite3 by id: median %s µs, p99 %s µs (ratio %.2f) target median < 50 µs\n' \
    "$median" "$base_median" "$base_p99" "$(calc "$median / $base_median")"
