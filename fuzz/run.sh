#!/usr/bin/env bash
# Fuzzes the SGF reader with libFuzzer on the STABLE compiler (cargo-fuzz wants nightly).
# Usage: fuzz/run.sh [SECONDS]   (default 300). Seeds: tests/data/sgf and, if present, the
# shared corpus. Crashes are written to fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")"
secs=${1:-300}
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
 -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
 -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing"
# An explicit --target keeps these flags off build scripts and proc macros (as cargo-fuzz does).
host=$(rustc -vV | sed -n 's/^host: //p')
cargo build --release --target "$host" --bin sgf_read
mkdir -p corpus/sgf_read artifacts
seeds=(../tests/data/sgf)
corpus_dir=${TIANYUAN_CORPUS:-../../shared/corpus}
[ -d "$corpus_dir" ] && seeds+=("$corpus_dir")
# -max_len: real records reach 100 KB; -timeout catches quadratic behaviour.
./target/"$host"/release/sgf_read corpus/sgf_read "${seeds[@]}" -artifact_prefix=artifacts/ \
  -max_total_time="$secs" -max_len=131072 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
