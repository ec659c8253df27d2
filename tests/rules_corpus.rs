//! The rules core on real records: Little Go's illegal games (copied into tests/data with
//! their licence) must load tolerantly with the right irregularity at the right move, and
//! Fuego's repetition regression positions (read from ../shared/corpus, LGPL, never copied)
//! must get Fuego's legality answers under each ko rule.

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/mini_sgf.rs"]
mod mini_sgf;
#[path = "support/sgf_game.rs"]
mod sgf_game;

use std::path::Path;

use tianyuan::rules::{Color, Coord, IllegalMove, KoRule, Move, Rules};

fn rules(ko: KoRule) -> Rules {
    Rules {
        ko,
        ..Rules::default()
    }
}

fn load(path: &Path) -> Vec<mini_sgf::Node> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    mini_sgf::main_line(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn littlego(name: &str) -> Vec<mini_sgf::Node> {
    load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/littlego-illegal")
            .join(name),
    )
}

/// (move number, colour, reason, played as pass) of each irregularity.
fn irregularities(name: &str, ko: KoRule) -> Vec<(usize, Color, IllegalMove, bool)> {
    let (_, found) = sgf_game::replay(&littlego(name), rules(ko), None).expect("replays");
    found
        .iter()
        .map(|i| (i.move_number, i.color, i.reason, i.played_as_pass))
        .collect()
}

#[test]
fn littlego_suicide_is_reported_and_removed() {
    let found = irregularities("suicide.sgf", KoRule::Positional);
    assert_eq!(found, vec![(4, Color::White, IllegalMove::Suicide, false)]);
    let (game, _) =
        sgf_game::replay(&littlego("suicide.sgf"), Rules::default(), None).expect("replays");
    assert_eq!(game.board().get(Coord::new(0, 0)), None);
    assert_eq!(game.captures(Color::Black), 1);
}

#[test]
fn littlego_occupied_point_becomes_a_pass() {
    let found = irregularities("illegal-move.sgf", KoRule::Positional);
    assert_eq!(found, vec![(16, Color::White, IllegalMove::Occupied, true)]);
}

#[test]
fn littlego_positional_superko_only_under_positional_rule() {
    let found = irregularities("positional-superko.sgf", KoRule::Positional);
    assert_eq!(found.len(), 1, "{found:?}");
    let (n, color, reason, as_pass) = found[0];
    assert_eq!((n, color, as_pass), (23, Color::Black, false));
    assert!(matches!(reason, IllegalMove::Superko { .. }), "{reason:?}");
    assert_eq!(
        irregularities("positional-superko.sgf", KoRule::Situational),
        vec![]
    );
}

#[test]
fn littlego_situational_superko_under_both_superko_rules() {
    for ko in [KoRule::Positional, KoRule::Situational] {
        let found = irregularities("situational-superko.sgf", ko);
        assert_eq!(found.len(), 1, "{ko:?}: {found:?}");
        let (n, color, reason, _) = found[0];
        assert_eq!((n, color), (24, Color::White));
        assert!(matches!(reason, IllegalMove::Superko { .. }), "{reason:?}");
    }
}

/// Runs Fuego's `repetition.tst`: `loadsgf FILE [N]` (the position before move N),
/// `go_param_rules ko_rule simple|superko|pos_superko` (Fuego's `superko` is situational) and
/// `ID is_legal COLOR VERTEX` followed by `#? [0|1]`.
#[test]
fn fuego_repetition_regressions() {
    let Some(corpus) = corpus::corpus_dir() else {
        println!("skipped: ../shared/corpus not found (set TIANYUAN_CORPUS)");
        return;
    };
    let dir = corpus.join("fuego-regression");
    let script = std::fs::read_to_string(dir.join("repetition.tst")).expect("repetition.tst");
    let mut nodes = Vec::new();
    let mut load_until = None;
    let mut ko = KoRule::Simple;
    let mut pending: Option<(String, bool)> = None;
    let mut checked = 0;
    for line in script.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["loadsgf", file, rest @ ..] => {
                nodes = load(&dir.join(file));
                load_until = rest
                    .first()
                    .map(|n| n.parse::<usize>().expect("move number") - 1);
            }
            ["go_param_rules", "ko_rule", rule] => {
                ko = match *rule {
                    "simple" => KoRule::Simple,
                    "superko" => KoRule::Situational,
                    "pos_superko" => KoRule::Positional,
                    other => panic!("unknown ko rule {other}"),
                };
            }
            [id, "is_legal", color, vertex] => {
                // The records were played under simple ko (repetition-1 repeats positions), so
                // they are loaded under it and the rule under test is switched on afterwards.
                let (mut game, irregular) =
                    sgf_game::replay(&nodes, rules(KoRule::Simple), load_until).expect("replays");
                assert_eq!(irregular, vec![], "test {id}: the record itself is legal");
                game.set_rules(rules(ko));
                let color = if color.eq_ignore_ascii_case("b") {
                    Color::Black
                } else {
                    Color::White
                };
                let c = Coord::from_gtp(vertex, game.size()).expect("vertex");
                pending = Some((id.to_string(), game.check(color, Move::Play(c)).is_ok()));
            }
            ["#?", expected] => {
                let (id, legal) = pending.take().expect("an is_legal before #?");
                let want = *expected == "[1]";
                assert_eq!(legal, want, "test {id} under {ko:?}");
                checked += 1;
            }
            _ => {}
        }
    }
    assert_eq!(checked, 15);
}

#[test]
fn fuego_triple_ko_cycle_is_reported_under_simple_ko() {
    let Some(corpus) = corpus::corpus_dir() else {
        println!("skipped: ../shared/corpus not found (set TIANYUAN_CORPUS)");
        return;
    };
    let nodes = load(&corpus.join("fuego-regression/sgf/repetition/triple-ko.sgf"));
    let (mut game, _) = sgf_game::replay(&nodes, rules(KoRule::Simple), Some(5)).expect("replays");
    let e7 = Coord::from_gtp("E7", 9).expect("vertex");
    let played = game
        .play(Color::White, Move::Play(e7))
        .expect("legal under simple ko");
    assert_eq!(played.repeats_after_move, Some(0));
}
