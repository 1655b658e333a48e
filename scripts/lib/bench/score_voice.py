#!/usr/bin/env python3
"""Word error rate of `listen --json` transcripts against the sentences a voice said.

    python3 -m bench.score_voice MANIFEST.tsv LISTEN.jsonl
        (manifest: file TAB text; listen --json: one JSON line per utterance)
Prints: sentences, words, word errors, WER.
"""
import sys

from bench.listen import edit_distance, words
from bench.results import read_jsonl


def main(manifest, transcripts):
    heard = {}
    for item in read_jsonl(transcripts):
        heard.setdefault(item.get("file"), []).append(item.get("text", ""))
    total = errors = count = 0
    with open(manifest) as lines:
        for line in lines:
            path, text = line.rstrip("\n").split("\t", 1)
            said = words(text)
            total += len(said)
            errors += edit_distance(said, words(" ".join(heard.get(path, []))))
            count += 1
    print(f"{count} sentences, {total} words, {errors} word errors, WER {errors / max(1, total):.1%}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:3])
