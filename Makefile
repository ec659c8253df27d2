# Tianyuan — two commands for a fresh Debian/Ubuntu machine with Rust:
#   make run    installs the missing system packages, then starts the app (release build)
#   make test   installs what the tests need, then runs the whole suite (fmt, clippy, tests)
# Both are idempotent: packages already present are not touched.

SHELL := /bin/bash
CARGO ?= cargo

# Needed to build (rodio's ALSA backend).
BUILD_PKGS := pkg-config libasound2-dev
# Loaded at run time by eframe/winit (X11 or Wayland, OpenGL through glow).
RUN_PKGS := libx11-6 libxcursor1 libxi6 libxrandr2 libxkbcommon-x11-0 libxkbcommon0 libwayland-client0 libwayland-egl1 libegl1 libgl1 libgl1-mesa-dri libfontconfig1 libdbus-1-3
# Used by the test suite: GNU Go is the independent rules oracle (/usr/games/gnugo);
# the board snapshot tests render through wgpu on Mesa's software Vulkan (lavapipe).
TEST_PKGS := gnugo mesa-vulkan-drivers libvulkan1 nats-server
# Hall mode (issue 14): the hall's message server (NATS with JetStream, Debian's 2.9).
HALL_PKGS := nats-server

.PHONY: run test deps-run deps-test deps-hall build lint fmt bench voices dist help hall-demo hall-bench

help:
	@echo "make run    - install missing system packages and start the app (release)"
	@echo "make test   - install missing test packages and run fmt, clippy and the whole test suite"
	@echo "make bench  - run the criterion benchmarks"
	@echo "make voices - regenerate assets/voices with espeak-ng and sox"
	@echo "make dist   - build the optimised package binary ([profile.dist])"
	@echo "make hall-demo  - nats-server, a desk and 50 simulated boards on this machine"
	@echo "make hall-bench - 200 simulated boards: entries/s and the delay to the desk"

run: deps-run
	$(CARGO) run --release --

test: deps-test
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) test --all-targets
	$(CARGO) test --doc

bench: deps-test
	$(CARGO) bench

voices:
	bash scripts/make-voices.sh

dist: deps-run
	$(CARGO) build --profile dist

hall-demo: deps-hall
	CARGO=$(CARGO) bash scripts/hall-demo.sh

hall-bench: deps-hall
	$(CARGO) bench --bench hall

deps-hall:
	@bash scripts/ensure-packages.sh $(HALL_PKGS)

deps-run:
	@bash scripts/ensure-packages.sh $(BUILD_PKGS) $(RUN_PKGS)

deps-test:
	@bash scripts/ensure-packages.sh $(BUILD_PKGS) $(TEST_PKGS)
