#!/usr/bin/env python3
"""The adaptation set scripts/adapt.sh adapts on, written in OUT: NAME.wav (16 kHz mono)
and adapt.fileids + adapt.transcription (the words read, as the alignment dictionary spells
them), from

- --recordings DIR: NAME.wav and NAME.txt (what was read), each converted with sox; or
- --espeak VOICES: espeak-ng voices (comma-separated, in turn, at three rates) reading
  --sentences random Bible verses; with --noisy SNR also each with a room's noise mixed in
  at SNR dB (brown noise, or other voices reading other verses).

Recordings holding a word the dictionary lacks are left out; says how many were kept on
stderr.

    python3 -m bench.adaptation_corpus --dictionary DICT --recordings DIR OUT
    python3 -m bench.adaptation_corpus --dictionary DICT --espeak VOICES [--sentences 100]
        [--noisy SNR] [--bible Models/Bible.db] OUT
"""
import argparse, os, random, re, sqlite3, subprocess, sys

from bench import ROOT
from bench.speech_corpus import mix, noise, read, write


def words(text):
    """The words read, lower-case, as the dictionary spells them."""
    ws = [w.strip("'") for w in re.findall(r"[a-z']+", text.lower().replace("\u2019", "'"))]
    return [w for w in ws if w]


def recorded(out, recordings):
    """(name, words) of each recording with its text, converted into OUT."""
    pairs = []
    for name in sorted(os.listdir(recordings)):
        if name.endswith(".wav") and os.path.exists(os.path.join(recordings, name[:-4] + ".txt")):
            text = open(os.path.join(recordings, name[:-4] + ".txt"), encoding="utf-8").read()
            dst = os.path.join(out, name)
            subprocess.run(["sox", "-R", os.path.join(recordings, name), "-r", "16000", "-c", "1", "-b", "16", dst], check=True)
            pairs.append((name[:-4], words(text)))
    return pairs


def spoken(out, voices, count, bible, noisy):
    """(name, words) of verses espeak-ng read into OUT, and with noisy their noisy copies."""
    pairs = []
    rows = sqlite3.connect(bible).execute(
        "SELECT text FROM verses WHERE verse > 0 AND length(text) BETWEEN 40 AND 110").fetchall()
    random.seed(3)
    vs = voices.split(","); rates = [140, 170, 200]
    for i, (text,) in enumerate(random.sample(rows, count)):
        ws = words(text)
        name = f"a{i:04d}"
        subprocess.run(["espeak-ng", "-v", vs[i % len(vs)], "-s", str(rates[i % 3]), "-w", f"{out}/raw.wav", " ".join(ws)], check=True)
        subprocess.run(["sox", "-R", f"{out}/raw.wav", "-r", "16000", "-c", "1", "-b", "16", f"{out}/{name}.wav", "pad", "0.3", "0.3"],
                       check=True, stderr=subprocess.DEVNULL)
        pairs.append((name, ws))
    if noisy:
        rng = random.Random(11)
        # Other voices read other verses than the test set's babble sentences.
        verses = [" ".join(words(t)) for (t,) in rng.sample(rows, 60)]
        for k, (name, ws) in enumerate(list(pairs)):
            speech = read(f"{out}/{name}.wav")
            kind = "brown" if k % 2 == 0 else "babble"
            background = noise(kind, len(speech), rng.randrange(1 << 30), out, babble=verses)
            write(f"{out}/{name}n.wav", mix(speech, background, noisy))
            pairs.append((name + "n", ws))
    return pairs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dictionary", required=True, help="the alignment dictionary")
    ap.add_argument("--recordings", help="a folder of NAME.wav and NAME.txt (taken before --espeak)")
    ap.add_argument("--espeak", help="espeak-ng voices, comma-separated")
    ap.add_argument("--sentences", type=int, default=100, help="espeak: how many verses")
    ap.add_argument("--noisy", type=float, default=0, help="espeak: also each mixed with a room's noise at this SNR (dB)")
    ap.add_argument("--bible", default=os.path.join(ROOT, "Models", "Bible.db"), help="espeak: the verses' database")
    ap.add_argument("out", help="the folder the set is written in")
    args = ap.parse_args()
    if not (args.recordings or args.espeak):
        ap.error("give --recordings DIR or --espeak VOICES")
    known = {l.split()[0].split("(")[0] for l in open(args.dictionary, encoding="utf-8", errors="ignore") if l.strip()}
    if args.recordings:
        pairs = recorded(args.out, args.recordings)
    else:
        pairs = spoken(args.out, args.espeak, args.sentences, args.bible, args.noisy)
    kept = [(n, ws) for n, ws in pairs if ws and all(w in known for w in ws)]
    with open(f"{args.out}/adapt.fileids", "w") as f, open(f"{args.out}/adapt.transcription", "w") as t:
        for n, ws in kept:
            f.write(n + "\n"); t.write("<s> " + " ".join(ws) + f" </s> ({n})\n")
    print(f"adaptation set: {len(kept)} of {len(pairs)} recordings (the rest hold words the dictionary lacks)", file=sys.stderr)


if __name__ == "__main__":
    main()
