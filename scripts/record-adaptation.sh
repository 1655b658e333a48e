#!/usr/bin/env bash
# Records a person reading the adaptation prompts (`bible-course model prompts`: the seven
# commands, a look-up of every book, then Bible verses), one WAV and one TXT per prompt,
# for scripts/adapt.sh --recordings DIR. Run it on the machine and microphone the daemon
# will use, in the room it will listen in: the adaptation learns the voice and the room.
#
#   scripts/record-adaptation.sh DIR [--device plughw:1,0] [--count 120] [--seconds-per-word 0.6]
#
# For each prompt it prints the text, waits for Enter, then records for as long as the
# prompt needs (2 s plus --seconds-per-word per word). Prompts already in DIR are skipped,
# so it can be stopped with Ctrl-C and run again to go on. Then:
#   sudo scripts/adapt.sh /etc/bible-course/adaptation --recordings DIR
# and set `adaptation = "/etc/bible-course/adaptation/acoustic-model"` in the daemon's
# config (somewhere the service can read: not a home folder).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${1:?usage: scripts/record-adaptation.sh DIR [--device DEVICE] [--count N] [--seconds-per-word S]}"; shift
DEVICE="default"; COUNT=120; PER_WORD=0.6
while (($#)); do
    case "$1" in
        --device) DEVICE="$2"; shift 2 ;;
        --count) COUNT="$2"; shift 2 ;;
        --seconds-per-word) PER_WORD="$2"; shift 2 ;;
        *) echo "record-adaptation.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
command -v arecord >/dev/null || { echo "record-adaptation.sh: arecord not found (apt-get install alsa-utils)" >&2; exit 1; }
source "$ROOT/scripts/lib/bench.sh"
[ -n "$BIBLE_COURSE" ] || { echo "record-adaptation.sh: bible-course not found (scripts/run.sh builds it)" >&2; exit 1; }
mkdir -p "$DIR"
mapfile -t PROMPTS < <(cd "$ROOT" && "$BIBLE_COURSE" model prompts --count "$COUNT")
((${#PROMPTS[@]})) || { echo "record-adaptation.sh: no prompts (is Models/Bible.db built?)" >&2; exit 1; }
total=${#PROMPTS[@]}; done_now=0
for i in "${!PROMPTS[@]}"; do
    name="$(printf 'prompt%03d' "$((i + 1))")"
    text="${PROMPTS[$i]}"
    # A prompt is done when its recording and its text are both there and match.
    if [ -s "$DIR/$name.wav" ] && [ "$(cat "$DIR/$name.txt" 2>/dev/null)" = "$text" ]; then continue; fi
    words=$(wc -w <<<"$text")
    seconds=$(awk -v w="$words" -v p="$PER_WORD" 'BEGIN { s = 2 + w * p; printf "%d", s == int(s) ? s : int(s) + 1 }')
    printf '\n[%d/%d] Press Enter, then read aloud (%d s):\n    %s\n' "$((i + 1))" "$total" "$seconds" "$text"
    read -r _ || { echo "record-adaptation.sh: input closed; $done_now recorded this time" >&2; exit 1; }
    # Written under a temporary name first: an interrupted recording is never taken as done.
    arecord -q -D "$DEVICE" -f S16_LE -r 16000 -c 1 -d "$seconds" "$DIR/$name.part.wav"
    mv "$DIR/$name.part.wav" "$DIR/$name.wav"
    printf '%s\n' "$text" > "$DIR/$name.txt"
    done_now=$((done_now + 1))
done
rm -f "$DIR"/*.part.wav
echo "$total prompts recorded in $DIR ($done_now this time). Next: sudo scripts/adapt.sh /etc/bible-course/adaptation --recordings $DIR"
