#!/usr/bin/env python3
"""A Piper child that misbehaves on purpose, for the tests of how the daemon holds Piper to
its protocol (libexec/piper-voice.py's). Called as piper-voice.py is:

    fake-piper.py --model BEHAVIOUR[:FILE] [--length-scale X] [--voices DIR]

FILE, where given, receives the child's pid (or, for fails-first, marks the first start).
BEHAVIOUR:
  good            header (16 kHz), then 80 samples of 1000 for each character of a sentence
  silent          never writes anything
  stops           header, then stops itself (SIGSTOP) on the first sentence
  garbage-after   header, then announces 2 GB for a sentence and writes random bytes forever
  garbage-before  8 MB of random bytes with no newline, then waits
  chatter-before  a line of chatter before its header
  fails-first     the first start (FILE absent) fails at once; later starts are good
"""
import argparse
import json
import os
import signal
import struct
import sys
import time

parser = argparse.ArgumentParser()
parser.add_argument("--model", required=True)
parser.add_argument("--length-scale")
parser.add_argument("--voices", action="append")
parser.add_argument("--threads")
parser.add_argument("--nice")
args = parser.parse_args()
behaviour, _, path = args.model.partition(":")
out = sys.stdout.buffer


def header():
    out.write(b'{"sample_rate": 16000, "model": "fake"}\n')
    out.flush()


def forever():
    while True:
        time.sleep(60)


if behaviour == "fails-first":
    if not os.path.exists(path):
        open(path, "w").close()
        sys.exit("fake-piper: failing the first start, as asked")
    behaviour = "good"
elif path:
    with open(path, "w") as pid:
        pid.write(str(os.getpid()))

if behaviour == "silent":
    forever()
if behaviour == "garbage-before":
    out.write(os.urandom(8 << 20).replace(b"\n", b" "))
    out.flush()
    forever()
if behaviour == "chatter-before":
    out.write(b"Loading the voice...\n")
header()
for line in sys.stdin.buffer:
    text = json.loads(line)
    if behaviour == "stops":
        os.kill(os.getpid(), signal.SIGSTOP)
    if behaviour == "garbage-after":
        out.write(struct.pack("<I", 2_000_000_000))
        while True:
            out.write(os.urandom(1 << 16))
    pcm = struct.pack("<h", 1000) * (80 * len(text))
    out.write(struct.pack("<I", len(pcm)))
    out.write(pcm)
    out.flush()
