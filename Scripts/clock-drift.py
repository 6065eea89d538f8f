#!/usr/bin/env python3
"""Measures how far the Scoreboard's clock drifts from real time over a long run (default 10 min).

Runs the release binary in a tmux session of its own (100x30, a fresh data directory), starts
the game clock with Space, then reads the clock off the screen every minute and compares it
with the time passed since the key was sent. Prints one line per reading and the largest error.

Usage: python3 Scripts/clock-drift.py [--binary PATH] [--minutes N]
"""
import argparse
import re
import subprocess
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def tmux(socket, *arguments):
    return subprocess.run(["tmux", "-L", socket, *arguments], check=True, capture_output=True, text=True).stdout


def shown_seconds(socket):
    """The clock's time on screen, in seconds, and when the screen was read."""
    screen = tmux(socket, "capture-pane", "-p")
    read_at = time.monotonic()
    match = re.search(r"(\d+):(\d\d)\.(\d)", screen)
    if not match:
        raise SystemExit("no clock on screen:\n" + screen)
    minutes, seconds, tenths = (int(group) for group in match.groups())
    return minutes * 60 + seconds + tenths / 10, read_at


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(REPO / ".build/release/mvvm-tui"))
    parser.add_argument("--minutes", type=float, default=10)
    args = parser.parse_args()
    socket = f"mvvm-tui-drift-{time.time_ns()}"
    with tempfile.TemporaryDirectory() as data:
        tmux(socket, "new-session", "-d", "-x", "100", "-y", "30", "-e", "LANG=C.UTF-8",
             f"exec {args.binary} --tab scoreboard --data-dir {data}")
        try:
            time.sleep(1.5)
            tmux(socket, "send-keys", " ")
            started = time.monotonic()
            worst = 0.0
            end = started + args.minutes * 60
            while (now := time.monotonic()) < end:
                time.sleep(min(60, end - now))
                shown, read_at = shown_seconds(socket)
                real = read_at - started
                # The screen shows tenths, truncated, so it may lag real time by up to 0.1 s.
                error = shown - real
                worst = max(worst, abs(error))
                print(f"after {real:8.2f} s the clock shows {shown:8.1f} s: error {error:+.3f} s", flush=True)
            print(f"largest error over {args.minutes:g} min: {worst:.3f} s")
        finally:
            subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)


if __name__ == "__main__":
    main()
