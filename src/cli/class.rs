//! `tianyuan class …` (issue 20 item 7): a class of children from the command line — for
//! scripts, the club's other PCs and the checks. The forms are pinned by the issue:
//!
//! ```text
//! tianyuan class new FILE --name NAME --teacher NAME [--pin PIN] [--time-zone ZONE]
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
//! game), `next` (the problems to give a child now), `assign`, `export`, `import`, `set-pin`,
//! `accept-edits` (take a file edited by hand, issue 27). Times (`--at`) are ISO 8601; one
//! without an offset, or a date alone (its midnight), is on the class's clock (its time
//! zone); an act dated before the class was made, or before the class's last recorded
//! attempt (game), is refused.
//! Exit status: 0 done, 1 refused (a file that cannot be read, a child or problem that does
//! not exist, a missing or wrong PIN), 2 usage. The teacher's PIN guards removing a child,
//! moving a child on the path, assigning, exporting and changing the PIN.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Serialize;

use crate::class::format::time_text;
use crate::class::homework::{self, Draft};
use crate::class::model::TeacherPin;
use crate::class::path::{self, GameKind};
use crate::class::when::{Typed, parse_month, read_time};
use crate::class::zone::{ClassZone, ZoneError};
use crate::class::{Avatar, Class, ClassError, GameEntry, GameResult, Library, Time, judge};
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
    /// Take the edits made by hand to a class file: checks every member and writes the file
    /// again with its checksum (teacher's PIN).
    AcceptEdits(AcceptEditsArgs),
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
    /// The teacher's PIN (at least four characters): it guards removing children, moving them
    /// on the path, assigning, exporting and changing the PIN.
    #[arg(long)]
    pub pin: Option<String>,
    /// Where the class meets: an IANA time zone (Asia/Shanghai) or an offset (+08:00); a date
    /// given alone is then the class's midnight (default: the offset given with --at, else
    /// this computer's zone).
    #[arg(long)]
    pub time_zone: Option<String>,
    /// When (ISO 8601; default now).
    #[arg(long, value_parser = parse_at)]
    pub at: Option<Typed>,
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
    #[arg(long, value_parser = parse_at)]
    pub at: Option<Typed>,
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
    #[arg(long, value_parser = parse_at)]
    pub at: Option<Typed>,
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
    #[arg(long, value_parser = parse_at)]
    pub at: Typed,
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
    #[arg(long, value_parser = parse_at)]
    pub at: Option<Typed>,
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
    /// The opponent was the computer at the child's ladder rung (the level and handicap the
    /// window would set; --level and --handicap say otherwise).
    #[arg(long)]
    pub computer: bool,
    /// Handicap stones the child received (the ladder's count; default: the ladder's rung).
    #[arg(long, allow_hyphen_values = true)]
    pub handicap: Option<i8>,
    /// The opponent's name (default: from the record).
    #[arg(long)]
    pub opponent: Option<String>,
    /// When (ISO 8601; default now).
    #[arg(long, value_parser = parse_at)]
    pub at: Option<Typed>,
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
    #[arg(long, value_parser = parse_at)]
    pub at: Option<Typed>,
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
    #[arg(long, value_parser = parse_at)]
    pub at: Option<Typed>,
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
    /// The most problems printed (default: all of them).
    #[arg(long)]
    pub count: Option<usize>,
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
    /// The new class file (never replaces a file; default: the export's name in
    /// `$XDG_DATA_HOME/tianyuan/classes/`).
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
}

/// Arguments of `class set-pin`.
#[derive(clap::Args, Debug, Clone)]
pub struct SetPinArgs {
    /// The class file.
    pub file: PathBuf,
    /// The current PIN (when one is set).
    #[arg(long)]
    pub pin: Option<String>,
    /// The new PIN (at least four characters).
    #[arg(long)]
    pub new_pin: String,
}

/// Arguments of `class accept-edits`.
#[derive(clap::Args, Debug, Clone)]
pub struct AcceptEditsArgs {
    /// The class file edited by hand.
    pub file: PathBuf,
    /// The teacher's PIN.
    #[arg(long)]
    pub pin: Option<String>,
}

fn env_lang() -> Lang {
    Lang::from_env(|v| std::env::var(v).ok())
}

fn parse_color(s: &str) -> Result<Color, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(match env_lang() {
            Lang::ZhHans => format!("颜色要写 black 或 white，不是 {s:?}"),
            Lang::ZhHant => format!("顏色要寫 black 或 white，不是 {s:?}"),
            Lang::En => format!("colour must be black or white, not {s:?}"),
        }),
    }
}

fn parse_per_page(s: &str) -> Result<usize, String> {
    match s.trim() {
        "6" => Ok(6),
        "12" => Ok(12),
        _ => Err(match env_lang() {
            Lang::ZhHans => format!("每页的题数是6或12，不是 {s:?}"),
            Lang::ZhHant => format!("每頁的題數是6或12，不是 {s:?}"),
            Lang::En => format!("problems on a page must be 6 or 12, not {s:?}"),
        }),
    }
}

/// `--at`: an ISO 8601 time ([`read_time`]), the error in the environment's language; one
/// without an offset is placed on the class's clock when the class is read.
fn parse_at(s: &str) -> Result<Typed, String> {
    read_time(s).map_err(|_| match env_lang() {
        Lang::ZhHans => format!("{s:?} 不是 ISO 8601 时间（例如 2025-03-04T16:30:00+08:00）"),
        Lang::ZhHant => format!("{s:?} 不是 ISO 8601 時間（例如 2025-03-04T16:30:00+08:00）"),
        Lang::En => format!("{s:?} is not an ISO 8601 time (e.g. 2025-03-04T16:30:00+08:00)"),
    })
}

/// What a failure says, translated when printed.
enum Text {
    /// A refusal of the class model.
    Class(ClassError),
    /// A time zone that cannot be used.
    Zone(ZoneError),
    /// The class file could not be read or written.
    File(ClassFileError),
    /// Words in the three languages (zh-Hans, zh-Hant, en).
    Words([String; 3]),
}

impl Text {
    fn text(&self, lang: Lang) -> String {
        match self {
            Text::Class(e) => e.text(lang),
            Text::Zone(e) => e.text(lang),
            Text::File(e) => e.text(lang),
            Text::Words([a, b, c]) => lang.pick(a, b, c).clone(),
        }
    }
}

/// A refusal (exit 1) or a usage error (exit 2), with what to say.
struct Failure {
    code: u8,
    text: Text,
}

fn words(zh_hans: impl Into<String>, zh_hant: impl Into<String>, en: impl Into<String>) -> Text {
    Text::Words([zh_hans.into(), zh_hant.into(), en.into()])
}

fn refused(text: Text) -> Failure {
    Failure { code: 1, text }
}

fn usage(text: Text) -> Failure {
    Failure { code: 2, text }
}

impl From<ClassFileError> for Failure {
    fn from(e: ClassFileError) -> Failure {
        refused(Text::File(e))
    }
}

impl From<ClassError> for Failure {
    fn from(e: ClassError) -> Failure {
        refused(Text::Class(e))
    }
}

fn now() -> Time {
    crate::time::utc_now().fixed_offset()
}

/// The time of an act: `--at` on the class's clock, else now as the class's clock shows it.
fn when(at: Option<Typed>, zone: &ClassZone) -> Result<Time, Failure> {
    match at {
        Some(t) => resolve(t, zone),
        None => Ok(zone.local(now())),
    }
}

fn resolve(at: Typed, zone: &ClassZone) -> Result<Time, Failure> {
    match at {
        Typed::Exact(t) => Ok(t),
        Typed::Civil(c) => zone.resolve(c).map_err(|e| refused(Text::Zone(e))),
    }
}

fn lang_or_env(lang: Option<Lang>) -> Lang {
    lang.unwrap_or_else(env_lang)
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
        ClassCommand::AcceptEdits(a) => run_accept_edits(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("tianyuan class: {}", f.text.text(env_lang()));
            ExitCode::from(f.code)
        }
    }
}

fn make_pin(pin: &str) -> Result<TeacherPin, Failure> {
    let salt = crate::entropy::bytes::<16>().map_err(|e| {
        refused(words(
            format!("无法取得随机数：{e}"),
            format!("無法取得隨機數：{e}"),
            e.clone(),
        ))
    })?;
    TeacherPin::make(pin, salt, KdfParams::STANDARD).map_err(Failure::from)
}

fn run_new(a: &NewArgs) -> Result<(), Failure> {
    if a.name.trim().is_empty() || a.teacher.trim().is_empty() {
        return Err(usage(words(
            "班级和老师都要有名字（--name、--teacher）",
            "班級和老師都要有名字（--name、--teacher）",
            "the class and the teacher need names (--name, --teacher)",
        )));
    }
    let zone = match (&a.time_zone, a.at) {
        (Some(z), _) => ClassZone::parse(z).map_err(|e| usage(Text::Zone(e)))?,
        // An offset given with the time: this computer's zone when it agrees (a named zone
        // keeps summer time), else the offset itself.
        (None, Some(Typed::Exact(t))) => {
            let system = ClassZone::system(t);
            if system.offset_at(t) == *t.offset() {
                system
            } else {
                ClassZone::Fixed(*t.offset())
            }
        }
        (None, _) => ClassZone::system(now()),
    };
    let at = when(a.at, &zone)?;
    let mut class = Class::new(&a.name, &a.teacher, at);
    class.zone = zone;
    if let Some(pin) = &a.pin {
        class.pin = Some(make_pin(pin)?);
    }
    class_file::create(&a.file, &class)?;
    Ok(())
}

fn parse_avatar(text: &str) -> Result<Avatar, Failure> {
    Avatar::parse(text).ok_or_else(|| {
        usage(words(
            format!(
                "不认识的头像 {text:?}：写一种动物（panda、tiger …）或 colour:颜色（red、blue …）"
            ),
            format!(
                "不認識的頭像 {text:?}：寫一種動物（panda、tiger …）或 colour:顏色（red、blue …）"
            ),
            format!(
                "unknown avatar {text:?}: an animal (panda, tiger …) or colour:NAME (red, blue …)"
            ),
        ))
    })
}

fn run_add(a: &AddArgs) -> Result<(), Failure> {
    let avatar = a.avatar.as_deref().map(parse_avatar).transpose()?;
    class_file::update(&a.file, |class| {
        let at = when(a.at, &class.zone)?;
        class.add_child(&a.child, avatar, at)?;
        Ok::<(), Failure>(())
    })
}

fn run_remove(a: &ChildPinArgs) -> Result<(), Failure> {
    class_file::update(&a.file, |class| {
        class.unlock(a.pin.as_deref())?;
        class.remove_child(&a.child)?;
        Ok(())
    })
}

/// The child's moves as points of a board of `size` lines.
fn vertices(answer: &[String], size: u8) -> Result<Vec<Coord>, Failure> {
    answer
        .iter()
        .map(|v| {
            Coord::from_gtp(v.trim(), size).ok_or_else(|| {
                usage(words(
                    format!("{v:?} 不是{size}路棋盘上的点（例如 D4；没有字母 I）"),
                    format!("{v:?} 不是{size}路棋盤上的點（例如 D4；沒有字母 I）"),
                    format!(
                        "{v:?} is not a point of the {size}×{size} board (e.g. D4; no letter I)"
                    ),
                ))
            })
        })
        .collect()
}

fn run_attempt(a: &AttemptArgs) -> Result<(), Failure> {
    let verdict = class_file::update(&a.file, |class| {
        class.child(&a.child)?;
        let at = when(a.at, &class.zone)?;
        let library = Library::for_class(class);
        let id = a.problem.trim();
        let entry = library.get(id).ok_or_else(|| {
            match class
                .problems
                .iter()
                .find(|p| p.id.eq_ignore_ascii_case(id))
            {
                Some(p) if !p.approved => ClassError::NotApproved(p.id.clone()),
                Some(p) => ClassError::NotProved(p.id.clone()),
                None => ClassError::NoSuchProblem(id.to_string()),
            }
        })?;
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
            at,
        )?;
        Ok::<_, Failure>(verdict)
    })?;
    say(if verdict.right { "right" } else { "wrong" });
    if let Some(why) = verdict.why {
        eprintln!("{}", why.text(env_lang()));
    }
    Ok(())
}

/// One line of `class due --json`, members in the pinned order.
#[derive(Serialize)]
struct DueJson {
    problem: String,
    due: String,
}

/// One child of `class show --json`, members in the pinned order.
#[derive(Serialize)]
struct ChildJson<'a> {
    nick: &'a str,
    rating: f64,
    step: u8,
    solved: usize,
    tried: usize,
}

/// `class show --json`: `{"children": […]}`.
#[derive(Serialize)]
struct ShowJson<'a> {
    children: Vec<ChildJson<'a>>,
}

/// One draft of `class homework --json`, members in the pinned order.
#[derive(Serialize)]
struct DraftJson {
    #[serde(rename = "move")]
    move_number: u32,
    answer: String,
    played: String,
    reason: &'static str,
}

/// Prints JSON on one line (a value of plain members always serialises).
fn print_json(value: &impl Serialize) {
    match serde_json::to_string(value) {
        Ok(text) => say(&text),
        Err(e) => eprintln!("{e}"),
    }
}

/// `println!` that ends quietly on a closed pipe ([`say`]).
macro_rules! out {
    ($($t:tt)*) => {
        say(&format!($($t)*))
    };
}

/// Prints a line on standard output; a closed pipe (`… | head`) ends the output quietly
/// instead of a panic.
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

fn run_due(a: &DueArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    let at = resolve(a.at, &class.zone)?;
    let due = class.child(&a.child)?.due(at);
    if a.json {
        let list: Vec<DueJson> = due
            .iter()
            .map(|(id, t)| DueJson {
                problem: id.clone(),
                due: time_text(*t),
            })
            .collect();
        print_json(&list);
    } else {
        for (id, t) in due {
            out!("{id}\t{}", time_text(t));
        }
    }
    Ok(())
}

fn run_show(a: &ShowArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    let rows = class.summary();
    if a.json {
        let children = rows
            .iter()
            .map(|c| ChildJson {
                nick: &c.nick,
                rating: c.rating,
                step: c.step,
                solved: c.solved,
                tried: c.tried,
            })
            .collect();
        print_json(&ShowJson { children });
    } else {
        let lang = env_lang();
        out!("{} · {}", class.name, class.teacher);
        for c in rows {
            let step = path::step(c.step).map_or("?", |s| s.name(lang));
            match lang {
                Lang::ZhHans => out!(
                    "{}\t等级分 {:.0}\t第{}步（{step}）\t做对 {} / 做过 {}",
                    c.nick,
                    c.rating,
                    c.step,
                    c.solved,
                    c.tried
                ),
                Lang::ZhHant => out!(
                    "{}\t等級分 {:.0}\t第{}步（{step}）\t做對 {} / 做過 {}",
                    c.nick,
                    c.rating,
                    c.step,
                    c.solved,
                    c.tried
                ),
                Lang::En => out!(
                    "{}\trating {:.0}\tstep {} ({step})\tsolved {} of {} tried",
                    c.nick,
                    c.rating,
                    c.step,
                    c.solved,
                    c.tried
                ),
            }
        }
    }
    Ok(())
}

fn run_next(a: &NextArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    let library = Library::for_class(&class);
    let at = when(a.at, &class.zone)?;
    let ids = class.next_problems(&a.child, &library, at, a.count)?;
    if a.json {
        print_json(&ids);
    } else {
        for id in ids {
            out!("{id}");
        }
    }
    Ok(())
}

fn file_failure(path: &Path, zh_hans: &str, zh_hant: &str, en: &str) -> Failure {
    refused(words(
        format!("{}：{zh_hans}", path.display()),
        format!("{}：{zh_hant}", path.display()),
        format!("{}: {en}", path.display()),
    ))
}

/// The game record: its first game and its text (kept in the class file).
fn read_sgf(path: &Path) -> Result<(crate::record::GameTree, String), Failure> {
    let bytes = crate::files::read_bounded(path, crate::record::MAX_FILE_BYTES).map_err(|e| {
        let e = e.to_string();
        file_failure(
            path,
            &format!("无法读取（{e}）"),
            &format!("無法讀取（{e}）"),
            &format!("cannot be read ({e})"),
        )
    })?;
    let reading = crate::record::read(&bytes).map_err(|e| {
        let e = e.to_string();
        file_failure(
            path,
            &format!("不是可读的SGF棋谱（{e}）"),
            &format!("不是可讀的SGF棋譜（{e}）"),
            &format!("not a readable SGF record ({e})"),
        )
    })?;
    let tree = reading.collection.trees.into_iter().next().ok_or_else(|| {
        file_failure(
            path,
            "文件里没有对局",
            "檔案裡沒有對局",
            "no game in the file",
        )
    })?;
    let mut text = String::new();
    crate::record::sgf_write::write_tree(&tree, &mut text);
    Ok((tree, text))
}

fn run_game(a: &GameArgs) -> Result<(), Failure> {
    let (tree, sgf) = read_sgf(&a.game)?;
    let info = homework::game_info(&tree);
    let kind = a
        .kind
        .as_deref()
        .map(|k| {
            GameKind::parse(k).ok_or_else(|| {
                usage(words(
                    format!("不认识的对局 {k:?}：capture:N、most:N 或 go:路数"),
                    format!("不認識的對局 {k:?}：capture:N、most:N 或 go:路數"),
                    format!("unknown game {k:?}: capture:N, most:N or go:SIZE"),
                ))
            })
        })
        .transpose()?;
    let result = a
        .result
        .as_deref()
        .map(|r| {
            GameResult::parse(r).ok_or_else(|| {
                usage(words(
                    format!("不认识的结果 {r:?}：won、lost 或 drawn"),
                    format!("不認識的結果 {r:?}：won、lost 或 drawn"),
                    format!("unknown result {r:?}: won, lost or drawn"),
                ))
            })
        })
        .transpose()?;
    let (result, passed) = class_file::update(&a.file, |class| {
        let at = when(a.at, &class.zone)?;
        let child = class.child(&a.child)?;
        let color = match a.color {
            Some(c) => c,
            None => homework::child_color(&info, &child.nick).ok_or_else(|| {
                usage(words(
                    "棋谱里没有写这个孩子执黑还是执白：请用 --color",
                    "棋譜裡沒有寫這個孩子執黑還是執白：請用 --color",
                    "the record does not name the child as Black or White: give --color",
                ))
            })?,
        };
        let kind = kind.unwrap_or_else(|| match path::step(child.step).map(|s| s.game) {
            Some(g) if g.size() == info.size => g,
            _ => GameKind::Go { size: info.size },
        });
        let result = match result {
            Some(r) => r,
            None => homework::result_for(&info, color).ok_or_else(|| {
                usage(words(
                    "棋谱没有结果（RE）：请用 --result won|lost|drawn",
                    "棋譜沒有結果（RE）：請用 --result won|lost|drawn",
                    "the record has no result (RE): give --result won|lost|drawn",
                ))
            })?,
        };
        // Against the computer at the ladder's rung (--computer): the level and handicap the
        // window would have set, unless given.
        let rung = child.ladder_for(kind);
        let level = a.level.or_else(|| a.computer.then(|| rung.level.get()));
        let opponent = a.opponent.clone().unwrap_or_else(|| {
            let name = match color {
                Color::Black => info.white.clone().unwrap_or_default(),
                Color::White => info.black.clone().unwrap_or_default(),
            };
            match (name.trim().is_empty(), level) {
                (false, _) => name,
                (true, Some(l)) => format!("computer level {l}"),
                (true, None) => String::new(),
            }
        });
        let handicap = a.handicap.unwrap_or(rung.handicap).clamp(-9, 9);
        let library = Library::for_class(class);
        let passed = class.record_game(
            &a.child,
            &library,
            GameEntry {
                at,
                kind,
                opponent,
                computer_level: level,
                handicap,
                color,
                result,
                sgf: sgf.clone(),
            },
        )?;
        Ok::<_, Failure>((result, passed))
    })?;
    say(result.code());
    if let Some(step) = passed {
        let next = step + 1;
        eprintln!(
            "{}",
            env_lang().pick(
                format!("通过了第{step}步，进入第{next}步"),
                format!("通過了第{step}步，進入第{next}步"),
                format!("step {step} passed: now at step {next}"),
            )
        );
    }
    Ok(())
}

fn run_move(a: &MoveArgs) -> Result<(), Failure> {
    class_file::update(&a.file, |class| {
        let at = when(a.at, &class.zone)?;
        class.unlock(a.pin.as_deref())?;
        class.move_child(&a.child, a.step, at)?;
        Ok(())
    })
}

/// One draft as the issue pins it: `{"move", "answer", "played", "reason"}`.
fn draft_json(d: &Draft, size: u8) -> DraftJson {
    DraftJson {
        move_number: d.move_number,
        answer: d.answer.to_gtp(size),
        played: crate::gtp::vertex::format_move(d.played, size),
        reason: d.reason.code(),
    }
}

fn run_homework(a: &HomeworkArgs) -> Result<(), Failure> {
    let (tree, _) = read_sgf(&a.game)?;
    let info = homework::game_info(&tree);
    let lang = env_lang();
    let drafts = class_file::update(&a.file, |class| {
        let at = when(a.at, &class.zone)?;
        let nick = class.child(&a.child)?.nick.clone();
        let colors: Vec<Color> = match a.color.or_else(|| homework::child_color(&info, &nick)) {
            Some(c) => vec![c],
            None => {
                eprintln!(
                    "{}",
                    lang.pick(
                        format!("棋谱里没有写“{nick}”执黑还是执白：两方都看了（可用 --color）"),
                        format!("棋譜裡沒有寫「{nick}」執黑還是執白：兩方都看了（可用 --color）"),
                        format!("the record does not name {nick:?} as Black or White: both sides are looked at (use --color)"),
                    )
                );
                vec![Color::Black, Color::White]
            }
        };
        let mut drafts = homework::extract(&tree, &colors).map_err(|e| {
            refused(words(
                format!("无法复盘这盘棋：{e}"),
                format!("無法復盤這盤棋：{e}"),
                format!("the game cannot be replayed: {e}"),
            ))
        })?;
        // Keep each new draft in the class file for the teacher to approve (once per
        // position: the same game read twice adds nothing).
        for d in &mut drafts {
            d.id = class.keep_draft(&nick, d, at);
        }
        Ok::<_, Failure>(drafts)
    })?;
    if a.json {
        let list: Vec<DraftJson> = drafts.iter().map(|d| draft_json(d, info.size)).collect();
        print_json(&list);
    } else {
        for d in &drafts {
            let played = crate::gtp::vertex::format_move(d.played, info.size);
            let answer = d.answer.to_gtp(info.size);
            let reason = d.reason.text(lang);
            let n = d.move_number;
            let id = &d.id;
            out!(
                "{}",
                match (lang, d.proved) {
                    (Lang::ZhHans, true) =>
                        format!("第{n}手 {id}：下了 {played}，答案 {answer}（{reason}）"),
                    (Lang::ZhHans, false) => format!(
                        "第{n}手 {id}：下了 {played}，答案 {answer}（{reason}；未证明，需要老师修改）"
                    ),
                    (Lang::ZhHant, true) =>
                        format!("第{n}手 {id}：下了 {played}，答案 {answer}（{reason}）"),
                    (Lang::ZhHant, false) => format!(
                        "第{n}手 {id}：下了 {played}，答案 {answer}（{reason}；未證明，需要老師修改）"
                    ),
                    (Lang::En, true) =>
                        format!("move {n} {id}: played {played}, answer {answer} ({reason})"),
                    (Lang::En, false) => format!(
                        "move {n} {id}: played {played}, answer {answer} ({reason}; not proved: the teacher mends it first)"
                    ),
                }
            );
        }
    }
    Ok(())
}

fn run_assign(a: &AssignArgs) -> Result<(), Failure> {
    let nick = if a.all { None } else { a.child.as_deref() };
    class_file::update(&a.file, |class| {
        class.unlock(a.pin.as_deref())?;
        class.assign(&a.problem, nick)?;
        Ok(())
    })
}

fn write_output(path: &Path, text: &str) -> Result<(), Failure> {
    crate::files::write_atomically(path, text.as_bytes()).map_err(|e| {
        let e = e.to_string();
        file_failure(
            path,
            &format!("无法写入（{e}）"),
            &format!("無法寫入（{e}）"),
            &format!("cannot be written ({e})"),
        )
    })
}

fn run_report(a: &ReportArgs) -> Result<(), Failure> {
    let month = parse_month(&a.month).map_err(|_| {
        usage(words(
            format!("{:?} 不是月份（YYYY-MM，例如 2025-03）", a.month),
            format!("{:?} 不是月份（YYYY-MM，例如 2025-03）", a.month),
            format!("{:?} is not a month (YYYY-MM, e.g. 2025-03)", a.month),
        ))
    })?;
    let class = class_file::load(&a.file)?;
    let library = Library::for_class(&class);
    let html =
        crate::class::report::monthly_html(&class, &a.child, month, lang_or_env(a.lang), &library)?;
    write_output(&a.output, &html)
}

fn run_sheets(a: &SheetsArgs) -> Result<(), Failure> {
    let class = class_file::load(&a.file)?;
    let library = Library::for_class(&class);
    let lang = lang_or_env(a.lang);
    let html = match (&a.step, &a.child) {
        (Some(n), _) => {
            crate::class::sheets::step_sheet(&class, &library, *n, a.count, a.per_page, lang)?
        }
        (None, Some(nick)) => {
            crate::class::sheets::missed_sheet(&class, &library, nick, a.count, a.per_page, lang)?
        }
        (None, None) => {
            return Err(usage(words(
                "请给 --step N 或 --child 昵称",
                "請給 --step N 或 --child 暱稱",
                "give --step N or --child NICK",
            )));
        }
    };
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
    let output = match &a.output {
        Some(o) => o.clone(),
        None => {
            let folder =
                class_file::classes_folder(|v| std::env::var(v).ok()).ok_or_else(|| {
                    usage(words(
                        "找不到班级文件夹（没有 XDG_DATA_HOME 或 HOME）：请用 -o 指定",
                        "找不到班級資料夾（沒有 XDG_DATA_HOME 或 HOME）：請用 -o 指定",
                        "no folder for classes (neither XDG_DATA_HOME nor HOME is set): give -o",
                    ))
                })?;
            std::fs::create_dir_all(&folder).map_err(|e| ClassFileError::Io(folder.clone(), e))?;
            let name = a.export.file_name().map_or_else(
                || std::ffi::OsString::from("class.tyclass"),
                |n| n.to_os_string(),
            );
            folder.join(name)
        }
    };
    class_file::create(&output, &class)?;
    say(&output.display().to_string());
    Ok(())
}

fn run_set_pin(a: &SetPinArgs) -> Result<(), Failure> {
    let pin = make_pin(&a.new_pin)?;
    class_file::update(&a.file, |class| {
        class.unlock(a.pin.as_deref())?;
        class.pin = Some(pin);
        Ok(())
    })
}

fn run_accept_edits(a: &AcceptEditsArgs) -> Result<(), Failure> {
    let class = class_file::accept_edits(&a.file, |class| {
        class.unlock(a.pin.as_deref())?;
        Ok::<(), Failure>(())
    })?;
    let children = class.children.len();
    let attempts: usize = class.children.iter().map(|c| c.attempts.len()).sum();
    let games: usize = class.children.iter().map(|c| c.games.len()).sum();
    say(&env_lang().pick(
        format!("已检查并接受：{children}个孩子，{attempts}次答题，{games}盘棋"),
        format!("已檢查並接受：{children}個孩子，{attempts}次答題，{games}盤棋"),
        format!("checked and accepted: {children} children, {attempts} attempts, {games} games"),
    ));
    Ok(())
}
