#!/usr/bin/env bash
# Checks what a make target needs on a Debian machine with Swift, installs the missing Debian
# packages with apt-get when run as root, and otherwise prints the command.
# Usage: Scripts/ensure-deps.sh run|test|perf|link-order|install
#   run         building and running the program (make run, make release)
#   test        the above, and every program the tests run (make test, make check, make leaks,
#               make test-install), with Radicale and Xandikos, the CardDAV servers the CardDAV
#               tests start
#   perf        make perf and make bench: building, tmux and python3 with venv, and from PyPI pyte
#               (the terminal emulator the scripts follow the screen with), Radicale (sync-perf.py)
#               and Xandikos; sync-compare.py installs vdirsyncer into a virtual environment of its own
#   link-order  the above, and valgrind, for make link-order
#   install     make install and make uninstall with the files already built: no Swift needed
set -euo pipefail

purpose=${1:-test}
missing=()

# The lowest Swift the code compiles with: it uses `isolated deinit`, `weak let` and SE-0461
# (nonisolated async functions run on their caller's actor). It is built and tested with 6.3.1.
minimum_swift_major=6
minimum_swift_minor=2

if [ "$purpose" != install ]; then
    if ! command -v swift >/dev/null 2>&1; then
        echo "mvvm-tui: swift is not on PATH; install Swift $minimum_swift_major.$minimum_swift_minor or later from swift.org first." >&2
        exit 1
    fi
    swift_version=$(swift --version 2>/dev/null \
        | sed -n 's/.*Swift version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1.\2/p' | head -n 1)
    swift_major=${swift_version%%.*}
    swift_minor=${swift_version#*.}
    if [ -z "$swift_version" ] || [ "$swift_major" -lt "$minimum_swift_major" ] \
        || { [ "$swift_major" -eq "$minimum_swift_major" ] && [ "$swift_minor" -lt "$minimum_swift_minor" ]; }; then
        echo "mvvm-tui: needs Swift $minimum_swift_major.$minimum_swift_minor or later (it uses isolated deinit, weak let and" >&2
        echo "    SE-0461), but \`swift --version\` says: $(swift --version 2>&1 | head -n 1)" >&2
        echo "    Install Swift $minimum_swift_major.$minimum_swift_minor or later from swift.org and put it first on PATH." >&2
        exit 1
    fi
    if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists ncursesw; }; then
        missing+=(libncurses-dev pkg-config)
    fi
    if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists sqlite3; }; then
        missing+=(libsqlite3-dev)  # GRDB builds against the system SQLite
    fi
    if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists zlib; }; then
        missing+=(zlib1g-dev)  # ZIPFoundation deflates the kept vCards with zlib
    fi
    if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libxml-2.0 liblzma; }; then
        # FoundationXML reads the people server's WebDAV answers with libxml2; the static release
        # build links it with lzma, and its calls to ICU's converters with Foundation's own ICU
        missing+=(libxml2-dev liblzma-dev)
    fi
    if ! command -v nm >/dev/null 2>&1; then
        missing+=(binutils)  # the release link reads libxml2's calls to ICU with nm (Scripts/libxml2-icu-flags.sh)
    fi
    if ! command -v curl >/dev/null 2>&1; then
        missing+=(curl)  # the program fetches over HTTP by running curl, and the tests run it too
    fi
    if ! locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then
        missing+=(locales)  # the program falls back to C.UTF-8 when the environment names no UTF-8 locale
    fi
fi
if [ "$purpose" != run ] && [ "$purpose" != install ]; then
    if ! command -v tmux >/dev/null 2>&1; then
        missing+=(tmux)  # the end-to-end tests and the install test drive the program in tmux
    fi
    if ! command -v python3 >/dev/null 2>&1; then
        missing+=(python3)  # a services test's hostile-disk helper, and the performance script
    fi
fi
if { [ "$purpose" = test ] || [ "$purpose" = perf ]; } && ! python3 -m pip --version >/dev/null 2>&1 \
    && { ! python3 -c 'import radicale' 2>/dev/null || ! python3 -c 'import xandikos' 2>/dev/null \
         || { [ "$purpose" = perf ] && ! python3 -c 'import pyte' 2>/dev/null; }; }; then
    missing+=(python3-pip)  # installs Radicale, Xandikos and pyte, below
fi
if [ "$purpose" = perf ] && command -v python3 >/dev/null 2>&1 && ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    missing+=(python3-venv)  # Scripts/sync-compare.py runs vdirsyncer from a virtual environment it makes (make bench)
fi
if [ "$purpose" = test ]; then
    if ! command -v man >/dev/null 2>&1 || ! command -v groff >/dev/null 2>&1; then
        missing+=(man-db groff-base)  # the install test renders the installed manual page
    fi
    if ! command -v readelf >/dev/null 2>&1 || ! command -v nm >/dev/null 2>&1; then
        missing+=(binutils)  # the install test reads the installed program's sections; the link-order test, its symbols
    fi
    if ! command -v openssl >/dev/null 2>&1; then
        missing+=(openssl)  # the CardDAV tests make a self-signed certificate for Radicale's HTTPS
    fi
fi
if [ "$purpose" = link-order ] && ! command -v valgrind >/dev/null 2>&1; then
    missing+=(valgrind)  # make link-order records a session under callgrind
fi
if { [ "$purpose" = install ] || [ "$purpose" = test ] || [ "$purpose" = link-order ]; } \
    && ! command -v strip >/dev/null 2>&1; then
    missing+=(binutils)  # make install strips the copy it installs; make link-order strips one too
fi

if [ ${#missing[@]} -gt 0 ]; then
    # binutils may be asked for twice; name each package once.
    mapfile -t missing < <(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++')

    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "mvvm-tui: installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
        echo "mvvm-tui: missing ${missing[*]}. Install them with:" >&2
        echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
fi

# After the Debian packages, pip among them.

# Installs the Python package `$1` (a pip requirement) with pip, the system's Python being
# managed or not (--break-system-packages); else says what needs it (`$2`) and the command, and
# exits.
pip_install() {
    python3 -m pip install -q "$1" 2>/dev/null || python3 -m pip install -q --break-system-packages "$1" \
        || { echo "mvvm-tui: $2 need the Python package $1, and pip could not install it:" >&2
             echo "    python3 -m pip install $1" >&2
             exit 1; }
}
if [ "$purpose" = perf ] && command -v python3 >/dev/null 2>&1 && ! python3 -c 'import pyte' 2>/dev/null; then
    # Scripts/import-perf.py and sync-perf.py follow the screen in a terminal emulator written in Python, from PyPI.
    echo "mvvm-tui: installing the Python package pyte for make perf and make bench"
    pip_install pyte "make perf and make bench"
fi

# The CardDAV tests run a real CardDAV server, Radicale (Tests/TestSupport/RadicaleServer.swift),
# from PyPI, as `python3 -m radicale`, and so does Scripts/sync-perf.py (make bench). The version
# the tests were written against, pinned.
radicale_version=3.9.0
if { [ "$purpose" = test ] || [ "$purpose" = perf ]; } && command -v python3 >/dev/null 2>&1 \
    && ! python3 -c 'import radicale' 2>/dev/null; then
    echo "mvvm-tui: installing the Python package radicale==$radicale_version (a CardDAV server) for the CardDAV tests and make bench"
    pip_install "radicale==$radicale_version" "the CardDAV tests"
fi

# The CardDAV tests run a second real CardDAV server, Xandikos (Tests/TestSupport/XandikosServer.swift),
# from PyPI, as `python3 -m xandikos serve`: its book sits under the principal's home, it keeps
# books in git and its sync tokens come from their content. The version the tests were written
# against, pinned; one already installed is left as it is.
xandikos_version=0.4.10
if { [ "$purpose" = test ] || [ "$purpose" = perf ]; } && command -v python3 >/dev/null 2>&1 \
    && ! python3 -c 'import xandikos' 2>/dev/null; then
    echo "mvvm-tui: installing the Python package xandikos==$xandikos_version (a second CardDAV server) for the CardDAV tests"
    pip_install "xandikos==$xandikos_version" "the CardDAV tests"
fi
