#!/usr/bin/env python3
"""The daemon's voices side by side (scripts/bench-voice.sh), from the `bench voice` figures
(JSON lines) of three runs: espeak-ng, Piper with whole sentences (the baseline) and Piper
with its pieces cut short (the daemon's). Prints render CPU per audio second, first sound of
a look-up, and peak RSS of the process and of Piper's child, each beside the others.

    python3 -m bench.voice_figures ESPEAK.jsonl PIPER-WHOLE.jsonl PIPER-PIECES.jsonl
"""
import argparse

from bench.results import read_jsonl


def figures(path):
    """A run's figures by name (render, first-sound, memory, passages)."""
    return {item["figure"]: item for item in read_jsonl(path)}


def per(r):
    """Render CPU seconds per second of audio."""
    return r["render"]["cpu_seconds"] / r["render"]["audio_seconds"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("espeak", help="espeak-ng's figures")
    ap.add_argument("whole", help="Piper's, whole sentences")
    ap.add_argument("pieces", help="Piper's, pieces cut short")
    args = ap.parse_args()
    e, whole, p = figures(args.espeak), figures(args.whole), figures(args.pieces)
    print(f"render, CPU-s per audio-s on one core: espeak-ng {per(e):.4f}, Piper {per(p):.4f} ({per(p) / per(e):.0f}x); "
          f"whole course: {p['render']['audio_seconds'] / 60:.0f} min of Piper audio in {p['render']['wall_seconds']:.0f} s, "
          f"cache {p['render']['cache_bytes'] / 1e6:.0f} MB")
    print(f"first sound of a look-up: espeak-ng {e['first-sound']['warm_median_ms']:.0f} ms, "
          f"Piper {p['first-sound']['warm_median_ms']:.0f} ms "
          f"(worst {p['first-sound']['warm_max_ms']:.0f} ms, cold {p['first-sound']['cold_ms']:.0f} ms); "
          f"whole sentences: {whole['first-sound']['warm_median_ms']:.0f} ms (worst {whole['first-sound']['warm_max_ms']:.0f} ms)")
    print(f"peak RSS: espeak-ng {e['memory']['self_peak_kb'] / 1024:.0f} MB; "
          f"Piper: the process {p['memory']['self_peak_kb'] / 1024:.0f} MB + its child "
          f"{p['memory']['child_peak_kb'] / 1024:.0f} MB after the course, {p['passages']['child_peak_kb'] / 1024:.0f} MB after 100 passages; "
          f"whole sentences: {whole['memory']['child_peak_kb'] / 1024:.0f} MB and {whole['passages']['child_peak_kb'] / 1024:.0f} MB "
          f"({p['memory']['child_peak_kb'] / whole['memory']['child_peak_kb']:.2f}x, "
          f"{p['passages']['child_peak_kb'] / whole['passages']['child_peak_kb']:.2f}x)")
    print(f"Piper render CPU-s per audio-s, pieces against whole sentences: {per(p) / per(whole):.2f}x")


if __name__ == "__main__":
    main()
