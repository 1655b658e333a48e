#!/usr/bin/env python3
"""The entries of manifests that a benchmark decodes, chosen by kind, split and noise, as
JSON lines on stdout (in the manifests' order).

    python3 -m bench.pick [--kinds K,...] [--except-kinds K,...] [--split fit|eval]
                            [--snr clean,12,...] MANIFEST...
"""
import argparse, json, sys

from bench.results import manifest


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kinds", help="only entries of these kinds")
    ap.add_argument("--except-kinds", help="no entry of these kinds")
    ap.add_argument("--split", choices=("fit", "eval"), help="only entries of this half")
    ap.add_argument("--snr", help="only entries at these SNRs in dB (clean: no noise)")
    ap.add_argument("manifests", nargs="+")
    args = ap.parse_args()
    kinds = set(args.kinds.split(",")) if args.kinds else None
    unwanted = set(args.except_kinds.split(",")) if args.except_kinds else set()
    try:
        levels = None if args.snr is None else {None if v == "clean" else float(v) for v in args.snr.split(",")}
    except ValueError:
        ap.error(f"--snr {args.snr}: give dB values or clean, comma-separated")
    for entry in manifest(args.manifests):
        if (kinds is None or entry.get("kind") in kinds) and entry.get("kind") not in unwanted \
                and (args.split is None or entry.get("split") == args.split) \
                and (levels is None or entry.get("snr") in levels):
            sys.stdout.write(json.dumps(entry) + "\n")


if __name__ == "__main__":
    main()
