//! `tianyuan class …` (issue 20 item 7): a class of children from the command line — for
//! scripts, the club's other PCs and the checks. The forms are pinned by the issue:
//!
//! ```text
//! tianyuan class new FILE --name NAME --teacher NAME [--pin PIN]
//! tianyuan class add FILE --child NICK
//! tianyuan class attempt FILE --child NICK --problem ID --answer VERTEX[,VERTEX…] [--hint] [--at ISO-8601]
//! tianyuan class due FILE --child NICK --at ISO-8601 [--json]
//! tianyuan class show FILE [--json]
//! tianyuan class homework FILE --child NICK GAME.sgf [--json]
//! tianyuan class report FILE --child NICK --month YYYY-MM -o OUT.html
//! tianyuan class sheets FILE (--step N | --child NICK) -o OUT.html
//! ```
//!
//! and the teacher's other acts: `remove`, `move` (along or back on the path), `game` (record a
//! game), `next` (the problems to give a child now), `assign`, `export`, `import`, `set-pin`.
//! Exit status: 0 done, 1 refused (a file that cannot be read, a child or problem that does
//! not exist, a missing or wrong PIN), 2 usage. The teacher's PIN guards removing a child,
//! moving a child on the path, assigning, exporting and changing the PIN.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::json;

use crate::class::format::time_text;
use crate::class::homework::{self, Draft};
use crate::class::model::TeacherPin;
use crate::class::path::{self, GameKind};
use crate::class::when::{parse_month, parse_time};
use crate::class::{Avatar, Class, ClassProblem, GameEntry, GameResult, Library, Time, judge};
use crate::files::class_file::{self, ClassFileError};
use crate::i18n::Lang;
use crate::rules::{Color, Coord};
use crate::seal::KdfParams;

/// `tianyuan class …`.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum ClassCommand {
    /// Make a new class file (never replaces one).
    New(NewArgs),
    /// Add a child to the class.
    Add(AddArgs),
    /// Remove a child and everything kept for them (needs the teacher's PIN if set).
    Remove(ChildPinArgs),
    /// Record a child's answer to a problem: prints `right` or `wrong`.
    Attempt(AttemptArgs),
    /// The problems due for a child at a time, oldest first.
    Due(DueArgs),
    /// The class: each child's rating, step, problems solved and tried.
    Show(ShowArgs),
    /// The problems to give a child now: due first, then homework, then the step's problems
    /// nearest the child's rating.
    Next(NextArgs),
    /// Record a game a child played (moves the ladder and counts towards the step).
    Game(GameArgs),
    /// Move a child along or back on the path (needs the teacher's PIN if set).
    Move(MoveArgs),
    /// Draft problems from a child's game: the moments that cost most.
    Homework(HomeworkArgs),
    /// Approve a proved problem and assign it to a child or the class (teacher's PIN).
    Assign(AssignArgs),
    /// The monthly report for a child's parents (HTML).
    Report(ReportArgs),
    /// Printable problem sheets (HTML, A4) for a step or a child's missed problems.
    Sheets(SheetsArgs),
    /// Export the class to one file for another PC (teacher's PIN).
    Export(ExportArgs),
    /// Import an exported class as a new class file.
    Import(ImportArgs),
    /// Set or change the teacher's PIN.
    SetPin(SetPinArgs),
}

/// Arguments of `class new`.
#[derive(clap::Args, Debug, Clone)]
pub struct NewArgs {
    /// The class file to make.
    pub file: PathBuf,
    /// The class's name.
    #[arg(long)]
    pub name: String,
    /// The teacher's name.
    #[arg(long)]
    pub teacher: String,
    /// The teacher's PIN (at least six characters): it guards removing children, moving them
    /// on the path, assigning, exporting and changing the PIN.
    #[arg(long)]
    pub pin: Option<String>,
    /// When (ISO 8601; default now).
    #[arg(long, value_parser = parse_time)]
    pub at: Option<Time>,
}

/// Arguments of `class add`.
#[derive(clap::Args, Debug, Clone)]
pub struct AddArgs {
    /// The class file.
    pub file: PathBuf,
    /// The child's nickname.
    #[arg(long)]
    pub child: String,
    /// The avatar: an animal (panda, tiger, rabbit, cat, dog, monkey, bear, fox, frog, chick,
    /// fish, dragon) or `colour:NAME` (red, orange, yellow, green, blue, purple, pink, brown).
    #[arg(long)]
    pub avatar: Option<String>,
    /// When (ISO 8601; default now).
    #[arg(long, value_parser = parse_time)]
    pub at: Option<Time>,
}

/// A class file, a child and the teacher's PIN.
#[derive(clap::Args, Debug, Clone)]
pub struct ChildPinArgs {
    /// The class file.
    pub file: PathBuf,
    /// The child's nickname.
    #[arg(long)]
    pub child: String,
    /// The teacher's PIN.
    #[arg(long)]
    pub pin: Option<String>,
}

/// Arguments of `class attempt`.
#[derive(clap::Args, Debug, Clone)]
pub struct AttemptArgs {
    /// The class file.
    pub file: PathBuf,
    /// The child's nickname.
    #[arg(long)]
    pub child: String,
    /// The problem's identifier (`tianyuan problems list`).
    #[arg(long)]
    pub problem: String,
    /// The child's moves in order (e.g. `E4` or `C3,D2`); the problem's replies are played
    /// between them.
    #[arg(long, value_delimiter = ',', required = true)]
    pub answer: Vec<String>,
    /// A hint was shown.
    #[arg(long)]
    pub hint: bool,
    /// Seconds the child took.
    #[arg(long)]
    pub seconds: Option<u32>,
    /// When it was answered (ISO 8601; default now).
    #[arg(long, value_parser = parse_time)]
    pub at: Option<Time>,
}

/// Arguments of `class due`.
#[derive(clap::Args, Debug, Clone)]
pub struct DueArgs {
    /// The class file.
    pub file: PathBuf,
    /// The child's nickname.
    #[arg(long)]
    pub child: String,
    /// The time (ISO 8601).
    #[arg(long, value_parser = parse_time)]
    pub at: Time,
    /// `[{"problem": ID, "due": ISO-8601}, …]`.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `class show`.
#[derive(clap::Args, Debug, Clone)]
pub struct ShowArgs {
    /// The class file.
    pub file: PathBuf,
    /// `{"children": [{"nick", "rating", "step", "solved", "tried"}]}`.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `class next`.
#[derive(clap::Args, Debug, Clone)]
pub struct NextArgs {
    /// The class file.
    pub file: PathBuf,
    /// The child's nickname.
    #[arg(long)]
    pub child: String,
    /// The time (ISO 8601; default now).
    #[arg(long, value_parser = parse_time)]
    pub at: Option<Time>,
    /// How many.
    #[arg(long, default_value_t = 5)]
    pub count: usize,
    /// A JSON array of identifiers.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `class game`.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The class file.
    pub file: PathBuf,
    /// The child's nickname.
    #[arg(long)]
    pub child: String,
    /// The game record (SGF).
    pub game: PathBuf,
    /// The game: `capture:N`, `most:N` or `go:SIZE` (default: the child's step's game, or
    /// Go on the record's board).
    #[arg(long)]
    pub kind: Option<String>,
    /// The child's colour (default: the player named like the child in the record).
    #[arg(long, value_parser = parse_color)]
    pub color: Option<Color>,
    /// The result for the child: won, lost, drawn (default: from the record's RE).
    #[arg(long)]
    pub result: Option<String>,
    /// The computer's level when the opponent was the computer.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=5))]
    pub level: Option<u8>,
    /// Handicap stones the child received (the ladder's count; default: the ladder's rung).
    #[arg(long, allow_hyphen_values = true)]
    pub handicap: Option<i8>,
    /// The opponent's name (default: from the record).
    #[arg(long)]
    pub opponent: Option<String>,
    /// When (ISO 8601; default now).
    #[arg(long, value_parser = parse_time)]
    pub at: Option<Time>,
}

/// Arguments of `class move`.
#[derive(clap::Args, Debug, Clone)]
pub struct MoveArgs {
    /// The class file.
    pub file: PathBuf,
    /// The child's nickname.
    #[arg(long)]
    pub child: String,
    /// The step to move to (1 to 7).
    #[arg(long)]
    pub step: u8,
    /// The teacher's PIN.
    #[arg(long)]
    pub pin: Option<String>,
    /// When (ISO 8601; default now).
    #[arg(long, value_parser = parse_time)]
    pub at: Option<Time>,
}

/// Arguments of `class homework`.
#[derive(clap::Args, Debug, Clone)]
pub struct HomeworkArgs {
    /// The class file.
    pub file: PathBuf,
    /// The child's nickname.
    #[arg(long)]
    pub child: String,
    /// The child's game (SGF).
    pub game: PathBuf,
    /// The child's colour (default: the player named like the child in the record).
    #[arg(long, value_parser = parse_color)]
    pub color: Option<Color>,
    /// `[{"move": n, "answer": VERTEX, "played": VERTEX, "reason": …}, …]`.
    #[arg(long)]
    pub json: bool,
    /// When (ISO 8601; default now).
    #[arg(long, value_parser = parse_time)]
    pub at: Option<Time>,
}

/// Arguments of `class assign`.
#[derive(clap::Args, Debug, Clone)]
pub struct AssignArgs {
    /// The class file.
    pub file: PathBuf,
    /// The problem's identifier.
    #[arg(long)]
    pub problem: String,
    /// To this child.
    #[arg(long, conflicts_with = "all", required_unless_present = "all")]
    pub child: Option<String>,
    /// To the whole class.
    #[arg(long)]
    pub all: bool,
    /// The teacher's PIN.
    #[arg(long)]
    pub pin: Option<String>,
}

/// Arguments of `class report`.
#[derive(clap::Args, Debug, Clone)]
pub struct ReportArgs {
    /// The class file.
    pub file: PathBuf,
    /// The child's nickname.
    #[arg(long)]
    pub child: String,
    /// The month, `YYYY-MM`.
    #[arg(long)]
    pub month: String,
    /// The HTML file to write.
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
    /// Language: zh-Hans, zh-Hant or en (default: from the locale).
    #[arg(long, value_parser = super::parse_lang)]
    pub lang: Option<Lang>,
}

/// Arguments of `class sheets`.
#[derive(clap::Args, Debug, Clone)]
#[command(group(clap::ArgGroup::new("which").required(true).args(["step", "child"])))]
pub struct SheetsArgs {
    /// The class file.
    pub file: PathBuf,
    /// The problems of step N of the path.
    #[arg(long)]
    pub step: Option<u8>,
    /// A child's missed problems.
    #[arg(long)]
    pub child: Option<String>,
    /// The HTML file to write.
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
    /// Problems on a page: 6 or 12.
    #[arg(long, default_value_t = 6, value_parser = parse_per_page)]
    pub per_page: usize,
    /// The most problems printed.
    #[arg(long, default_value_t = 12)]
    pub count: usize,
    /// Language: zh-Hans, zh-Hant or en (default: from the locale).
    #[arg(long, value_parser = super::parse_lang)]
    pub lang: Option<Lang>,
}

/// Arguments of `class export`.
#[derive(clap::Args, Debug, Clone)]
pub struct ExportArgs {
    /// The class file.
    pub file: PathBuf,
    /// The export to write (never replaces a file).
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
    /// The teacher's PIN.
    #[arg(long)]
    pub pin: Option<String>,
}

/// Arguments of `class import`.
#[derive(clap::Args, Debug, Clone)]
pub struct ImportArgs {
    /// The exported class.
    pub export: PathBuf,
    /// The new class file (never replaces a file).
    #[arg(short = 'o', long = "output")]
    pub output: PathBuf,
}

/// Arguments of `class set-pin`.
#[derive(clap::Args, Debug, Clone)]
pub struct SetPinArgs {
    /// The class file.
    pub file: PathBuf,
    /// The current PIN (when one is set).
    #[arg(long)]
    pub pin: Option<String>,
    /// The new PIN (at least six characters).
    #[arg(long)]
    pub new_pin: String,
}

fn parse_color(s: &str) -> Result<Color, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("colour must be black or white, not {s:?}")),
    }
}

fn parse_per_page(s: &str) -> Result<usize, String> {
    match s.trim() {
        "6" => Ok(6),
        "12" => Ok(12),
        _ => Err(format!("problems on a page must be 6 or 12, not {s:?}")),
    }
}

/// A refusal or a usage error, with its exit code.
struct Failure {
    code: u8,
    message: String,
}

fn refused(message: impl std::fmt::Display) -> Failure {
    Failure {
        code: 1,
        message: message.to_string(),
    }
}

fn usage(message: impl std::fmt::Display) -> Failure {
    Failure {
        code: 2,
        message: message.to_string(),
    }
}

impl From<ClassFileError> for Failure {
    fn from(e: ClassFileError) -> Failure {
        refused(e)
    }
}

impl From<crate::class::ClassError> for Failure {
    fn from(e: crate::class::ClassError) -> Failure {
        refused(e)
    }
}

fn now() -> Time {
    crate::time::utc_now().fixed_offset()
}

fn lang_or_env(lang: Option<Lang>) -> Lang {
    lang.unwrap_or_else(|| Lang::from_env(|v| std::env::var(v).ok()))
}

/// Runs `tianyuan class …`.
pub fn run(command: &ClassCommand) -> ExitCode {
    let result = match command {
        ClassCommand::New(a) => run_new(a),
        ClassCommand::Add(a) => run_add(a),
        ClassCommand::Remove(a) => run_remove(a),
        ClassCommand::Attempt(a) => run_attempt(a),
        ClassCommand::Due(a) => run_due(a),
        ClassCommand::Show(a) => run_show(a),
        ClassCommand::Next(a) => run_next(a),
        ClassCommand::Game(a) => run_game(a),
        ClassCommand::Move(a) => run_move(a),
        ClassCommand::Homework(a) => run_homework(a),
        ClassCommand::Assign(a) => run_assign(a),
        ClassCommand::Report(a) => run_report(a),
        ClassCommand::Sheets(a) => run_sheets(a),
        ClassCommand::Export(a) => run_export(a),
        ClassCommand::Import(a) => run_import(a),
        ClassCommand::SetPin(a) => run_set_pin(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("tianyuan class: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

fn make_pin(pin: &str) -> Result<TeacherPin, Failure> {
    let salt = crate::entropy::bytes::<16>().map_err(refused)?;
    TeacherPin::make(pin, salt, KdfParams::STANDARD).map_err(Failure::from)
}

fn run_new(a: &NewArgs) -> Result<(), Failure> {
    if a.name.trim().is_empty() || a.teacher.trim().is_empty() {
        return Err(usage("the class and the teacher need names"));
    }
    let mut class = Class::new(&a.name, &a.teacher, a.at.unwrap_or_else(now));
    if let Some(pin) = &a.pin {
        class.pin = Some(make_pin(pin)?);
    }
    class_file::create(&a.file, &class)?;
    Ok(())
}

fn run_add(a: &AddArgs) -> Result<(), Failure> {
    let mut class = class_file::load(&a.file)?;
    let avatar = match &a.avatar {
        Some(text) => Some(Avatar::parse(text).ok_or_else(|| {
            usage(format!("unknown avatar {text:?}: an animal or colour:NAME"))
        })?),
        None => None,
    };
    class.add_child(&a.child, avatar, a.at.unwrap_or_else(now))?;
    class_file::save(&a.file, &class)?;
    Ok(())
}

fn run_remove(a: &ChildPinArgs) -> Result<(), Failure> {
    let mut class = class_file::load(&a.file)?;
    class.unlock(a.pin.as_deref())?;
    class.remove_child(&a.child)?;
    class_file::save(&a.file, &class)?;
    Ok(())
}

/// The child's moves as points of a board of `size` lines.
fn vertices(answer: &[String], size: u8) -> Result<Vec<Coord>, Failure> {
    answer
        .iter()
        .map(|v| {
            Coord::from_gtp(v, size).ok_or_else(|| {
                usage(format!(
                    "{v:?} is not a point of the {size}×{size} board (e.g. D4; no letter I)"
                ))
            })
        })
        .collect()
}

fn run_attempt(a: &AttemptArgs) -> Result<(), Failure> {
    let mut class = class_file::load(&a.file)?;
    class.child(&a.child)?;
    let library = Library::for_class(&class);
    let entry = library
        .get(&a.problem)
        .ok_or_else(|| refused(format!("no problem {:?} (see `tianyuan problems list`)", a.problem)))?;
    let moves = vertices(&a.answer, entry.size())?;
    let verdict = judge(&entry.problem, &moves);
    let id = entry.id.clone();
    let answer: Vec<String> = moves.iter().map(|c| c.to_gtp(entry.size())).collect();
    class.record_attempt(
        &a.child,
        &library,
        &id,
        answer,
        verdict.right,
        u32::from(a.hint),
        a.seconds,
        a.at.unwrap_or_else(now),
    )?;
    class_file::save(&a.file, &class)?;
    println!("{}", if verdict.right { "right" } else { "wrong" });
    if let Some(why) = verdict.why {
        eprintln!("{why}");
    }
    Ok(())
}

fn run_due(a: &DueArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    let due = class.child(&a.child)?.due(a.at);
    if a.json {
        let list: Vec<_> = due
            .iter()
            .map(|(id, t)| json!({"problem": id, "due": time_text(*t)}))
            .collect();
        println!("{}", serde_json::Value::Array(list));
    } else {
        for (id, t) in due {
            println!("{id}\t{}", time_text(t));
        }
    }
    Ok(())
}

fn rounded(r: f64) -> f64 {
    (r * 10.0).round() / 10.0
}

fn run_show(a: &ShowArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    let rows = class.summary();
    if a.json {
        let children: Vec<_> = rows
            .iter()
            .map(|c| {
                json!({
                    "nick": c.nick,
                    "rating": rounded(c.rating),
                    "step": c.step,
                    "solved": c.solved,
                    "tried": c.tried,
                })
            })
            .collect();
        let out = json!({
            "class": class.name,
            "teacher": class.teacher,
            "children": children,
        });
        println!("{out}");
    } else {
        println!("{} ({})", class.name, class.teacher);
        for c in rows {
            let step = path::step(c.step).map_or("?", |s| s.name(Lang::En));
            println!(
                "{}\trating {:.0}\tstep {} ({step})\tsolved {} of {} tried",
                c.nick, c.rating, c.step, c.solved, c.tried
            );
        }
    }
    Ok(())
}

fn run_next(a: &NextArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    let library = Library::for_class(&class);
    let ids = class.next_problems(&a.child, &library, a.at.unwrap_or_else(now), a.count)?;
    if a.json {
        println!("{}", json!(ids));
    } else {
        for id in ids {
            println!("{id}");
        }
    }
    Ok(())
}

fn read_sgf(path: &Path) -> Result<crate::record::GameTree, Failure> {
    let bytes = crate::files::read_bounded(path, crate::record::MAX_FILE_BYTES)
        .map_err(|e| refused(format!("{}: {e}", path.display())))?;
    let reading = crate::record::read(&bytes)
        .map_err(|e| refused(format!("{}: {e}", path.display())))?;
    reading
        .collection
        .trees
        .into_iter()
        .next()
        .ok_or_else(|| refused(format!("{}: no game in the file", path.display())))
}

fn run_game(a: &GameArgs) -> Result<(), Failure> {
    let mut class = class_file::load(&a.file)?;
    let tree = read_sgf(&a.game)?;
    let info = homework::game_info(&tree);
    let child = class.child(&a.child)?;
    let color = match a.color {
        Some(c) => c,
        None => homework::child_color(&info, &child.nick).ok_or_else(|| {
            usage("the record does not name the child as Black or White: give --color")
        })?,
    };
    let kind = match &a.kind {
        Some(k) => GameKind::parse(k)
            .ok_or_else(|| usage(format!("unknown game {k:?}: capture:N, most:N or go:SIZE")))?,
        None => match path::step(child.step).map(|s| s.game) {
            Some(g) if g.size() == info.size => g,
            _ => GameKind::Go { size: info.size },
        },
    };
    let result = match &a.result {
        Some(r) => GameResult::parse(r)
            .ok_or_else(|| usage(format!("unknown result {r:?}: won, lost or drawn")))?,
        None => homework::result_for(&info, color).ok_or_else(|| {
            usage("the record has no result (RE): give --result won|lost|drawn")
        })?,
    };
    let opponent = a.opponent.clone().unwrap_or_else(|| {
        let name = match color {
            Color::Black => info.white.clone().unwrap_or_default(),
            Color::White => info.black.clone().unwrap_or_default(),
        };
        match (name.trim().is_empty(), a.level) {
            (false, _) => name,
            (true, Some(l)) => format!("computer level {l}"),
            (true, None) => String::new(),
        }
    });
    let handicap = a
        .handicap
        .unwrap_or_else(|| child.ladder_for(kind).handicap)
        .clamp(-9, 9);
    let sgf = std::fs::read(&a.game)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    let library = Library::for_class(&class);
    let passed = class.record_game(
        &a.child,
        &library,
        GameEntry {
            at: a.at.unwrap_or_else(now),
            kind,
            opponent,
            computer_level: a.level,
            handicap,
            color,
            result,
            sgf,
        },
    )?;
    class_file::save(&a.file, &class)?;
    println!("{}", result.code());
    if let Some(step) = passed {
        eprintln!("step {step} passed");
    }
    Ok(())
}

fn run_move(a: &MoveArgs) -> Result<(), Failure> {
    let mut class = class_file::load(&a.file)?;
    class.unlock(a.pin.as_deref())?;
    class.move_child(&a.child, a.step, a.at.unwrap_or_else(now))?;
    class_file::save(&a.file, &class)?;
    Ok(())
}

fn draft_json(d: &Draft, size: u8) -> serde_json::Value {
    json!({
        "move": d.move_number,
        "answer": d.answer.to_gtp(size),
        "played": crate::gtp::vertex::format_move(d.played, size),
        "reason": d.reason.code(),
        "color": match d.color { Color::Black => "black", Color::White => "white" },
        "stones": d.stones,
        "proved": d.proved,
        "id": d.id,
    })
}

fn run_homework(a: &HomeworkArgs) -> Result<(), Failure> {
    let mut class = class_file::load(&a.file)?;
    let tree = read_sgf(&a.game)?;
    let info = homework::game_info(&tree);
    let nick = class.child(&a.child)?.nick.clone();
    let colors: Vec<Color> = match a.color.or_else(|| homework::child_color(&info, &nick)) {
        Some(c) => vec![c],
        None => {
            eprintln!(
                "the record does not name {nick:?} as Black or White: both sides are looked at (use --color)"
            );
            vec![Color::Black, Color::White]
        }
    };
    let mut drafts = homework::extract(&tree, &colors).map_err(refused)?;
    let at = a.at.unwrap_or_else(now);
    // Keep each new draft in the class file for the teacher to approve (once per position).
    for d in &mut drafts {
        if let Some(existing) = class.problems.iter().find(|p| p.sgf == d.sgf) {
            d.id = existing.id.clone();
            continue;
        }
        d.id = class.new_problem_id();
        class.problems.push(ClassProblem {
            id: d.id.clone(),
            sgf: d.sgf.clone(),
            child: nick.clone(),
            move_number: d.move_number,
            reason: d.reason.code().to_string(),
            created: at,
            approved: false,
            for_class: false,
        });
    }
    class_file::save(&a.file, &class)?;
    if a.json {
        let list: Vec<_> = drafts.iter().map(|d| draft_json(d, info.size)).collect();
        println!("{}", serde_json::Value::Array(list));
    } else {
        for d in &drafts {
            println!(
                "move {}: {} played {}, answer {} ({}{})",
                d.move_number,
                d.id,
                crate::gtp::vertex::format_move(d.played, info.size),
                d.answer.to_gtp(info.size),
                d.reason.code(),
                if d.proved { "" } else { ", not proved" }
            );
        }
    }
    Ok(())
}

fn run_assign(a: &AssignArgs) -> Result<(), Failure> {
    let mut class = class_file::load(&a.file)?;
    class.unlock(a.pin.as_deref())?;
    let nick = if a.all { None } else { a.child.as_deref() };
    class.assign(&a.problem, nick)?;
    class_file::save(&a.file, &class)?;
    Ok(())
}

fn write_output(path: &Path, text: &str) -> Result<(), Failure> {
    crate::files::write_atomically(path, text.as_bytes())
        .map_err(|e| refused(format!("{}: {e}", path.display())))
}

fn run_report(a: &ReportArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    let month = parse_month(&a.month).map_err(usage)?;
    let library = Library::for_class(&class);
    let html = crate::class::report::monthly_html(
        &class,
        &a.child,
        month,
        lang_or_env(a.lang),
        &library,
    )?;
    write_output(&a.output, &html)
}

fn run_sheets(a: &SheetsArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    let library = Library::for_class(&class);
    let lang = lang_or_env(a.lang);
    let (title, entries) = match (&a.step, &a.child) {
        (Some(n), _) => {
            let step = path::step(*n).ok_or(crate::class::ClassError::NoSuchStep(*n))?;
            let entries = library.step_problems(step);
            (crate::class::sheets::step_title(step, lang), entries)
        }
        (None, Some(nick)) => {
            let child = class.child(nick)?;
            let entries = child
                .missed()
                .iter()
                .filter_map(|id| library.get(id))
                .collect::<Vec<_>>();
            (crate::class::sheets::child_title(child, lang), entries)
        }
        (None, None) => return Err(usage("give --step N or --child NICK")),
    };
    if entries.is_empty() {
        return Err(refused("no problems to print"));
    }
    let entries: Vec<_> = entries.into_iter().take(a.count.max(1)).collect();
    let html = crate::class::sheets::sheets_html(&class, &title, &entries, a.per_page, lang);
    write_output(&a.output, &html)
}

fn run_export(a: &ExportArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    class.unlock(a.pin.as_deref())?;
    class_file::export(&class, &a.output)?;
    Ok(())
}

fn run_import(a: &ImportArgs) -> Result<(), Failure> {
    let class = class_file::import(&a.export)?;
    class_file::create(&a.output, &class)?;
    Ok(())
}

fn run_set_pin(a: &SetPinArgs) -> Result<(), Failure> {
    let mut class = class_file::load(&a.file)?;
    class.unlock(a.pin.as_deref())?;
    class.pin = Some(make_pin(&a.new_pin)?);
    class_file::save(&a.file, &class)?;
    Ok(())
}
