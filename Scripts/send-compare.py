#!/usr/bin/env python3
"""People's sync sending an imported book to an empty one, side by side with vdirsyncer 0.21 from
the same cards, on Radicale on loopback, directly and through a proxy that adds a network's 50 ms
round trip (Scripts/delay_proxy.py, an HTTP proxy that keeps the client's connections alive, as
nginx in front of a server across the internet does), in one run: each figure is stated as a ratio to vdirsyncer's
time in the same run, so that a busy or slow machine slows both and fails neither (issue 50).

The script starts Radicale (Scripts/radicale_books.py) with no cards and its storage in memory
(/dev/shm; `--on-disk` for the temporary folder: Radicale syncs each card it writes to the disk
under its lock, and on a machine whose disk other programs keep busy that wait, 30 ms a card and
more, the same for both clients, sets the pace of both), writes N cards (`--cards`,
300 by default; the cards Scripts/sync-perf.py uses) to a vCard file and as N `.vcf` files, and
starts the proxy in front of Radicale. Then, for each way to the server (loopback, then the proxy)
and each run (`--runs`, 3 by default), the two clients taking turns to go first, each sends the N
cards to an empty book of its own:

- the program: `mvvm-tui people --import FILE` into an empty data folder (not timed), then
  `mvvm-tui people --sync` with the book's URL in MVVM_TUI_PEOPLE_API and the user and password
  in MVVM_TUI_PEOPLE_USER and MVVM_TUI_PEOPLE_PASSWORD, timed from exec to exit (its discovery
  of the book, its pull of the empty book and its printout included);
- vdirsyncer: a `filesystem` storage (`fileext = ".vcf"`) holding the N files, paired with a
  `carddav` storage on the book's URL (`collections = null`); `vdirsyncer discover` (not timed,
  shown apart), then `vdirsyncer sync`, timed.

After each, the book must hold N cards (and the program's outbox be empty), else the run fails.
Each ratio is the median of the runs' own ratios (ours / vdirsyncer's), held to its budget: on
loopback ≤ 0.8, through the proxy ≤ 0.4. For information: the connections the proxy took from
each client, and Radicale's own floor, the N PUTs sent one after the other by one curl.
Exit status 1 when a ratio is over its budget or a run fails; 2 when the script cannot run.

vdirsyncer runs from the virtual environment Scripts/sync-compare.py makes (`.build/bench-venv`,
`--venv`).

    python3 Scripts/send-compare.py [--binary PATH] [--cards 300] [--runs 3] [--round-trip-ms 50]
                                    [--in-flight N] [--on-disk] [--venv DIR] [--markdown FILE]
"""
import argparse
import importlib.util
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import perf  # noqa: E402  (executable, machine_line, REPO)
from radicale_books import PASSWORD, USER, Radicale, card  # noqa: E402

_spec = importlib.util.spec_from_file_location("sync_compare", HERE / "sync-compare.py")
sync_compare = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sync_compare)
Failed, timed, ensure_vdirsyncer, VDIRSYNCER = (sync_compare.Failed, sync_compare.timed,
                                                 sync_compare.ensure_vdirsyncer, sync_compare.VDIRSYNCER)

BUDGETS = {"loopback": 0.8, "proxy": 0.4}   # ours / vdirsyncer's, in the same run (issue 50)


class DelayProxy:
    """Scripts/delay_proxy.py in front of `port`, counting the connections it takes."""

    def __init__(self, port, round_trip_ms, folder):
        self.count_file = folder / "proxy-connections"
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "delay_proxy.py"), "--target", f"127.0.0.1:{port}",
             "--round-trip-ms", str(round_trip_ms), "--count-file", str(self.count_file)],
            stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline().strip()
        if not line.isdigit():
            self.stop()
            raise RuntimeError("the delay proxy did not start")
        self.port = int(line)

    def connections(self):
        try:
            return int(self.count_file.read_text().strip() or 0)
        except (OSError, ValueError):
            return 0

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def make_book(server, name):
    """An empty address book `name` in Radicale's storage; its URL on `server`'s port."""
    folder = server.storage / "collection-root" / USER / name
    folder.mkdir(parents=True)
    (folder / ".Radicale.props").write_text('{"D:displayname": "%s", "tag": "VADDRESSBOOK"}' % name)
    return folder


def held(folder):
    return sum(1 for _ in folder.glob("*.vcf"))


def outbox(database):
    try:
        with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=5)) as connection:
            return connection.execute("SELECT COUNT(*) FROM outbox").fetchone()[0]
    except sqlite3.Error:
        return -1


def ours(binary, cards_file, url, folder, cards, in_flight):
    """The program's send of the imported cards: seconds from exec to exit."""
    data = Path(tempfile.mkdtemp(prefix="mvvm-tui-send-compare-"))
    try:
        environment = dict(os.environ, HOME=str(data), MVVM_TUI_PEOPLE_API=url, MVVM_TUI_PEOPLE_USER=USER,
                           MVVM_TUI_PEOPLE_PASSWORD=PASSWORD)
        if in_flight:
            environment["MVVM_TUI_PEOPLE_REQUESTS_IN_FLIGHT"] = str(in_flight)
        log = data / "send.log"
        timed("mvvm-tui people --import", [binary, "people", "--import", cards_file, "--data-dir", data],
              environment, log, stdout=subprocess.DEVNULL)
        seconds = timed("mvvm-tui people --sync", [binary, "people", "--sync", "--data-dir", data], environment, log,
                        stdout=subprocess.DEVNULL)
        waiting = outbox(data / "mvvm-tui.sqlite")
        if held(folder) != cards or waiting != 0:
            raise Failed(f"the program left {held(folder)} cards of {cards} on the server, {waiting} waiting:\n"
                         + log.read_text(errors="replace")[-1500:])
        return {"send": seconds}
    finally:
        shutil.rmtree(data, ignore_errors=True)


def theirs(vdirsyncer, cards_folder, url, folder, cards):
    """vdirsyncer's send of the same cards: {discover, send} in seconds."""
    work = Path(tempfile.mkdtemp(prefix="mvvm-tui-send-compare-vdirsyncer-"))
    try:
        shutil.copytree(cards_folder, work / "local")
        (work / "config").write_text(f"""[general]
status_path = "{work}/status/"

[pair people]
a = "people_local"
b = "people_remote"
collections = null

[storage people_local]
type = "filesystem"
path = "{work}/local/"
fileext = ".vcf"

[storage people_remote]
type = "carddav"
url = "{url}"
username = "{USER}"
password = "{PASSWORD}"
""")
        environment = dict(os.environ, HOME=str(work), XDG_CONFIG_HOME=str(work), VDIRSYNCER_CONFIG=str(work / "config"))
        log = work / "vdirsyncer.log"
        discover = timed("vdirsyncer discover", [vdirsyncer, "discover"], environment, log, answers="y\n" * 4)
        seconds = timed("vdirsyncer sync", [vdirsyncer, "sync"], environment, log)
        if held(folder) != cards:
            raise Failed(f"vdirsyncer left {held(folder)} cards of {cards} on the server:\n"
                         + log.read_text(errors="replace")[-1500:])
        return {"send": seconds, "discover": discover}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def radicale_floor(server, url_base, cards_folder):
    """Radicale's own time for the N PUTs, sent one after the other by one curl (Radicale's own
    server answers in HTTP/1.0 and closes each connection, so each PUT is a connection)."""
    name = "floor"
    make_book(server, name)
    lines = []
    for index, path in enumerate(sorted(cards_folder.glob("*.vcf"))):
        if index:
            lines.append("next")
        # The body in the config, as the program sends it: read from a file (`upload-file`), it went
        # to Radicale in two writes, and each PUT waited some 40 ms for Radicale's delayed ACK.
        body = path.read_text().replace("\\", "\\\\").replace('"', '\\"').replace("\r", "\\r").replace("\n", "\\n")
        lines += ["silent", "show-error", "output = /dev/null", 'request = "PUT"', f'data-raw = "{body}"',
                  'header = "Expect:"',
                  f'user = "{USER}:{PASSWORD}"', 'header = "Content-Type: text/vcard; charset=utf-8"',
                  'header = "If-None-Match: *"', f'url = "{url_base}{name}/{path.name}"']
    started = time.perf_counter()
    subprocess.run(["curl", "--disable", "--config", "-"], input="\n".join(lines) + "\n", text=True, check=True)
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(perf.REPO / ".build/release/mvvm-tui"))
    parser.add_argument("--cards", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--round-trip-ms", type=float, default=50.0)
    parser.add_argument("--in-flight", type=int, help="the program's requests in flight (default its own: 4)")
    parser.add_argument("--venv", default=str(perf.REPO / ".build/bench-venv"))
    parser.add_argument("--on-disk", action="store_true",
                        help="Radicale's storage in the temporary folder rather than in /dev/shm")
    parser.add_argument("--markdown", metavar="FILE")
    args = parser.parse_args()
    binary = perf.executable(args.binary, "send-compare")
    if binary is None:
        return 2
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="mvvm-tui-send-compare-cards-"))
    server = proxy = None
    results = {"loopback": [], "proxy": []}
    failures, connections, floors = [], {"ours": [], "theirs": []}, {}
    try:
        vdirsyncer = ensure_vdirsyncer(Path(args.venv).absolute())
        texts = [card(number) for number in range(1, args.cards + 1)]
        cards_file = work / "cards.vcf"
        cards_file.write_text("".join(texts), newline="")
        cards_folder = work / "cards"
        cards_folder.mkdir()
        for number, text in enumerate(texts, start=1):
            (cards_folder / f"sync-perf-{number:05d}.vcf").write_text(text, newline="")
        server = Radicale(in_memory=not args.on_disk)
        (server.storage / "collection-root" / USER).mkdir(parents=True)
        server.start()
        proxy = DelayProxy(server.port, args.round_trip_ms, work)
        bases = {"loopback": f"http://127.0.0.1:{server.port}/{USER}/",
                 "proxy": f"http://127.0.0.1:{proxy.port}/{USER}/"}
        for way in ("loopback", "proxy"):
            floors[way] = radicale_floor(server, bases[way], cards_folder) if way == "loopback" else None
            for run in range(args.runs):
                result = {}
                clients = ("theirs", "ours") if run % 2 == 0 else ("ours", "theirs")
                for client in clients:
                    name = f"{client}-{way}-{run}"
                    folder = make_book(server, name)
                    url = f"{bases[way]}{name}/"
                    before = proxy.connections()
                    try:
                        if client == "ours":
                            result[client] = ours(binary, cards_file, url, folder, args.cards, args.in_flight)
                        else:
                            result[client] = theirs(vdirsyncer, cards_folder, url, folder, args.cards)
                    except Failed as failure:
                        result[client] = None
                        failures.append(f"{way}, run {run + 1}, {client}: {failure}")
                        print(f"send-compare: {failures[-1]}", file=sys.stderr, flush=True)
                    if way == "proxy":
                        connections[client].append(proxy.connections() - before)
                results[way].append(result)
                print(f"  {way}, run {run + 1} of {args.runs}: ours {seconds(result['ours'])}, vdirsyncer "
                      f"{seconds(result['theirs'])}", flush=True)
    except (RuntimeError, subprocess.CalledProcessError) as failure:
        print(f"send-compare: {failure}", file=sys.stderr)
        return 2
    finally:
        if proxy:
            proxy.stop()
        if server:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)

    header = ("way to the server", "ours (s)", "vdirsyncer (s)", "ms a card, ours", "ms a card, vdirsyncer", "ratio",
              "budget", "result")
    rows, over = [], []
    for way in ("loopback", "proxy"):
        complete = [r for r in results[way] if r.get("ours") and r.get("theirs")]
        label = "loopback" if way == "loopback" else f"proxy, {args.round_trip_ms:.0f} ms round trip"
        if not complete:
            rows.append((label, "-", "-", "-", "-", "-", f"<= {BUDGETS[way]}", "FAIL"))
            continue
        mine = statistics.median(r["ours"]["send"] for r in complete)
        their = statistics.median(r["theirs"]["send"] for r in complete)
        ratio = statistics.median(r["ours"]["send"] / r["theirs"]["send"] for r in complete)
        failed = any(f.startswith(way) for f in failures)
        verdict = "FAIL" if failed else "OVER" if ratio > BUDGETS[way] else "ok"
        if verdict == "OVER":
            over.append(f"{label}: ours / vdirsyncer = {ratio:.2f}, over its budget of {BUDGETS[way]}")
        rows.append((label, f"{mine:.2f}", f"{their:.2f}", f"{1000 * mine / args.cards:.1f}",
                     f"{1000 * their / args.cards:.1f}", f"{ratio:.2f}", f"<= {BUDGETS[way]}", verdict))
    notes = []
    for way in ("loopback", "proxy"):
        runs = results[way]
        notes.append(f"{way}, {len(runs)} runs: ours " + ", ".join(seconds(r.get("ours")) for r in runs)
                     + "; vdirsyncer " + ", ".join(seconds(r.get("theirs")) for r in runs) + " (discover "
                     + ", ".join("-" if not r.get("theirs") else f"{r['theirs']['discover']:.2f} s" for r in runs) + ")")
    notes.append(f"connections through the proxy, a run: ours {connections['ours']}, vdirsyncer {connections['theirs']}")
    notes.append(f"Radicale alone, the {args.cards} PUTs one after the other by one curl on loopback: "
                 f"{floors['loopback']:.2f} s ({1000 * floors['loopback'] / args.cards:.1f} ms a card)")
    print(f"mvvm-tui send-compare: {binary} against vdirsyncer {VDIRSYNCER}, {args.cards} new cards to an empty "
          f"Radicale book; medians of {args.runs} runs; ratio = median of the runs' ours / vdirsyncer")
    sync_compare.print_table(header, rows, notes)
    print(f"took {time.perf_counter() - started:.0f} s")
    for line in over:
        print(f"send-compare: OVER BUDGET: {line}", file=sys.stderr)
    for failure in failures:
        print(f"send-compare: FAILED: {failure.splitlines()[0].rstrip(':')}", file=sys.stderr)
    if args.markdown:
        lines = ["## Sending against vdirsyncer", "", f"Machine: {perf.machine_line(binary)}", "",
                 "Command: `python3 " + " ".join(sys.argv) + "`", "",
                 "| " + " | ".join(header) + " |", "|---|---:|---:|---:|---:|---:|---|---|"]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        lines += [""] + notes
        Path(args.markdown).write_text("\n".join(lines) + "\n")
    return 1 if over or failures else 0


def seconds(figures):
    return "failed" if not figures else f"{figures['send']:.2f} s"


if __name__ == "__main__":
    sys.exit(main())
