#!/usr/bin/env python3
"""Who holds a process's heap at its end: heaptrack's still-allocated memory, summed by the
first line of the project's own code on each allocation's stack (or, with none, by the
library that allocated), largest first.

    heaptrack -o OUT bible-course run ...        # stopped with SIGTERM after a while idle
    heaptrack_print -f OUT.zst --print-leaks yes --merge-backtraces no -n 100000 -s 0 \\
        --print-peaks no --print-allocators no --print-temporary no > LEAKS.txt
    python3 -m bench.heap_owners LEAKS.txt [--top 25] [--through Sources/Decoding/ ...]

--through: frames in files under that folder are passed over, so that the line that called
into it names the owner (every grammar is set through PocketSphinxDecoder.setGrammar; the
line of HearingDecoders that set it says which). `smaps` (memory_parts.py) says how much of
the process is heap; this says whose it is.
"""
import argparse, collections, re

SIZE = re.compile(r"^([\d.]+)([KMG]?) leaked over")
UNITS = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}


def owners(path, through=()):
    totals = collections.Counter()
    for block in open(path).read().split("\n\n"):
        lines = block.strip().split("\n")
        start = next((i for i, line in enumerate(lines) if SIZE.match(line)), None)
        if start is None:
            continue
        m = SIZE.match(lines[start])
        size = float(m[1]) * UNITS[m[2]]
        frames = [line.strip() for line in lines[start + 1:]]
        own = next((f[3:] for f in frames if f.startswith("at ") and "/Sources/" in f
                    and not any("/" + folder in f for folder in through)), None)
        if own:
            key = "Sources/" + own.split("/Sources/", 1)[1]
        else:
            library = next((f[3:] for f in frames if f.startswith("in ")), "?")
            key = "no project frame, in " + library.rsplit("/", 1)[-1]
        totals[key] += size
    return totals


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("leaks")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--through", action="append", default=[])
    args = ap.parse_args()
    totals = owners(args.leaks, args.through)
    print(f"{sum(totals.values()) / 1e6:8.1f} MB still allocated")
    for key, size in totals.most_common(args.top):
        print(f"{size / 1e6:8.1f} {key}")


if __name__ == "__main__":
    main()
