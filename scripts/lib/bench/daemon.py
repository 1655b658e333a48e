#!/usr/bin/env python3
"""The daemon's figures (scripts/bench-daemon.sh), in two steps:

- rooms: WORK/quiet.wav, murmur.wav and loud.wav, Speech Commands' real room cuts as
  recorded, strung together (up to 60 of each): quiet (no 10 ms louder than -60 dBFS, the
  endpointer's floor of sound), murmur (below -60 dBFS on the whole, with small sounds above
  it) and loud (above -40 dBFS).
- measure: for each front end and binary, the cold start to READY=1 (median of RUNS), the
  steady-state RSS after IDLE s idle-listening and where it is (bench.memory_parts), and the
  CPU share of one core idle-listening in each room (WORK/silence.wav and the rooms); beside
  them pocketsphinx_continuous's start-up on WORK/silence-1s.wav and its peak RSS and CPU on
  WORK/silence-long.wav (IDLE s). The daemon runs under a notify socket, as systemd starts
  it, hearing the room's WAV file through `run --capture-file`. The first binary is this
  build, any other a build before it.

    python3 -m bench.daemon rooms SILENCE_FOLDER WORK
    python3 -m bench.daemon measure [--runs 5] [--idle 20] [--denoisers "deepfilter webrtc"] WORK BIN [BEFORE...]
"""
import argparse, array, glob, math, os, signal, socket, statistics, subprocess, sys, time, wave

ROOMS = ("silence", "quiet", "murmur", "loud")


def decibels(samples):
    return 20 * math.log10(max(1e-9, math.sqrt(sum(x * x for x in samples) / max(1, len(samples)))) / 32768)


def rooms(folder, work):
    """Writes WORK/ROOM.wav for the quiet, murmur and loud rooms from the cuts in folder."""
    found = {"quiet": [], "murmur": [], "loud": []}
    for path in sorted(glob.glob(f"{folder}/*.wav")):
        with wave.open(path) as w:
            samples = array.array("h", w.readframes(w.getnframes()))
        level, loudest = decibels(samples), max(decibels(samples[i:i + 160]) for i in range(0, len(samples) - 159, 160))
        if level > -90 and loudest < -60: found["quiet"].append(samples)    # nothing the endpointer hears as sound
        elif -90 < level < -60: found["murmur"].append(samples)           # a quiet room's small sounds
        elif level > -40: found["loud"].append(samples)
    for room, cuts in found.items():
        with wave.open(f"{work}/{room}.wav", "wb") as w:
            w.setnchannels(1); w.setsampwidth(2); w.setframerate(16000)
            for cut in cuts[:60]: w.writeframes(cut.tobytes())
        print(f"{room} room: {min(60, len(cuts))} s of real room cuts", file=sys.stderr)


class Bench:
    """The daemon run from `binary` in WORK's rooms, WORK/state its state folder."""
    ticks = os.sysconf("SC_CLK_TCK")

    def __init__(self, work, runs, idle, binaries):
        self.work, self.runs, self.idle, self.binaries = work, runs, idle, binaries

    def daemon(self, binary, sock_path, denoiser, room="silence", core=None):
        env = dict(os.environ, NOTIFY_SOCKET=sock_path)
        pin = ["taskset", "-c", str(core)] if core is not None else []
        return subprocess.Popen(pin + [binary, "run", "--state-dir", f"{self.work}/state",
                                       "--capture-file", f"{self.work}/{room}.wav", "--playback-device", "null",
                                       "--log-level", "warning", "--denoiser", denoiser],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def listener(self):
        path = f"{self.work}/notify-{time.monotonic_ns()}.sock"
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.bind(path)
        s.settimeout(30)
        return s, path

    @staticmethod
    def wait_ready(s):
        while True:
            if s.recv(4096).startswith(b"READY=1"):
                return

    @staticmethod
    def stop(p):
        p.send_signal(signal.SIGTERM)
        return p.wait(timeout=15)

    @staticmethod
    def rss_kb(pid):
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])

    def cpu_seconds(self, pid):
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.ticks

    def idle_share(self, binary, denoiser, room):
        """The daemon's CPU share of one core over `idle` s of `room` on core 0, and its RSS."""
        s, path = self.listener()
        p = self.daemon(binary, path, denoiser, room, core=0)
        self.wait_ready(s)
        time.sleep(2)
        cpu0, t0, rss0 = self.cpu_seconds(p.pid), time.monotonic(), self.rss_kb(p.pid)
        time.sleep(self.idle)
        cpu1, t1, rss1 = self.cpu_seconds(p.pid), time.monotonic(), self.rss_kb(p.pid)
        parts = subprocess.run([sys.executable, "-m", "bench.memory_parts", str(p.pid)],
                               capture_output=True, text=True).stdout
        status = self.stop(p)
        s.close()
        return (cpu1 - cpu0) / (t1 - t0), rss0, rss1, status, parts

    def measure(self, binary, denoiser):
        """Cold start, steady-state RSS and idle CPU of the daemon with `denoiser`."""
        starts = []
        for _ in range(self.runs):
            s, path = self.listener()
            t0 = time.monotonic()
            p = self.daemon(binary, path, denoiser)
            self.wait_ready(s)
            starts.append(time.monotonic() - t0)
            self.stop(p)
            s.close()
        name = "this build" if binary == self.binaries[0] else f"before ({binary})"
        print(f"-- {name}, denoiser = {denoiser}")
        print(f"cold start to READY=1 (warm model cache): {statistics.median(starts)*1000:.0f} ms "
              f"(min {min(starts)*1000:.0f}, max {max(starts)*1000:.0f}); target < 1000 ms")
        for room in ROOMS:
            share, rss0, rss1, status, parts = self.idle_share(binary, denoiser, room)
            if room == "silence":
                print(f"steady-state RSS idle-listening: {rss1/1024:.1f} MB after {self.idle+2} s "
                      f"({rss0/1024:.1f} MB at 2 s); target <= 60 MB")
                print(parts, end="")
            print(f"CPU idle-listening, {room}: {share*100:.2f}% of one core over {self.idle} s (RSS {rss1/1024:.1f} MB); "
                  f"SIGTERM: exit status {status}")


def measure(args):
    bench = Bench(args.work, args.runs, args.idle, args.binaries)
    baseline = []
    for _ in range(args.runs):
        t0 = time.monotonic()
        subprocess.run(["pocketsphinx_continuous", "-infile", f"{args.work}/silence-1s.wav", "-logfn", "/dev/null"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        baseline.append(time.monotonic() - t0)
    print(f"== Daemon benchmark ({os.cpu_count()} cores, release build, medians of {args.runs})")
    print(f"baseline, pocketsphinx_continuous start-up on 1 s of silence: {statistics.median(baseline)*1000:.0f} ms")
    for denoiser in args.denoisers.split():
        for binary in args.binaries:
            bench.measure(binary, denoiser)

    ps = subprocess.Popen(["pocketsphinx_continuous", "-infile", f"{args.work}/silence-long.wav", "-logfn", "/dev/null"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(ps.pid, 0)
    print(f"baseline, pocketsphinx_continuous on {args.idle} s of silence: peak RSS {usage.ru_maxrss/1024:.1f} MB, "
          f"{(usage.ru_utime+usage.ru_stime)/args.idle*100:.1f}% CPU-seconds per audio-second")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    steps = ap.add_subparsers(dest="step", required=True)
    r = steps.add_parser("rooms", help="the rooms' WAV files from Speech Commands' _silence_ cuts")
    r.add_argument("folder", help="Speech Commands' _silence_ folder")
    r.add_argument("work", help="where the rooms are written")
    m = steps.add_parser("measure", help="the daemon's figures beside pocketsphinx_continuous's")
    m.add_argument("--runs", type=int, default=5, help="cold starts of each")
    m.add_argument("--idle", type=int, default=20, help="seconds idle-listening in each room")
    m.add_argument("--denoisers", default="deepfilter webrtc", help="the front ends, space-separated")
    m.add_argument("work", help="the folder holding the rooms, the silences and the state")
    m.add_argument("binaries", nargs="+", metavar="BIN", help="this build, then any builds before it")
    args = ap.parse_args()
    if args.step == "rooms":
        rooms(args.folder, args.work)
    else:
        measure(args)


if __name__ == "__main__":
    main()
