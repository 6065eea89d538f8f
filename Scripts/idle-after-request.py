#!/usr/bin/env python3
"""Counts the wake-ups of the program after it has run curl: idle windows after a people sync.

Starts a people server on loopback (it answers every GET with one person), starts the binary on
a 100x30 pseudo-terminal on the People tab with `--people-api` pointing at it, waits while the
sync runs curl, then measures idle windows: each thread's context switches (a thread that exits
in a window counts 1), as `make perf` measures idle.

    python3 Scripts/idle-after-request.py [--binary PATH] [--windows N] [--seconds S]
"""
import argparse
import http.server
import os
import select
import socketserver
import tempfile
import threading
import time
from pathlib import Path

import perf

PERSON = b'[{"id":"ada","firstName":"Ada","lastName":"Lovelace","birthday":"1815-12-10"}]'


class PeopleServer(http.server.BaseHTTPRequestHandler):
    requests = []

    def do_GET(self):
        PeopleServer.requests.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(PERSON)))
        self.end_headers()
        self.wfile.write(PERSON)

    def log_message(self, *arguments):
        pass


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

    server = socketserver.TCPServer(("127.0.0.1", 0), PeopleServer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    data = tempfile.mkdtemp(prefix="mvvm-tui-idle-")
    people_api = f"http://127.0.0.1:{server.server_address[1]}/"
    pid, master, _ = perf.start_child(args.binary, data, ["--tab", "people", "--people-api", people_api], offline=False)
    try:
        drain(master, 4.0)
        print(f"requests: {PeopleServer.requests}")
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
        server.shutdown()


if __name__ == "__main__":
    main()
