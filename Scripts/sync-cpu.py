#!/usr/bin/env python3
"""The program's own CPU per card in People's first sync, at several sizes of the address book:
`mvvm-tui people --sync` on an empty data folder against Radicale on loopback, holding N cards
(written by Scripts/radicale_books.py, as Scripts/sync-perf.py does). The figure that matters is
how it grows with N: a sync whose cost per card rises with the book does work that grows with the
square of it.

For each N the script warms Radicale's own cache (a `sync-collection` of the whole book and its
`addressbook-multiget` reports, twice), runs the sync once, and reads the program's user and system
time from /proc/PID/stat before it is reaped: its own threads, then its children's (curl) apart.

    python3 Scripts/sync-cpu.py [--binary PATH] [--cards 1000 5000 20000]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from radicale_books import PASSWORD, USER, Radicale, warm  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def sync_once(binary, server, cards):
    """One first sync; (seconds, program CPU seconds, children's CPU seconds, status)."""
    data = tempfile.mkdtemp(prefix="mvvm-tui-sync-cpu-")
    try:
        environment = dict(os.environ, HOME=data, MVVM_TUI_PEOPLE_API=server.root_url(),
                           MVVM_TUI_PEOPLE_USER=USER, MVVM_TUI_PEOPLE_PASSWORD=PASSWORD)
        started = time.perf_counter()
        program = subprocess.Popen([binary, "people", "--sync", "--data-dir", data], env=environment,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.waitid(os.P_PID, program.pid, os.WEXITED | os.WNOWAIT)
        elapsed = time.perf_counter() - started
        fields = open(f"/proc/{program.pid}/stat").read().rsplit(")", 1)[1].split()
        own = (int(fields[11]) + int(fields[12])) / TICKS
        children = (int(fields[13]) + int(fields[14])) / TICKS
        program.wait()
        if program.returncode != 0:
            sys.stderr.write(program.stderr.read().decode()[-500:])
        return elapsed, own, children, program.returncode
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/mvvm-tui")
    parser.add_argument("--cards", type=int, nargs="+", default=[1000, 5000, 20000])
    arguments = parser.parse_args()
    print(f"{'cards':>8}  {'sync (s)':>9}  {'program CPU (s)':>15}  {'ms a card':>9}  {'curl CPU (s)':>12}")
    failed = False
    for cards in arguments.cards:
        server = Radicale()
        try:
            server.seed(cards)
            server.start()
            warm(server, server.book_url())
            elapsed, own, children, status = sync_once(os.path.abspath(arguments.binary), server, cards)
        finally:
            server.stop()
        failed = failed or status != 0
        print(f"{cards:>8,}  {elapsed:>9.2f}  {own:>15.2f}  {own / cards * 1000:>9.3f}  {children:>12.2f}", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
