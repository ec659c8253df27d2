//! The class file's bytes: version 1 of the format (`docs/class-format.md`), the boundary
//! between the file and [`Class`]. The model's types are never serialised directly, so a
//! renamed field or variant in the code never breaks a teacher's file.
//!
//! Reading is strict about what matters and tolerant about what may be missing: every member
//! a later version added has a default, so a file written by an older version opens; a file
//! of a *newer* version is refused with a message that says so (never half understood); a
//! truncated or damaged file is an error naming what is wrong, never a panic.

use std::collections::BTreeMap;
use std::fmt;

use chrono::DateTime;
use serde::{Deserialize, Serialize};

use super::model::{
    AttemptEntry, Avatar, Child, Class, ClassProblem, GameEntry, GameResult, LadderState,
    StepChange, StepReason, TeacherPin, Time,
};
use super::path::GameKind;
use super::rating::Rating;
use super::schedule::Slot;
use crate::ai::Level;
use crate::i18n::Lang;
use crate::rules::Color;
use crate::seal::{KdfParams, PinRecord, hex};

/// The `format` member of every class file.
pub const FORMAT: &str = "tianyuan-class";
/// The version this program writes.
pub const VERSION: u32 = 1;
/// The largest class file read (a class of 200 children with a year of games is a few MB).
pub const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// Why bytes are not a class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// Not JSON, or cut short: the line and column where reading stopped.
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the JSON reader said.
        message: String,
        /// Whether the bytes end before the document does (a truncated file).
        truncated: bool,
    },
    /// JSON, but not a class file (no `format` member, or another one).
    NotAClass,
    /// A class file of a newer version than this program reads.
    Newer(u32),
    /// A member has a value the format does not allow: where (the member's path in the file,
    /// e.g. `children[2] "Mo"`, empty for the top level) and what.
    Invalid {
        /// The member's place in the file.
        place: String,
        /// What is wrong with it.
        why: Damage,
    },
}

/// What is wrong with a member of a class file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// A version this program never wrote (older than 1).
    UnknownVersion(u32),
    /// No `version` member.
    NoVersion,
    /// The JSON is well formed but a member has the wrong type or is missing (the reader's
    /// words, with the line and column).
    Shape(String),
    /// Not a time.
    BadTime(String),
    /// A rating that is not finite or not positive where it must be.
    BadRating,
    /// A computer level outside 1 to 5.
    BadLevel(u8),
    /// A handicap outside the ladder's range.
    BadHandicap,
    /// A game kind this version does not know.
    BadGameKind(String),
    /// A colour that is not black or white.
    BadColour(String),
    /// A result that is not won, lost or drawn.
    BadResult(String),
    /// A schedule entry without its interval and due time, or with an interval not 1, 3, 7
    /// or 21 days.
    BadSchedule(String),
    /// A child without a nickname.
    NoNick,
    /// Two children with the same nickname.
    DuplicateNick,
    /// A step not on the path.
    NoSuchStep(u8),
    /// The PIN's verifier is not readable.
    BadPin,
    /// The number of moves of the most-captures game is outside 2 to 400.
    BadMostCaptures,
}

impl Damage {
    /// In `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Damage::UnknownVersion(v) => match lang {
                Lang::ZhHans => format!("未知的版本 {v}"),
                Lang::ZhHant => format!("未知的版本 {v}"),
                Lang::En => format!("unknown version {v}"),
            },
            Damage::NoVersion => lang
                .pick("没有版本号", "沒有版本號", "no version")
                .to_string(),
            Damage::Shape(m) => match lang {
                Lang::ZhHans => format!("内容的结构不对（{m}）"),
                Lang::ZhHant => format!("內容的結構不對（{m}）"),
                Lang::En => format!("a member is missing or of the wrong kind ({m})"),
            },
            Damage::BadTime(t) => match lang {
                Lang::ZhHans => format!("{t:?} 不是时间"),
                Lang::ZhHant => format!("{t:?} 不是時間"),
                Lang::En => format!("{t:?} is not a time"),
            },
            Damage::BadRating => lang
                .pick("等级分不能用", "等級分不能用", "the rating is not usable")
                .to_string(),
            Damage::BadLevel(l) => match lang {
                Lang::ZhHans => format!("电脑级别 {l} 不在1到5之间"),
                Lang::ZhHant => format!("電腦級別 {l} 不在1到5之間"),
                Lang::En => format!("computer level {l} is not 1 to 5"),
            },
            Damage::BadHandicap => lang
                .pick(
                    "让子数超出范围",
                    "讓子數超出範圍",
                    "the handicap is out of range",
                )
                .to_string(),
            Damage::BadGameKind(k) => match lang {
                Lang::ZhHans => format!("不认识的对局种类 {k:?}"),
                Lang::ZhHant => format!("不認識的對局種類 {k:?}"),
                Lang::En => format!("unknown kind of game {k:?}"),
            },
            Damage::BadColour(c) => match lang {
                Lang::ZhHans => format!("颜色 {c:?} 不是黑或白"),
                Lang::ZhHant => format!("顏色 {c:?} 不是黑或白"),
                Lang::En => format!("colour {c:?} is not black or white"),
            },
            Damage::BadResult(r) => match lang {
                Lang::ZhHans => format!("结果 {r:?} 不是赢、输或和"),
                Lang::ZhHant => format!("結果 {r:?} 不是贏、輸或和"),
                Lang::En => format!("result {r:?} is not won, lost or drawn"),
            },
            Damage::BadSchedule(id) => match lang {
                Lang::ZhHans => format!("题目 {id} 的复习安排不完整"),
                Lang::ZhHant => format!("題目 {id} 的複習安排不完整"),
                Lang::En => format!("the schedule entry of {id} is incomplete"),
            },
            Damage::NoNick => lang.pick("没有昵称", "沒有暱稱", "no nickname").to_string(),
            Damage::DuplicateNick => lang
                .pick(
                    "这个昵称在班里出现了两次",
                    "這個暱稱在班裡出現了兩次",
                    "the nickname is twice in the class",
                )
                .to_string(),
            Damage::NoSuchStep(n) => match lang {
                Lang::ZhHans => format!("没有第{n}步"),
                Lang::ZhHant => format!("沒有第{n}步"),
                Lang::En => format!("no step {n}"),
            },
            Damage::BadPin => lang
                .pick(
                    "老师密码的校验数据坏了",
                    "老師密碼的校驗資料壞了",
                    "the teacher's PIN verifier is damaged",
                )
                .to_string(),
            Damage::BadMostCaptures => lang
                .pick(
                    "限手吃子的手数超出范围",
                    "限手吃子的手數超出範圍",
                    "the moves of the most-captures game are out of range",
                )
                .to_string(),
        }
    }
}

fn invalid(place: impl Into<String>, why: Damage) -> FormatError {
    FormatError::Invalid {
        place: place.into(),
        why,
    }
}

impl FormatError {
    /// What is wrong, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            FormatError::Syntax {
                line,
                column,
                message,
                truncated: true,
            } => match lang {
                Lang::ZhHans => {
                    format!("文件不完整（第{line}行第{column}列：{message}），没有写完")
                }
                Lang::ZhHant => {
                    format!("檔案不完整（第{line}行第{column}列：{message}），沒有寫完")
                }
                Lang::En => format!(
                    "the file is cut short (line {line}, column {column}: {message}); it was not completely written"
                ),
            },
            FormatError::Syntax {
                line,
                column,
                message,
                truncated: false,
            } => match lang {
                Lang::ZhHans => format!("文件在第{line}行第{column}列损坏：{message}"),
                Lang::ZhHant => format!("檔案在第{line}行第{column}列損壞：{message}"),
                Lang::En => format!("damaged at line {line}, column {column}: {message}"),
            },
            FormatError::NotAClass => lang
                .pick(
                    "这不是天元的班级文件",
                    "這不是天元的班級檔案",
                    "not a Tianyuan class file",
                )
                .to_string(),
            FormatError::Newer(v) => match lang {
                Lang::ZhHans => format!(
                    "这个班级文件是第{v}版，由更新的天元写成（这个版本只能读到第{VERSION}版）：请更新天元"
                ),
                Lang::ZhHant => format!(
                    "這個班級檔案是第{v}版，由更新的天元寫成（這個版本只能讀到第{VERSION}版）：請更新天元"
                ),
                Lang::En => format!(
                    "the class file is version {v}, made by a newer Tianyuan (this one reads up to version {VERSION}): update Tianyuan to open it"
                ),
            },
            FormatError::Invalid { place, why } => {
                let why = why.text(lang);
                match (lang, place.is_empty()) {
                    (Lang::ZhHans, true) => format!("文件损坏：{why}"),
                    (Lang::ZhHans, false) => format!("文件损坏：{place}：{why}"),
                    (Lang::ZhHant, true) => format!("檔案損壞：{why}"),
                    (Lang::ZhHant, false) => format!("檔案損壞：{place}：{why}"),
                    (Lang::En, true) => format!("damaged: {why}"),
                    (Lang::En, false) => format!("damaged: {place}: {why}"),
                }
            }
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for FormatError {}

#[derive(Serialize, Deserialize)]
struct Head {
    format: Option<String>,
    version: Option<u32>,
}

#[derive(Serialize, Deserialize)]
struct FileV1 {
    format: String,
    version: u32,
    name: String,
    teacher: String,
    created: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pin: Option<PinV1>,
    #[serde(default = "default_most")]
    most_captures_moves: u32,
    #[serde(default)]
    children: Vec<ChildV1>,
    #[serde(default)]
    problem_ratings: BTreeMap<String, RatingV1>,
    #[serde(default)]
    problems: Vec<ProblemV1>,
}

fn default_most() -> u32 {
    super::path::MOST_CAPTURES_MOVES
}

#[derive(Serialize, Deserialize)]
struct PinV1 {
    salt: String,
    kdf: KdfV1,
    check: String,
}

#[derive(Serialize, Deserialize)]
struct KdfV1 {
    m_kib: u32,
    t: u32,
    p: u32,
}

#[derive(Serialize, Deserialize, Clone, Copy)]
struct RatingV1 {
    rating: f64,
    rd: f64,
    volatility: f64,
}

#[derive(Serialize, Deserialize)]
struct LadderV1 {
    level: u8,
    handicap: i8,
    max_stones: u8,
    #[serde(default = "yes")]
    level_steps: bool,
}

fn yes() -> bool {
    true
}

#[derive(Serialize, Deserialize)]
struct ChildV1 {
    nick: String,
    #[serde(default)]
    avatar: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    note: String,
    joined: String,
    #[serde(default = "one")]
    step: u8,
    #[serde(default)]
    steps: Vec<StepV1>,
    #[serde(default)]
    capture_ladder: Option<LadderV1>,
    #[serde(default)]
    go_ladder: Option<LadderV1>,
    #[serde(default)]
    rating: Option<RatingV1>,
    #[serde(default)]
    games: Vec<GameV1>,
    #[serde(default)]
    attempts: Vec<AttemptV1>,
    #[serde(default)]
    schedule: BTreeMap<String, SlotV1>,
    #[serde(default)]
    assigned: Vec<String>,
}

fn one() -> u8 {
    1
}

#[derive(Serialize, Deserialize)]
struct StepV1 {
    at: String,
    from: u8,
    to: u8,
    reason: String,
}

#[derive(Serialize, Deserialize)]
struct GameV1 {
    at: String,
    kind: String,
    #[serde(default)]
    opponent: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    computer_level: Option<u8>,
    #[serde(default)]
    handicap: i8,
    color: String,
    result: String,
    #[serde(default)]
    sgf: String,
}

#[derive(Serialize, Deserialize)]
struct AttemptV1 {
    at: String,
    problem: String,
    #[serde(default)]
    answer: Vec<String>,
    right: bool,
    #[serde(default)]
    hints: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seconds: Option<u32>,
    #[serde(default)]
    rating_after: f64,
}

#[derive(Serialize, Deserialize)]
struct SlotV1 {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    days: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    due: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    retired: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct ProblemV1 {
    id: String,
    sgf: String,
    #[serde(default)]
    child: String,
    #[serde(default)]
    move_number: u32,
    #[serde(default)]
    reason: String,
    created: String,
    #[serde(default)]
    approved: bool,
    #[serde(default)]
    for_class: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    discarded: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A time as the file writes it: RFC 3339 with seconds and its offset (`Z` for UTC).
pub fn time_text(t: Time) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn time(s: &str, what: &str) -> Result<Time, FormatError> {
    DateTime::parse_from_rfc3339(s.trim())
        .map_err(|_| invalid(what, Damage::BadTime(s.to_string())))
}

fn rating_v1(r: Rating) -> RatingV1 {
    RatingV1 {
        rating: r.rating,
        rd: r.rd,
        volatility: r.volatility,
    }
}

fn rating(r: RatingV1, what: &str) -> Result<Rating, FormatError> {
    let rating = Rating {
        rating: r.rating,
        rd: r.rd,
        volatility: r.volatility,
    };
    if rating.is_valid() {
        Ok(rating)
    } else {
        Err(invalid(what, Damage::BadRating))
    }
}

fn ladder_v1(l: &LadderState) -> LadderV1 {
    LadderV1 {
        level: l.level.get(),
        handicap: l.handicap,
        max_stones: l.max_stones,
        level_steps: l.level_steps,
    }
}

fn ladder(l: Option<LadderV1>, start: LadderState, what: &str) -> Result<LadderState, FormatError> {
    let Some(l) = l else { return Ok(start) };
    let level = Level::new(l.level).ok_or_else(|| invalid(what, Damage::BadLevel(l.level)))?;
    if l.max_stones > 9 || l.handicap.unsigned_abs() > l.max_stones {
        return Err(invalid(what, Damage::BadHandicap));
    }
    Ok(LadderState {
        level,
        handicap: l.handicap,
        max_stones: l.max_stones,
        level_steps: l.level_steps,
    })
}

fn color_code(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The bytes of a class file (version [`VERSION`], pretty-printed JSON ending in a newline).
pub fn to_bytes(class: &Class) -> Vec<u8> {
    let file = FileV1 {
        format: FORMAT.to_string(),
        version: VERSION,
        name: class.name.clone(),
        teacher: class.teacher.clone(),
        created: time_text(class.created),
        pin: class.pin.map(|TeacherPin(p)| PinV1 {
            salt: hex::encode(&p.salt),
            kdf: KdfV1 {
                m_kib: p.kdf.m_kib,
                t: p.kdf.t,
                p: p.kdf.p,
            },
            check: hex::encode(&p.check),
        }),
        most_captures_moves: class.most_captures_moves,
        children: class.children.iter().map(child_v1).collect(),
        problem_ratings: class
            .problem_ratings
            .iter()
            .map(|(k, r)| (k.clone(), rating_v1(*r)))
            .collect(),
        problems: class
            .problems
            .iter()
            .map(|p| ProblemV1 {
                id: p.id.clone(),
                sgf: p.sgf.clone(),
                child: p.child.clone(),
                move_number: p.move_number,
                reason: p.reason.clone(),
                created: time_text(p.created),
                approved: p.approved,
                for_class: p.for_class,
                discarded: p.discarded,
            })
            .collect(),
    };
    // Serialising plain structs of strings and numbers cannot fail; the fallback keeps the
    // signature simple and is never reached.
    let mut out = serde_json::to_vec_pretty(&file).unwrap_or_default();
    out.push(b'\n');
    out
}

fn child_v1(c: &Child) -> ChildV1 {
    ChildV1 {
        nick: c.nick.clone(),
        avatar: c.avatar.code(),
        note: c.note.clone(),
        joined: time_text(c.joined),
        step: c.step,
        steps: c
            .steps
            .iter()
            .map(|s| StepV1 {
                at: time_text(s.at),
                from: s.from,
                to: s.to,
                reason: match s.reason {
                    StepReason::Passed => "passed".into(),
                    StepReason::Teacher => "teacher".into(),
                },
            })
            .collect(),
        capture_ladder: Some(ladder_v1(&c.capture_ladder)),
        go_ladder: Some(ladder_v1(&c.go_ladder)),
        rating: Some(rating_v1(c.rating)),
        games: c
            .games
            .iter()
            .map(|g| GameV1 {
                at: time_text(g.at),
                kind: g.kind.code(),
                opponent: g.opponent.clone(),
                computer_level: g.computer_level,
                handicap: g.handicap,
                color: color_code(g.color).into(),
                result: g.result.code().into(),
                sgf: g.sgf.clone(),
            })
            .collect(),
        attempts: c
            .attempts
            .iter()
            .map(|a| AttemptV1 {
                at: time_text(a.at),
                problem: a.problem.clone(),
                answer: a.answer.clone(),
                right: a.right,
                hints: a.hints,
                seconds: a.seconds,
                rating_after: a.rating_after,
            })
            .collect(),
        schedule: c
            .schedule
            .iter()
            .map(|(id, s)| {
                let v = match s {
                    Slot::Due { days, due } => SlotV1 {
                        days: Some(*days),
                        due: Some(time_text(*due)),
                        retired: None,
                    },
                    Slot::Retired { at } => SlotV1 {
                        days: None,
                        due: None,
                        retired: Some(time_text(*at)),
                    },
                };
                (id.clone(), v)
            })
            .collect(),
        assigned: c.assigned.clone(),
    }
}

fn syntax(bytes: &[u8], e: &serde_json::Error) -> FormatError {
    // A class file is one JSON object: bytes that do not begin like one are another kind of
    // file (a record, a picture …), not a damaged class.
    if bytes.trim_ascii_start().first().is_some_and(|&b| b != b'{') {
        return FormatError::NotAClass;
    }
    FormatError::Syntax {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
        // A complete document ends with its closing brace; anything else was cut short.
        truncated: e.is_eof() || bytes.trim_ascii_end().last() != Some(&b'}'),
    }
}

/// Reads a class file's bytes (any version up to [`VERSION`]).
pub fn from_bytes(bytes: &[u8]) -> Result<Class, FormatError> {
    let head: Head = serde_json::from_slice(bytes).map_err(|e| syntax(bytes, &e))?;
    if head.format.as_deref() != Some(FORMAT) {
        return Err(FormatError::NotAClass);
    }
    match head.version {
        Some(1) => {}
        Some(v) if v > VERSION => return Err(FormatError::Newer(v)),
        Some(v) => return Err(invalid("", Damage::UnknownVersion(v))),
        None => return Err(invalid("", Damage::NoVersion)),
    }
    let file: FileV1 = serde_json::from_slice(bytes).map_err(|e| match syntax(bytes, &e) {
        FormatError::Syntax {
            line,
            column,
            message,
            ..
        } => invalid("", Damage::Shape(format!("{line}:{column}: {message}"))),
        other => other,
    })?;
    from_v1(file)
}

fn from_v1(file: FileV1) -> Result<Class, FormatError> {
    let created = time(&file.created, "created")?;
    let mut class = Class::new(&file.name, &file.teacher, created);
    if let Some(p) = file.pin {
        let salt =
            hex::decode_array::<16>(&p.salt).ok_or_else(|| invalid("pin", Damage::BadPin))?;
        let check =
            hex::decode_array::<32>(&p.check).ok_or_else(|| invalid("pin", Damage::BadPin))?;
        class.pin = Some(TeacherPin(PinRecord {
            salt,
            kdf: KdfParams {
                m_kib: p.kdf.m_kib,
                t: p.kdf.t,
                p: p.kdf.p,
            },
            check,
        }));
    }
    if !(2..=400).contains(&file.most_captures_moves) {
        return Err(invalid("most_captures_moves", Damage::BadMostCaptures));
    }
    class.most_captures_moves = file.most_captures_moves;
    for (k, c) in file.children.into_iter().enumerate() {
        let what = format!("children[{k}] {:?}", c.nick);
        let child = child_from(c, k, &what)?;
        if class
            .children
            .iter()
            .any(|o| o.nick.to_lowercase() == child.nick.to_lowercase())
        {
            return Err(invalid(what, Damage::DuplicateNick));
        }
        class.children.push(child);
    }
    for (id, r) in file.problem_ratings {
        let r = rating(r, &format!("problem_ratings {id:?}"))?;
        class.problem_ratings.insert(id, r);
    }
    for p in file.problems {
        let created = time(&p.created, &format!("problems {:?}", p.id))?;
        class.problems.push(ClassProblem {
            id: p.id,
            sgf: p.sgf,
            child: p.child,
            move_number: p.move_number,
            reason: p.reason,
            created,
            approved: p.approved,
            for_class: p.for_class,
            discarded: p.discarded,
        });
    }
    Ok(class)
}

fn child_from(c: ChildV1, k: usize, what: &str) -> Result<Child, FormatError> {
    let nick = c.nick.trim();
    if nick.is_empty() {
        return Err(invalid(what, Damage::NoNick));
    }
    let joined = time(&c.joined, what)?;
    let avatar = if c.avatar.is_empty() {
        Avatar::nth(k)
    } else {
        Avatar::parse(&c.avatar).unwrap_or_else(|| Avatar::nth(k))
    };
    let mut child = Child::new(nick, avatar, joined);
    child.note = c.note;
    if super::path::step(c.step).is_none() {
        return Err(invalid(what, Damage::NoSuchStep(c.step)));
    }
    child.step = c.step;
    for s in c.steps {
        child.steps.push(StepChange {
            at: time(&s.at, what)?,
            from: s.from,
            to: s.to,
            reason: if s.reason == "teacher" {
                StepReason::Teacher
            } else {
                StepReason::Passed
            },
        });
    }
    child.capture_ladder = ladder(c.capture_ladder, LadderState::CAPTURE_START, what)?;
    child.go_ladder = ladder(c.go_ladder, LadderState::GO_START, what)?;
    if let Some(r) = c.rating {
        child.rating = rating(r, what)?;
    }
    for g in c.games {
        child.games.push(GameEntry {
            at: time(&g.at, what)?,
            kind: GameKind::parse(&g.kind)
                .ok_or_else(|| invalid(what, Damage::BadGameKind(g.kind.clone())))?,
            opponent: g.opponent,
            computer_level: g.computer_level.filter(|l| (1..=5).contains(l)),
            handicap: g.handicap.clamp(-9, 9),
            color: match g.color.as_str() {
                "white" => Color::White,
                "black" => Color::Black,
                other => {
                    return Err(invalid(what, Damage::BadColour(other.to_string())));
                }
            },
            result: GameResult::parse(&g.result)
                .ok_or_else(|| invalid(what, Damage::BadResult(g.result.clone())))?,
            sgf: g.sgf,
        });
    }
    for a in c.attempts {
        child.attempts.push(AttemptEntry {
            at: time(&a.at, what)?,
            problem: a.problem,
            answer: a.answer,
            right: a.right,
            hints: a.hints,
            seconds: a.seconds,
            rating_after: if a.rating_after.is_finite() {
                a.rating_after
            } else {
                child.rating.rating
            },
        });
    }
    for (id, s) in c.schedule {
        let slot = match (s.days, s.due, s.retired) {
            (_, _, Some(r)) => Slot::Retired {
                at: time(&r, what)?,
            },
            (Some(days), Some(due), None) if super::schedule::INTERVALS.contains(&days) => {
                Slot::Due {
                    days,
                    due: time(&due, what)?,
                }
            }
            _ => {
                return Err(invalid(what, Damage::BadSchedule(id)));
            }
        };
        child.schedule.insert(id, slot);
    }
    child.assigned = c.assigned;
    Ok(child)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::library::Library;

    fn t(s: &str) -> Time {
        DateTime::parse_from_rfc3339(s).expect("time")
    }

    fn sample() -> Class {
        let lib = Library::shipped();
        let at = t("2025-03-04T16:30:00+08:00");
        let mut class = Class::new("周二班", "王老师", at);
        class.pin =
            Some(TeacherPin::make("teacher-1", [9; 16], KdfParams::TEST_ONLY).expect("pin"));
        class.add_child("小明", None, at).expect("add");
        class
            .add_child("Lily", Avatar::parse("colour:green"), at)
            .expect("add");
        let ids: Vec<String> = lib.entries().iter().take(2).map(|e| e.id.clone()).collect();
        class
            .record_attempt(
                "小明",
                &lib,
                &ids[0],
                vec!["E4".into()],
                false,
                1,
                Some(40),
                at,
            )
            .expect("attempt");
        class
            .record_attempt("Lily", &lib, &ids[1], vec!["C3".into()], true, 0, None, at)
            .expect("attempt");
        class
            .record_game(
                "Lily",
                &lib,
                GameEntry {
                    at,
                    kind: GameKind::Capture { stones: 1 },
                    opponent: "电脑 2级".into(),
                    computer_level: Some(2),
                    handicap: 1,
                    color: Color::Black,
                    result: GameResult::Won,
                    sgf: "(;GM[1]SZ[9];B[ee])".into(),
                },
            )
            .expect("game");
        class.move_child("小明", 3, at).expect("move");
        class
    }

    #[test]
    fn a_class_round_trips_through_its_bytes() {
        let class = sample();
        let bytes = to_bytes(&class);
        let back = from_bytes(&bytes).expect("reads");
        assert_eq!(back, class);
        assert_eq!(to_bytes(&back), bytes, "stable bytes");
        let text = String::from_utf8(bytes).expect("utf-8");
        assert!(text.contains("\"format\": \"tianyuan-class\""));
        assert!(text.contains("\"version\": 1"));
        assert!(
            !text.contains("teacher-1"),
            "the PIN itself is never written"
        );
    }

    #[test]
    fn a_minimal_older_file_opens_with_defaults() {
        let text = r#"{"format":"tianyuan-class","version":1,"name":"A","teacher":"B",
            "created":"2025-01-01T00:00:00Z","children":[{"nick":"Mo","joined":"2025-01-01T00:00:00Z"}]}"#;
        let class = from_bytes(text.as_bytes()).expect("reads");
        let mo = class.child("Mo").expect("child");
        assert_eq!(mo.step, 1);
        assert_eq!(mo.rating, Rating::INITIAL);
        assert_eq!(mo.capture_ladder, LadderState::CAPTURE_START);
    }

    #[test]
    fn every_truncation_is_a_clear_error_never_a_panic() {
        let bytes = to_bytes(&sample());
        let end = bytes
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
            .unwrap_or(0);
        for n in 0..=end {
            match from_bytes(&bytes[..n]) {
                Err(FormatError::Syntax {
                    truncated: true, ..
                }) => {}
                other => panic!("cut at {n}: {other:?}"),
            }
        }
    }

    #[test]
    fn damage_newer_versions_and_other_files_are_named() {
        let text = String::from_utf8(to_bytes(&sample())).expect("utf-8");
        let cases: &[(&str, String)] = &[
            (
                "newer",
                text.replacen("\"version\": 1", "\"version\": 7", 1),
            ),
            ("not a class", "{\"hello\": 1}".into()),
            (
                "bad time",
                text.replacen("2025-03-04T16:30:00+08:00", "yesterday", 1),
            ),
            ("bad step", text.replacen("\"step\": 3", "\"step\": 12", 1)),
            ("a flipped brace", text.replacen('}', "]", 1)),
        ];
        for (name, bad) in cases {
            let e = from_bytes(bad.as_bytes()).expect_err(name);
            match *name {
                "newer" => assert_eq!(e, FormatError::Newer(7)),
                "not a class" => assert_eq!(e, FormatError::NotAClass),
                _ => assert!(!e.to_string().is_empty(), "{name}"),
            }
        }
    }
}
