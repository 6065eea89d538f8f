"""Radicale, the CardDAV server the tests use (Tests/TestSupport/RadicaleServer.swift), for the
scripts that measure the program against it: Scripts/sync-perf.py, Scripts/sync-cpu.py,
Scripts/import-cpu.py (through Scripts/program_cpu.py), Scripts/sync-compare.py and
Scripts/idle-after-request.py.
It runs on a free port of 127.0.0.1 over a temporary folder; its books are written directly."""
import json
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

USER, PASSWORD, BOOK = "ada", "correct horse", "contacts"
GIVEN = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Niklaus",
         "Radia", "John", "Sophie", "Tony", "Hedy", "Dennis", "Katherine", "Claude", "Mary", "Linus"]
FAMILY = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Hamilton",
          "Wirth", "Perlman", "Backus", "Wilson", "Hoare", "Lamarr", "Ritchie", "Johnson", "Shannon",
          "Kenneth", "Torvalds", "Babbage", "Church", "Goldberg", "Kay", "Lamport", "McCarthy", "Naur",
          "Pike", "Stroustrup", "Wozniak"]
START_LIMIT = 10.0   # the longest Radicale's port is waited for


def card(number):
    """The vCard of card `number`: 3.0 and 4.0 by turns; every fifth with X- properties."""
    given, family = GIVEN[number % len(GIVEN)], f"{FAMILY[number % len(FAMILY)]}{number:05d}"
    year, month, day = 1940 + number % 60, 1 + number % 12, 1 + number % 28
    version4 = number % 2 == 0
    lines = ["BEGIN:VCARD", "VERSION:4.0" if version4 else "VERSION:3.0", f"UID:sync-perf-{number:05d}",
             f"FN:{given} {family}", f"N:{family};{given};;;",
             f"BDAY:{year}{month:02d}{day:02d}" if version4 else f"BDAY:{year}-{month:02d}-{day:02d}",
             f"EMAIL;TYPE=home:{given.lower()}{number}@example.org"]
    if number % 5 == 0:
        lines += [f"X-PHONETIC-LAST-NAME:{family.upper()}", "X-ABLABEL:colleague",
                  f"X-SOCIALPROFILE;TYPE=mastodon:https://example.social/@{given.lower()}{number}"]
    return "\r\n".join(lines + ["END:VCARD"]) + "\r\n"


class Radicale:
    """Radicale on a free port of 127.0.0.1, over a temporary folder laid out as
    Tests/TestSupport/RadicaleServer.swift lays it out: the configuration, a plain htpasswd file,
    the log, and the storage, whose books are `collection-root/<user>/<book>/`. With `in_memory`,
    the folder is in /dev/shm, where a write waits for no disk."""

    def __init__(self, in_memory=False):
        memory = "/dev/shm" if in_memory and Path("/dev/shm").is_dir() else None
        self.folder = Path(tempfile.mkdtemp(prefix="mvvm-tui-sync-perf-radicale-", dir=memory))
        self.storage = self.folder / "storage"
        self.storage.mkdir()
        (self.folder / "users").write_text(f"{USER}:{PASSWORD}\n")
        self.process = None

    def book_folder(self):
        return self.storage / "collection-root" / USER / BOOK

    def root_url(self):
        return f"http://127.0.0.1:{self.port}/"

    def book_url(self):
        return f"{self.root_url()}{USER}/{BOOK}/"

    def seed(self, count):
        """Makes the book (its `.Radicale.props`) and writes `<uid>.vcf` for each card."""
        book = self.book_folder()
        book.mkdir(parents=True)
        (book / ".Radicale.props").write_text(json.dumps({"D:displayname": "Contacts", "tag": "VADDRESSBOOK"}))
        for number in range(1, count + 1):
            (book / f"sync-perf-{number:05d}.vcf").write_text(card(number), newline="")

    def start(self):
        """Starts Radicale and returns once its port answers; raises RuntimeError with the log's tail."""
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        config = self.folder / "radicale.conf"
        config.write_text(f"""[server]
hosts = 127.0.0.1:{self.port}

[auth]
type = htpasswd
htpasswd_filename = {self.folder / "users"}
htpasswd_encryption = plain
delay = 0

[rights]
type = owner_only

[storage]
filesystem_folder = {self.storage}

[web]
type = none

[logging]
level = warning
""")
        log = open(self.folder / "radicale.log", "wb")
        self.process = subprocess.Popen([sys.executable, "-m", "radicale", "--config", str(config)],
                                        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.perf_counter() + START_LIMIT
        while time.perf_counter() < deadline:
            if self.process.poll() is not None:
                break
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        tail = (self.folder / "radicale.log").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"Radicale did not answer on port {self.port}:\n{tail}")

    def stop(self):
        """Ends Radicale (SIGTERM, then SIGKILL after 5 s) and removes the folder."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def report(self, url, body, depth="1", method="REPORT"):
        """One REPORT (or `method`) by curl, as the program sends it; returns (seconds, the answer's text)."""
        started = time.perf_counter()
        answer = subprocess.run(
            ["curl", "-sS", "--fail", "-u", f"{USER}:{PASSWORD}", "-X", method, "-H", f"Depth: {depth}",
             "-H", "Content-Type: application/xml; charset=utf-8", "--data-binary", body, url],
            capture_output=True, text=True, check=True).stdout
        return time.perf_counter() - started, answer


def warm(server, url):
    """Asks Radicale what a sync will ask, twice, so that its first answer is not timed cold: the
    first `sync-collection` after the cards are written parses every card and fills Radicale's
    item cache, which takes it seconds for thousands of cards."""
    for _ in range(2):
        _, answer = server.report(url, sync_collection(""))
        hrefs = re.findall(r"<(?:\w+:)?href>([^<]+\.vcf)</(?:\w+:)?href>", answer)
        for start in range(0, len(hrefs), 100):
            server.report(url, multiget(hrefs[start:start + 100]), depth="0")


def sync_collection(token, with_cards=False):
    """A sync-collection report from `token`; with the cards' text (address-data) as the program
    asks it, or with ETags alone."""
    properties = "<d:getetag/><c:address-data/>" if with_cards else "<d:getetag/>"
    return ('<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:" '
            'xmlns:c="urn:ietf:params:xml:ns:carddav">'
            f'<d:sync-token>{token}</d:sync-token><d:sync-level>1</d:sync-level>'
            f'<d:prop>{properties}</d:prop></d:sync-collection>')


def multiget(hrefs):
    return ('<?xml version="1.0" encoding="utf-8"?><c:addressbook-multiget xmlns:d="DAV:" '
            'xmlns:c="urn:ietf:params:xml:ns:carddav"><d:prop><d:getetag/><c:address-data/></d:prop>'
            + "".join(f"<d:href>{href}</d:href>" for href in hrefs) + "</c:addressbook-multiget>")


DISCOVERY = ('<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:carddav">'
             "<d:prop><d:resourcetype/><d:displayname/><d:current-user-principal/><c:addressbook-home-set/>"
             "<d:supported-report-set/></d:prop></d:propfind>")
