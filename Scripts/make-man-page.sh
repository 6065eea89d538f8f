#!/usr/bin/env bash
# Writes the program's manual page from its argument definitions (make release).
# Usage: Scripts/make-man-page.sh BINARY OUTPUT
#
# The page is written by swift-argument-parser's generate-manual, the tool its GenerateManual
# command plugin runs, built from the package's dependency in a debug build and run on BINARY
# itself, so the page describes the very program that is installed. (The plugin,
# `swift package generate-manual`, would first build every product again, and in the release
# configuration by default, replacing the static release executable with one linked otherwise.)
#
# Two things the tool writes for every command are tidied: ArgumentParser gives each root command
# a `help` subcommand, which the tool lists as a `subcommand` operand in the synopsis and as an
# entry of its own (mvvm-tui has no subcommands; --help is listed); and an empty line of the
# discussion, which mdoc warns about, becomes a paragraph break.
set -euo pipefail

binary=$1
output=$2
swift=${SWIFT:-swift}

"$swift" build --quiet --product generate-manual
tool="$("$swift" build --product generate-manual --show-bin-path)/generate-manual"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The page's date is the last commit's, so the same sources give the same page.
date_option=()
if date=$(git -C "$(dirname "$0")" log -1 --format=%cs 2>/dev/null) && [ -n "$date" ]; then
    date_option=(--date "$date")
fi

"$tool" "$binary" --output-directory "$work" "${date_option[@]}"
page="$work/$(basename "$binary").1"
[ -s "$page" ] || { echo "make-man-page: generate-manual wrote no $page" >&2; exit 1; }

mkdir -p "$(dirname "$output")"
sed -e '/^\.Ar subcommand$/d' \
    -e '/^\.It Em help$/,/^\.El$/d' \
    -e 's/^$/.Pp/' \
    "$page" > "$output.tmp"
mv "$output.tmp" "$output"
echo "wrote $output"
