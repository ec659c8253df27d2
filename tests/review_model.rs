//! The review model: navigation, variations, setup, markup and annotations, written as SGF
//! and read back.

use tianyuan::diagram::PointMark;
use tianyuan::record::replay;
use tianyuan::review::{MoveAnnotation, PositionAnnotation, Review, ReviewError, tree_cells};
use tianyuan::rules::{Color, Coord, IllegalMove, Move};

#[path = "support/corpus.rs"]
mod support_corpus;

fn p(s: &str) -> Coord {
    Coord::from_sgf(s, 19).expect("point")
}

fn play(r: &mut Review, s: &str) -> tianyuan::record::NodeId {
    r.play(Move::Play(p(s))).expect("legal move")
}

/// Writes the review as SGF and opens the text again.
fn reread(r: &Review) -> Review {
    let text = r.to_sgf();
    Review::from_sgf(text.as_bytes(), 0).expect("re-read").0
}

#[test]
fn navigation_on_a_real_298_move_game_matches_a_full_replay() {
    let Some(dir) = support_corpus::corpus_or_skip() else {
        return;
    };
    let bytes =
        std::fs::read(dir.join("fuego-regression/sgf/games/2008/KGS/9/16/Fuego-masaician.sgf"))
            .expect("corpus file");
    let (mut r, _) = Review::from_sgf(&bytes, 0).expect("readable");
    assert_eq!(r.move_number(), 0);
    r.last();
    let total = r.move_number();
    assert_eq!(total, r.line_moves());
    assert!(total >= 290, "{total} moves");
    for n in [0, 1, 57, 150, total] {
        r.go_to_move(n).expect("on the line");
        assert_eq!(r.move_number(), n);
        let full = replay(r.tree(), &r.path()).expect("replay");
        assert_eq!(r.game().board(), full.game.board(), "after move {n}");
    }
    assert_eq!(
        r.go_to_move(total + 1),
        Err(ReviewError::NoSuchMove(total + 1))
    );
    r.go_to_move(100).expect("move 100");
    assert!(r.back());
    assert_eq!(r.move_number(), 99);
    assert!(r.forward());
    assert_eq!(r.move_number(), 100);
    r.first();
    assert_eq!(r.move_number(), 0);
    assert!(!r.back(), "nothing before the root");
    assert!(!r.is_dirty(), "navigation is no edit");
}

#[test]
fn playing_follows_existing_moves_and_adds_variations() {
    let mut r = Review::new(19).expect("new");
    let a = play(&mut r, "pd");
    play(&mut r, "dp");
    assert!(r.back() && r.back());
    assert_eq!(
        play(&mut r, "pd"),
        a,
        "same move: the existing child is followed"
    );
    let main_reply = r.children()[0];
    let variation = play(&mut r, "dd");
    assert_eq!(
        r.tree().node(a).expect("a").children,
        vec![main_reply, variation]
    );
    assert_eq!(r.game().board().get(p("dd")), Some(Color::White));
    assert!(r.is_dirty());

    // Variations at the same move.
    assert!(r.prev_variation());
    assert_eq!(r.current(), main_reply);
    assert!(!r.prev_variation());
    assert!(r.next_variation());
    assert_eq!(r.current(), variation);

    // Promotion makes it the main line, written first in the file.
    assert!(r.promote_to_main_line());
    assert_eq!(r.tree().main_line().last(), Some(&variation));
    let again = reread(&r);
    let line: Vec<_> = again
        .tree()
        .main_line()
        .iter()
        .filter_map(|&id| again.move_of(id))
        .collect();
    assert_eq!(
        line,
        vec![
            (Color::Black, Move::Play(p("pd"))),
            (Color::White, Move::Play(p("dd")))
        ]
    );

    // Deleting removes the node and what follows; the cursor goes to the parent.
    r.delete_current().expect("delete");
    assert_eq!(r.move_number(), 1);
    assert_eq!(r.children().len(), 1);
    assert_eq!(
        reread(&r).tree().len(),
        3,
        "deleted nodes are not saved (they stay in the arena only for undo)"
    );
    r.first();
    assert_eq!(r.delete_current(), Err(ReviewError::RootCannotBeDeleted));
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_change_nothing() {
    let mut r = Review::new(19).expect("new");
    play(&mut r, "aa");
    let before = r.tree().clone();
    assert_eq!(
        r.play(Move::Play(p("aa"))),
        Err(ReviewError::Illegal(IllegalMove::Occupied))
    );
    assert_eq!(*r.tree(), before);
    assert_eq!(r.move_number(), 1);
}

#[test]
fn setup_stones_are_written_as_ab_aw_ae_and_refused_without_liberties() {
    let mut r = Review::new(9).expect("new");
    let c = |s: &str| Coord::from_sgf(s, 9).expect("point");
    r.set_setup_stone(c("cc"), Some(Color::Black)).expect("AB");
    r.set_setup_stone(c("dc"), Some(Color::White)).expect("AW");
    assert_eq!(r.current_node().value("AB"), Some("cc"));
    assert_eq!(r.current_node().value("AW"), Some("dc"));
    assert_eq!(r.game().board().get(c("cc")), Some(Color::Black));
    // Taking back a stone set up in this node just drops it from the list.
    r.set_setup_stone(c("cc"), None).expect("remove");
    assert!(!r.current_node().has("AB"));
    // A setup in a node holding a move goes into a new child node, with AE for a removal.
    r.set_setup_stone(c("cc"), Some(Color::Black))
        .expect("AB again");
    r.play(Move::Play(c("ee"))).expect("move");
    r.set_setup_stone(c("dc"), None).expect("AE");
    assert_eq!(r.current_node().value("AE"), Some("dc"));
    assert!(!r.current_node().has("B"));
    assert_eq!(r.game().board().get(c("dc")), None);
    // A black stone in the corner surrounded by white would have no liberties.
    r.set_setup_stone(c("ba"), Some(Color::White)).expect("AW");
    r.set_setup_stone(c("ab"), Some(Color::White)).expect("AW");
    let before = r.tree().clone();
    assert!(matches!(
        r.set_setup_stone(c("aa"), Some(Color::Black)),
        Err(ReviewError::Setup(_))
    ));
    assert_eq!(*r.tree(), before);
    let again = reread(&r);
    let mut copy = again.clone();
    copy.last();
    assert_eq!(copy.game().board(), r.game().board());
}

#[test]
fn markup_comments_and_annotations_round_trip_through_sgf() {
    let mut r = Review::new(19).expect("new");
    play(&mut r, "pd");
    r.toggle_mark(p("pd"), PointMark::Triangle);
    r.toggle_mark(p("dd"), PointMark::Square);
    r.toggle_mark(p("dp"), PointMark::Circle);
    r.toggle_mark(p("pp"), PointMark::Cross);
    r.toggle_mark(p("jj"), PointMark::Selected);
    // A second shape on a point replaces the first (FF[4]: one of CR, MA, SL, SQ, TR).
    r.toggle_mark(p("dd"), PointMark::Circle);
    r.set_label(p("qq"), "A");
    r.set_label(p("qr"), "a:b]c");
    r.toggle_arrow(p("aa"), p("cc")).expect("arrow");
    r.toggle_line(p("ss"), p("sq")).expect("line");
    assert_eq!(r.toggle_line(p("ss"), p("ss")), Err(ReviewError::SamePoint));
    r.toggle_dimmed(p("pd"));
    r.set_comment("好棋！\nSecond line with ] and \\.");
    r.set_move_annotation(Some(MoveAnnotation::Good));
    r.set_position_annotation(Some(PositionAnnotation::Unclear));

    let text = r.to_sgf();
    for needle in [
        "TR[pd]",
        "CR[dp][dd]",
        "MA[pp]",
        "SL[jj]",
        "LB[qq:A][qr:a\\:b\\]c]",
        "AR[aa:cc]",
        "LN[ss:sq]",
        "DD[pd]",
        "TE[1]",
        "UC[1]",
    ] {
        assert!(text.contains(needle), "{needle} missing in\n{text}");
    }
    assert!(!text.contains("SQ["), "the square was replaced");

    let mut again = reread(&r);
    again.last();
    let scene = again.scene(false);
    let marks = &scene.marks;
    assert_eq!(marks.point_mark(p("pd")), Some(PointMark::Triangle));
    assert_eq!(marks.point_mark(p("dd")), Some(PointMark::Circle));
    assert_eq!(marks.label(p("qr")), Some("a:b]c"));
    assert_eq!(marks.arrows, vec![(p("aa"), p("cc"))]);
    assert_eq!(marks.lines, vec![(p("ss"), p("sq"))]);
    assert_eq!(marks.dimmed, vec![p("pd")]);
    assert_eq!(marks.last_move, Some(p("pd")));
    assert_eq!(again.comment(), "好棋！\nSecond line with ] and \\.");
    assert_eq!(again.move_annotation(), Some(MoveAnnotation::Good));
    assert_eq!(
        again.position_annotation(),
        Some(PositionAnnotation::Unclear)
    );

    // Toggling again and clearing take everything off.
    r.toggle_mark(p("pd"), PointMark::Triangle);
    assert_eq!(r.scene(false).marks.point_mark(p("pd")), None);
    r.clear_markup_at(p("aa"));
    assert!(r.scene(false).marks.arrows.is_empty());
    r.clear_markup();
    r.set_move_annotation(None);
    let text = r.to_sgf();
    for id in ["CR[", "MA[", "LB[", "LN[", "DD[", "TE["] {
        assert!(!text.contains(id), "{id} left in {text}");
    }
}

#[test]
fn dirty_until_saved() {
    let mut r = Review::new(9).expect("new");
    assert!(!r.is_dirty());
    r.set_comment("note");
    assert!(r.is_dirty());
    r.mark_saved();
    assert!(!r.is_dirty());
    r.set_comment("note");
    assert!(!r.is_dirty(), "the same text is no change");
}

#[test]
fn move_numbers_show_the_latest_move_on_each_stone() {
    let mut r = Review::new(9).expect("new");
    let c = |s: &str| Coord::from_sgf(s, 9).expect("point");
    for s in ["ba", "aa", "ab"] {
        r.play(Move::Play(c(s))).expect("legal");
    }
    // Black's 3 at ab captures White's 2 at aa.
    let numbers = r.move_numbers();
    assert_eq!(numbers, vec![(c("ba"), 1), (c("ab"), 3)]);
}

#[test]
fn variation_tree_puts_the_main_line_in_column_0() {
    let mut r = Review::new(19).expect("new");
    play(&mut r, "pd");
    play(&mut r, "dp");
    play(&mut r, "pp");
    r.go_to_move(1).expect("move 1");
    let var = play(&mut r, "dd");
    let cells = tree_cells(r.tree(), 19);
    assert_eq!(cells.len(), 5);
    let main: Vec<_> = cells.iter().filter(|c| c.column == 0).collect();
    assert_eq!(main.len(), 4);
    let v = cells
        .iter()
        .find(|c| c.node == var)
        .expect("variation cell");
    assert_eq!((v.row, v.column, v.move_number), (2, 1, 2));
    assert_eq!(v.parent_at, Some((1, 0)));
    assert_eq!(v.color, Some(Color::White));
}

/// Every file of the corpus opens for review (or fails with an error, never a panic), every
/// game tree lays out without two nodes on one cell, and the end of the main line shows.
#[test]
fn every_corpus_file_opens_navigates_and_lays_out() {
    let Some(dir) = support_corpus::corpus_or_skip() else {
        return;
    };
    let files = tianyuan::cli::check::collect_files(&[dir]);
    assert!(files.len() > 2000, "{} files", files.len());
    let mut opened = 0;
    for f in &files {
        let Ok(bytes) = std::fs::read(f) else {
            continue;
        };
        let Ok((mut r, _)) = Review::from_sgf(&bytes, 0) else {
            continue;
        };
        opened += 1;
        r.last();
        let scene = r.scene(true);
        assert_eq!(scene.size(), r.size());
        let cells = tree_cells(r.tree(), r.size());
        assert_eq!(cells.len(), r.tree().len(), "{}", f.display());
        let mut seen = std::collections::HashSet::new();
        for c in &cells {
            assert!(
                seen.insert((c.row, c.column)),
                "{}: two nodes at {:?}",
                f.display(),
                (c.row, c.column)
            );
        }
        r.first();
        assert_eq!(r.path(), vec![r.tree().root_id()]);
    }
    assert!(
        opened * 10 > files.len() * 9,
        "{opened} of {} opened",
        files.len()
    );
}

#[test]
fn a_file_of_several_games_reviews_each_and_keeps_the_edits_of_all() {
    let file = b"(;GM[1]FF[4]SZ[19]PB[One];B[pd];W[dp])(;GM[1]FF[4]SZ[9]PB[Two];B[ee];W[cc];B[gg])";
    let (mut r, _) = Review::from_sgf(file, 0).expect("two games");
    assert_eq!((r.game_count(), r.game_index(), r.size()), (2, 0, 19));
    r.last();
    r.set_comment("first game, last move");
    assert!(r.is_dirty());

    r.switch_game(1).expect("the second game");
    assert_eq!((r.game_index(), r.size(), r.move_number()), (1, 9, 0));
    assert_eq!(r.info().black.as_deref(), Some("Two"));
    assert_eq!(r.line_moves(), 3);
    assert!(r.is_dirty(), "the unsaved mark survives the switch");
    r.last();
    r.set_comment("second game");

    // A game the file does not have is an error and changes nothing.
    assert!(matches!(r.switch_game(7), Err(ReviewError::NoGame(7))));
    assert_eq!((r.game_index(), r.move_number()), (1, 3));

    // Both edits are in the file written.
    let text = r.to_sgf();
    assert!(text.contains("C[first game, last move]"), "{text}");
    assert!(text.contains("C[second game]"), "{text}");
    r.switch_game(0).expect("back to the first");
    r.last();
    assert_eq!(r.comment(), "first game, last move");
}
