#!/usr/bin/env python3
"""Fits the command decision's confidence (HearingTuning.commandConfidence) on labelled
recordings and prints, for recordings it was not fitted on, what it keeps and what it lets
through beside the plain grammar (no rejection) and the build that made the decodes.

    python3 -m bench.fit_decision --fit PAIR... --eval PAIR... [--target 0.003] [--near-target 0.04]
                    [--near-weight 20] [--threshold T] [--features a,b,...]
                    [--model JSON] [--curve]

A PAIR is `GRAMMAR=RUN[,RUN...]:MANIFEST[,MANIFEST...]`: RUN is `recognize --json
--features` output for the files of MANIFEST (speech_sets.py), GRAMMAR is `course` (the
course's grammar) or `user` (a user grammar whose sentences are kind `sentence`). Rows with
`split` fit are fitted on and rows with `split` eval measured; Piper's rows, which have
none, are split by their text into two halves of phrases.

The confidence is a logistic model of features of the command language model's and the
plain grammar's decodes of one utterance, fitted to say whether the grammar's
sentence is what was said. The operating point is the lowest threshold at which the fit
half's real other speech through the course's grammar is acted on at most --target of the
time and its near-misses at most --near-target. Prints the coefficients as JSON
(weights by feature name, as HearingTuning.shipped's CommandWeights takes them), then the
table. The features are the binary's: `recognize --features` prints each decode's by name
(CommandFeatures, Sources/Hearing/CommandConfidence.swift); nothing here computes them.

--model takes coefficients instead of fitting them (HearingTuning's commandConfidence
JSON: bias, weights by feature name, threshold), to measure the shipped
decision on new recordings. --curve adds the trade-off: at each threshold from 0.2 to 0.8,
what the measured half keeps of what the plain grammar heard right, per kind and noise,
beside how much speech that is no command is acted on.
"""
import argparse, json, math, re, zlib

import numpy as np

from bench.results import Results, manifest, noise, noise_order, taken

FILLER = re.compile(r"^(<.*>|\[.*\]|\+\+.*|\(NULL\))$")
# The binary's names of the features (recognize --features), the weights' names too.
NAMES = ["wordsAgainstModel", "wholeAgainstModel", "closestRunDistance", "distance", "signalToNoise", "extraWords"]


def words_of(decode):
    """(word, first frame, last frame, acoustic score) of a decode's words, fillers left out."""
    return [(re.sub(r"\(\d+\)$", "", w), int(s), int(e), int(a)) for w, s, e, a in decode["words"] if not FILLER.match(w)]


def features(d):
    """The decision's inputs for one utterance's two decodes, as the binary computed them,
    in NAMES' order; None when the grammar heard no words."""
    named = d.get("features")
    return None if named is None else [named[n] for n in NAMES]


def load(pairs, split):
    """(manifest entry with its grammar, result row) for every file of the pairs in `split`;
    lines that are not whole JSON (a run cut short) are skipped."""
    out = []
    for pair in pairs:
        grammar, pair = pair.split("=", 1)
        runs, manifests = pair.split(":", 1)
        rows = Results(runs, skip_broken=True)
        for e in manifest(manifests):
            if "split" not in e and e.get("set") == "piper":
                e["split"] = ("fit", "eval")[zlib.crc32(e["text"].encode()) % 2]
            if e.get("split", "eval") != split or e["file"] not in rows:
                continue
            out.append((dict(e, grammar=grammar), rows.get(e)))
    return out


def label(e, d):
    """1 when the grammar's sentence of this utterance is what was said."""
    if e["kind"] == "sentence":
        return int(d["grammar"]["text"] == e["expected"])
    if e["kind"] in ("command", "lookup"):
        return int(d.get("intent") == e["expected"])
    return 0


def acts(e, d):
    """Whether the grammar's sentence is acted on if taken: a command or look-up, or any
    sentence of a user grammar (which has no intent of its own)."""
    if e["kind"] == "sentence" or e["grammar"] == "user":
        return bool(words_of(d["grammar"]))
    return d.get("intent") is not None


def fit(X, y, weights, l2=1e-2, steps=200):
    """Weighted logistic regression by Newton's method on standardised features; returns
    (bias, weights) in the features' own units."""
    X, y, sw = np.asarray(X, float), np.asarray(y, float), np.asarray(weights, float)
    mu, sd = X.mean(0), X.std(0) + 1e-9
    Z = np.hstack([np.ones((len(X), 1)), (X - mu) / sd])
    w = np.zeros(Z.shape[1])
    ridge = l2 * np.diag(np.r_[0, np.ones(len(w) - 1)])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-Z @ w))
        step = np.linalg.solve((Z * (sw * p * (1 - p))[:, None]).T @ Z + ridge, Z.T @ (sw * (p - y)) + ridge @ w)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w[0] - (w[1:] * mu / sd).sum(), w[1:] / sd


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fit", nargs="+", required=True)
    ap.add_argument("--eval", nargs="+", required=True)
    ap.add_argument("--target", type=float, default=0.003, help="share of the fit half's real other speech acted on")
    ap.add_argument("--near-target", type=float, default=0.04, help="share of the fit half's near-misses acted on")
    ap.add_argument("--near-weight", type=float, default=20.0,
                    help="weight of a near-miss in the fit: they are few, and they draw the boundary")
    ap.add_argument("--threshold", type=float, help="this operating point instead of the one the targets choose")
    ap.add_argument("--features", help="fit on these features only (default all: " + ",".join(NAMES) + ")")
    ap.add_argument("--model", help="these coefficients instead of a fit (JSON: bias, weights, threshold)")
    ap.add_argument("--curve", action="store_true", help="print kept against acted on wrongly at thresholds 0.2 to 0.8")
    args = ap.parse_args()
    if args.model and args.features:
        ap.error("--model measures a whole model: give it without --features")
    model = json.loads(args.model) if args.model else None
    use = [NAMES.index(n) for n in args.features.split(",")] if args.features else list(range(len(NAMES)))

    def vector(d):
        f = features(d)
        return None if f is None else [f[i] for i in use]

    fit_rows = load(args.fit, "fit")
    X, y, W = [], [], []
    for e, row in fit_rows:
        for d in row.get("decodes") or []:
            v = vector(d)
            if v is not None and acts(e, d):
                X.append(v)
                y.append(label(e, d))
                W.append(args.near_weight if e["kind"] == "near-miss" else 1.0)
    if model:
        weights = model["weights"]
        if not isinstance(weights, dict) or set(weights) != set(NAMES):
            ap.error(f"--model needs one weight per feature, by name ({', '.join(NAMES)})")
        bias, coef = float(model["bias"]), np.asarray([weights[n] for n in NAMES], float)
    else:
        bias, coef = fit(X, y, W)

    def conf(d):
        v = vector(d)
        return 0.0 if v is None else 1 / (1 + math.exp(-(bias + float(np.dot(coef, v)))))

    def lowest_threshold(items, share):
        """The lowest threshold at which at most `share` of `items` (files) are acted on."""
        top = sorted((max((conf(d) for d in row.get("decodes") or [] if acts(e, d)), default=0.0) for e, row in items),
                     reverse=True)
        allowed = int(share * len(top))
        return (top[allowed] + 1e-9) if allowed < len(top) else 0.0
    others = [(e, row) for e, row in fit_rows if e["kind"] == "other" and e["grammar"] == "course"]
    near = [(e, row) for e, row in fit_rows if e["kind"] == "near-miss"]
    threshold = max(lowest_threshold(others, args.target), lowest_threshold(near, args.near_target))
    if model and "threshold" in model:
        threshold = float(model["threshold"])
    if args.threshold is not None:
        threshold = args.threshold
    print(f"{'given' if model else 'fitted'} on {len(y)} utterances ({sum(y)} right) of {len(fit_rows)} files")
    print(json.dumps(dict(bias=round(float(bias), 4), weights={NAMES[i]: round(float(c), 4) for i, c in zip(use, coef)},
                          threshold=round(threshold, 4))))

    rows = load(args.eval, "eval")

    def cond(e):
        return noise(e, unit="dB")
    conds = sorted({cond(e) for e, _ in rows}, key=noise_order)

    def first(row, accept):
        """The first of a file's utterances `accept` takes (the daemon acts on the first)."""
        return next((d for d in row.get("decodes") or [] if accept(d)), None)

    def heard(e, row, name, at=None):
        """(acted on, acted on rightly) for one file; `at` a threshold other than the chosen one."""
        if name == "build":
            return taken(e, row, e["grammar"])
        if name == "plain grammar":
            d = first(row, lambda d: acts(e, d))
        else:
            d = first(row, lambda d: acts(e, d) and conf(d) >= (threshold if at is None else at))
        return (False, False) if d is None else (True, bool(label(e, d)))

    names = ["plain grammar", "build", "fitted"]
    print("(build: the decision of the build that made the decodes)")
    for kind in ("sentence", "command", "lookup"):
        print(f"-- {kind}: right / kept of what the plain grammar heard right / acted on wrongly")
        for c in conds:
            items = [(e, r) for e, r in rows if e["kind"] == kind and cond(e) == c]
            if not items:
                continue
            base = {e["file"] for e, r in items if heard(e, r, "plain grammar")[1]}
            cells = []
            for name in names:
                results = [(e["file"], heard(e, r, name)) for e, r in items]
                right = {f for f, (_, ok) in results if ok}
                wrong = sum(1 for _, (acted, ok) in results if acted and not ok)
                cells.append(f"{name}: {len(right)}/{len(items)} kept {100 * len(right & base) / max(1, len(base)):.1f}%"
                             f" wrong {wrong}")
            print(f"  {c:6} " + " | ".join(cells))
    for kind, grammar in (("other", "user"), ("other", "course"), ("near-miss", "course")):
        print(f"-- {kind} through the {grammar} grammar: acted on")
        for c in conds:
            items = [(e, r) for e, r in rows if e["kind"] == kind and cond(e) == c and e["grammar"] == grammar]
            if items:
                print(f"  {c:6} " + " | ".join(f"{name}: {sum(heard(e, r, name)[0] for e, r in items)}/{len(items)}"
                                             for name in names))
    if args.curve:
        print("-- trade-off on the measured half: kept % of what the plain grammar heard right (command, lookup,"
              " sentence: " + " ".join(conds) + "); acted on % (near-misses; other speech through the course's, the user's grammar)")
        for at in np.arange(0.2, 0.801, 0.05):
            cells = []
            for kind in ("command", "lookup", "sentence"):
                kept = []
                for c in conds:
                    items = [(e, r) for e, r in rows if e["kind"] == kind and cond(e) == c]
                    base = [(e, r) for e, r in items if heard(e, r, "plain grammar")[1]]
                    if base:
                        kept.append(f"{100 * sum(heard(e, r, 'fitted', at)[1] for e, r in base) / len(base):.0f}")
                cells.append(f"{kind} " + "/".join(kept))
            for kind, grammar in (("near-miss", "course"), ("other", "course"), ("other", "user")):
                items = [(e, r) for e, r in rows if e["kind"] == kind and e["grammar"] == grammar]
                cells.append(f"{kind}/{grammar} {100 * sum(heard(e, r, 'fitted', at)[0] for e, r in items) / max(1, len(items)):.1f}")
            print(f"  {at:.2f}  " + " | ".join(cells))


if __name__ == "__main__":
    main()
