#!/usr/bin/env bash
# The install test (make test-install, a step of make test). With the release build already made
# (make release), it installs into a temporary PREFIX whose path has a space, and checks what a
# user would meet:
#
# - every file is where Docs/Install.md says, the program is a stripped copy and the build's own
#   binary is untouched, and installing built nothing;
# - the installed program, run from / with only PATH, HOME and TERM, draws its tabs and status
#   line in tmux and quits on q; the user's database goes to the same share/mvvm-tui; its
#   subcommands find the installed data from a shell;
# - its manual page renders, and bash completes `mvvm-tui --t` to --tab;
# - installing again replaces an older install;
# - uninstall removes what install wrote and keeps the user's database, and a second uninstall
#   is silent;
# - with DESTDIR the same files land under it; without its data folder the program exits 1 and
#   names the missing file;
# - as root, a user without root installs into a PREFIX of their own.
#
# Prints each check as it passes or fails, then `N passed, M failed`; exits 1 when any failed.
# Nothing touches the real home or /usr/local; every wait has a limit.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
repo=$PWD

binary=.build/release/mvvm-tui
build_data=.build/release/mvvm-tui_Services.resources
install_files=.build/install-files
data_files=(movies.sqlite gazetteer.sqlite)
# What make install writes under $(DESTDIR)$(PREFIX): Docs/Install.md lists the same.
installed=(bin/mvvm-tui share/mvvm-tui/movies.sqlite share/mvvm-tui/gazetteer.sqlite
    share/man/man1/mvvm-tui.1 share/bash-completion/completions/mvvm-tui share/zsh/site-functions/_mvvm-tui
    share/fish/vendor_completions.d/mvvm-tui.fish)

for file in "$binary" "${data_files[@]/#/$build_data/}" "$install_files/mvvm-tui.1" "$install_files/mvvm-tui.bash"; do
    if [ ! -e "$file" ]; then
        echo "test-install: $file is missing; run make release first" >&2
        exit 1
    fi
done

root=$(mktemp -d "${TMPDIR:-/tmp}/mvvm-tui install test.XXXXXX")
home="$root/home dir"
prefix="$home/.local"            # the user's own prefix: share/mvvm-tui is also their data folder
stage="$root/stage dir"          # a DESTDIR
socket="mvvm-tui-install-$$"
log="$root/log"
mkdir -p "$home"

cleanup() {
    tmux -L "$socket" kill-server >/dev/null 2>&1
    rm -rf "$root"
}
trap cleanup EXIT

passed=0
failed=0
skipped=0

# check DESCRIPTION COMMAND...: runs COMMAND with its output in $log, and counts it.
check() {
    local description=$1
    shift
    if "$@" >"$log" 2>&1; then
        passed=$((passed + 1))
        echo "ok - $description"
    else
        failed=$((failed + 1))
        echo "FAILED - $description"
        sed -e 's/^/    /' "$log" | head -n 40
    fi
}

skip() {
    skipped=$((skipped + 1))
    echo "skipped - $1"
}

# A make of this repository, bounded in time, with the variables given and no others.
run_make() {
    HOME="$home" XDG_DATA_HOME="" timeout 600 make -C "$repo" --no-print-directory "$@"
}

# The installed program with only PATH, HOME and TERM, from /.
run_installed() {
    local bin=$1
    shift
    (cd / && timeout 20 env -i PATH="$(dirname "$bin"):/usr/bin:/bin" HOME="$home" TERM=tmux-256color "$bin" "$@")
}

all_installed() {
    local under=$1 file status=0
    for file in "${installed[@]}"; do
        if [ ! -f "$under/$file" ]; then
            echo "missing: $under/$file"
            status=1
        fi
    done
    return $status
}

none_installed() {
    local under=$1 file status=0
    for file in "${installed[@]}"; do
        if [ -e "$under/$file" ]; then
            echo "still there: $under/$file"
            status=1
        fi
    done
    return $status
}

same_as_built() {
    local under=$1 name status=0
    for name in "${data_files[@]}"; do
        cmp "$build_data/$name" "$under/share/mvvm-tui/$name" || status=1
    done
    cmp "$install_files/mvvm-tui.1" "$under/share/man/man1/mvvm-tui.1" || status=1
    cmp "$install_files/mvvm-tui.bash" "$under/share/bash-completion/completions/mvvm-tui" || status=1
    cmp "$install_files/_mvvm-tui" "$under/share/zsh/site-functions/_mvvm-tui" || status=1
    cmp "$install_files/mvvm-tui.fish" "$under/share/fish/vendor_completions.d/mvvm-tui.fish" || status=1
    return $status
}

sections() {
    readelf -S --wide "$1" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\./) print $i }'
}

stripped() {
    local file=$1 found
    [ -x "$file" ] || { echo "$file is not executable"; return 1; }
    found=$(sections "$file" | grep -E '^\.(debug_|symtab$)') && { echo "$file still has:"; echo "$found"; return 1; }
    return 0
}

build_binary_untouched() {
    [ "$(stat -c '%Y %s' "$binary")" = "$build_stamp" ] || { echo "$binary changed: $(stat -c '%Y %s' "$binary"), was $build_stamp"; return 1; }
    sections "$binary" | grep -qx '\.debug_info' || { echo "$binary has no .debug_info any more"; return 1; }
}

prints_version() {
    local output
    output=$(run_installed "$1" --version) || { echo "$output"; return 1; }
    echo "$output"
    [[ $output == "mvvm-tui "* ]]
}

built_nothing() {
    ! grep -E 'swift build|Compiling|Linking|make release' "$1"
}

tmux_() {
    tmux -L "$socket" -f /dev/null -u "$@"
}

# wait_for_screen SECONDS EXTENDED-REGEX: the pane shows a line matching it within the limit.
wait_for_screen() {
    local limit=$1 pattern=$2 deadline=$((SECONDS + $1))
    while [ $SECONDS -le $deadline ]; do
        tmux_ capture-pane -p > "$root/screen" 2>/dev/null && grep -qE -- "$pattern" "$root/screen" && return 0
        sleep 0.1
    done
    echo "waited ${limit}s for /$pattern/; the screen was:"
    cat "$root/screen" 2>/dev/null
    return 1
}

status_line_shows() {
    # The status line is the last line of the screen that has text.
    local pattern=$1 deadline=$((SECONDS + 10)) last
    while [ $SECONDS -le $deadline ]; do
        last=$(tmux_ capture-pane -p 2>/dev/null | grep -v '^ *$' | tail -n 1)
        grep -qE -- "$pattern" <<<"$last" && return 0
        sleep 0.1
    done
    echo "the status line is not /$pattern/ after 10s; the screen was:"
    tmux_ capture-pane -p
    return 1
}

session_ended() {
    local deadline=$((SECONDS + 10))
    while [ $SECONDS -le $deadline ]; do
        tmux_ has-session 2>/dev/null || return 0
        sleep 0.1
    done
    echo "the tmux session still runs after 10s"
    return 1
}

man_renders() {
    local page=$1
    MANPAGER=cat MANWIDTH=80 man --warnings -l "$page" >"$root/man.out" 2>"$root/man.err" || { cat "$root/man.err"; return 1; }
    [ ! -s "$root/man.err" ] || { echo "warnings:"; cat "$root/man.err"; return 1; }
    for text in 'MVVM-TUI(1)' 'NAME' 'SYNOPSIS' '--tab' '--data-dir' '--offline' 'weather' '--json'; do
        grep -qF -- "$text" "$root/man.out" || { echo "no \"$text\" in:"; cat "$root/man.out"; return 1; }
    done
}

# prints_line LINE BIN ARGS...: the installed program, run with ARGS outside a terminal, prints LINE first.
prints_line() {
    local line=$1 bin=$2 first
    shift 2
    first=$(run_installed "$bin" "$@" | head -1)
    [ "$first" = "$line" ] || { echo "first line: \"$first\""; return 1; }
}

man_has_credits() {
    local first
    first=$(run_installed "$prefix/bin/mvvm-tui" --help | sed -n '/^CREDITS:$/{n;s/^ *//;p;q}')
    if [ -z "$first" ]; then
        echo "--help has no credits"
        return 0
    fi
    echo "--help's credits begin: $first"
    MANPAGER=cat MANWIDTH=200 man -l "$1" | grep -A1 -x 'CREDITS' | grep -qF -- "$first"
}

# man_stands_alone PAGE: the sections that answer what the project's Docs do, with the program's
# exit statuses rather than the generic "0 on success, >0 on error", and no pointer to Docs/.
man_stands_alone() {
    local text section
    text=$(MANPAGER=cat MANWIDTH=200 man -l "$1")
    for section in 'JSON DOCUMENTS' KEYS CONFIGURATION ENVIRONMENT FILES 'EXIT STATUS' CREDITS; do
        grep -qx "$section" <<<"$text" || { echo "no section $section"; return 1; }
    done
    grep -qE '^ +78 +The config file is malformed' <<<"$text" || { echo "EXIT STATUS lacks 78"; return 1; }
    ! grep -n 'Docs/\|on success, and >0' <<<"$text"
}

man_finds_by_name() {
    MANPAGER=cat MANWIDTH=80 man -M "$1" mvvm-tui | grep -qF 'MVVM-TUI(1)'
}

# bash_completes FILE LINE EXPECTED...: the completion function offers each EXPECTED for LINE.
bash_completes() {
    local file=$1 line=$2
    shift 2
    local offered
    offered=$(bash --norc --noprofile -c '
        source "$1" || exit 1
        COMP_LINE=$2
        COMP_POINT=${#COMP_LINE}
        read -r -a COMP_WORDS <<<"$COMP_LINE"
        [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        previous=${COMP_WORDS[COMP_CWORD - 1]}
        _mvvm-tui mvvm-tui "${COMP_WORDS[COMP_CWORD]}" "$previous"
        printf "%s\n" "${COMPREPLY[@]}"' _ "$file" "$line") || { echo "$offered"; return 1; }
    echo "offered for \"$line\": $(tr '\n' ' ' <<<"$offered")"
    local expected
    for expected in "$@"; do
        grep -qx -- "$expected" <<<"$offered" || { echo "not offered: $expected"; return 1; }
    done
}

zsh_completion_ok() {
    head -n 1 "$1" | grep -qx '#compdef mvvm-tui' || { head -n 1 "$1"; return 1; }
    if command -v zsh >/dev/null 2>&1; then zsh -n "$1"; fi
}

fish_completion_ok() {
    grep -qE "^complete -c '?mvvm-tui'? .*-l '?tab'?" "$1" || return 1
    if command -v fish >/dev/null 2>&1; then fish --no-execute "$1"; fi
}

only_user_data_left() {
    local left
    left=$(cd "$prefix" && find . -type f | sort)
    echo "files left under the prefix: $(tr '\n' ' ' <<<"$left")"
    [ -f "$prefix/share/mvvm-tui/mvvm-tui.sqlite" ] || { echo "the user's database is gone"; return 1; }
    ! grep -vE '^\./share/mvvm-tui/mvvm-tui\.sqlite(-wal|-shm)?$' <<<"$left"
}

folders_gone() {
    local folder status=0
    for folder in "$@"; do
        if [ -e "$folder" ]; then
            echo "still there: $folder"
            status=1
        fi
    done
    return $status
}

nothing_under() {
    local left
    left=$(find "$1" -type f)
    [ -z "$left" ] || { echo "left: $left"; return 1; }
}

mode_is() {
    local mode
    mode=$(stat -c %a "$2") || return 1
    echo "$2: $mode"
    [ "$mode" = "$1" ]
}

silent() {
    [ ! -s "$1" ] || { echo "printed:"; cat "$1"; return 1; }
}

# names_missing_data_on_screen BIN FILE: without its data, the program still starts; the Search
# tab names FILE when a search needs it, and the tab bar is there to go to the other tabs.
names_missing_data_on_screen() {
    local bin=$1 expected=$2
    printf 'cd / || exit 9\nenv -i PATH=/usr/bin:/bin HOME=%q TERM=tmux-256color %q --offline --tab search\necho "EXIT=$?"\nsleep 60\n' \
        "$home" "$bin" > "$root/missing.sh"
    tmux_ new-session -d -x 100 -y 30 -c / "sh '$root/missing.sh'" </dev/null >/dev/null 2>&1
    wait_for_screen 15 'Weather +Movies +\[?Search' || { tmux_ kill-server >/dev/null 2>&1; return 1; }
    tmux_ send-keys star >/dev/null 2>&1
    wait_for_screen 10 "$(basename "$expected")" || { tmux_ kill-server >/dev/null 2>&1; return 1; }
    grep -F "$expected" "$root/screen" || grep -F "$(basename "$expected")" "$root/screen"
    tmux_ kill-server >/dev/null 2>&1
    return 0
}

build_stamp=$(stat -c '%Y %s' "$binary")

# --- Install into the user's own prefix, ~/.local, whose path has a space --------------------
echo "installing into $prefix"
check "make install PREFIX='$prefix' succeeds" run_make install PREFIX="$prefix" DESTDIR=
cp "$log" "$root/install.log"
check "make install built nothing: the release build was there" built_nothing "$root/install.log"
check "every file is installed" all_installed "$prefix"
check "the data files, manual page and completions are the build's" same_as_built "$prefix"
check "the installed program is stripped (no .debug_* sections, no .symtab)" stripped "$prefix/bin/mvvm-tui"
check "the build's own binary is untouched, debug info and all" build_binary_untouched
check "share/mvvm-tui, also the user's data folder here, is private to them (0700), as the program makes it" \
    mode_is 700 "$prefix/share/mvvm-tui"
check "the installed program prints its version with only PATH, HOME and TERM" prints_version "$prefix/bin/mvvm-tui"

# --- Run it in a terminal -----------------------------------------------------------------------
printf 'cd / || exit 9\nenv -i PATH=%q HOME=%q TERM=tmux-256color mvvm-tui\necho "EXIT=$?"\nsleep 60\n' \
    "$prefix/bin:/usr/bin:/bin" "$home" > "$root/run.sh"
tmux_ new-session -d -x 100 -y 30 -c / "sh '$root/run.sh'" </dev/null >/dev/null 2>&1
check "the installed program shows its tab bar (Weather, Movies…) in a 100x30 terminal" \
    wait_for_screen 15 '^ ?\[?Weather\]? +Movies +Search +Scoreboard +People'
check "and a status line with its keys" status_line_shows '(Tab|Esc|Enter) '
tmux_ send-keys Escape >/dev/null 2>&1
check "Esc leaves the input line: the status line offers q quit" status_line_shows 'q quit'
tmux_ send-keys q >/dev/null 2>&1
check "q quits it with status 0" wait_for_screen 10 '^EXIT=0$'
tmux_ kill-server >/dev/null 2>&1
check "its database went to ~/.local/share/mvvm-tui, beside the installed data" \
    test -f "$prefix/share/mvvm-tui/mvvm-tui.sqlite"
check "in a shell, mvvm-tui search finds Star Wars in the installed catalogue" \
    prints_line "5 matches" "$prefix/bin/mvvm-tui" search star wars --offline
check "and mvvm-tui weather finds Paris in the installed gazetteer" \
    prints_line "Paris, France" "$prefix/bin/mvvm-tui" weather Paris --offline

# --- Manual page and completions ----------------------------------------------------------------
check "the manual page renders with man -l, without warnings" man_renders "$prefix/share/man/man1/mvvm-tui.1"
check "it ends with the credits --help ends with" man_has_credits "$prefix/share/man/man1/mvvm-tui.1"
check "man finds it by name under PREFIX/share/man" man_finds_by_name "$prefix/share/man"
check "it stands alone: JSON documents, keys, configuration, environment, files, the program's exit statuses" \
    man_stands_alone "$prefix/share/man/man1/mvvm-tui.1"
check "bash completes 'mvvm-tui --t' with --tab" \
    bash_completes "$prefix/share/bash-completion/completions/mvvm-tui" 'mvvm-tui --t' --tab
check "bash completes 'mvvm-tui --tab s' with search and scoreboard" \
    bash_completes "$prefix/share/bash-completion/completions/mvvm-tui" 'mvvm-tui --tab s' search scoreboard
check "the zsh completion is a #compdef mvvm-tui file" zsh_completion_ok "$prefix/share/zsh/site-functions/_mvvm-tui"
check "the fish completion completes mvvm-tui" fish_completion_ok "$prefix/share/fish/vendor_completions.d/mvvm-tui.fish"

# --- Install over an older install --------------------------------------------------------------
printf '#!/bin/sh\necho "mvvm-tui 0.0.1"\n' > "$prefix/bin/mvvm-tui"
echo "an older page" > "$prefix/share/man/man1/mvvm-tui.1"
echo "an older catalogue" > "$prefix/share/mvvm-tui/movies.sqlite"
echo "# an older completion" > "$prefix/share/bash-completion/completions/mvvm-tui"
chmod 555 "$prefix/bin/mvvm-tui"
chmod 444 "$prefix/share/man/man1/mvvm-tui.1" "$prefix/share/mvvm-tui/movies.sqlite"
check "make install over an older install succeeds" run_make install PREFIX="$prefix" DESTDIR=
check "it replaced the older files with the build's" same_as_built "$prefix"
check "the replaced program is stripped and runs" stripped "$prefix/bin/mvvm-tui"
check "and prints its version" prints_version "$prefix/bin/mvvm-tui"
check "the user's database is still there" test -f "$prefix/share/mvvm-tui/mvvm-tui.sqlite"

# --- Uninstall, twice ---------------------------------------------------------------------------
check "make uninstall succeeds" run_make uninstall PREFIX="$prefix" DESTDIR=
check "it removed every installed file" none_installed "$prefix"
check "it kept the user's database, and only that, in share/mvvm-tui" only_user_data_left
check "it removed the completion and manual folders it left empty" folders_gone \
    "$prefix/share/man/man1" "$prefix/share/bash-completion" "$prefix/share/zsh" "$prefix/share/fish"
check "make uninstall a second time succeeds" run_make uninstall PREFIX="$prefix" DESTDIR=
cp "$log" "$root/uninstall.log"
check "and prints nothing" silent "$root/uninstall.log"
check "the user's database is still there" test -f "$prefix/share/mvvm-tui/mvvm-tui.sqlite"

# --- DESTDIR ------------------------------------------------------------------------------------
staged="$stage/usr/local"
echo "installing with DESTDIR='$stage' PREFIX=/usr/local"
check "make install DESTDIR='$stage' PREFIX=/usr/local succeeds" run_make install DESTDIR="$stage" PREFIX=/usr/local
check "every file is under DESTDIR/usr/local" all_installed "$staged"
check "the staged program is stripped" stripped "$staged/bin/mvvm-tui"
check "its share/mvvm-tui is readable by all (0755)" mode_is 755 "$staged/share/mvvm-tui"
check "it finds its data from where it is staged" prints_version "$staged/bin/mvvm-tui"
check "make uninstall DESTDIR='$stage' PREFIX=/usr/local succeeds" run_make uninstall DESTDIR="$stage" PREFIX=/usr/local
check "it left no file under DESTDIR" nothing_under "$stage"
check "and removed share/mvvm-tui, left empty" folders_gone "$staged/share/mvvm-tui"

check "make install with DESTDIR again succeeds" run_make install DESTDIR="$stage" PREFIX=/usr/local
rm -rf "$staged/share/mvvm-tui"
check "with its data folder deleted, the program starts and Search names the missing file" \
    names_missing_data_on_screen "$staged/bin/mvvm-tui" "$(realpath "$staged")/share/mvvm-tui/movies.sqlite"

# --- Without root -------------------------------------------------------------------------------
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1 \
    && setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups test -r "$repo/Makefile" -a -r "$binary" 2>/dev/null; then
    user_prefix="$root/nobody's prefix"
    mkdir -p "$user_prefix"
    chown nobody "$user_prefix"
    chmod 755 "$root"
    check "a user without root (nobody) installs into a PREFIX of their own" \
        setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups env HOME="$user_prefix" \
        timeout 600 make -C "$repo" --no-print-directory install PREFIX="$user_prefix" DESTDIR=
    check "every file is there, owned by that user" bash -c '
        for file in "${@:2}"; do [ "$(stat -c %U "$1/$file")" = nobody ] || { echo "$1/$file: $(stat -c %U "$1/$file" 2>&1)"; exit 1; }; done
        ' _ "$user_prefix" "${installed[@]}"
    check "and uninstalls it" \
        setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups env HOME="$user_prefix" \
        timeout 600 make -C "$repo" --no-print-directory uninstall PREFIX="$user_prefix" DESTDIR=
    check "leaving no file" nothing_under "$user_prefix"
elif [ "$(id -u)" -ne 0 ]; then
    echo "(run as $(id -un), not root: every install above was made without root)"
else
    skip "a user without root installs into a PREFIX of their own (user nobody cannot read $repo)"
fi

if [ $skipped -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ $failed -eq 0 ]
