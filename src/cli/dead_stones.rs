//! `tianyuan dead-stones [--json] FILE.sgf`: the built-in dead-stone suggestion for the last
//! position of the main line (setup stones included), and the area count with those stones
//! removed (komi and handicap from the file).

use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::{Value, json};

use crate::analysis::{Settings, Status, Suggestion, suggest};
use crate::i18n::{Lang, reason_text, status_text};
use crate::record;
use crate::rules::{Color, Coord};

/// Arguments of `tianyuan dead-stones`.
#[derive(clap::Args, Debug, Clone)]
pub struct DeadStonesArgs {
    /// One JSON object: {"dead": [...], "uncertain": [...], "dame": [...], "result": "W+7.5"}.
    #[arg(long)]
    pub json: bool,
    /// Game of the file, counted from 1, for files holding several.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub game: u32,
    /// Language of the text form: zh-Hans, zh-Hant or en (default: from the locale).
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// The SGF record.
    pub file: PathBuf,
}

/// What was read from the file: the final position, its rules and the suggestion.
pub struct Judged {
    /// The board size.
    pub size: u8,
    /// Moves and passes on the main line.
    pub moves: usize,
    /// Komi in points.
    pub komi_points: f64,
    /// Handicap stones counted for the komi return.
    pub handicap: u8,
    /// The suggestion.
    pub suggestion: Suggestion,
}

/// Why a record could not be judged, and the exit code it gives.
#[derive(Debug)]
pub struct Failure {
    /// The message, without the file name.
    pub message: String,
    /// 1 for a file that cannot be read, 2 for a usage error (no such game).
    pub code: u8,
}

/// Judges game `game` (0-based) of the SGF bytes: pure, no I/O.
pub fn judge_bytes(bytes: &[u8], game: usize) -> Result<Judged, Failure> {
    let reading = record::read(bytes).map_err(|e| Failure {
        message: e.to_string(),
        code: 1,
    })?;
    let trees = &reading.collection.trees;
    let tree = trees.get(game).ok_or_else(|| Failure {
        message: format!(
            "there is no game {} in the file (it holds {})",
            game + 1,
            trees.len()
        ),
        code: 2,
    })?;
    let replayed = record::replay_main_line(tree).map_err(|e| Failure {
        message: e.to_string(),
        code: 1,
    })?;
    let handicap = if replayed.info.handicap >= 2 {
        replayed.info.handicap
    } else {
        replayed.game.handicap()
    };
    let rules = replayed.game.rules().clone();
    let board = replayed.game.board();
    Ok(Judged {
        size: board.size(),
        moves: replayed.game.move_number(),
        komi_points: rules.komi.points(),
        handicap,
        suggestion: suggest(board, &rules, handicap, &Settings::default()),
    })
}

fn vertices(points: &[Coord], size: u8) -> Vec<String> {
    points.iter().map(|c| c.to_gtp(size)).collect()
}

/// The JSON object, keys in its order: dead, uncertain, dame, result.
pub fn to_json(judged: &Judged) -> String {
    let s = &judged.suggestion;
    let size = judged.size;
    let fields = [
        ("dead", json!(vertices(&s.dead, size))),
        ("uncertain", json!(vertices(&s.uncertain, size))),
        ("dame", json!(vertices(&s.dame, size))),
        ("result", json!(s.result.to_sgf())),
    ];
    let body: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}: {v}", Value::String((*k).to_owned())))
        .collect();
    format!("{{{}}}", body.join(", "))
}

/// The readable form: the lists, the count, the result, and every chain that is not plainly
/// alive with its reason.
pub fn to_text(judged: &Judged, lang: Lang) -> String {
    let s = &judged.suggestion;
    let size = judged.size;
    let list = |points: &[Coord]| -> String {
        if points.is_empty() {
            "-".to_owned()
        } else {
            vertices(points, size).join(" ")
        }
    };
    let mut out = String::new();
    let (dead, uncertain, seki, dame) = match lang {
        Lang::ZhHans => ("死子", "未定", "双活", "单官（双方各半）"),
        Lang::ZhHant => ("死子", "未定", "雙活", "單官（雙方各半）"),
        Lang::En => ("Dead", "Uncertain", "Seki", "Dame (split half each)"),
    };
    let header = match lang {
        Lang::ZhHans => format!(
            "{size}路，{} 手，贴 {} 目，让 {} 子；以下为建议，须由双方或裁判确认",
            judged.moves, judged.komi_points, judged.handicap
        ),
        Lang::ZhHant => format!(
            "{size}路，{} 手，貼 {} 目，讓 {} 子；以下為建議，須由雙方或裁判確認",
            judged.moves, judged.komi_points, judged.handicap
        ),
        Lang::En => format!(
            "{size}x{size}, {} moves, komi {}, handicap {}; a suggestion for the players or the arbiter to confirm",
            judged.moves, judged.komi_points, judged.handicap
        ),
    };
    out.push_str(&header);
    out.push('\n');
    for (name, points) in [
        (dead, &s.dead),
        (uncertain, &s.uncertain),
        (seki, &s.seki),
        (dame, &s.dame),
    ] {
        out.push_str(&format!("{name} ({}): {}\n", points.len(), list(points)));
    }
    let c = &s.count;
    let halves = |h: u32| {
        if h.is_multiple_of(2) {
            format!("{}", h / 2)
        } else {
            format!("{}.5", h / 2)
        }
    };
    let count = match lang {
        Lang::ZhHans => format!(
            "黑 {} 子，白 {} 子（单官 {} 各半）",
            halves(c.black_halves()),
            halves(c.white_halves()),
            c.shared
        ),
        Lang::ZhHant => format!(
            "黑 {} 子，白 {} 子（單官 {} 各半）",
            halves(c.black_halves()),
            halves(c.white_halves()),
            c.shared
        ),
        Lang::En => format!(
            "Black {} stones, White {} ({} shared points split half each)",
            halves(c.black_halves()),
            halves(c.white_halves()),
            c.shared
        ),
    };
    out.push_str(&count);
    out.push('\n');
    let result = match lang {
        Lang::ZhHans => format!("结果：{}（{}）", s.result.zh_hans(), s.result.to_sgf()),
        Lang::ZhHant => format!("結果：{}（{}）", s.result.zh_hant(), s.result.to_sgf()),
        Lang::En => format!("Result: {} ({})", s.result.en(), s.result.to_sgf()),
    };
    out.push_str(&result);
    out.push('\n');
    for chain in s.chains.iter().filter(|c| c.status != Status::Alive) {
        let colour = match (chain.color, lang) {
            (Color::Black, Lang::En) => "Black",
            (Color::White, Lang::En) => "White",
            (Color::Black, _) => "黑",
            (Color::White, _) => "白",
        };
        out.push_str(&format!(
            "  {colour} {} — {}: {}\n",
            list(&chain.stones),
            status_text(chain.status, lang),
            reason_text(chain, lang, |c| c.to_gtp(size)),
        ));
    }
    out
}

/// Runs `tianyuan dead-stones`: 0 on success, 1 when the file cannot be read, 2 for usage
/// errors (no such game, unknown language).
pub fn run(args: &DeadStonesArgs) -> ExitCode {
    let lang = match &args.lang {
        None => crate::locale::system_lang(),
        Some(code) => match Lang::from_code(code) {
            Some(l) => l,
            None => {
                eprintln!("error: unknown language '{code}' (zh-Hans, zh-Hant or en)");
                return ExitCode::from(2);
            }
        },
    };
    let name = args.file.display();
    let bytes = match crate::files::read_bounded(&args.file, crate::files::jobs::MAX_DOCUMENT_BYTES)
    {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {name}: cannot read the file: {e}");
            return ExitCode::from(1);
        }
    };
    let game = usize::try_from(args.game)
        .unwrap_or(usize::MAX)
        .saturating_sub(1);
    match judge_bytes(&bytes, game) {
        Ok(judged) => {
            if args.json {
                println!("{}", to_json(&judged));
            } else {
                print!("{}", to_text(&judged, lang));
            }
            ExitCode::SUCCESS
        }
        Err(f) => {
            eprintln!("error: {name}: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}
