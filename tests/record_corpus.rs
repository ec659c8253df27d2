//! Issue 3 (and issue 2's rescoring): every file of the shared corpus read, round-tripped,
//! and the 51 verified Chinese-rules games re-scored to their recorded results.
//!
//! The corpus is found through `TIANYUAN_CORPUS`, else `<manifest>/../shared/corpus`, else
//! `/work/shared/corpus`; without it these tests print a note and pass (the permissively
//! licensed files the suite needs are also under `tests/data/sgf`).

use std::path::{Path, PathBuf};

use tianyuan::record::{self, Outcome, properties};

#[path = "support/corpus.rs"]
mod support_corpus;

fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    tianyuan::cli::check::collect_files(&[dir.to_path_buf()])
}

/// Files that are broken on purpose and cannot be read at all.
const UNREADABLE: [&str; 2] = [
    "gnugo-regression/games/pending/nightmare.sgf",
    "littlego-sgf/Illegal games/not-an-sgf-file.sgf",
];

#[test]
fn every_corpus_file_is_read_or_fails_with_a_clear_error() {
    let Some(root) = support_corpus::corpus_or_skip() else {
        return;
    };
    let files = sgf_files(&root);
    assert!(
        files.len() > 2000,
        "corpus looks incomplete: {} files",
        files.len()
    );
    let mut failed = Vec::new();
    for file in &files {
        let bytes = std::fs::read(file).expect("corpus file readable");
        let rel = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .to_string_lossy()
            .into_owned();
        match record::read(&bytes) {
            Ok(reading) => assert!(!reading.collection.trees.is_empty(), "{rel}: no tree"),
            Err(e) => {
                let text = e.to_string();
                assert!(
                    text.contains("line ") && text.contains("column ") && text.contains("expected"),
                    "{rel}: unclear error {text}"
                );
                failed.push(rel);
            }
        }
    }
    assert_eq!(failed, UNREADABLE.to_vec());
}

#[test]
fn read_write_read_gives_the_same_tree_for_every_readable_file() {
    let Some(root) = support_corpus::corpus_or_skip() else {
        return;
    };
    for file in sgf_files(&root) {
        let bytes = std::fs::read(&file).expect("corpus file readable");
        let Ok(reading) = record::read(&bytes) else {
            continue;
        };
        let mut canonical = reading.collection;
        record::canonicalize(&mut canonical);
        let text = record::write(&canonical);
        let again = record::read(text.as_bytes())
            .unwrap_or_else(|e| panic!("{}: own output unreadable: {e}", file.display()));
        assert!(
            again.warnings.is_empty(),
            "{}: own output has warnings {:?}",
            file.display(),
            again.warnings
        );
        assert_eq!(again.collection, canonical, "{}", file.display());
        // Normalising our own output gives the same bytes.
        assert_eq!(
            record::to_canonical_sgf(&again.collection),
            text,
            "{}",
            file.display()
        );
    }
}

#[test]
fn the_51_verified_chinese_rules_games_rescore_to_their_recorded_results() {
    let Some(root) = support_corpus::corpus_or_skip() else {
        return;
    };
    let index = std::fs::read_to_string(root.join("INDEX-chinese-rules-finished-games.tsv"))
        .expect("index");
    let mut lines = index.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect("column");
    let (file_col, game_col, re_col, verified_col) =
        (col("file"), col("game"), col("RE"), col("verified_by"));
    let mut checked = 0;
    for line in lines {
        let cells: Vec<&str> = line.split('\t').collect();
        let verified = cells.get(verified_col).copied().unwrap_or("");
        if verified.is_empty() {
            continue;
        }
        let file = cells[file_col];
        let game: usize = cells[game_col].parse().expect("game index");
        let bytes = std::fs::read(root.join(file)).expect("indexed file");
        let reading = record::read(&bytes).expect("indexed file reads");
        let tree = &reading.collection.trees[game];
        let replayed = record::replay_main_line(tree).expect("replays");
        let uses_marks = verified == "area_with_final_TB_TW_marks";
        if uses_marks {
            assert!(
                replayed.territory_marks(tree).is_some(),
                "{file}: TB/TW marks expected"
            );
        } else {
            assert!(replayed.ended_by_passes(), "{file}: two passes expected");
        }
        let counted = replayed
            .counted(tree)
            .unwrap_or_else(|| panic!("{file}: not counted"));
        let Some(Outcome::Counted(recorded)) = Outcome::parse(cells[re_col]) else {
            panic!("{file}: RE {} not a score", cells[re_col]);
        };
        assert_eq!(
            counted,
            recorded,
            "{file}: counted {} but recorded {}",
            counted.to_sgf(),
            cells[re_col]
        );
        checked += 1;
    }
    assert_eq!(checked, 51);
}

#[test]
fn escaping_output_of_libsgfcpp_is_reproduced() {
    let Some(root) = support_corpus::corpus_or_skip() else {
        return;
    };
    let dir = root.join("libsgfcpp-testfiles");
    let sgf = std::fs::read(dir.join("escaping.sgf")).expect("escaping.sgf");
    let expected =
        std::fs::read_to_string(dir.join("escaping-output.txt")).expect("expected output");
    let reading = record::read(&sgf).expect("reads");
    let tree = &reading.collection.trees[0];
    // Every "Raw value" line of the expected output, in order.
    let wanted: Vec<&str> = expected
        .lines()
        .filter_map(|l| l.trim().strip_prefix("Raw value"))
        .filter_map(|l| l.split_once("= \"").map(|(_, v)| v.trim_end_matches('"')))
        .collect();
    let mut got = Vec::new();
    for (_, node) in tree.iter() {
        for p in &node.properties {
            for raw in &p.values {
                match properties::property_type(&p.id).map(|t| t.0) {
                    Some(properties::ValueType::TextText | properties::ValueType::PointPoint) => {
                        let (a, b) = properties::split_compose(raw).expect("composed");
                        got.push(properties::decode_simple_text(a));
                        got.push(properties::decode_simple_text(b));
                    }
                    Some(properties::ValueType::Text) => got.push(properties::decode_text(raw)),
                    _ => got.push(properties::decode_simple_text(raw)),
                }
            }
        }
    }
    assert_eq!(got, wanted);
}

#[test]
fn the_encodings_folder_decodes_to_the_right_text() {
    let Some(root) = support_corpus::corpus_or_skip() else {
        return;
    };
    let dir = root.join("libsgfcpp-testfiles");
    // Each file holds the same sentences as the UTF-8 reference (or, for the Western
    // charsets, one line of accented letters), after one line naming its charset.
    let comments = |bytes: &[u8]| -> Vec<String> {
        let reading = record::read(bytes).expect("encoding file reads");
        let tree = &reading.collection.trees[0];
        tree.iter()
            .filter_map(|(_, n)| n.value("C").map(properties::decode_text))
            .collect()
    };
    let reference =
        comments(&std::fs::read(dir.join("encoding-utf8-nobom.sgf")).expect("reference"));
    let accents = "Ää Àà Ââ Åå Ææ Çç Èè Éé Êê Ëë Îî Ïï Ññ Öö Ôô Øø ß Üü Ùù Ûû ÿ ¿¡ «»";
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("encoding-"))
        })
        .collect();
    files.sort();
    assert_eq!(files.len(), 19);
    for file in files {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let got = comments(&std::fs::read(&file).expect("encoding file"));
        assert!(got.len() >= 3, "{name}: {got:?}");
        if name.contains("western") {
            assert!(got.iter().any(|c| c == accents), "{name}: {got:?}");
        } else {
            let unknown: Vec<&String> = got
                .iter()
                .skip(1)
                .filter(|c| !reference.contains(c))
                .collect();
            assert!(
                unknown.is_empty(),
                "{name}: not in the reference: {unknown:?}"
            );
        }
    }
    let sabaki = root.join("sabaki-sgf");
    let cases: [(&str, &str); 6] = [
        ("chinese.sgf", "古力"),
        ("japanese.sgf", "井山 裕太"),
        ("korean.sgf", "이세돌"),
        ("no-ca.sgf", "黑"),
        ("utf16le.sgf", "CA[UTF-8]"),
        ("encoding/nihon-kiin.sgf", "韓国棋院"),
    ];
    for (file, word) in cases {
        let bytes = std::fs::read(sabaki.join(file)).expect("sabaki file");
        let reading = record::read(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let text = record::to_canonical_sgf(&reading.collection);
        assert!(
            text.contains(word),
            "{file}: {word} missing (charset {}) in {text}",
            reading.charset
        );
    }
}
