#!/usr/bin/env python3
"""Stopping a reading, as a person would: `simulate` reads a passage asked for in Piper's
voice, and a real person's "stop" (Speech Commands, one clip a person; or their "no", or
AN4's "NO" and "STOP" with `--word`) is said at a random moment of the reading, then again
2 s after it ended while the daemon has not stopped, up to three times (`simulate --at`).
The daemon's own voice reaches the microphone through a simulated room (`simulate --echo
DB`: a soft-clipping loudspeaker, reflections, clocks `--drift` ppm apart) at the echo level
of each condition, or not at all ("none"); a noisy room is a bed of held-out room cuts under
the whole reading (`simulate --room-noise`; the look-up is asked for in quiet, so that there
is a reading), SNR dB below the person's voice. Other people's
sentences (Common Voice) said at random moments of the same reading, and the daemon's own
voice alone over each condition's room noise, count the false stops.

    python3 -m bench.interrupt [--bin BIN] --out DIR [--trials 40] [--conditions none/clean,0/clean,10/12]
                       [--word stop|no|an4] [--drift 100] [--seed 7] [--half-duplex]
                       [--stops-only] [--false-stops-only] [--cost]

A condition is ECHO/SNR: the echo's level above the person's voice (dB, or "none") and the
room's noise SNR dB below the person's voice (or "clean"). Prints, per condition: readings
stopped, the time from the end of the first "stop" to silence (median, p95; silence is when
the daemon stopped speaking), and the tries it took; then (unless --stops-only) per
condition, false stops over whole readings with nobody talking, and (in a quiet room, per
echo level) with other people's sentences, per hour of the daemon's speech.
"""
import argparse, array, json, os, random, resource, statistics, subprocess, sys

from bench import PIPER_CACHE, SPEECH, binary
from bench.speech_corpus import read, write
from bench.speech_sets import Piper, noise_bed, bed_cuts, transcripts

LOOKUP = "read psalm one hundred three"


def simulate(binary, files, times, state, extra):
    out = subprocess.run([binary, "simulate", "--utterances", ",".join(files), "--at", ",".join(f"{t:.2f}" for t in times),
                          "--state-dir", state] + extra, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


# A person's level at the microphone (the mean RMS of their loudest tenth of 20 ms frames,
# as RoomEcho measures speech): ordinary speech a metre from a USB microphone, so that an
# echo 10 dB above it does not overload the microphone. Speech Commands' clips range from
# whispers to clipping; each is brought to this level in every condition alike.
PERSON_LEVEL = 3000


def at_person_level(samples):
    frames = sorted((sum(x * x for x in samples[i:i + 320]) / 320) ** 0.5 for i in range(0, len(samples) - 319, 320))
    loud = frames[::-1][:max(1, len(frames) // 10)]
    level = sum(loud) / len(loud)
    gain = PERSON_LEVEL / max(1.0, level)
    return array.array("h", (max(-32768, min(32767, int(round(x * gain)))) for x in samples))


def room_bed(path, snr, rng, seconds, quiet):
    """A held-out room-noise bed for a whole session, SNR dB below a person at PERSON_LEVEL
    (the loudest tenth of their 20 ms frames, as `at_person_level` measures), silent for its
    first `quiet` seconds (the look-up is asked for in a quiet room, so there is a reading)."""
    bed = noise_bed(int((seconds - quiet) * 16000), rng, bed_cuts("held-out"))
    frames = sorted((sum(x * x for x in bed[i:i + 320]) / 320) ** 0.5 for i in range(0, len(bed) - 319, 320))
    level = (sum(x * x for x in frames) / len(frames)) ** 0.5
    gain = PERSON_LEVEL / 10 ** (snr / 20) / max(1.0, level)
    silence = array.array("h", [0] * int(quiet * 16000))
    write(path, silence + array.array("h", (max(-32768, min(32767, int(round(x * gain)))) for x in bed)))
    return path


def person_clips(word, trials):
    """One clip a person of the word said to stop the reading."""
    if word == "an4":
        an4 = os.path.join(SPEECH, "an4")
        clips = []
        for part, folder in (("test", "an4test_clstk"), ("train", "an4_clstk")):
            texts = transcripts(os.path.join(an4, "etc", f"an4_{part}.transcription"))
            for ident, text in sorted(texts.items()):
                if text.strip().upper() in ("NO", "STOP"):
                    speaker = ident.split("-")[1]
                    clips.append(os.path.join(an4, "wav", folder, speaker, ident + ".wav"))
        return clips[:trials]
    folder = os.path.join(SPEECH, "speech-commands", word)
    people = {}
    for name in sorted(os.listdir(folder)):
        people.setdefault(name.split("_")[0], name)
    return [os.path.join(folder, n) for n in sorted(people.values())][:trials]


def speech_end(path):
    """Seconds from an utterance's time (`--at`) to the end of its speech: simulate puts half a
    second of silence before each file, and the file ends with half a second of its own."""
    return len(read(path)) / 16000


def outcome(events, first_stop_end):
    """(stopped, seconds from the end of the first stop to silence) from simulate's events."""
    refusals = [e for e in events if e["event"] == "intent" and e.get("intent") == "refusal"]
    verses = [e for e in events if e["event"] == "said" and e["kind"] == "lookup"]
    if not refusals:
        return False, None
    decided = refusals[0]["time"]
    spoken = [v["time"] + v["seconds"] for v in verses if v["time"] <= decided]
    silence = max([decided] + spoken)
    return True, max(0.0, silence - first_stop_end)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    binary.add_argument(ap)
    ap.add_argument("--out", required=True)
    ap.add_argument("--trials", type=int, default=40)
    ap.add_argument("--conditions", default="none/clean,none/12,none/6")
    ap.add_argument("--drift", type=float, default=100)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--cost", action="store_true",
                    help="only the cost: processor time per second of the daemon's speech, alone on one core (taskset -c 0), "
                         "hearing while it speaks at each echo level beside half-duplex")
    ap.add_argument("--hearing-tuning", help="a hearing tuning file for simulate (experiments)")
    ap.add_argument("--word", default="stop", choices=["stop", "no", "an4"],
                    help="what the person says: Speech Commands' stop or no, or AN4's NO and STOP")
    ap.add_argument("--stops-only", action="store_true", help="only the stop trials (no reading alone, no other people)")
    ap.add_argument("--false-stops-only", action="store_true", help="only the false stops (no stop trials)")
    ap.add_argument("--half-duplex", action="store_true", help="the daemon deaf while it speaks (hear_while_speaking = false)")
    args = ap.parse_args()
    args.bin = binary.find(args.bin)
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    state = os.path.join(args.out, "state")
    lookup = os.path.join(args.out, "lookup.wav")
    if not os.path.exists(lookup):
        Piper(PIPER_CACHE).say(LOOKUP, 1.0, 0, lookup)
    duplex = ["--hear-while-speaking", "false"] if args.half_duplex else []
    if args.hearing_tuning:
        duplex += ["--hearing-tuning", args.hearing_tuning]

    def room(echo, bed=None):
        return (duplex + ([] if echo == "none" else [f"--echo={echo}", f"--echo-drift-ppm={args.drift}"])
                + ([f"--room-noise={bed}"] if bed else []))

    def bed_for(snr, name):
        if snr == "clean":
            return None
        return room_bed(os.path.join(args.out, f"bed-{snr}-{name}.wav"), float(snr), rng, end + 30, start)

    if args.cost:
        return cost(args, lookup, state, room)

    # Where the reading begins and how long it runs, with nobody interrupting.
    plain = simulate(args.bin, [lookup], [0], state, duplex)
    verses = [e for e in plain if e["event"] == "said" and e["kind"] == "lookup"]
    start, end = verses[0]["time"], verses[-1]["time"] + verses[-1]["seconds"]
    spoken = sum(e["seconds"] for e in plain if e["event"] == "said")
    print(f"the reading: {len(verses)} verses from {start:.1f} s to {end:.1f} s; {spoken:.0f} s of speech uninterrupted")

    clips = person_clips(args.word, args.trials)
    pad = array.array("h", [0] * 8000)
    conditions = [c.split("/") for c in args.conditions.split(",")]
    for echo, snr in ([] if args.false_stops_only else conditions):
        stopped, latencies, tries = 0, [], []
        for i, clip in enumerate(clips):
            speech = at_person_level(read(clip))
            path = os.path.join(args.out, f"{args.word}-{i}.wav")
            write(path, pad + array.array("h", speech) + pad)
            bed = bed_for(snr, f"stop-{i}")
            # Each try's speech starts 2 s after the one before ended (each file and simulate
            # put half a second of silence before the speech).
            step = len(speech) / 16000 + 2
            first = rng.uniform(start + 1, min(end - 10, start + 60))
            times = [first, first + step, first + 2 * step]
            events = simulate(args.bin, [lookup, path, path, path], [0] + times, state, room(echo, bed))
            ok, latency = outcome(events, first + speech_end(path))
            if ok:
                decided = next(e["time"] for e in events if e["event"] == "intent" and e.get("intent") == "refusal")
                stopped += 1
                latencies.append(latency)
                tries.append(sum(1 for t in times if t <= decided))
        n = len(clips)
        line = f"{args.word}, echo {echo:>4}, noise {snr:>5}: stopped {stopped}/{n} ({100 * stopped / max(1, n):.0f}%)"
        if latencies:
            latencies.sort()
            p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
            line += f"; first stop to silence median {statistics.median(latencies):.1f} s, p95 {p95:.1f} s"
            line += f"; tries {statistics.mean(tries):.1f} mean"
        print(line, flush=True)

    if args.stops_only:
        return
    texts = sorted(transcripts(os.path.join(SPEECH, "commonvoice100", "ref.txt")))[: args.trials]
    readings = max(1, args.trials // 2)
    for echo, snr in conditions:
        # The daemon's own voice alone over the room's noise: whole readings, nobody talking.
        ended_early, acted, own = 0, [], 0.0
        for i in range(readings if snr != "clean" else 1):
            alone = simulate(args.bin, [lookup], [0], state, room(echo, bed_for(snr, f"alone-{i}")))
            ended_early += sum(1 for e in alone if e["event"] == "said" and e["kind"] == "lookup") < len(verses)
            acted += [e for e in alone if e["event"] == "intent" and e["time"] > start and e.get("intent") != "rejected"]
            own += sum(e["seconds"] for e in alone if e["event"] == "said")
        runs = readings if snr != "clean" else 1
        print(f"echo {echo:>4}, noise {snr:>5}, nobody talking: {ended_early} of {runs} readings ended early, {len(acted)} "
              f"intents acted on in {own / 60:.1f} min of the daemon's speech"
              + (f" ({', '.join(e.get('intent', '') for e in acted)})" if acted else ""), flush=True)
        if snr != "clean":
            continue
        false_stops, speech_seconds = 0, 0.0
        for i, ident in enumerate(texts):
            path = os.path.join(args.out, f"other-{i}.wav")
            if not os.path.exists(path):
                write(path, pad + at_person_level(read(os.path.join(SPEECH, "commonvoice100", "data", ident + ".wav"))) + pad)
            at = rng.uniform(start + 1, min(end - 10, start + 60))
            events = simulate(args.bin, [lookup, path], [0, at], state, room(echo))
            # A false stop: the reading ended early, whatever it was taken for.
            false_stops += sum(1 for e in events if e["event"] == "said" and e["kind"] == "lookup") < len(verses)
            speech_seconds += sum(e["seconds"] for e in events if e["event"] == "said")
        print(f"echo {echo:>4}, other people talking: {len(texts)} sentences during readings, {false_stops} stopped a "
              f"reading ({false_stops / max(1e-9, speech_seconds / 3600):.1f} per hour of the daemon's speech, "
              f"{speech_seconds / 60:.0f} min of it)", flush=True)


def cost(args, lookup, state, room):
    """Processor time of a whole reading with nobody talking, alone on core 0, per second of
    the daemon's speech: half-duplex (the microphone shut while it speaks) first, then
    hearing while it speaks at each echo level of the conditions."""
    def measure(extra):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = subprocess.run(["taskset", "-c", "0", args.bin, "simulate", "--utterances", lookup, "--at", "0",
                              "--state-dir", state] + extra, capture_output=True, text=True, check=True).stdout
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        events = [json.loads(line) for line in out.splitlines() if line.strip()]
        spoken = sum(e["seconds"] for e in events if e["event"] == "said")
        return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime), spoken
    base, spoken = measure(["--hear-while-speaking", "false"])
    print(f"half-duplex: {base:.1f} CPU-s for {spoken:.0f} s of speech, {base / spoken:.3f} CPU-s per second", flush=True)
    for echo in sorted({c.split("/")[0] for c in args.conditions.split(",")}, key=lambda e: (e != "none", e)):
        used, spoken = measure(room(echo))
        print(f"hearing while speaking, echo {echo:>4}: {used:.1f} CPU-s for {spoken:.0f} s of speech, "
              f"{used / spoken:.3f} CPU-s per second ({used / base:.2f}x half-duplex)", flush=True)


if __name__ == "__main__":
    main()
