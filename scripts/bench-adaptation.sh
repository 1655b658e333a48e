#!/usr/bin/env bash
# Speaker adaptation on real voices: does `scripts/adapt.sh OUT --recordings DIR` (a
# MAP-adapted copy of the en-us acoustic model, and an MLLR transform) make real people
# heard better than the shipped, unadapted model?
#
# For each of N speakers of CMU AN4's training set (../shared/speech/an4; speakers with at
# least 12 recordings, half women and half men, evenly spread over the sorted list): every
# third recording is held out, the other two thirds (NAME.wav + NAME.txt, lower-case
# words) go to scripts/adapt.sh, and the held-out ones are decoded clean and mixed with
# real room noise (Speech Commands' `_silence_` cuts, the held-out half of the beds, SNR
# measured on the speech) through a user grammar of AN4's sentences
# (scripts/lib/speech_sets.py an4), by three models: unadapted (the baseline), MAP
# (`--adaptation OUT/acoustic-model`) and MLLR (`--adaptation OUT/mllr_matrix`); each with
# the plain grammar (`--command-search grammar --garbage-weight 0 --minimum-confidence 0`:
# no rejection) and with the shipped decision (default flags). Prints, per noise condition
# and model, the sentences heard exactly right (text = transcript, not rejected), those
# taken although wrong (shipped decision), the word error rate (plain grammar), and the
# utterances gained and lost against the unadapted model; then each speaker's figures.
#
#   scripts/bench-adaptation.sh [--bin PATH] [--speakers 10] [--snr 12] [--jobs 1] [--seed 7] [--keep DIR]
#
# --bin: the bible-course binary (default: this checkout's release build; build it first
# with `swift build -c release`). --snr: comma-separated dB, clean is always decoded.
# --jobs: parallel decoders. --keep: copy the work files (adaptations, recognize output)
# to DIR. Downloads nothing; needs sox and sphinxtrain (scripts/setup.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN=""; SPEAKERS=10; SNR="12"; JOBS=1; SEED=7; KEEP=""
while (($#)); do
    case "$1" in
        --bin) BIN="$2"; shift 2 ;;
        --speakers) SPEAKERS="$2"; shift 2 ;;
        --snr) SNR="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        --seed) SEED="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
        *) echo "bench-adaptation.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
say() { printf '[bench-adaptation] %s\n' "$*" >&2; }
if [ -z "$BIN" ]; then
    BIN="$(cd "$ROOT" && swift build -c release --show-bin-path)/bible-course"
fi
[ -x "$BIN" ] || { echo "bench-adaptation.sh: no binary at $BIN (swift build -c release, or --bin PATH)" >&2; exit 1; }
BIN="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
SPEECH="${BIBLE_COURSE_SPEECH:-$(dirname "$ROOT")/shared/speech}"
[ -d "$SPEECH/an4" ] || { echo "bench-adaptation.sh: no AN4 at $SPEECH/an4 (see ../shared/speech/README.md)" >&2; exit 1; }
WORK="$(mktemp -d)"
trap 'if [ -n "$KEEP" ]; then mkdir -p "$KEEP" && cp -r "$WORK"/. "$KEEP"/; fi; rm -rf "$WORK"' EXIT

say "AN4 user grammar; choosing $SPEAKERS speakers, splitting their recordings, mixing noise at $SNR dB"
python3 "$ROOT/scripts/lib/speech_sets.py" an4 --out "$WORK/an4"
python3 - "$WORK" "$SPEECH" "$SPEAKERS" "$SNR" "$SEED" "$ROOT/scripts/lib" <<'PY'
import json, os, random, sys
work, speech, count, snrs, seed, lib = sys.argv[1:7]
sys.path.insert(0, lib)
from speech_corpus import read, write, mix
from speech_sets import transcripts, load_lines, noise_bed, bed_cuts
an4 = os.path.join(speech, "an4")
texts = transcripts(os.path.join(an4, "etc", "an4_train.transcription"))
by_speaker = {}
for fileid in load_lines(os.path.join(an4, "etc", "an4_train.fileids")):
    by_speaker.setdefault(fileid.split("/")[1], []).append(fileid)
eligible = sorted(s for s, ids in by_speaker.items() if len(ids) >= 12)
count = int(count)
chosen = []
# AN4 speaker names open with their sex (f, m): half of each, evenly spread.
for sex, n in (("f", count // 2), ("m", count - count // 2)):
    group = [s for s in eligible if s.startswith(sex)]
    chosen += [group[int((i + 0.5) * len(group) / n)] for i in range(min(n, len(group)))]
rng = random.Random(int(seed))
cuts = bed_cuts("held-out")
with open(os.path.join(work, "speakers.txt"), "w") as out:
    for speaker in chosen:
        ids = by_speaker[speaker]
        folder = os.path.join(work, "speakers", speaker)
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
            for snr in [float(x) for x in snrs.split(",") if x]:
                noisy = os.path.join(folder, "noisy", f"{name}-room{int(snr)}.wav")
                write(noisy, mix(samples, noise_bed(len(samples), rng, cuts), snr))
                rows.append(dict(entry, file=noisy, noise="room", snr=snr))
        with open(os.path.join(folder, "manifest.jsonl"), "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
        adapted = len(ids) - sum(r["noise"] == "none" for r in rows)
        out.write(f"{speaker} {adapted} {len(ids) - adapted}\n")
PY

GRAMMAR=(--grammars "$WORK/an4/grammars" --vocabulary "$WORK/an4/vocabulary.json")
# name | recognize flags
DECISIONS=("plain|--command-search grammar --garbage-weight 0 --minimum-confidence 0" "shipped|")
mapfile -t CHOSEN < "$WORK/speakers.txt"
for line in "${CHOSEN[@]}"; do
    read -r speaker adapted decoded <<< "$line"
    folder="$WORK/speakers/$speaker"
    say "$speaker: adapting on $adapted recordings, decoding $decoded held out"
    BIBLE_COURSE="$BIN" "$ROOT/scripts/adapt.sh" "$folder/adaptation" --recordings "$folder/recordings" </dev/null >"$folder/adapt.log" 2>&1 \
        || { cat "$folder/adapt.log" >&2; exit 1; }
    for model in unadapted MAP MLLR; do
        case "$model" in
            unadapted) adaptation=() ;;
            MAP) adaptation=(--adaptation "$folder/adaptation/acoustic-model") ;;
            MLLR) adaptation=(--adaptation "$folder/adaptation/mllr_matrix") ;;
        esac
        for decision in "${DECISIONS[@]}"; do
            name="${decision%%|*}"; read -r -a flags <<< "${decision#*|}"
            python3 "$ROOT/scripts/lib/run_recognize.py" --bin "$BIN" --jobs "$JOBS" --out "$folder/$model-$name.jsonl" \
                "$folder/manifest.jsonl" -- "${GRAMMAR[@]}" ${adaptation[@]+"${adaptation[@]}"} ${flags[@]+"${flags[@]}"} </dev/null 2>/dev/null
        done
    done
done

python3 - "$WORK" "$ROOT/scripts/lib" <<'PY'
import json, os, sys
work = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from bench_listen import edit_distance as edits  # noqa: E402
speakers = [line.split() for line in open(os.path.join(work, "speakers.txt"))]
MODELS, DECISIONS = ("unadapted", "MAP", "MLLR"), ("plain", "shipped")
PASS = (None, "no command matches")  # the grammar's sentence was taken (AN4's is no command)

def condition(e):
    return "clean" if e["noise"] == "none" else f"{int(e['snr'])} dB"


items = []  # (speaker, condition, expected, {(model, decision): result})
for speaker, _, _ in speakers:
    folder = os.path.join(work, "speakers", speaker)
    manifest = [json.loads(l) for l in open(os.path.join(folder, "manifest.jsonl"))]
    results = {}
    for m in MODELS:
        for d in DECISIONS:
            results[m, d] = {r["file"]: r for r in map(json.loads, open(os.path.join(folder, f"{m}-{d}.jsonl")))}
    for e in manifest:
        items.append((speaker, condition(e), e["expected"], {k: v.get(e["file"], {}) for k, v in results.items()}))

def right(r, expected):
    return r.get("text", "").lower() == expected and r.get("rejected") in PASS

def taken_wrong(r, expected):
    return r.get("text", "").lower() != expected and r.get("text") and r.get("rejected") in PASS

conds = sorted({c for _, c, _, _ in items}, key=lambda c: (c != "clean", -float(c.split()[0]) if c != "clean" else 0))
adapted = sum(int(a) for _, a, _ in speakers)
print(f"{len(speakers)} AN4 speakers ({' '.join(s for s, _, _ in speakers)}); adapted on {adapted} recordings "
      f"({adapted / len(speakers):.1f} a speaker), {sum(int(n) for _, _, n in speakers)} held out, decoded per condition")
print()
print("| condition | model | plain grammar: right | gained / lost vs unadapted | word error rate "
      "| shipped decision: right | gained / lost vs unadapted | taken although wrong |")
print("|---|---|---|---|---|---|---|---|")
for c in conds:
    rows = [it for it in items if it[1] == c]
    n = len(rows)
    for m in MODELS:
        cells = []
        for d in DECISIONS:
            ok = [right(res[m, d], exp) for _, _, exp, res in rows]
            base = [right(res["unadapted", d], exp) for _, _, exp, res in rows]
            gained = sum(o and not b for o, b in zip(ok, base))
            lost = sum(b and not o for o, b in zip(ok, base))
            cells.append(f"{sum(ok)} of {n} ({100 * sum(ok) / n:.0f}%)")
            cells.append("baseline" if m == "unadapted" else f"+{gained} / -{lost}")
            if d == "plain":
                errors = sum(edits(res[m, d].get("text", "").lower().split(), exp.split()) for _, _, exp, res in rows)
                words = sum(len(exp.split()) for _, _, exp, _ in rows)
                cells.append(f"{100 * errors / words:.1f}%")
            else:
                cells.append(str(sum(bool(taken_wrong(res[m, d], exp)) for _, _, exp, res in rows)))
        print(f"| {c} | {m} | " + " | ".join(cells) + " |")
print()
print("Per speaker, right of held-out recordings (plain grammar / shipped decision), " + ", ".join(conds) + ":")
print()
print("| speaker | " + " | ".join(f"{c} {m}" for c in conds for m in MODELS) + " |")
print("|---|" + "---|" * (len(conds) * len(MODELS)))
for speaker, _, _ in speakers:
    cells = []
    for c in conds:
        rows = [it for it in items if it[0] == speaker and it[1] == c]
        for m in MODELS:
            cells.append(" / ".join(str(sum(right(res[m, d], exp) for _, _, exp, res in rows)) for d in DECISIONS)
                         + f" of {len(rows)}")
    print(f"| {speaker} | " + " | ".join(cells) + " |")
PY
