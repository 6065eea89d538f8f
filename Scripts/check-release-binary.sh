#!/usr/bin/env bash
# Checks how the release binary is linked; `make test-release` runs it before the end-to-end and
# command-line suites. Exit status 1, with the reason, when
#   - ICU's data is in it more than once: Foundation's ICU brings its own (icudt76_dat), and a
#     second ICU (the system's libicudata, icudt72_dat, 31 MB) would come only from linking
#     libxml2 with the system's ICU rather than with Foundation's (Docs/DECISIONS.md, "ICU is
#     linked once, Foundation's").
#   - it is not a static position-independent executable: `readelf -h` must say DYN (a PIE,
#     placed at a random address) and `readelf -l` show no INTERP (no dynamic loader: static)
#     (Docs/DECISIONS.md, "The release binary is a static PIE").
# Usage: Scripts/check-release-binary.sh [BINARY]   (default .build/release/mvvm-tui)
set -euo pipefail

binary=${1:-.build/release/mvvm-tui}
if [ ! -x "$binary" ]; then
    echo "check-release-binary: no program at $binary: make release first" >&2
    exit 1
fi
status=0

symbols=$(nm "$binary" 2>/dev/null || true)
if [ -z "$symbols" ]; then
    echo "check-release-binary: $binary has no symbol table to read (the build's own keeps it; an installed one is stripped)" >&2
    exit 1
fi

# ICU's data is one symbol per ICU, named for its version: icudt76_dat.
icu_data=$(awk '$3 ~ /^icudt[0-9]+[bel]?_dat$/ { print $3 }' <<<"$symbols" | sort -u)
icu_count=$(grep -c . <<<"$icu_data" || true)
if [ "$icu_count" -ne 1 ]; then
    echo "check-release-binary: $binary holds ICU's data $icu_count times ($(echo $icu_data)), not once" >&2
    status=1
else
    echo "check-release-binary: ICU's data once ($icu_data)"
fi

elf_type=$(readelf -h "$binary" | awk -F: '$1 ~ /^ *Type$/ { sub(/^ */, "", $2); print $2 }')
if [ "${elf_type%% *}" != DYN ]; then
    echo "check-release-binary: $binary is not position-independent: readelf -h says $elf_type, not DYN" >&2
    status=1
elif readelf -lW "$binary" | grep -q '^ *INTERP '; then
    echo "check-release-binary: $binary asks for a dynamic loader (INTERP): a PIE, but not static" >&2
    status=1
else
    echo "check-release-binary: a static position-independent executable ($elf_type, no INTERP)"
fi

exit $status
