#!/usr/bin/env bash
# Issue 21: our random playouts against libEGo's light playouts, side by side in one run on
# one machine, and the ratio. Not part of `make test` (a benchmark, minutes long, needs a
# libEGo build).
#
#   benches/libego-compare.sh LIBEGO_DRIVER [ROUNDS] [SECONDS]
#
# LIBEGO_DRIVER is a program you built from libEGo's source (how: docs/decisions.md, "Issue
# 21"): run as `LIBEGO_DRIVER SECONDS`, it plays libEGo's light playouts for that long and
# prints a line with `moves_per_s N` (and, optionally, `moves_per_cpu_s N`). Ours is
# `examples/playout_speed.rs`, built here with the release profile as Cargo.toml has it. The
# two run in turn, ROUNDS times (default 7) for SECONDS each (default 3), the first of each
# pair alternating; the script prints every round and the median ratio (ours / libEGo) of
# moves per second, and of moves per CPU-second when both report it (on a busy machine the
# fairer figure: it leaves out the time the process waited for a processor).
set -euo pipefail

if [[ $# -lt 1 || ! -x "$1" ]]; then
    echo "usage: $0 LIBEGO_DRIVER [ROUNDS] [SECONDS]   (LIBEGO_DRIVER: an executable)" >&2
    exit 2
fi
ego=$1
rounds=${2:-7}
seconds=${3:-3}
cd "$(dirname "$0")/.."
cargo build --release --quiet --example playout_speed
ours=target/release/examples/playout_speed

field() { # field NAME LINE -> the number after NAME, or nothing
    awk -v name="$1" '{ for (i = 1; i < NF; i++) if ($i == name) { print $(i + 1); exit } }' <<<"$2"
}

wall_ratios=()
cpu_ratios=()
printf '%-5s %14s %14s %7s %16s %16s %7s\n' round "ours moves/s" "libEGo moves/s" ratio \
    "ours moves/cpu-s" "libEGo /cpu-s" ratio
for ((r = 1; r <= rounds; r++)); do
    if ((r % 2)); then
        a=$("$ours" "$seconds"); b=$("$ego" "$seconds")
    else
        b=$("$ego" "$seconds"); a=$("$ours" "$seconds")
    fi
    aw=$(field moves_per_s "$a"); bw=$(field moves_per_s "$b")
    ac=$(field moves_per_cpu_s "$a"); bc=$(field moves_per_cpu_s "$b")
    if [[ -z $aw || -z $bw ]]; then
        echo "no moves_per_s in: '$a' / '$b'" >&2
        exit 1
    fi
    wr=$(awk -v a="$aw" -v b="$bw" 'BEGIN { printf "%.3f", a / b }')
    wall_ratios+=("$wr")
    cr=-
    if [[ -n $ac && -n $bc ]]; then
        cr=$(awk -v a="$ac" -v b="$bc" 'BEGIN { printf "%.3f", a / b }')
        cpu_ratios+=("$cr")
    fi
    printf '%-5s %14s %14s %7s %16s %16s %7s\n' "$r" "$aw" "$bw" "$wr" "${ac:--}" "${bc:--}" "$cr"
done

median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
echo "median ratio ours/libEGo, moves per second: $(median "${wall_ratios[@]}")"
if ((${#cpu_ratios[@]} > 0)); then
    echo "median ratio ours/libEGo, moves per CPU-second: $(median "${cpu_ratios[@]}")"
fi
