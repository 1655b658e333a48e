#!/usr/bin/env python3
"""Scores look-ups as a person lives them (scripts/bench-lookups.sh): the whole look-up
acted on, or heard in part and its missing part asked for and answered; wrong passages
named; and how many of those a real person's "no" would stop before the passage is read.

    python3 -m bench.score_lookups --lookups MANIFEST --plain RUN --shipped RUN [--answers MANIFEST --answered RUN]
                     [--refusals MANIFEST --refused RUN] [--others MANIFEST --others-run RUN]

Runs are `recognize --json` results (one line per file). Prints, per noise: the look-ups;
what the plain grammar (the baseline, no rejection) reads right; as shipped, whole look-ups
read right and wrong, look-ups heard in part (the part right), their answers heard right
and wrong; all acted on rightly, as a share of the plain grammar's; the wrong passages
named; the share of real people's "no" (the eval half of speech_sets.py refusals) the
correction window hears; and the wrong passages that would be read past their reference
when the person says "no" to every wrong one (named x not heard). Then other speech: acted
on, and asked for a missing part.
"""
import argparse, collections

from bench.results import Results, intent, lookup as looked_up, manifest as rows, noise, noise_order, refused


def part_right(part, expected):
    """Whether the part kept ("Ezra", "Ezra 1") is in the expected passage ("Ezra 1:11")."""
    book, place = expected.rsplit(" ", 1)
    kept = part.split(" ")
    return kept[0] == book and (len(kept) == 1 or kept[1] == place.split(":")[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--lookups", required=True)
    ap.add_argument("--plain", required=True)
    ap.add_argument("--shipped", required=True)
    ap.add_argument("--answers")
    ap.add_argument("--answered")
    ap.add_argument("--refusals")
    ap.add_argument("--refused")
    ap.add_argument("--others")
    ap.add_argument("--others-run")
    args = ap.parse_args()

    lookups = [r for r in rows(args.lookups) if r["kind"] == "lookup"]
    plain, shipped = Results(args.plain), Results(args.shipped)
    answers = {r["lookup"]: r for r in rows(args.answers)} if args.answers else {}
    answered = Results(args.answered) if args.answered else Results()
    count = collections.defaultdict(collections.Counter)
    for row in lookups:
        c = count[noise(row)]
        expected = row["expected"]
        c["n"] += 1
        c["plain right"] += looked_up(plain.get(row["file"], {})) == expected
        result = shipped.get(row["file"], {})
        heard = looked_up(result)
        if heard:
            c["whole right" if heard == expected else "whole wrong"] += 1
        elif result.get("partial"):
            c["asked"] += 1
            c["part right"] += part_right(result["partial"], expected)
            answer = answers.get(row["file"])
            reply = looked_up(answered.get(answer["file"], {})) if answer else None
            if reply:
                c["answer right" if reply == expected else "answer wrong"] += 1
    heard_no = collections.Counter()
    if args.refusals and args.refused:
        decodes_of_no = Results(args.refused)
        for row in rows(args.refusals):
            if row["kind"] == "refusal" and row.get("split") == "eval":
                heard_no[noise(row) + " n"] += 1
                heard_no[noise(row)] += refused(decodes_of_no.get(row["file"], {}))

    print("| noise | look-ups | plain grammar right | whole: right / wrong | heard in part (part right) "
          "| answered: right / wrong | acted on rightly (% of plain) | wrong passages named | \"no\" heard "
          "| wrong read past the reference |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for level in sorted(count, key=noise_order):
        c = count[level]
        right = c["whole right"] + c["answer right"]
        wrong = c["whole wrong"] + c["answer wrong"]
        share = f"{right / c['plain right']:.0%}" if c["plain right"] else "-"
        if heard_no[level + " n"]:
            rate = heard_no[level] / heard_no[level + " n"]
            no = f"{heard_no[level]}/{heard_no[level + ' n']} ({rate:.0%})"
            past = f"{wrong * (1 - rate):.1f} ({wrong * (1 - rate) / c['n']:.1%})"
        else:
            no, past = "-", "-"
        print(f"| {level} | {c['n']} | {c['plain right']} | {c['whole right']} / {c['whole wrong']} "
              f"| {c['asked']} ({c['part right']}) | {c['answer right']} / {c['answer wrong']} | {right} ({share}) "
              f"| {wrong} ({wrong / c['n']:.1%}) | {no} | {past} |")

    if args.others and args.others_run:
        run = Results(args.others_run)
        other = collections.defaultdict(collections.Counter)
        for row in rows(args.others):
            result = run.get(row["file"])
            if result is None:
                continue
            c = other[(row.get("set", "?"), noise(row))]
            c["n"] += 1
            c["acted"] += intent(result) is not None
            c["asked"] += bool(result.get("partial"))
        print()
        print("| other speech | noise | n | acted on | asked for a missing part |")
        print("| --- | --- | --- | --- | --- |")
        for (name, level), c in sorted(other.items()):
            print(f"| {name} | {level} | {c['n']} | {c['acted']} | {c['asked']} |")


if __name__ == "__main__":
    main()
