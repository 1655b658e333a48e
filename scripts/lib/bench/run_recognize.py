#!/usr/bin/env python3
"""Runs `bible-course recognize --json` over the files of one or more manifests, split
across parallel processes (one per core), and writes the JSON lines in manifest order.

    python3 -m bench.run_recognize [--bin BIN] --out RESULTS.jsonl [--jobs N] [--flag-from FIELD=FLAG] MANIFEST... [-- recognize flags]

--flag-from: each file is recognised with FLAG and the value of its manifest row's FIELD
(`--flag-from part=--missing-part`), one group of processes per value.

Prints the peak RSS of the recognising processes (MB) on stderr as `peak_rss_mb N`, and
writes it beside the results (RESULTS.rss).
"""
import argparse, json, os, resource, subprocess, sys, tempfile

from bench import binary
from bench.results import manifest


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[: argv.index("--")]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    binary.add_argument(ap)
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--flag-from", help="FIELD=FLAG: each file with FLAG and its row's FIELD")
    ap.add_argument("manifests", nargs="+")
    args = ap.parse_args(argv)
    program = binary.find(args.bin)
    field, _, flag = (args.flag_from or "").partition("=")
    files, groups = [], {}
    for row in manifest(args.manifests):
        files.append(row["file"])
        groups.setdefault(row[field] if field else None, []).append(row["file"])
    rows = {}
    with tempfile.TemporaryDirectory() as work:
        for g, (value, members) in enumerate(groups.items()):
            flags = [flag, value] if field else []
            jobs = max(1, min(args.jobs, len(members)))
            chunks = [members[i::jobs] for i in range(jobs)]
            processes = []
            for i, chunk in enumerate(chunks):
                out = open(os.path.join(work, f"{g}-{i}.jsonl"), "w")
                cmd = [program, "recognize", "--json", "--state-dir", os.path.join(work, f"state{i}")] + extra + flags + chunk
                processes.append((subprocess.Popen(cmd, stdout=out), out))
            failed = False
            for process, out in processes:
                failed |= process.wait() != 0
                out.close()
            if failed:
                sys.exit(f"run_recognize: bible-course recognize failed ({' '.join(extra + flags)})")
            for i in range(jobs):
                with open(os.path.join(work, f"{g}-{i}.jsonl")) as f:
                    for line in f:
                        if line.strip():
                            row = json.loads(line)
                            rows[row["file"]] = line
    with open(args.out, "w") as out:
        for name in files:
            out.write(rows[name] if name in rows else json.dumps(dict(file=name, error="no result")) + "\n")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    with open(args.out + ".rss", "w") as f:
        f.write(f"{peak:.1f}\n")
    print(f"peak_rss_mb {peak:.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
