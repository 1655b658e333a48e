#!/usr/bin/env python3
"""Builds a speech test set with espeak-ng and sox: every phrase of a phrase list, in
several voices and rates, clean and with noise mixed in at given signal-to-noise ratios.

Writes 16 kHz mono 16-bit WAV files and a manifest (JSON lines: file, text, kind,
expected, voice, rate, noise, snr). The same arguments make the same files (sox -R: its
dither and noise are seeded), so two benchmark runs hear the same audio. Used by the recognition tests' benchmark
(scripts/bench-recognition.sh); the Swift tests make their own audio the same way.

    speech_corpus.py --phrases phrases.tsv --out DIR [--voices en-us,en+f3] [--rates 150,180]
                     [--snr 20,10] [--noise pink,babble] [--limit N]

phrases.tsv: `kind<TAB>expected<TAB>text` (kind: command, lookup, other).
"""
import argparse, array, json, math, os, random, subprocess, sys, tempfile, wave

RATE = 16000

def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

def synth(text, voice, rate, path, pad=0.6):
    """espeak-ng → 16 kHz mono with `pad` seconds of silence around the speech."""
    with tempfile.NamedTemporaryFile(suffix=".wav") as raw:
        run(["espeak-ng", "-v", voice, "-s", str(rate), "-w", raw.name, text])
        run(["sox", "-R", raw.name, "-r", str(RATE), "-c", "1", "-b", "16", path, "pad", str(pad), str(pad)])

def read(path):
    with wave.open(path) as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1 and w.getsampwidth() == 2
        return array.array("h", w.readframes(w.getnframes()))

def write(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(RATE)
        w.writeframes(samples.tobytes())

def rms(samples):
    return math.sqrt(sum(s * s for s in samples) / max(1, len(samples))) or 1.0

def speech_rms(samples, frame=320):
    """RMS over the loudest half of 20 ms frames: the level of the speech, not the padding."""
    energies = sorted((sum(s * s for s in samples[i:i + frame]) / frame
                       for i in range(0, len(samples) - frame, frame)), reverse=True)
    top = energies[: max(1, len(energies) // 2)]
    return math.sqrt(sum(top) / len(top)) or 1.0

BABBLE = [
    "and then we went down to the market on saturday morning to buy some bread",
    "the weather tonight will be cloudy with a chance of rain in the north",
    "i told him that the meeting had been moved to thursday afternoon",
    "scientists say the new bridge will open to traffic next spring",
    "she laughed and said that she would never have guessed it",
]

def noise(kind, length, seed, workdir, babble=BABBLE):
    """`length` samples of `kind` noise: pink, brown (sox) or babble (three other voices
    reading three of the `babble` sentences at once)."""
    path = os.path.join(workdir, f"noise-{kind}-{seed}.wav")
    seconds = length / RATE + 0.1
    if kind == "babble":
        # Several other voices talking at once, as a television or a room does.
        parts = []
        for i, (voice, text) in enumerate(zip(["en-gb", "en+f2", "en-us+m4"], random.Random(seed).sample(babble, 3))):
            p = os.path.join(workdir, f"babble-{seed}-{i}.wav")
            synth(text, voice, 170, p, pad=0.0)
            parts.append(p)
        run(["sox", "-R", "-m", *parts, "-r", str(RATE), "-c", "1", "-b", "16", path, "repeat", "3", "trim", "0", f"{seconds:.3f}"])
    else:
        run(["sox", "-R", "-n", "-r", str(RATE), "-c", "1", "-b", "16", path, "synth", f"{seconds:.3f}", f"{kind}noise", "vol", "0.3"])
    n = read(path)
    if len(n) < length:
        n.extend(array.array("h", [0] * (length - len(n))))
    return n[:length]

def mix(speech, background, snr):
    gain = speech_rms(speech) / (rms(background) * 10 ** (snr / 20))
    out = array.array("h", (max(-32768, min(32767, int(s + gain * b))) for s, b in zip(speech, background)))
    return out

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--phrases", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--voices", default="en-us,en,en-gb,en+f3,en+m3")
    ap.add_argument("--rates", default="140,170,200")
    ap.add_argument("--snr", default="20,10", help="comma-separated dB; clean audio is always made")
    ap.add_argument("--noise", default="pink,babble")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    voices = args.voices.split(",")
    rates = [int(r) for r in args.rates.split(",")]
    snrs = [float(s) for s in args.snr.split(",") if s]
    noises = args.noise.split(",")
    phrases = []
    with open(args.phrases, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                kind, expected, text = line.rstrip("\n").split("\t")
                phrases.append((kind, expected, text))
    manifest = open(os.path.join(args.out, "manifest.jsonl"), "w")
    with tempfile.TemporaryDirectory() as work:
        for i, (kind, expected, text) in enumerate(phrases):
            # Each phrase in two voice/rate combinations, spread over all voices and rates.
            for j in range(2):
                voice = voices[(i + j * 2) % len(voices)]
                rate = rates[(i * 7 + j) % len(rates)]
                base = f"{i:03d}-{j}-{kind}"
                clean = os.path.join(args.out, base + "-clean.wav")
                synth(text, voice, rate, clean)
                entry = dict(text=text, kind=kind, expected=expected, voice=voice, rate=rate)
                manifest.write(json.dumps(dict(entry, file=os.path.basename(clean), noise="none", snr=None)) + "\n")
                speech = read(clean)
                for snr in snrs:
                    kind_of_noise = noises[(i + j) % len(noises)]
                    noisy = os.path.join(args.out, f"{base}-{kind_of_noise}{int(snr)}.wav")
                    write(noisy, mix(speech, noise(kind_of_noise, len(speech), rng.randrange(1 << 30), work), snr))
                    manifest.write(json.dumps(dict(entry, file=os.path.basename(noisy), noise=kind_of_noise, snr=snr)) + "\n")
    manifest.close()

if __name__ == "__main__":
    main()
