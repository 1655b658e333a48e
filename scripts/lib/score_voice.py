#!/usr/bin/env python3
"""Word error rate of `listen --json` transcripts against the sentences a voice said.

    score_voice.py MANIFEST.tsv LISTEN.jsonl   (manifest: file TAB text; one JSON line per utterance)
Prints: sentences, words, word errors, WER.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_listen import edit_distance, words  # noqa: E402


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
            errors += edit_distance(said, words(" ".join(heard.get(path, []))))
            count += 1
    print(f"{count} sentences, {total} words, {errors} word errors, WER {errors / max(1, total):.1%}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
