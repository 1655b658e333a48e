#!/usr/bin/env python3
"""Hearing beside Piper's background render, on one core (scripts/bench-piper-beside.sh):
how long `recognize` takes to hear the first FILES of CMU AN4's test speakers'
utterances on core 0, alone and while Piper (libexec/piper-voice.py) renders sentence after
sentence on the same core, with onnxruntime's own threads at the same priority and with
one thread at nice 10. Prints the wall-clock seconds per utterance heard in each condition,
its ratio to hearing alone, and Piper's real-time factor meanwhile.

    python3 -m bench.piper_beside [--bin BIN] [--files 40] WORK
"""
import argparse, glob, json, os, struct, subprocess, sys, threading, time

from bench import ROOT, SPEECH, binary as binaries

TEXT = "And God said, let there be light, and there was light, and God saw that the light was good."
PIPER = os.path.join(ROOT, "libexec", "piper-voice.py")


def hear(binary, state, files):
    """Wall-clock seconds per utterance `recognize` takes on core 0."""
    started = time.monotonic()
    subprocess.run(["taskset", "-c", "0", binary, "recognize", "--json", "--state-dir", state] + files,
                   check=True, stdout=subprocess.DEVNULL)
    return (time.monotonic() - started) / len(files)


def beside(binary, state, files, threads, nice):
    """Seconds per utterance heard while Piper renders on core 0, and Piper's real-time factor."""
    child = subprocess.Popen(["taskset", "-c", "0", sys.executable, PIPER, "--model", "en_US-joe-medium",
                              "--threads", str(threads), "--nice", str(nice)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    child.stdout.readline()
    rendered = {"speech": 0.0, "busy": 0.0}
    stop = threading.Event()

    def render():
        while not stop.is_set():
            started = time.monotonic()
            child.stdin.write((json.dumps(TEXT) + "\n").encode()); child.stdin.flush()
            size = struct.unpack("<I", child.stdout.read(4))[0]
            child.stdout.read(size)
            rendered["speech"] += size / 2 / 22050
            rendered["busy"] += time.monotonic() - started
    worker = threading.Thread(target=render); worker.start()
    time.sleep(2)
    seconds = hear(binary, state, files)
    stop.set(); worker.join(); child.stdin.close(); child.wait()
    return seconds, rendered["busy"] / max(rendered["speech"], 1e-9)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    binaries.add_argument(ap)
    ap.add_argument("--files", type=int, default=40, help="how many utterances")
    ap.add_argument("work", help="a working folder (its state/ is made)")
    args = ap.parse_args()
    binary = binaries.find(args.bin)
    files = sorted(glob.glob(os.path.join(SPEECH, "an4", "wav", "an4test_clstk", "*", "*.wav")))[:args.files]
    state = os.path.join(args.work, "state")
    subprocess.run([binary, "model", "build", "--state-dir", state], check=True, stdout=subprocess.DEVNULL)
    alone = hear(binary, state, files)
    print(f"{len(files)} utterances on core 0 (wall-clock seconds per utterance heard):")
    print(f"  alone: {alone:.3f} s")
    for label, threads, nice in [("beside Piper, its own threads, same priority", 0, 0), ("beside Piper, 1 thread, nice 10", 1, 10)]:
        seconds, factor = beside(binary, state, files, threads, nice)
        print(f"  {label}: {seconds:.3f} s ({seconds / alone:.2f}x alone); Piper's real-time factor meanwhile {factor:.2f}")


if __name__ == "__main__":
    main()
