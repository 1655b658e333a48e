#!/usr/bin/env python3
"""Scores `recognize --json` runs of the same recordings through different front ends and
decisions side by side (scripts/bench-denoise.sh, scripts/bench-recognition.sh), the first
run being the baseline.

    python3 -m bench.score_denoise --user MANIFEST[,...] --course MANIFEST[,...] [--cleaned DIR...] NAME=DIR...
                     [--denoiser NAME=FILE...]

DIR holds user.jsonl (AN4's people through a user grammar of their sentences) and
course.jsonl (the course's grammar: Piper's commands, look-ups, near-misses and other
speech, and real recordings that are no command); a run that decoded only some of the
recordings (during a lesson, no look-ups) shows "-" for the sets it did not. A run on cleaned copies has rows whose
`file` is the copy; the manifests denoise.py wrote (--cleaned DIR) name the original of
each (`source`), so every run is scored on the same recordings. MANIFEST rows are the
originals'.

Per set and noise level: commands (AN4's sentences through the user grammar, Piper's
commands and look-ups) acted on rightly, as n and as % of what the baseline acted on
rightly (a ratio of counts), and acted on wrongly (an intent or sentence other than the
one said: a look-up read as a different passage counts here); speech that is no command
(real recordings through the course's grammar, Piper's near-misses, verses read aloud and
everyday sentences, sentences with a command's words inside) acted on, n and %. Then the
decodes' CPU per audio second (`decode_ms` / `audio_ms`, median and p95 over every file)
and the intent's latency after the trailing silence (`latency_ms`, median and p95) per
run, and each denoiser's own CPU per audio second (FILE: denoise.py's output line).
"""
import argparse, os, sys

from bench.results import Results, manifest, named, noise, noise_order, quantile, read_jsonl, rtf, taken
from bench.speech_sets import EVERYDAY


def group(e, grammar):
    if grammar == "user":
        return "AN4 people, user grammar" if e["kind"] == "sentence" else "real other speech, user grammar"
    if e.get("set") == "piper-verse":
        return "Piper verses read aloud"
    if e.get("set") == "piper-embedded":
        return "Piper commands inside sentences"
    if e.get("set") == "piper":
        if e["kind"] == "other":
            return "Piper everyday sentences" if e["text"] in EVERYDAY else "Piper verses read aloud"
        return {"command": "Piper commands", "lookup": "Piper look-ups", "near-miss": "Piper near-misses"}[e["kind"]]
    return "real other speech, course grammar"


ORDER = ["AN4 people, user grammar", "Piper commands", "Piper look-ups", "real other speech, course grammar",
         "real other speech, user grammar", "Piper near-misses", "Piper verses read aloud", "Piper everyday sentences",
         "Piper commands inside sentences"]
POSITIVE = ORDER[:3]


def quantiles(values, digits=3):
    if not values:
        return "-", "-"
    return f"{quantile(values, 0.5):.{digits}f}", f"{quantile(values, 0.95):.{digits}f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--user", required=True)
    ap.add_argument("--course", required=True)
    ap.add_argument("--cleaned", action="append", default=[], help="a folder of denoise.py's manifests")
    ap.add_argument("--denoiser", action="append", default=[], help="NAME=FILE: denoise.py's cost line")
    ap.add_argument("runs", nargs="+", help="NAME=DIR")
    args = ap.parse_args()
    manifests = {g: manifest(getattr(args, g)) for g in ("user", "course")}
    source = {}  # a cleaned copy -> the recording it was cleaned from
    for folder in args.cleaned:
        for name in os.listdir(folder):
            if name.endswith(".jsonl"):
                source.update((e["file"], e["source"]) for e in read_jsonl(os.path.join(folder, name)))
    runs = [named(r) for r in args.runs]
    names = [n for n, _ in runs]
    outcome, cost, latency = {}, {}, {}
    for name, folder in runs:
        results = {}
        for g in ("user", "course"):
            for file, row in Results.of_folder(folder, (g,)).items():
                results[(g, source.get(file, file))] = row
        outcome[name], cost[name], latency[name] = {}, [], []
        for g in ("user", "course"):
            for e in manifests[g]:
                row = results.get((g, e["file"]))
                if row is None:
                    continue
                if "error" in row:
                    sys.exit(f"score_denoise: {name} could not decode {e['file']}: {row['error']}")
                acted, right = taken(e, row, g)
                outcome[name][(g, e["file"])] = (acted, right)
                if row.get("audio_ms"):
                    cost[name].append(rtf(row))
                    latency[name].append(row.get("latency_ms", 0))
    levels = sorted({noise(e) for g in manifests for e in manifests[g]}, key=noise_order)
    base = names[0]

    def covered(n, items):
        return all((g, e["file"]) in outcome[n] for g, e in items)
    print("Commands acted on rightly: n (% of the baseline's n) / acted on wrongly")
    print("| set | noise | files | " + " | ".join(names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for gname in POSITIVE:
        for lv in levels:
            items = [(g, e) for g in ("user", "course") for e in manifests[g] if group(e, g) == gname and noise(e) == lv]
            if not items:
                continue
            b = sum(outcome[base][(g, e["file"])][1] for g, e in items) if covered(base, items) else 0
            cells = []
            for n in names:
                if not covered(n, items):
                    cells.append("-")
                    continue
                right = sum(outcome[n][(g, e["file"])][1] for g, e in items)
                wrong = sum(1 for g, e in items if outcome[n][(g, e["file"])][0] and not outcome[n][(g, e["file"])][1])
                pct = f"{100 * right / b:.0f}%" if b else "-"
                cells.append(f"{right} ({pct}) / {wrong}")
            print(f"| {gname} | {lv} | {len(items)} | " + " | ".join(cells) + " |")
    print()
    print("Speech that is no command, acted on: n (%)")
    print("| set | noise | files | " + " | ".join(names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for gname in ORDER[3:]:
        for lv in levels:
            items = [(g, e) for g in ("user", "course") for e in manifests[g] if group(e, g) == gname and noise(e) == lv]
            if not items:
                continue
            cells = []
            for n in names:
                if not covered(n, items):
                    cells.append("-")
                    continue
                acted = sum(outcome[n][(g, e["file"])][0] for g, e in items)
                cells.append(f"{acted} ({100 * acted / len(items):.1f}%)")
            print(f"| {gname} | {lv} | {len(items)} | " + " | ".join(cells) + " |")
    print()
    print("Decode CPU s per audio s (decode_ms / audio_ms over every file of the run); the intent's latency after")
    print("the trailing silence, ms (latency_ms)")
    print("| run | files | CPU/audio median | CPU/audio p95 | latency median | latency p95 |")
    print("|---|---|---|---|---|---|")
    for n in names:
        med, p95 = quantiles(cost[n])
        lmed, lp95 = quantiles(latency[n], digits=0)
        print(f"| {n} | {len(cost[n])} | {med} | {p95} | {lmed} | {lp95} |")
    if args.denoiser:
        print()
        print("Denoiser alone, CPU s per audio s on one core (the frame loop, offline)")
        print("| denoiser | CPU s / audio s | audio s | files |")
        print("|---|---|---|---|")
        for item in args.denoiser:
            name, path = item.split("=", 1)
            fields = open(path).read().split()
            values = dict(zip(fields[0::2], fields[1::2]))
            print(f"| {name} | {float(values['cpu_per_audio_s']):.3f} | {values['audio_s']} | {values['files']} |")


if __name__ == "__main__":
    main()
