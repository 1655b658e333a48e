#!/usr/bin/env python3
"""Scores `bible-course recognize --json` output against a speech corpus manifest.

    score_recognition.py MANIFEST RESULTS.jsonl [--by snr] [--errors]

Prints, per noise condition: command accuracy, look-up accuracy, false accepts on
non-commands, false rejects on commands and look-ups; and the decode real-time factor
(median, p95) and the intent latency: processing between the end of the trailing silence
and the intent (median, p95; `latency_ms`).
"""
import json, os, statistics, sys

def load(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip()]

def intent_of(r):
    i = r.get("intent")
    if not i: return None
    if "command" in i: return i["command"]
    if "lookup" in i: return i["lookup"]
    if "answer" in i: return "answer:" + i["answer"]
    return None

def pct(n, d): return f"{100.0 * n / d:5.1f}% ({n}/{d})" if d else "   n/a"

def quantile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")

def main():
    manifest, results = sys.argv[1], sys.argv[2]
    show_errors = "--errors" in sys.argv
    entries = {e["file"]: e for e in load(manifest)}
    rows = load(results)
    groups = {}
    for r in rows:
        e = entries.get(os.path.basename(r["file"]))
        if not e: continue
        cond = "clean" if e["noise"] == "none" else f"{int(e['snr'])} dB"
        groups.setdefault(cond, []).append((e, r))
    order = sorted(groups, key=lambda c: (c != "clean", -float(c.split()[0]) if c != "clean" else 0))
    summary = {}
    for cond in order:
        items = groups[cond]
        cmd = [(e, r) for e, r in items if e["kind"] == "command"]
        look = [(e, r) for e, r in items if e["kind"] == "lookup"]
        other = [(e, r) for e, r in items if e["kind"] == "other"]
        ok = lambda e, r: intent_of(r) == e["expected"]
        cmd_ok = sum(ok(e, r) for e, r in cmd)
        look_ok = sum(ok(e, r) for e, r in look)
        fa = sum(intent_of(r) is not None for e, r in other)
        fr = sum(intent_of(r) is None for e, r in cmd + look)
        rtf = [r["decode_ms"] / r["audio_ms"] for e, r in items if r.get("audio_ms")]
        lat = [r.get("latency_ms", 0) for e, r in items]
        print(f"[{cond:>6}] commands {pct(cmd_ok, len(cmd))}  look-ups {pct(look_ok, len(look))}  "
              f"false accepts {pct(fa, len(other))}  false rejects {pct(fr, len(cmd) + len(look))}  "
              f"RTF median {quantile(rtf, .5):.3f} p95 {quantile(rtf, .95):.3f}  "
              f"intent latency median {quantile(lat, .5):.0f} ms p95 {quantile(lat, .95):.0f} ms")
        summary[cond] = dict(commands=cmd_ok / max(1, len(cmd)), lookups=look_ok / max(1, len(look)),
                             false_accepts=fa / max(1, len(other)))
        if show_errors:
            for e, r in items:
                if not ok(e, r) and not (e["kind"] == "other" and intent_of(r) is None):
                    print(f"    {e['file']:32} {e['voice']:6} {e['rate']} want {e['expected']:12} got {intent_of(r)!s:12} heard {r['text'][:60]!r}")
    json.dump(summary, open(os.environ.get("SCORE_JSON", "/dev/null"), "w"))

if __name__ == "__main__":
    main()
