#!/usr/bin/env python3
"""Keys in People's form while 100,000 people are kept and a sync sends them: the release binary
in a 100x30 pseudo-terminal, against Radicale on loopback.

Each run starts the program with `--tab people` on a copy of a database of 100,000 people (made
by the benchmark binary, as Scripts/perf.py makes it) and gives it an empty address book in
Radicale (the server the CardDAV tests use, Scripts/ensure-deps.sh test). A book the program has
never synced with queues everyone to be sent, so the sync the tab's open starts posts people for
the whole run, its store work on the program's background queue, writing to the database the
form writes to. Once the sync posts (the outbox, read as a second program reads it, has begun to
shrink: the queueing of everyone is one transaction, once per new book, during which a save
waits for it), and while the header says the sync runs, the script adds people through the form
and edits the person under the cursor, and times every key:

- `a`: until the form's first field (Salutation) shows in the input line;
- each character typed: until the line shows the text typed so far;
- Enter on a field: until the next field's label shows; on the last, until the news says
  "Added …" (the person committed, the list read again, the post queued);
- Enter on the list (edit the person under the cursor), then Enter through its fields, the last until the news
  says "Saved …".

A sample counts only when the sync was still under way after its answer came. Every byte the
program writes goes through a terminal emulator (pyte, Scripts/perf.py's `Terminal`), so each
figure is the time until the screen shows the key's answer. A key whose answer does not show
within 2 s counts as a timeout, which fails the figure.

    python3 Scripts/form-perf.py [--binary PATH] [--bench-binary PATH] [--runs N] [--rounds N] [--markdown FILE]
"""
import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import perf  # noqa: E402  (the pseudo-terminal and screen helpers)
from radicale_books import PASSWORD, USER, Radicale  # noqa: E402

BUDGETS = {  # issue 32
    "key in People's form, 100,000 people kept and a sync sending, 99th percentile (ms)": 16.0,
}
FIELDS = ["Salutation", "First name", "Last name", "Birthday", "Email", "Phone"]
START_LIMIT = 60.0  # the longest the sync's first post is waited for


def shows(text):
    """A test that the screen shows `text` somewhere."""
    return lambda lines: any(text in line for line in lines)


def prompts(label, typed=""):
    """A test that the input line asks for `label` and holds `typed`: `First name: Ada`."""
    pattern = re.compile(rf"\s*{re.escape(label)}:\s+{re.escape(typed)}")
    return lambda lines: any(pattern.match(line) for line in lines)


def sync_runs(terminal):
    """Whether the header says the exchange with the server is under way."""
    return any("Syncing" in line or "Sending" in line for line in terminal.lines()[:6])


def outbox_count(database):
    """How many people wait to be sent, read as a second program reads it."""
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=1) as connection:
            return connection.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
    except sqlite3.Error:
        return 0


def add_person(terminal, number):
    """Adds `Form<number> Perf` through the form; returns the keys' (name, ms) samples."""
    samples = [("a", terminal.press(b"a", prompts("Salutation")))]
    values = ["", f"Form{number:04d}", "Perf", "", "", ""]
    for index, value in enumerate(values):
        for end in range(1, len(value) + 1):
            samples.append(("typed", terminal.press(value[end - 1].encode(), prompts(FIELDS[index], value[:end]))))
        last = index == len(values) - 1
        name = "Enter, saved" if last else "Enter"
        samples.append((name, terminal.press(b"\r", shows(f"Added Form{number:04d} Perf") if last else prompts(FIELDS[index + 1]))))
    return samples


def edit_person(terminal):
    """Opens the person under the cursor in the form and saves them unchanged; returns the keys'
    (name, ms) samples."""
    samples = [("Enter, edit", terminal.press(b"\r", prompts("Salutation")))]
    for index in range(len(FIELDS)):
        last = index == len(FIELDS) - 1
        samples.append(("Enter, saved" if last else "Enter", terminal.press(b"\r", shows("Saved ") if last else prompts(FIELDS[index + 1]))))
    terminal.settle(0.05, 0.5)
    return samples


def one_run(binary, people_database, server, rounds):
    """One process on a copy of the 100,000 people, sending them to an empty book; returns the
    samples of the keys answered while the sync ran."""
    data_dir = tempfile.mkdtemp(prefix="mvvm-tui-form-perf-")
    for name in os.listdir(people_database):
        shutil.copy(os.path.join(people_database, name), data_dir)
    environment = {"MVVM_TUI_PEOPLE_API": server.book_url(), "MVVM_TUI_PEOPLE_USER": USER,
                   "MVVM_TUI_PEOPLE_PASSWORD": PASSWORD}
    pid, fd = None, None
    samples, while_not_syncing = [], 0
    try:
        pid, fd, started = perf.start_child(binary, data_dir, ("--tab", "people"), offline=False, environment=environment)
        terminal = perf.Terminal(fd)
        # The sync runs once it posts: the book is new, so everyone is queued first (one
        # transaction, once), then sent one by one.
        database = os.path.join(data_dir, "mvvm-tui.sqlite")
        while not (sync_runs(terminal) and 0 < outbox_count(database) < 100_000) and time.perf_counter() - started < START_LIMIT:
            terminal.read(0.05)
        if not sync_runs(terminal):
            raise perf.ChildFailed("the sync did not start posting")
        terminal.settle(0.05, 0.5)
        for number in range(rounds):
            keys = add_person(terminal, number) + edit_person(terminal)
            if sync_runs(terminal):
                samples += keys
            else:
                while_not_syncing += 1
        perf.check_alive(pid, "while the form was used")
        return samples, while_not_syncing
    finally:
        perf.end_child(pid, fd, data_dir)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(perf.REPO / ".build/release/mvvm-tui"))
    parser.add_argument("--bench-binary", default=str(perf.REPO / ".build/release/mvvm-tui-bench"),
                        help="makes the database of 100,000 people")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=10, help="people added (and one edited) per run")
    parser.add_argument("--markdown", metavar="FILE")
    args = parser.parse_args()
    binary = perf.executable(args.binary, "form-perf")
    if binary is None:
        return 2
    people_database = tempfile.mkdtemp(prefix="mvvm-tui-form-perf-people-")
    server = Radicale()
    try:
        subprocess.run([args.bench_binary, "--people-database", people_database, "100000"], check=True,
                       stdout=subprocess.DEVNULL)
        server.seed(0)
        server.start()
        runs = [one_run(binary, people_database, server, args.rounds) for _ in range(args.runs)]
    except perf.ChildFailed as failure:
        print(f"form-perf: {failure}", file=sys.stderr)
        return 1
    except (OSError, RuntimeError, subprocess.CalledProcessError) as failure:
        print(f"form-perf: {failure}", file=sys.stderr)
        return 2
    finally:
        server.stop()
        shutil.rmtree(people_database, ignore_errors=True)

    name = next(iter(BUDGETS))
    per_run = [perf.percentile([ms for _, ms in samples], 0.99) for samples, _ in runs]
    everything = [ms for samples, _ in runs for _, ms in samples]
    worst = sorted((ms, key) for samples, _ in runs for key, ms in samples)[-3:]
    value = perf.percentile(everything, 0.99)
    budget = BUDGETS[name]
    status = "FAIL" if value is None or value > budget else "ok"
    counts = ", ".join(str(len(samples)) for samples, _ in runs)
    skipped = sum(count for _, count in runs)
    rows = [(name, perf.fmt(value), f"<= {budget:g}", status,
             "runs " + ", ".join(perf.fmt(v) for v in per_run) + f"; {counts} keys" +
             (f"; {skipped} rounds after the sync ended, not counted" if skipped else "") +
             "; slowest " + ", ".join(f"{key} {perf.fmt(ms)}" for ms, key in reversed(worst)))]
    print(f"mvvm-tui form-perf: {args.runs} runs of {binary}, 100,000 people, an empty book in Radicale on loopback")
    for row in rows:
        print(f"  {row[0]}: {row[1]} (budget {row[2]}) {row[3]} — {row[4]}")
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as out:
            out.write("| figure | value | budget | status | note |\n|---|---|---|---|---|\n")
            for row in rows:
                out.write("| " + " | ".join(row) + " |\n")
    return 1 if status == "FAIL" else 0


if __name__ == "__main__":
    sys.exit(main())
