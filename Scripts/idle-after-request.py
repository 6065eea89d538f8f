#!/usr/bin/env python3
"""Counts the wake-ups of the program after it has run curl: idle windows after a people sync.

Starts Radicale on loopback (Scripts/radicale_books.py) with a book of 20 cards, starts the binary
on a 100x30 pseudo-terminal on the People tab with `MVVM_TUI_PEOPLE_API` naming the server, waits
while the sync runs curl, then measures idle windows: each thread's context switches (a thread
that exits in a window counts 1), as `make perf` measures idle.

    python3 Scripts/idle-after-request.py [--binary PATH] [--windows N] [--seconds S]
"""
import argparse
import os
import select
import tempfile
import time
from pathlib import Path

import perf
from radicale_books import PASSWORD, USER, Radicale


def drain(fd, seconds):
    """Reads whatever the program writes for `seconds`."""
    end = time.perf_counter() + seconds
    while (left := end - time.perf_counter()) > 0:
        if select.select([fd], [], [], left)[0]:
            try:
                os.read(fd, 65536)
            except OSError:
                return


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(Path(__file__).resolve().parent.parent / ".build/release/mvvm-tui"))
    parser.add_argument("--windows", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()

    server = Radicale()
    try:
        server.seed(20)
        server.start()
        data = tempfile.mkdtemp(prefix="mvvm-tui-idle-")
        environment = {"MVVM_TUI_PEOPLE_API": server.root_url(), "MVVM_TUI_PEOPLE_USER": USER,
                       "MVVM_TUI_PEOPLE_PASSWORD": PASSWORD}
        pid, master, _ = perf.start_child(args.binary, data, ["--tab", "people"], offline=False, environment=environment)
    except BaseException:
        server.stop()
        raise
    try:
        drain(master, 4.0)
        print(f"people synced from Radicale: {perf.PeopleCount(os.path.join(data, 'mvvm-tui.sqlite'), 20).now()} of 20")
        for window in range(args.windows):
            before = perf.thread_switches(pid)
            drain(master, args.seconds)
            after = perf.thread_switches(pid)
            woke = {tid: after[tid][1] - before.get(tid, ("", 0))[1]
                    for tid in after if after[tid][1] != before.get(tid, ("", 0))[1]}
            gone = [before[tid][0] for tid in before if tid not in after]
            print(f"window {window + 1} ({args.seconds:g} s): {len(after)} threads, "
                  f"wake-ups {sum(woke.values()) + len(gone)} (threads woken {woke}, exited {gone})")
    finally:
        os.write(master, b"\x03")
        time.sleep(0.5)
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        server.stop()


if __name__ == "__main__":
    main()
