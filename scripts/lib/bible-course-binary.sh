# Sourced by scripts that call bible-course: sets BIBLE_COURSE (unless set already) to the
# checkout's most recent build (release or debug), else the one on PATH, else leaves it
# empty. Needs ROOT.
if [ -z "${BIBLE_COURSE:-}" ]; then
    BIBLE_COURSE="$(ls -t "$ROOT/.build/release/bible-course" "$ROOT/.build/debug/bible-course" 2>/dev/null | head -n 1 || true)"
    [ -n "$BIBLE_COURSE" ] || BIBLE_COURSE="$(command -v bible-course || true)"
fi
