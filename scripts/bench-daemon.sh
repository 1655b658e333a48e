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
#   - CPU while idle-listening, as a share of one core; baseline: the same for
#     pocketsphinx_continuous decoding silence at real time is not available (it reads
#     files as fast as it can), so its CPU-seconds per audio-second are printed instead.
#     A stream cleaner works on everything heard, so it is paid here (issue 48: at most
#     0.25 CPU-s per audio second on this machine's core).
# Each figure for every front end of $DENOISERS (default: deepfilter, the shipped one, and
# webrtc beside it), and with BASELINE=PATH for that binary too (another build of
# bible-course, e.g. main's, placed in a checkout's folder so it finds Models/), in the same run.
# The daemon runs the release build under a notify socket (as systemd would start it),
# hearing a silent WAV file at real-time pace through the real capture thread
# (`run --capture-file`, since this machine may have no microphone) and speaking to ALSA's
# null device.
set -euo pipefail
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

python3 - "$BIN" "$WORK" "$RUNS" "$SECONDS_IDLE" "$DENOISERS" "${BASELINE:-}" <<'PY'
import os, signal, socket, statistics, subprocess, sys, time
binaries, work, runs, idle, denoisers = [sys.argv[1]], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5].split()
if sys.argv[6]:
    binaries.append(sys.argv[6])
ticks = os.sysconf("SC_CLK_TCK")

def daemon(binary, sock_path, denoiser):
    env = dict(os.environ, NOTIFY_SOCKET=sock_path)
    return subprocess.Popen([binary, "run", "--state-dir", f"{work}/state", "--capture-file", f"{work}/silence.wav",
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

def measure(binary, denoiser):
    """Cold start, steady-state RSS and idle CPU of the daemon `binary` with `denoiser`."""
    starts = []
    for _ in range(runs):
        s, path = listener()
        t0 = time.monotonic()
        p = daemon(binary, path, denoiser)
        wait_ready(s)
        starts.append(time.monotonic() - t0)
        stop(p)
        s.close()
    print(f"-- {binary}, denoiser = {denoiser}")
    print(f"cold start to READY=1 (warm model cache): {statistics.median(starts)*1000:.0f} ms "
          f"(min {min(starts)*1000:.0f}, max {max(starts)*1000:.0f}); target < 1000 ms")
    # Steady state: idle-listening to silence at real time.
    s, path = listener()
    p = daemon(binary, path, denoiser)
    wait_ready(s)
    time.sleep(2)
    cpu0, t0, rss0 = cpu_seconds(p.pid), time.monotonic(), rss_kb(p.pid)
    time.sleep(idle)
    cpu1, t1, rss1 = cpu_seconds(p.pid), time.monotonic(), rss_kb(p.pid)
    parts = subprocess.run([sys.executable, "scripts/lib/memory_parts.py", str(p.pid)], capture_output=True, text=True).stdout
    status = stop(p)
    s.close()
    share = (cpu1 - cpu0) / (t1 - t0)
    print(f"steady-state RSS idle-listening: {rss1/1024:.1f} MB after {idle+2} s ({rss0/1024:.1f} MB at 2 s); target <= 60 MB")
    print("  " + parts.rstrip().replace("\n", "\n  "))
    print(f"CPU idle-listening: {share*100:.1f}% of one core over {idle} s")
    print(f"SIGTERM: exit status {status}")

baseline = []
for _ in range(runs):
    t0 = time.monotonic()
    subprocess.run(["pocketsphinx_continuous", "-infile", f"{work}/silence-1s.wav", "-logfn", "/dev/null"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    baseline.append(time.monotonic() - t0)
print(f"== Daemon benchmark ({os.cpu_count()} cores, release build, medians of {runs})")
print(f"baseline, pocketsphinx_continuous start-up on 1 s of silence: {statistics.median(baseline)*1000:.0f} ms")
for binary in binaries:
    for denoiser in denoisers:
        measure(binary, denoiser)

ps = subprocess.Popen(["pocketsphinx_continuous", "-infile", f"{work}/silence-long.wav", "-logfn", "/dev/null"],
                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, _, usage = os.wait4(ps.pid, 0)
print(f"baseline, pocketsphinx_continuous on {idle} s of silence: peak RSS {usage.ru_maxrss/1024:.1f} MB, "
      f"{(usage.ru_utime+usage.ru_stime)/idle*100:.1f}% CPU-seconds per audio-second")
PY
