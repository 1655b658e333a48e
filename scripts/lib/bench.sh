# The benchmarks' shell library, sourced by scripts/bench-*.sh, scripts/fit-decision.sh,
# scripts/adapt.sh and scripts/record-adaptation.sh (after scripts/setup.sh where they need
# the set-up). Their Python is the package scripts/lib/bench/, run as `python3 -m bench.NAME`
# (PYTHONPATH is set here); each module's docstring says what it takes and prints.
#
#   ROOT            the checkout
#   SPEECH          the real recordings (bench.SPEECH: ../shared/speech, or $BIBLE_COURSE_SPEECH)
#   BIBLE_COURSE    the binary as bench.binary finds it ($BIBLE_COURSE, else the checkout's
#                   newest build, else the one on PATH; empty, and the reason on stderr,
#                   when there is none or $BIBLE_COURSE names no executable)
#   release_binary  builds the release binary a benchmark measures: BIN and BIBLE_COURSE
#                   name it, so the Python finds it too
#   work_folder [DIR]  the benchmark's working folder in WORK: DIR when given (made if
#                   missing, kept, its sets reused), else a temporary one removed at exit
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export PYTHONPATH="$ROOT/scripts/lib${PYTHONPATH:+:$PYTHONPATH}"
SPEECH="$(python3 -c 'from bench import SPEECH; print(SPEECH)')"
BIBLE_COURSE="$(python3 -m bench.binary || true)"
export BIBLE_COURSE

release_binary() {
    printf '[bench] %s\n' "building release (swift build -c release)" >&2
    (cd "$ROOT" && swift build -c release --quiet)
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/bible-course"
    BIBLE_COURSE="$BIN"
    export BIBLE_COURSE
}

work_folder() {
    if [ -n "${1:-}" ]; then
        WORK="$1"
        mkdir -p "$WORK"
    else
        WORK="$(mktemp -d)"
        trap "rm -rf '$WORK'" EXIT
    fi
}
