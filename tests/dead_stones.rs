//! Issue 11 item 5: `tianyuan dead-stones` end to end (the binary: JSON shape, text, exit
//! codes), and the estimator's goals on real data (read from ../shared/corpus, never copied;
//! those tests say "skipped" without it):
//! - OGS score-estimator positions: the suggested dead stones equal exactly the stones marked
//!   for removal (marked empty points are dame and are not judged), in at least 95 %;
//! - the finished Chinese-rules games of the corpus INDEX that end with dead stones on the
//!   board (not reproducible with every stone alive, outside `fuego-regression/`): the area
//!   count with the suggested stones removed gives the recorded result, in at least 95 %.
//!
//! Every miss is printed with what differs. Speed is the criterion benchmark's business
//! (`benches/dead_stones.rs`); the elapsed times printed here are for information only.

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/ogs_game.rs"]
mod ogs_game;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use ogs_game::{ogs_files, read_ogs};
use tianyuan::analysis::{Settings, suggest};
use tianyuan::record::{self, Outcome};
use tianyuan::rules::{Board, Color, Coord, Game, KoRule, Move, Rules, area_count, score};
use tianyuan::time::{SystemTimeSource, TimeSource};

/// The plain Monte-Carlo estimator the issue says mis-scores about 5 % of finished games:
/// uniformly random playouts from the position with the side to move first (legal moves that
/// never fill an own one-point eye, `Game::play_random`), a stone dead when its point ends as
/// the opponent's in more than half of them. Here only to be beaten.
fn plain_monte_carlo_dead(board: &Board, to_move: Color) -> Vec<Coord> {
    const PLAYOUTS: u32 = 128;
    let rules = Rules {
        ko: KoRule::Simple,
        ..Rules::default()
    };
    let size = usize::from(board.size());
    let index = |c: Coord| usize::from(c.y) * size + usize::from(c.x);
    let mut state = board.hash() | 1;
    let mut below = move |n: usize| {
        // SplitMix64, multiply-shift to 0..n.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((((z ^ (z >> 31)) >> 32) * n as u64) >> 32) as usize
    };
    let stones = board.stones();
    let mut lost = vec![0u32; size * size];
    for _ in 0..PLAYOUTS {
        let mut game = Game::from_board(board.clone(), rules.clone(), to_move);
        let mut color = to_move;
        let mut passes = 0;
        while passes < 2 && game.move_number() < 3 * size * size {
            passes = if game.play_random(color, &mut below) == Move::Pass {
                passes + 1
            } else {
                0
            };
            color = color.opponent();
        }
        let end = game.board();
        for &(c, stone) in &stones {
            let owner = end.get(c).or_else(|| {
                let around: Vec<Option<Color>> = [(0i32, -1i32), (-1, 0), (1, 0), (0, 1)]
                    .iter()
                    .filter_map(|(dx, dy)| {
                        let x = u8::try_from(i32::from(c.x) + dx).ok()?;
                        let y = u8::try_from(i32::from(c.y) + dy).ok()?;
                        let n = Coord::new(x, y);
                        n.is_on(board.size()).then(|| end.get(n))
                    })
                    .collect();
                let first = around.first().copied().flatten()?;
                around.iter().all(|&a| a == Some(first)).then_some(first)
            });
            if owner == Some(stone.opponent()) {
                lost[index(c)] += 1;
            }
        }
    }
    stones
        .into_iter()
        .filter(|&(c, _)| 2 * lost[index(c)] > PLAYOUTS)
        .map(|(c, _)| c)
        .collect()
}

#[test]
fn issue11_dead_stones_match_ogs_removals_in_95_percent() {
    let Some(corpus) = corpus::corpus_or_skip() else {
        return;
    };
    let files = ogs_files(&corpus);
    assert!(
        !files.is_empty(),
        "no .game files under ogs-score-estimator"
    );
    let mut exact = 0;
    let mut plain_exact = 0;
    let mut misses = Vec::new();
    let clock = SystemTimeSource::new();
    for file in &files {
        let name = file
            .strip_prefix(&corpus)
            .unwrap_or(file)
            .display()
            .to_string();
        let case = read_ogs(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        let size = case.board.size();
        let s = suggest(&case.board, &Rules::default(), 0, &Settings::default());
        let got: BTreeSet<String> = s.dead.iter().map(|c| c.to_gtp(size)).collect();
        let plain: BTreeSet<String> = plain_monte_carlo_dead(&case.board, case.to_move)
            .iter()
            .map(|c| c.to_gtp(size))
            .collect();
        if plain == case.removed {
            plain_exact += 1;
        }
        if got == case.removed {
            exact += 1;
        } else {
            let missing: Vec<_> = case.removed.difference(&got).cloned().collect();
            let extra: Vec<_> = got.difference(&case.removed).cloned().collect();
            let unc: Vec<String> = s.uncertain.iter().map(|c| c.to_gtp(size)).collect();
            misses.push(format!(
                "{name}: not suggested {missing:?}, wrongly suggested {extra:?}, uncertain {unc:?}"
            ));
        }
    }
    let total = files.len();
    println!(
        "OGS positions: {exact}/{total} exact ({:.1} %), plain Monte-Carlo {plain_exact}/{total}, {:.2} s in all",
        100.0 * exact as f64 / total as f64,
        clock.now().0 as f64 / 1000.0
    );
    for m in &misses {
        println!("  miss {m}");
    }
    assert!(
        exact * 100 >= total * 95,
        "{exact}/{total} exact, below 95 %"
    );
    assert!(exact > plain_exact, "no better than plain Monte-Carlo");
}

/// The INDEX rows the goal is about: file, recorded result.
fn index_rows(corpus: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(corpus.join("INDEX-chinese-rules-finished-games.tsv"))
        .unwrap_or_default();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name);
    let (Some(file), Some(re), Some(dup)) = (col("file"), col("RE"), col("duplicate_of")) else {
        return Vec::new();
    };
    lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f.len() > file.max(re).max(dup))
        .filter(|f| !f[file].starts_with("fuego-regression/") && f[dup].is_empty())
        .map(|f| (f[file].to_owned(), f[re].to_owned()))
        .collect()
}

#[test]
fn issue11_dead_stones_give_the_recorded_result_in_95_percent_of_finished_games() {
    let Some(corpus) = corpus::corpus_or_skip() else {
        return;
    };
    let rows = index_rows(&corpus);
    assert!(!rows.is_empty(), "INDEX has no rows");
    let mut judged = 0;
    let mut right = 0;
    let mut plain_right = 0;
    let mut misses = Vec::new();
    let clock = SystemTimeSource::new();
    for (file, re) in &rows {
        let bytes = std::fs::read(corpus.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let reading = record::read(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let tree = reading.collection.trees.first().expect("a game");
        let replayed = record::replay_main_line(tree).unwrap_or_else(|e| panic!("{file}: {e}"));
        let Some(Outcome::Counted(recorded)) = replayed.info.result else {
            panic!("{file}: RE[{re}] is not a counted result");
        };
        let handicap = if replayed.info.handicap >= 2 {
            replayed.info.handicap
        } else {
            replayed.game.handicap()
        };
        let rules = replayed.game.rules().clone();
        let board = replayed.game.board();
        if score(&area_count(board, &[]), &rules, handicap) == recorded {
            continue; // reproducible with every stone alive: not what this goal is about
        }
        judged += 1;
        let plain = plain_monte_carlo_dead(board, replayed.game.to_move());
        if score(&area_count(board, &plain), &rules, handicap) == recorded {
            plain_right += 1;
        }
        let s = suggest(board, &rules, handicap, &Settings::default());
        if s.result == recorded {
            right += 1;
        } else {
            let size = board.size();
            let dead: Vec<String> = s.dead.iter().map(|c| c.to_gtp(size)).collect();
            let unc: Vec<String> = s.uncertain.iter().map(|c| c.to_gtp(size)).collect();
            misses.push(format!(
                "{file}: recorded {re}, suggested {} with dead {dead:?}, uncertain {unc:?}",
                s.result.to_sgf()
            ));
        }
    }
    println!(
        "finished games with dead stones: {right}/{judged} give the recorded result ({:.1} %), plain Monte-Carlo {plain_right}/{judged}, {:.2} s in all",
        100.0 * right as f64 / judged.max(1) as f64,
        clock.now().0 as f64 / 1000.0
    );
    for m in &misses {
        println!("  miss {m}");
    }
    assert!(judged > 0, "no INDEX game ends with dead stones");
    assert!(
        right * 100 >= judged * 95,
        "{right}/{judged} right, below 95 %"
    );
    assert!(right >= plain_right, "worse than plain Monte-Carlo");
}

/// A 5×5 record with setup stones only: the Black stone on D2 stands in White's area.
const SETUP_RECORD: &str = "(;GM[1]FF[4]SZ[5]KM[0]RU[Chinese]
AB[ba][ab][bb][bc][ad][bd][dd][be]AW[ca][cb][eb][cc][dc][cd][ce])";

fn scratch_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tianyuan-dead-stones-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path
}

fn tianyuan(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .args(args)
        .env("LC_ALL", "C")
        .output()
        .expect("run tianyuan");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn issue11_dead_stones_json_has_the_issue_shape() {
    let file = scratch_file("setup.sgf", SETUP_RECORD);
    let (code, out, err) = tianyuan(&["dead-stones", "--json", &file.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    // Keys in the issue's order, GTP vertices, the count's result (komi 0: White 15 − 10).
    assert!(
        out.starts_with(r#"{"dead": ["D2"], "uncertain": [], "dame": [], "result": "W+5"}"#),
        "{out}"
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(v["dead"], serde_json::json!(["D2"]));
}

#[test]
fn issue11_dead_stones_text_names_the_dead_stones_and_the_reason() {
    let file = scratch_file("setup-text.sgf", SETUP_RECORD);
    let (code, out, err) = tianyuan(&["dead-stones", "--lang", "en", &file.display().to_string()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Dead (1): D2"), "{out}");
    assert!(
        out.contains("Result: White wins by 2½ stones (W+5)"),
        "{out}"
    );
    assert!(
        out.contains("Black D2 — dead: captured in playouts"),
        "{out}"
    );
    let (code, out, _) = tianyuan(&[
        "dead-stones",
        "--lang",
        "zh-Hans",
        &file.display().to_string(),
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("死子 (1): D2") && out.contains("白胜2½子"),
        "{out}"
    );
}

#[test]
fn issue11_dead_stones_errors_exit_1_for_files_and_2_for_usage() {
    let missing = std::env::temp_dir().join("tianyuan-no-such-file.sgf");
    let (code, _, err) = tianyuan(&["dead-stones", &missing.display().to_string()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("no-such-file") && err.contains("cannot read"),
        "{err}"
    );
    let junk = scratch_file("junk.sgf", "this is not SGF at all");
    let (code, _, err) = tianyuan(&["dead-stones", "--json", &junk.display().to_string()]);
    assert_eq!(code, 1, "{err}");
    let (code, _, err) = tianyuan(&["dead-stones"]);
    assert_eq!(code, 2, "{err}");
    let one = scratch_file("one-game.sgf", SETUP_RECORD);
    let (code, _, err) = tianyuan(&["dead-stones", "--game", "2", &one.display().to_string()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no game 2"), "{err}");
    let (code, _, err) = tianyuan(&["dead-stones", "--lang", "xx", &one.display().to_string()]);
    assert_eq!(code, 2, "{err}");
}
