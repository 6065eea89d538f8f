#!/usr/bin/env python3
"""People's sync side by side with vdirsyncer 0.21, the reference CardDAV sync client, on the same
Radicale holding the same cards, in one run: each figure is stated as a ratio to vdirsyncer's time
in the same run, so that a busy machine slows both and does not fail it.

For each N (`--cards`, 5,000 and 20,000 by default) the script starts Radicale on loopback and
writes N cards into its storage (Scripts/radicale_books.py, as Scripts/sync-perf.py and
Scripts/sync-cpu.py do), warms Radicale's item cache as sync-cpu.py does, then makes runs (`--runs`,
one count a size: 3 at 5,000 and 2 at 20,000 by default, about 10 minutes in all on 2 cores, most
of it Radicale reading 25,000 new cards into its cache), each run:

- vdirsyncer's first sync: a fresh status folder and a fresh `filesystem` storage
  (`fileext = ".vcf"`), paired with a `carddav` storage on the server's root (the same discovery
  the program does; `--book-url` gives both the book itself), `collections = ["from b"]`. Timed:
  `vdirsyncer discover` (answered "y" to making the local book) plus `vdirsyncer sync`, what a
  user setting it up waits for, as the program's first sync includes its own discovery. The
  `discover` part is shown apart for information;
- vdirsyncer's sync with nothing changed: `vdirsyncer sync` again on the same folders;
- the program's first sync: `mvvm-tui people --sync --data-dir DIR` on an empty folder, with the
  server in MVVM_TUI_PEOPLE_API and the user and password in MVVM_TUI_PEOPLE_USER and
  MVVM_TUI_PEOPLE_PASSWORD, HOME=DIR (as Scripts/sync-cpu.py runs it), from exec to exit (its
  printout of everyone at the end included, to /dev/null);
- the program's sync with nothing changed: the same command again on the same folder.

The two clients take turns going first from run to run. Before each run, for information,
Radicale's own answers are timed with curl: a `sync-collection` of the whole book carrying the
cards' text (what the program's first sync asks), one from the token it gave (what the program's sync with nothing
changed asks) and a depth-1 PROPFIND of every card's ETag (what vdirsyncer lists with).

After each first sync the program's database must hold N people and vdirsyncer's folder N files,
else the script fails; so does a sync that exits with an error (the runs after it still go on, and
the ratios are of the runs both clients finished). Each ratio is the median of the runs' own ratios (ours / vdirsyncer's in
the same run), held to its budget at every N: the first sync ≤ 0.7, the sync with nothing changed
≤ 0.5. Exit status 1 when a ratio is over its budget or a check fails; 2 when the script cannot
run (vdirsyncer not installable, Radicale not starting).

vdirsyncer runs from a virtual environment the script makes (`python3 -m venv`, then
`pip install vdirsyncer==0.21.0`), `.build/bench-venv` unless `--venv` says otherwise, reused when
it holds that version; on Debian `python3 -m venv` needs python3-venv (Scripts/ensure-deps.sh perf).

    python3 Scripts/sync-compare.py [--binary PATH] [--cards 5000 20000] [--runs 3 2]
                                    [--book-url] [--venv DIR] [--markdown FILE]
"""
import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import perf  # noqa: E402  (executable, machine_line, REPO)
from radicale_books import BOOK, PASSWORD, USER, Radicale, sync_collection, warm  # noqa: E402

VDIRSYNCER = "0.21.0"
BUDGETS = {"first": 0.7, "unchanged": 0.5}   # ours / vdirsyncer's, in the same run (the issue)
SYNC_LIMIT = 600.0   # the longest one command is waited for
ETAGS = ('<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:">'
         "<d:prop><d:getcontenttype/><d:getetag/></d:prop></d:propfind>")


class Failed(Exception):
    """A sync that failed, timed out, or left the wrong number of cards."""


def vdirsyncer_version(venv):
    """The vdirsyncer the virtual environment holds, or None."""
    python = venv / "bin" / "python"
    if not python.exists():
        return None
    answer = subprocess.run([str(python), "-c", "import importlib.metadata as m; print(m.version('vdirsyncer'))"],
                            capture_output=True, text=True)
    return answer.stdout.strip() if answer.returncode == 0 else None


def ensure_vdirsyncer(venv):
    """The path of vdirsyncer VDIRSYNCER in `venv`, made and installed there when it is not."""
    if vdirsyncer_version(venv) != VDIRSYNCER:
        python = venv / "bin" / "python"
        if not python.exists() or subprocess.run([str(python), "-m", "pip", "--version"],
                                                 capture_output=True).returncode != 0:
            print(f"sync-compare: making a virtual environment in {venv}", file=sys.stderr)
            made = subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], capture_output=True, text=True)
            if made.returncode != 0:
                raise RuntimeError(f"python3 -m venv failed (on Debian it needs python3-venv: "
                                   f"Scripts/ensure-deps.sh perf):\n{made.stderr[-1000:]}")
        print(f"sync-compare: installing vdirsyncer=={VDIRSYNCER} into {venv}", file=sys.stderr)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        f"vdirsyncer=={VDIRSYNCER}"], check=True)
        if vdirsyncer_version(venv) != VDIRSYNCER:
            raise RuntimeError(f"vdirsyncer {VDIRSYNCER} is not in {venv} after pip install")
    return venv / "bin" / "vdirsyncer"


def timed(name, command, environment, log, stdout=None, answers=None):
    """Runs `command` in its own process group to its exit; returns the seconds from start to
    exit. Raises Failed (with the log's tail) on a non-zero status or after SYNC_LIMIT; the group
    (the program's curls among it) is killed when it does not end by itself."""
    with open(log, "ab") as output:
        started = time.perf_counter()
        process = subprocess.Popen([str(part) for part in command], env=environment, start_new_session=True,
                                   stdin=subprocess.PIPE if answers else subprocess.DEVNULL,
                                   stdout=stdout if stdout is not None else output, stderr=output)
        try:
            process.communicate(answers.encode() if answers else None, timeout=SYNC_LIMIT)
            elapsed = time.perf_counter() - started
        except subprocess.TimeoutExpired:
            raise Failed(f"{name} did not end within {SYNC_LIMIT:.0f} s") from None
        finally:
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                process.wait()
    if process.returncode != 0:
        tail = Path(log).read_text(errors="replace")[-1500:]
        raise Failed(f"{name} exited with status {process.returncode}:\n{tail}")
    return elapsed


def vdirsyncer_config(folder, server, book_url):
    """vdirsyncer's configuration: the server (its root, discovering the user's books, or the book)
    paired with a filesystem storage of `.vcf` files under `folder`."""
    remote = server.book_url() if book_url else server.root_url()
    collections = "null" if book_url else '["from b"]'
    return f"""[general]
status_path = "{folder}/status/"

[pair people]
a = "people_local"
b = "people_remote"
collections = {collections}

[storage people_local]
type = "filesystem"
path = "{folder}/local/"
fileext = ".vcf"

[storage people_remote]
type = "carddav"
url = "{remote}"
username = "{USER}"
password = "{PASSWORD}"
"""


def vdirsyncer_runs(vdirsyncer, server, cards, book_url):
    """vdirsyncer's first sync (discover + sync) and a sync with nothing changed, on fresh folders;
    returns {first, discover, unchanged} in seconds."""
    folder = Path(tempfile.mkdtemp(prefix="mvvm-tui-sync-compare-vdirsyncer-"))
    try:
        (folder / "local").mkdir()
        (folder / "config").write_text(vdirsyncer_config(folder, server, book_url))
        environment = dict(os.environ, HOME=str(folder), XDG_CONFIG_HOME=str(folder),
                           VDIRSYNCER_CONFIG=str(folder / "config"))
        log = folder / "vdirsyncer.log"
        # discover asks whether to make the local book the server has: yes.
        discover = timed("vdirsyncer discover", [vdirsyncer, "discover"], environment, log, answers="y\n" * 4)
        first = timed("vdirsyncer sync (first)", [vdirsyncer, "sync"], environment, log)
        book = folder / "local" if book_url else folder / "local" / BOOK
        files = sum(1 for _ in book.glob("*.vcf")) if book.is_dir() else 0
        if files != cards:
            raise Failed(f"vdirsyncer's first sync left {files:,} files of {cards:,} in {book}:\n"
                         + log.read_text(errors="replace")[-1500:])
        unchanged = timed("vdirsyncer sync (nothing changed)", [vdirsyncer, "sync"], environment, log)
        return {"first": discover + first, "discover": discover, "unchanged": unchanged}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def people_count(database):
    """The people in the program's database (its `person` table), read as a second program reads it."""
    try:
        with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=5)) as connection:
            return connection.execute("SELECT COUNT(*) FROM person").fetchone()[0]
    except sqlite3.Error:
        return 0  # not made


def our_runs(binary, server, cards, book_url):
    """The program's first sync on an empty data folder and a second with nothing changed;
    returns {first, unchanged} in seconds."""
    data = Path(tempfile.mkdtemp(prefix="mvvm-tui-sync-compare-"))
    try:
        environment = dict(os.environ, HOME=str(data),
                           MVVM_TUI_PEOPLE_API=server.book_url() if book_url else server.root_url(),
                           MVVM_TUI_PEOPLE_USER=USER, MVVM_TUI_PEOPLE_PASSWORD=PASSWORD)
        command = [binary, "people", "--sync", "--data-dir", data]
        log = data / "sync.log"   # beside the database, not in it: the program makes its own files
        try:
            first = timed("mvvm-tui people --sync (first)", command, environment, log, stdout=subprocess.DEVNULL)
            people = people_count(data / "mvvm-tui.sqlite")
            if people != cards:
                raise Failed(f"the program's first sync left {people:,} people of {cards:,} in its database:\n"
                             + log.read_text(errors="replace")[-1500:])
            unchanged = timed("mvvm-tui people --sync (nothing changed)", command, environment, log,
                              stdout=subprocess.DEVNULL)
        finally:
            log.unlink(missing_ok=True)
        return {"first": first, "unchanged": unchanged}
    finally:
        shutil.rmtree(data, ignore_errors=True)


def radicale_alone(server):
    """Radicale's own answers, by curl, in seconds: a sync-collection of the whole book carrying
    the cards' text (the program's first sync asks it so), one from the token it gave, and a
    depth-1 PROPFIND of every card's ETag."""
    url = server.book_url()
    listing, answer = server.report(url, sync_collection("", with_cards=True))
    token = re.search(r"<(?:\w+:)?sync-token>([^<]+)</(?:\w+:)?sync-token>", answer).group(1)
    unchanged, _ = server.report(url, sync_collection(token))
    etags, _ = server.report(url, ETAGS, "1", "PROPFIND")
    return {"listing": listing, "unchanged": unchanged, "etags": etags}


def measure(binary, vdirsyncer, cards, runs, book_url):
    """One Radicale with `cards` cards; `runs` runs of both clients, taking turns to go first.
    Returns the runs' figures, Radicale's own, and the seconds it all took."""
    started = time.perf_counter()
    server = Radicale()
    try:
        server.seed(cards)
        server.start()
        warm(server, server.book_url())
        warmed = time.perf_counter() - started
        results, failures = [], []
        for run in range(runs):
            result = {"radicale": radicale_alone(server)}
            clients = (("theirs", vdirsyncer_runs, vdirsyncer), ("ours", our_runs, binary))
            for key, runner, program in clients if run % 2 == 0 else reversed(clients):
                try:
                    result[key] = runner(program, server, cards, book_url)
                except Failed as failure:
                    result[key] = None
                    failures.append(f"{cards:,} cards, run {run + 1}: {failure}")
                    print(f"sync-compare: {failures[-1]}", file=sys.stderr, flush=True)
            results.append(result)
            ours, theirs = result["ours"], result["theirs"]
            print(f"  {cards:,} cards, run {run + 1} of {runs}: first sync ours {seconds(ours, 'first')}, "
                  f"vdirsyncer {seconds(theirs, 'first')} (discover {seconds(theirs, 'discover')}); "
                  f"nothing changed ours {seconds(ours, 'unchanged', 3)}, vdirsyncer "
                  f"{seconds(theirs, 'unchanged', 3)}", flush=True)
    finally:
        server.stop()
    return {"cards": cards, "runs": results, "failures": failures, "warmed": warmed,
            "seconds": time.perf_counter() - started}


def seconds(figures, key, places=2):
    return "failed" if figures is None else f"{figures[key]:.{places}f} s"


def summary(measured):
    """Medians of one size's runs that both clients finished: {figure: (ours, theirs, ratio,
    verdict)}, None for a figure no run gave; a failed sync makes the size's verdict FAIL."""
    rows = {}
    complete = [r for r in measured["runs"] if r["ours"] is not None and r["theirs"] is not None]
    for figure in ("first", "unchanged"):
        if not complete:
            rows[figure] = (None, None, None, "FAIL")
            continue
        ours = statistics.median(r["ours"][figure] for r in complete)
        theirs = statistics.median(r["theirs"][figure] for r in complete)
        ratio = statistics.median(r["ours"][figure] / r["theirs"][figure] for r in complete)
        verdict = "FAIL" if measured["failures"] else "OVER" if ratio > BUDGETS[figure] else "ok"
        rows[figure] = (ours, theirs, ratio, verdict)
    return rows


def print_table(header, rows, notes):
    """Prints `rows` under `header`, each column right-aligned, then each of `notes`."""
    widths = [max(len(str(row[i])) for row in rows + [header]) for i in range(len(header))]
    for row in [header] + rows:
        print("  ".join(str(cell).rjust(width) for cell, width in zip(row, widths)))
    for note in notes:
        print(note)


def cell(value, places):
    return "-" if value is None else f"{value:.{places}f}"


def each(runs, client, key, places=2):
    return ", ".join("failed" if r[client] is None else f"{r[client][key]:.{places}f}" for r in runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(perf.REPO / ".build/release/mvvm-tui"))
    parser.add_argument("--cards", type=int, nargs="+", default=[5_000, 20_000])
    parser.add_argument("--runs", type=int, nargs="+", default=[3, 2],
                        help="runs at each size of --cards, in order (the last value for the sizes after; "
                             "default 3 at 5,000 and 2 at 20,000, about 10 minutes in all on 2 cores)")
    parser.add_argument("--book-url", action="store_true",
                        help="give both clients the book's URL rather than the server's root (discovery)")
    parser.add_argument("--venv", default=str(perf.REPO / ".build/bench-venv"),
                        help="the virtual environment vdirsyncer is installed in and run from")
    parser.add_argument("--markdown", metavar="FILE")
    args = parser.parse_args()
    binary = perf.executable(args.binary, "sync-compare")
    if binary is None:
        return 2
    started = time.perf_counter()
    measured = []
    try:
        vdirsyncer = ensure_vdirsyncer(Path(args.venv).absolute())
        for index, cards in enumerate(args.cards):
            runs = args.runs[min(index, len(args.runs) - 1)]
            measured.append(measure(binary, vdirsyncer, cards, runs, args.book_url))
    except (RuntimeError, subprocess.CalledProcessError) as failure:
        print(f"sync-compare: {failure}", file=sys.stderr)
        return 2

    mode = "the book's URL" if args.book_url else "discovery from the server's root"
    header = ("cards", "ours first (s)", "vdirsyncer first (s)", "ratio", "budget", "result",
              "ours no-change (s)", "vdirsyncer no-change (s)", "ratio", "budget", "result")
    rows, notes, over = [], [], []
    for size in measured:
        figures = summary(size)
        first, unchanged = figures["first"], figures["unchanged"]
        cards = f"{size['cards']:,}"
        rows.append((cards, cell(first[0], 2), cell(first[1], 2), cell(first[2], 2), f"<= {BUDGETS['first']}",
                     first[3], cell(unchanged[0], 3), cell(unchanged[1], 3), cell(unchanged[2], 2),
                     f"<= {BUDGETS['unchanged']}", unchanged[3]))
        for name, key in (("first sync", "first"), ("sync with nothing changed", "unchanged")):
            ours, theirs, ratio, _ = figures[key]
            if ratio is not None and ratio > BUDGETS[key]:
                over.append(f"{cards} cards, {name}: ours / vdirsyncer = {ratio:.2f}, over its budget of "
                            f"{BUDGETS[key]} ({ours:.3f} s against {theirs:.3f} s)")
        over += [f"FAILED: {failure.splitlines()[0].rstrip(':')}" for failure in size["failures"]]
        runs = size["runs"]
        alone = {key: statistics.median(r["radicale"][key] for r in runs) for key in runs[0]["radicale"]}
        notes.append(
            f"{cards} cards, {len(runs)} runs: first sync ours {each(runs, 'ours', 'first')} s, vdirsyncer "
            f"{each(runs, 'theirs', 'first')} s (of which discover {each(runs, 'theirs', 'discover')} s); "
            f"nothing changed ours {each(runs, 'ours', 'unchanged', 3)} s, vdirsyncer "
            f"{each(runs, 'theirs', 'unchanged', 3)} s. Radicale alone (curl, median): sync-collection of the "
            f"whole book {alone['listing']:.3f} s, from its token {alone['unchanged']:.3f} s, PROPFIND of the "
            f"ETags {alone['etags']:.3f} s. Seeding and warming Radicale {size['warmed']:.0f} s, all "
            f"{size['seconds']:.0f} s.")
    print(f"mvvm-tui sync-compare: {binary} against vdirsyncer {VDIRSYNCER}, Radicale on loopback, {mode}; "
          "medians of the runs; ratio = median of the runs' ours / vdirsyncer; a failed sync fails")
    print_table(header, rows, notes)
    print(f"took {time.perf_counter() - started:.0f} s")
    for line in over:
        print(f"sync-compare: {'' if line.startswith('FAILED') else 'OVER BUDGET: '}{line}", file=sys.stderr)
    if args.markdown:
        lines = ["## Against vdirsyncer", "", f"Machine: {perf.machine_line(binary)}", "",
                 "Command: `python3 " + " ".join(sys.argv) + f"` (medians of the runs; vdirsyncer "
                 f"{VDIRSYNCER}; {mode})", "",
                 "| " + " | ".join(header) + " |", "|---:|---:|---:|---:|---|---|---:|---:|---:|---|---|"]
        lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
        lines += [""] + notes
        Path(args.markdown).write_text("\n".join(lines) + "\n")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
