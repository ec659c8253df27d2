#!/usr/bin/env bash
# make hall-demo: a whole hall on this machine — nats-server with JetStream on loopback, the
# chief arbiter's desk (a window when a display is there, else headless with its web page),
# and 50 simulated boards playing real records with their clocks at 60× speed.
# Everything it starts is stopped when the simulation ends or on Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
CARGO="${CARGO:-cargo}"
TABLES="${TABLES:-50}"
SPEED="${SPEED:-60}"
PORT="${PORT:-14222}"
EVENT="${EVENT:-demo}"
HTTP="${HTTP:-127.0.0.1:8470}"
GAMES="${GAMES:-}"
if [ -z "$GAMES" ]; then
  for g in "${TIANYUAN_CORPUS:-}/gnugo-regression/games" ../shared/corpus/gnugo-regression/games tests/data/sgf; do
    if [ -d "$g" ]; then GAMES="$g"; break; fi
  done
fi
$CARGO build --quiet
BIN="${CARGO_TARGET_DIR:-target}/debug/tianyuan"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/tianyuan-hall-demo.XXXXXX")"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT INT TERM
nats-server -js -sd "$WORK/jetstream" -a 127.0.0.1 -p "$PORT" -l "$WORK/nats.log" &
pids+=($!)
sleep 1
MODE=(--headless)
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then MODE=(); fi
"$BIN" desk "$EVENT" --server "nats://127.0.0.1:$PORT" --journal "$WORK/desk" --http "$HTTP" "${MODE[@]}" < /dev/null &
pids+=($!)
echo "hall-demo: desk folder $WORK/desk; the hall's page: http://$HTTP/ ; records from $GAMES"
"$BIN" hall simulate --server "nats://127.0.0.1:$PORT" --event "$EVENT" --tables "$TABLES" \
  --games-from "$GAMES" --speed "$SPEED" --journal "$WORK/boards"
"$BIN" desk state "$WORK/desk" | tail -n 5
echo "hall-demo: every board's journal is at the desk (tianyuan desk state $WORK/desk --json)"
