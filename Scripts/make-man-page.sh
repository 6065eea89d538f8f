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
# The tool drops every character that is not ASCII ("F2–F5" would read "F2F5"), so it is given a
# stand-in for the program that prints the program's description with those spelt in ASCII
# ("F2-F5", "Alt-1...5").
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

# generate-manual runs the program it is given with --experimental-dump-help and reads the JSON
# it prints: the stand-in runs the program so, and spells its text in ASCII.
MVVM_TUI_MAN_BINARY=$(realpath "$binary")
export MVVM_TUI_MAN_BINARY
cat > "$work/ascii-help" <<'SCRIPT'
#!/usr/bin/env bash
set -o pipefail
"$MVVM_TUI_MAN_BINARY" "$@" \
    | sed -e 's/–/-/g' -e 's/—/--/g' -e 's/…/.../g' -e "s/‘/'/g" -e "s/’/'/g" -e 's/“/\\"/g' -e 's/”/\\"/g' \
    | LC_ALL=C.UTF-8 iconv -f UTF-8 -t ASCII//TRANSLIT
SCRIPT
chmod +x "$work/ascii-help"
mkdir "$work/page"
"$tool" "$work/ascii-help" --output-directory "$work/page" "${date_option[@]}"
page="$work/page/$(basename "$binary").1"
[ -s "$page" ] || { echo "make-man-page: generate-manual wrote no $page" >&2; exit 1; }

mkdir -p "$(dirname "$output")"
# The tool's EXIT STATUS is its generic "0 on success, >0 on error": the program's own take its place.
sed -e '/^\.Ar subcommand$/d' \
    -e '/^\.It Em help$/,/^\.El$/d' \
    -e '/^\.Sh "EXIT STATUS"$/d' -e '/^\.Ex -std$/d' \
    -e 's/^$/.Pp/' \
    "$page" > "$output.tmp"
[ -z "$(tail -c 1 "$output.tmp")" ] || echo >> "$output.tmp"   # the tool ends without a newline

# What the argument definitions cannot say, so that the page stands alone: the JSON documents, from
# the tables of Docs/CommandLine.md (which a test holds every printed document to), then the keys,
# the config file's keys, the environment, the files and the exit statuses, which the program
# writes from its own tables (`mvvm-tui --manual-sections`).
ascii() {
    sed -e 's/–/-/g' -e 's/—/--/g' -e 's/…/.../g' -e "s/‘/'/g" -e "s/’/'/g" -e 's/“/\\(dq/g' -e 's/”/\\(dq/g' \
        | LC_ALL=C.UTF-8 iconv -f UTF-8 -t ASCII//TRANSLIT
}
awk -f "$(dirname "$0")/json-documents-man.awk" "$(dirname "$0")/../Docs/CommandLine.md" | ascii >> "$output.tmp"
"$binary" --manual-sections | ascii >> "$output.tmp"

# `--help` ends with the credits the services' and the data's terms ask for, which the program
# prints itself rather than through its argument definitions: the page ends with them too.
credits=$("$binary" --help | sed -n '/^CREDITS:$/,$p' | sed -e '1d' -e 's/^ *//' -e '/^$/d' \
    | LC_ALL=C.UTF-8 iconv -f UTF-8 -t ASCII//TRANSLIT | sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/")
if [ -n "$credits" ]; then
    printf '.Sh CREDITS\n%s\n' "$credits" >> "$output.tmp"
fi
mv "$output.tmp" "$output"
echo "wrote $output"
