#!/usr/bin/env bash
# Prints the Scripture figures:
#
# - references read right from the reference set (Tests/ScriptureUnitTests/reference-set.tsv:
#   spoken and written references with what they name, and invalid ones that must be
#   refused with a reason), through `bible-course reference --json` as a user runs it,
#   this build beside the previous build's (REF: by default the commit before the last
#   change to Sources/Scripture; built once in release mode into .build/baseline/);
# - BSB import time and verse / passage look-up latency (median and p99 over 10,000 random
#   look-ups), each beside a baseline measured in the same run with Python's sqlite3 module
#   on the same data (import: the same rows into the same schema; look-up: the same verse
#   ids by primary key).
#
#   scripts/bench-scripture.sh [--baseline REF]
#
# Targets: references 99.5% right on spoken and on written, every invalid one refused;
# import under 15 s, verse look-up median under 50 µs on this machine.
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,17p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
LOOKUPS="${LOOKUPS:-10000}"
BASELINE=""
while (($#)); do
    case "$1" in
        --baseline) BASELINE="$2"; shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
release_binary
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# --- references, this build beside the previous one --------------------------------------
if [ -z "$BASELINE" ]; then
    BASELINE="$(git rev-parse "$(git log -1 --format=%H -- Sources/Scripture)^")"
fi
BASELINE="$(git rev-parse --verify "$BASELINE^{commit}")"
BASE_TREE="$ROOT/.build/baseline/$BASELINE"
BASE_BIN="$BASE_TREE/.build/release/bible-course"
if [ ! -x "$BASE_BIN" ]; then
    say "building the baseline ${BASELINE:0:10} in $BASE_TREE (once; several minutes)"
    rm -rf "$BASE_TREE"
    mkdir -p "$BASE_TREE"
    git archive "$BASELINE" | tar -x -C "$BASE_TREE"
    ln -s "$ROOT/Models/Bible.db" "$BASE_TREE/Models/Bible.db"
    (cd "$BASE_TREE" && swift build -c release --quiet --product bible-course)
fi
SET="$ROOT/Tests/ScriptureUnitTests/reference-set.tsv"
grep -v '^#' "$SET" | cut -f2 > "$WORK/inputs.txt"
"$BIN" reference --json --state-dir "$WORK/state" < "$WORK/inputs.txt" > "$WORK/this.jsonl"
"$BASE_BIN" reference --json --state-dir "$WORK/state-baseline" < "$WORK/inputs.txt" > "$WORK/baseline.jsonl"
echo "== References read right (${SET#$ROOT/}; baseline ${BASELINE:0:10})"
python3 - "$SET" "$WORK/this.jsonl" "$WORK/baseline.jsonl" <<'PY'
import json, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1], encoding="utf-8") if not l.startswith("#") and l.strip()]
def score(path):
    out = {}
    for (kind, text, expected), line in zip(rows, open(path, encoding="utf-8")):
        got = json.loads(line)
        if kind == "invalid":
            right = got["reference"] is None and bool(got["error"])
        else:
            right = got["reference"] == expected
        out.setdefault(kind, []).append((right, text, got))
    return out
this, base = score(sys.argv[2]), score(sys.argv[3])
for kind, what in (("spoken", "spoken references read right"), ("written", "written references read right"),
                   ("invalid", "invalid references refused with a reason")):
    n = len(this[kind]); a = sum(r for r, _, _ in this[kind]); b = sum(r for r, _, _ in base[kind])
    print(f"{what}: {a} of {n} ({100 * a / n:.1f}%), baseline {b} of {n} ({100 * b / n:.1f}%)"
          f"  target {'99.5' if kind != 'invalid' else '100'}%")
    for right, text, got in this[kind]:
        if not right:
            print(f"    {text!r} -> {got['reference'] or got['error']}")
PY

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
