#!/usr/bin/env python3
"""How long the shell's subcommands take, from exec to exit, as a status bar runs them.

Each figure is the median of --runs runs of the release binary with its output read through a
pipe (no terminal), each a fresh process; the slowest run is printed beside it. The exit status is
1 when a median is over its budget or a run fails. Figures are reported as measured.

    python3 Scripts/cli-perf.py [--binary PATH] [--bench-binary PATH] [--runs N] [--markdown FILE]

`people --birthdays 7` reads a database of 100,000 people that mvvm-tui-bench makes, as
Scripts/perf.py's People figures do.
"""
import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from perf import REPO, executable, machine_line  # noqa: E402

BUDGETS_MS = {
    "weather Paris --offline": 60.0,
    "search \"star wars\" --offline --json": 60.0,
    "people --birthdays 7, 100,000 people": 200.0,
}


def timed_run(command, environment):
    """Runs `command` to its end with its output read through a pipe; gives (milliseconds, result)."""
    started = time.perf_counter()
    result = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=environment)
    return (time.perf_counter() - started) * 1000, result


def measure(label, command, environment, runs):
    """Runs `command` once to warm the page cache, then `runs` times; gives (median, slowest) in ms."""
    times = []
    for index in range(runs + 1):
        elapsed, result = timed_run(command, environment)
        if result.returncode != 0 or not result.stdout:
            raise RuntimeError(f"{label}: {shlex.join(command)} exited {result.returncode}: "
                               f"{result.stderr.decode(errors='replace').strip()}")
        if index > 0:
            times.append(elapsed)
    return statistics.median(times), max(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(REPO / ".build/release/mvvm-tui"))
    parser.add_argument("--bench-binary", default=str(REPO / ".build/release/mvvm-tui-bench"))
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--markdown", metavar="FILE")
    args = parser.parse_args()
    binary = executable(args.binary, "cli-perf")
    if binary is None:
        return 2
    empty = tempfile.mkdtemp(prefix="mvvm-tui-cli-perf-")
    people = tempfile.mkdtemp(prefix="mvvm-tui-cli-perf-people-")
    home = tempfile.mkdtemp(prefix="mvvm-tui-cli-perf-home-")
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LC_ALL": "C.UTF-8"}
    rows = []
    try:
        subprocess.run([args.bench_binary, "--people-database", people, "100000"], check=True, stdout=subprocess.DEVNULL)
        commands = {
            "weather Paris --offline": [str(binary), "weather", "Paris", "--offline", "--data-dir", empty],
            "search \"star wars\" --offline --json": [str(binary), "search", "star wars", "--offline", "--json",
                                                      "--data-dir", empty],
            "people --birthdays 7, 100,000 people": [str(binary), "people", "--birthdays", "7", "--data-dir", people],
        }
        for label, command in commands.items():
            median, slowest = measure(label, command, environment, args.runs)
            budget = BUDGETS_MS[label]
            rows.append((f"{label}: exec to exit (ms)", f"{median:.1f}", f"<= {budget:g}",
                         "PASS" if median <= budget else "FAIL", f"slowest {slowest:.1f}"))
    except (RuntimeError, subprocess.CalledProcessError, OSError) as failure:
        print(f"cli-perf: {failure}", file=sys.stderr)
        return 1
    finally:
        for folder in (empty, people, home):
            shutil.rmtree(folder, ignore_errors=True)
    header = ("figure", "median", "budget", "result", "note")
    widths = [max(len(row[i]) for row in rows + [header]) for i in range(5)]
    print(f"mvvm-tui cli-perf: {args.runs} runs each of {binary}, output into a pipe")
    for row in [header] + rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)))
    if args.markdown:
        lines = ["## The subcommands", "", f"Machine: {machine_line(binary)}", "",
                 f"Command: `python3 {shlex.join(sys.argv)}` ({args.runs} runs each after one to warm the cache, medians)", "",
                 "| figure | median | budget | result | note |", "|---|---:|---|---|---|"]
        lines += [f"| {' | '.join(row)} |" for row in rows]
        Path(args.markdown).write_text("\n".join(lines) + "\n")
    return 1 if any(row[3] == "FAIL" for row in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
