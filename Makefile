# The two commands the README gives: `make run` and `make test`. Each checks, and as root
# installs, the Debian packages it needs first (Scripts/ensure-deps.sh).
# `make release && sudo make install` installs the program; Docs/Install.md says what goes where.
SWIFT ?= swift
ARGS ?=
# Release builds are static executables: the Swift runtime, Foundation, the C and C++ libraries,
# ncurses, SQLite and libxml2 (FoundationXML, with zlib and lzma) are linked in, so the program
# maps no shared library and keeps only the code it runs in memory (Docs/DECISIONS.md, Docs/Performance.md).
# They are position-independent (static PIE, `-static-pie`): before main, the C library relocates
# the program to where the kernel placed it, at a random address, from relative relocations that
# lld packs (`-z pack-relative-relocs`, 19 KB rather than 2.4 MB). glibc refuses a static PIE that
# names a run path, so the build leaves out SwiftPM's $ORIGIN (`--disable-local-rpath`); a
# program that loads no library has nothing to look for there.
# The link uses lld to lay the functions a session runs side by side (Scripts/link-order.txt);
# the package's own modules, GRDB and ArgumentParser are compiled with a section for each function
# so that it can move them one by one.
# ICU is in the program once, Foundation's own: libxml2 calls seven of ICU's converter functions
# by the system ICU's names (ucnv_open_72, ...), and the link defines each as the same function of
# Foundation's ICU (swift_ucnv_open, ...) with `--defsym`, so it names no libicuuc or libicudata
# (Docs/DECISIONS.md, "ICU is linked once, Foundation's"). The names are read from libxml2.a by
# Scripts/libxml2-icu-flags.sh when the build runs (`$$(…)`, the shell's), not when make reads this
# file: on a new machine libxml2-dev is installed by the recipe's first line.
# The benchmarks build with the same flags, so `make bench` and `make perf` share one build.
LINK_FLAGS := -Xswiftc -static-executable -Xswiftc -Xclang-linker -Xswiftc -static-pie --disable-local-rpath \
	-Xlinker -z -Xlinker pack-relative-relocs \
	-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld -Xlinker --no-warn-symbol-ordering \
	-Xlinker --symbol-ordering-file=$(CURDIR)/Scripts/link-order.txt \
	-Xlinker -lz -Xlinker -llzma -Xlinker -lstdc++ $$($(CURDIR)/Scripts/libxml2-icu-flags.sh)
RELEASE_FLAGS := -c release $(LINK_FLAGS) --product mvvm-tui
BENCH_FLAGS := -c release $(LINK_FLAGS) --product mvvm-tui-bench
RELEASE_BINARY := .build/release/mvvm-tui
DEBUG_BINARY := .build/debug/mvvm-tui

.PHONY: run test check format test-release test-install leaks tsan release install-files install uninstall \
	bench perf size link-order data-test deps clean fuzz

## run: build a release binary and launch it (pass options with ARGS="--tab people")
run:
	@Scripts/ensure-deps.sh run
	@$(SWIFT) build $(RELEASE_FLAGS)
	@$(RELEASE_BINARY) $(ARGS)

## test: check the format (swift format lint --strict), then run every test, end-to-end tests in
## tmux included, the data scripts' test, the end-to-end suite again against the release binary,
## the install test, then the leak check and the headless suites under ThreadSanitizer
test:
	@Scripts/ensure-deps.sh test
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)
	$(SWIFT) build --product mvvm-tui
	python3 Scripts/check-doc-examples.py
	MVVM_TUI_BINARY=$(CURDIR)/$(DEBUG_BINARY) $(SWIFT) test
	@$(MAKE) --no-print-directory data-test test-release test-install leaks tsan

## format: format the Swift files by .swift-format, in place; `make test` fails on any file this
## would change (`swift format lint --strict`)
FORMATTED := Package.swift Sources Tests Benchmarks
format:
	$(SWIFT) format --in-place --recursive --parallel $(FORMATTED)

## check: the headless tests (Binding, Models, Screens, Services, Renderer, InputDecoding, FuzzProperties) in a debug
## build, but for the long runs, the quick loop while working (11 to 16 s warm on two busy cores);
## `make test` runs these, the long runs and everything else
HEADLESS_TESTS := BindingTests|ModelsTests|ScreensTests|ServicesTests|RendererTests|InputDecodingTests|FuzzPropertiesTests
# The long runs: the suites that start servers or programs of their own (CardDAV against Radicale
# and Xandikos, the servers' own tests, an import killed midway), the hostile storms, and curl
# waiting out its own time limit. They took 45 of `make check`'s 55 s warm (issue 46).
LONG_TESTS := CardDAV[A-Za-z]*Tests|RadicaleServerTests|XandikosServerTests|ImportKilledMidwayTests|Hostile[A-Za-z]*Tests|CurlRunTests
check:
	@Scripts/ensure-deps.sh test
	$(SWIFT) test --filter '^($(HEADLESS_TESTS))\.' --skip '^[A-Za-z]+Tests\.($(LONG_TESTS))(/|$$)'

## test-release: how the release binary is linked (Scripts/check-release-binary.sh: ICU's data
## once, a static position-independent executable), then the end-to-end and command-line suites
## against it, a static executable built with other flags than the tests' (run after `swift test`
## has built them)
test-release:
	@Scripts/ensure-deps.sh test
	$(SWIFT) build $(RELEASE_FLAGS)
	Scripts/check-release-binary.sh $(RELEASE_BINARY)
	MVVM_TUI_BINARY=$(CURDIR)/$(RELEASE_BINARY) $(SWIFT) test --skip-build --filter '^(EndToEndTests|CommandLineTests)\.'

## test-install: install the release build into a temporary prefix whose path has a space, run
## the installed program in tmux, read its manual page, complete its options, install over it,
## and uninstall it (Scripts/test-install.sh)
test-install:
	@Scripts/ensure-deps.sh test
	@$(MAKE) --no-print-directory install-files
	Scripts/test-install.sh

## leaks: the headless tests (view-models, Binding, Models) built with AddressSanitizer, whose
## leak check fails the run when memory is left unreachable (Tests/Sanitizers/)
LEAK_TESTS := ScreensTests|BindingTests|ModelsTests
leaks:
	@Scripts/ensure-deps.sh test
	$(SWIFT) build --build-tests --sanitize address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/leak-suppressions.txt:print_suppressions=0 \
		$(SWIFT) test --skip-build --sanitize address --scratch-path .build-asan --filter '$(LEAK_TESTS)'

## tsan: the headless suites (Binding, Models, Screens, Services, the CardDAV servers' suites
## included) built with ThreadSanitizer, in a build folder of their own (.build-tsan) so that the
## debug build stays as it is; any data race it reports fails the run (Tests/Sanitizers/). The
## sanitized code runs several times slower, so the tests' own bounds on waits for real time are
## four times as long (MVVM_TUI_TEST_TIME_SCALE, Tests/TestSupport/TestTimeScale.swift)
TSAN_TESTS := BindingTests|ModelsTests|ScreensTests|ServicesTests
tsan:
	@Scripts/ensure-deps.sh test
	$(SWIFT) build --build-tests --sanitize thread --scratch-path .build-tsan
	MVVM_TUI_TEST_TIME_SCALE=4 \
	TSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/thread-suppressions.txt:print_suppressions=0 \
		$(SWIFT) test --skip-build --sanitize thread --scratch-path .build-tsan --filter '^($(TSAN_TESTS))\.'

## fuzz: every reader of outside bytes under libFuzzer, FUZZ_SECONDS each (default 60), one
## process at a time: the fuzz package (Fuzz/) built with the fuzzer and AddressSanitizer, each
## target started from its committed corpus (Fuzz/Corpus/<target>/, which `make test` replays in
## FuzzPropertiesTests) and writing what it finds to .build/fuzz/<target>/; a crash or broken
## property stops the run with its input in .build/fuzz/ (Docs/HostileInput.md)
# Optimized, and `-enable-testing` for the properties' `@testable import`. `-sanitize=fuzzer,address`
# as one flag: given as two (SwiftPM's `--sanitize` twice), swiftc 6.3.1 adds no coverage
# counters, and libFuzzer fuzzes blind. SwiftPM's own `--sanitize fuzzer` makes it link libFuzzer's
# `main`. The Swift runtime's backtracer is off: it trips AddressSanitizer after a trap.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := vcard multistatus tmdb open-meteo weatherbit input config netrc folding
fuzz:
	@Scripts/ensure-deps.sh test
	cd Fuzz && $(SWIFT) build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing \
		--product fuzz-readers
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p .build/fuzz/$$target; \
		echo "fuzz: $$target for $(FUZZ_SECONDS) s (log in .build/fuzz/$$target.log)"; \
		if ! SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/leak-suppressions.txt FUZZ_TARGET=$$target Fuzz/.build/release/fuzz-readers .build/fuzz/$$target Fuzz/Corpus/$$target \
			-max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=1024 -malloc_limit_mb=256 \
			-max_len=65536 -artifact_prefix=.build/fuzz/$$target- -print_final_stats=1 \
			>.build/fuzz/$$target.log 2>&1; then \
			tail -n 40 .build/fuzz/$$target.log; exit 1; \
		fi; \
		grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' .build/fuzz/$$target.log; \
	done

## release: build the release binary, and the manual page and shell completions that
## `make install` installs with it
release:
	@Scripts/ensure-deps.sh run
	$(SWIFT) build $(RELEASE_FLAGS)
	@$(MAKE) --no-print-directory install-files

# What `make install` copies, all made by `make release`: the program, the data it reads
# (copied beside it by the build), and the manual page and completions, made from the program's
# own argument definitions and written again whenever the program is newer.
RELEASE_DATA := .build/release/mvvm-tui_Services.resources
DATA_FILES := movies.sqlite gazetteer.sqlite
INSTALL_FILES := .build/install-files
MAN_PAGE := $(INSTALL_FILES)/mvvm-tui.1
COMPLETIONS := $(INSTALL_FILES)/mvvm-tui.bash $(INSTALL_FILES)/_mvvm-tui $(INSTALL_FILES)/mvvm-tui.fish
INSTALL_INPUTS := $(RELEASE_BINARY) $(addprefix $(RELEASE_DATA)/,$(DATA_FILES)) $(MAN_PAGE) $(COMPLETIONS)

install-files: $(MAN_PAGE) $(COMPLETIONS)

# Only when missing: `make release` is what builds the program again.
$(RELEASE_BINARY) $(addprefix $(RELEASE_DATA)/,$(DATA_FILES)) &:
	@Scripts/ensure-deps.sh run
	$(SWIFT) build $(RELEASE_FLAGS)

$(MAN_PAGE): $(RELEASE_BINARY) Scripts/make-man-page.sh Scripts/json-documents-man.awk Docs/CommandLine.md
	@Scripts/make-man-page.sh $(RELEASE_BINARY) $@

$(INSTALL_FILES)/mvvm-tui.bash: $(RELEASE_BINARY)
	@mkdir -p $(INSTALL_FILES)
	$(RELEASE_BINARY) --generate-completion-script bash > $@.tmp && mv $@.tmp $@
$(INSTALL_FILES)/_mvvm-tui: $(RELEASE_BINARY)
	@mkdir -p $(INSTALL_FILES)
	$(RELEASE_BINARY) --generate-completion-script zsh > $@.tmp && mv $@.tmp $@
$(INSTALL_FILES)/mvvm-tui.fish: $(RELEASE_BINARY)
	@mkdir -p $(INSTALL_FILES)
	$(RELEASE_BINARY) --generate-completion-script fish > $@.tmp && mv $@.tmp $@

# Where `make install` writes, under $(DESTDIR)$(PREFIX): these files and nothing else, which
# `make uninstall` removes. share/mvvm-tui is also the user's own data folder when PREFIX is
# ~/.local, so uninstall removes the folders below only when they are left empty, in this order.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALLED_FILES := bin/mvvm-tui $(addprefix share/mvvm-tui/,$(DATA_FILES)) share/man/man1/mvvm-tui.1 \
	share/bash-completion/completions/mvvm-tui share/zsh/site-functions/_mvvm-tui \
	share/fish/vendor_completions.d/mvvm-tui.fish
INSTALLED_FOLDERS := share/mvvm-tui share/man/man1 share/bash-completion/completions share/bash-completion \
	share/zsh/site-functions share/zsh share/fish/vendor_completions.d share/fish

## install: install the release build under $(DESTDIR)$(PREFIX) (default /usr/local): the
## program, stripped, in bin; its data in share/mvvm-tui; its manual page; bash, zsh and fish
## completions. Builds what is missing, and only that (so `sudo make install` after `make release`
## builds nothing). PREFIX=$HOME/.local needs no root.
install:
	@for file in $(INSTALL_INPUTS); do \
		if [ ! -e "$$file" ]; then \
			echo "mvvm-tui: $$file is not built yet: make release"; \
			$(MAKE) --no-print-directory release || exit 1; \
			break; \
		fi; \
	done
	@for file in $(MAN_PAGE) $(COMPLETIONS); do \
		if [ $(RELEASE_BINARY) -nt "$$file" ]; then \
			echo "mvvm-tui: note: the manual page and completions in $(INSTALL_FILES) are older than the program; \`make release\` writes them again"; \
			break; \
		fi; \
	done
	@Scripts/ensure-deps.sh install
	@case "$(PREFIX)" in /*) ;; *) echo "mvvm-tui: PREFIX must be an absolute path, not \"$(PREFIX)\"" >&2; exit 1;; esac
	@set -e; umask 022; root="$(DESTDIR)$(PREFIX)"; \
	data="$$root/share/mvvm-tui"; \
	user_data="$${XDG_DATA_HOME:-$$HOME/.local/share}/mvvm-tui"; \
	if [ ! -d "$$data" ]; then \
		if [ -z "$(DESTDIR)" ] && [ "$$(realpath -m -- "$$data")" = "$$(realpath -m -- "$$user_data")" ]; then \
			mkdir -p -- "$$root/share"; mkdir -m 700 -- "$$data"; \
		else \
			mkdir -p -- "$$data"; \
		fi; \
	fi; \
	mkdir -p -- "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
		"$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d"; \
	install -m 755 -s $(RELEASE_BINARY) "$$root/bin/mvvm-tui"; \
	for name in $(DATA_FILES); do install -m 644 "$(RELEASE_DATA)/$$name" "$$data/$$name"; done; \
	install -m 644 $(MAN_PAGE) "$$root/share/man/man1/mvvm-tui.1"; \
	install -m 644 $(INSTALL_FILES)/mvvm-tui.bash "$$root/share/bash-completion/completions/mvvm-tui"; \
	install -m 644 $(INSTALL_FILES)/_mvvm-tui "$$root/share/zsh/site-functions/_mvvm-tui"; \
	install -m 644 $(INSTALL_FILES)/mvvm-tui.fish "$$root/share/fish/vendor_completions.d/mvvm-tui.fish"; \
	for file in $(INSTALLED_FILES); do echo "installed $$root/$$file"; done

## uninstall: remove the files `make install` wrote under $(DESTDIR)$(PREFIX), and then the
## folders it made that are left empty; the user's own data (share/mvvm-tui/mvvm-tui.sqlite
## when PREFIX is ~/.local) stays
uninstall:
	@root="$(DESTDIR)$(PREFIX)"; status=0; \
	for file in $(INSTALLED_FILES); do rm -fv -- "$$root/$$file" || status=1; done; \
	for folder in $(INSTALLED_FOLDERS); do \
		if rmdir -- "$$root/$$folder" 2>/dev/null; then echo "removed folder '$$root/$$folder'"; fi; \
	done; \
	exit $$status

## bench: in-process benchmarks in a release build (Benchmarks/main.swift), then People's sync of
## 5,000 cards with Radicale on loopback, the release binary in a pseudo-terminal (Scripts/sync-perf.py),
## the program's CPU per card in a first sync of 1,000, 5,000 and 20,000 cards (Scripts/sync-cpu.py),
## in `people --import` of 10,000 cards as a ratio to a first sync of the same cards (Scripts/import-cpu.py),
## and its first sync and sync with nothing changed of 5,000 and 20,000 cards as ratios to vdirsyncer
## 0.21's on the same Radicale, in a virtual environment in .build/bench-venv (Scripts/sync-compare.py),
## and 300 new people sent to an empty book as ratios to vdirsyncer's send of the same cards, on
## loopback and through a proxy adding a 50 ms round trip (Scripts/send-compare.py)
bench: release
	@Scripts/ensure-deps.sh perf
	$(SWIFT) build $(BENCH_FLAGS)
	.build/release/mvvm-tui-bench
	python3 Scripts/sync-perf.py --binary $(RELEASE_BINARY)
	python3 Scripts/sync-cpu.py --binary $(RELEASE_BINARY) --bench-binary .build/release/mvvm-tui-bench
	python3 Scripts/import-cpu.py --binary $(RELEASE_BINARY)
	python3 Scripts/sync-compare.py --binary $(RELEASE_BINARY)
	python3 Scripts/send-compare.py --binary $(RELEASE_BINARY)

## perf: measure the release binary in a 100x30 pseudo-terminal, then keys during an import of
## 20,000 vCards and of 10,000 with a photo each, then the subcommands from exec to exit, then
## keys in People's form among 100,000 people while a sync sends them to Radicale
## (see Docs/Performance.md)
perf: release
	@Scripts/ensure-deps.sh perf
	$(SWIFT) build $(BENCH_FLAGS)
	python3 Scripts/perf.py --binary $(RELEASE_BINARY) --bench-binary .build/release/mvvm-tui-bench $(PERF_ARGS)
	python3 Scripts/import-perf.py --binary $(RELEASE_BINARY)
	python3 Scripts/import-perf.py --binary $(RELEASE_BINARY) --runs 3 --cards 10000 --photo-bytes 10000 --import-seconds 6
	python3 Scripts/cli-perf.py --binary $(RELEASE_BINARY) --bench-binary .build/release/mvvm-tui-bench
	python3 Scripts/form-perf.py --binary $(RELEASE_BINARY) --bench-binary .build/release/mvvm-tui-bench

## size: what the release binary's bytes are, by library and kind of section, from the map of
## its link (Scripts/binary-size.py; Docs/Performance.md, "What the binary holds")
size:
	@Scripts/ensure-deps.sh run
	$(SWIFT) build $(RELEASE_FLAGS) -Xlinker -Map=$(CURDIR)/.build/mvvm-tui.map
	python3 Scripts/binary-size.py --map .build/mvvm-tui.map --binary $(RELEASE_BINARY)

## link-order: rewrite Scripts/link-order.txt from a session run under callgrind (needs valgrind)
link-order:
	@Scripts/ensure-deps.sh link-order
	$(SWIFT) build $(RELEASE_FLAGS) -Xlinker -Map=$(CURDIR)/.build/mvvm-tui.map
	python3 Scripts/make-link-order.py --binary $(RELEASE_BINARY) --map .build/mvvm-tui.map \
		--output Scripts/link-order.txt

## data-test: the data scripts write the same bytes from the same rows (Scripts/test_data_files.py)
data-test:
	python3 Scripts/test_data_files.py

clean:
	rm -rf .build .build-asan .build-tsan
