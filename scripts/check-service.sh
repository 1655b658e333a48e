#!/usr/bin/env bash
# Checks the systemd unit without installing or building anything: `systemd-analyze
# security --offline=yes` must rate its exposure at MAX_EXPOSURE or lower (0 is the most
# sandboxed, 10 none at all), and `systemd-analyze verify` must accept it with no warning
# about the file (run on a copy whose ExecStart is /bin/true, so no build is needed).
# Without systemd-analyze (or one older than systemd 250, without --offline) it says so
# and passes. scripts/test.sh runs it.
#
#   scripts/check-service.sh               checks systemd/bible-course.service
#   scripts/check-service.sh UNIT.service  checks another copy of the unit
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
UNIT="${1:-$ROOT/systemd/bible-course.service}"
# The exposure the unit may have at most ("OK" and better; it had 5.5 before issue 45).
MAX_EXPOSURE=2.5
say() { printf '[check-service] %s\n' "$*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

[ -f "$UNIT" ] || { echo "usage: scripts/check-service.sh [UNIT.service] ($UNIT is no file)" >&2; exit 2; }
if ! command -v systemd-analyze >/dev/null; then
    say "systemd-analyze is not installed here; the unit is not checked"
    exit 0
fi
export SYSTEMD_COLORS=0 SYSTEMD_PAGER=cat
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# verify: ExecStart's binary must exist, so a copy runs /bin/true with the same arguments.
copy="$WORK/$(basename "$UNIT")"
sed 's#^\(ExecStart=[-+!@:]*\)[^ ]*#\1/bin/true#' "$UNIT" > "$copy"
if ! systemd-analyze verify "$copy" > "$WORK/verify.log" 2>&1; then
    cat "$WORK/verify.log" >&2
    fail "systemd-analyze verify rejects $UNIT"
fi
# Unknown keys and values are only warnings (the directive is then silently ignored).
if grep -F "$copy:" "$WORK/verify.log" >&2; then
    fail "systemd-analyze verify warns about $UNIT (lines above; their numbers are the unit's)"
fi
say "systemd-analyze verify: the unit is valid"

if ! systemd-analyze security --offline=yes "$UNIT" > "$WORK/security.log" 2>&1; then
    if grep -q -i -e "unrecognized option" -e "unknown option" "$WORK/security.log"; then
        say "this systemd-analyze ($(systemd-analyze --version | head -1)) has no --offline; exposure not checked"
        exit 0
    fi
    cat "$WORK/security.log" >&2
    fail "systemd-analyze security could not rate $UNIT"
fi
line="$(grep "Overall exposure level" "$WORK/security.log" || true)"
exposure="$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9][0-9.]*\) .*/\1/p')"
[ -n "$exposure" ] || { cat "$WORK/security.log" >&2; fail "no exposure level in systemd-analyze's output"; }
printf '%s\n' "$line"
if awk -v e="$exposure" -v max="$MAX_EXPOSURE" 'BEGIN { exit !(e > max) }'; then
    # What is still exposed, to say what to fix.
    grep "✗" "$WORK/security.log" >&2 || true
    fail "exposure $exposure is above $MAX_EXPOSURE: the unit lost some of its sandboxing (exposed settings above)"
fi
say "exposure $exposure is at most $MAX_EXPOSURE"
