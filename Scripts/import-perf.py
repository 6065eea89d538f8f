#!/usr/bin/env python3
"""Keys while People imports 20,000 vCards: the release binary in a 100x30 pseudo-terminal.

Each run starts a fresh process on an empty data folder, opens Movies, the Scoreboard and People
once (so that nothing loads for the first time during the import), types a vCard file of
20,000 people into People's import prompt and presses Enter. While the import runs it presses
arrow keys on Movies, Scoreboard moves (a point, then its undo: each committed to the database
the import writes to) and arrow keys in the People list being imported into. A sample counts
only when the import was still under way after its answer came (the script reads the count of
people from the database, as a second program may). The import's time is from Enter to the
commit of its last person, read from the database every 10 ms.

    python3 Scripts/import-perf.py [--binary PATH] [--runs N] [--cards N] [--markdown FILE]

Every byte the program writes goes through a terminal emulator (pyte), so each key's figure is
the time until the screen shows its answer: on Movies and in People the cursor's mark one row
down or up (or the list scrolled under it), on the Scoreboard the score. The screen before a key
is read once a frame has ended (3 ms without output): the People list redraws as it is imported
into, and half a frame says nothing of where the mark is. In People the cards sort after those in
view, so nothing but the key moves the mark; a key pressed before anyone is imported has nothing
to move and is not counted. A key whose answer does not show within 2 s counts as a timeout,
which fails the figure.
"""
import argparse
import base64
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import perf  # noqa: E402  (the pseudo-terminal helpers)

BUDGETS = {
    "arrow key on Movies during the import, 99th percentile (ms)": 16.0,
    "arrow key in People during the import, 99th percentile (ms)": 16.0,
    "Scoreboard move during the import, 99th percentile (ms)": 50.0,
    "import of the cards (s)": 4.0,
    "database growth over the cards' size": 1.0,
}


def write_cards(path, count, photo_bytes=0):
    """Writes `count` vCards as an address book exports them: name, birthday, email, phone, and
    a photo of `photo_bytes` (base64, folded) when asked. Sorted by last name, each card comes
    after the ones before it."""
    with open(path, "w", encoding="utf-8") as out:
        for number in range(1, count + 1):
            photo = ""
            if photo_bytes:
                data = base64.b64encode(random.Random(number).randbytes(photo_bytes * 3 // 4)).decode()
                photo = "PHOTO;ENCODING=b;TYPE=JPEG:" + "\r\n ".join(data[i:i + 74] for i in range(0, len(data), 74)) + "\r\n"
            out.write("BEGIN:VCARD\r\nVERSION:3.0\r\n"
                      f"N:Person;Card {number:05d};;;\r\n"
                      f"FN:Card {number:05d} Person\r\n"
                      f"BDAY:{1940 + number % 60}-{1 + number % 12:02d}-{1 + number % 28:02d}\r\n"
                      f"EMAIL;TYPE=home:person{number}@example.org\r\n"
                      f"TEL;TYPE=cell:+1 555 {number:07d}\r\n"
                      + photo + "END:VCARD\r\n")


def score(lines):
    """The Scoreboard's `home - away` line."""
    return next((line for line in lines if " - " in line and any(c.isdigit() for c in line)), None)


def one_run(binary, cards_path, count):
    """One fresh process through the import; returns {figure: [samples]} and the import's time."""
    data_dir = tempfile.mkdtemp(prefix="mvvm-tui-import-perf-")
    pid, fd = None, None
    samples = {"movies": [], "people": [], "scoreboard": []}
    try:
        pid, fd, _ = perf.start_child(binary, data_dir, ("--tab", "people"))
        terminal = perf.Terminal(fd)
        terminal.settle()
        for key in (perf.F_KEYS[1], perf.F_KEYS[3], perf.F_KEYS[4], b"i", cards_path.encode()):
            os.write(fd, key)
            terminal.settle()
        watch = perf.PeopleCount(os.path.join(data_dir, "mvvm-tui.sqlite"), count)
        size_before = sum(os.path.getsize(os.path.join(data_dir, name)) for name in os.listdir(data_dir)
                          if name.startswith("mvvm-tui.sqlite"))
        entered = time.perf_counter()
        os.write(fd, b"\r")
        watch.thread.start()
        rounds = 0
        while watch.running() and time.perf_counter() - entered < 60:
            rounds += 1
            # Movies: down then up, each answered when the cursor's row changes.
            os.write(fd, perf.F_KEYS[1])
            terminal.settle(0.02, 0.5)
            movies = [terminal.press(perf.DOWN, perf.moves(1)), terminal.press(perf.UP, perf.moves(-1))]
            # The Scoreboard: a point and its undo, each answered when the score changes.
            os.write(fd, perf.F_KEYS[3])
            terminal.settle(0.02, 0.5)
            points = []
            for key in (b"1", b"z"):
                terminal.drain()
                before = score(terminal.lines())
                points.append(terminal.press(key, lambda lines, before=before: score(lines) != before))
            # People, being imported into: down, down, up.
            os.write(fd, perf.F_KEYS[4])
            terminal.read(0.05)
            terminal.drain()
            # (Before anyone is imported an arrow has nothing to move: such a key is not counted.)
            people = [terminal.press(key, perf.moves(rows)) for key, rows in ((perf.DOWN, 1), (perf.DOWN, 1), (perf.UP, -1))]
            if watch.running():
                samples["movies"] += [sample for sample in movies if sample is not None]
                samples["scoreboard"] += points
                samples["people"] += [sample for sample in people if sample is not None]
        watch.thread.join(timeout=30)
        watch.stopping.set()
        import_seconds = None if watch.reached is None else watch.reached - entered
        perf.check_alive(pid, "during the import")
        database = os.path.join(data_dir, "mvvm-tui.sqlite")
        grown = sum(os.path.getsize(database + end) for end in ("", "-wal") if os.path.exists(database + end)) - size_before
        return samples, import_seconds, grown
    finally:
        perf.end_child(pid, fd, data_dir)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(perf.REPO / ".build/release/mvvm-tui"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cards", type=int, default=20_000)
    parser.add_argument("--photo-bytes", type=int, default=0, help="a photo of this size in each card")
    parser.add_argument("--import-seconds", type=float, default=4.0, help="the import's budget")
    parser.add_argument("--markdown", metavar="FILE")
    args = parser.parse_args()
    binary = perf.executable(args.binary, "import-perf")
    if binary is None:
        return 2
    folder = tempfile.mkdtemp(prefix="mvvm-tui-cards-")
    try:
        cards_path = os.path.join(folder, "cards.vcf")
        write_cards(cards_path, args.cards, args.photo_bytes)
        cards_size = os.path.getsize(cards_path)
        runs = [one_run(binary, cards_path, args.cards) for _ in range(args.runs)]
    except perf.ChildFailed as failure:
        print(f"import-perf: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    BUDGETS["import of the cards (s)"] = args.import_seconds
    merged = {key: [s for samples, _, _ in runs for s in samples[key]] for key in ("movies", "people", "scoreboard")}
    times = [seconds for _, seconds, _ in runs if seconds is not None]
    rows = []
    for figure, key in (("arrow key on Movies during the import", "movies"),
                        ("arrow key in People during the import", "people"),
                        ("Scoreboard move during the import", "scoreboard")):
        values = merged[key]
        p99, p50 = perf.percentile(values, 0.99), perf.percentile(values, 0.5)
        name = f"{figure}, 99th percentile (ms)"
        timeouts = sum(1 for value in values if value == perf.TIMEOUT)
        note = (f"{len(values)} samples; median {perf.fmt(p50)}; most {perf.fmt(max(values) if values else None)}"
                + (f"; {timeouts} timed out" if timeouts else ""))
        rows.append((name, perf.fmt(p99), *verdict(name, p99), note))
    name = "import of the cards (s)"
    slowest = max(times) if len(times) == len(runs) else None
    rows.append((name, perf.fmt(slowest), *verdict(name, slowest),
                 "slowest of the runs: " + ", ".join(f"{t:.2f}" for t in times)))
    name = "database growth over the cards' size"
    growth = max(grown for _, _, grown in runs) / cards_size
    # The budget is for cards with photos, whose size is mostly the photo; small cards cost more
    # in indexes than in text.
    budget, result = verdict(name, growth) if args.photo_bytes else ("-", "info")
    rows.append((name, f"{growth:.2f}", budget, result,
                 f"largest of the runs; the cards {cards_size / 1e6:.1f} MB, the database and its log after"))
    header = ("figure", "value", "budget", "result", "note")
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(4)]
    photos = f" with photos of {args.photo_bytes:,} bytes" if args.photo_bytes else ""
    print(f"mvvm-tui import-perf: {args.runs} runs of {binary}, {args.cards:,} cards each{photos}")
    for row in [header] + rows:
        print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths)) + "  " + row[4])
    if args.markdown:
        lines = ["## Keys during an import", "", f"Machine: {perf.machine_line(binary)}", "",
                 "Command: `python3 " + " ".join(sys.argv) + "`", "",
                 "| figure | value | budget | result | note |", "|---|---:|---|---|---|"]
        lines += [f"| {' | '.join(str(cell) for cell in row)} |" for row in rows]
        Path(args.markdown).write_text("\n".join(lines) + "\n")
    return 1 if any(row[3] == "FAIL" for row in rows) else 0


def verdict(figure, value):
    budget = BUDGETS[figure]
    if value is None:
        return f"<= {budget:g}", "FAIL"
    return f"<= {budget:g}", "PASS" if value <= budget else "FAIL"


if __name__ == "__main__":
    sys.exit(main())
