"""What was said and what was heard: the one model every scorer and fit reads.

- A manifest (speech_sets.py) is JSON lines, one per recording: file, kind (command,
  lookup, near-miss, other, sentence, question, answer, refusal, ...), expected, text, set,
  and for mixed audio snr (None when clean).
- A run is `recognize --json` output (run_recognize.py): one JSON line per file, in the
  manifest's order, and beside it RESULTS.rss, the peak RSS of the processes that made it.
- A run folder holds a configuration's runs by part (`course.jsonl`, `user.jsonl`, ...)
  and is named on the command line as NAME=DIR.

What a decode acted on is read here and nowhere else: `intent`, `lookup`, `taken`, and the
rejection that means the grammar accepted the words (GRAMMAR_ACCEPTED).
"""
import json, os

# `recognize`'s rejections that mean the grammar accepted the words (a user grammar's
# sentence has no intent of its own): the binary's wording (Rejection.unmatched), checked by
# Tests/AssistantUnitTests/ScriptsAgreementTests.swift.
GRAMMAR_ACCEPTED = (None, "no command matches")


def read_jsonl(path, skip_broken=False):
    """The JSON objects of a JSON-lines file; blank lines skipped, and with skip_broken lines
    that are not whole JSON (a run cut short)."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except ValueError as error:
                if not skip_broken:
                    raise SystemExit(f"{path}:{number}: not a JSON line ({error})")
    return rows


def paths(spec):
    """A list of paths from a comma-separated string (or a list, given back)."""
    return [p for p in spec.split(",") if p] if isinstance(spec, str) else list(spec)


def manifest(spec):
    """The entries of one or more manifests (comma-separated or a list), in order."""
    return [entry for path in paths(spec) for entry in read_jsonl(path)]


def by_file(entries):
    """Entries (or decodes) by their file's path."""
    return {entry["file"]: entry for entry in entries}


def peak_rss(path):
    """The peak RSS (MB) run_recognize.py wrote beside a run, or None."""
    try:
        with open(path + ".rss") as f:
            return float(f.read())
    except FileNotFoundError:
        return None


class Results:
    """The decodes of one or more runs, by file (a later run's line for a file wins)."""

    def __init__(self, runs=(), skip_broken=False, missing_ok=False):
        self.by_file = {}
        self.rss = None
        for path in paths(runs):
            if missing_ok and not os.path.exists(path):
                continue
            for row in read_jsonl(path, skip_broken):
                self.by_file[row["file"]] = row
            rss = peak_rss(path)
            if rss is not None:
                self.rss = max(self.rss or 0.0, rss)

    @classmethod
    def of_folder(cls, folder, parts, **options):
        """A run folder's results: DIR/PART.jsonl for each part that is there."""
        return cls([os.path.join(folder, part + ".jsonl") for part in parts], missing_ok=True, **options)

    def get(self, entry, default=None):
        """The decode of a manifest entry (or of a file's path), else default."""
        return self.by_file.get(entry if isinstance(entry, str) else entry["file"], default)

    def __contains__(self, file):
        return file in self.by_file

    def values(self):
        return self.by_file.values()

    def items(self):
        return self.by_file.items()


def named(argument):
    """NAME=DIR (or NAME=FILE) of the command line, as (name, path)."""
    name, sep, path = argument.partition("=")
    if not sep or not name or not path:
        raise SystemExit(f"{argument}: expected NAME=PATH")
    return name, path


# --- What a decode acted on ------------------------------------------------------------

def intent(row):
    """What a `recognize --json` line acted on, as one string: a command's id, a look-up's
    reference, "answer:TEXT", or "other" (a refusal, a control); None when nothing."""
    i = row.get("intent")
    if not i:
        return None
    for key in ("command", "lookup"):
        if key in i:
            return i[key]
    if "answer" in i:
        return "answer:" + i["answer"]
    return "other"


def lookup(row):
    """The reference a line looked up, or None (also when it acted on something else)."""
    return (row.get("intent") or {}).get("lookup")


def refused(row):
    """Whether a line heard a refusal (the correction window's "no" or "stop")."""
    return (row.get("intent") or {}).get("refusal") is True


def taken(entry, row, grammar):
    """(acted on, acted on rightly) for one file as the build that decoded it decided: through
    a user grammar, a sentence taken (it has no intent of its own); else any intent (a
    refusal or a control too, which only a correction or reading run hears; the fits' own
    copy before 2026-11-30 counted those as nothing acted on)."""
    if entry["kind"] == "sentence" or grammar == "user":
        acted = bool(row.get("text")) and row.get("rejected") in GRAMMAR_ACCEPTED
        return acted, acted and row.get("text") == entry["expected"]
    heard = intent(row)
    return heard is not None, heard is not None and heard == entry.get("expected")


# --- Conditions and figures ----------------------------------------------------------------

def noise(entry, unit=" dB"):
    """"clean", or the SNR as "12 dB" (unit "dB": "12dB")."""
    return "clean" if entry.get("snr") is None else f"{int(entry['snr'])}{unit}"


def noise_order(label):
    """Sorts noise labels clean first, then from the quietest noise to the loudest."""
    return (label != "clean", 0 if label == "clean" else -int(label.rstrip("dB ").split()[0]))


def quantile(values, q):
    """The q-quantile of values by rank (the value at int(q * n)), NaN when there are none."""
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def rtf(row):
    """Decode CPU seconds per second of audio of a line, None without audio."""
    return row["decode_ms"] / row["audio_ms"] if row.get("audio_ms") else None
