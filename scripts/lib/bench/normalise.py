#!/usr/bin/env python3
"""Every verse of the Bible through `bible-course normalise` (scripts/bench-normalise.sh):
how many come back changed (each one a name read into Scripture that does not say it),
with the commonest changes.

    python3 -m bench.normalise [--bin BIN] [--bible Models/Bible.db]
"""
import argparse, collections, difflib, json, os, sqlite3, subprocess

from bench import ROOT, binary


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    binary.add_argument(ap)
    ap.add_argument("--bible", default=os.path.join(ROOT, "Models", "Bible.db"), help="the Bible database")
    args = ap.parse_args()
    program = binary.find(args.bin)
    verses = [row[0] for row in sqlite3.connect(args.bible).execute("SELECT text FROM verses ORDER BY rowid")]
    out = subprocess.run([program, "normalise", "--json"], input="\n".join(verses) + "\n",
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


if __name__ == "__main__":
    main()
