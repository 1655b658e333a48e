#!/usr/bin/env bash
# Hearing beside Piper's background render, on one core: how long `recognize` takes to hear
# $FILES real people's utterances (CMU AN4's test speakers) on core 0, alone and while Piper
# renders sentence after sentence on the same core, as the daemon's background render does
# in its first minutes: with onnxruntime's own threads at the daemon's priority, and with
# one thread at nice 10 (what the daemon starts Piper with). Prints the wall-clock seconds
# per utterance heard in each condition and its ratio to hearing alone, and Piper's
# real-time factor meanwhile (seconds of work per second of speech).
#
#   scripts/bench-piper-beside.sh [BIN]     BIN: the binary (default: the release build)
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,10p' "$0"; exit 0 ;; esac; done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
FILES="${FILES:-40}"
if [ -n "${1:-}" ]; then BIN="$1"; else release_binary; fi
work_folder ""
SPEECH="${BIBLE_COURSE_SPEECH:-$(dirname "$ROOT")/shared/speech}"
python3 - "$BIN" "$WORK" "$SPEECH/an4/wav/an4test_clstk" "$FILES" "$ROOT/libexec/piper-voice.py" <<'PY'
import glob, json, os, struct, subprocess, sys, threading, time
binary, work, folder, count, script = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
files = sorted(glob.glob(os.path.join(folder, "*", "*.wav")))[:count]
subprocess.run([binary, "model", "build", "--state-dir", os.path.join(work, "state")], check=True, stdout=subprocess.DEVNULL)
text = "And God said, let there be light, and there was light, and God saw that the light was good."

def hear():
    started = time.monotonic()
    subprocess.run(["taskset", "-c", "0", binary, "recognize", "--json", "--state-dir", os.path.join(work, "state")] + files,
                   check=True, stdout=subprocess.DEVNULL)
    return (time.monotonic() - started) / len(files)

def beside(threads, nice):
    child = subprocess.Popen(["taskset", "-c", "0", sys.executable, script, "--model", "en_US-joe-medium",
                              "--threads", str(threads), "--nice", str(nice)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    child.stdout.readline()
    rendered = {"speech": 0.0, "busy": 0.0}
    stop = threading.Event()
    def render():
        while not stop.is_set():
            started = time.monotonic()
            child.stdin.write((json.dumps(text) + "\n").encode()); child.stdin.flush()
            size = struct.unpack("<I", child.stdout.read(4))[0]
            child.stdout.read(size)
            rendered["speech"] += size / 2 / 22050
            rendered["busy"] += time.monotonic() - started
    worker = threading.Thread(target=render); worker.start()
    time.sleep(2)
    seconds = hear()
    stop.set(); worker.join(); child.stdin.close(); child.wait()
    return seconds, rendered["busy"] / max(rendered["speech"], 1e-9)

alone = hear()
print(f"{len(files)} utterances on core 0 (wall-clock seconds per utterance heard):")
print(f"  alone: {alone:.3f} s")
for label, threads, nice in [("beside Piper, its own threads, same priority", 0, 0), ("beside Piper, 1 thread, nice 10", 1, 10)]:
    seconds, factor = beside(threads, nice)
    print(f"  {label}: {seconds:.3f} s ({seconds / alone:.2f}x alone); Piper's real-time factor meanwhile {factor:.2f}")
PY
