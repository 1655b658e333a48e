#!/usr/bin/env python3
"""The daemon on a Raspberry Pi's budget: `run --capture-file` on a recorded session
(speech_sets.py session), on core 0, in a cgroup that grants it a share of that core, and
what a person would notice.

    python3 -m bench.pi --session DIR --state DIR [--quotas 100,20,10] [--period-us 100000] [--logs DIR] 'NAME=BIN [ARGS]'...

The daemon speaks in real time to a stand-in loudspeaker (`--paced-playback`; ALSA's null
device for builds without it). For each build (NAME=BIN, the first is this one; ARGS: more
arguments of `run`, a `--config` with another hearing tuning, say) and each quota (percent of one core; 100:
the whole core, no limit): the microphone's overruns and the audio dropped unheard (the
daemon's own count, `stopped; ...; capture: N overruns, X s dropped`), the look-ups and
commands of the session acted on rightly and wrongly, how long after each one ended its
intent was ready (`late_ms` of the daemon's `heard` events at debug level: median and the
slowest), the processor time it used, how often the noise cleaner gave way to hearing
falling behind (times, and seconds heard uncleaned) and how often hearing over its own voice
did (`over voice`: times; the daemon's own counts).
"""
import argparse, json, os, re, shlex, shutil, signal, statistics, subprocess, sys, tempfile, threading, time

from bench.results import read_jsonl

CGROUP_V2 = "/sys/fs/cgroup"
CGROUP_V1 = "/sys/fs/cgroup/cpu"


def make_cgroup(name, percent, period):
    """A cgroup granting `percent` of one core (None: no limit); its folder."""
    if os.path.exists(f"{CGROUP_V2}/cgroup.controllers") and "cpu" in open(f"{CGROUP_V2}/cgroup.controllers").read().split():
        folder = f"{CGROUP_V2}/{name}"
        os.makedirs(folder, exist_ok=True)
        with open(f"{folder}/cpu.max", "w") as f:
            f.write("max" if percent is None else f"{period * percent // 100} {period}")
        return folder
    if os.path.isdir(CGROUP_V1):
        folder = f"{CGROUP_V1}/{name}"
        os.makedirs(folder, exist_ok=True)
        with open(f"{folder}/cpu.cfs_period_us", "w") as f:
            f.write(str(period))
        with open(f"{folder}/cpu.cfs_quota_us", "w") as f:
            f.write("-1" if percent is None else str(period * percent // 100))
        return folder
    sys.exit("bench.pi: no cgroup cpu controller at /sys/fs/cgroup (v2) or /sys/fs/cgroup/cpu (v1); run as root")


def paces_playback(binary):
    """Whether `binary run` has the stand-in loudspeaker that speaks in real time
    (`--paced-playback`); older builds play to ALSA's null device, which takes a lesson at once."""
    shown = subprocess.run([binary, "run", "--help-hidden"], capture_output=True, text=True).stdout
    return "--paced-playback" in shown


def run(command, session, state, cgroup, duration):
    """The daemon's stderr lines and its processor seconds over the session."""
    def enter():
        with open(f"{cgroup}/cgroup.procs", "w") as f:
            f.write(str(os.getpid()))
        os.sched_setaffinity(0, {0})
    binary, extra = command[0], command[1:]
    playback = ["--paced-playback"] if paces_playback(binary) else ["--playback-device", "null"]
    daemon = subprocess.Popen([binary, "run", "--state-dir", state, "--capture-file", f"{session}/session.wav",
                               "--curriculum", f"{session}/curriculum", *playback, "--log-level", "debug", *extra],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=enter)
    lines, ready = [], threading.Event()

    def read():
        for line in daemon.stderr:
            lines.append(line)
            if " ready: " in line:
                ready.set()
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if not ready.wait(300):
        daemon.kill()
        sys.exit(f"bench.pi: {binary} did not become ready:\n" + "".join(lines[-20:]))
    time.sleep(duration)
    daemon.send_signal(signal.SIGTERM)
    _, _, usage = os.wait4(daemon.pid, 0)
    reader.join(10)
    return lines, usage.ru_utime + usage.ru_stime


def events(lines):
    """The session's events from the daemon's debug lines, in order."""
    out = []
    for line in lines:
        at = line.find("] {")
        if at >= 0:
            try:
                out.append(json.loads(line[at + 2:]))
            except json.JSONDecodeError:
                pass
    return out


def means(heard, phrase):
    """Whether an intent is the phrase's: its command or reference; for an answer, the same
    words but for an article ("the rainbow" for "a rainbow": the session judges the answer)."""
    if phrase["kind"] != "answer":
        return heard["value"] == phrase["expected"]
    words = lambda text: [w for w in (text or "").lower().split() if w not in ("a", "an", "the")]
    return heard["intent"] == "answer" and words(heard["value"]) == words(phrase["expected"])


def score(lines, timeline):
    """What the session heard: per phrase of the timeline its intent and lateness."""
    heard, pending = [], None
    for event in events(lines):
        if event["event"] == "heard":
            pending = event
        elif event["event"] == "intent" and pending is not None:
            value = event.get("command") or event.get("reference") or event.get("text")
            heard.append(dict(time=event["time"], intent=event["intent"], value=value, late=pending.get("late_ms")))
            pending = None
    acted = [h for h in heard if h["intent"] in ("command", "lookup", "answer")]
    phrases = []
    for i, phrase in enumerate(timeline):
        until = (timeline[i + 1]["start"] if i + 1 < len(timeline) else phrase["end"]) + 10
        match = next((h for h in acted if phrase["start"] <= h["time"] <= until and means(h, phrase)
                      and not h.get("used")), None)
        if match:
            match["used"] = True
        phrases.append(dict(phrase, heard=match is not None, late=match["late"] if match else None))
    wrong = [h for h in acted if not h.get("used")]
    text = "".join(lines)
    totals = re.search(r"capture: (\d+) overruns, ([\d.]+) s dropped", text)
    gave = re.search(r"the noise cleaner gave way (once|(\d+) times) \(([\d.]+) s heard uncleaned\)", text)
    over = re.search(r"hearing over its own voice gave way (once|(\d+) times)", text)
    losses = (int(totals.group(1)), float(totals.group(2))) if totals else (None, None)
    gave_way = (int(gave.group(2) or 1), float(gave.group(3))) if gave else (0, 0.0)
    return phrases, wrong, losses, gave_way, int(over.group(2) or 1) if over else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--session", required=True, help="speech_sets.py session's folder")
    ap.add_argument("--state", required=True, help="a state folder with the compiled model and no progress (copied for each run)")
    ap.add_argument("--quotas", default="100,20,10", help="percent of one core for each run")
    ap.add_argument("--period-us", type=int, default=100_000, help="the cgroup's period (µs)")
    ap.add_argument("--logs", help="keep each run's log in this folder (NAME-QUOTA.log)")
    ap.add_argument("builds", nargs="+", help="NAME=BIN [ARGS...] (one word: more arguments of `run` after BIN)")
    args = ap.parse_args()
    timeline = read_jsonl(f"{args.session}/timeline.jsonl")
    duration = timeline[-1]["end"] + 8
    print(f"== the daemon on a share of core 0: a session of {len(timeline)} look-ups, commands and an answer over {duration:.0f} s "
          f"of held-out room noise (cgroup period {args.period_us} µs)")
    print(f"{'build':12} {'core':>5} {'overruns':>8} {'dropped':>8} {'heard':>6} {'wrong':>5} "
          f"{'late median':>11} {'late p95':>8} {'slowest':>8} {'look-ups median':>15} {'CPU':>6} {'gave way':>12} {'over voice':>10}")
    baseline = {}
    for spec in args.builds:
        name, _, command = spec.partition("=")
        command = shlex.split(command)
        for quota in (int(q) for q in args.quotas.split(",")):
            cgroup = make_cgroup(f"bible-course-bench-pi-{os.getpid()}", None if quota >= 100 else quota, args.period_us)
            fresh = tempfile.mkdtemp(prefix="bench-pi-state-")
            try:
                # Each run from the same state: the compiled model, no progress.
                shutil.copytree(args.state, fresh, dirs_exist_ok=True)
                lines, cpu = run(command, args.session, fresh, cgroup, duration)
            finally:
                shutil.rmtree(fresh, ignore_errors=True)
                try:
                    os.rmdir(cgroup)
                except OSError:
                    pass
            if args.logs:
                os.makedirs(args.logs, exist_ok=True)
                with open(f"{args.logs}/{name}-{quota}.log", "w") as f:
                    f.writelines(lines)
            phrases, wrong, (overruns, dropped), (gave_way, uncleaned), over_voice = score(lines, timeline)
            lates = sorted(p["late"] for p in phrases if p["late"] is not None)
            lookups = [p["late"] for p in phrases if p["late"] is not None and p["kind"] == "lookup"]
            got = [p["heard"] for p in phrases]
            baseline.setdefault(name, got)
            same = "" if got == baseline[name] else "  (not the same as on the whole core)"
            p95 = lates[min(len(lates) - 1, int(round(0.95 * (len(lates) - 1))))] if lates else float("nan")
            print(f"{name:12} {quota:>4}% {overruns if overruns is not None else '?':>8} "
                  f"{dropped if dropped is not None else '?':>7}s {sum(got):>3}/{len(got):<2} {len(wrong):>5} "
                  f"{statistics.median(lates) if lates else float('nan'):>9.0f}ms {p95:>6.0f}ms {max(lates, default=float('nan')):>6.0f}ms "
                  f"{statistics.median(lookups) if lookups else float('nan'):>13.0f}ms {cpu / duration * 100:>5.1f}% "
                  f"{f'{gave_way}x {uncleaned:.0f}s':>12} {f'{over_voice}x':>10}{same}")
            missed = [p["text"] for p in phrases if not p["heard"]]
            if missed or wrong:
                print(f"    missed: {missed}; acted on wrongly: {[(w['intent'], w['value']) for w in wrong]}")


if __name__ == "__main__":
    main()
