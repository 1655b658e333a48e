#!/usr/bin/env python3
"""Scores `bible-course recognize --json` runs over the hearing sets (speech_sets.py) and
prints them side by side, one row per configuration, the first row being the baseline.

    python3 -m bench.score_hearing --piper MANIFEST --real MANIFEST --an4 MANIFEST \
                     NAME=DIR [NAME=DIR ...] [--review NAME=DIR ...] [--errors NAME]

Each DIR holds piper.jsonl, real.jsonl and an4.jsonl (run_recognize.py output; a missing
file leaves its columns empty). The row named first is the baseline the AN4 "kept" share
is measured against.

- Commands and look-ups in the Piper voice: heard right (the expected intent), clean and at
  each SNR of real room noise.
- Near-misses and other speech (Bible verses, everyday sentences) in the Piper voice:
  share acted on (any intent).
- Questions to the course in the Piper voice: share heard as their kind ("question" of
  `recognize --json`: application or theology), clean and at each SNR; and the share of
  other speech, near-misses and real recordings taken for a question.
- Real out-of-grammar speech (Common Voice, AN4, Speech Commands words, room recordings)
  through the Bible grammar: share acted on, and acts per hour of that audio.
- Real in-grammar speech (AN4 test through a grammar of AN4's sentences): share heard
  exactly right and not rejected by the hearing; kept = the share of what the baseline
  heard right that this configuration also hears right.
- During the review question (--review runs: `recognize --answers` with every answer of the
  curriculum): questions to the course heard as their kind, the answers heard right, and
  the share of other Piper speech and of real recordings given a guardrail reply.
- Decoding: real-time factor (decode CPU time / audio, median and p95 over every file)
  and intent latency after the trailing silence (median, p95), peak RSS.
"""
import os, sys

from bench.results import GRAMMAR_ACCEPTED, Results, intent as intent_of, manifest, named, noise, noise_order, \
    quantile, rtf


def share(n, d):
    return f"{100.0 * n / d:5.1f}" if d else "  n/a"


def condition(e):
    return noise(e, unit="dB")


class Run:
    """A configuration's decodes (DIR/piper.jsonl, real.jsonl, an4.jsonl), by name."""

    def __init__(self, name, folder):
        self.name = name
        self.results = Results.of_folder(folder, ("piper", "real", "an4"))
        self.rss = float("nan") if self.results.rss is None else self.results.rss

    def get(self, e):
        return self.results.get(e)


def main():
    args = sys.argv[1:]
    manifests, runs, reviews, errors = {}, [], [], None
    while args:
        a = args.pop(0)
        if a in ("--piper", "--real", "--an4"):
            path = args.pop(0)
            manifests[a[2:]] = manifest(path) if os.path.exists(path) else []
        elif a in ("-h", "--help"):
            sys.exit(__doc__)
        elif a == "--errors":
            errors = args.pop(0)
        elif a == "--review":
            reviews.append(named(args.pop(0)))
        elif "=" in a:
            runs.append(named(a))
        else:
            sys.exit(f"score_hearing.py: unknown argument {a}")
    piper, real, an4 = manifests.get("piper", []), manifests.get("real", []), manifests.get("an4", [])
    runs = [Run(n, f) for n, f in runs]
    reviews = [Run(n, f) for n, f in reviews]
    conds = sorted({condition(e) for e in piper}, key=noise_order)
    width = max(len(r.name) for r in runs + reviews) + 1

    def table(title, header, cells, rows=None):
        print(f"-- {title}")
        print(f"{'':{width}} " + " ".join(f"{h:>9}" for h in header))
        for run in runs if rows is None else rows:
            print(f"{run.name:{width}} " + " ".join(f"{c:>9}" for c in cells(run)))

    def right_share(run, kind, cond):
        items = [e for e in piper if e["kind"] == kind and condition(e) == cond and run.get(e)]
        return share(sum(intent_of(run.get(e)) == e["expected"] for e in items), len(items))

    def acted_share(run, kind, cond=None):
        items = [e for e in piper if e["kind"] == kind and (cond is None or condition(e) == cond) and run.get(e)]
        return share(sum(intent_of(run.get(e)) is not None for e in items), len(items))

    def review_table():
        review_conds = [c for c in conds if any(e["kind"] == "question" and condition(e) == c and reviews[0].get(e)
                                                for e in piper)]

        def review_cells(run):
            cells = []
            for c in review_conds:
                items = [e for e in piper if e["kind"] == "question" and condition(e) == c and run.get(e)]
                cells.append(share(sum(run.get(e).get("question") == e["expected"] for e in items), len(items)))
            for c in review_conds:
                items = [e for e in piper if e["kind"] == "answer" and condition(e) == c and run.get(e)]
                cells.append(share(sum(intent_of(run.get(e)) == "answer:" + e["expected"] for e in items), len(items)))
            for pool in ([e for e in piper if e["kind"] == "other"], real):
                items = [e for e in pool if run.get(e)]
                cells.append(share(sum(run.get(e).get("question") is not None for e in items), len(items)))
            return cells
        n_answers = len({e["expected"] for e in piper if e["kind"] == "answer"})
        table(f"during the review question (an answer grammar of the curriculum's {n_answers} answers): questions heard"
              " as their kind, answers heard right, other Piper speech and real recordings given a guardrail reply, %",
              [f"q {c}" for c in review_conds] + [f"ans {c}" for c in review_conds] + ["other", "real"],
              review_cells, rows=reviews)

    if not runs:  # the review question alone
        review_table()
        return

    n_cmd = sum(e["kind"] == "command" for e in piper) // max(1, len(conds))
    n_look = sum(e["kind"] == "lookup" for e in piper) // max(1, len(conds))
    table(f"Piper voice: commands heard right, % ({n_cmd} per condition)", conds,
          lambda run: [right_share(run, "command", c) for c in conds])
    table(f"Piper voice: look-ups heard right, % ({n_look} per condition)", conds,
          lambda run: [right_share(run, "lookup", c) for c in conds])
    n_near = sum(e["kind"] == "near-miss" and condition(e) == "clean" for e in piper)
    n_other = sum(e["kind"] == "other" and condition(e) == "clean" for e in piper)
    table(f"Piper voice: near-misses ({n_near}) and other speech ({n_other}: verses, everyday) acted on, %",
          [f"near {c}" for c in conds] + ["other all"],
          lambda run: [acted_share(run, "near-miss", c) for c in conds] + [acted_share(run, "other")])

    def question_cells(run):
        cells = []
        for c in conds:
            items = [e for e in piper if e["kind"] == "question" and condition(e) == c and run.get(e)]
            cells.append(share(sum(run.get(e).get("question") == e["expected"] for e in items), len(items)))
        for kinds in (("other",), ("near-miss",)):
            items = [e for e in piper if e["kind"] in kinds and run.get(e)]
            cells.append(share(sum(run.get(e).get("question") is not None for e in items), len(items)))
        items = [e for e in real if run.get(e)]
        cells.append(share(sum(run.get(e).get("question") is not None for e in items), len(items)))
        return cells
    n_question = sum(e["kind"] == "question" and condition(e) == "clean" for e in piper)
    table(f"questions to the course ({n_question}, Piper) heard as their kind, %; other speech, near-misses and real"
          " recordings taken for a question, %",
          [f"q {c}" for c in conds] + ["other", "near", "real"], question_cells)

    if reviews:
        review_table()

    sets = sorted({e["set"] for e in real})
    hours = {s: sum(r.get("audio_ms", 0) for e in real if e["set"] == s for r in [runs[0].get(e) or {}]) / 3.6e6
             for s in sets}
    total_hours = sum(hours.values())

    def real_cells(run):
        cells = []
        acted_all = 0
        for s in sets:
            items = [e for e in real if e["set"] == s and run.get(e)]
            acted = sum(intent_of(run.get(e)) is not None for e in items)
            acted_all += acted
            cells.append(share(acted, len(items)))
        n = sum(1 for e in real if run.get(e))
        cells += [share(acted_all, n), f"{acted_all / total_hours:.1f}" if total_hours else "n/a"]
        return cells
    counts = ", ".join(f"{s} {sum(e['set'] == s for e in real)}" for s in sets)
    table(f"real out-of-grammar speech acted on, % ({counts}; {total_hours:.2f} h)", sets + ["all", "per hour"], real_cells)

    def an4_right(run):
        return {e["file"] for e in an4 if run.get(e) and run.get(e).get("text") == e["expected"]
                and run.get(e).get("rejected") in GRAMMAR_ACCEPTED}
    base = an4_right(runs[0]) if runs else set()

    def an4_cells(run):
        right = an4_right(run)
        return [share(len(right), len(an4)), share(len(right & base), len(base))]
    table(f"real in-grammar speech: AN4 test ({len(an4)}) through AN4's sentences as a user grammar, %",
          ["right", "kept"], an4_cells)

    def speed_cells(run):
        rows = [r for r in run.results.values() if r.get("audio_ms")]
        cost = [rtf(r) for r in rows]
        lat = [r.get("latency_ms", 0) for r in rows]
        return [f"{quantile(cost, .5):.3f}", f"{quantile(cost, .95):.3f}", f"{quantile(lat, .5):.0f}",
                f"{quantile(lat, .95):.0f}", f"{run.rss:.0f}"]
    table("decoding: RTF (CPU / audio), intent latency after the trailing silence (ms), peak RSS (MB)",
          ["RTF med", "RTF p95", "lat med", "lat p95", "RSS"], speed_cells)

    if errors:
        run = next(r for r in runs if r.name == errors)
        print(f"-- errors of {run.name}")
        for e in piper + real:
            r = run.get(e)
            if not r:
                continue
            got = intent_of(r)
            wrong = (e["kind"] in ("command", "lookup") and got != e["expected"]) or \
                    (e["kind"] in ("near-miss", "other") and got is not None)
            if wrong:
                print(f"  {e['kind']:9} {condition(e):5} want {e['expected']:16} got {got!s:16} "
                      f"heard {r.get('text', '')[:50]!r} said {e['text'][:50]!r}")


if __name__ == "__main__":
    main()
