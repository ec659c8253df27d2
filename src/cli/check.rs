//! `tianyuan check [--json] [--all-variations] [--lang L] [--jobs N] PATH...`: reads records,
//! replays them with the rules core in tolerant mode, counts finished games, and reports per game.
//!
//! Files are checked on every core at once (each file on its own, whole), and the reports are
//! written in the order the files were listed, so the output is the same whatever the number of
//! threads: a referee can diff two runs. Text is English unless `--lang` asks for Chinese.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use serde_json::{Value, json};

use crate::i18n::{self, Lang};
use crate::record::{self, GameTree, Outcome};
use crate::rules::{Color, Move};

/// Arguments of `tianyuan check`.
#[derive(clap::Args, Debug, Clone)]
pub struct CheckArgs {
    /// One JSON object per line per game.
    #[arg(long)]
    pub json: bool,
    /// Replay every variation, not only the main line.
    #[arg(long)]
    pub all_variations: bool,
    /// Language of the report's text, warnings and reasons: zh-Hans, zh-Hant or en (default
    /// English; JSON keys stay English).
    #[arg(long, value_name = "LANG", value_parser = super::parse_lang)]
    pub lang: Option<Lang>,
    /// Files checked at once (default: one per processor).
    #[arg(short, long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// SGF files, or folders searched recursively for `*.sgf` (any letter case).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

/// An illegal move met in a game: its number, who played it, where, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct IllegalReport {
    /// The move's number (moves and passes counted from 1).
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The point in GTP letters (`E5`), the SGF value when off the board, or `pass`.
    pub point: String,
    /// Why it is illegal.
    pub reason: crate::rules::IllegalMove,
}

/// A repair or doubt of a game: one of the record layer's, or a game that cannot be replayed.
#[derive(Debug, Clone, PartialEq)]
pub enum ReportWarning {
    /// Found while reading or replaying.
    Record(record::Warning),
    /// The game cannot be replayed at all (board size).
    Replay(record::ReplayError),
}

impl ReportWarning {
    /// The text in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ReportWarning::Record(w) => i18n::warning_text(w, lang),
            ReportWarning::Replay(e) => i18n::replay_error_text(e, lang),
        }
    }
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
    /// Illegal moves, in the order met.
    pub illegal: Vec<IllegalReport>,
    /// Repairs and doubts.
    pub warnings: Vec<ReportWarning>,
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
    let mut warnings: Vec<ReportWarning> = file_warnings
        .iter()
        .cloned()
        .map(ReportWarning::Record)
        .collect();
    let main = match record::replay_main_line(tree) {
        Ok(r) => r,
        Err(e) => {
            warnings.push(ReportWarning::Replay(e));
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
    let counted = main.counted(tree);
    let matches = match (&main.info.result, counted) {
        (Some(Outcome::Counted(recorded)), Some(counted)) => Some(*recorded == counted),
        _ => None,
    };
    let moves = main.game.move_number();
    let record::Replay {
        info,
        illegal: mut illegal_plays,
        warnings: replay_warnings,
        ..
    } = main;
    warnings.extend(replay_warnings.into_iter().map(ReportWarning::Record));
    if all_variations {
        // The main line's moves were reported above; add those only other variations hold.
        match record::replay::illegal_in_all_variations(tree) {
            Ok(all) => {
                let on_main_line: std::collections::HashSet<record::NodeId> =
                    illegal_plays.iter().map(|p| p.node).collect();
                illegal_plays.extend(all.into_iter().filter(|p| !on_main_line.contains(&p.node)));
            }
            Err(e) => warnings.push(ReportWarning::Replay(e)),
        }
    }
    let illegal = illegal_plays
        .into_iter()
        .map(|p| {
            let i = p.irregularity;
            let point = match i.mv {
                Move::Pass => "pass".to_string(),
                Move::Play(c) if c.is_on(size) => c.to_gtp(size),
                Move::Play(c) => c.to_sgf(),
            };
            IllegalReport {
                number: i.move_number,
                color: i.color,
                point,
                reason: i.reason,
            }
        })
        .collect();
    GameReport {
        game: index,
        size,
        moves,
        result: info.result_text,
        illegal,
        warnings,
        counted: counted.map(|c| c.to_sgf()),
        matches,
    }
}

impl GameReport {
    /// The JSON object of the issue's `check --json` format, keys in the issue's order; the
    /// texts (reasons, warnings) in `lang`.
    pub fn to_json(&self, file: &str, lang: Lang) -> String {
        let illegal: Vec<String> = self
            .illegal
            .iter()
            .map(|i| {
                ordered(&[
                    ("move", json!(i.number).to_string()),
                    ("colour", json!(i.color.letter().to_string()).to_string()),
                    ("point", json!(i.point).to_string()),
                    (
                        "reason",
                        json!(i18n::illegal_move_text(i.reason, lang)).to_string(),
                    ),
                ])
            })
            .collect();
        let warnings: Vec<String> = self.warnings.iter().map(|w| w.text(lang)).collect();
        ordered(&[
            ("file", json!(file).to_string()),
            ("game", json!(self.game).to_string()),
            ("size", json!(self.size).to_string()),
            ("moves", json!(self.moves).to_string()),
            ("result", json!(self.result).to_string()),
            ("illegal", format!("[{}]", illegal.join(", "))),
            ("warnings", json!(warnings).to_string()),
            ("counted", json!(self.counted).to_string()),
            ("matches", json!(self.matches).to_string()),
        ])
    }

    /// One human-readable line, then the warnings and illegal moves indented, in `lang`.
    pub fn to_text(&self, file: &str, lang: Lang) -> String {
        let (result, counted) = (
            self.result.as_deref().unwrap_or("-"),
            self.counted.as_deref().unwrap_or("-"),
        );
        let (game, size, moves) = (self.game, self.size, self.moves);
        let mut s = match lang {
            Lang::En => format!(
                "{file} game {game}: {size}x{size}, {moves} moves, result {result}, counted {counted}"
            ),
            // Chinese counts games from 1 (第1局); the English line keeps the JSON's index.
            Lang::ZhHans => format!(
                "{file} 第{}局：{size}路，{moves}手，记录结果 {result}，数子结果 {counted}",
                game + 1
            ),
            Lang::ZhHant => format!(
                "{file} 第{}局：{size}路，{moves}手，記錄結果 {result}，數子結果 {counted}",
                game + 1
            ),
        };
        match self.matches {
            Some(true) => s.push_str(lang.pick("（相符）", "（相符）", " (matches)")),
            Some(false) => s.push_str(lang.pick("（不符）", "（不符）", " (DIFFERS)")),
            None => {}
        }
        for i in &self.illegal {
            let (n, p) = (i.number, &i.point);
            let reason = i18n::illegal_move_text(i.reason, lang);
            let line = match lang {
                Lang::En => format!("illegal move {n} {} {p}: {reason}", i.color.letter()),
                Lang::ZhHans | Lang::ZhHant => {
                    let who = match i.color {
                        Color::Black => "黑",
                        Color::White => "白",
                    };
                    format!(
                        "{}第{n}手 {who} {p}：{reason}",
                        lang.pick("违例 ", "違例 ", "")
                    )
                }
            };
            s.push_str("\n  ");
            s.push_str(&line);
        }
        for w in &self.warnings {
            s.push_str("\n  ");
            s.push_str(lang.pick("警告：", "警告：", "warning: "));
            s.push_str(&w.text(lang));
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
                    // The entry's own type costs no system call; only a symbolic link needs
                    // one more look to know whether it leads to a folder.
                    let is_dir = match entry.file_type() {
                        Ok(t) if t.is_symlink() => p.is_dir(),
                        Ok(t) => t.is_dir(),
                        Err(_) => p.is_dir(),
                    };
                    if is_dir {
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

/// What checking one file prints: the reports (standard output), or its error (standard
/// output in JSON, else standard error).
struct FileOutput {
    stdout: String,
    stderr: String,
    failed: bool,
}

/// Reads and checks one file and renders what is to be printed about it.
fn check_file(file: &Path, args: &CheckArgs, lang: Lang) -> FileOutput {
    let name = file.display().to_string();
    // JSON names files with `/` on every system (Windows reads it as a separator too), so the
    // same corpus gives the same JSON on Windows as on Linux; the text keeps Windows' `\`.
    #[cfg(windows)]
    let name = if args.json {
        name.replace('\\', "/")
    } else {
        name
    };
    let outcome = crate::files::read_bounded(file, record::MAX_FILE_BYTES)
        .map_err(|e| {
            let why = e.to_string();
            lang.pick(
                format!("{name}：无法读取文件：{why}"),
                format!("{name}：無法讀取檔案：{why}"),
                format!("{name}: cannot read the file: {why}"),
            )
        })
        .and_then(|bytes| {
            check_bytes(&bytes, args.all_variations)
                .map_err(|e| format!("{name}: {}", i18n::sgf_error_text(&e, lang)))
        });
    let mut out = FileOutput {
        stdout: String::new(),
        stderr: String::new(),
        failed: false,
    };
    match outcome {
        Ok(reports) => {
            for report in reports {
                if args.json {
                    out.stdout.push_str(&report.to_json(&name, lang));
                } else {
                    out.stdout.push_str(&report.to_text(&name, lang));
                }
                out.stdout.push('\n');
            }
        }
        Err(message) => {
            out.failed = true;
            if args.json {
                let line = ordered(&[
                    ("file", json!(name).to_string()),
                    ("error", json!(message).to_string()),
                ]);
                out.stdout.push_str(&line);
                out.stdout.push('\n');
            } else {
                out.stderr = format!("{}{message}\n", lang.pick("错误：", "錯誤：", "error: "));
            }
        }
    }
    out
}

/// Runs `tianyuan check`: exit 0 when every file was read, 1 when any could not be.
/// Output stops quietly when the reader goes away (`| head`).
pub fn run(args: &CheckArgs) -> ExitCode {
    let lang = args.lang.unwrap_or(Lang::En);
    let files = collect_files(&args.paths);
    let jobs = match args.jobs {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, usize::from),
    }
    .min(files.len())
    .max(1);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut failed = false;
    let mut emit = |o: FileOutput| -> std::io::Result<()> {
        failed |= o.failed;
        if !o.stderr.is_empty() {
            // Keep the order of errors among the reports when both go to a terminal.
            out.flush()?;
            eprint!("{}", o.stderr);
        }
        out.write_all(o.stdout.as_bytes())
    };
    if jobs == 1 {
        for file in &files {
            if emit(check_file(file, args, lang)).is_err() {
                // Nobody is reading any more: stop, but still say whether every file was read.
                break;
            }
        }
    } else {
        in_parallel(&files, jobs, |file| check_file(file, args, lang), &mut emit);
    }
    let _ = out.flush();
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Runs `work` on every item with `jobs` threads taking the next few items as they finish, and
/// hands each result to `emit` in the items' order (results that arrive early wait). Stops
/// taking new items once `emit` fails. Items go out in small runs, so that a folder of many
/// small files costs a few thread wake-ups per run rather than one per file.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    emit: &mut impl FnMut(R) -> std::io::Result<()>,
) {
    let run = (items.len() / (jobs.max(1) * 16)).clamp(1, 32);
    let runs = items.len().div_ceil(run);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, Vec<R>)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let r = next.fetch_add(1, Ordering::Relaxed);
                    let Some(rest) = items.get(r.saturating_mul(run)..).filter(|s| !s.is_empty())
                    else {
                        break;
                    };
                    let chunk = rest.get(..run).unwrap_or(rest);
                    if tx.send((r, chunk.iter().map(work).collect())).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut waiting: Vec<Option<Vec<R>>> = Vec::new();
        waiting.resize_with(runs, || None);
        let mut due = 0;
        for (r, results) in rx {
            if let Some(slot) = waiting.get_mut(r) {
                *slot = Some(results);
            }
            while let Some(results) = waiting.get_mut(due).and_then(Option::take) {
                due += 1;
                for result in results {
                    if emit(result).is_err() {
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue10_parallel_results_come_out_in_the_order_of_the_items() {
        let items: Vec<u64> = (0..200).collect();
        for jobs in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            in_parallel(
                &items,
                jobs,
                |&i| {
                    // Uneven work, so that later items often finish first.
                    let mut x = 0u64;
                    for k in 0..(i * 7919) % 1000 {
                        x = std::hint::black_box(x ^ k);
                    }
                    std::hint::black_box(x);
                    i
                },
                &mut |r| {
                    seen.push(r);
                    Ok(())
                },
            );
            assert_eq!(seen, items, "{jobs} jobs");
        }
    }

    fn args(json: bool) -> CheckArgs {
        CheckArgs {
            json,
            all_variations: false,
            lang: None,
            jobs: None,
            paths: Vec::new(),
        }
    }

    /// Issue 10, item 10: a file too large to be a record, or a device, is a clear error at
    /// once, never a hang.
    #[test]
    fn issue10_devices_and_giant_files_are_refused_before_reading() {
        let dir = std::env::temp_dir().join(format!("tianyuan-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let giant = dir.join("giant.sgf");
        std::fs::File::create(&giant)
            .and_then(|f| f.set_len(record::MAX_FILE_BYTES + 1))
            .expect("sparse file");
        let out = check_file(&giant, &args(false), Lang::En);
        assert!(out.failed && out.stdout.is_empty());
        assert!(out.stderr.contains("more than"), "{}", out.stderr);
        let out = check_file(&giant, &args(true), Lang::ZhHans);
        assert!(
            out.failed && out.stdout.contains("无法读取文件"),
            "{}",
            out.stdout
        );
        if Path::new("/dev/zero").exists() {
            let out = check_file(Path::new("/dev/zero"), &args(false), Lang::En);
            assert!(out.stderr.contains("not a regular file"), "{}", out.stderr);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Issue 10, item 4: the report in the three languages.
    #[test]
    fn issue10_reports_are_translated_when_asked() {
        let reports =
            check_bytes(b"(;SZ[9]KM[375]RE[B+R];B[ee];W[ee];B[zz])", false).expect("reads");
        let report = &reports[0];
        let en = report.to_text("f.sgf", Lang::En);
        assert!(
            en.starts_with("f.sgf game 0: 9x9, 3 moves, result B+R"),
            "{en}"
        );
        assert!(en.contains("illegal move 2 W E5: occupied point"), "{en}");
        assert!(
            en.contains("warning: line 1, column 2: KM[375] read as"),
            "{en}"
        );
        let hans = report.to_text("f.sgf", Lang::ZhHans);
        assert!(hans.starts_with("f.sgf 第1局：9路，3手"), "{hans}");
        assert!(hans.contains("违例 第2手 白 E5：该点已有棋子"), "{hans}");
        assert!(hans.contains("警告：第1行第2列：KM[375] 按贴"), "{hans}");
        let hant = report.to_text("f.sgf", Lang::ZhHant);
        assert!(hant.contains("第2手 白 E5：該點已有棋子"), "{hant}");
        let json = report.to_json("f.sgf", Lang::ZhHans);
        assert!(json.contains("\"reason\": \"该点已有棋子\""), "{json}");
        assert!(
            report
                .to_json("f.sgf", Lang::En)
                .contains("\"reason\": \"occupied point\"")
        );
    }

    #[test]
    fn issue10_a_failing_reader_stops_the_workers() {
        let items: Vec<u32> = (0..10_000).collect();
        let mut taken = 0;
        in_parallel(&items, 2, |&i| i, &mut |_| {
            taken += 1;
            if taken == 3 {
                Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe))
            } else {
                Ok(())
            }
        });
        assert_eq!(taken, 3);
    }
}
