#!/usr/bin/env python3
"""The Swift examples in doc comments compile: part of `make test`, after the debug build.

Every ```swift block inside a `///` comment under Sources/ becomes the body of a function of its
own, `@MainActor async throws`, in one generated file (.build/doc-examples/Examples.swift) that
`@testable import`s every module of ours. That file is type-checked (`swiftc -typecheck`, no code
generated) against the modules the debug build left in .build, with the flags the build gave the
executable's module, read from SwiftPM's build manifest (.build/debug.yaml). A `#sourceLocation`
before each body makes the compiler name the source file and the line of the example itself.

An example stands alone: it declares what it uses, as values or as the parameters of a function
of its own. The few that cannot yet are in ALLOWED below, each with its reason.

Usage: python3 Scripts/check-doc-examples.py [--swiftc PATH]
"""

import argparse
import json
import pathlib
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ["Binding", "Models", "Screens", "Services", "Renderer", "InputDecoding", "Terminal"]

# Examples not checked, each by its file and its first line, with why: one whose first line
# changes is checked again. Every example stands alone today, so none is.
ALLOWED: dict = {}


OPENING = re.compile(r"^\s*///\s?```swift\s*$")
CLOSING = re.compile(r"^\s*///\s?```\s*$")


def examples(root):
    """Each example as (path from the root, line of its first line, its lines)."""
    found = []
    for path in sorted((root / "Sources").rglob("*.swift")):
        lines = path.read_text(encoding="utf-8").split("\n")
        number = 0
        while number < len(lines):
            if OPENING.match(lines[number]):
                first = number + 1
                body = []
                number += 1
                while number < len(lines) and not CLOSING.match(lines[number]):
                    if not lines[number].strip().startswith("///"):
                        sys.exit(f"{path.relative_to(root)}:{first}: the example's comment ends before its closing ```")
                    # `///` becomes spaces, so that the compiler's columns are the comment's.
                    body.append(re.sub(r"^(\s*)///", lambda match: match.group(1) + "   ", lines[number]))
                    number += 1
                found.append((str(path.relative_to(root)), first + 1, body))
            number += 1
    return found


def build_flags(root):
    """The search paths and settings the debug build compiled the executable's module with."""
    manifest = root / ".build" / "debug.yaml"
    if not manifest.exists():
        sys.exit("check-doc-examples: no .build/debug.yaml: build first (swift build)")
    command = None
    for line in manifest.read_text(encoding="utf-8").split("\n"):
        if re.match(r'^  "C\.mvvm-tui-(?!bench-)[\w.-]*-debug\.module":', line):
            command = line
        elif command and line.strip().startswith("args:"):
            args = json.loads(line.strip()[len("args:"):])
            if args[args.index("-module-name") + 1] == "mvvm_tui":
                break
            command = None
        elif command and not line.startswith("    "):
            command = None
    else:
        sys.exit("check-doc-examples: .build/debug.yaml compiles no module mvvm_tui: build first (swift build)")
    flags = []
    kept = {"-I", "-target", "-Xcc", "-module-cache-path", "-swift-version", "-D", "-package-name"}
    position = 0
    while position < len(args):
        if args[position] in kept and position + 1 < len(args):
            flags += args[position : position + 2]
            position += 2
        else:
            position += 1
    return args[0], flags


def generated(found):
    """The file that holds every example checked, each in a function of its own."""
    text = ["// Written by Scripts/check-doc-examples.py from the doc comments' examples; not kept.", "import Foundation"]
    text += [f"@testable import {module}" for module in MODULES]
    text += ["import Testing", ""]
    for index, (path, line, body) in enumerate(found):
        text.append(f"@MainActor func example{index}() async throws {{")
        text.append(f'#sourceLocation(file: "{path}", line: {line})')
        text += body
        text.append("#sourceLocation()")
        text.append("}")
    return "\n".join(text) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--swiftc", help="the compiler (default: the one the build used)")
    options = parser.parse_args()
    started = time.monotonic()
    swiftc, flags = build_flags(ROOT)
    every = examples(ROOT)
    checked, skipped = [], []
    for example in every:
        key = (example[0], example[2][0].strip() if example[2] else "")
        (skipped if key in ALLOWED else checked).append(example)
    unused = set(ALLOWED) - {(path, body[0].strip() if body else "") for path, _, body in every}
    for path, first in sorted(unused):
        print(f"check-doc-examples: note: the allow-list names an example that is gone: {path}: {first}")
    folder = ROOT / ".build" / "doc-examples"
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "Examples.swift"
    source.write_text(generated(checked), encoding="utf-8")
    command = [options.swiftc or swiftc, "-typecheck", "-suppress-warnings", *flags, str(source)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        errors = re.findall(r"^(Sources/[^:\n]+):(\d+):\d+: error", result.stderr, re.M)
        wrong = {(path, int(line)) for path, line in errors}
        failing = [
            f"{path}:{first}"
            for path, first, body in checked
            if any(path == place and first <= line < first + len(body) for place, line in wrong)
        ]
        sys.exit(
            f"check-doc-examples: {len(failing)} of the {len(checked)} examples checked do not compile "
            f"(each named by its first line; the compiler's errors are above): {', '.join(failing) or 'see above'}"
        )
    print(f"check-doc-examples: {len(checked)} examples compile, {len(skipped)} allowed not to ({seconds:.1f} s)")


if __name__ == "__main__":
    main()
