"""The bible-course binary a benchmark runs, found one way for every script:

1. the path given (a tool's --bin),
2. else $BIBLE_COURSE (scripts/lib/bench.sh sets it to the release build it made; setup.sh
   to the debug build),
3. else the checkout's most recent build (.build/release or .build/debug),
4. else `bible-course` on PATH.

    python3 -m bench.binary     prints it (for the shell scripts), or fails saying how to build one
"""
import os, shutil, sys

from bench import ROOT


def find(given=None):
    """The binary's path, or SystemExit naming what was looked for."""
    for path, origin in ((given, "--bin"), (os.environ.get("BIBLE_COURSE"), "$BIBLE_COURSE")):
        if not path:
            continue
        if os.sep not in path:
            path = shutil.which(path) or path  # a command's name, looked up on PATH
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            sys.exit(f"bible-course: {origin} {path} is not an executable file")
        return path
    builds = [p for p in (os.path.join(ROOT, ".build", kind, "bible-course") for kind in ("release", "debug"))
              if os.access(p, os.X_OK)]
    if builds:
        return max(builds, key=os.path.getmtime)
    on_path = shutil.which("bible-course")
    if on_path:
        return on_path
    sys.exit("bible-course: no binary (no $BIBLE_COURSE, no build under .build/, none on PATH); "
             "scripts/run.sh builds it")


def add_argument(parser):
    """A tool's --bin, its help saying how the binary is found when it is not given."""
    parser.add_argument("--bin", help="the bible-course binary (default: $BIBLE_COURSE, else this checkout's "
                                      "newest build, else the one on PATH)")


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        sys.exit(__doc__)
    print(find(sys.argv[1] if len(sys.argv) > 1 else None))
