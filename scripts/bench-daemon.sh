#!/usr/bin/env bash
# Prints the daemon's figures, each beside a baseline measured in the same run:
#   - cold start to READY=1 (process start, config, warm model cache, decoder load, speech
#     engine, microphone open), median of $RUNS; baseline: pocketsphinx_continuous starting
#     with the stock en-us model and decoding 1 s of silence (what any PocketSphinx program
#     pays to start). Target: under 1 s.
#   - steady-state RSS after $SECONDS_IDLE s idle-listening, and where it is, part by part
#     (scripts/lib/memory_parts.py: Rss, Pss and Private_Dirty of the executable, each
#     library and mapped model file, the heap, other anonymous memory); baseline: peak RSS
#     of pocketsphinx_continuous decoding $SECONDS_IDLE s of silence. Target (issue 57): at
#     most 60 MB.
#   - CPU while idle-listening, as a share of one core (the daemon on core 0), in four rooms:
#     digital silence, and Speech Commands' real room cuts as recorded, strung together: quiet
#     (no 10 ms louder than -60 dBFS, the endpointer's floor of sound), murmur (below -60 dBFS
#     on the whole, with small sounds above it) and loud (above -40 dBFS);
#     baseline: the same for pocketsphinx_continuous decoding silence at real time is not
#     available (it reads files as fast as it can), so its CPU-seconds per audio-second are
#     printed instead. A stream cleaner works on what it hears, so it is paid here; in a
#     quiet room it rests (docs/hearing.md, "Noise": target at most 0.5% of a core here).
# Each figure for every front end of $DENOISERS (default: deepfilter, the shipped one, and
# webrtc beside it), and with `--before BIN` for that build too, in the same run.
# The daemon runs the release build under a notify socket (as systemd would start it),
# hearing a room's WAV file at real-time pace through the real capture thread
# (`run --capture-file`, since this machine may have no microphone) and speaking to ALSA's
# null device.
#
#   scripts/bench-daemon.sh [--before BIN]
set -euo pipefail
for arg in "$@"; do case "$arg" in -h|--help) sed -n '2,27p' "$0"; exit 0 ;; esac; done
BEFORE=""
while (($#)); do
    case "$1" in
        --before) BEFORE="$(realpath "$2")"; shift 2 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$ROOT"
RUNS="${RUNS:-5}"
SECONDS_IDLE="${SECONDS_IDLE:-20}"
DENOISERS="${DENOISERS:-deepfilter webrtc}"   # the shipped front end first, WebRTC's beside
say "building release (static Swift runtime, as scripts/install.sh does)"
swift build -c release --product bible-course --static-swift-stdlib --scratch-path "$ROOT/.build-release" --quiet
BIN="$ROOT/.build-release/release/bible-course"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
sox -n -r 16000 -c 1 -b 16 "$WORK/silence.wav" trim 0 10
sox -n -r 16000 -c 1 -b 16 "$WORK/silence-1s.wav" trim 0 1
sox -n -r 16000 -c 1 -b 16 "$WORK/silence-long.wav" trim 0 "$SECONDS_IDLE"
"$BIN" model build --state-dir "$WORK/state" >/dev/null   # warm the model cache
SPEECH="${BIBLE_COURSE_SPEECH:-$(dirname "$ROOT")/shared/speech}"
python3 - "$SPEECH/speech-commands/_silence_" "$WORK" <<'PY'
# The rooms: Speech Commands' real room cuts as recorded, quiet ones and loud ones.
import glob, math, sys, wave, array
folder, work = sys.argv[1], sys.argv[2]
def decibels(samples):
    return 20 * math.log10(max(1e-9, math.sqrt(sum(x * x for x in samples) / max(1, len(samples)))) / 32768)
rooms = {"quiet": [], "murmur": [], "loud": []}
for path in sorted(glob.glob(f"{folder}/*.wav")):
    with wave.open(path) as w:
        samples = array.array("h", w.readframes(w.getnframes()))
    level, loudest = decibels(samples), max(decibels(samples[i:i + 160]) for i in range(0, len(samples) - 159, 160))
    if level > -90 and loudest < -60: rooms["quiet"].append(samples)    # nothing the endpointer hears as sound
    elif -90 < level < -60: rooms["murmur"].append(samples)           # a quiet room's small sounds
    elif level > -40: rooms["loud"].append(samples)
for room, cuts in rooms.items():
    with wave.open(f"{work}/{room}.wav", "wb") as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000)
        for cut in cuts[:60]: w.writeframes(cut.tobytes())
    print(f"{room} room: {min(60, len(cuts))} s of real room cuts", file=sys.stderr)
PY

python3 - "$WORK" "$RUNS" "$SECONDS_IDLE" "$DENOISERS" "$BIN" $BEFORE <<'PY'
import os, signal, socket, statistics, subprocess, sys, time
work, runs, idle, denoisers, binaries = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split(), sys.argv[5:]
ticks = os.sysconf("SC_CLK_TCK")

def daemon(binary, sock_path, denoiser, room="silence", core=None):
    env = dict(os.environ, NOTIFY_SOCKET=sock_path)
    pin = ["taskset", "-c", str(core)] if core is not None else []
    return subprocess.Popen(pin + [binary, "run", "--state-dir", f"{work}/state", "--capture-file", f"{work}/{room}.wav",
                                   "--playback-device", "null", "--log-level", "warning", "--denoiser", denoiser],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def listener():
    path = f"{work}/notify-{time.monotonic_ns()}.sock"
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(path)
    s.settimeout(30)
    return s, path

def wait_ready(s):
    while True:
        if s.recv(4096).startswith(b"READY=1"):
            return

def stop(p):
    p.send_signal(signal.SIGTERM)
    return p.wait(timeout=15)

def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks

def idle_share(binary, denoiser, room):
    """The daemon's CPU share of one core over `idle` s of `room` on core 0, and its RSS."""
    s, path = listener()
    p = daemon(binary, path, denoiser, room, core=0)
    wait_ready(s)
    time.sleep(2)
    cpu0, t0, rss0 = cpu_seconds(p.pid), time.monotonic(), rss_kb(p.pid)
    time.sleep(idle)
    cpu1, t1, rss1 = cpu_seconds(p.pid), time.monotonic(), rss_kb(p.pid)
    parts = subprocess.run([sys.executable, "scripts/lib/memory_parts.py", str(p.pid)], capture_output=True, text=True).stdout
    status = stop(p)
    s.close()
    return (cpu1 - cpu0) / (t1 - t0), rss0, rss1, status, parts

def measure(binary, denoiser):
    """Cold start, steady-state RSS and idle CPU of the daemon with `denoiser`."""
    starts = []
    for _ in range(runs):
        s, path = listener()
        t0 = time.monotonic()
        p = daemon(binary, path, denoiser)
        wait_ready(s)
        starts.append(time.monotonic() - t0)
        stop(p)
        s.close()
    name = "this build" if binary == binaries[0] else f"before ({binary})"
    print(f"-- {name}, denoiser = {denoiser}")
    print(f"cold start to READY=1 (warm model cache): {statistics.median(starts)*1000:.0f} ms "
          f"(min {min(starts)*1000:.0f}, max {max(starts)*1000:.0f}); target < 1000 ms")
    for room in ("silence", "quiet", "murmur", "loud"):
        share, rss0, rss1, status, parts = idle_share(binary, denoiser, room)
        if room == "silence":
            print(f"steady-state RSS idle-listening: {rss1/1024:.1f} MB after {idle+2} s ({rss0/1024:.1f} MB at 2 s); target <= 60 MB")
            print(parts, end="")
        print(f"CPU idle-listening, {room}: {share*100:.2f}% of one core over {idle} s (RSS {rss1/1024:.1f} MB); "
              f"SIGTERM: exit status {status}")

baseline = []
for _ in range(runs):
    t0 = time.monotonic()
    subprocess.run(["pocketsphinx_continuous", "-infile", f"{work}/silence-1s.wav", "-logfn", "/dev/null"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    baseline.append(time.monotonic() - t0)
print(f"== Daemon benchmark ({os.cpu_count()} cores, release build, medians of {runs})")
print(f"baseline, pocketsphinx_continuous start-up on 1 s of silence: {statistics.median(baseline)*1000:.0f} ms")
for denoiser in denoisers:
    for binary in binaries:
        measure(binary, denoiser)

ps = subprocess.Popen(["pocketsphinx_continuous", "-infile", f"{work}/silence-long.wav", "-logfn", "/dev/null"],
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, _, usage = os.wait4(ps.pid, 0)
print(f"baseline, pocketsphinx_continuous on {idle} s of silence: peak RSS {usage.ru_maxrss/1024:.1f} MB, "
      f"{(usage.ru_utime+usage.ru_stime)/idle*100:.1f}% CPU-seconds per audio-second")
PY
