#!/usr/bin/env python3
"""The Scripture figures' Python (scripts/bench-scripture.sh):

- references: scores `bible-course reference --json` over the reference set (kind TAB
  text TAB reference; spoken and written must name the reference, invalid ones must be
  refused with a reason), this build beside the baseline's; prints each kind's share read
  right and this build's misses.
- sqlite-baseline: the baseline Python's sqlite3 module makes on the same data: the BSB's
  verses imported into the same schema, then LOOKUPS random verse ids looked up by primary
  key; prints "IMPORT-SECONDS MEDIAN-µs P99-µs".

    python3 -m bench.scripture references SET THIS.jsonl BASELINE.jsonl
    python3 -m bench.scripture sqlite-baseline BSB_DIR OUT.db LOOKUPS
"""
import argparse, json, random, sqlite3, time

KINDS = (("spoken", "spoken references read right"), ("written", "written references read right"),
         ("invalid", "invalid references refused with a reason"))


def read_set(path):
    """The reference set's rows, (kind, text, expected)."""
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if not line.startswith("#") and line.strip()]


def score(rows, path):
    """{kind: [(right, text, decode)]} of one build's `reference --json` lines."""
    out = {}
    with open(path, encoding="utf-8") as lines:
        for (kind, text, expected), line in zip(rows, lines):
            got = json.loads(line)
            if kind == "invalid":
                right = got["reference"] is None and bool(got["error"])
            else:
                right = got["reference"] == expected
            out.setdefault(kind, []).append((right, text, got))
    return out


def references(args):
    rows = read_set(args.set)
    this, base = score(rows, args.this), score(rows, args.baseline)
    for kind, what in KINDS:
        n = len(this[kind]); a = sum(r for r, _, _ in this[kind]); b = sum(r for r, _, _ in base[kind])
        print(f"{what}: {a} of {n} ({100 * a / n:.1f}%), baseline {b} of {n} ({100 * b / n:.1f}%)"
              f"  target {'99.5' if kind != 'invalid' else '100'}%")
        for right, text, got in this[kind]:
            if not right:
                print(f"    {text!r} -> {got['reference'] or got['error']}")


def sqlite_baseline(args):
    t = time.perf_counter()
    verses = {}
    for name in ("ot_BSB.tsv", "nt_BSB.tsv"):
        with open(f"{args.bsb}/{name}", encoding="utf-8") as f:
            next(f)
            for line in f:
                p = line.rstrip("\n").split("\t")
                vid = int(p[0]) // 1000
                verses[vid] = verses.get(vid, "") + p[2] + ("" if p[3] == "y" else " ")
    db = sqlite3.connect(args.out)
    db.execute("CREATE TABLE verses (id INTEGER PRIMARY KEY, book_id INTEGER, chapter INTEGER, verse INTEGER, text TEXT)")
    with db:
        db.executemany("INSERT INTO verses VALUES (?,?,?,?,?)",
                       ((v, v // 1000000, v // 1000 % 1000, v % 1000, s.strip()) for v, s in sorted(verses.items())))
    imported = time.perf_counter() - t
    ids = list(verses)
    random.seed(42)
    times = []
    for _ in range(args.lookups):
        vid = random.choice(ids)
        t = time.perf_counter_ns()
        db.execute("SELECT text FROM verses WHERE id = ?", (vid,)).fetchone()
        times.append((time.perf_counter_ns() - t) / 1000)
    times.sort()
    print(f"{imported:.2f} {times[len(times)//2]:.1f} {times[len(times)*99//100]:.1f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    steps = ap.add_subparsers(dest="step", required=True)
    r = steps.add_parser("references", help="references read right, this build beside the baseline")
    r.add_argument("set", help="the reference set (kind TAB text TAB reference)")
    r.add_argument("this", help="this build's `reference --json` lines")
    r.add_argument("baseline", help="the baseline build's")
    b = steps.add_parser("sqlite-baseline", help="import and look-up times of Python's sqlite3 on the same data")
    b.add_argument("bsb", help="the BSB folder (ot_BSB.tsv, nt_BSB.tsv)")
    b.add_argument("out", help="the database written")
    b.add_argument("lookups", type=int, help="how many verse look-ups")
    args = ap.parse_args()
    (references if args.step == "references" else sqlite_baseline)(args)


if __name__ == "__main__":
    main()
