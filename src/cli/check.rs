//! `tianyuan check [--json] [--all-variations] PATH...`: reads records, replays them with the
//! rules core in tolerant mode, counts finished games, and reports per game.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::record::{self, GameTree, Outcome};
use crate::rules::Move;

/// Arguments of `tianyuan check`.
#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    /// One JSON object per line per game.
    #[arg(long)]
    pub json: bool,
    /// Replay every variation, not only the main line.
    #[arg(long)]
    pub all_variations: bool,
    /// SGF files, or folders searched recursively for `*.sgf` (any letter case).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// The report on one game of a file.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReport {
    /// 0-based index of the game in its file.
    pub game: usize,
    /// Board size.
    pub size: u8,
    /// Moves (and passes) on the main line.
    pub moves: usize,
    /// The recorded result as written (`RE`).
    pub result: Option<String>,
    /// Illegal moves: move number, colour letter, GTP point, reason.
    pub illegal: Vec<(usize, char, String, String)>,
    /// Repairs and doubts.
    pub warnings: Vec<String>,
    /// The area count, when the game is finished.
    pub counted: Option<String>,
    /// Whether the count matches the recorded result (when both are scores).
    pub matches: Option<bool>,
}

/// Checks one game tree: pure, no I/O (the file-level warnings are passed in).
pub fn check_tree(
    tree: &GameTree,
    index: usize,
    all_variations: bool,
    file_warnings: &[record::Warning],
) -> GameReport {
    let mut warnings: Vec<String> = file_warnings.iter().map(ToString::to_string).collect();
    let main = match record::replay_main_line(tree) {
        Ok(r) => r,
        Err(e) => {
            warnings.push(e.to_string());
            return GameReport {
                game: index,
                size: 0,
                moves: 0,
                result: tree
                    .root()
                    .value("RE")
                    .map(record::properties::decode_simple_text),
                illegal: Vec::new(),
                warnings,
                counted: None,
                matches: None,
            };
        }
    };
    let size = main.info.size;
    let mut illegal_plays = main.illegal.clone();
    warnings.extend(main.warnings.iter().map(ToString::to_string));
    if all_variations {
        // The main line's moves were reported above; add those only other variations hold.
        match record::replay::illegal_in_all_variations(tree) {
            Ok(all) => {
                for play in all {
                    if !illegal_plays.iter().any(|p| p.node == play.node) {
                        illegal_plays.push(play);
                    }
                }
            }
            Err(e) => warnings.push(e.to_string()),
        }
    }
    let illegal = illegal_plays
        .iter()
        .map(|p| {
            let i = &p.irregularity;
            let point = match i.mv {
                Move::Pass => "pass".to_string(),
                Move::Play(c) if c.is_on(size) => c.to_gtp(size),
                Move::Play(c) => c.to_sgf(),
            };
            (i.move_number, i.color.letter(), point, i.reason.to_string())
        })
        .collect();
    let counted = main.counted(tree);
    let matches = match (&main.info.result, counted) {
        (Some(Outcome::Counted(recorded)), Some(counted)) => Some(*recorded == counted),
        _ => None,
    };
    GameReport {
        game: index,
        size,
        moves: main.game.move_number(),
        result: main.info.result_text.clone(),
        illegal,
        warnings,
        counted: counted.map(|c| c.to_sgf()),
        matches,
    }
}

impl GameReport {
    /// The JSON object of the issue's `check --json` format, keys in the order.
    pub fn to_json(&self, file: &str) -> String {
        let illegal: Vec<String> = self
            .illegal
            .iter()
            .map(|(n, c, p, r)| {
                ordered(&[
                    ("move", json!(n).to_string()),
                    ("colour", json!(c.to_string()).to_string()),
                    ("point", json!(p).to_string()),
                    ("reason", json!(r).to_string()),
                ])
            })
            .collect();
        ordered(&[
            ("file", json!(file).to_string()),
            ("game", json!(self.game).to_string()),
            ("size", json!(self.size).to_string()),
            ("moves", json!(self.moves).to_string()),
            ("result", json!(self.result).to_string()),
            ("illegal", format!("[{}]", illegal.join(", "))),
            ("warnings", json!(self.warnings).to_string()),
            ("counted", json!(self.counted).to_string()),
            ("matches", json!(self.matches).to_string()),
        ])
    }

    /// One human-readable line, then the warnings and illegal moves indented.
    pub fn to_text(&self, file: &str) -> String {
        let mut s = format!(
            "{file} game {}: {}x{}, {} moves, result {}, counted {}",
            self.game,
            self.size,
            self.size,
            self.moves,
            self.result.as_deref().unwrap_or("-"),
            self.counted.as_deref().unwrap_or("-"),
        );
        match self.matches {
            Some(true) => s.push_str(" (matches)"),
            Some(false) => s.push_str(" (DIFFERS)"),
            None => {}
        }
        for (n, c, p, r) in &self.illegal {
            s.push_str(&format!("\n  illegal move {n} {c} {p}: {r}"));
        }
        for w in &self.warnings {
            s.push_str(&format!("\n  warning: {w}"));
        }
        s
    }
}

/// Checks the bytes of one file: per-game reports, or the error that stopped reading.
pub fn check_bytes(
    bytes: &[u8],
    all_variations: bool,
) -> Result<Vec<GameReport>, record::SgfError> {
    let reading = record::read(bytes)?;
    Ok(reading
        .collection
        .trees
        .iter()
        .enumerate()
        .map(|(i, tree)| {
            // File-level warnings (charset, syntax) are reported with the first game only.
            let file_warnings: &[record::Warning] = if i == 0 { &reading.warnings } else { &[] };
            check_tree(tree, i, all_variations, file_warnings)
        })
        .collect())
}

/// A JSON object with its keys in the given order (serde_json's map would sort them);
/// each value is already JSON text.
fn ordered(fields: &[(&str, String)]) -> String {
    let body: Vec<String> = fields
        .iter()
        .map(|(key, value)| format!("{}: {value}", Value::String((*key).to_string())))
        .collect();
    format!("{{{}}}", body.join(", "))
}

/// Collects the SGF files under the given paths: files as given, folders searched recursively
/// for `*.sgf` in any letter case (sorted per folder). An unreadable folder is listed itself,
/// so that reading it reports the error.
pub fn collect_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut stack = vec![path.clone()];
            let mut found = Vec::new();
            while let Some(dir) = stack.pop() {
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    found.push(dir);
                    continue;
                };
                for entry in entries.flatten() {
                    let p = entry.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if is_sgf(&p) {
                        found.push(p);
                    }
                }
            }
            found.sort();
            files.extend(found);
        } else {
            files.push(path.clone());
        }
    }
    files
}

fn is_sgf(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// Runs `tianyuan check`: exit 0 when every file was read, 1 when any could not be.
/// Output stops quietly when the reader goes away (`| head`).
pub fn run(args: &CheckArgs) -> ExitCode {
    let mut failed = false;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for file in collect_files(&args.paths) {
        let name = file.display().to_string();
        let outcome = std::fs::read(&file)
            .map_err(|e| format!("{name}: cannot read the file: {e}"))
            .and_then(|bytes| {
                check_bytes(&bytes, args.all_variations).map_err(|e| format!("{name}: {e}"))
            });
        let written = match outcome {
            Ok(reports) => reports.iter().try_for_each(|report| {
                if args.json {
                    writeln!(out, "{}", report.to_json(&name))
                } else {
                    writeln!(out, "{}", report.to_text(&name))
                }
            }),
            Err(message) => {
                failed = true;
                if args.json {
                    let line = ordered(&[
                        ("file", json!(name).to_string()),
                        ("error", json!(message).to_string()),
                    ]);
                    writeln!(out, "{line}")
                } else {
                    eprintln!("error: {message}");
                    Ok(())
                }
            }
        };
        if written.is_err() {
            // Nobody is reading any more: stop, but still say whether every file was read.
            break;
        }
    }
    let _ = out.flush();
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
