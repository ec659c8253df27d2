//! The printable game record (棋谱): numbered moves on diagrams, notes for moves on points
//! already used, and the HTML page for a real game.

use tianyuan::diagram::{KifuNote, Paper, kifu_html, kifu_sheets};
use tianyuan::i18n::Lang;
use tianyuan::record::replay_main_line;
use tianyuan::rules::{Color, Coord, Game, Move, Rules};

#[path = "support/corpus.rs"]
mod support_corpus;

/// A ko fight on 9×9: Black takes at move 9, White retakes at 12 on the point of move 4,
/// Black retakes at 14 on the point of move 9.
fn ko_game() -> Vec<(Color, Move)> {
    let moves = [
        (1, 0),
        (2, 0),
        (0, 1),
        (1, 1),
        (1, 2),
        (3, 1),
        (8, 8),
        (2, 2),
        (2, 1), // 9: takes the ko
        (7, 7),
        (7, 6),
        (1, 1), // 12: White retakes
        (6, 6),
        (2, 1), // 14: Black retakes
    ];
    let mut color = Color::Black;
    moves
        .iter()
        .map(|&(x, y)| {
            let m = (color, Move::Play(Coord::new(x, y)));
            color = color.opponent();
            m
        })
        .collect()
}

#[test]
fn moves_on_used_points_are_noted_as_printed_records_do() {
    let start = Game::new(9, Rules::default()).expect("9x9");
    let moves = ko_game();
    let sheets = kifu_sheets(&start, &moves, 100);
    assert_eq!(sheets.len(), 1);
    let sheet = &sheets[0];
    assert_eq!((sheet.first, sheet.last), (1, 14));
    assert_eq!(
        sheet.notes,
        vec![
            KifuNote::SamePoint { number: 12, at: 4 },
            KifuNote::SamePoint { number: 14, at: 9 }
        ]
    );
    // Every move is either numbered on the diagram or noted below it.
    assert_eq!(
        sheet.scene.marks.numbers.len() + sheet.notes.len(),
        moves.len()
    );
    assert_eq!(sheet.scene.marks.number(Coord::new(1, 1)), Some(4));
    assert_eq!(
        sheet.scene.stone(Coord::new(1, 1)),
        Some(Color::White),
        "first stone shown"
    );
}

#[test]
fn a_later_diagram_letters_captured_stones_of_its_start() {
    let start = Game::new(9, Rules::default()).expect("9x9");
    let moves = ko_game();
    let sheets = kifu_sheets(&start, &moves, 10);
    assert_eq!(sheets.len(), 2);
    let second = &sheets[1];
    assert_eq!((second.first, second.last), (11, 14));
    // Move 9's stone stands at the start of diagram 2; it is taken by 12 and 14 is played there.
    assert_eq!(second.scene.stone(Coord::new(2, 1)), Some(Color::Black));
    assert_eq!(second.scene.marks.number(Coord::new(2, 1)), None);
    assert_eq!(second.scene.marks.label(Coord::new(2, 1)), Some("A"));
    assert_eq!(
        second.notes,
        vec![KifuNote::AtLetter {
            number: 14,
            letter: "A".into()
        }]
    );
    assert_eq!(second.scene.marks.number(Coord::new(1, 1)), Some(12));
}

#[test]
fn passes_are_listed() {
    let start = Game::new(9, Rules::default()).expect("9x9");
    let moves = vec![
        (Color::Black, Move::Play(Coord::new(4, 4))),
        (Color::White, Move::Pass),
        (Color::Black, Move::Pass),
    ];
    let sheets = kifu_sheets(&start, &moves, 100);
    assert_eq!(
        sheets[0].notes,
        vec![
            KifuNote::Pass {
                number: 2,
                color: Color::White
            },
            KifuNote::Pass {
                number: 3,
                color: Color::Black
            }
        ]
    );
    let html = kifu_html(&Default::default(), &sheets, Lang::ZhHans, None, Paper::A4);
    assert!(html.contains("2 白停一手，3 黑停一手"), "{html}");
}

#[test]
fn printable_record_of_a_real_19x19_game() {
    let Some(dir) = support_corpus::corpus_or_skip() else {
        return;
    };
    let bytes =
        std::fs::read(dir.join("fuego-regression/sgf/games/2008/KGS/9/16/Fuego-masaician.sgf"))
            .expect("corpus file");
    let reading = tianyuan::record::read(&bytes).expect("readable");
    let tree = &reading.collection.trees[0];
    let replayed = replay_main_line(tree).expect("replay");
    let mut start = replayed.game.clone();
    while start.undo() {}
    let moves = replayed.game.moves().to_vec();
    let sheets = kifu_sheets(&start, &moves, 100);
    assert_eq!(sheets.len(), moves.len().div_ceil(100));
    let mut covered = 0;
    for (i, sheet) in sheets.iter().enumerate() {
        assert_eq!(sheet.first, i * 100 + 1);
        covered += sheet.scene.marks.numbers.len() + sheet.notes.len();
        // Numbers on one diagram stay within its range.
        assert!(
            sheet
                .scene
                .marks
                .numbers
                .iter()
                .all(|&(_, n)| (sheet.first..=sheet.last).contains(&(n as usize)))
        );
    }
    assert_eq!(
        covered,
        moves.len(),
        "each move numbered or noted exactly once"
    );
    // The last diagram's stones: the position after the game plus numbered stones captured later.
    let last = sheets.last().expect("sheets");
    for (c, color) in replayed.game.board().stones() {
        assert!(last.scene.stone(c).is_some(), "{c:?} {color:?} missing");
    }

    for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
        let html = kifu_html(&replayed.info, &sheets, lang, None, Paper::A4);
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert_eq!(html.matches("<svg ").count(), sheets.len());
        assert_eq!(html.matches("</svg>").count(), sheets.len());
        assert!(html.contains("Fuego"), "player names");
        assert!(html.contains(&format!("lang=\"{}\"", lang.code())));
    }
    let html = kifu_html(&replayed.info, &sheets, Lang::ZhHans, None, Paper::A4);
    assert!(html.contains("第1谱 1–100"));
    assert!(
        html.contains("黑胜"),
        "result in Chinese: {}",
        &html[..html.len().min(1500)]
    );
    let en = kifu_html(&replayed.info, &sheets, Lang::En, None, Paper::A4);
    assert!(en.contains("Diagram 3: moves 201–"));
}
