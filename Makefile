# Tianyuan — two commands for a fresh Debian/Ubuntu machine with Rust:
#   make run    installs the missing system packages, then starts the app (release build)
#   make test   installs what the tests need, then runs the whole suite (fmt, clippy, tests),
#               tests in the release profile so CI packages the binary they built
# Both are idempotent: packages already present are not touched.

SHELL := /bin/bash
CARGO ?= cargo

# Needed to build (rodio's ALSA backend).
BUILD_PKGS := pkg-config libasound2-dev
# Loaded at run time by eframe/winit (X11 or Wayland, OpenGL through glow).
RUN_PKGS := libx11-6 libxcursor1 libxi6 libxrandr2 libxkbcommon-x11-0 libxkbcommon0 libwayland-client0 libwayland-egl1 libegl1 libgl1 libgl1-mesa-dri libfontconfig1 libdbus-1-3
# Used by the test suite: GNU Go is the independent rules oracle (/usr/games/gnugo);
# the board snapshot tests render through wgpu on Mesa's software Vulkan (lavapipe);
# class sheets, reports and the tournament's printed sheets are printed with headless Chromium
# and read back with poppler-utils (tests/class_cli.rs, tests/tournament_print.rs).
TEST_PKGS := gnugo mesa-vulkan-drivers libvulkan1 nats-server chromium poppler-utils fonts-droid-fallback
# Packaging: cargo-deb needs dpkg-shlibdeps and strip (dpkg-dev); the entry and the metainfo
# are validated before packaging.
DEB_PKGS := dpkg-dev desktop-file-utils appstream
# The installed-package test: a display, the MIME database and gio to read it, xdotool to find
# the window the desktop entry opens.
DEB_TEST_PKGS := xvfb shared-mime-info libglib2.0-bin xdotool

# Windows, cross-built here (issue 22): MinGW-w64 links and makes the .exe's resources, NSIS
# builds the installer, zip the portable archive. The test runs it under Wine (64-bit) with
# Xvfb, takes screenshots with ImageMagick and finds the window with xdotool.
WINDOWS_PKGS := gcc-mingw-w64-x86-64 nsis zip
WINDOWS_TEST_PKGS := wine64 xvfb imagemagick xdotool

# Hall mode (issue 14): the hall's message server (NATS with JetStream, Debian's 2.9).
HALL_PKGS := nats-server

.PHONY: run test deps-run deps-test deps-hall build lint fmt bench voices dist deb deb-test deps-deb help hall-demo hall-bench windows windows-installer windows-test windows-check deps-windows

help:
	@echo "make run    - install missing system packages and start the app (release)"
	@echo "make test   - install missing test packages and run fmt, clippy and the whole test suite"
	@echo "make bench  - run the criterion benchmarks"
	@echo "make voices - regenerate assets/voices with espeak-ng and sox"
	@echo "make dist   - build the optimised package binary ([profile.dist])"
	@echo "make deb    - build the Debian package of the dist binary (target/debian/tianyuan_*.deb)"
	@echo "make deb-test - package the release build, install it, run it under Xvfb, purge it (CI)"
	@echo "make windows    - cross-build the Windows release into target/windows/ (tianyuan.exe, tianyuanw.exe)"
	@echo "make windows-installer - also Tianyuan-Setup-VERSION.exe (NSIS) and the portable .zip"
	@echo "make windows-test - the installer under Wine: install, CLI, session, check, screenshots, uninstall"
	@echo "make windows-check - type-check and lint the Windows build, every target (part of windows-test)"
	@echo "make hall-demo  - nats-server, a desk and 50 simulated boards on this machine"
	@echo "make hall-bench - 200 simulated boards: entries/s and the delay to the desk"

run: deps-run
	$(CARGO) run --release --

test: deps-test
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings
	# The window's tests build the whole TianyuanApp on a test thread: 2 MiB is not enough.
	RUST_MIN_STACK=67108864 $(CARGO) test --release --lib --bins --tests
	$(CARGO) test --release --doc

bench: deps-test
	$(CARGO) bench

voices:
	bash scripts/make-voices.sh

dist: deps-run
	$(CARGO) build --profile dist

# The .deb of the dist binary (LTO, stripped). cargo-deb is installed when missing.
deb: deps-deb dist
	bash scripts/build-deb.sh dist target/debian

# CI's packaging step: the release build (the dist build's fat LTO would cost CI many minutes),
# packaged, installed with apt-get, run as a new user and purged (scripts/test-deb.sh).
deb-test: deps-deb
	@bash scripts/ensure-packages.sh $(DEB_TEST_PKGS)
	$(CARGO) build --release
	bash scripts/build-deb.sh release target/debian-release
	bash scripts/test-deb.sh target/debian-release

windows: deps-windows
	CARGO=$(CARGO) bash scripts/build-windows.sh exe

windows-installer: deps-windows
	CARGO=$(CARGO) bash scripts/build-windows.sh installer

# Before resolving an issue that touches platform code (not in CI: it costs CI's time budget,
# see packaging/README.md): the Windows type check and lints of every target, the installer
# built, then tried under Wine and compared with the Linux release build of the same tree.
windows-test: windows-check windows-installer
	@bash scripts/ensure-packages.sh $(WINDOWS_TEST_PKGS)
	$(CARGO) build --release
	bash scripts/test-windows.sh target/windows target/release/tianyuan

# `cargo check --target x86_64-pc-windows-gnu --all-targets` with the lints (clippy is the type
# check plus the lints), the launcher included; release, like every build here.
windows-check: deps-windows
	$(CARGO) clippy --release --target x86_64-pc-windows-gnu --all-targets --features windows-launcher -- -D warnings

deps-windows:
	@bash scripts/ensure-packages.sh $(WINDOWS_PKGS)
	@rustup target list --installed | grep -qx x86_64-pc-windows-gnu || rustup target add x86_64-pc-windows-gnu

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

deps-deb:
	@bash scripts/ensure-packages.sh $(BUILD_PKGS) $(DEB_PKGS)
