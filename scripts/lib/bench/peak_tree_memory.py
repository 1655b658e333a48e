#!/usr/bin/env python3
"""Runs a command and prints the peak memory of its whole process tree.

    python3 -m bench.peak_tree_memory [--every SECONDS] -- COMMAND...

Every SECONDS (0.5) it sums, over the command and all its descendants, the resident set
(Rss) and the proportional set (Pss: shared pages divided among the processes sharing
them) from /proc/PID/smaps_rollup, and prints the peaks of both on stderr when the command
ends (`/usr/bin/time -v` gives only the largest single process). Exits with the command's
status. Linux only.
"""
import os
import subprocess
import sys
import time


def parents():
    """Every process's parent, by pid."""
    table = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as stat:
                    # The command name may hold spaces: the fields after its closing bracket.
                    table[int(name)] = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    return table


def tree(top):
    """`top` and its descendants."""
    table = parents()
    members = {top}
    for pid in table:
        chain, at = [], pid
        while at in table and at not in members and at > 1:
            chain.append(at)
            at = table[at]
        if at in members:
            members.update(chain)
    return members


def memory(pid):
    """(Rss, Pss) of `pid` in kB; zeros once it has gone."""
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Rss:"):
                    rss = int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def main():
    arguments = sys.argv[1:]
    if arguments[:1] in (["-h"], ["--help"]):
        sys.exit(__doc__)
    every = 0.5
    if arguments[:1] == ["--every"]:
        every, arguments = float(arguments[1]), arguments[2:]
    if arguments[:1] == ["--"]:
        arguments = arguments[1:]
    if not arguments:
        sys.exit(__doc__)
    started = time.monotonic()
    child = subprocess.Popen(arguments)
    peak_rss = peak_pss = processes = 0
    while child.poll() is None:
        members = tree(child.pid)
        sums = [sum(values) for values in zip(*(memory(pid) for pid in members))] or [0, 0]
        if sums[0] > peak_rss:
            peak_rss, processes = sums[0], len(members)
        peak_pss = max(peak_pss, sums[1])
        time.sleep(every)
    print(f"peak tree memory: Rss {peak_rss / 1024:.0f} MB ({processes} processes), "
          f"Pss {peak_pss / 1024:.0f} MB; {time.monotonic() - started:.0f} s",
          file=sys.stderr)
    sys.exit(child.returncode)


if __name__ == "__main__":
    main()
