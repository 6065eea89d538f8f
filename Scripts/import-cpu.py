#!/usr/bin/env python3
"""The program's own CPU per card in `people --import` of a vCard file, beside a first sync of the
same cards from Radicale on loopback, in one run: an import costs at most 1.2 times what a sync
costs a card (issue 43).

The file holds the cards Scripts/radicale_books.py writes into the book the sync reads (vCard 3.0
and 4.0 by turns, every fifth with X- properties), 10,000 of them. Each import and each sync runs
on an empty data folder; their runs alternate, `--runs` (5) of each, so that a change in the
machine's load meets both, and the median of each is kept. A cost a card is taken beyond what the
command costs with next to nothing to do, as Scripts/sync-cpu.py takes it: the sync beyond a sync
of an empty book (the start, the new database, the discovery), the import beyond an import of a
file of one card (the start, the new database; a file with no card is refused), measured the same
way. The CPU time is the program's own, from /proc/PID/stat before it is reaped
(Scripts/program_cpu.py); a sync's curl processes are shown apart and not counted.

The budget is the ratio, so that a slower or busier machine, slowing both, fails nothing a faster
one passes: exit status 1 when the import's cost a card is over `--ratio` (1.2) times the sync's,
or a run fails.

    python3 Scripts/import-cpu.py [--binary PATH] [--cards 10000] [--runs 5] [--ratio 1.2]
"""
import argparse
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from program_cpu import book, median, on_empty_folder, sync_once  # noqa: E402
from radicale_books import card  # noqa: E402


def write_cards(path, count):
    """The file of the first `count` cards of the sync's book."""
    with open(path, "w", newline="") as file:
        file.write("".join(card(number) for number in range(1, count + 1)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=".build/release/mvvm-tui")
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ratio", type=float, default=1.2)
    arguments = parser.parse_args()
    if arguments.cards < 2:
        parser.error("--cards takes 2 or more (an import of one card is the start's cost)")
    binary = os.path.abspath(arguments.binary)
    environment = {name: value for name, value in os.environ.items() if not name.startswith("MVVM_TUI_")}
    folder = tempfile.mkdtemp(prefix="mvvm-tui-import-cpu-")
    servers = []
    try:
        files = {count: os.path.join(folder, f"{count}.vcf") for count in (1, arguments.cards)}
        for count, path in files.items():
            write_cards(path, count)
        servers = [book(0), book(arguments.cards)]
        empty, full = servers
        runs = {name: [] for name in ("sync of an empty book", "sync", "import of 1 card", "import")}
        for _ in range(max(1, arguments.runs)):
            runs["sync of an empty book"].append(sync_once(binary, empty))
            runs["import of 1 card"].append(on_empty_folder(binary, ["people", "--import", files[1]], environment))
            runs["sync"].append(sync_once(binary, full))
            runs["import"].append(on_empty_folder(binary, ["people", "--import", files[arguments.cards]], environment))
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
    failed = any(status != 0 for kept in runs.values() for *_, status in kept)
    kept = {name: median(kept) for name, kept in runs.items()}
    print(f"mvvm-tui import-cpu: {arguments.runs} runs of each, alternating; medians of the program's CPU")
    print(f"{'':>22}  {'cards':>7}  {'time (s)':>8}  {'program CPU (s)':>15}  {'children CPU (s)':>16}")
    for name, count in (("sync of an empty book", 0), ("sync", arguments.cards), ("import of 1 card", 1),
                        ("import", arguments.cards)):
        elapsed, own, children, _ = kept[name]
        slowest = max(run[1] for run in runs[name])
        print(f"{name:>22}  {count:>7,}  {elapsed:>8.2f}  {own:>15.2f}  {children:>16.2f}   (most {slowest:.2f})")
    sync = (kept["sync"][1] - kept["sync of an empty book"][1]) / arguments.cards * 1000
    imported = (kept["import"][1] - kept["import of 1 card"][1]) / (arguments.cards - 1) * 1000
    ratio = imported / sync if sync > 0 else float("inf")
    verdict = "PASS" if ratio <= arguments.ratio else "FAIL"
    print(f"ms of CPU a card beyond the start: sync {sync:.3f}, import {imported:.3f}; "
          f"import / sync {ratio:.2f} (<= {arguments.ratio}) {verdict}")
    sys.exit(1 if failed or verdict == "FAIL" else 0)


if __name__ == "__main__":
    main()
