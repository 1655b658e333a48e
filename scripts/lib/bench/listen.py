#!/usr/bin/env python3
"""Figures of `bible-course listen`, the Bible-domain language model against PocketSphinx's
stock en-us model on the same audio, side by side:

    python3 -m bench.listen [--bin BIN] --bible Models/Bible.db [--verses 200] [--named 100]
                    [--seed 1] [--cache DIR] [--before BIN] [--no-stock] [--cores 0]

- word error rate on BSB verses of 8 to 30 words read by Piper's en_US-joe-medium voice,
  and on the 100 Common Voice sentences of ../shared/speech (ordinary speech, real people);
- named references found: Piper-read sentences that name a verse ("as it says in
  habakkuk chapter two verse four ...") and read its opening, the share whose reference
  `listen` names (and the share that names another passage);
- quoted verses identified: the same Piper-read verses (8 to 30 words), clean and mixed
  with real room noise at 10 dB, the share whose best quoted reference is the verse read
  (top-1), and the share of real people's recordings (Common Voice, AN4) for which a
  quotation is reported at all (false identification);
- time: wall seconds per second of audio for each whole run (model load included; the
  domain model is built before the timed runs), the 95th percentile of the seconds from
  one utterance printed to the next (what one utterance costs), peak RSS, and start-up with
  the model cached (`listen` on half a second of silence);
- `--before BIN`: the previous build, on the same files in the same run, each build with
  a state directory (and domain model) of its own; `--no-stock` leaves out the stock
  model's runs; `--cores 0` runs every `listen` on those cores only (`taskset -c`; `all`:
  anywhere).
"""
import argparse, json, os, random, re, shutil, subprocess, sys, tempfile, time, wave

from bench import PIPER_CACHE, SPEECH, binary
from bench.speech_sets import Piper, noise_bed, transcripts
from bench.speech_corpus import RATE, mix, read, write

CARRIERS = ["as it says in", "turn with me to", "we read in", "look at", "in"]


def words(text):
    return re.findall(r"[a-z0-9']+", text.lower())


def edit_distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def compact_reference(binary, book, chapter, verse):
    """`book chapter:verse` as `listen` prints it ("Hab 2:4")."""
    printed = subprocess.run([binary, "reference", "--json"], input=f"{book} {chapter}:{verse}\n",
                             capture_output=True, text=True).stdout
    return json.loads(printed)["reference"]


def bible_verses(bible):
    """Every verse of Bible.db (superscriptions aside) as (book name, chapter, verse, text)."""
    import sqlite3
    db = sqlite3.connect(f"file:{bible}?mode=ro", uri=True)
    return db.execute("SELECT b.name, v.chapter, v.verse, v.text FROM verses v JOIN books b ON b.id = v.book_id "
                      "WHERE v.verse > 0").fetchall()


def quoted_verses(binary, bible, rng, count):
    """`count` BSB verses of 8 to 30 words as a person reads them aloud, with the verse."""
    rows = bible_verses(bible)
    out = []
    while len(out) < count:
        book, chapter, verse, text = rng.choice(rows)
        said = re.findall(r"[a-z']+", text.lower())
        if 8 <= len(said) <= 30:
            out.append((" ".join(said), compact_reference(binary, book, chapter, verse)))
    return out


def named_sentences(binary, bible, rng, count):
    """Sentences naming a verse (chapter and verse said) and reading its first words."""
    rows = bible_verses(bible)
    out = []
    while len(out) < count:
        book, chapter, verse, text = rng.choice(rows)
        reference = compact_reference(binary, book, chapter, verse)
        name = book.lower().replace("1 ", "first ").replace("2 ", "second ").replace("3 ", "third ")
        opening = " ".join(words(re.split(r"[.;:?!]", text)[0])[:8])
        out.append((f"{rng.choice(CARRIERS)} {name} chapter {number_words(chapter)} verse {number_words(verse)} {opening}",
                    reference))
    return out


ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
       "seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(n):
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else " " + ONES[n % 10])
    return ONES[n // 100] + " hundred" + ("" if n % 100 == 0 else " " + number_words(n % 100))


def pinned(cores):
    """The prefix that runs a command on `cores` only (nothing for "all")."""
    return [] if cores == "all" else ["taskset", "-c", cores]


def listen(binary, state, files, stock, cores):
    """{file: [utterance objects]}, wall seconds, peak RSS (kB) and the seconds between
    utterances printed (the first's wait, which holds the start-up, left out) of one
    `listen` run."""
    started = time.time()
    command = pinned(cores) + ["/usr/bin/time", "-f", "%M", binary, "listen", "--json", "--state-dir", state] + \
        (["--stock"] if stock else []) + files
    with tempfile.TemporaryFile(mode="w+") as errors:
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=errors, text=True)
        lines, printed = [], []
        for line in process.stdout:
            printed.append(time.time())
            lines.append(line)
        process.wait()
        wall = time.time() - started
        errors.seek(0)
        stderr = errors.read().strip()
    rss = int(stderr.splitlines()[-1]) if stderr and stderr.splitlines()[-1].isdigit() else 0
    out = {f: [] for f in files}
    for line in lines:
        row = json.loads(line)
        out[row["file"]].append(row)
    gaps = [b - a for a, b in zip(printed, printed[1:])]
    return out, wall, rss, gaps


def percentile(values, share):
    """The value `share` of the way up `values` sorted (nearest rank); 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered))) - 1))]


def main():
    parser = argparse.ArgumentParser()
    binary.add_argument(parser)
    parser.add_argument("--bible", required=True)
    parser.add_argument("--verses", type=int, default=200)
    parser.add_argument("--named", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", default=PIPER_CACHE)
    parser.add_argument("--before", help="the previous build's binary, run beside on the same files")
    parser.add_argument("--no-stock", action="store_true", help="leave out the stock model's runs")
    parser.add_argument("--cores", default="0", help="taskset's core list for every listen run (all: anywhere)")
    args = parser.parse_args()
    args.bin = binary.find(args.bin)
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="bench-listen-")
    try:
        run(args, rng, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(args, rng, work):
    piper = Piper(args.cache)

    sets = {}
    rows, noisy = [], []
    noise = random.Random(args.seed + 1)
    for i, (text, reference) in enumerate(quoted_verses(args.bin, args.bible, rng, args.verses)):
        path = os.path.join(work, f"verse{i:03}.wav")
        piper.say(text, 1.0, 0, path)
        rows.append((path, text, reference))
        speech = read(path)
        write(path.replace(".wav", "-room10.wav"), mix(speech, noise_bed(len(speech), noise), 10))
        noisy.append((path.replace(".wav", "-room10.wav"), text, reference))
    sets["Piper verses"] = rows
    sets["verses 10 dB"] = noisy
    cv = transcripts(os.path.join(SPEECH, "commonvoice100", "ref.txt"))
    sets["Common Voice"] = [(os.path.join(SPEECH, "commonvoice100", "data", f"{ident}.wav"), text, None)
                            for ident, text in sorted(cv.items())
                            if os.path.exists(os.path.join(SPEECH, "commonvoice100", "data", f"{ident}.wav"))]
    an4 = transcripts(os.path.join(SPEECH, "an4", "etc", "an4_test.transcription"))
    sets["AN4"] = [(os.path.join(SPEECH, "an4", "wav", "an4test_clstk", ident.split("-")[1], f"{ident}.wav"), text, None)
                   for ident, text in sorted(an4.items())
                   if os.path.exists(os.path.join(SPEECH, "an4", "wav", "an4test_clstk", ident.split("-")[1], f"{ident}.wav"))]
    rows = []
    for i, (text, reference) in enumerate(named_sentences(args.bin, args.bible, rng, args.named)):
        path = os.path.join(work, f"named{i:03}.wav")
        piper.say(text, 1.0, 0, path)
        rows.append((path, text, reference))
    sets["Piper named"] = rows

    # Each build's domain model is built (and timed) before the runs that are timed.
    builds = [("this", args.bin)] + ([("before", args.before)] if args.before else [])
    states = {label: os.path.join(work, f"state-{label}") for label, _ in builds}
    for label, binary in builds:
        started = time.time()
        subprocess.run([binary, "listen", "--state-dir", states[label], sets["Piper verses"][0][0]], capture_output=True)
        print(f"{label}: domain model built and one file heard in {time.time() - started:.1f} s")
    # Start-up with the model cached: `listen` on half a second of silence, five times each,
    # the builds in turn.
    silence = os.path.join(work, "silence.wav")
    with wave.open(silence, "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(16000), w.writeframes(b"\0\0" * 8000)
    starts = {label: [] for label, _ in builds}
    for _ in range(5):
        for label, binary in builds:
            started = time.time()
            subprocess.run(pinned(args.cores) + [binary, "listen", "--state-dir", states[label], silence],
                           capture_output=True, check=True)
            starts[label].append(time.time() - started)
    for label, _ in builds:
        print(f"{label}: start-up with the model cached (listen on 0.5 s of silence, median of 5): "
              f"{sorted(starts[label])[2]:.2f} s")

    runs = ([] if args.no_stock else [("stock", args.bin, states["this"], True)]) + \
        [(label if args.before else "domain", binary, states[label], False) for label, binary in builds]
    print("named: the reference named is found (wrong: another passage named); quoted: the best quoted verse is\n"
          "the one read (Piper verses) or a quotation reported at all (real recordings: false identification);\n"
          f"wall/audio: the whole run's wall time per second of audio; p95 s: of the seconds between utterances\n"
          f"printed; every run on cores {args.cores}")
    print(f"{'set':<14} {'files':>5} {'model':<7} {'WER':>7} {'named':>9} {'wrong':>6} {'quoted':>9} "
          f"{'wall/audio':>10} {'p95 s':>6} {'RSS MB':>7}")
    for name, rows in sets.items():
        if not rows:
            print(f"{name:<14} no files (is ../shared/speech there?)")
            continue
        audio = sum(len(read(path)) for path, _, _ in rows) / RATE
        for model, binary, state, stock in runs:
            heard, wall, rss, gaps = listen(binary, state, [r[0] for r in rows], stock, args.cores)
            errors = total = found = wrong = quoted = 0
            for path, text, reference in rows:
                said = words(text)
                got = [w for u in heard[path] for w in words(u["text"])]
                errors += edit_distance(said, got)
                total += len(said)
                refs = [r["reference"] for u in heard[path] for r in u["references"]]
                quotes = sorted((r for u in heard[path] for r in u["references"] if r["how"] == "quoted"),
                                key=lambda r: -r["confidence"])
                if name == "Piper named":
                    found += reference in refs
                    wrong += any(r != reference for r in refs)
                elif reference is not None:
                    quoted += bool(quotes) and quotes[0]["reference"] == reference
                else:
                    quoted += bool(quotes)
            named = f"{found}/{len(rows)}" if name == "Piper named" else "-"
            wrong_text = str(wrong) if name == "Piper named" else "-"
            quoted_text = "-" if name == "Piper named" else f"{quoted}/{len(rows)}"
            print(f"{name:<14} {len(rows):>5} {model:<7} {100 * errors / max(1, total):>6.1f}% "
                  f"{named:>9} {wrong_text:>6} {quoted_text:>9} {wall / audio:>10.3f} {percentile(gaps, 0.95):>6.2f} "
                  f"{rss / 1024:>7.0f}", flush=True)


if __name__ == "__main__":
    main()
