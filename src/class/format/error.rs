//! What is wrong with bytes that do not read as a class, in three languages.

use std::fmt;

use super::VERSION;
use crate::i18n::Lang;

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
    /// A member has a value the format does not allow, or is missing, or is not a member of
    /// the format: where (the member's path in the file, e.g. `children[2] "Mo" › attempts[5]`,
    /// empty for the top level) and what.
    Invalid {
        /// The member's place in the file.
        place: String,
        /// What is wrong with it.
        why: Damage,
    },
    /// Every member reads, but the contents are not what the file's checksum was computed
    /// over: a value was changed outside Tianyuan (a damaged disk, or an edit by hand).
    Checksum,
}

/// What is wrong with a member of a class file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// A version this program never wrote (older than 1).
    UnknownVersion(u32),
    /// No `version` member.
    NoVersion,
    /// A member the format does not have (a damaged or misspelt name).
    UnknownMember(String),
    /// A member the format requires is not there.
    MissingMember(String),
    /// A member given twice.
    DuplicateMember(String),
    /// A member of the wrong kind (the reader's words).
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
    /// An avatar that is neither one of the animals nor one of the colours.
    BadAvatar(String),
    /// Why a step changed is neither `passed` nor `teacher`.
    BadStepReason(String),
    /// A time zone that is neither an offset like `+08:00` nor shaped like an IANA name.
    BadZone(String),
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
            Damage::UnknownMember(m) => match lang {
                Lang::ZhHans => format!("有一项“{m}”不是班级文件的内容（名字坏了或写错了）"),
                Lang::ZhHant => format!("有一項「{m}」不是班級檔案的內容（名字壞了或寫錯了）"),
                Lang::En => {
                    format!("{m:?} is not a member of a class file (a damaged or misspelt name)")
                }
            },
            Damage::MissingMember(m) => match lang {
                Lang::ZhHans => format!("缺少“{m}”"),
                Lang::ZhHant => format!("缺少「{m}」"),
                Lang::En => format!("{m:?} is missing"),
            },
            Damage::DuplicateMember(m) => match lang {
                Lang::ZhHans => format!("“{m}”出现了两次"),
                Lang::ZhHant => format!("「{m}」出現了兩次"),
                Lang::En => format!("{m:?} is given twice"),
            },
            Damage::Shape(m) => match lang {
                Lang::ZhHans => format!("内容的种类不对（{m}）"),
                Lang::ZhHant => format!("內容的種類不對（{m}）"),
                Lang::En => format!("a member is of the wrong kind ({m})"),
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
            Damage::BadAvatar(a) => match lang {
                Lang::ZhHans => format!("不认识的头像 {a:?}"),
                Lang::ZhHant => format!("不認識的頭像 {a:?}"),
                Lang::En => format!("unknown avatar {a:?}"),
            },
            Damage::BadStepReason(r) => match lang {
                Lang::ZhHans => format!("换阶段的原因 {r:?} 不是 passed 或 teacher"),
                Lang::ZhHant => format!("換階段的原因 {r:?} 不是 passed 或 teacher"),
                Lang::En => {
                    format!("the reason of a step change {r:?} is neither passed nor teacher")
                }
            },
            Damage::BadZone(z) => match lang {
                Lang::ZhHans => format!("时区 {z:?} 不对"),
                Lang::ZhHant => format!("時區 {z:?} 不對"),
                Lang::En => format!("{z:?} is not a time zone"),
            },
        }
    }
}

/// `FormatError::Invalid` at `place`.
pub(super) fn invalid(place: impl Into<String>, why: Damage) -> FormatError {
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
            FormatError::Checksum => lang
                .pick(
                    "文件损坏：内容和文件的校验和（checksum）对不上，有人在天元之外改动了它（磁盘或U盘损坏，或者用手编辑过）",
                    "檔案損壞：內容和檔案的校驗和（checksum）對不上，有人在天元之外改動了它（磁碟或隨身碟損壞，或者用手編輯過）",
                    "damaged: the contents do not match the file's checksum; something changed it outside Tianyuan (a damaged disk or USB stick, or an edit by hand)",
                )
                .to_string(),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for FormatError {}
