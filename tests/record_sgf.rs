//! Issue 3: the SGF reader and writer on small, readable cases (one line each where possible),
//! on the permissively licensed files in `tests/data/sgf`, a proptest that random trees
//! round-trip, and a mutation test (truncations, byte flips, wrong charsets): no panic ever,
//! and every unreadable file gives an error with line, column and what was expected.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use tianyuan::cli::check::{IllegalReport, check_bytes};
use tianyuan::i18n::Lang;
use tianyuan::record::{
    self, Collection, GameTree, Node, Outcome, Overtime, Property, TimeSettings,
    game_info::komi_from_km, properties,
};
use tianyuan::rules::{Color, Coord, Game, GameResult, IllegalMove, Komi, Move, Rules};

fn data(path: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sgf")
        .join(path);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn read(text: &str) -> record::Reading {
    record::read_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn warnings(text: &str) -> Vec<String> {
    read(text)
        .warnings
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn text_values_resolve_escapes_and_soft_line_breaks() {
    let cases = [
        (r"a\]b", "a]b", "a]b"),
        (r"a\\b", r"a\b", r"a\b"),
        ("soft\\\nbreak", "softbreak", "softbreak"),
        ("soft\\\r\nbreak", "softbreak", "softbreak"),
        ("two\nlines", "two\nlines", "two lines"),
        ("crlf\r\nline", "crlf\nline", "crlf line"),
        ("tab\there", "tab here", "tab here"),
        (r"\:colon", ":colon", ":colon"),
    ];
    for (raw, text, simple) in cases {
        assert_eq!(properties::decode_text(raw), text, "{raw:?}");
        assert_eq!(properties::decode_simple_text(raw), simple, "{raw:?}");
    }
    assert_eq!(properties::encode_text("a]b\\c:d", false), "a\\]b\\\\c:d");
    assert_eq!(properties::encode_text("a:b", true), "a\\:b");
    assert_eq!(properties::split_compose(r"dd:a\:b"), Some(("dd", r"a\:b")));
}

#[test]
fn compressed_point_lists_expand_and_compress() {
    let values = vec!["aa:cb".to_string(), "ee".to_string()];
    let (points, bad) = properties::parse_point_list(&values, 19);
    assert!(bad.is_empty());
    assert_eq!(points.len(), 7);
    assert_eq!(properties::compress_point_list(&points), ["aa:cb", "ee"]);
    let (_, bad) = properties::parse_point_list(&["zz".to_string()], 19);
    assert_eq!(bad.len(), 1);
}

#[test]
fn moves_tt_and_empty_are_passes_up_to_19() {
    assert_eq!(properties::parse_move("", 19), Ok(Move::Pass));
    assert_eq!(properties::parse_move("tt", 19), Ok(Move::Pass));
    assert_eq!(
        properties::parse_move("tt", 21),
        Ok(Move::Play(Coord::new(19, 19)))
    );
    assert_eq!(
        properties::parse_move("dd", 19),
        Ok(Move::Play(Coord::new(3, 3)))
    );
    assert!(properties::parse_move("zz", 19).is_err());
}

#[test]
fn komi_in_points_stones_and_fox_hundredths() {
    let cases = [
        ("7.5", Some(Komi(15)), false),
        ("7.50", Some(Komi(15)), false),
        ("0", Some(Komi(0)), false),
        ("-5.5", Some(Komi(-11)), false),
        ("375", Some(Komi(15)), true),
        ("325", Some(Komi(13)), true),
        ("275", Some(Komi(11)), true),
        ("3.75", Some(Komi(15)), true),
        ("3.25", Some(Komi(13)), true),
        ("2.75", Some(Komi(11)), true),
        ("abc", None, true),
    ];
    for (raw, komi, warned) in cases {
        let (k, w) = komi_from_km(raw);
        assert_eq!(k, komi, "KM[{raw}]");
        assert_eq!(w.is_some(), warned, "KM[{raw}]");
    }
}

#[test]
fn results_both_ways() {
    let b35 = GameResult {
        winner: Some(Color::Black),
        margin_quarters: 7,
    };
    let cases = [
        ("B+3.5", Some(Outcome::Counted(b35))),
        ("黑胜1¾子", Some(Outcome::Counted(b35))),
        ("黑勝1又3/4子", Some(Outcome::Counted(b35))),
        ("W+R", Some(Outcome::Resignation(Color::White))),
        ("B+Resign", Some(Outcome::Resignation(Color::Black))),
        ("白中盘胜", Some(Outcome::Resignation(Color::White))),
        ("B+T", Some(Outcome::Time(Color::Black))),
        ("W+F", Some(Outcome::Forfeit(Color::White))),
        ("B+", Some(Outcome::Win(Color::Black))),
        (
            "0",
            Some(Outcome::Counted(GameResult {
                winner: None,
                margin_quarters: 0,
            })),
        ),
        (
            "Draw",
            Some(Outcome::Counted(GameResult {
                winner: None,
                margin_quarters: 0,
            })),
        ),
        ("Void", Some(Outcome::Void)),
        ("?", Some(Outcome::Unknown)),
        ("B+Illegal", None),
    ];
    for (text, outcome) in cases {
        assert_eq!(Outcome::parse(text), outcome, "RE[{text}]");
    }
    assert_eq!(Outcome::Counted(b35).to_sgf(), "B+3.5");
    assert_eq!(Outcome::Counted(b35).zh_hans(), "黑胜1¾子");
    assert_eq!(Outcome::Resignation(Color::White).to_sgf(), "W+R");
    assert_eq!(Outcome::Resignation(Color::White).zh_hant(), "白中盤勝");
}

#[test]
fn time_settings_read_and_write_the_common_spellings() {
    let cases = [
        (
            "5x60 byo-yomi",
            Overtime::ByoYomi {
                periods: 5,
                period_seconds: 60,
            },
            "5x60 byo-yomi",
        ),
        (
            "3x30 byoyomi",
            Overtime::ByoYomi {
                periods: 3,
                period_seconds: 30,
            },
            "3x30 byo-yomi",
        ),
        (
            "25/600 Canadian",
            Overtime::Canadian {
                stones: 25,
                period_seconds: 600,
            },
            "25/600 Canadian",
        ),
        (
            "1 moves / 30 sec",
            Overtime::Canadian {
                stones: 1,
                period_seconds: 30,
            },
            "1/30 Canadian",
        ),
        (
            "86400 fischer",
            Overtime::Fischer {
                increment_seconds: 86400,
            },
            "86400 fischer",
        ),
    ];
    for (ot, overtime, written) in cases {
        let t = TimeSettings::from_sgf(Some(600.0), Some(ot)).expect("time");
        assert_eq!(t.overtime, overtime, "OT[{ot}]");
        assert_eq!(t.ot_value().as_deref(), Some(written));
    }
    // Chinese rules: 2 hours of which 5 minutes are reserved for 读秒.
    let chinese = TimeSettings::chinese(7200, 5);
    assert_eq!(chinese.main_seconds, 6900.0);
    assert_eq!(chinese.ot_value().as_deref(), Some("5x60 byo-yomi"));
    assert_eq!(chinese.limit_seconds(), 7200.0);
    // Old IGS spelling inside TM.
    let tree = &read("(;TM[10:00(5x1:00)])").collection.trees[0];
    let (info, _) = record::GameInfo::read(tree, &tree.main_line());
    let time = info.time.expect("time");
    assert_eq!(time.main_seconds, 600.0);
    assert_eq!(
        time.overtime,
        Overtime::ByoYomi {
            periods: 5,
            period_seconds: 60
        }
    );
}

#[test]
fn repairs_are_reported_with_line_and_column() {
    let cases: [(&str, &str); 9] = [
        (
            "(;B[aa]",
            "line 1, column 8: unexpected end of file: 1 missing ')' added",
        ),
        ("(;C[abc", "line 1, column 4: value not closed"),
        ("(;GaMe[1])", "property name GaMe read as GM"),
        (
            "(;AB[aa]AB[bb])",
            "property AB repeated in one node; values merged",
        ),
        (
            "junk(;B[aa])",
            "line 1, column 1: text before the first game tree ignored",
        ),
        ("(;B[aa]))", "text after a game tree ignored"),
        (
            "(;FF[4]\n;B[aa] XY ;W[bb])",
            "line 2, column 8: property XY without a value ignored",
        ),
        ("(;HA[1])", ""),
        (
            "(\nPB[x];B[aa])",
            "line 2, column 1: expected ';' before a property",
        ),
    ];
    for (text, wanted) in cases {
        let got = warnings(text);
        if wanted.is_empty() {
            continue;
        }
        assert!(got.iter().any(|w| w.contains(wanted)), "{text:?}: {got:?}");
    }
    let tree = &read("(;HA[1]KM[375])").collection.trees[0];
    let (_, w) = record::GameInfo::read(tree, &tree.main_line());
    assert_eq!(w.len(), 2, "{w:?}");
}

#[test]
fn unreadable_input_names_line_column_and_what_was_expected() {
    for (text, wanted) in [
        (
            "",
            "line 1, column 1: expected an SGF game tree '(;', but the file is empty",
        ),
        (
            "hello\nworld",
            "line 1, column 1: expected an SGF game tree starting with '(;'",
        ),
        ("  \n  x", "line 2, column 3: expected an SGF game tree"),
    ] {
        let e = record::read_str(text).expect_err(text);
        assert!(e.to_string().contains(wanted), "{text:?}: {e}");
    }
    let e = record::read(&data("littlego/not-an-sgf-file.sgf")).expect_err("not sgf");
    assert!(e.to_string().contains("expected"));
}

#[test]
fn variations_collections_and_private_properties_survive() {
    let text = "(;FF[4]GM[1]CA[UTF-8]MULTIGOGM[1]\n;B[aa](;W[bb];B[cc])(;W[cc]XX[keep\\]me]))(;FF[4]GM[1]CA[UTF-8]\n;B[dd])\n";
    let reading = read(text);
    assert!(reading.warnings.is_empty(), "{:?}", reading.warnings);
    assert_eq!(reading.collection.trees.len(), 2);
    let tree = &reading.collection.trees[0];
    assert_eq!(tree.main_line().len(), 4);
    assert_eq!(tree.leaves().len(), 2);
    let written = "(;FF[4]GM[1]CA[UTF-8]MULTIGOGM[1]\n;B[aa]\n(;W[bb];B[cc])\n(;W[cc]XX[keep\\]me]))\n(;FF[4]GM[1]CA[UTF-8]\n;B[dd])\n";
    assert_eq!(record::write(&reading.collection), written);
    let again = read(&record::write(&reading.collection));
    assert_eq!(again.collection, reading.collection);
}

#[test]
fn a_tree_thousands_of_levels_deep_neither_overflows_nor_recurses() {
    let depth = 100_000;
    let text = format!("{}{}", "(;C[x]".repeat(depth), ")".repeat(depth));
    let reading = read(&text);
    let tree = &reading.collection.trees[0];
    assert_eq!(tree.len(), depth);
    let written = record::write(&reading.collection);
    assert_eq!(read(&written).collection, reading.collection);
    let reading = record::read(&data("libsgfcpp/deep-game-tree.sgf")).expect("deep tree reads");
    assert_eq!(reading.collection.trees.len(), 5);
}

#[test]
fn canonical_output_is_utf8_ff4_and_a_fixed_point() {
    let reading = record::read(&data("sabaki/chinese.sgf")).expect("reads");
    assert_eq!(reading.charset, "GBK");
    let once = record::to_canonical_sgf(&reading.collection);
    assert!(
        once.starts_with("(;FF[4]GM[1]PB[古力]CA[UTF-8]PW[柯洁]"),
        "{once}"
    );
    let twice = record::to_canonical_sgf(
        &record::read(once.as_bytes())
            .expect("own output")
            .collection,
    );
    assert_eq!(once, twice);
    let fox = record::read(&data("katago/foxlike.sgf")).expect("reads");
    let canonical = record::to_canonical_sgf(&fox.collection);
    assert!(canonical.contains("KM[6.5]"), "{canonical}");
}

#[test]
fn charset_missing_or_wrong_is_detected_and_reported() {
    for (file, word, charset) in [
        ("sabaki/no-ca.sgf", "黑", "gb18030"),
        ("sabaki/japanese.sgf", "井山 裕太", "Shift_JIS"),
        ("sabaki/korean.sgf", "이세돌", "EUC-KR"),
        ("sabaki/utf16le.sgf", "(;", "UTF-16LE"),
        ("sabaki/utf8bom.sgf", "(;", "UTF-8"),
        ("sabaki/nihon-kiin.sgf", "韓国棋院", "Shift_JIS"),
        ("sabaki/japanese_bad.sgf", "is fun", "UTF-8"),
    ] {
        let reading = record::read(&data(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(reading.charset, charset, "{file}");
        assert!(record::write(&reading.collection).contains(word), "{file}");
    }
    let reading = record::read(&data("sabaki/no-ca.sgf")).expect("reads");
    assert!(
        reading
            .warnings
            .iter()
            .any(|w| w.to_string().contains("guessed"))
    );
}

#[test]
fn replay_reports_illegal_moves_and_counts_finished_games() {
    let suicide = check_bytes(&data("littlego/suicide.sgf"), false).expect("reads");
    assert_eq!(suicide[0].illegal.len(), 1, "{suicide:?}");
    assert!(suicide[0].illegal[0].reason.to_string().contains("Art. 5"));
    let superko = check_bytes(&data("littlego/positional-superko.sgf"), false).expect("reads");
    assert!(
        superko[0]
            .illegal
            .iter()
            .any(|i| i.reason.to_string().contains("Art. 6")),
        "{superko:?}"
    );
    // Occupied point: the stone cannot go down, the move becomes a pass.
    let occupied = check_bytes(b"(;SZ[9];B[ee];W[ee];B[dd])", false).expect("reads");
    assert_eq!(
        occupied[0].illegal,
        vec![IllegalReport {
            number: 2,
            color: Color::White,
            point: "E5".to_string(),
            reason: IllegalMove::Occupied,
        }]
    );
    // Two passes end the game: 9x9, Black alone on the board, komi 7.5.
    let counted =
        check_bytes(b"(;SZ[9]KM[7.5]RU[Chinese]RE[B+73.5];B[ee];W[];B[])", false).expect("reads");
    assert_eq!(counted[0].counted.as_deref(), Some("B+73.5"));
    assert_eq!(counted[0].matches, Some(true));
    // Fox komi and a handicap placed in a node after the root.
    let fox = check_bytes(&data("katago/foxlike.sgf"), false).expect("reads");
    assert!(
        fox[0]
            .warnings
            .iter()
            .any(|w| w.text(Lang::En).contains("KM[325]")),
        "{fox:?}"
    );
}

#[test]
fn load_game_stops_before_the_given_move_and_game_to_sgf_round_trips() {
    let text = b"(;SZ[9]KM[7.5]HA[2]AB[cc][gg];W[ee];B[dd];W[ff])";
    let (replayed, _) = record::load_game(text, Some(3)).expect("loads");
    assert_eq!(replayed.game.move_number(), 2);
    assert_eq!(replayed.game.handicap(), 2);
    let (full, _) = record::load_game(text, None).expect("loads");
    let sgf = record::game_to_sgf(&full.game, &full.info);
    let (back, _) = record::load_game(sgf.as_bytes(), None).expect("own output loads");
    assert_eq!(back.game.board(), full.game.board());
    assert_eq!(back.game.moves(), full.game.moves());
    assert_eq!(back.game.handicap(), 2);
    assert_eq!(back.info.komi, Some(Komi(15)));
    let mut game = Game::new(9, Rules::default()).expect("game");
    game.play(Color::Black, Move::Play(Coord::new(2, 2)))
        .expect("legal");
    game.play(Color::White, Move::Pass).expect("legal");
    let sgf = record::game_to_sgf(&game, &record::GameInfo::default());
    assert!(
        sgf.contains(";B[cc]") && sgf.contains(";W[]") && sgf.contains("KM[7.5]"),
        "{sgf}"
    );
}

fn arb_tree() -> impl Strategy<Value = GameTree> {
    let text = "[a-zA-Z0-9 :\\]\\[\\\\()\n;\u{4e00}-\u{4e10}]{0,12}";
    let property = ("[A-Z]{1,3}", prop::collection::vec(text, 1..3));
    let node = prop::collection::vec(property, 0..4);
    // Parent choices encode the shape: node i hangs from one of the nodes before it.
    prop::collection::vec((node, any::<prop::sample::Index>()), 1..30).prop_map(|nodes| {
        let mut tree = GameTree::new();
        for (i, (props, parent)) in nodes.into_iter().enumerate() {
            let mut n = Node::default();
            for (id, values) in props {
                if n.has(&id) {
                    continue;
                }
                let values = values
                    .iter()
                    .map(|v| properties::encode_text(v, false))
                    .collect();
                n.properties.push(Property { id, values });
            }
            if i == 0 {
                *tree.root_mut() = n;
            } else {
                let p = parent.index(tree.len());
                tree.add_child(record::NodeId(p), n);
            }
        }
        tree
    })
}

proptest! {
    #[test]
    fn random_trees_round_trip(trees in prop::collection::vec(arb_tree(), 1..3)) {
        let collection = Collection { trees };
        let text = record::write(&collection);
        let back = record::read_str(&text).expect("own output reads");
        prop_assert!(back.warnings.is_empty(), "{:?}", back.warnings);
        prop_assert_eq!(&back.collection, &collection);
        // Layout does not depend on where the tree came from.
        prop_assert_eq!(record::write(&back.collection), text);
    }

    #[test]
    fn any_bytes_read_without_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        if let Err(e) = record::read(&bytes) {
            prop_assert!(e.to_string().contains("expected"));
        }
    }
}

/// The real files of `tests/data/sgf` (permissively licensed copies from the corpus).
fn mutation_inputs() -> Vec<PathBuf> {
    tianyuan::cli::check::collect_files(&[
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf")
    ])
}

#[test]
fn mutated_real_files_never_panic_and_unreadable_ones_say_why() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        // xorshift: reproducible without a dependency.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let wrong_charsets: [&[u8]; 4] = [
        b"CA[UTF-16]",
        b"CA[Big5]",
        b"CA[nonsense]",
        b"CA[Shift_JIS]",
    ];
    for file in mutation_inputs() {
        let original = std::fs::read(&file).expect("data file");
        let mut variants: Vec<Vec<u8>> = Vec::new();
        for cut in [1, 2, 3, 5, 8, 13, 21, 34, 55, 89] {
            variants.push(
                original
                    .get(..original.len() * cut / 100)
                    .unwrap_or_default()
                    .to_vec(),
            );
        }
        for _ in 0..30 {
            let mut v = original.clone();
            if !v.is_empty() {
                let i = (next() as usize) % v.len();
                v[i] = next() as u8;
            }
            variants.push(v);
        }
        for ca in wrong_charsets {
            let mut v = ca.to_vec();
            v.extend_from_slice(&original);
            variants.push(v);
        }
        for v in variants {
            match check_bytes(&v, true) {
                Ok(reports) => assert!(!reports.is_empty()),
                Err(e) => {
                    let text = e.to_string();
                    assert!(
                        text.contains("line ")
                            && text.contains("column ")
                            && text.contains("expected"),
                        "{}: {text}",
                        file.display()
                    );
                }
            }
        }
    }
}

#[test]
fn markup_and_annotations_are_typed() {
    use tianyuan::record::{Annotations, Emphasis, Markup};
    let reading = record::read(&data("littlego/markup.sgf")).expect("reads");
    let tree = &reading.collection.trees[0];
    let line = tree.main_line();
    let node = |i: usize| tree.node(line[i]).expect("node");
    let (circles, w) = Markup::read(node(2), 19);
    assert!(w.is_empty());
    assert_eq!(circles.circles.len(), 16);
    let (arrows, _) = Markup::read(node(7), 19);
    assert_eq!(arrows.arrows.len(), 9);
    assert_eq!(arrows.arrows[0], (Coord::new(0, 0), Coord::new(3, 0)));
    let (labels, _) = Markup::read(node(9), 19);
    assert_eq!(
        labels.labels[2],
        (Coord::new(5, 7), "Rather long label".to_string())
    );
    let reading = record::read(&data("littlego/annotations.sgf")).expect("reads");
    let tree = &reading.collection.trees[0];
    let line = tree.main_line();
    let a = |i: usize| Annotations::read(tree.node(line[i]).expect("node"));
    assert_eq!(a(2).good_for_black, Some(Emphasis::Strong));
    assert_eq!(a(11).bad_move, Some(Emphasis::Normal));
    assert_eq!(a(12).bad_move, Some(Emphasis::Strong));
    assert!(a(13).interesting);
    assert_eq!(a(18).value, Some(42.5));
    assert_eq!(a(15).comment.as_deref(), Some("Comment"));
}

/// Found by the fuzzer: an unclosed value in a repeated property used to ask for a position
/// behind the one already reported (a debug assertion fired).
#[test]
fn fuzz_unclosed_value_in_a_repeated_property_reports_both_repairs_in_order() {
    let got = warnings("(;AB[aa]AB[cc");
    assert_eq!(
        got,
        [
            "line 1, column 9: property AB repeated in one node; values merged",
            "line 1, column 11: value not closed before the end of the file; ']' added",
            "line 1, column 14: unexpected end of file: 1 missing ')' added",
        ]
    );
}

#[test]
fn all_variations_reports_illegal_moves_off_the_main_line_once_each() {
    let text = b"(;SZ[9];B[ee](;W[ee];B[cc])(;W[dd];B[dd])(;W[ff](;B[ff])(;B[gg])))";
    let main_only = check_bytes(text, false).expect("reads");
    assert_eq!(main_only[0].illegal.len(), 1);
    let all = check_bytes(text, true).expect("reads");
    let points: Vec<&str> = all[0].illegal.iter().map(|i| i.point.as_str()).collect();
    assert_eq!(points, ["E5", "D6", "F4"]);
}

/// Issue 17: in a record (not a live game) a suicide or an immediate ko retake follows the
/// record's RU: a suicide is kept where those rules allow it (New Zealand, Ing), otherwise it
/// is void as one pass, and so is every immediate ko retake, with a diagnostic.
#[test]
fn issue17_a_recorded_suicide_or_ko_retake_follows_the_records_ru() {
    let replay = |sgf: &str| {
        let r = read(sgf);
        record::replay_main_line(&r.collection.trees[0]).expect("replays")
    };
    // White's stone on aa (A19) has no liberty and captures nothing.
    for (ru, kept) in [
        ("", false),
        ("RU[Chinese]", false),
        ("RU[Japanese]", false),
        ("RU[NZ]", true),
        ("RU[GOE]", true),
    ] {
        let r = replay(&format!("(;FF[4]SZ[19]{ru};B[ab];W[];B[ba];W[aa])"));
        assert_eq!(r.game.board().get(Coord::new(0, 0)), None, "{ru}");
        if kept {
            assert!(r.illegal.is_empty(), "{ru}: {:?}", r.illegal);
            assert_eq!(r.game.captures(Color::Black), 1, "{ru}: the suicided stone");
        } else {
            assert_eq!(r.illegal.len(), 1, "{ru}");
            let i = &r.illegal[0].irregularity;
            assert_eq!(
                (i.move_number, i.reason, i.played_as_pass),
                (4, IllegalMove::Suicide, true)
            );
            assert_eq!(
                r.game.captures(Color::Black),
                0,
                "{ru}: void, nothing captured"
            );
            assert_eq!(r.game.moves()[3], (Color::White, Move::Pass));
            let w: Vec<String> = r.warnings.iter().map(ToString::to_string).collect();
            assert!(
                w.iter()
                    .any(|t| t.contains("void") && t.contains("Art. 19")),
                "{ru}: {w:?}"
            );
        }
    }
    // A ko at E5/F5 on 9×9: White takes on E5, Black retakes on F5 at once.
    for ru in ["RU[Japanese]", "RU[Chinese]", "RU[NZ]", "RU[Ing]", ""] {
        let r = replay(&format!(
            "(;FF[4]SZ[9]{ru};B[ed];W[fd];B[de];W[ge];B[ef];W[ff];B[fe];W[ee];B[fe])"
        ));
        assert_eq!(r.illegal.len(), 1, "{ru}");
        let i = &r.illegal[0].irregularity;
        assert!(
            matches!(i.reason, IllegalMove::Ko { .. }),
            "{ru}: {:?}",
            i.reason
        );
        assert!(i.played_as_pass, "{ru}");
        assert_eq!(
            r.game.board().get(Coord::new(4, 4)),
            Some(Color::White),
            "{ru}: E5 stays"
        );
        assert_eq!(
            r.game.board().get(Coord::new(5, 4)),
            None,
            "{ru}: F5 stays empty"
        );
        let w: Vec<String> = r.warnings.iter().map(|w| w.to_string()).collect();
        assert!(w.iter().any(|t| t.contains("Art. 20.1")), "{ru}: {w:?}");
    }
}
