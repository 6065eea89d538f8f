# The two commands the README gives: `make run` and `make test`. Each checks, and as root
# installs, the Debian packages it needs first (Scripts/ensure-deps.sh).
SWIFT ?= swift
ARGS ?=
# Release builds link the Swift runtime and Foundation statically: the program starts faster
# and touches fewer pages (Docs/DECISIONS.md, Docs/Performance.md).
# The benchmarks build with the same flags, so `make bench` and `make perf` share one build.
RELEASE_FLAGS := -c release --static-swift-stdlib --product mvvm-tui
BENCH_FLAGS := -c release --static-swift-stdlib --product mvvm-tui-bench
RELEASE_BINARY := .build/release/mvvm-tui
DEBUG_BINARY := .build/debug/mvvm-tui

.PHONY: run test release bench perf deps clean

## run: build a release binary and launch it (pass options with ARGS="--tab people")
run:
	@Scripts/ensure-deps.sh run
	@$(SWIFT) build $(RELEASE_FLAGS)
	@$(RELEASE_BINARY) $(ARGS)

## test: run every test, end-to-end tests in tmux included
test:
	@Scripts/ensure-deps.sh test
	$(SWIFT) build --product mvvm-tui
	MVVM_TUI_BINARY=$(CURDIR)/$(DEBUG_BINARY) $(SWIFT) test

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

clean:
	rm -rf .build
