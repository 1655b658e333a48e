#!/usr/bin/env python3
"""Scores `recognize --json` runs of the same files side by side: what each heard right
and acted on wrongly, by kind and noise, and what it cost on its one core.

    python3 -m bench.score_cost --course MANIFEST[,MANIFEST...] --user MANIFEST[,...] NAME=DIR...

DIR holds `course.jsonl` (the course's grammar: Piper's commands, look-ups, near-misses
and other speech, real recordings that are no command) and `user.jsonl` (AN4's people
through a user grammar of their sentences), and `*.rss` beside them. Right: the intent
expected (through the user grammar: the sentence said, taken); acted on wrongly: any other
intent or sentence taken. Cost: decode CPU time per second of audio (`decode_ms` /
`audio_ms`, thread CPU time) and the processing after the trailing silence
(`latency_ms`), median and p95, for commands and look-ups and for everything else.
"""
import argparse, collections, os

from bench.results import Results, by_file, manifest, named, quantile, rtf, taken


def outcome(expected, row, grammar):
    """'right', 'wrong' (acted on, but not what was said) or None (nothing acted on)."""
    acted, right = taken(expected, row, grammar)
    return ("right" if right else "wrong") if acted else None


def quantiles(values):
    return "%.3f / %.3f" % (quantile(values, 0.5), quantile(values, 0.95)) if values else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--course", required=True)
    ap.add_argument("--user", required=True)
    ap.add_argument("runs", nargs="+", help="NAME=DIR")
    args = ap.parse_args()
    expected = {"course": by_file(manifest(args.course)), "user": by_file(manifest(args.user))}
    runs = [named(run) for run in args.runs]
    counts, costs, latency, rss = {}, {}, {}, {}
    for name, directory in runs:
        tally = collections.Counter()
        cost, late = collections.defaultdict(list), collections.defaultdict(list)
        for grammar in ("course", "user"):
            results = Results(os.path.join(directory, grammar + ".jsonl"))
            for file, row in results.items():
                e = expected[grammar][file]
                key = (grammar, e["kind"], e["snr"] or 0)
                tally[key + ("n",)] += 1
                result = outcome(e, row, grammar)
                if result:
                    tally[key + (result,)] += 1
                if row.get("audio_ms"):
                    group = "commands and look-ups" if e["kind"] in ("command", "lookup", "sentence") else "other speech"
                    cost[group].append(rtf(row))
                    late[group].append(row.get("latency_ms", 0) / 1000)
            if results.rss is None:
                raise SystemExit(f"{directory}/{grammar}.jsonl.rss: missing (run_recognize.py writes it)")
            rss[name] = max(rss.get(name, 0), results.rss)
        counts[name], costs[name], latency[name] = tally, cost, late
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
            print("%s, %s: RTF %s, latency %s" % (name, group, quantiles(costs[name][group]), quantiles(latency[name][group])))
        print("%s: peak RSS %.1f MB" % (name, rss[name]))


if __name__ == "__main__":
    main()
