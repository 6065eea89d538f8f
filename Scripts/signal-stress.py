#!/usr/bin/env python3
"""Sends the program a resize and a hang-up right after its first frame, while a curl runs, many
times over: every signal must be answered.

Each run starts the program in a pseudo-terminal of 80x24 whose Open-Meteo is a loopback port that
takes connections and never answers, so the first weather request's curl is running. As soon as the
first frame is out, the terminal is made 100x30 (the kernel sends SIGWINCH) and, once the program has
drawn a frame at the new size, SIGHUP is sent: the program must exit with status 129 and leave the
alternate screen. A signal dropped in the moment after the first frame (Docs/DECISIONS.md, "The
program catches the signals it answers itself") shows here as a run that never lays out again, or
never quits.

    python3 Scripts/signal-stress.py --binary .build/release/mvvm-tui --runs 200
"""

import argparse
import fcntl
import os
import pty
import select
import signal
import socket
import struct
import sys
import tempfile
import termios
import time

FIRST_FRAME = b"[Weather]"
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"


def set_size(fd, rows, columns):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def read_until(fd, condition, output, limit):
    """Reads what the program writes until `condition(output)` holds; False after `limit` seconds."""
    deadline = time.monotonic() + limit
    while not condition(output):
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the program is gone: its side of the terminal closed
            return condition(output)
        if not chunk:
            return condition(output)
        output.extend(chunk)
    return True


def wait_for_exit(pid, limit):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.005)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return None


def traced_resize(trace):
    """Whether the program's frame trace (`--trace`) holds a frame drawn for a resize."""
    try:
        with open(trace, encoding="utf-8") as lines:
            return any("trigger=resize" in line for line in lines)
    except FileNotFoundError:
        return False


def wait_for(condition, limit):
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.002)
    return True


def run_once(binary, environment, data_directory):
    """One run; None when every signal was answered, else what went wrong."""
    trace = data_directory + ".trace"
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(binary, [binary, "--data-dir", data_directory, "--trace", trace], environment)
    try:
        set_size(fd, 24, 80)
        output = bytearray()
        if not read_until(fd, lambda out: FIRST_FRAME in out, output, 10):
            return "no first frame"
        start = len(output)
        set_size(fd, 30, 100)  # the kernel sends SIGWINCH to the program
        # The frame trace names the frame drawn for the resize; the output is read meanwhile, so
        # that the program never waits on a full terminal.
        if not wait_for(lambda: read_until(fd, lambda _: False, output, 0.01) or traced_resize(trace), 5):
            return "SIGWINCH right after the first frame: not laid out again"
        os.kill(pid, signal.SIGHUP)
        read_until(fd, lambda out: LEAVE_ALTERNATE_SCREEN in out[start:], output, 5)
        status = wait_for_exit(pid, 5)
        if status != 129:
            return f"SIGHUP: exit status {status}, not 129"
        if LEAVE_ALTERNATE_SCREEN not in output[start:]:
            return "SIGHUP: the terminal was not restored"
        return None
    finally:
        os.close(fd)
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--runs", type=int, default=200)
    arguments = parser.parse_args()

    # Takes connections into its backlog and never answers: each curl waits.
    silent = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    silent.bind(("127.0.0.1", 0))
    silent.listen(1024)
    base = f"http://127.0.0.1:{silent.getsockname()[1]}"

    with tempfile.TemporaryDirectory(prefix="mvvm-tui-signals-") as home:
        environment = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": home,
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "MVVM_TUI_OPEN_METEO_URL": base,
            "MVVM_TUI_OPEN_METEO_GEOCODING_URL": base,
        }
        failures = []
        started = time.monotonic()
        for run in range(arguments.runs):
            data_directory = os.path.join(home, f"data-{run}")
            problem = run_once(arguments.binary, environment, data_directory)
            if problem:
                failures.append(f"run {run + 1}: {problem}")
        elapsed = time.monotonic() - started
    silent.close()
    print(f"{arguments.runs} runs in {elapsed:.1f} s: {arguments.runs - len(failures)} answered both signals")
    for failure in failures:
        print(failure, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
