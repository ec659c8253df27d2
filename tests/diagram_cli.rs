//! `tianyuan diagram` and `tianyuan record` on real files: written atomically, well formed,
//! clear errors for bad input.

use std::path::PathBuf;
use std::process::ExitCode;

use tianyuan::cli::diagram::{Coordinates, DiagramArgs, RecordArgs, run_diagram, run_record};

#[path = "support/corpus.rs"]
mod support_corpus;

fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tianyuan-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn diagram_args(file: PathBuf, output: PathBuf) -> DiagramArgs {
    DiagramArgs {
        file,
        move_number: None,
        game: 1,
        numbers: false,
        coordinates: Coordinates::Letters,
        paper: false,
        lang: None,
        output: Some(output),
    }
}

#[test]
fn diagram_of_a_position_with_markup() {
    let Some(corpus) = support_corpus::corpus_or_skip() else {
        return;
    };
    let dir = out_dir("diagram");
    let out = dir.join("markup.svg");
    let mut args = diagram_args(
        corpus.join("sgf-render-inputs/markup/input.sgf"),
        out.clone(),
    );
    args.move_number = Some(0);
    assert_eq!(run_diagram(&args), ExitCode::SUCCESS);
    let svg = std::fs::read_to_string(&out).expect("written");
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("class=\"stone-black\""));
    // No temporary file is left beside the output.
    let left: Vec<_> = std::fs::read_dir(&dir).expect("dir").flatten().collect();
    assert_eq!(left.len(), 1);

    args.move_number = Some(10_000);
    assert_eq!(run_diagram(&args), ExitCode::from(2), "beyond the game");
    let missing = diagram_args(dir.join("no-such.sgf"), dir.join("x.svg"));
    assert_eq!(run_diagram(&missing), ExitCode::from(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_of_a_real_game_and_a_broken_file() {
    let Some(corpus) = support_corpus::corpus_or_skip() else {
        return;
    };
    let dir = out_dir("record");
    let out = dir.join("game.html");
    let args = RecordArgs {
        file: corpus.join("gnugo-regression/games/olympiad2003/gnugo_vs_dariush.sgf"),
        game: 1,
        per_diagram: 100,
        lang: Some("zh-Hant".into()),
        coordinates: Coordinates::Numbers,
        output: Some(out.clone()),
    };
    assert_eq!(run_record(&args), ExitCode::SUCCESS);
    let html = std::fs::read_to_string(&out).expect("written");
    assert_eq!(
        html.matches("<svg ").count(),
        3,
        "230 moves on three diagrams"
    );
    assert!(html.contains("第1譜"));
    let broken = RecordArgs {
        file: corpus.join("littlego-sgf/Illegal games/not-an-sgf-file.sgf"),
        output: Some(dir.join("broken.html")),
        ..args.clone()
    };
    assert_eq!(run_record(&broken), ExitCode::from(1));
    let bad_lang = RecordArgs {
        lang: Some("fr".into()),
        ..args
    };
    assert_eq!(run_record(&bad_lang), ExitCode::from(2));
    let _ = std::fs::remove_dir_all(&dir);
}
