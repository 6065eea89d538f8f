# The two commands the README gives: `make run` and `make test`. Each checks, and as root
# installs, the Debian packages it needs first (Scripts/ensure-deps.sh).
SWIFT ?= swift
ARGS ?=
# Release builds are static executables: the Swift runtime, Foundation, the C and C++ libraries,
# ncurses and SQLite are linked in, so the program maps no shared library and keeps only the
# code it runs in memory (Docs/DECISIONS.md, Docs/Performance.md).
# The link uses lld to lay the functions a session runs side by side (Scripts/link-order.txt);
# the package's own modules, GRDB and ArgumentParser are compiled with a section for each function
# so that it can move them one by one.
# The benchmarks build with the same flags, so `make bench` and `make perf` share one build.
LINK_FLAGS := -Xswiftc -static-executable -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld -Xlinker --no-warn-symbol-ordering \
	-Xlinker --symbol-ordering-file=$(CURDIR)/Scripts/link-order.txt
RELEASE_FLAGS := -c release $(LINK_FLAGS) --product mvvm-tui
BENCH_FLAGS := -c release $(LINK_FLAGS) --product mvvm-tui-bench
RELEASE_BINARY := .build/release/mvvm-tui
DEBUG_BINARY := .build/debug/mvvm-tui

.PHONY: run test check test-release leaks release bench perf link-order gazetteer-index deps clean

## run: build a release binary and launch it (pass options with ARGS="--tab people")
run:
	@Scripts/ensure-deps.sh run
	@$(SWIFT) build $(RELEASE_FLAGS)
	@$(RELEASE_BINARY) $(ARGS)

## test: run every test, end-to-end tests in tmux included, the end-to-end suite again
## against the release binary, then the leak check
test:
	@Scripts/ensure-deps.sh test
	$(SWIFT) build --product mvvm-tui
	MVVM_TUI_BINARY=$(CURDIR)/$(DEBUG_BINARY) $(SWIFT) test
	@$(MAKE) --no-print-directory test-release leaks

## check: the headless tests only (Binding, Models, Screens, Services, Renderer) in a debug
## build, the quick loop while working; `make test` runs these and everything else
HEADLESS_TESTS := BindingTests|ModelsTests|ScreensTests|ServicesTests|RendererTests
check:
	@Scripts/ensure-deps.sh test
	$(SWIFT) test --filter '^($(HEADLESS_TESTS))\.'

## test-release: the end-to-end suite against the release binary, a static
## executable built with other flags than the tests' (run after `swift test` has built them)
test-release:
	@Scripts/ensure-deps.sh test
	$(SWIFT) build $(RELEASE_FLAGS)
	MVVM_TUI_BINARY=$(CURDIR)/$(RELEASE_BINARY) $(SWIFT) test --skip-build --filter EndToEndTests

## leaks: the headless tests (view-models, Binding, Models) built with AddressSanitizer, whose
## leak check fails the run when memory is left unreachable (Tests/Sanitizers/)
LEAK_TESTS := ScreensTests|BindingTests|ModelsTests
leaks:
	@Scripts/ensure-deps.sh test
	$(SWIFT) build --build-tests --sanitize address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/leak-suppressions.txt:print_suppressions=0 \
		$(SWIFT) test --skip-build --sanitize address --scratch-path .build-asan --filter '$(LEAK_TESTS)'

## release: build the release binary only
release:
	@Scripts/ensure-deps.sh run
	$(SWIFT) build $(RELEASE_FLAGS)

## bench: in-process benchmarks in a release build (Benchmarks/main.swift)
bench:
	@Scripts/ensure-deps.sh run
	$(SWIFT) build $(BENCH_FLAGS)
	.build/release/mvvm-tui-bench

## perf: measure the release binary in a 100x30 pseudo-terminal (see Docs/Performance.md)
perf: release
	@Scripts/ensure-deps.sh perf
	$(SWIFT) build $(BENCH_FLAGS)
	python3 Scripts/perf.py --binary $(RELEASE_BINARY) --bench-binary .build/release/mvvm-tui-bench $(PERF_ARGS)

## link-order: rewrite Scripts/link-order.txt from a session run under callgrind (needs valgrind)
link-order:
	@Scripts/ensure-deps.sh link-order
	$(SWIFT) build $(RELEASE_FLAGS) -Xlinker -Map=$(CURDIR)/.build/mvvm-tui.map
	python3 Scripts/make-link-order.py --binary $(RELEASE_BINARY) --map .build/mvvm-tui.map \
		--output Scripts/link-order.txt

## gazetteer-index: write Sources/Services/Resources/gazetteer.index from gazetteer.tsv (after
## Scripts/make-gazetteer.py; a test checks that the two match)
gazetteer-index:
	$(SWIFT) build $(BENCH_FLAGS)
	.build/release/mvvm-tui-bench --gazetteer-index Sources/Services/Resources/gazetteer.tsv \
		Sources/Services/Resources/gazetteer.index

clean:
	rm -rf .build .build-asan
