#!/usr/bin/env bash
# The link flags that point libxml2's calls to ICU's converter functions, named as the system ICU
# names them (ucnv_open_72, ...), at the same functions of Foundation's own ICU (swift_ucnv_open,
# ...): one `-Xlinker --defsym=NAME_72=swift_NAME` a name, read from the libxml2.a the clang that
# comes with Swift finds (Docs/DECISIONS.md, "ICU is linked once, Foundation's").
# The release build runs it as it links, after Scripts/ensure-deps.sh has installed libxml2-dev:
# the Makefile reads nothing from the machine before its own checks have run.
set -euo pipefail
archive=$(clang -print-file-name=libxml2.a)
if [ ! -f "$archive" ]; then
    echo "mvvm-tui: libxml2.a not found (the static release build links it): apt-get install libxml2-dev" >&2
    exit 1
fi
nm -u "$archive" | sed -n 's/^ *U \([uU][A-Za-z]*_[A-Za-z_]*\)_\([0-9][0-9]*\)$/-Xlinker --defsym=\1_\2=swift_\1/p' | sort -u | tr '\n' ' '
