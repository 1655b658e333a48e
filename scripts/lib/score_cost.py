#!/usr/bin/env python3
"""Scores `recognize --json` runs of the same files side by side: what each heard right
and acted on wrongly, by kind and noise, and what it cost on its one core.

    score_cost.py --course MANIFEST[,MANIFEST...] --user MANIFEST[,...] NAME=DIR...

DIR holds `course.jsonl` (the course's grammar: Piper's commands, look-ups, near-misses
and other speech, real recordings that are no command) and `user.jsonl` (AN4's people
through a user grammar of their sentences), and `*.rss` beside them. Right: the intent
expected (through the user grammar: the sentence said, taken); acted on wrongly: any other
intent or sentence taken. Cost: decode CPU time per second of audio (`decode_ms` /
`audio_ms`, thread CPU time) and the processing after the trailing silence
(`latency_ms`), median and p95, for commands and look-ups and for everything else.
"""
import argparse, collections, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit_decision import taken  # noqa: E402


def load(paths):
    rows = {}
    for path in paths.split(","):
        with open(path) as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    rows[row["file"]] = row
    return rows


def outcome(expected, row, grammar):
    """'right', 'wrong' (acted on, but not what was said) or None (nothing acted on)."""
    acted, right = taken(dict(expected, grammar=grammar), row)
    return ("right" if right else "wrong") if acted else None


def quantiles(values):
    values = sorted(values)
    if not values:
        return "-"
    return "%.3f / %.3f" % (values[len(values) // 2], values[min(len(values) - 1, int(0.95 * len(values)))])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--course", required=True)
    ap.add_argument("--user", required=True)
    ap.add_argument("runs", nargs="+", help="NAME=DIR")
    args = ap.parse_args()
    expected = {"course": load(args.course), "user": load(args.user)}
    runs = [run.split("=", 1) for run in args.runs]
    counts, cost, latency, rss = {}, {}, {}, {}
    for name, directory in runs:
        tally = collections.Counter()
        rtf, late = collections.defaultdict(list), collections.defaultdict(list)
        for grammar in ("course", "user"):
            path = os.path.join(directory, grammar + ".jsonl")
            for file, row in load(path).items():
                e = expected[grammar][file]
                key = (grammar, e["kind"], e["snr"] or 0)
                tally[key + ("n",)] += 1
                result = outcome(e, row, grammar)
                if result:
                    tally[key + (result,)] += 1
                if row.get("audio_ms"):
                    group = "commands and look-ups" if e["kind"] in ("command", "lookup", "sentence") else "other speech"
                    rtf[group].append(row["decode_ms"] / row["audio_ms"])
                    late[group].append(row.get("latency_ms", 0) / 1000)
            with open(path + ".rss") as f:
                rss[name] = max(rss.get(name, 0), float(f.read()))
        counts[name], cost[name], latency[name] = tally, rtf, late
    names = [name for name, _ in runs]
    keys = sorted({k[:3] for k in counts[names[0]]})
    print("right / acted on wrongly, of n (the first run is the baseline)")
    print("| grammar | kind | SNR dB | n | " + " | ".join(names) + " |")
    print("|---|---|---|---|" + "---|" * len(names))
    for key in keys:
        n = counts[names[0]][key + ("n",)]
        cells = ["%d / %d" % (counts[m][key + ("right",)], counts[m][key + ("wrong",)]) for m in names]
        print("| %s | %s | %s | %d | %s |" % (key[0], key[1], key[2] or "clean", n, " | ".join(cells)))
    print()
    print("cost on one core: decode CPU s per s of audio, and s after the trailing silence (median / p95); peak RSS")
    for name in names:
        for group in ("commands and look-ups", "other speech"):
            print("%s, %s: RTF %s, latency %s" % (name, group, quantiles(cost[name][group]), quantiles(latency[name][group])))
        print("%s: peak RSS %.1f MB" % (name, rss[name]))


if __name__ == "__main__":
    main()
