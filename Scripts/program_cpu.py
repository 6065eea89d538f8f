"""The program's own CPU time in one run of a subcommand, and the machine's speed, for the scripts
that measure it: Scripts/sync-cpu.py (a first sync from Radicale) and Scripts/import-cpu.py (an
import beside the same sync).

A run's CPU time is read from /proc/PID/stat before the program is reaped (its own threads, then
its children's, the curl processes of a sync, apart). The kernel counts it in ticks of 10 ms,
which is why the scripts run each case several times and keep the median."""
import os
import shutil
import subprocess
import sys
import tempfile
import time

from radicale_books import PASSWORD, USER, Radicale, warm

TICKS = os.sysconf("SC_CLK_TCK")
REFERENCE_CALIBRATION = 75.0  # ms: Calibration.referenceMilliseconds in Benchmarks/Calibration.swift


def calibration(bench_binary):
    """The calibration workload's median CPU time here, in ms (`mvvm-tui-bench --calibrate-cpu`)."""
    return float(subprocess.run([bench_binary, "--calibrate-cpu"], check=True, capture_output=True, text=True).stdout)


def run_program(arguments, environment):
    """Runs the program to its end; (seconds, program CPU seconds, children's CPU seconds, status).
    The end of what it wrote to stderr is shown when it fails."""
    started = time.perf_counter()
    program = subprocess.Popen(arguments, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    os.waitid(os.P_PID, program.pid, os.WEXITED | os.WNOWAIT)
    elapsed = time.perf_counter() - started
    fields = open(f"/proc/{program.pid}/stat").read().rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / TICKS
    children = (int(fields[13]) + int(fields[14])) / TICKS
    program.wait()
    if program.returncode != 0:
        sys.stderr.write(program.stderr.read().decode()[-500:])
    return elapsed, own, children, program.returncode


def on_empty_folder(binary, arguments, environment=None):
    """`binary arguments --data-dir FOLDER` on a new, empty data folder (HOME too), removed after;
    what `run_program` returns."""
    data = tempfile.mkdtemp(prefix="mvvm-tui-cpu-")
    try:
        return run_program([binary, *arguments, "--data-dir", data], dict(environment or os.environ, HOME=data))
    finally:
        shutil.rmtree(data, ignore_errors=True)


def sync_once(binary, server):
    """One first sync from `server` (`people --sync` on an empty data folder)."""
    environment = dict(os.environ, MVVM_TUI_PEOPLE_API=server.root_url(), MVVM_TUI_PEOPLE_USER=USER,
                       MVVM_TUI_PEOPLE_PASSWORD=PASSWORD)
    return on_empty_folder(binary, ["people", "--sync"], environment)


def book(cards):
    """Radicale serving a book of `cards` cards (Scripts/radicale_books.py), its cache warmed as
    a sync will read it; the caller stops it."""
    server = Radicale()
    try:
        server.seed(cards)
        server.start()
        warm(server, server.book_url())
    except BaseException:
        server.stop()
        raise
    return server


def median(runs):
    """The run whose program CPU time is the median of `runs`."""
    return sorted(runs, key=lambda run: run[1])[len(runs) // 2]
