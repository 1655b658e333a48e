#!/usr/bin/env python3
"""Where a running process's resident memory is, part by part, from /proc/PID/smaps.

    python3 -m bench.memory_parts PID [--json]

Every mapping is put in one part: the executable, each shared library, each data file
mapped (models, databases, espeak-ng's data), the main heap, glibc's per-thread malloc
arenas, thread stacks, and the other anonymous mappings (blocks of 128 KiB or more that
malloc takes from the system directly, and what libraries map for themselves). For each,
Rss, Pss (shared pages divided among the processes sharing them) and Private_Dirty (what
only this process holds and the kernel cannot drop without swap), in MB. Anonymous memory
cannot say whose it is; a heap profile (heaptrack) does.
"""
import collections, json, os, re, sys

FIELDS = ("Rss", "Pss", "Private_Dirty", "Private_Clean", "Shared_Clean")
ARENA_ALIGNMENT = 64 << 20  # glibc's HEAP_MAX_SIZE on 64-bit: every arena starts on it


def mappings(pid):
    """[(start, end, perms, path, {field: kB})] in address order."""
    header = re.compile(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$")
    result = []
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            m = header.match(line)
            if m:
                result.append((int(m[1], 16), int(m[2], 16), m[3], m[4].strip(), collections.Counter()))
            elif result and line.split(":")[0] in FIELDS:
                key, value = line.split(":", 1)
                result[-1][4][key] += int(value.split()[0])
    return result


def part(index, maps, executable):
    """The part mapping `index` belongs to."""
    start, end, perms, path, _ = maps[index]
    if path == executable:
        return "executable " + os.path.basename(path) + (" (code, read-only data)" if "w" not in perms else " (data)")
    if path in ("[heap]", "[stack]", "[vdso]", "[vvar]", "[vsyscall]"):
        return {"[heap]": "heap (main arena)", "[stack]": "main thread's stack"}.get(path, "kernel pages " + path)
    if path.startswith("/"):
        name = os.path.basename(path.replace(" (deleted)", ""))
        if ".so" in name:
            return "library " + re.sub(r"\.so.*", ".so", name)
        if "/pocketsphinx/" in path:
            return "PocketSphinx model file " + name
        if "espeak-ng-data" in path:
            return "espeak-ng data " + name
        return "file " + path
    if path:
        return "other " + path
    previous = maps[index - 1] if index else None
    following = maps[index + 1] if index + 1 < len(maps) else None
    if "w" in perms and start % ARENA_ALIGNMENT == 0 and following and following[0] == end and following[2].startswith("---"):
        return "malloc arenas of other threads"
    if "w" in perms and previous and previous[1] == start and previous[2].startswith("---") and not previous[3]:
        return "thread stacks"
    if perms.startswith("---"):
        return "reserved, not accessible"
    return "anonymous mappings (large malloc blocks, libraries' own)"


def breakdown(pid):
    executable = os.readlink(f"/proc/{pid}/exe")
    maps = mappings(pid)
    parts = collections.defaultdict(collections.Counter)
    counts = collections.Counter()
    for index, mapping in enumerate(maps):
        name = part(index, maps, executable)
        parts[name].update(mapping[4])
        counts[name] += 1
    return parts, counts


def main():
    if len(sys.argv) < 2 or not sys.argv[1].isdigit():
        sys.exit(__doc__)
    pid = int(sys.argv[1])
    parts, counts = breakdown(pid)
    if "--json" in sys.argv[2:]:
        json.dump({name: dict(values, mappings=counts[name]) for name, values in parts.items()}, sys.stdout, indent=1)
        print()
        return
    total = collections.Counter()
    for values in parts.values():
        total.update(values)
    mb = lambda kb: f"{kb / 1024:7.1f}"
    print(f"{'part':<62} {'Rss':>7} {'Pss':>7} {'PrivDirty':>9}")
    for name, values in sorted(parts.items(), key=lambda item: -item[1]["Rss"]):
        if values["Rss"] >= 100:
            label = name if counts[name] == 1 else f"{name} ({counts[name]})"
            print(f"{label[:62]:<62} {mb(values['Rss'])} {mb(values['Pss'])} {mb(values['Private_Dirty']):>9}")
    small = [v for v in parts.values() if v["Rss"] < 100]
    rest = collections.Counter()
    for values in small:
        rest.update(values)
    if small:
        print(f"{f'{len(small)} parts under 0.1 MB each':<62} {mb(rest['Rss'])} {mb(rest['Pss'])} {mb(rest['Private_Dirty']):>9}")
    print(f"{'total':<62} {mb(total['Rss'])} {mb(total['Pss'])} {mb(total['Private_Dirty']):>9}")


if __name__ == "__main__":
    main()
