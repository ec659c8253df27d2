//! The review model's undo and redo (issue 10, item 1), its linear navigation checked against
//! a fresh replay (item 10), and the game information editor (item 3).

use super::*;
use crate::diagram::PointMark;
use crate::gtp::policy::SplitMix64;
use crate::record::NodeId;
use crate::rules::{Color, Coord, Game, Move, Rules};

/// A game with a variation, a comment, a setup node and a `PL`: every kind of node.
const BASE: &[u8] = b"(;GM[1]FF[4]SZ[9]KM[7.5]PB[Ke Jie]RE[B+R]\
    ;B[ee]C[centre]TR[ee];W[cc](;B[gg];W[gc];B[cg])(;B[cg]AB[aa]PL[W];W[ge]))";

fn base() -> Review {
    Review::from_sgf(BASE, 0).expect("readable").0
}

fn p(s: &str) -> Coord {
    Coord::from_sgf(s, 9).expect("point")
}

/// Goes to move `n` of the main line (`n` above 100: the next variation at move `n - 100`),
/// as the reviewer would before an edit.
fn at(mut r: Review, n: usize) -> Review {
    r.go_to_move(n % 100).expect("move on the main line");
    if n > 100 {
        assert!(r.next_variation());
    }
    r
}

type EditCase = (&'static str, usize, fn(&mut Review));

/// (name, the move of the main line the cursor is on, the edit): every kind of review edit.
/// A move number above 100 means the variation at move `n - 100`.
const EDITS: &[EditCase] = &[
    ("a new move", 2, |r| {
        r.play(Move::Play(p("dg"))).expect("legal");
    }),
    ("a pass", 5, |r| {
        r.play(Move::Pass).expect("a pass is legal");
    }),
    ("deleting a line with its moves", 2, |r| {
        r.delete_current().expect("not the root");
    }),
    ("deleting from the first move", 1, |r| {
        r.delete_current().expect("not the root");
    }),
    ("promoting a variation", 103, |r| {
        assert!(r.promote_to_main_line());
    }),
    ("a setup stone on a move (a new node)", 2, |r| {
        r.set_setup_stone(p("ii"), Some(Color::Black))
            .expect("legal setup");
    }),
    ("removing a stone by setup", 1, |r| {
        r.set_setup_stone(p("ee"), None).expect("legal setup");
    }),
    ("a triangle", 1, |r| {
        r.toggle_mark(p("ee"), PointMark::Triangle)
    }),
    ("a label", 1, |r| r.set_label(p("ff"), "A")),
    ("an arrow", 1, |r| {
        r.toggle_arrow(p("aa"), p("ee")).expect("two points");
    }),
    ("a line", 1, |r| {
        r.toggle_line(p("aa"), p("ee")).expect("two points");
    }),
    ("dimming", 1, |r| r.toggle_dimmed(p("ee"))),
    ("clearing a point", 1, |r| r.clear_markup_at(p("ee"))),
    ("clearing all marks", 1, |r| {
        r.set_label(p("ff"), "B");
        assert_eq!(r.clear_markup(), 2, "the triangle and the label");
    }),
    ("a comment", 2, |r| r.set_comment("a fine move")),
    ("removing a comment", 1, |r| r.set_comment("")),
    ("a move annotation", 2, |r| {
        r.set_move_annotation(Some(MoveAnnotation::Doubtful))
    }),
    ("a position annotation", 2, |r| {
        r.set_position_annotation(Some(PositionAnnotation::Unclear))
    }),
    ("a player's name", 3, |r| {
        assert!(r.set_info(InfoField::White, "Shin Jinseo").expect("text"));
    }),
    ("komi (the rules change)", 3, |r| {
        assert!(r.set_info(InfoField::Komi, "6.5").expect("a komi"));
    }),
    ("removing the result", 0, |r| {
        assert!(r.set_info(InfoField::Result, "").expect("removal"));
    }),
    ("the date", 0, |r| {
        assert!(r.set_info(InfoField::Date, "2026-11-30").expect("text"));
    }),
];

/// What must come back on undo: the file, where the cursor is, and the position there.
fn snapshot(r: &Review) -> (String, NodeId, String, Color) {
    (
        r.to_sgf(),
        r.current(),
        r.game().board().to_diagram(),
        r.game().to_move(),
    )
}

#[test]
fn issue_10_every_edit_is_undone_and_redone_exactly() {
    for &(name, move_no, edit) in EDITS {
        let mut r = at(base(), move_no);
        let before = snapshot(&r);
        assert!(!r.is_dirty(), "{name}");
        edit(&mut r);
        let after = snapshot(&r);
        assert_ne!(before.0, after.0, "{name}: the edit changed the record");
        assert!(r.is_dirty(), "{name}");
        assert!(r.can_undo(), "{name}");
        while r.undo().is_some() {}
        assert_eq!(snapshot(&r), before, "{name}: undo restores it");
        assert!(
            !r.is_dirty(),
            "{name}: back where it was read, nothing to save"
        );
        while r.redo().is_some() {}
        assert_eq!(snapshot(&r), after, "{name}: redo does it again");
        // And the undone edit of a real file reads back the same.
        let again = Review::from_sgf(after.0.as_bytes(), 0).expect("re-read").0;
        assert_eq!(again.to_sgf(), after.0, "{name}: saved as shown");
    }
}

#[test]
fn issue_10_delete_from_move_5_and_undo_restores_the_whole_tree() {
    let (mut r, _) = Review::from_sgf(&long_record(300, 7), 0).expect("readable");
    // A variation at move 40, to check the deletion counts it.
    r.go_to_move(39).expect("move 39");
    r.play(Move::Pass).expect("a pass");
    r.go_to_move(5).expect("move 5");
    let before = r.to_sgf();
    let removal = r.removal(r.current());
    assert_eq!(
        removal,
        Removed {
            nodes: 297,
            moves: 297,
            variations: 1
        }
    );
    let removed = r.delete_current().expect("deleted");
    assert_eq!(removed, removal);
    assert_eq!(r.move_number(), 4);
    assert_eq!(r.line_moves(), 4);
    assert_eq!(r.undo(), Some(EditKind::Delete(removal)));
    assert_eq!(r.to_sgf(), before);
    assert_eq!(r.move_number(), 5, "the cursor is back on the deleted move");
    r.last();
    assert_eq!(r.move_number(), 300);
}

#[test]
fn a_new_edit_after_undo_drops_the_redo_and_saving_marks_clean() {
    let mut r = at(base(), 1);
    r.set_comment("one");
    r.set_comment("two");
    r.mark_saved();
    assert!(!r.is_dirty());
    assert_eq!(r.undo(), Some(EditKind::Comment));
    assert!(r.is_dirty(), "the saved state was 'two'");
    assert_eq!(r.redo(), Some(EditKind::Comment));
    assert!(!r.is_dirty());
    r.undo();
    r.set_comment("three");
    assert!(!r.can_redo(), "a new edit starts a new future");
    assert!(r.is_dirty());
    assert_eq!(r.comment(), "three");
}

#[test]
fn undo_acts_on_the_game_shown_of_a_file_of_several() {
    let file = b"(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[cc])";
    let (mut r, _) = Review::from_sgf(file, 0).expect("two games");
    r.last();
    r.set_comment("first");
    r.switch_game(1).expect("second");
    assert!(!r.can_undo(), "the second game has no edit");
    assert!(r.is_dirty(), "but the file has one");
    r.last();
    r.set_comment("second");
    assert_eq!(r.undo(), Some(EditKind::Comment));
    r.switch_game(0).expect("first");
    r.last();
    assert_eq!(r.comment(), "first");
    assert_eq!(r.undo(), Some(EditKind::Comment));
    assert!(!r.is_dirty());
}

#[test]
fn game_information_is_checked_and_changes_the_rules() {
    let mut r = at(base(), 3);
    assert_eq!(r.info_text(InfoField::Black), "Ke Jie");
    assert_eq!(r.info_text(InfoField::Result), "B+R");
    for (field, bad) in [
        (InfoField::Komi, "seven"),
        (InfoField::Komi, "7.25"),
        (InfoField::Handicap, "1"),
        (InfoField::TimeLimit, "-5"),
    ] {
        let before = r.to_sgf();
        assert!(
            matches!(r.set_info(field, bad), Err(ReviewError::Info(_))),
            "{field:?} {bad}"
        );
        assert_eq!(r.to_sgf(), before, "refused: nothing changed");
    }
    assert!(r.set_info(InfoField::Komi, " 6.50 ").expect("komi"));
    assert_eq!(r.info_text(InfoField::Komi), "6.5");
    assert_eq!(r.info().komi.map(|k| k.points()), Some(6.5));
    assert_eq!(
        r.game().rules().komi.points(),
        6.5,
        "the position's rules too"
    );
    assert_eq!(r.move_number(), 3, "the cursor stays");
    assert!(
        !r.set_info(InfoField::Komi, "6.5").expect("same"),
        "no change"
    );
    assert!(r.set_info(InfoField::Handicap, "2").expect("handicap"));
    assert_eq!(r.info().handicap, 2);
    r.undo();
    r.undo();
    assert_eq!(r.info().komi.map(|k| k.points()), Some(7.5));
    assert_eq!(r.info().handicap, 0);
}

/// A random legal game of `moves` moves and passes on 19×19 (captures and all), as SGF.
pub(crate) fn long_record(moves: usize, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(19, Rules::default()).expect("19×19");
    let mut color = Color::Black;
    for _ in 0..moves {
        let mut played = false;
        for _ in 0..40 {
            let c = Coord::new(rng.below(19) as u8, rng.below(19) as u8);
            if game.play(color, Move::Play(c)).is_ok() {
                played = true;
                break;
            }
        }
        if !played {
            let _ = game.play(color, Move::Pass);
        }
        color = color.opponent();
    }
    let info = crate::record::GameInfo {
        size: 19,
        ..Default::default()
    };
    crate::record::game_to_sgf(&game, &info).into_bytes()
}

/// The position at the cursor against a fresh replay of the path to it.
fn check_against_replay(r: &Review, what: &str) {
    let mut fresh = Review::from_collection(r.collection().clone(), r.game_index()).expect("same");
    assert!(fresh.go_to(r.current()), "{what}");
    let (a, b) = (r.game(), fresh.game());
    assert_eq!(a.board().to_diagram(), b.board().to_diagram(), "{what}");
    assert_eq!(a.to_move(), b.to_move(), "{what}");
    assert_eq!(a.move_number(), b.move_number(), "{what}");
    assert_eq!(
        (a.captures(Color::Black), a.captures(Color::White)),
        (b.captures(Color::Black), b.captures(Color::White)),
        "{what}"
    );
    assert_eq!(r.irregularity(), fresh.irregularity(), "{what}");
    // The position also plays on as the replayed one does (superko history included).
    for c in [Coord::new(3, 3), Coord::new(15, 15), Coord::new(0, 0)] {
        let c = Coord::new(c.x.min(r.size() - 1), c.y.min(r.size() - 1));
        assert_eq!(
            a.check(a.to_move(), Move::Play(c)),
            b.check(b.to_move(), Move::Play(c)),
            "{what}"
        );
    }
}

#[test]
fn issue_10_random_walks_match_a_fresh_replay() {
    let files: [&[u8]; 4] = [
        BASE,
        include_bytes!("../../tests/data/sgf/minigo/example_game.sgf"),
        include_bytes!("../../tests/data/sgf/littlego/positional-superko.sgf"),
        &long_record(400, 3),
    ];
    for (f, bytes) in files.iter().enumerate() {
        let (mut r, _) = Review::from_sgf(bytes, 0).expect("readable");
        let mut rng = SplitMix64::new(f as u64 + 11);
        let nodes: Vec<NodeId> = r.tree().iter().map(|(id, _)| id).collect();
        for step in 0..300 {
            let op = rng.below(8);
            match op {
                0 | 1 => {
                    r.forward();
                }
                2 | 3 => {
                    r.back();
                }
                4 => {
                    r.go_to(nodes[rng.below(nodes.len())]);
                }
                5 => {
                    r.next_variation();
                }
                6 => {
                    let n = rng.below(r.line_moves() + 1);
                    r.go_to_move(n).expect("on the line");
                }
                _ => {
                    if rng.below(2) == 0 {
                        r.first();
                    } else {
                        r.last();
                    }
                }
            }
            check_against_replay(&r, &format!("file {f}, step {step}, op {op}"));
        }
    }
}

#[test]
fn move_numbers_come_from_the_moves_played() {
    let mut r = Review::from_sgf(b"(;SZ[9];B[ee];W[ab];B[aa];W[ba];B[aa])", 0)
        .expect("readable")
        .0;
    r.go_to_move(3).expect("move 3");
    assert_eq!(
        r.move_numbers(),
        vec![(p("ee"), 1), (p("ab"), 2), (p("aa"), 3)]
    );
    r.go_to_move(4).expect("move 4");
    // W[ba] captured the stone of move 3: its number goes with it.
    assert_eq!(
        r.move_numbers(),
        vec![(p("ee"), 1), (p("ab"), 2), (p("ba"), 4)]
    );
    r.last();
    // Black plays on aa again, a suicide the tolerant replay removes: no number there.
    assert_eq!(
        r.move_numbers(),
        vec![(p("ee"), 1), (p("ab"), 2), (p("ba"), 4)]
    );
    assert!(r.irregularity().is_some());
}

/// The memory an afternoon's review holds for undo: the figure the report quotes.
#[test]
fn undo_history_of_a_16000_move_record_stays_small() {
    let (mut r, _) = Review::from_sgf(&long_record(16_000, 5), 0).expect("readable");
    r.go_to_move(5).expect("move 5");
    r.delete_current().expect("delete 15,996 moves");
    r.undo();
    for n in (100..16_000).step_by(200) {
        r.go_to_move(n).expect("on the line");
        r.set_comment(&format!("move {n}"));
        r.toggle_mark(Coord::new(3, 3), PointMark::Circle);
    }
    let bytes = r.history_bytes();
    eprintln!("undo history: {bytes} bytes for 160 edits and a deletion of 15,996 moves");
    assert!(
        bytes < 200_000,
        "{bytes} bytes for 160 edits and a big deletion"
    );
}
