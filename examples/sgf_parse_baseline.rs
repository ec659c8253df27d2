//! The yardstick of `tianyuan check`'s speed: the `sgf-parse` crate parsing the same files, parse
//! only, as a whole process of its own (`cargo run --release --example sgf_parse_baseline --
//! FOLDER...`).
//!
//! It reads files and folders exactly as `tianyuan check` collects them (recursively, `*.sgf` in
//! any letter case), gives each file to `sgf_parse::parse` as UTF-8 text (invalid bytes replaced,
//! which sgf-parse needs and which costs it next to nothing), and prints how many files, games and
//! bytes it read and how many files it could not parse. Nothing is replayed or counted: this is the
//! cheapest useful thing a program can do with the files, which is what issue 10 measures against.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let paths: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if paths.is_empty() {
        eprintln!("usage: sgf_parse_baseline FILE_OR_FOLDER...");
        return ExitCode::from(2);
    }
    let (mut files, mut games, mut bytes, mut failed) = (0usize, 0usize, 0usize, 0usize);
    for path in tianyuan::cli::check::collect_files(&paths) {
        let Ok(data) = std::fs::read(&path) else {
            failed += 1;
            continue;
        };
        files += 1;
        bytes += data.len();
        match sgf_parse::parse(&String::from_utf8_lossy(&data)) {
            Ok(trees) => games += trees.len(),
            Err(_) => failed += 1,
        }
    }
    println!("{files} files, {games} games, {bytes} bytes, {failed} not parsed");
    ExitCode::SUCCESS
}
