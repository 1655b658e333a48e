#!/usr/bin/env python3
"""Word error rate of `listen --json` transcripts against the sentences a voice said.

    score_voice.py MANIFEST.tsv LISTEN.jsonl   (manifest: file TAB text; one JSON line per utterance)
Prints: sentences, words, word errors, WER.
"""
import json
import re
import sys


def words(text):
    return re.sub(r"[^a-z0-9' ]", " ", text.lower()).split()


def distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def main(manifest, transcripts):
    heard = {}
    with open(transcripts) as lines:
        for line in lines:
            if line.strip():
                item = json.loads(line)
                heard.setdefault(item.get("file"), []).append(item.get("text", ""))
    total = errors = count = 0
    with open(manifest) as lines:
        for line in lines:
            path, text = line.rstrip("\n").split("\t", 1)
            said = words(text)
            total += len(said)
            errors += distance(said, words(" ".join(heard.get(path, []))))
            count += 1
    print(f"{count} sentences, {total} words, {errors} word errors, WER {errors / max(1, total):.1%}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
