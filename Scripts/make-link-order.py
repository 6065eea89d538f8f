#!/usr/bin/env python3
"""Write the order in which the release link lays out the functions a session runs.

A terminal app touches little of its code, but the kernel maps code in 64 KB runs around each
touched page, so functions scattered across 17 MB of text keep most of it resident. Placing the
functions a session runs next to each other shrinks the resident code (Docs/Performance.md).

    python3 Scripts/make-link-order.py --binary .build/release/mvvm-tui \
        --map .build/mvvm-tui.map --output Scripts/link-order.txt

`make link-order` builds the map and runs this. The script copies the binary without its debug
information (valgrind cannot read Swift's) and runs it twice under callgrind in a 100x30 tmux
window: a first launch on an empty data directory, which creates the database and quits, then a
scripted session on every tab over the database that launch left, as a returning user starts.
It collects every function that ran, the session's first in the order they ran, then the first
launch's others, and keeps the first one of each input section the linker map names: lld moves
whole sections, so one name each is enough. Names that later vanish are skipped by the linker,
so a stale file costs memory, not correctness.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# (keys, seconds to wait afterwards under callgrind). Tab through every screen and use each one.
SESSION = [
    (["Tab"], 4), (["Down"], 2), (["Tab"], 4), (["-l", "star"], 3), (["Down"], 2),
    (["Tab"], 4), (["-l", "1"], 1), (["-l", "a"], 2), (["Tab"], 4), (["NPage"], 2),
    (["-l", "s"], 2), (["-l", "?"], 2), (["Escape"], 1), (["Tab"], 3), (["-l", "Paris"], 3),
    (["Enter"], 3), (["Escape"], 1), (["-l", "u"], 2), (["q"], 0),
]


# The first launch only opens (on Weather, creating the database) and quits (its input line has
# the focus, so with Ctrl-C).
FIRST_LAUNCH = [(["C-c"], 0)]


def strip_copy(binary, workdir):
    """A copy of `binary` without debug information, beside its resources, in `workdir`."""
    stripped = workdir / "mvvm-tui"
    shutil.copy(binary, stripped)
    subprocess.run(["strip", "--strip-debug", str(stripped)], check=True)
    for resources in Path(binary).parent.glob("*.resources"):
        shutil.copytree(resources, workdir / resources.name)
    return stripped


def run_session(stripped, workdir, session, name):
    """Runs `stripped` under callgrind through `session` on `workdir`/data; returns its output."""
    out = workdir / f"{name}.callgrind"
    socket = f"link-order-{os.getpid()}"
    command = (f"valgrind --tool=callgrind --demangle=no --compress-strings=no "
               f"--callgrind-out-file={out} {stripped} --offline --data-dir {workdir / 'data'} "
               f"2>{workdir / (name + '.log')}")
    tmux = ["tmux", "-L", socket]
    subprocess.run(tmux + ["new-session", "-d", "-x", "100", "-y", "30", command], check=True)
    try:
        deadline = time.time() + 120
        while "Weather" not in subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True,
                                              text=True).stdout:
            if time.time() > deadline:
                sys.exit("the program did not draw its first frame under callgrind in 120 s")
            time.sleep(1)
        time.sleep(5)
        for keys, wait in session:
            subprocess.run(tmux + ["send-keys"] + keys, check=True)
            time.sleep(wait)
        deadline = time.time() + 120
        while not out.exists() or subprocess.run(tmux + ["has-session"],
                                                 capture_output=True).returncode == 0:
            if time.time() > deadline:
                sys.exit(f"callgrind did not finish; see {workdir / (name + '.log')}")
            time.sleep(1)
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)
    return out


def functions_that_ran(callgrind_out, binary_name):
    """Function names of the program's own object, in the order callgrind first met them."""
    names, seen, in_binary = [], set(), False
    with open(callgrind_out, errors="replace") as lines:
        for line in lines:
            if line.startswith("ob="):
                in_binary = line[3:].strip().endswith("/" + binary_name)
            elif line.startswith("fn=") and in_binary:
                name = re.sub(r"'\d+$", "", line[3:].strip())
                if name not in seen and not name.startswith("0x"):
                    seen.add(name)
                    names.append(name)
    return names


def first_name_per_section(names, map_file):
    """Keeps one name per input text section of lld's map, in the order of `names`."""
    section_of, section = {}, None
    with open(map_file, errors="replace") as lines:
        for line in lines:
            fields = line.split()
            if len(fields) >= 5 and ":(" in fields[-1]:
                section = fields[-1] if ":(.text" in fields[-1] else None
            elif len(fields) == 5 and section is not None:
                section_of.setdefault(fields[-1], section)
    kept, placed = [], set()
    for name in names:
        owner = section_of.get(name)
        if owner is not None and owner not in placed:
            placed.add(owner)
            kept.append(name)
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--map", required=True, help="lld's -Map output for the same link")
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    for tool in ("valgrind", "tmux", "strip"):
        if shutil.which(tool) is None:
            sys.exit(f"make-link-order needs {tool}: apt-get install {'binutils' if tool == 'strip' else tool}")
    with tempfile.TemporaryDirectory(prefix="link-order-") as temp:
        stripped = strip_copy(args.binary, Path(temp))
        first = run_session(stripped, Path(temp), FIRST_LAUNCH, "first-launch")
        again = run_session(stripped, Path(temp), SESSION, "session")
        names = functions_that_ran(again, "mvvm-tui")
        ran_in_session = set(names)
        names += [name for name in functions_that_ran(first, "mvvm-tui") if name not in ran_in_session]
    kept = first_name_per_section(names, args.map)
    header = ("# Functions a scripted session runs, one per input section, in the order they first "
              "ran.\n# Written by Scripts/make-link-order.py (make link-order); read by the release "
              "link.\n")
    Path(args.output).write_text(header + "\n".join(kept) + "\n")
    print(f"{len(names)} functions ran; {len(kept)} sections written to {args.output}")


if __name__ == "__main__":
    main()
