#!/usr/bin/env python3
"""Generates the device-year benchmark scenarios (issue: linear-time runs).

Each scenario: one device, `corrected` profile, Europe/Berlin, N daily slots spread evenly over
08:00-21:59, running D days; optionally weekly faults (Android: force stop + launch and a reboot;
iOS: force-quit from the app switcher + launch and a reboot; Electron: quit + relaunch and a
reboot). Written as ordinary scenario files, so any of them can be replayed with `dnsim run`.

usage: device_year.py OUTDIR [--platforms android,ios,electron] [--slots 1,10,50]
                              [--days 7,30,365] [--faults plain,weekly]
       device_year.py --measure DNSIM [--repeat N] FILE...   (what bench/device-year.sh runs)
"""
import argparse
import datetime as dt
import json
import os

START = dt.datetime(2026, 1, 5, 7, 0)


def slot_times(n):
    first, last = 8 * 60, 21 * 60 + 59
    if n == 1:
        return ["08:00"]
    step = (last - first) / (n - 1)
    return ["%02d:%02d" % divmod(first + round(step * k), 60) for k in range(n)]


def scenario(platform, slots, days, faults):
    steps = [{"at": START.strftime("%Y-%m-%dT%H:%M"), "action": "launchApp"}]
    for k, t in enumerate(slot_times(slots)):
        steps.append({"after": "1s", "action": "scheduleDailyNotification", "time": t,
                      "id": "s%02d" % k, "title": "Slot %d" % k, "body": "b"})
    if platform != "electron":
        steps.append({"after": "1m", "action": "backgroundApp"})
    if faults == "weekly":
        stop = {"android": "forceStop", "ios": "swipeFromRecents", "electron": "quitApp"}[platform]
        for w in range(days // 7):
            t0 = START + dt.timedelta(days=7 * w + 3)
            steps.append({"at": t0.strftime("%Y-%m-%dT12:10"), "action": stop})
            steps.append({"at": t0.strftime("%Y-%m-%dT12:40"), "action": "launchApp"})
            if platform != "electron":
                steps.append({"after": "1m", "action": "backgroundApp"})
            reboot = {"at": (t0 + dt.timedelta(days=3)).strftime("%Y-%m-%dT03:30"), "action": "reboot", "offFor": "2m"}
            if platform != "electron":
                reboot["unlockAfter"] = "1m"
            steps.append(reboot)
            if platform == "electron":
                steps.append({"after": "5m", "action": "login"})
                steps.append({"after": "1m", "action": "launchApp"})
    device = {
        "android": {"profile": "android-stock", "apiLevel": 34},
        "ios": {"profile": "ios-default", "osVersion": 17},
        "electron": {"profile": "electron-macos", "electronVersion": 30},
    }[platform]
    s = {
        "id": "bench/%s-%dslots-%dd-%s" % (platform, slots, days, faults),
        "title": "device-year benchmark",
        "platform": platform,
        "device": device,
        "timeZone": "Europe/Berlin",
        "start": START.strftime("%Y-%m-%dT%H:%M"),
        "duration": "%dd" % days,
        "seed": 1,
        "plugin": {"profile": "corrected"},
        "steps": steps,
        "expected": {"os": "-", "plugin": "-", "checks": [{"id": "no-errors", "assert": "noErrors"}]},
    }
    if platform == "android":
        s["os"] = {"exactAlarmGranted": True}
    return s


def measure(binary, repeat, files):
    """Runs each scenario `repeat` times and prints one table row per scenario."""
    import statistics
    import subprocess
    import tempfile
    import time
    print("%-9s %5s %5s %-7s %9s %9s %8s %10s %11s" % (
        "platform", "slots", "days", "faults", "wall ms", "peak MiB", "events", "deliveries", "us/delivery"))
    for path in files:
        platform, slots, days, faults = os.path.basename(path)[:-5].split("-")
        walls = []
        out = b""
        for _ in range(repeat):
            start = time.perf_counter()
            out = subprocess.run([binary, "run", path, "--format", "json"], stdout=subprocess.PIPE).stdout
            walls.append((time.perf_counter() - start) * 1000)
        with tempfile.NamedTemporaryFile() as report:
            subprocess.run(["/usr/bin/time", "-v", "-o", report.name, binary, "run", path, "--format", "json"],
                           stdout=subprocess.DEVNULL)
            text = open(report.name).read()
        peak_kib = int(text.split("Maximum resident set size (kbytes): ")[1].split()[0])
        summary = json.loads(out)["summary"]
        wall = statistics.median(walls)
        shown = summary["notificationsShown"]
        per = "%.1f" % (wall * 1000 / shown) if shown else "-"
        print("%-9s %5s %5s %-7s %9.1f %9.1f %8d %10d %11s" % (
            platform, slots, days, faults, wall, peak_kib / 1024, summary["events"], shown, per), flush=True)


def main():
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == "--measure":
        m = argparse.ArgumentParser()
        m.add_argument("--measure", dest="binary")
        m.add_argument("--repeat", type=int, default=5)
        m.add_argument("files", nargs="+")
        a = m.parse_args()
        measure(a.binary, a.repeat, a.files)
        return
    p = argparse.ArgumentParser()
    p.add_argument("outdir")
    p.add_argument("--platforms", default="android,ios,electron")
    p.add_argument("--slots", default="1,10,50")
    p.add_argument("--days", default="7,30,365")
    p.add_argument("--faults", default="plain,weekly")
    a = p.parse_args()
    os.makedirs(a.outdir, exist_ok=True)
    for platform in a.platforms.split(","):
        for slots in map(int, a.slots.split(",")):
            for days in map(int, a.days.split(",")):
                for faults in a.faults.split(","):
                    s = scenario(platform, slots, days, faults)
                    name = "%s-%d-%d-%s.json" % (platform, slots, days, faults)
                    with open(os.path.join(a.outdir, name), "w") as f:
                        json.dump(s, f, indent=1, sort_keys=True)
                    print(os.path.join(a.outdir, name))


if __name__ == "__main__":
    main()
