#!/usr/bin/env python3
"""Runs `bible-course recognize --json` over the files of one or more manifests, split
across parallel processes (one per core), and writes the JSON lines in manifest order.

    run_recognize.py --bin BIN --out RESULTS.jsonl [--jobs N] MANIFEST... [-- recognize flags]

Prints the peak RSS of the recognising processes (MB) on stderr as `peak_rss_mb N`, and
writes it beside the results (RESULTS.rss).
"""
import argparse, json, os, resource, subprocess, sys, tempfile


def main():
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[: argv.index("--")]
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("manifests", nargs="+")
    args = ap.parse_args(argv)
    files = []
    for manifest in args.manifests:
        with open(manifest) as f:
            files += [json.loads(line)["file"] for line in f if line.strip()]
    jobs = max(1, min(args.jobs, len(files)))
    chunks = [files[i::jobs] for i in range(jobs)]
    with tempfile.TemporaryDirectory() as work:
        processes = []
        for i, chunk in enumerate(chunks):
            out = open(os.path.join(work, f"{i}.jsonl"), "w")
            cmd = [args.bin, "recognize", "--json", "--state-dir", os.path.join(work, f"state{i}")] + extra + chunk
            processes.append((subprocess.Popen(cmd, stdout=out), out))
        failed = False
        for process, out in processes:
            failed |= process.wait() != 0
            out.close()
        if failed:
            sys.exit(f"run_recognize: bible-course recognize failed ({' '.join(extra)})")
        rows = {}
        for i in range(jobs):
            with open(os.path.join(work, f"{i}.jsonl")) as f:
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
