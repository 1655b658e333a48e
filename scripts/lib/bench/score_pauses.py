#!/usr/bin/env python3
"""Scores the endpointer on real people's pauses (scripts/bench-pauses.sh): for each front
end's `recognize --json` results over a `speech_sets.py pauses` manifest, how often two
recordings joined by a pause are heard as one utterance, and how often one recording is
cut into more than one, per pause length and noise condition.

    python3 -m bench.score_pauses MANIFEST NAME=RESULTS.jsonl [NAME=RESULTS.jsonl ...]
"""
import sys
from collections import defaultdict

from bench.results import Results, manifest as read_manifest, named, quantile


def overlaps(utterance, span):
    return utterance["start"] < span[1] and utterance["end"] > span[0]


def close_delay(row, result):
    """Seconds from the end of the speech to the end of the utterance that holds it (how
    long the utterance stayed open after the person stopped), or None."""
    ends = [u["end"] for u in result.get("utterances") or [] if overlaps(u, row["speech"][-1])]
    return max(ends) - row["speech"][-1][1] if ends else None


def judge(row, result):
    """'whole' when one utterance holds all the speech, else 'cut' (or 'lost': none heard)."""
    utterances = result.get("utterances") or []
    spans = row["speech"]
    heard = [u for u in utterances if any(overlaps(u, s) for s in spans)]
    if not heard:
        return "lost"
    whole = any(u["start"] <= spans[0][1] and u["end"] >= spans[-1][0] for u in heard) and len(heard) == 1
    return "whole" if whole else "cut"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    manifest = read_manifest(sys.argv[1])
    runs = [(name, Results(path)) for name, path in map(named, sys.argv[2:])]
    conditions = sorted({(row["gap"] if row["gap"] is not None else -1, row["snr"] if row["snr"] is not None else 99)
                         for row in manifest}, key=lambda c: (c[0], -c[1]))
    print("| pause | noise | files | " + " | ".join(f"{name}: whole / cut / lost, closes after (median s)" for name, _ in runs) + " |")
    print("|---|---|---|" + "---|" * len(runs))
    totals = defaultdict(lambda: defaultdict(int))
    for gap, snr in conditions:
        rows = [r for r in manifest if (r["gap"] if r["gap"] is not None else -1) == gap
                and (r["snr"] if r["snr"] is not None else 99) == snr]
        cells = []
        for name, results in runs:
            counts = defaultdict(int)
            delays = []
            for row in rows:
                result = results.get(row["file"], {})
                verdict = judge(row, result)
                counts[verdict] += 1
                totals[name][verdict] += 1
                delay = close_delay(row, result)
                if delay is not None:
                    delays.append(delay)
            cells.append(f"{counts['whole']} / {counts['cut']} / {counts['lost']}, {quantile(delays, 0.5):.2f}")
        print(f"| {'none (one recording)' if gap < 0 else f'{gap} ms'} | {'clean' if snr == 99 else f'{int(snr)} dB'} "
              f"| {len(rows)} | " + " | ".join(cells) + " |")
    for name, _ in runs:
        t = totals[name]
        print(f"{name}: whole {t['whole']}, cut {t['cut']}, lost {t['lost']} of {sum(t.values())}")


if __name__ == "__main__":
    main()
