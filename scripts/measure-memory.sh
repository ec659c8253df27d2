#!/usr/bin/env bash
# Issue 17 item 11: the window's memory at idle with a running clock against a bare eframe
# window drawing the same empty board (scripts/bare-board, eframe with the app's features).
# Not run in CI. Figures and what they mean: docs/decisions.md, "Window memory".
#
# Each run starts the release `tianyuan` with a running clock, then the bare window, one after
# the other (so that neither shares the other's libraries), each under its own Xvfb with
# temporary HOME/XDG folders and no ~/.asoundrc (so no audio device). Each idles for SETTLE
# seconds; then the script reads its idle CPU over CPU_WINDOW seconds from /proc/PID/stat and
# its memory from /proc/PID/status (VmRSS, split into anonymous and file-backed memory) and
# /proc/PID/smaps_rollup (Pss). The last lines are the medians over RUNS runs and the ratios.
#
# The binaries are built apart: `cargo build --bin tianyuan` alone (with `--example` or under
# `cargo test` the binary gets the dev-dependencies' features, egui_kittest's wgpu among them,
# and holds a few MB more), and the bare window as its own package. Both are copied, and before
# each run their pages are dropped from the page cache (`dd iflag=nocache`), so each starts as
# after a reboot: how much of a binary's code stays mapped depends on how its pages came into
# the cache (a freshly written file sits in large folios, which are mapped whole, and then
# holds 1–4 MB more). WARM=1 keeps the cache as it is.
#
# Every run has fresh HOME and XDG data/config folders (no saved settings, no unfinished game
# to offer). Mesa's shader cache (XDG_CACHE_HOME) is kept from an untimed first start, as on a
# machine where the window has been opened before; COLD=1 gives every run an empty cache
# instead (then llvmpipe compiles its shaders again and both processes hold more).
# SETUP=... changes the app's game (the default shows "(读秒)", so the CJK font is read).
#
#   scripts/measure-memory.sh            # 5 runs, 20 s settle, 20 s CPU window
#   RUNS=3 SETTLE=20 CPU_WINDOW=20 COLD=1 WARM=1 NO_BUILD=1 scripts/measure-memory.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-5}"
SETTLE="${SETTLE:-20}"
CPU_WINDOW="${CPU_WINDOW:-20}"
TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
if [ -z "${NO_BUILD:-}" ]; then
  cargo build --quiet --release --bin tianyuan
  cargo build --quiet --release --manifest-path scripts/bare-board/Cargo.toml \
    --target-dir "$TARGET_DIR"
fi
SETUP="${SETUP:-size=19 time=chinese:limit=60m,reserve=5 black=A white=B}"
TICK="$(getconf CLK_TCK)"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/tianyuan-memory.XXXXXX")"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

# Copies, so that a build running meanwhile cannot replace them.
APP="$WORK/tianyuan"
BARE="$WORK/tianyuan-bare-board"
cp "$TARGET_DIR/release/tianyuan" "$APP"
cp "$TARGET_DIR/release/tianyuan-bare-board" "$BARE"

# A display number nobody uses.
free_display() {
  local n=$1
  while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
  echo "$n"
}

# Drops a file's pages from the page cache (clean pages no process maps).
drop_cache() { dd if="$1" iflag=nocache count=0 status=none; }

# Starts "$@" on a fresh Xvfb with private folders; sets STARTED_PID and STARTED_XVFB.
start_on_display() {
  local name=$1 first=$2 run=$3
  shift 3
  local n
  n="$(free_display "$first")"
  Xvfb ":$n" -screen 0 1280x1000x24 -nolisten tcp >"$WORK/xvfb-$name.log" 2>&1 &
  STARTED_XVFB=$!
  pids+=("$STARTED_XVFB")
  for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
  local home="$WORK/home-$name-$run" cache="$WORK/cache-$name"
  if [ -n "${COLD:-}" ]; then cache="$home/cache"; fi
  mkdir -p "$home/data" "$home/config" "$cache" "$home/runtime"
  chmod 700 "$home/runtime"
  env -u WAYLAND_DISPLAY -u WAYLAND_SOCKET DISPLAY=":$n" HOME="$home" \
    XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$cache" \
    XDG_RUNTIME_DIR="$home/runtime" "$@" >"$WORK/$name.log" 2>&1 &
  STARTED_PID=$!
  pids+=("$STARTED_PID")
}

# utime + stime of a process (fields 14 and 15 of /proc/PID/stat, after the command's name).
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{print $12 + $13}'; }
# A field of /proc/PID/smaps_rollup or /proc/PID/status, in kB.
field() { awk -v k="$2:" '$1 == k {print $2}' "$1"; }

median() { sort -n | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

stop_all() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  pids=()
}

if [ -z "${COLD:-}" ]; then
  start_on_display app 90 warm "$APP" --setup "$SETUP" --start
  start_on_display bare 90 warm "$BARE"
  sleep "$SETTLE"
  stop_all
fi

printf '%-4s %-5s %9s %9s %9s %9s %7s %7s\n' run proc VmRSS_kB RssAnon RssFile Pss_kB threads cpu_%
# One process at a time, so that neither shares the other's libraries (Pss would split them).
measure() {
  local which=$1 run=$2 pid rss anon file pss threads cpu t0 t1
  shift 2
  if [ -z "${WARM:-}" ]; then
    drop_cache "$APP"
    drop_cache "$BARE"
  fi
  start_on_display "$which" 90 "$run" "$@"
  pid=$STARTED_PID
  sleep "$SETTLE"
  t0=$(cpu_ticks "$pid")
  sleep "$CPU_WINDOW"
  if [ ! -d "/proc/$pid" ]; then
    echo "measure-memory: $which exited early; its log:" >&2
    cat "$WORK/$which.log" >&2
    exit 1
  fi
  t1=$(cpu_ticks "$pid")
  rss=$(field "/proc/$pid/status" VmRSS)
  anon=$(field "/proc/$pid/status" RssAnon)
  file=$(field "/proc/$pid/status" RssFile)
  pss=$(field "/proc/$pid/smaps_rollup" Pss)
  threads=$(field "/proc/$pid/status" Threads)
  cpu=$(awk -v d="$((t1 - t0))" -v t="$TICK" -v w="$CPU_WINDOW" 'BEGIN {printf "%.2f", 100 * d / t / w}')
  printf '%-4s %-5s %9s %9s %9s %9s %7s %7s\n' "$run" "$which" "$rss" "$anon" "$file" "$pss" "$threads" "$cpu"
  echo "$which $rss $pss $cpu $anon $file" >>"$WORK/results"
  stop_all
}

for run in $(seq "$RUNS"); do
  measure app "$run" "$APP" --setup "$SETUP" --start
  measure bare "$run" "$BARE"
done

col() { awk -v w="$1" -v c="$2" '$1 == w {print $c}' "$WORK/results" | median; }
echo "medians over $RUNS runs (settle ${SETTLE}s, CPU over ${CPU_WINDOW}s):"
mib() { awk -v a="$(col app "$2")" -v b="$(col bare "$2")" -v n="$1" 'BEGIN {printf "  %-7s app %6.1f MiB  bare %6.1f MiB  ratio %.3f\n", n, a / 1024, b / 1024, a / b}'; }
mib VmRSS 2
mib Pss 3
mib RssAnon 5
mib RssFile 6
echo "  CPU     app $(col app 4) %  bare $(col bare 4) % of one core"
