#!/usr/bin/env bash
# Checks what `make run` or `make test` needs on a Debian machine with Swift, installs the
# missing Debian packages with apt-get when run as root, and otherwise prints the command.
# Usage: Scripts/ensure-deps.sh run|test|perf
set -euo pipefail

purpose=${1:-test}
missing=()

if ! command -v swift >/dev/null 2>&1; then
    echo "mvvm-tui: swift is not on PATH; install Swift 6.1 or later from swift.org first." >&2
    exit 1
fi
if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists ncursesw; }; then
    missing+=(libncurses-dev pkg-config)
fi
if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists sqlite3; }; then
    missing+=(libsqlite3-dev)  # GRDB builds against the system SQLite
fi
if ! command -v curl >/dev/null 2>&1; then
    missing+=(curl)  # the program fetches over HTTP by running curl, and the tests run it too
fi
if [ "$purpose" != run ] && ! command -v tmux >/dev/null 2>&1; then
    missing+=(tmux)  # the end-to-end tests drive the program in tmux
fi
if [ "$purpose" != run ] && ! command -v python3 >/dev/null 2>&1; then
    missing+=(python3)  # the performance script
fi
if ! locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then
    missing+=(locales)  # the program falls back to C.UTF-8 when the environment names no UTF-8 locale
fi

[ ${#missing[@]} -eq 0 ] && exit 0

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
