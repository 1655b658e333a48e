#!/usr/bin/env python3
"""Scores speaker adaptation on real voices (scripts/bench-adaptation.sh): for each noise
condition and model (unadapted, MAP, MLLR), the held-out sentences heard exactly right
(text = transcript, the grammar's words accepted) with the plain grammar and with the
shipped decision, the utterances gained and lost against the unadapted model, the word
error rate (plain grammar) and the sentences taken although wrong (shipped decision); then
each speaker's figures. Reads WORK as bench.adaptation_sets made it, with each speaker's
decodes beside their manifest as MODEL-DECISION.jsonl.

    python3 -m bench.score_adaptation WORK
"""
import argparse, os

from bench.listen import edit_distance
from bench.results import GRAMMAR_ACCEPTED, Results, noise, noise_order, read_jsonl

MODELS, DECISIONS = ("unadapted", "MAP", "MLLR"), ("plain", "shipped")


def right(row, expected):
    """The sentence heard as said, and taken (AN4's sentences are no command)."""
    return row.get("text", "").lower() == expected and row.get("rejected") in GRAMMAR_ACCEPTED


def taken_wrong(row, expected):
    return row.get("text", "").lower() != expected and row.get("text") and row.get("rejected") in GRAMMAR_ACCEPTED


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("work", help="the benchmark's working folder")
    work = ap.parse_args().work
    with open(os.path.join(work, "speakers.txt")) as f:
        speakers = [line.split() for line in f]
    items = []  # (speaker, condition, expected, {(model, decision): decode})
    for speaker, _, _ in speakers:
        folder = os.path.join(work, "speakers", speaker)
        decodes = {(m, d): Results(os.path.join(folder, f"{m}-{d}.jsonl")) for m in MODELS for d in DECISIONS}
        for entry in read_jsonl(os.path.join(folder, "manifest.jsonl")):
            items.append((speaker, noise(entry), entry["expected"], {k: v.get(entry, {}) for k, v in decodes.items()}))

    conds = sorted({c for _, c, _, _ in items}, key=noise_order)
    adapted = sum(int(a) for _, a, _ in speakers)
    print(f"{len(speakers)} AN4 speakers ({' '.join(s for s, _, _ in speakers)}); adapted on {adapted} recordings "
          f"({adapted / len(speakers):.1f} a speaker), {sum(int(n) for _, _, n in speakers)} held out, decoded per condition")
    print()
    print("| condition | model | plain grammar: right | gained / lost vs unadapted | word error rate "
          "| shipped decision: right | gained / lost vs unadapted | taken although wrong |")
    print("|---|---|---|---|---|---|---|---|")
    for c in conds:
        rows = [it for it in items if it[1] == c]
        n = len(rows)
        for m in MODELS:
            cells = []
            for d in DECISIONS:
                ok = [right(res[m, d], exp) for _, _, exp, res in rows]
                base = [right(res["unadapted", d], exp) for _, _, exp, res in rows]
                gained = sum(o and not b for o, b in zip(ok, base))
                lost = sum(b and not o for o, b in zip(ok, base))
                cells.append(f"{sum(ok)} of {n} ({100 * sum(ok) / n:.0f}%)")
                cells.append("baseline" if m == "unadapted" else f"+{gained} / -{lost}")
                if d == "plain":
                    errors = sum(edit_distance(res[m, d].get("text", "").lower().split(), exp.split())
                                 for _, _, exp, res in rows)
                    words = sum(len(exp.split()) for _, _, exp, _ in rows)
                    cells.append(f"{100 * errors / words:.1f}%")
                else:
                    cells.append(str(sum(bool(taken_wrong(res[m, d], exp)) for _, _, exp, res in rows)))
            print(f"| {c} | {m} | " + " | ".join(cells) + " |")
    print()
    print("Per speaker, right of held-out recordings (plain grammar / shipped decision), " + ", ".join(conds) + ":")
    print()
    print("| speaker | " + " | ".join(f"{c} {m}" for c in conds for m in MODELS) + " |")
    print("|---|" + "---|" * (len(conds) * len(MODELS)))
    for speaker, _, _ in speakers:
        cells = []
        for c in conds:
            rows = [it for it in items if it[0] == speaker and it[1] == c]
            for m in MODELS:
                cells.append(" / ".join(str(sum(right(res[m, d], exp) for _, _, exp, res in rows)) for d in DECISIONS)
                             + f" of {len(rows)}")
        print(f"| {speaker} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
