//! Table tests of the rules core, one group per article of the Chinese Weiqi Rules, with
//! positions as ASCII diagrams (`X` Black, `O` White, `.` empty; rows from the top).

use tianyuan::rules::{
    AreaCount, Board, Color, Coord, Game, GameResult, IllegalMove, KoRule, Komi, Move, Rules,
    RulesError, area_count, fixed_handicap_points, score,
};

use Color::{Black, White};

fn rules(ko: KoRule) -> Rules {
    Rules {
        ko,
        ..Rules::default()
    }
}

fn game(diagram: &str, ko: KoRule) -> Game {
    let board = Board::from_diagram(diagram).expect("test diagram");
    Game::from_board(board, rules(ko), Black)
}

fn play(x: u8, y: u8) -> Move {
    Move::Play(Coord::new(x, y))
}

fn diagram(s: &str) -> String {
    Board::from_diagram(s).expect("test diagram").to_diagram()
}

// ----- Art. 4: capture -----

#[test]
fn art4_a_chain_without_liberties_is_captured() {
    let mut g = game(
        "
        . X . .
        X O X .
        . . . .
        . . . .",
        KoRule::Positional,
    );
    let played = g.play(Black, play(1, 2)).expect("legal");
    assert_eq!(played.captured, vec![Coord::new(1, 1)]);
    assert_eq!(g.captures(Black), 1);
    assert_eq!(g.captures(White), 0);
    assert_eq!(
        g.board().to_diagram(),
        diagram(
            "
            . X . .
            X . X .
            . X . .
            . . . ."
        )
    );
}

#[test]
fn art4_opponent_is_removed_first_when_both_lack_liberties() {
    // Black on the corner has no liberty until the white stone on its right is removed.
    let mut g = game(
        "
        . O X .
        O X . .
        . . . .
        . . . .",
        KoRule::Positional,
    );
    let played = g.play(Black, play(0, 0)).expect("captures, so legal");
    assert_eq!(played.captured, vec![Coord::new(1, 0)]);
    assert_eq!(g.board().get(Coord::new(0, 0)), Some(Black));
    assert_eq!(g.board().liberties(Coord::new(0, 0)), 1);
    assert_eq!(g.board().get(Coord::new(0, 1)), Some(White));
}

#[test]
fn art4_a_multi_stone_chain_is_captured_whole() {
    let mut g = game(
        "
        X O O .
        . X X .
        . . . .
        . . . .",
        KoRule::Positional,
    );
    assert_eq!(g.board().liberties(Coord::new(1, 0)), 1);
    assert_eq!(
        g.board().chain(Coord::new(2, 0)),
        vec![Coord::new(1, 0), Coord::new(2, 0)]
    );
    let played = g.play(Black, play(3, 0)).expect("captures two");
    assert_eq!(played.captured, vec![Coord::new(1, 0), Coord::new(2, 0)]);
    assert_eq!(g.captures(Black), 2);
    assert_eq!(g.board().liberties(Coord::new(0, 0)), 2);
    assert_eq!(g.board().liberties(Coord::new(3, 0)), 2);
}

// ----- Art. 5: forbidden points -----

#[test]
fn art5_suicide_of_one_stone_is_forbidden() {
    let mut g = game(
        "
        . X .
        X . .
        . . .",
        KoRule::Positional,
    );
    let before = g.board().clone();
    assert_eq!(g.play(White, play(0, 0)), Err(IllegalMove::Suicide));
    assert_eq!(g.board(), &before);
    assert_eq!(g.move_number(), 0);
}

#[test]
fn art5_suicide_of_a_chain_is_forbidden() {
    let g = game(
        "
        O . X .
        X X . .
        . . . .
        . . . .",
        KoRule::Positional,
    );
    assert_eq!(g.check(White, play(1, 0)), Err(IllegalMove::Suicide));
    assert_eq!(IllegalMove::Suicide.to_string(), "forbidden point (Art. 5)");
    assert_eq!(IllegalMove::Suicide.zh_hans(), "禁着点（第5条）");
}

#[test]
fn art5_a_move_that_captures_is_not_forbidden() {
    let mut g = game(
        "
        . X O
        X O .
        O . .",
        KoRule::Positional,
    );
    let played = g.play(White, play(0, 0)).expect("captures two");
    // Sorted by (x, y).
    assert_eq!(played.captured, vec![Coord::new(0, 1), Coord::new(1, 0)]);
}

#[test]
fn art2_occupied_and_off_board_are_refused() {
    let mut g = Game::new(9, Rules::default()).expect("9x9");
    g.play(Black, play(4, 4)).expect("legal");
    assert_eq!(g.check(White, play(4, 4)), Err(IllegalMove::Occupied));
    assert_eq!(g.check(White, play(9, 0)), Err(IllegalMove::OffBoard));
    assert_eq!(IllegalMove::Occupied.to_string(), "occupied point");
    assert_eq!(g.check(White, Move::Pass), Ok(()));
}

// ----- Art. 6 and 20: repetition -----

const KO: &str = "
    . X O .
    X O . O
    . X O .
    . . . .";

#[test]
fn art6_positional_superko_forbids_the_immediate_ko_recapture() {
    let mut g = game(KO, KoRule::Positional);
    g.play(Black, play(2, 1)).expect("takes the ko");
    let err = g
        .play(White, play(1, 1))
        .expect_err("retake repeats the start");
    assert_eq!(
        err,
        IllegalMove::Superko {
            repeats_after_move: 0
        }
    );
    assert_eq!(
        err.to_string(),
        "repetition (Art. 6): the position would repeat the one after move 0"
    );
    assert!(err.zh_hans().contains("全局同形再现"));
}

#[test]
fn art20_simple_ko_forbids_the_immediate_recapture_only() {
    let mut g = game(KO, KoRule::Simple);
    g.play(Black, play(2, 1)).expect("takes the ko");
    let err = g.check(White, play(1, 1)).expect_err("immediate recapture");
    assert_eq!(
        err,
        IllegalMove::Ko {
            repeats_after_move: 0
        }
    );
    assert_eq!(
        err.to_string(),
        "ko: immediate recapture (Art. 20.1); the position would repeat the one after move 0"
    );
    assert!(err.zh_hans().starts_with("劫"));
    assert_eq!(err.article(), "Art. 20.1");
    // A ko threat and its answer: the retake is legal again.
    g.play(White, play(0, 3)).expect("threat");
    g.play(Black, play(1, 3)).expect("answer");
    let played = g.play(White, play(1, 1)).expect("retake after threats");
    assert_eq!(played.captured, vec![Coord::new(2, 1)]);
    assert_eq!(played.repeats_after_move, None);
}

#[test]
fn art20_after_a_pass_the_recapture_is_not_immediate_under_simple_ko() {
    let mut g = game(KO, KoRule::Simple);
    g.play(Black, play(2, 1)).expect("takes the ko");
    g.play(White, Move::Pass).expect("pass");
    g.play(Black, Move::Pass).expect("pass");
    // The position before Black's last move (a pass) is the current one: no immediate retake.
    let played = g.play(White, play(1, 1)).expect("legal under simple ko");
    assert_eq!(played.repeats_after_move, Some(0));
}

#[test]
fn art6_positional_superko_forbids_the_retake_even_after_passes() {
    let mut g = game(KO, KoRule::Positional);
    g.play(Black, play(2, 1)).expect("takes the ko");
    g.play(White, Move::Pass).expect("pass");
    g.play(Black, Move::Pass).expect("pass");
    assert_eq!(
        g.check(White, play(1, 1)),
        Err(IllegalMove::Superko {
            repeats_after_move: 0
        })
    );
}

#[test]
fn art6_situational_superko_compares_the_side_to_move_too() {
    // Start with White to move; Black takes the ko out of turn; White's retake recreates the
    // start arrangement with *Black* to move, which never stood before.
    let board = Board::from_diagram(KO).expect("diagram");
    let mut situational = Game::from_board(board.clone(), rules(KoRule::Situational), White);
    situational.play(Black, play(2, 1)).expect("takes the ko");
    assert_eq!(situational.check(White, play(1, 1)), Ok(()));
    let mut positional = Game::from_board(board, rules(KoRule::Positional), White);
    positional.play(Black, play(2, 1)).expect("takes the ko");
    assert_eq!(
        positional.check(White, play(1, 1)),
        Err(IllegalMove::Superko {
            repeats_after_move: 0
        })
    );
}

/// Three kos: Black can take the top-left and bottom-left ones, White the top-right one.
const TRIPLE_KO: &str = "
    . X O . . . O X .
    X O . O . O X . X
    . X O . . . O X .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

const TRIPLE_KO_CYCLE: [(Color, u8, u8); 6] = [
    (Black, 2, 1),
    (White, 7, 1),
    (Black, 2, 5),
    (White, 1, 1),
    (Black, 6, 1),
    (White, 1, 5),
];

#[test]
fn art20_3_triple_ko_cycle_is_reported_under_simple_ko() {
    let mut g = game(TRIPLE_KO, KoRule::Simple);
    let start = g.board().clone();
    let mut repeats = Vec::new();
    for (color, x, y) in TRIPLE_KO_CYCLE {
        let played = g.play(color, play(x, y)).expect("legal under simple ko");
        assert_eq!(played.captured.len(), 1);
        repeats.push(played.repeats_after_move);
    }
    assert_eq!(repeats, vec![None, None, None, None, None, Some(0)]);
    assert_eq!(g.board(), &start);
    // Round two repeats round one, move for move.
    let played = g.play(Black, play(2, 1)).expect("legal");
    assert_eq!(played.repeats_after_move, Some(1));
}

#[test]
fn art6_triple_ko_cycle_is_forbidden_under_superko() {
    for ko in [KoRule::Positional, KoRule::Situational] {
        let mut g = game(TRIPLE_KO, ko);
        for (color, x, y) in &TRIPLE_KO_CYCLE[..5] {
            g.play(*color, play(*x, *y)).expect("new positions");
        }
        let (color, x, y) = TRIPLE_KO_CYCLE[5];
        assert_eq!(
            g.check(color, play(x, y)),
            Err(IllegalMove::Superko {
                repeats_after_move: 0
            }),
            "{ko:?}"
        );
    }
}

// ----- Art. 9, 11, 21.2: counting -----

#[test]
fn art9_each_side_counts_stones_and_surrounded_points() {
    let board = Board::from_diagram(
        "
        . X O .
        . X O .
        . X O .
        . X O .",
    )
    .expect("diagram");
    let count = area_count(&board, &[]);
    assert_eq!((count.black_stones, count.black_territory), (4, 4));
    assert_eq!((count.white_stones, count.white_territory), (4, 4));
    assert_eq!(count.shared, 0);
    let no_komi = Rules {
        komi: Komi::ZERO,
        ..Rules::default()
    };
    assert_eq!(score(&count, &no_komi, 0).to_sgf(), "0");
    assert_eq!(score(&count, &Rules::default(), 0).to_sgf(), "W+7.5");
    assert_eq!(score(&count, &Rules::default(), 0).zh_hans(), "白胜3¾子");
}

#[test]
fn art9_dame_is_split_half_each() {
    let board = Board::from_diagram(
        "
        X . O
        X . O
        X . O",
    )
    .expect("diagram");
    let count = area_count(&board, &[]);
    assert_eq!(count.shared, 3);
    assert_eq!(count.black_halves(), 9);
    assert_eq!(count.white_halves(), 9);
    let r = score(
        &count,
        &Rules {
            komi: Komi::ZERO,
            ..Rules::default()
        },
        0,
    );
    assert_eq!(
        r,
        GameResult {
            winner: None,
            margin_quarters: 0
        }
    );
    assert_eq!(
        (r.zh_hans(), r.zh_hant(), r.en()),
        ("和棋".into(), "和棋".into(), "Draw".into())
    );
}

#[test]
fn art21_2_seki_points_are_split_half_each() {
    // The middle column touches both sides' live stones: seki/dame, half each.
    let board = Board::from_diagram(
        "
        X X . O O
        X X . O O
        X X . O O
        X X . O O
        X X . O O",
    )
    .expect("diagram");
    let count = area_count(&board, &[]);
    assert_eq!(count.shared, 5);
    assert_eq!((count.black_stones, count.white_stones), (10, 10));
    assert_eq!(count.black_halves(), 25);
}

#[test]
fn art9_dead_stones_are_removed_and_their_points_counted() {
    let board = Board::from_diagram(
        "
        . X O .
        . X O .
        . X O X
        . X O .",
    )
    .expect("diagram");
    let count = area_count(&board, &[Coord::new(3, 2)]);
    assert_eq!(count.black_dead, 1);
    assert_eq!(count.white_territory, 4);
    assert_eq!(count.black_stones, 4);
    assert_eq!(count.white_halves(), 16);
}

#[test]
fn art9_a_dead_chain_is_removed_whole_from_any_of_its_stones() {
    let board = Board::from_diagram(
        "
        X X X X X
        X O O . X
        X X X X X
        . . . . .
        . . . . .",
    )
    .expect("diagram");
    let count = area_count(&board, &[Coord::new(2, 1), Coord::new(1, 1)]);
    assert_eq!(count.white_dead, 2);
    assert_eq!(count.white_stones, 0);
    assert_eq!(count.black_territory, 3 + 10);
}

#[test]
fn art9_an_empty_board_is_all_shared() {
    let board = Board::new(19).expect("19x19");
    let count = area_count(&board, &[]);
    assert_eq!(count.shared, 361);
    let r = score(&count, &Rules::default(), 0);
    assert_eq!(r.to_sgf(), "W+7.5");
}

fn worked_example(black_total: u32) -> AreaCount {
    AreaCount {
        size: 19,
        black_stones: 140,
        white_stones: 140,
        black_territory: black_total - 140,
        white_territory: 361 - black_total - 140,
        shared: 0,
        black_dead: 0,
        white_dead: 0,
    }
}

#[test]
fn art9_worked_example_of_the_childrens_document() {
    let count = worked_example(184);
    assert_eq!(count.black_halves(), 368);
    assert_eq!(count.white_halves(), 354);
    let with_komi = |q| Rules {
        komi: Komi(q),
        ..Rules::default()
    };
    let none = score(&count, &with_komi(0), 0);
    assert_eq!(none.to_sgf(), "B+7");
    assert_eq!(none.zh_hans(), "黑胜3½子");
    assert_eq!(none.en(), "Black wins by 3½ stones");
    let quarter_less = score(&count, &with_komi(13), 0);
    assert_eq!(quarter_less.to_sgf(), "B+0.5");
    assert_eq!(quarter_less.zh_hans(), "黑胜¼子");
    assert_eq!(quarter_less.zh_hant(), "黑勝¼子");
    let chinese = score(&count, &with_komi(15), 0);
    assert_eq!(chinese.to_sgf(), "W+0.5");
    assert_eq!(chinese.zh_hans(), "白胜¼子");
    assert_eq!(chinese.en(), "White wins by ¼ stone");
    assert_eq!(chinese.margin_points(), 0.5);
}

#[test]
fn art11_with_komi_3_3_4_black_needs_184_and_a_half() {
    let mut count = worked_example(184);
    count.white_territory -= 1;
    count.shared = 1; // 184½ : 176½
    let r = score(&count, &Rules::default(), 0);
    assert_eq!(
        r,
        GameResult {
            winner: Some(Black),
            margin_quarters: 1
        }
    );
    let r = score(&worked_example(184), &Rules::default(), 0);
    assert_eq!(r.winner, Some(White)); // White with 177
}

#[test]
fn art11_handicap_komi_return_gives_back_half_the_stones() {
    // 182 stones for Black, four handicap stones, no komi: Black returns 2 stones.
    let count = worked_example(182);
    let handicap_rules = Rules {
        komi: Komi::ZERO,
        ..Rules::default()
    };
    assert_eq!(score(&count, &handicap_rules, 4).to_sgf(), "W+1");
    assert_eq!(score(&count, &handicap_rules, 4).zh_hans(), "白胜½子");
    let no_return = Rules {
        handicap_komi_return: false,
        ..handicap_rules.clone()
    };
    assert_eq!(score(&count, &no_return, 4).to_sgf(), "B+3");
    // One stone (让先) returns nothing.
    assert_eq!(score(&count, &handicap_rules, 1).to_sgf(), "B+3");
    assert_eq!(
        score(&worked_example(184), &handicap_rules, 4).en(),
        "Black wins by 1½ stones"
    );
}

// ----- Komi -----

#[test]
fn komi_is_in_quarter_stones() {
    assert_eq!(Komi::CHINESE, Komi(15));
    assert_eq!(Komi::CHINESE.points(), 7.5);
    assert_eq!(Komi::CHINESE.stones(), 3.75);
    assert_eq!(Komi::from_points(7.5), Some(Komi(15)));
    assert_eq!(Komi::from_points(-3.0), Some(Komi(-6)));
    assert_eq!(Komi::from_points(7.25), None);
    assert_eq!(Komi::from_points(f64::NAN), None);
    assert_eq!(Komi::from_points(f64::INFINITY), None);
    let shown: Vec<String> = [15, 11, 0, -6, 1, 4]
        .iter()
        .map(|&q| Komi(q).to_string())
        .collect();
    assert_eq!(shown, ["3¾", "2¾", "0", "-1½", "¼", "1"]);
    assert_eq!(
        Rules::default(),
        Rules {
            ko: KoRule::Positional,
            komi: Komi(15),
            handicap_komi_return: true
        }
    );
}

// ----- Coordinates -----

#[test]
fn coordinates_in_gtp_and_sgf() {
    assert_eq!(Coord::from_gtp("D4", 19), Some(Coord::new(3, 15)));
    assert_eq!(Coord::from_gtp("t19", 19), Some(Coord::new(18, 0)));
    assert_eq!(Coord::from_gtp("J1", 19), Some(Coord::new(8, 18)));
    for bad in [
        "I5", "A0", "A20", "U1", "", "D", "4D", "D-4", "pass", "D4x", "Ä1",
    ] {
        assert_eq!(Coord::from_gtp(bad, 19), None, "{bad}");
    }
    assert_eq!(Coord::new(3, 15).to_gtp(19), "D4");
    assert_eq!(Coord::new(8, 0).to_gtp(9), "J9");
    assert_eq!(Coord::from_sgf("dd", 19), Some(Coord::new(3, 3)));
    assert_eq!(Coord::from_sgf("tt", 19), None);
    assert_eq!(Coord::from_sgf("sa", 19), Some(Coord::new(18, 0)));
    assert_eq!(Coord::from_sgf("y", 25), None);
    assert_eq!(Coord::from_sgf("yy", 25), Some(Coord::new(24, 24)));
    assert_eq!(Coord::new(3, 3).to_sgf(), "dd");
    for size in [2, 9, 19, 25] {
        for x in 0..size {
            for y in 0..size {
                let c = Coord::new(x, y);
                assert_eq!(Coord::from_gtp(&c.to_gtp(size), size), Some(c));
                assert_eq!(Coord::from_sgf(&c.to_sgf(), size), Some(c));
            }
        }
    }
}

#[test]
fn board_sizes_from_2_to_25() {
    assert!(matches!(Board::new(1), Err(RulesError::BadSize(1))));
    assert!(matches!(Board::new(26), Err(RulesError::BadSize(26))));
    assert!(Game::new(0, Rules::default()).is_err());
    for size in 2..=25 {
        let b = Board::new(size).expect("valid size");
        assert_eq!(b.hash(), 0);
        assert_eq!(b.empty_count(), usize::from(size) * usize::from(size));
    }
}

#[test]
fn diagrams_round_trip_and_bad_ones_are_refused() {
    let text = "X . O\n. # .\n+ . o\n";
    let b = Board::from_diagram(text).expect("diagram");
    assert_eq!(b.to_diagram(), "X . O\n. X .\n. . O\n");
    assert_eq!(Board::from_diagram(&b.to_diagram()), Ok(b));
    assert!(matches!(
        Board::from_diagram("X .\n. . ."),
        Err(RulesError::BadDiagram(_))
    ));
    assert!(matches!(
        Board::from_diagram("X Q\n. ."),
        Err(RulesError::BadDiagram(_))
    ));
    assert!(matches!(
        Board::from_diagram("X O\nO ."),
        Err(RulesError::BadDiagram(_))
    ));
    assert!(Board::from_diagram("").is_err());
}

// ----- Handicap -----

fn gtp(points: &[Coord], size: u8) -> Vec<String> {
    points.iter().map(|c| c.to_gtp(size)).collect()
}

#[test]
fn fixed_handicap_follows_the_gtp_table() {
    let expected_19 = [
        (2, "D4 Q16"),
        (3, "D4 Q16 D16"),
        (4, "D4 Q16 D16 Q4"),
        (5, "D4 Q16 D16 Q4 K10"),
        (6, "D4 Q16 D16 Q4 D10 Q10"),
        (7, "D4 Q16 D16 Q4 D10 Q10 K10"),
        (8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"),
        (9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
    ];
    for (n, want) in expected_19 {
        let mut g = Game::new(19, Rules::default()).expect("19x19");
        let points = g.place_fixed_handicap(n).expect("valid handicap");
        assert_eq!(gtp(&points, 19).join(" "), want);
        assert_eq!(g.handicap(), n);
        assert_eq!(g.to_move(), White);
        assert_eq!(g.board().count(Black), usize::from(n));
    }
    let nine = fixed_handicap_points(9, 9).expect("9x9 allows 9");
    assert_eq!(gtp(&nine, 9).join(" "), "C3 G7 C7 G3 C5 G5 E3 E7 E5");
    let thirteen = fixed_handicap_points(13, 5).expect("13x13 allows 5");
    assert_eq!(gtp(&thirteen, 13).join(" "), "D4 K10 D10 K4 G7");
    assert_eq!(
        fixed_handicap_points(7, 4).map(|p| gtp(&p, 7).join(" ")),
        Some("C3 E5 C5 E3".into())
    );
    assert_eq!(fixed_handicap_points(7, 5), None);
    assert_eq!(fixed_handicap_points(10, 5), None);
    assert_eq!(fixed_handicap_points(6, 2), None);
    assert_eq!(fixed_handicap_points(19, 1), None);
    assert_eq!(fixed_handicap_points(19, 10), None);
}

#[test]
fn handicap_needs_an_empty_board_and_valid_points() {
    let mut g = Game::new(19, Rules::default()).expect("19x19");
    assert_eq!(g.place_fixed_handicap(10), Err(RulesError::BadHandicap(10)));
    assert_eq!(
        g.place_free_handicap(&[Coord::new(3, 3)]),
        Err(RulesError::BadHandicap(1))
    );
    assert_eq!(
        g.place_free_handicap(&[Coord::new(3, 3), Coord::new(3, 3)]),
        Err(RulesError::DuplicatePoint(Coord::new(3, 3)))
    );
    assert_eq!(
        g.place_free_handicap(&[Coord::new(3, 3), Coord::new(19, 3)]),
        Err(RulesError::OffBoard)
    );
    g.place_free_handicap(&[Coord::new(3, 3), Coord::new(15, 15), Coord::new(9, 9)])
        .expect("free");
    assert_eq!((g.handicap(), g.to_move()), (3, White));
    assert_eq!(g.place_fixed_handicap(2), Err(RulesError::NotEmpty));
    // The start position after handicap is the repetition baseline: nothing to undo.
    assert!(!g.undo());
}

// ----- Setup, undo -----

#[test]
fn setup_edits_without_captures_and_refuses_liberty_less_chains() {
    let mut g = Game::new(5, Rules::default()).expect("5x5");
    g.setup(
        &[Coord::new(0, 1), Coord::new(1, 0)],
        &[Coord::new(2, 2)],
        &[],
    )
    .expect("setup");
    assert_eq!(g.board().count(Black), 2);
    assert_eq!(
        g.setup(&[], &[Coord::new(0, 0)], &[]),
        Err(RulesError::NoLiberties(Coord::new(0, 0)))
    );
    assert_eq!(g.board().get(Coord::new(0, 0)), None);
    assert_eq!(
        g.setup(&[Coord::new(4, 4)], &[], &[Coord::new(4, 4)]),
        Err(RulesError::DuplicatePoint(Coord::new(4, 4)))
    );
    g.setup(&[], &[], &[Coord::new(2, 2)]).expect("remove");
    assert_eq!(g.board().count(White), 0);
}

#[test]
fn undo_restores_board_hash_captures_and_history() {
    let mut g = game(KO, KoRule::Positional);
    let start = g.board().clone();
    g.play(Black, play(2, 1)).expect("take");
    g.play(White, Move::Pass).expect("pass");
    assert_eq!(g.consecutive_passes(), 1);
    assert!(g.undo());
    assert!(g.undo());
    assert!(!g.undo());
    assert_eq!(g.board(), &start);
    assert_eq!(g.board().hash(), start.hash());
    assert_eq!(g.captures(Black), 0);
    assert_eq!(g.move_number(), 0);
    assert_eq!(g.to_move(), Black);
    // The ko can be taken again, and the history no longer holds the undone position.
    g.play(Black, play(2, 1)).expect("take again");
    assert_eq!(g.last_move(), Some((Black, play(2, 1))));
}

// ----- Art. 19: tolerant replay of records -----

#[test]
fn art19_tolerant_replay_plays_a_suicide_and_reports_it() {
    let mut g = game(
        "
        . X .
        X . .
        . . .",
        KoRule::Positional,
    );
    g.play(Black, Move::Pass).expect("pass");
    let irr = g.play_tolerant(White, play(0, 0)).expect("irregular");
    assert_eq!(irr.move_number, 2);
    assert_eq!(irr.reason, IllegalMove::Suicide);
    assert!(!irr.played_as_pass);
    assert_eq!(g.board().get(Coord::new(0, 0)), None);
    assert_eq!(g.captures(Black), 1);
    assert!(g.undo());
    assert_eq!(g.captures(Black), 0);
}

#[test]
fn art19_tolerant_replay_turns_an_occupied_point_into_a_pass() {
    let mut g = Game::new(9, Rules::default()).expect("9x9");
    assert_eq!(g.play_tolerant(Black, play(4, 4)), None);
    let irr = g.play_tolerant(White, play(4, 4)).expect("occupied");
    assert_eq!(
        (irr.move_number, irr.reason, irr.played_as_pass),
        (2, IllegalMove::Occupied, true)
    );
    assert_eq!(g.moves()[1], (White, Move::Pass));
    let irr = g.play_tolerant(Black, play(12, 4)).expect("off board");
    assert_eq!(
        (irr.reason, irr.played_as_pass),
        (IllegalMove::OffBoard, true)
    );
}

#[test]
fn art19_tolerant_replay_ignores_ko_but_reports_it() {
    let mut g = game(KO, KoRule::Positional);
    g.play(Black, play(2, 1)).expect("take");
    let irr = g.play_tolerant(White, play(1, 1)).expect("superko");
    assert_eq!(
        irr.reason,
        IllegalMove::Superko {
            repeats_after_move: 0
        }
    );
    assert!(!irr.played_as_pass);
    assert_eq!(g.board(), &Board::from_diagram(KO).expect("diagram"));
}

#[test]
fn art6_repetition_is_found_in_a_long_history() {
    // Thousands of positions (passes count as positions) make the position filter grow.
    let mut g = game(KO, KoRule::Positional);
    g.play(Black, play(2, 1)).expect("takes the ko");
    for _ in 0..3000 {
        g.play(White, Move::Pass).expect("pass");
        g.play(Black, Move::Pass).expect("pass");
    }
    assert_eq!(
        g.check(White, play(1, 1)),
        Err(IllegalMove::Superko {
            repeats_after_move: 0
        })
    );
    assert_eq!(g.check(White, play(3, 3)), Ok(()));
    for _ in 0..6000 {
        assert!(g.undo());
    }
    assert_eq!(
        g.check(White, play(1, 1)),
        Err(IllegalMove::Superko {
            repeats_after_move: 0
        })
    );
}
