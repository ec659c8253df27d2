//! The class as a value: the teacher, the children and everything each child does. Pure: the
//! time of every act comes in from the caller, nothing here reads a clock or a file.

use std::collections::BTreeMap;
use std::fmt;

use chrono::{DateTime, FixedOffset};

use super::homework::Draft;
use super::library::Library;
use super::path::{self, CountedGame, GameKind, StepProgress};
use super::rating::{Rating, Score};
use super::schedule::{self, Slot};
use super::zone::ClassZone;
use crate::ai::{HandicapLadder, Level, Rung, StudentResult};
use crate::i18n::Lang;
use crate::problems::Problem;
use crate::rules::Color;
use crate::seal::{KdfParams, PinRecord};

/// A moment, with the offset it was given in (kept, so a due time reads in the same clock).
pub type Time = DateTime<FixedOffset>;

/// The longest nickname, in characters.
pub const MAX_NICK_CHARS: usize = 24;
/// The most children in a class.
pub const MAX_CHILDREN: usize = 200;
/// The shortest teacher's PIN, in characters. Four, like a phone's: the PIN keeps children
/// out of the teacher's acts on a shared PC; it is not a secret against whoever can copy the
/// class file (`docs/decisions.md`, issue 20).
pub const MIN_PIN_CHARS: usize = 4;

/// The avatar colours a child can pick (key, names, colour for the tile).
pub const COLOURS: &[(&str, [&str; 3], &str)] = &[
    ("red", ["红", "紅", "red"], "#e53935"),
    ("orange", ["橙", "橙", "orange"], "#fb8c00"),
    ("yellow", ["黄", "黃", "yellow"], "#fdd835"),
    ("green", ["绿", "綠", "green"], "#43a047"),
    ("blue", ["蓝", "藍", "blue"], "#1e88e5"),
    ("purple", ["紫", "紫", "purple"], "#8e24aa"),
    ("pink", ["粉", "粉", "pink"], "#ec407a"),
    ("brown", ["棕", "棕", "brown"], "#8d6e63"),
];

/// The avatar animals a child can pick (key, names, picture).
pub const ANIMALS: &[(&str, [&str; 3], &str)] = &[
    ("panda", ["熊猫", "熊貓", "panda"], "🐼"),
    ("tiger", ["老虎", "老虎", "tiger"], "🐯"),
    ("rabbit", ["兔子", "兔子", "rabbit"], "🐰"),
    ("cat", ["猫", "貓", "cat"], "🐱"),
    ("dog", ["狗", "狗", "dog"], "🐶"),
    ("monkey", ["猴子", "猴子", "monkey"], "🐵"),
    ("bear", ["熊", "熊", "bear"], "🐻"),
    ("fox", ["狐狸", "狐狸", "fox"], "🦊"),
    ("frog", ["青蛙", "青蛙", "frog"], "🐸"),
    ("chick", ["小鸡", "小雞", "chick"], "🐥"),
    ("fish", ["鱼", "魚", "fish"], "🐟"),
    ("dragon", ["龙", "龍", "dragon"], "🐲"),
];

/// A child's picture on the tiles: a colour or an animal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Avatar {
    /// One of [`COLOURS`] (its key).
    Colour(String),
    /// One of [`ANIMALS`] (its key).
    Animal(String),
}

impl Avatar {
    /// Reads `colour:KEY` / `animal:KEY` or a bare key of either list.
    pub fn parse(text: &str) -> Option<Avatar> {
        let t = text.trim().to_ascii_lowercase();
        let (kind, key) = t.split_once(':').unwrap_or(("", t.as_str()));
        let colour = COLOURS.iter().any(|(k, _, _)| *k == key);
        let animal = ANIMALS.iter().any(|(k, _, _)| *k == key);
        match kind {
            "colour" | "color" if colour => Some(Avatar::Colour(key.to_string())),
            "animal" if animal => Some(Avatar::Animal(key.to_string())),
            "" if animal => Some(Avatar::Animal(key.to_string())),
            "" if colour => Some(Avatar::Colour(key.to_string())),
            _ => None,
        }
    }

    /// `colour:KEY` or `animal:KEY`.
    pub fn code(&self) -> String {
        match self {
            Avatar::Colour(k) => format!("colour:{k}"),
            Avatar::Animal(k) => format!("animal:{k}"),
        }
    }

    /// The default avatar of the `n`-th child of a class (0-based): animals in turn.
    pub fn nth(n: usize) -> Avatar {
        Avatar::Animal(ANIMALS[n % ANIMALS.len()].0.to_string())
    }

    /// The picture: an animal's emoji, or the colour's hex value.
    pub fn picture(&self) -> &'static str {
        match self {
            Avatar::Colour(k) => COLOURS
                .iter()
                .find(|(c, _, _)| c == k)
                .map_or("#9e9e9e", |(_, _, hex)| hex),
            Avatar::Animal(k) => ANIMALS
                .iter()
                .find(|(a, _, _)| a == k)
                .map_or("🙂", |(_, _, e)| e),
        }
    }
}

/// The teacher's PIN as kept in the class file: an Argon2id verifier ([`PinRecord`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeacherPin(pub PinRecord);

impl TeacherPin {
    /// A verifier for a new PIN (at least [`MIN_PIN_CHARS`] characters, no control
    /// characters) with a random `salt`.
    pub fn make(pin: &str, salt: [u8; 16], kdf: KdfParams) -> Result<TeacherPin, ClassError> {
        if pin.chars().count() < MIN_PIN_CHARS || pin.chars().any(char::is_control) {
            return Err(ClassError::PinTooShort);
        }
        let (record, _) =
            PinRecord::create(pin, salt, kdf).map_err(|e| ClassError::Pin(e.to_string()))?;
        Ok(TeacherPin(record))
    }

    /// Whether `pin` is the teacher's.
    pub fn verify(&self, pin: &str) -> bool {
        self.0.unlock(pin).is_some()
    }
}

/// A computer ladder as kept per child ([`HandicapLadder`]'s state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderState {
    /// The computer's level of the next game.
    pub level: Level,
    /// Handicap stones of the next game (positive: the child receives).
    pub handicap: i8,
    /// The most handicap stones either way.
    pub max_stones: u8,
    /// Whether the level changes at the ends of the handicap range.
    pub level_steps: bool,
}

impl LadderState {
    /// A new child's capture-game ladder: level 1, the child moves first (+1), up to 4 stones.
    pub const CAPTURE_START: LadderState = LadderState {
        level: Level::MIN,
        handicap: 1,
        max_stones: path::CAPTURE_LADDER_STONES,
        level_steps: true,
    };

    /// A new child's Go ladder: level 1, even, up to 9 stones.
    pub const GO_START: LadderState = LadderState {
        level: Level::MIN,
        handicap: 0,
        max_stones: path::GO_LADDER_STONES,
        level_steps: true,
    };

    /// The ladder itself.
    pub fn ladder(&self) -> HandicapLadder {
        HandicapLadder::new(
            Rung {
                level: self.level,
                handicap: self.handicap,
            },
            self.max_stones,
            self.level_steps,
        )
    }

    /// The state after a game with this result.
    pub fn after(&self, result: StudentResult) -> LadderState {
        let mut ladder = self.ladder();
        let rung = ladder.record(result);
        LadderState {
            level: rung.level,
            handicap: rung.handicap,
            ..*self
        }
    }
}

/// Who a sentence is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    /// The child at the board: short words, "you".
    Child,
    /// The teacher: the rule and the rung.
    Teacher,
}

impl LadderState {
    /// The rung in words without the level ("你先下" / "you move first"), to the child.
    fn rung_phrase(&self, capture: bool, lang: Lang) -> String {
        let h = self.handicap;
        let stones = h.unsigned_abs();
        match (capture, lang) {
            (true, Lang::ZhHans) => match h {
                0 => "电脑先下".to_string(),
                1 => "你先下".to_string(),
                n if n > 1 => format!("你先下，还多摆{}个子", n - 1),
                _ => format!("电脑先摆{stones}个子"),
            },
            (true, Lang::ZhHant) => match h {
                0 => "電腦先下".to_string(),
                1 => "你先下".to_string(),
                n if n > 1 => format!("你先下，還多擺{}個子", n - 1),
                _ => format!("電腦先擺{stones}個子"),
            },
            (true, Lang::En) => match h {
                0 => "the computer moves first".to_string(),
                1 => "you move first".to_string(),
                n if n > 1 => format!("you move first with {} extra stones", n - 1),
                _ => format!("the computer starts with {stones} stones"),
            },
            (false, Lang::ZhHans) => match h {
                0 => "分先".to_string(),
                1 => "你执黑先下，不贴目".to_string(),
                n if n > 1 => format!("你先摆{stones}个子"),
                _ => format!("电脑先摆{stones}个子"),
            },
            (false, Lang::ZhHant) => match h {
                0 => "分先".to_string(),
                1 => "你執黑先下，不貼目".to_string(),
                n if n > 1 => format!("你先擺{stones}個子"),
                _ => format!("電腦先擺{stones}個子"),
            },
            (false, Lang::En) => match h {
                0 => "an even game".to_string(),
                1 => "you take Black without komi".to_string(),
                n if n > 1 => format!("you start with {stones} stones"),
                _ => format!("the computer starts with {stones} stones"),
            },
        }
    }

    /// The rung with its level: "电脑1级，你先下" / "computer level 1, you move first".
    pub fn rung_words(&self, capture: bool, lang: Lang) -> String {
        let level = self.level.get();
        let rung = self.rung_phrase(capture, lang);
        match lang {
            Lang::ZhHans => format!("电脑{level}级，{rung}"),
            Lang::ZhHant => format!("電腦{level}級，{rung}"),
            Lang::En => format!("computer level {level}, {rung}"),
        }
    }

    /// The handicap ladder in one sentence (issue 20 item 6), for the capture game
    /// (`capture`) or Go, with the next game's rung.
    pub fn explain(&self, capture: bool, lang: Lang, audience: Audience) -> String {
        let level = self.level.get();
        let rung = self.rung_phrase(capture, lang);
        match (audience, lang) {
            (Audience::Child, Lang::ZhHans) => {
                format!("你赢了，下一盘就难一点；输了，就容易一点。这一盘：电脑{level}级，{rung}。")
            }
            (Audience::Child, Lang::ZhHant) => {
                format!("你贏了，下一盤就難一點；輸了，就容易一點。這一盤：電腦{level}級，{rung}。")
            }
            (Audience::Child, Lang::En) => format!(
                "Win and the next game gets a little harder; lose and it gets a little easier. This game: computer level {level}, {rung}."
            ),
            (Audience::Teacher, Lang::ZhHans) => format!(
                "升降级：孩子每赢一盘少一个让子（到头就升一级电脑），每输一盘多一个让子（到头就降一级），所以总是遇到差不多强的对手。下一盘：电脑{level}级，{}。",
                rung.replace('你', "孩子")
            ),
            (Audience::Teacher, Lang::ZhHant) => format!(
                "升降級：孩子每贏一盤少一個讓子（到頭就升一級電腦），每輸一盤多一個讓子（到頭就降一級），所以總是遇到差不多強的對手。下一盤：電腦{level}級，{}。",
                rung.replace('你', "孩子")
            ),
            (Audience::Teacher, Lang::En) => format!(
                "Handicap ladder: each win takes one handicap step away (at the end of the range, the computer's next level), each loss gives one back (or the level below), so the child always meets an opponent of about their strength. Next game: computer level {level}, {}.",
                rung.replacen("you move", "the child moves", 1)
                    .replacen("you take", "the child takes", 1)
                    .replacen("you start", "the child starts", 1)
            ),
        }
    }
}

/// A game's result for the child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The child won.
    Won,
    /// The child lost.
    Lost,
    /// A draw.
    Drawn,
}

impl GameResult {
    /// The ladder's view of it.
    pub fn student(self) -> StudentResult {
        match self {
            GameResult::Won => StudentResult::Won,
            GameResult::Lost => StudentResult::Lost,
            GameResult::Drawn => StudentResult::Drawn,
        }
    }

    /// `won`, `lost`, `drawn`.
    pub fn code(self) -> &'static str {
        match self {
            GameResult::Won => "won",
            GameResult::Lost => "lost",
            GameResult::Drawn => "drawn",
        }
    }

    /// Reads [`GameResult::code`] (also `win`, `loss`, `draw`).
    pub fn parse(s: &str) -> Option<GameResult> {
        match s.trim().to_ascii_lowercase().as_str() {
            "won" | "win" => Some(GameResult::Won),
            "lost" | "loss" | "lose" => Some(GameResult::Lost),
            "drawn" | "draw" => Some(GameResult::Drawn),
            _ => None,
        }
    }
}

/// One game a child played.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEntry {
    /// When it was recorded.
    pub at: Time,
    /// What was played.
    pub kind: GameKind,
    /// The opponent as the teacher or the window names it ("computer level 2", a classmate).
    pub opponent: String,
    /// The computer's level, when the opponent was the computer.
    pub computer_level: Option<u8>,
    /// Handicap stones the child received (the ladder's count; negative: gave).
    pub handicap: i8,
    /// The child's colour.
    pub color: Color,
    /// The result for the child.
    pub result: GameResult,
    /// The game record (SGF).
    pub sgf: String,
}

/// One try at a problem.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptEntry {
    /// When it was answered.
    pub at: Time,
    /// The problem's identifier.
    pub problem: String,
    /// The child's moves (GTP vertices, e.g. `D4`).
    pub answer: Vec<String>,
    /// Right or wrong.
    pub right: bool,
    /// Hints asked for.
    pub hints: u32,
    /// Seconds spent, when the board measured it.
    pub seconds: Option<u32>,
    /// The child's rating after it.
    pub rating_after: f64,
}

/// Why a child's step changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepReason {
    /// The step's rule was met.
    Passed,
    /// The teacher moved the child.
    Teacher,
}

/// A change of step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepChange {
    /// When.
    pub at: Time,
    /// The step before (1-based).
    pub from: u8,
    /// The step after.
    pub to: u8,
    /// Why.
    pub reason: StepReason,
}

/// One child of the class.
#[derive(Clone, Debug, PartialEq)]
pub struct Child {
    /// The nickname (unique in the class, ignoring case).
    pub nick: String,
    /// The tile's picture.
    pub avatar: Avatar,
    /// Anything more the teacher typed (a full name); empty by default.
    pub note: String,
    /// When the child joined the class.
    pub joined: Time,
    /// The step of the path (1-based; the child's level as the tiles show it).
    pub step: u8,
    /// Every change of step.
    pub steps: Vec<StepChange>,
    /// The capture-game ladder.
    pub capture_ladder: LadderState,
    /// The Go ladder.
    pub go_ladder: LadderState,
    /// The rating.
    pub rating: Rating,
    /// Games played, in order.
    pub games: Vec<GameEntry>,
    /// Problems tried, in order.
    pub attempts: Vec<AttemptEntry>,
    /// The repetition schedule: problem → slot.
    pub schedule: BTreeMap<String, Slot>,
    /// Problems the teacher assigned to this child (homework), in order.
    pub assigned: Vec<String>,
}

impl Child {
    /// A new child at the first step.
    pub fn new(nick: &str, avatar: Avatar, at: Time) -> Child {
        Child {
            nick: nick.trim().to_string(),
            avatar,
            note: String::new(),
            joined: at,
            step: 1,
            steps: Vec::new(),
            capture_ladder: LadderState::CAPTURE_START,
            go_ladder: LadderState::GO_START,
            rating: Rating::INITIAL,
            games: Vec::new(),
            attempts: Vec::new(),
            schedule: BTreeMap::new(),
            assigned: Vec::new(),
        }
    }

    /// Distinct problems solved (answered right at least once).
    pub fn solved(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self
            .attempts
            .iter()
            .filter(|a| a.right)
            .map(|a| a.problem.as_str())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Distinct problems tried.
    pub fn tried(&self) -> Vec<&str> {
        let mut ids: Vec<&str> = self.attempts.iter().map(|a| a.problem.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// The problems due at `at`, oldest due first (ties by identifier).
    pub fn due(&self, at: Time) -> Vec<(String, Time)> {
        let mut out: Vec<(String, Time)> = self
            .schedule
            .iter()
            .filter_map(|(id, slot)| slot.due().filter(|d| *d <= at).map(|d| (id.clone(), d)))
            .collect();
        out.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        out
    }

    /// Problems missed and not yet retired (the schedule's active entries), by due time:
    /// what a "missed problems" sheet prints.
    pub fn missed(&self) -> Vec<String> {
        let mut out: Vec<(Time, String)> = self
            .schedule
            .iter()
            .filter_map(|(id, s)| s.due().map(|d| (d, id.clone())))
            .collect();
        out.sort();
        out.into_iter().map(|(_, id)| id).collect()
    }

    /// The ladder for a game of `kind`.
    pub fn ladder_for(&self, kind: GameKind) -> &LadderState {
        if kind.is_capture() {
            &self.capture_ladder
        } else {
            &self.go_ladder
        }
    }

    /// Where the child stands on the current step.
    pub fn step_progress(&self, library: &Library) -> StepProgress {
        let Some(step) = path::step(self.step) else {
            return StepProgress::default();
        };
        let since = self.steps.last().map(|s| s.at);
        let wins = self
            .games
            .iter()
            .filter(|g| since.is_none_or(|t| g.at >= t))
            .filter(|g| {
                step.rule.counts(
                    step.game,
                    &CountedGame {
                        kind: g.kind,
                        computer_level: g.computer_level,
                        handicap: g.handicap,
                        won: g.result == GameResult::Won,
                    },
                )
            })
            .count();
        let step_ids: Vec<&str> = library
            .own_problems(step)
            .into_iter()
            .map(|e| e.id.as_str())
            .collect();
        let problems = self
            .solved()
            .into_iter()
            .filter(|id| step_ids.contains(id))
            .count();
        StepProgress {
            wins: u32::try_from(wins).unwrap_or(u32::MAX),
            problems: u32::try_from(problems).unwrap_or(u32::MAX),
            available: u32::try_from(step_ids.len()).unwrap_or(u32::MAX),
        }
    }
}

/// A problem of the class's own: a draft cut from a child's game, proved or not, approved by
/// the teacher or not, assigned or not.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassProblem {
    /// Its identifier (`hw-N`).
    pub id: String,
    /// The problem as SGF (one game tree).
    pub sgf: String,
    /// The child whose game it comes from.
    pub child: String,
    /// The move of that game (1-based).
    pub move_number: u32,
    /// Why it was cut ("missed capture" …).
    pub reason: String,
    /// When it was made.
    pub created: Time,
    /// Whether the teacher approved it (only a proved problem can be).
    pub approved: bool,
    /// Assigned to the whole class.
    pub for_class: bool,
    /// The teacher discarded the draft: it is not shown again, and reading the same game
    /// again does not bring it back.
    pub discarded: bool,
}

impl ClassProblem {
    /// The problem, if its SGF reads as one.
    pub fn problem(&self) -> Option<Problem> {
        let reading = crate::record::read_str(&self.sgf).ok()?;
        let tree = reading.collection.trees.into_iter().next()?;
        Problem::from_tree(tree).ok()
    }
}

/// Why a nickname cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NickProblem {
    /// Nothing but spaces.
    Empty,
    /// More than [`MAX_NICK_CHARS`] characters.
    TooLong,
    /// A control character (a line break, a tab …).
    ControlCharacters,
}

impl NickProblem {
    /// In `lang`.
    pub fn text(self, lang: Lang) -> String {
        match self {
            NickProblem::Empty => lang.pick("是空的", "是空的", "it is empty").to_string(),
            NickProblem::TooLong => match lang {
                Lang::ZhHans => format!("超过{MAX_NICK_CHARS}个字"),
                Lang::ZhHant => format!("超過{MAX_NICK_CHARS}個字"),
                Lang::En => format!("more than {MAX_NICK_CHARS} characters"),
            },
            NickProblem::ControlCharacters => lang
                .pick("有控制字符", "有控制字元", "it has control characters")
                .to_string(),
        }
    }
}

/// What can go wrong with an act on a class: each is a refusal (exit 1 on the command line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassError {
    /// No child with this nickname.
    NoSuchChild(String),
    /// A child with this nickname is already in the class.
    DuplicateChild(String),
    /// The nickname is empty, too long or has control characters.
    BadNick(NickProblem),
    /// The class is full.
    TooManyChildren,
    /// No such step of the path.
    NoSuchStep(u8),
    /// No problem with this identifier.
    NoSuchProblem(String),
    /// The problem's answer is not proved by the checker: it cannot be assigned.
    NotProved(String),
    /// A draft the teacher has not approved yet: no child tries it before.
    NotApproved(String),
    /// The problem is approved already: it is no draft to discard.
    AlreadyApproved(String),
    /// A sheet of a child's missed problems with none to print.
    NothingToPrint(String),
    /// The class has a teacher's PIN and none was given.
    PinRequired,
    /// The PIN given is not the teacher's.
    WrongPin,
    /// A new PIN is too short.
    PinTooShort,
    /// The PIN machinery failed.
    Pin(String),
    /// A time before what the class already holds (issue 27 item 5): the class's record only
    /// goes forward, so attempts and games stay in the order they happened.
    TooEarly {
        /// The time given.
        at: Time,
        /// The time it may not precede.
        limit: Time,
        /// What that time is.
        before: Before,
    },
}

/// What a time given for an act may not precede.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Before {
    /// The class's making.
    Created,
    /// The class's last recorded attempt (of any child).
    LastAttempt,
    /// The class's last recorded game (of any child).
    LastGame,
    /// The child's last change of step.
    LastStep,
}

impl ClassError {
    /// The refusal in `lang`, for the teacher.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ClassError::NoSuchChild(n) => match lang {
                Lang::ZhHans => format!("班里没有叫“{n}”的孩子"),
                Lang::ZhHant => format!("班裡沒有叫「{n}」的孩子"),
                Lang::En => format!("no child called {n:?} in the class"),
            },
            ClassError::DuplicateChild(n) => match lang {
                Lang::ZhHans => format!("班里已经有叫“{n}”的孩子了"),
                Lang::ZhHant => format!("班裡已經有叫「{n}」的孩子了"),
                Lang::En => format!("the class already has a child called {n:?}"),
            },
            ClassError::BadNick(why) => match lang {
                Lang::ZhHans => format!("昵称不能用：{}", why.text(lang)),
                Lang::ZhHant => format!("暱稱不能用：{}", why.text(lang)),
                Lang::En => format!("bad nickname: {}", why.text(lang)),
            },
            ClassError::TooManyChildren => match lang {
                Lang::ZhHans => format!("班级已满（最多{MAX_CHILDREN}个孩子）"),
                Lang::ZhHant => format!("班級已滿（最多{MAX_CHILDREN}個孩子）"),
                Lang::En => format!("the class is full ({MAX_CHILDREN} children)"),
            },
            ClassError::NoSuchStep(n) => {
                let last = path::STEPS.len();
                match lang {
                    Lang::ZhHans => format!("没有第{n}步：学习的路是第1步到第{last}步"),
                    Lang::ZhHant => format!("沒有第{n}步：學習的路是第1步到第{last}步"),
                    Lang::En => format!("no step {n}: the path has steps 1 to {last}"),
                }
            }
            ClassError::NoSuchProblem(id) => match lang {
                Lang::ZhHans => format!("没有题目“{id}”（见 tianyuan problems list）"),
                Lang::ZhHant => format!("沒有題目「{id}」（見 tianyuan problems list）"),
                Lang::En => format!("no problem {id:?} (see `tianyuan problems list`)"),
            },
            ClassError::NotProved(id) => match lang {
                Lang::ZhHans => {
                    format!("题目“{id}”的答案没有被检查程序证明，不能布置（先在编辑器里改好）")
                }
                Lang::ZhHant => {
                    format!("題目「{id}」的答案沒有被檢查程式證明，不能佈置（先在編輯器裡改好）")
                }
                Lang::En => format!(
                    "problem {id:?} is not proved by the checker and cannot be assigned (mend it in the editor first)"
                ),
            },
            ClassError::NotApproved(id) => match lang {
                Lang::ZhHans => format!(
                    "题目“{id}”是还没有批准的作业草稿（老师用 tianyuan class assign 批准并布置）"
                ),
                Lang::ZhHant => format!(
                    "題目「{id}」是還沒有批准的作業草稿（老師用 tianyuan class assign 批准並佈置）"
                ),
                Lang::En => format!(
                    "problem {id:?} is a homework draft the teacher has not approved (tianyuan class assign approves and assigns it)"
                ),
            },
            ClassError::AlreadyApproved(id) => match lang {
                Lang::ZhHans => format!("题目“{id}”已经批准布置了，不是草稿"),
                Lang::ZhHant => format!("題目「{id}」已經批准佈置了，不是草稿"),
                Lang::En => format!("problem {id:?} is approved already: it is no draft"),
            },
            ClassError::NothingToPrint(nick) => match lang {
                Lang::ZhHans => {
                    format!("“{nick}”没有要复习的题（答错又还没学会的题）：没有什么可印")
                }
                Lang::ZhHant => {
                    format!("「{nick}」沒有要複習的題（答錯又還沒學會的題）：沒有什麼可印")
                }
                Lang::En => {
                    format!("{nick:?} has no missed problems to try again: nothing to print")
                }
            },
            ClassError::PinRequired => lang
                .pick(
                    "这个班级设了老师密码：请用 --pin 输入",
                    "這個班級設了老師密碼：請用 --pin 輸入",
                    "this class has a teacher's PIN: give it with --pin",
                )
                .to_string(),
            ClassError::WrongPin => lang
                .pick(
                    "老师密码不对",
                    "老師密碼不對",
                    "that is not the teacher's PIN",
                )
                .to_string(),
            ClassError::PinTooShort => match lang {
                Lang::ZhHans => format!("老师密码至少要{MIN_PIN_CHARS}个字符"),
                Lang::ZhHant => format!("老師密碼至少要{MIN_PIN_CHARS}個字元"),
                Lang::En => format!("the teacher's PIN needs at least {MIN_PIN_CHARS} characters"),
            },
            ClassError::Pin(e) => match lang {
                Lang::ZhHans => format!("无法设置密码：{e}"),
                Lang::ZhHant => format!("無法設定密碼：{e}"),
                Lang::En => format!("the PIN could not be set: {e}"),
            },
            ClassError::TooEarly { at, limit, before } => {
                let (at, limit) = (
                    super::format::time_text(*at),
                    super::format::time_text(*limit),
                );
                let what = match before {
                    Before::Created => lang.pick(
                        "这个班级建立的时间",
                        "這個班級建立的時間",
                        "the class was made",
                    ),
                    Before::LastAttempt => lang.pick(
                        "班里最后记录的一次答题",
                        "班裡最後記錄的一次答題",
                        "the class's last recorded attempt",
                    ),
                    Before::LastGame => lang.pick(
                        "班里最后记录的一盘棋",
                        "班裡最後記錄的一盤棋",
                        "the class's last recorded game",
                    ),
                    Before::LastStep => lang.pick(
                        "这个孩子最后一次换阶段",
                        "這個孩子最後一次換階段",
                        "the child's last change of step",
                    ),
                };
                match lang {
                    Lang::ZhHans => format!(
                        "时间 {at} 早于{what}（{limit}）：班级的记录只能往后记，请给一个不早于它的 --at（不写就是现在）"
                    ),
                    Lang::ZhHant => format!(
                        "時間 {at} 早於{what}（{limit}）：班級的記錄只能往後記，請給一個不早於它的 --at（不寫就是現在）"
                    ),
                    Lang::En => format!(
                        "{at} is before {what} ({limit}): a class's record only goes forward; give an --at no earlier than that (or none for now)"
                    ),
                }
            }
        }
    }
}

impl fmt::Display for ClassError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for ClassError {}

/// What an attempt did.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptReport {
    /// The child's rating before and after.
    pub child_rating: (Rating, Rating),
    /// The problem's rating before and after.
    pub problem_rating: (Rating, Rating),
    /// The problem's slot in the schedule after it.
    pub slot: Option<Slot>,
    /// The step passed by it, if any.
    pub passed: Option<u8>,
}

/// One line of a class overview (`class show`).
#[derive(Clone, Debug, PartialEq)]
pub struct ChildSummary {
    /// The nickname.
    pub nick: String,
    /// The rating.
    pub rating: f64,
    /// The step (1-based).
    pub step: u8,
    /// Problems solved.
    pub solved: usize,
    /// Problems tried.
    pub tried: usize,
}

/// A class: the teacher and the children.
#[derive(Clone, Debug, PartialEq)]
pub struct Class {
    /// The class's name.
    pub name: String,
    /// The teacher's name.
    pub teacher: String,
    /// When it was made.
    pub created: Time,
    /// Where the class meets: a date alone is its local midnight, a month of the report its
    /// calendar month.
    pub zone: ClassZone,
    /// The teacher's PIN, when one is set.
    pub pin: Option<TeacherPin>,
    /// The number of moves of the "most captures" game.
    pub most_captures_moves: u32,
    /// The children, in the order they joined.
    pub children: Vec<Child>,
    /// The problems' ratings in this class (a problem without one has its prior).
    pub problem_ratings: BTreeMap<String, Rating>,
    /// The class's own problems.
    pub problems: Vec<ClassProblem>,
}

fn check_nick(nick: &str) -> Result<&str, ClassError> {
    let nick = nick.trim();
    if nick.is_empty() {
        return Err(ClassError::BadNick(NickProblem::Empty));
    }
    if nick.chars().count() > MAX_NICK_CHARS {
        return Err(ClassError::BadNick(NickProblem::TooLong));
    }
    if nick.chars().any(char::is_control) {
        return Err(ClassError::BadNick(NickProblem::ControlCharacters));
    }
    Ok(nick)
}

fn same_nick(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

impl Class {
    /// A new class without children, in the time zone of the offset `at` carries (set
    /// [`Class::zone`] for a named zone).
    pub fn new(name: &str, teacher: &str, at: Time) -> Class {
        Class {
            name: name.trim().to_string(),
            teacher: teacher.trim().to_string(),
            created: at,
            zone: ClassZone::Fixed(*at.offset()),
            pin: None,
            most_captures_moves: path::MOST_CAPTURES_MOVES,
            children: Vec::new(),
            problem_ratings: BTreeMap::new(),
            problems: Vec::new(),
        }
    }

    /// Checks a guarded act: fine without a PIN set; with one, `pin` must be it.
    pub fn unlock(&self, pin: Option<&str>) -> Result<(), ClassError> {
        match (&self.pin, pin) {
            (None, _) => Ok(()),
            (Some(_), None) => Err(ClassError::PinRequired),
            (Some(p), Some(given)) if p.verify(given) => Ok(()),
            (Some(_), Some(_)) => Err(ClassError::WrongPin),
        }
    }

    /// The child called `nick` (exact, then ignoring case).
    pub fn child(&self, nick: &str) -> Result<&Child, ClassError> {
        self.index_of(nick).map(|i| &self.children[i])
    }

    /// The child called `nick`, to change.
    pub fn child_mut(&mut self, nick: &str) -> Result<&mut Child, ClassError> {
        let i = self.index_of(nick)?;
        Ok(&mut self.children[i])
    }

    fn index_of(&self, nick: &str) -> Result<usize, ClassError> {
        let t = nick.trim();
        self.children
            .iter()
            .position(|c| c.nick == t)
            .or_else(|| self.children.iter().position(|c| same_nick(&c.nick, t)))
            .ok_or_else(|| ClassError::NoSuchChild(t.to_string()))
    }

    /// The latest attempt of any child.
    pub fn last_attempt_at(&self) -> Option<Time> {
        self.children
            .iter()
            .filter_map(|c| c.attempts.iter().map(|a| a.at).max())
            .max()
    }

    /// The latest game of any child.
    pub fn last_game_at(&self) -> Option<Time> {
        self.children
            .iter()
            .filter_map(|c| c.games.iter().map(|g| g.at).max())
            .max()
    }

    /// Refuses `at` before `limit` ([`ClassError::TooEarly`]).
    fn not_before(at: Time, limit: Option<Time>, before: Before) -> Result<(), ClassError> {
        match limit {
            Some(limit) if at < limit => Err(ClassError::TooEarly { at, limit, before }),
            _ => Ok(()),
        }
    }

    /// Refuses `at` before the class was made.
    fn check_made(&self, at: Time) -> Result<(), ClassError> {
        Class::not_before(at, Some(self.created), Before::Created)
    }

    /// Adds a child (the next animal as avatar unless one is given).
    pub fn add_child(
        &mut self,
        nick: &str,
        avatar: Option<Avatar>,
        at: Time,
    ) -> Result<&mut Child, ClassError> {
        let nick = check_nick(nick)?;
        self.check_made(at)?;
        if self.children.iter().any(|c| same_nick(&c.nick, nick)) {
            return Err(ClassError::DuplicateChild(nick.to_string()));
        }
        if self.children.len() >= MAX_CHILDREN {
            return Err(ClassError::TooManyChildren);
        }
        let avatar = avatar.unwrap_or_else(|| Avatar::nth(self.children.len()));
        self.children.push(Child::new(nick, avatar, at));
        let last = self.children.len() - 1;
        Ok(&mut self.children[last])
    }

    /// Removes a child and everything kept for them (a guarded act: check the PIN first).
    pub fn remove_child(&mut self, nick: &str) -> Result<Child, ClassError> {
        let i = self.index_of(nick)?;
        Ok(self.children.remove(i))
    }

    /// The problem's rating in this class.
    pub fn problem_rating(&self, id: &str, prior: Rating) -> Rating {
        self.problem_ratings.get(id).copied().unwrap_or(prior)
    }

    /// Records an attempt judged by the caller ([`super::library::judge`]): the ratings of
    /// the child and the problem, the schedule, and the step if it is passed by it.
    #[allow(clippy::too_many_arguments)]
    pub fn record_attempt(
        &mut self,
        nick: &str,
        library: &Library,
        problem_id: &str,
        answer: Vec<String>,
        right: bool,
        hints: u32,
        seconds: Option<u32>,
        at: Time,
    ) -> Result<AttemptReport, ClassError> {
        let entry = library
            .get(problem_id)
            .ok_or_else(|| ClassError::NoSuchProblem(problem_id.to_string()))?;
        let id = entry.id.clone();
        let problem_before = self.problem_rating(&id, entry.prior());
        let i = self.index_of(nick)?;
        self.check_made(at)?;
        Class::not_before(at, self.last_attempt_at(), Before::LastAttempt)?;
        let score = match (right, hints > 0) {
            (true, false) => Score::Right,
            (true, true) => Score::RightWithHint,
            (false, _) => Score::Wrong,
        };
        let child = &mut self.children[i];
        let child_before = child.rating;
        let (child_after, problem_after) = Rating::attempt(&child_before, &problem_before, score);
        child.rating = child_after;
        let slot = schedule::next(child.schedule.get(&id).copied(), right, at);
        match slot {
            Some(s) => {
                child.schedule.insert(id.clone(), s);
            }
            None => {
                child.schedule.remove(&id);
            }
        }
        child.attempts.push(AttemptEntry {
            at,
            problem: id.clone(),
            answer,
            right,
            hints,
            seconds,
            rating_after: child_after.rating,
        });
        self.problem_ratings.insert(id, problem_after);
        let passed = self.advance_if_passed(i, library, at);
        Ok(AttemptReport {
            child_rating: (child_before, child_after),
            problem_rating: (problem_before, problem_after),
            slot,
            passed,
        })
    }

    /// Records a game: the ladder of its kind moves (games against the computer only), and
    /// the step is passed if the rule is met. Returns the step passed, if any.
    pub fn record_game(
        &mut self,
        nick: &str,
        library: &Library,
        game: GameEntry,
    ) -> Result<Option<u8>, ClassError> {
        let i = self.index_of(nick)?;
        let at = game.at;
        self.check_made(at)?;
        Class::not_before(at, self.last_game_at(), Before::LastGame)?;
        let child = &mut self.children[i];
        if game.computer_level.is_some() {
            let ladder = if game.kind.is_capture() {
                &mut child.capture_ladder
            } else {
                &mut child.go_ladder
            };
            *ladder = ladder.after(game.result.student());
        }
        child.games.push(game);
        Ok(self.advance_if_passed(i, library, at))
    }

    /// Moves the child on while the current step's gate is passed (the same lesson: a child
    /// who already solved the next step's problems too moves on again), and returns the
    /// first step passed.
    fn advance_if_passed(&mut self, i: usize, library: &Library, at: Time) -> Option<u8> {
        let mut first = None;
        loop {
            let child = &mut self.children[i];
            let step = path::step(child.step)?;
            if usize::from(child.step) >= path::STEPS.len() {
                // The last step is never "passed" into nothing; it is the goal.
                return first;
            }
            if !step.rule.passed(child.step_progress(library)) {
                return first;
            }
            let from = child.step;
            child.step += 1;
            child.steps.push(StepChange {
                at,
                from,
                to: child.step,
                reason: StepReason::Passed,
            });
            first.get_or_insert(from);
        }
    }

    /// The teacher moves a child to step `to` (along or back; a guarded act in the window).
    pub fn move_child(&mut self, nick: &str, to: u8, at: Time) -> Result<(), ClassError> {
        if path::step(to).is_none() {
            return Err(ClassError::NoSuchStep(to));
        }
        self.check_made(at)?;
        let last_step = self.child(nick)?.steps.iter().map(|s| s.at).max();
        Class::not_before(at, last_step, Before::LastStep)?;
        let child = self.child_mut(nick)?;
        if child.step != to {
            child.steps.push(StepChange {
                at,
                from: child.step,
                to,
                reason: StepReason::Teacher,
            });
            child.step = to;
        }
        Ok(())
    }

    /// One line per child, in the class's order.
    pub fn summary(&self) -> Vec<ChildSummary> {
        self.children
            .iter()
            .map(|c| ChildSummary {
                nick: c.nick.clone(),
                rating: c.rating.rating,
                step: c.step,
                solved: c.solved().len(),
                tried: c.tried().len(),
            })
            .collect()
    }

    /// Keeps a homework draft cut from `nick`'s game among the class's problems, unapproved,
    /// and returns its identifier. The same position kept before (the same game read twice)
    /// is not kept again: its identifier is returned.
    pub fn keep_draft(&mut self, nick: &str, draft: &Draft, at: Time) -> String {
        if let Some(existing) = self.problems.iter().find(|p| p.sgf == draft.sgf) {
            return existing.id.clone();
        }
        let id = self.new_problem_id();
        self.problems.push(ClassProblem {
            id: id.clone(),
            sgf: draft.sgf.clone(),
            child: nick.to_string(),
            move_number: draft.move_number,
            reason: draft.reason.code().to_string(),
            created: at,
            approved: false,
            for_class: false,
            discarded: false,
        });
        id
    }

    /// The teacher discards a draft (issue 20 item 4): it stays in the file marked discarded,
    /// so the same game read again does not bring it back. An approved problem is not a
    /// draft and cannot be discarded.
    pub fn discard_draft(&mut self, id: &str) -> Result<(), ClassError> {
        let p = self
            .problems
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or_else(|| ClassError::NoSuchProblem(id.to_string()))?;
        if p.approved {
            return Err(ClassError::AlreadyApproved(id.to_string()));
        }
        p.discarded = true;
        Ok(())
    }

    /// The drafts cut from `nick`'s games the teacher has neither approved nor discarded,
    /// oldest first.
    pub fn drafts_of(&self, nick: &str) -> Vec<&ClassProblem> {
        self.problems
            .iter()
            .filter(|p| {
                !p.approved && !p.discarded && p.child.to_lowercase() == nick.to_lowercase()
            })
            .collect()
    }

    /// A new identifier for a class problem: `hw-N`, the first N not used.
    pub fn new_problem_id(&self) -> String {
        let mut n = self.problems.len() + 1;
        loop {
            let id = format!("hw-{n}");
            if !self.problems.iter().any(|p| p.id == id) {
                return id;
            }
            n += 1;
        }
    }

    /// Approves a class problem as the teacher edited it in the problem editor (`sgf`, one
    /// game tree) and assigns it to a child or the whole class (`nick` None): the edited
    /// problem replaces the draft only if the checker proves it; else nothing changes.
    pub fn assign_edited(
        &mut self,
        id: &str,
        nick: Option<&str>,
        sgf: &str,
    ) -> Result<(), ClassError> {
        let Some(pos) = self.problems.iter().position(|p| p.id == id) else {
            return Err(ClassError::NoSuchProblem(id.to_string()));
        };
        if let Some(n) = nick {
            self.child(n)?;
        }
        let edited = ClassProblem {
            sgf: sgf.to_string(),
            ..self.problems[pos].clone()
        };
        let proved = edited
            .problem()
            .is_some_and(|p| crate::problems::is_proved(&p));
        if !proved {
            return Err(ClassError::NotProved(id.to_string()));
        }
        let before = std::mem::replace(&mut self.problems[pos], edited);
        let result = self.assign(id, nick);
        if result.is_err() {
            self.problems[pos] = before;
        }
        result
    }

    /// Approves a class problem and assigns it to a child or the whole class (`nick` None).
    /// Only a problem the checker proves can be assigned.
    pub fn assign(&mut self, id: &str, nick: Option<&str>) -> Result<(), ClassError> {
        let Some(pos) = self.problems.iter().position(|p| p.id == id) else {
            // A shipped problem can be assigned to a child as it is.
            if crate::problems::builtin::find(id).is_some() {
                if let Some(n) = nick {
                    let child = self.child_mut(n)?;
                    if !child.assigned.iter().any(|a| a == id) {
                        child.assigned.push(id.to_string());
                    }
                    return Ok(());
                }
                return Err(ClassError::NoSuchProblem(id.to_string()));
            }
            return Err(ClassError::NoSuchProblem(id.to_string()));
        };
        let proved = self.problems[pos]
            .problem()
            .is_some_and(|p| crate::problems::is_proved(&p));
        if !proved {
            return Err(ClassError::NotProved(id.to_string()));
        }
        if let Some(n) = nick {
            let child = self.child_mut(n)?;
            if !child.assigned.iter().any(|a| a == id) {
                child.assigned.push(id.to_string());
            }
        }
        let p = &mut self.problems[pos];
        p.approved = true;
        p.discarded = false;
        if nick.is_none() {
            p.for_class = true;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::library::judge;

    fn t(s: &str) -> Time {
        DateTime::parse_from_rfc3339(s).expect("time")
    }

    #[test]
    fn children_are_found_by_nickname_ignoring_case_and_kept_unique() {
        let at = t("2025-03-01T09:00:00Z");
        let mut class = Class::new("Tuesday", "Ms Wang", at);
        class.add_child("Xiaoming", None, at).expect("add");
        class
            .add_child("小红", Avatar::parse("colour:red"), at)
            .expect("add");
        assert_eq!(
            class.add_child("xiaoming", None, at).err(),
            Some(ClassError::DuplicateChild("xiaoming".into()))
        );
        assert!(matches!(
            class.add_child("  ", None, at),
            Err(ClassError::BadNick(_))
        ));
        assert!(matches!(
            class.add_child(&"x".repeat(25), None, at),
            Err(ClassError::BadNick(_))
        ));
        assert_eq!(
            class.child("XIAOMING").map(|c| c.nick.as_str()),
            Ok("Xiaoming")
        );
        assert_eq!(
            class.child("小红").map(|c| c.avatar.code()),
            Ok("colour:red".into())
        );
        assert_eq!(class.children[0].avatar, Avatar::Animal("panda".into()));
        assert!(class.child("nobody").is_err());
        class.remove_child("xiaoming").expect("remove");
        assert_eq!(class.children.len(), 1);
    }

    #[test]
    fn the_ladder_is_said_in_one_sentence_to_the_child_and_the_teacher() {
        let rung = LadderState::CAPTURE_START;
        for lang in Lang::ALL {
            for audience in [Audience::Child, Audience::Teacher] {
                let s = rung.explain(true, lang, audience);
                assert!(s.contains('1'), "{s}");
                assert!(s.matches(['。', '.']).count() >= 1, "{s}");
            }
        }
        assert!(
            rung.explain(true, Lang::En, Audience::Child)
                .contains("you move first")
        );
        assert!(
            rung.explain(true, Lang::En, Audience::Teacher)
                .contains("the child moves first")
        );
        let go = LadderState {
            handicap: 3,
            ..LadderState::GO_START
        };
        assert!(
            go.explain(false, Lang::ZhHans, Audience::Child)
                .contains("你先摆3个子")
        );
        assert!(
            go.explain(false, Lang::ZhHans, Audience::Teacher)
                .contains("孩子先摆3个子")
        );
    }

    #[test]
    fn avatars_read_back() {
        for (k, _, _) in COLOURS {
            let a = Avatar::parse(&format!("colour:{k}")).expect("colour");
            assert_eq!(Avatar::parse(&a.code()), Some(a));
        }
        for (k, _, _) in ANIMALS {
            assert_eq!(Avatar::parse(k), Some(Avatar::Animal((*k).into())));
        }
        assert_eq!(Avatar::parse("animal:red"), None);
        assert_eq!(Avatar::parse("unicorn"), None);
    }

    #[test]
    fn the_pin_guards() {
        let at = t("2025-03-01T09:00:00Z");
        let mut class = Class::new("A", "B", at);
        assert_eq!(class.unlock(None), Ok(()));
        class.pin =
            Some(TeacherPin::make("teacher-1", [3; 16], KdfParams::TEST_ONLY).expect("pin"));
        assert_eq!(class.unlock(None), Err(ClassError::PinRequired));
        assert_eq!(class.unlock(Some("teacher-2")), Err(ClassError::WrongPin));
        assert_eq!(class.unlock(Some("teacher-1")), Ok(()));
        assert_eq!(
            TeacherPin::make("123", [3; 16], KdfParams::TEST_ONLY).err(),
            Some(ClassError::PinTooShort)
        );
    }

    #[test]
    fn an_attempt_moves_ratings_and_the_schedule_and_due_lists_oldest_first() {
        let lib = Library::shipped();
        let at = t("2025-03-01T09:00:00+08:00");
        let mut class = Class::new("A", "B", at);
        class.add_child("Mei", None, at).expect("add");
        let ids: Vec<String> = lib.entries().iter().take(3).map(|e| e.id.clone()).collect();
        // Miss the second one first, then the first one an hour later.
        for (k, id) in [(0, &ids[1]), (1, &ids[0])] {
            let when = at + chrono::Duration::hours(k);
            let r = class
                .record_attempt("mei", &lib, id, vec!["A1".into()], false, 0, None, when)
                .expect("attempt");
            assert!(r.child_rating.1.rating < r.child_rating.0.rating);
            assert!(r.problem_rating.1.rating > r.problem_rating.0.rating);
        }
        let child = class.child("Mei").expect("child");
        assert!(child.due(at + chrono::Duration::hours(23)).is_empty());
        let due = child.due(at + chrono::Duration::days(2));
        assert_eq!(
            due.iter().map(|d| d.0.as_str()).collect::<Vec<_>>(),
            [&ids[1], &ids[0]]
        );
        // The next problems start with what is due, new ones in between.
        let next = class
            .next_problems("Mei", &lib, at + chrono::Duration::days(2), 5)
            .expect("next");
        assert_eq!((&next[0], &next[2]), (&ids[1], &ids[0]), "{next:?}");
        assert!(!ids[..2].contains(&next[1]), "{next:?}");
        assert_eq!(class.summary()[0].tried, 2);
        assert_eq!(class.summary()[0].solved, 0);
    }

    #[test]
    fn a_step_is_passed_by_wins_and_problems_and_the_teacher_moves_children() {
        let lib = Library::shipped();
        let mut at = t("2025-03-01T09:00:00Z");
        let mut class = Class::new("A", "B", at);
        class.add_child("Bo", None, at).expect("add");
        let step = path::step(1).expect("step");
        let problems: Vec<_> = lib.step_problems(step).into_iter().cloned().collect();
        assert!(
            problems.len() >= step.rule.problems as usize,
            "step 1 has enough problems"
        );
        for e in problems.iter().take(step.rule.problems as usize) {
            let moves: Vec<_> = e.problem.right_lines()[0]
                .iter()
                .filter_map(|&n| e.problem.node_move(n))
                .filter(|(c, _)| *c == e.problem.player())
                .filter_map(|(_, m)| match m {
                    crate::rules::Move::Play(c) => Some(c),
                    crate::rules::Move::Pass => None,
                })
                .collect();
            assert!(judge(&e.problem, &moves).right);
            class
                .record_attempt("Bo", &lib, &e.id, vec![], true, 0, None, at)
                .expect("attempt");
        }
        assert_eq!(class.child("Bo").map(|c| c.step), Ok(1), "no wins yet");
        let game = |at, level, handicap, result| GameEntry {
            at,
            kind: GameKind::Capture { stones: 1 },
            opponent: "computer".into(),
            computer_level: Some(level),
            handicap,
            color: Color::Black,
            result,
            sgf: String::new(),
        };
        // The gate of step 1: three wins at level 1 moving first, or a harder rung (a win
        // at level 1 with an extra stone does not count).
        for (level, handicap, result, passed) in [
            (2, 1, GameResult::Won, None),
            (1, 2, GameResult::Won, None),
            (2, 1, GameResult::Lost, None),
            (1, 1, GameResult::Won, None),
            (3, 4, GameResult::Won, Some(1)),
        ] {
            at += chrono::Duration::minutes(10);
            assert_eq!(
                class.record_game("Bo", &lib, game(at, level, handicap, result)),
                Ok(passed)
            );
        }
        let bo = class.child("Bo").expect("child");
        assert_eq!(bo.step, 2);
        assert_eq!(bo.steps.last().map(|s| s.reason), Some(StepReason::Passed));
        // Games against the computer move the capture ladder.
        assert_ne!(bo.capture_ladder, LadderState::CAPTURE_START);
        // The teacher moves Bo back; the wins before do not count again.
        class
            .move_child("Bo", 1, at + chrono::Duration::minutes(1))
            .expect("move");
        assert_eq!(class.child("Bo").map(|c| c.step), Ok(1));
        assert_eq!(class.child("Bo").map(|c| c.step_progress(&lib).wins), Ok(0));
        assert_eq!(
            class.move_child("Bo", 9, at),
            Err(ClassError::NoSuchStep(9))
        );
    }

    #[test]
    fn an_edited_draft_replaces_the_draft_only_when_the_checker_proves_it() {
        let at = t("2025-03-01T09:00:00Z");
        let mut class = Class::new("A", "B", at);
        class.add_child("Mei", None, at).expect("add");
        // A draft without a goal: the checker cannot prove it.
        let draft = "(;GM[1]FF[4]SZ[9]PL[B]AB[ee]AW[ba](;B[ca]C[RIGHT])(;B[aa];W[ab]))";
        class.problems.push(ClassProblem {
            id: "hw-1".into(),
            sgf: draft.into(),
            child: "Mei".into(),
            move_number: 3,
            reason: "self-atari".into(),
            created: at,
            approved: false,
            for_class: false,
            discarded: false,
        });
        assert_eq!(
            class.assign("hw-1", Some("Mei")),
            Err(ClassError::NotProved("hw-1".into()))
        );
        // Edited with a goal its right line misses: refused, nothing changes.
        let missed =
            "(;GM[1]FF[4]SZ[9]PL[B]TYGOAL[capture]AB[ee]AW[ba](;B[ca]C[RIGHT])(;B[aa];W[ab]))";
        assert_eq!(
            class.assign_edited("hw-1", Some("Mei"), missed),
            Err(ClassError::NotProved("hw-1".into()))
        );
        assert_eq!(class.problems[0].sgf, draft);
        assert!(!class.problems[0].approved);
        // Not SGF at all: refused the same way.
        assert!(class.assign_edited("hw-1", None, "not sgf").is_err());
        // Edited into a capture problem: proved, kept as edited, assigned.
        let capture = "(;GM[1]FF[4]SZ[9]PL[B]TYGOAL[capture]TR[ee]AB[de][fe][ed]AW[ee][dg][fg](;B[ef]C[RIGHT]))";
        assert_eq!(
            class.assign_edited("hw-1", Some("Nobody"), capture),
            Err(ClassError::NoSuchChild("Nobody".into()))
        );
        assert_eq!(class.problems[0].sgf, draft);
        class
            .assign_edited("hw-1", Some("Mei"), capture)
            .expect("proved");
        assert_eq!(class.problems[0].sgf, capture);
        assert!(class.problems[0].approved && !class.problems[0].for_class);
        assert_eq!(class.child("Mei").expect("Mei").assigned, vec!["hw-1"]);
        assert_eq!(class.problems[0].child, "Mei");
    }
}
