#!/usr/bin/env python3
"""What the release binary's bytes are: each library's share of each section, from lld's link map.

`make size` links the release binary with `-Map` and runs this on the map:

    python3 Scripts/binary-size.py --map .build/mvvm-tui.map [--binary .build/release/mvvm-tui] [--markdown FILE]

A library is the archive an input section came from (lib_FoundationICU.a, libc.a, ...); the
package's own modules and its dependencies' (compiled by the build, one folder a module under
.build) are named by module; what lld makes itself (the strings and constants it merges from
every input, .eh_frame_hdr, the GOT, relocations) is "(made by the linker)". Sections are
grouped as a stripped program holds them: code (.text and its neighbours), read-only data
(.rodata, .data.rel.ro, Swift's metadata sections), writable data, unwinding tables (.eh_frame,
.eh_frame_hdr, .gcc_except_table) and relocations; .bss takes no room in the file and is left
out, as are debug sections and the symbol table, which `strip` removes. With --binary, the
sizes of the file before and after `strip` are printed too.
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

# One line of an lld map: VMA, LMA, size, alignment, then the output section (one space in),
# an input section (nine in) or a symbol (seventeen in).
LINE = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$")

CODE = {".text", ".init", ".fini", ".plt", ".iplt", "__libc_freeres_fn"}
UNWIND = {".eh_frame", ".eh_frame_hdr", ".gcc_except_table"}
RELOCATIONS = {".rela.dyn", ".relr.dyn", ".rela.plt", ".dynsym", ".dynstr", ".gnu.hash", ".dynamic"}
WRITABLE = {".data", ".got", ".got.plt", ".tdata", ".init_array", ".fini_array", ".tm_clone_table",
            "__libc_subfreeres", "__libc_IO_vtables", "__libc_atexit", ".cfstr.data", "swift5_backtrace"}
NOT_IN_FILE = {".bss", ".tbss", "__libc_freeres_ptrs", ".relro_padding"}
GROUPS = ["code", "read-only data", "writable data", "unwinding", "relocations", "other"]


def group_of(section: str) -> str | None:
    """The column a section of the output counts in, or None when a stripped file does not hold it."""
    if section in NOT_IN_FILE or section.startswith((".debug", ".comment", ".symtab", ".strtab", ".shstrtab",
                                                     ".note.stapsdt", ".gnu.warning")):
        return None
    if section in CODE:
        return "code"
    if section in UNWIND:
        return "unwinding"
    if section in RELOCATIONS:
        return "relocations"
    if section in WRITABLE:
        return "writable data"
    if section.startswith((".rodata", ".data.rel.ro", "swift5_", ".swift_modhash", ".lldbsummaries", ".note")):
        return "read-only data"
    return "other"


def library_of(source: str) -> str:
    """The library an input section came from: an archive's name, a module the build compiled, or the linker."""
    path = source.rsplit(":(", 1)[0]
    if path.startswith("<internal>"):
        return "(made by the linker)"
    archive = re.match(r"(.*\.a)\(", path)
    if archive:
        return os.path.basename(archive.group(1))
    module = re.search(r"/([^/]+)\.build/", path)
    if module:
        return module.group(1) + " (built)"
    return os.path.basename(path)


def read_map(path: str) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """Bytes by library and group, and by output section, from the map at `path`."""
    by_library: dict[str, dict[str, int]] = collections.defaultdict(lambda: collections.Counter())
    by_section: dict[str, int] = collections.Counter()
    section = ""
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            match = LINE.match(line)
            if not match:
                continue
            size, indent, name = int(match.group(1), 16), len(match.group(2)), match.group(3)
            if indent == 0:
                section = name
                if group_of(section):
                    by_section[section] += size
            elif indent == 8 and group_of(section):
                by_library[library_of(name)][group_of(section)] += size
    return by_library, by_section


def mib(size: int) -> str:
    return f"{size / 1048576:.2f}"


def report(by_library, by_section, binary: str | None) -> str:
    out = []
    if binary:
        with tempfile.TemporaryDirectory() as folder:
            stripped = os.path.join(folder, "stripped")
            subprocess.run(["strip", "-o", stripped, binary], check=True)
            out.append(f"{binary}: {os.path.getsize(binary):,} bytes, stripped {os.path.getsize(stripped):,} "
                       f"({mib(os.path.getsize(stripped))} MiB)")
            out.append("")
    totals = collections.Counter()
    for groups in by_library.values():
        totals.update(groups)
    out.append("| library | " + " | ".join(GROUPS) + " | total (MiB) |")
    out.append("|---|" + "---:|" * (len(GROUPS) + 1))
    rows = sorted(by_library.items(), key=lambda item: -sum(item[1].values()))
    shown, rest = rows[:20], rows[20:]
    for library, groups in shown:
        out.append(f"| {library} | " + " | ".join(mib(groups[g]) for g in GROUPS) + f" | {mib(sum(groups.values()))} |")
    if rest:
        others = collections.Counter()
        for _, groups in rest:
            others.update(groups)
        out.append(f"| {len(rest)} others | " + " | ".join(mib(others[g]) for g in GROUPS) + f" | {mib(sum(others.values()))} |")
    out.append("| **all** | " + " | ".join(mib(totals[g]) for g in GROUPS) + f" | {mib(sum(totals.values()))} |")
    out.append("")
    out.append("| section | MiB |")
    out.append("|---|---:|")
    for section, size in sorted(by_section.items(), key=lambda item: -item[1]):
        if size >= 65536:
            out.append(f"| {section} | {mib(size)} |")
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", required=True, help="lld's map of the link (-Map=FILE)")
    parser.add_argument("--binary", help="the linked program, to print its size and its size stripped")
    parser.add_argument("--markdown", metavar="FILE", help="also write the tables to FILE")
    arguments = parser.parse_args()
    text = report(*read_map(arguments.map), arguments.binary)
    sys.stdout.write(text)
    if arguments.markdown:
        with open(arguments.markdown, "w", encoding="utf-8") as file:
            file.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
