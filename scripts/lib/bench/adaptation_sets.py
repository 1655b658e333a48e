#!/usr/bin/env python3
"""The speakers of scripts/bench-adaptation.sh: N speakers of CMU AN4's training set
(speakers with at least 12 recordings, half women and half men, evenly spread over the
sorted list), each recording's folder made in WORK/speakers/SPEAKER/:

- recordings/: two thirds of the speaker's recordings (NAME.wav + NAME.txt, lower-case
  words), what scripts/adapt.sh adapts on;
- manifest.jsonl: the other third (every third recording), held out, clean and mixed with
  real room noise (the held-out half of the beds, noisy/) at each SNR.

WORK/speakers.txt lists them, one a line: SPEAKER ADAPTED-ON HELD-OUT.

    python3 -m bench.adaptation_sets [--speakers 10] [--snr 12] [--seed 7] WORK
"""
import argparse, json, os, random

from bench import SPEECH
from bench.speech_corpus import read, write, mix
from bench.speech_sets import transcripts, load_lines, noise_bed, bed_cuts


def chosen_speakers(by_speaker, count):
    """AN4 speaker names open with their sex (f, m): half of each, evenly spread."""
    eligible = sorted(s for s, ids in by_speaker.items() if len(ids) >= 12)
    chosen = []
    for sex, n in (("f", count // 2), ("m", count - count // 2)):
        group = [s for s in eligible if s.startswith(sex)]
        chosen += [group[int((i + 0.5) * len(group) / n)] for i in range(min(n, len(group)))]
    return chosen


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--speakers", type=int, default=10, help="how many speakers")
    ap.add_argument("--snr", default="12", help="comma-separated dB of the noisy copies (clean is always kept)")
    ap.add_argument("--seed", type=int, default=7, help="the noise beds' seed")
    ap.add_argument("work", help="the benchmark's working folder")
    args = ap.parse_args()
    an4 = os.path.join(SPEECH, "an4")
    texts = transcripts(os.path.join(an4, "etc", "an4_train.transcription"))
    by_speaker = {}
    for fileid in load_lines(os.path.join(an4, "etc", "an4_train.fileids")):
        by_speaker.setdefault(fileid.split("/")[1], []).append(fileid)
    rng = random.Random(args.seed)
    cuts = bed_cuts("held-out")
    with open(os.path.join(args.work, "speakers.txt"), "w") as out:
        for speaker in chosen_speakers(by_speaker, args.speakers):
            ids = by_speaker[speaker]
            folder = os.path.join(args.work, "speakers", speaker)
            os.makedirs(os.path.join(folder, "recordings"), exist_ok=True)
            os.makedirs(os.path.join(folder, "noisy"), exist_ok=True)
            rows = []
            for i, fileid in enumerate(ids):
                name = os.path.basename(fileid)
                wav = os.path.join(an4, "wav", fileid + ".wav")
                if i % 3 != 2:  # two thirds to adapt on
                    os.symlink(wav, os.path.join(folder, "recordings", name + ".wav"))
                    with open(os.path.join(folder, "recordings", name + ".txt"), "w") as f:
                        f.write(texts[name] + "\n")
                    continue
                entry = dict(text=texts[name], expected=texts[name], kind="sentence", set="an4", speaker=speaker)
                rows.append(dict(entry, file=wav, noise="none", snr=None))
                samples = read(wav)
                for snr in [float(x) for x in args.snr.split(",") if x]:
                    noisy = os.path.join(folder, "noisy", f"{name}-room{int(snr)}.wav")
                    write(noisy, mix(samples, noise_bed(len(samples), rng, cuts), snr))
                    rows.append(dict(entry, file=noisy, noise="room", snr=snr))
            with open(os.path.join(folder, "manifest.jsonl"), "w") as f:
                f.writelines(json.dumps(r) + "\n" for r in rows)
            adapted = len(ids) - sum(r["noise"] == "none" for r in rows)
            out.write(f"{speaker} {adapted} {len(ids) - adapted}\n")


if __name__ == "__main__":
    main()
