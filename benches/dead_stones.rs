//! Speed of the dead-stone estimator (issue 11 item 5: each OGS score-estimator position in
//! under 100 ms): `suggest` on every position of `ogs-score-estimator/`, one benchmark each,
//! with the default settings the app and `tianyuan dead-stones` use.
//!
//! Corpus: `TIANYUAN_CORPUS`, else `../shared/corpus`, else `/work/shared/corpus`; without it
//! the benchmark says so and measures a built-in 19×19 position only. Run with
//! `cargo bench --bench dead_stones` (about two minutes), or `-- --quick` for a rough figure.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use tianyuan::analysis::{Settings, suggest};
use tianyuan::rules::{Board, Rules};

#[path = "../tests/support/ogs_game.rs"]
mod ogs_game;
#[path = "../tests/support/corpus.rs"]
mod support_corpus;

/// A finished-looking 19×19 position with dead stones on both sides, for when the corpus is
/// absent.
const FALLBACK: &str = "
. . . O X . . . . . . . . . . . . . .
. . O O X . . . . . . . . X . . . . .
. . . O X . . . . . X . . . . . . . .
. . O O X . . . . . . . . . . X . . .
. O . O X X X X X X X X X X X X X X X
. . O O O O O O O O O O O O O O O O O
. . . . . . . . . . . . . . . . . . .
. . . . . . . . X . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
O O O O O O O O O O O O O O O O O O O
X X X X X X X X X X X X X X X X X X X
. . . X . . . . . . . . . . . . O . .
. . . . . . . . . O . . . . . . . . .
. . . . . . . . . . . . . . . . . . .
. . . . . . . X . . . . . . . . . . .
. . . . . . . . . . . . . . . . . . .";

fn positions() -> Vec<(String, Board)> {
    let Some(corpus) = support_corpus::corpus_dir() else {
        println!("shared corpus not found (set TIANYUAN_CORPUS): built-in position only");
        return match Board::from_diagram(FALLBACK) {
            Ok(b) => vec![("built-in-19x19".to_owned(), b)],
            Err(e) => panic!("built-in diagram: {e}"),
        };
    };
    ogs_game::ogs_files(&corpus)
        .into_iter()
        .filter_map(|f| {
            let name = f
                .strip_prefix(corpus.join("ogs-score-estimator"))
                .unwrap_or(&f)
                .display()
                .to_string();
            ogs_game::read_ogs(&f).ok().map(|c| (name, c.board))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let rules = Rules::default();
    let settings = Settings::default();
    let mut group = c.benchmark_group("dead_stones_ogs");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(300));
    group.measurement_time(Duration::from_secs(1));
    for (name, board) in positions() {
        group.bench_with_input(BenchmarkId::from_parameter(&name), &board, |b, board| {
            b.iter(|| suggest(black_box(board), &rules, 0, &settings))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
