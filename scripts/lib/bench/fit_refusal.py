#!/usr/bin/env python3
"""Fits the correction window's refusal decision (HearingTuning.refusalConfidence) on real
recordings and prints, for the half it was not fitted on, how often "no" and "stop" are
heard as a refusal and how often other speech and room noise are, beside the plain
correction grammar (no rejection: every bare "no" it decodes is a refusal) and the build
that made the decodes.

    python3 -m bench.fit_refusal --run RESULTS.jsonl --manifest refusals.jsonl [--target 0.02] [--model JSON]

RESULTS: `recognize --correction --json --features` over the manifest's files
(run_recognize.py); the manifest: speech_sets.py refusals (kind refusal, other, noise;
split fit or eval). The features are the ones the binary prints by name (CommandFeatures,
Sources/Hearing/CommandConfidence.swift): nothing is computed here but the fit. A
candidate is an utterance whose correction grammar decoded a bare refusal (the binary's
`intent` of the decode is "refusal").

The operating point is the lowest threshold at which the fit half's other speech and noise
are heard as a refusal at most --target of the time, over every noise level together.
Prints the coefficients as JSON (weights by feature name, as HearingTuning.shipped's
CommandWeights takes them), then the table. --model measures given
coefficients (that JSON) instead of fitting.
"""
import argparse, json, math, sys

from bench.fit_decision import fit  # weighted logistic regression
from bench.results import Results, manifest as read_manifest, noise, refused


def load(run, manifest):
    decodes = Results(run)
    rows = []
    for m in read_manifest(manifest):
        r = decodes.get(m)
        if r is None:
            continue
        candidate = next((d for d in r.get("decodes") or [] if d.get("intent") == "refusal" and d.get("features")), None)
        rows.append(dict(m, features=candidate["features"] if candidate else None, acted=refused(r)))
    return rows


def confidence(model, features):
    z = model["bias"] + sum(w * features[name] for name, w in model["weights"].items())
    return 1 / (1 + math.exp(-max(-60, min(60, z))))


def table(rows, split, decide):
    """{(kind, noise): (heard as refusal, n)} for `split`, `decide(row)` says whether acted on."""
    out = {}
    for r in rows:
        if r["split"] != split:
            continue
        key = (r["kind"], noise(r))
        hit, n = out.get(key, (0, 0))
        out[key] = (hit + bool(decide(r)), n + 1)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", required=True)
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--target", type=float, default=0.02)
    ap.add_argument("--model", help="coefficients to measure instead of fitting (JSON)")
    args = ap.parse_args()
    rows = load(args.run, args.manifest)
    candidates = [r for r in rows if r["features"] is not None]
    names = sorted(candidates[0]["features"]) if candidates else []
    if args.model:
        model = json.loads(args.model)
    else:
        fitted = [r for r in candidates if r["split"] == "fit"]
        X = [[r["features"][n] for n in names] for r in fitted]
        y = [1 if r["kind"] == "refusal" else 0 for r in fitted]
        bias, weights = fit(X, y, [1.0] * len(y))
        model = dict(bias=float(bias), weights={n: float(w) for n, w in zip(names, weights)}, threshold=0.5)
        negatives = [r for r in rows if r["split"] == "fit" and r["kind"] != "refusal"]
        for t in [x / 1000 for x in range(50, 1000, 5)]:
            model["threshold"] = t
            wrong = sum(1 for r in negatives if r["features"] and confidence(model, r["features"]) >= t)
            if wrong <= args.target * len(negatives):
                break
        else:
            print(f"warning: no threshold keeps the fit half's other sound under {args.target:.1%}", file=sys.stderr)
    print(json.dumps({k: ({n: round(float(w), 4) for n, w in v.items()} if isinstance(v, dict) else round(float(v), 4))
                      for k, v in model.items()}))

    def decided(r):
        return r["features"] is not None and confidence(model, r["features"]) >= model["threshold"]

    columns = [("plain grammar", lambda r: r["features"] is not None), ("this build", lambda r: r["acted"]),
               ("fitted" if not args.model else "given", decided)]
    for split in ("eval", "fit"):
        print(f"\n{split} half: heard as a refusal (n, %)")
        tables = [(name, table(rows, split, f)) for name, f in columns]
        keys = sorted(tables[0][1], key=lambda k: (k[0], k[1] != "clean", k[1]))
        print(f"{'kind':<8} {'noise':<6} {'n':>4}  " + "  ".join(f"{name:>16}" for name, _ in tables))
        for key in keys:
            n = tables[0][1][key][1]
            cells = [f"{t[key][0]:>5} {100 * t[key][0] / n:>8.1f}%" for _, t in tables]
            print(f"{key[0]:<8} {key[1]:<6} {n:>4}  " + "  ".join(f"{c:>16}" for c in cells))


if __name__ == "__main__":
    main()
