//! Throughput of `tianyuan check` over the whole corpus (parse + full legal replay + count),
//! side by side with the `sgf-parse` crate's parse alone, in the same run.
//!
//! Corpus: `TIANYUAN_CORPUS`, else `../shared/corpus`, else `/work/shared/corpus`, else the
//! files under `tests/data/sgf`. Run with `cargo bench --bench check`.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tianyuan::cli::check::check_bytes;

#[path = "../tests/support/corpus.rs"]
mod support_corpus;

/// The shared corpus, else the permissively licensed copies under `tests/data/sgf`.
fn corpus_dir() -> PathBuf {
    support_corpus::corpus_dir()
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf"))
}

fn load() -> Vec<Vec<u8>> {
    let files = tianyuan::cli::check::collect_files(&[corpus_dir()]);
    files.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

fn bench(c: &mut Criterion) {
    let files = load();
    let bytes: u64 = files.iter().map(|f| f.len() as u64).sum();
    let games: u64 = files
        .iter()
        .filter_map(|f| check_bytes(f, false).ok())
        .map(|r| r.len() as u64)
        .sum();
    // sgf-parse wants text: give it the UTF-8 (lossy) text up front, so decoding is not timed for it.
    let texts: Vec<String> = files
        .iter()
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect();
    println!(
        "corpus: {} files, {games} games, {bytes} bytes",
        files.len()
    );

    let mut group = c.benchmark_group("corpus_bytes");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("tianyuan_check_parse_replay_count", |b| {
        b.iter(|| {
            for f in &files {
                let _ = black_box(check_bytes(black_box(f), false));
            }
        })
    });
    group.bench_function("tianyuan_parse_only", |b| {
        b.iter(|| {
            for f in &files {
                let _ = black_box(tianyuan::record::read(black_box(f)));
            }
        })
    });
    group.bench_function("sgf_parse_crate_parse_only", |b| {
        b.iter(|| {
            for t in &texts {
                let _ = black_box(sgf_parse::parse(black_box(t)));
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("corpus_games");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games));
    group.bench_function("tianyuan_check_parse_replay_count", |b| {
        b.iter(|| {
            for f in &files {
                let _ = black_box(check_bytes(black_box(f), false));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
