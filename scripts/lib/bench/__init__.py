"""The benchmarks' Python: the speech sets that decide hearing (real people and Piper's
voice), the runs of the binary over them, and the scorers and fits that read the runs.

Run a module as `python3 -m bench.NAME` with scripts/lib on PYTHONPATH (the shell entries
source scripts/lib/bench.sh, which sets it). Each module says in its docstring what it takes
and prints.

- Where things are: ROOT (the checkout), SPEECH (../shared/speech, or
  $BIBLE_COURSE_SPEECH), PIPER_CACHE (Piper's renders, kept between runs).
- The binary: `bench.binary` (one way to find it, for every script).
- What was said and what was heard: `bench.results` (manifests, `recognize --json` runs,
  the intent acted on, noise levels, quantiles), the one model every scorer reads.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
SPEECH = os.environ.get("BIBLE_COURSE_SPEECH", os.path.join(os.path.dirname(ROOT), "shared", "speech"))
PIPER_CACHE = os.path.join(os.path.expanduser("~"), ".cache", "bible-course", "piper")
