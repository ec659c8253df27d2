//! The game information a reviewer sees and edits (PB, PW, BR, WR, RE, DT, EV, RO, PC, RU,
//! KM, HA, TM, OT): which property, its name in three languages, and what a value must be.

use crate::i18n::Lang;
use crate::record::properties::{parse_number, parse_real};
use crate::rules::Komi;

/// One editable game-information property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InfoField {
    /// Black player (`PB`).
    Black,
    /// Black's rank (`BR`).
    BlackRank,
    /// White player (`PW`).
    White,
    /// White's rank (`WR`).
    WhiteRank,
    /// Result (`RE`).
    Result,
    /// Date (`DT`).
    Date,
    /// Event (`EV`).
    Event,
    /// Round (`RO`).
    Round,
    /// Place (`PC`).
    Place,
    /// Rules (`RU`).
    Rules,
    /// Komi in points (`KM`).
    Komi,
    /// Handicap stones (`HA`).
    Handicap,
    /// Main time in seconds (`TM`).
    TimeLimit,
    /// Overtime (`OT`).
    Overtime,
}

impl InfoField {
    /// All of them, in the order the panel shows them.
    pub const ALL: [InfoField; 14] = [
        InfoField::Black,
        InfoField::BlackRank,
        InfoField::White,
        InfoField::WhiteRank,
        InfoField::Result,
        InfoField::Date,
        InfoField::Event,
        InfoField::Round,
        InfoField::Place,
        InfoField::Rules,
        InfoField::Komi,
        InfoField::Handicap,
        InfoField::TimeLimit,
        InfoField::Overtime,
    ];

    /// The SGF identifier.
    pub fn property(self) -> &'static str {
        match self {
            InfoField::Black => "PB",
            InfoField::BlackRank => "BR",
            InfoField::White => "PW",
            InfoField::WhiteRank => "WR",
            InfoField::Result => "RE",
            InfoField::Date => "DT",
            InfoField::Event => "EV",
            InfoField::Round => "RO",
            InfoField::Place => "PC",
            InfoField::Rules => "RU",
            InfoField::Komi => "KM",
            InfoField::Handicap => "HA",
            InfoField::TimeLimit => "TM",
            InfoField::Overtime => "OT",
        }
    }

    /// The name in `lang`.
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            InfoField::Black => lang.pick("黑方", "黑方", "Black"),
            InfoField::BlackRank => lang.pick("黑方段位", "黑方段位", "Black's rank"),
            InfoField::White => lang.pick("白方", "白方", "White"),
            InfoField::WhiteRank => lang.pick("白方段位", "白方段位", "White's rank"),
            InfoField::Result => lang.pick("结果", "結果", "Result"),
            InfoField::Date => lang.pick("日期", "日期", "Date"),
            InfoField::Event => lang.pick("比赛", "比賽", "Event"),
            InfoField::Round => lang.pick("轮次", "輪次", "Round"),
            InfoField::Place => lang.pick("地点", "地點", "Place"),
            InfoField::Rules => lang.pick("规则", "規則", "Rules"),
            InfoField::Komi => lang.pick("贴目（目）", "貼目（目）", "Komi (points)"),
            InfoField::Handicap => lang.pick("让子", "讓子", "Handicap"),
            InfoField::TimeLimit => lang.pick("用时（秒）", "用時（秒）", "Time (seconds)"),
            InfoField::Overtime => lang.pick("读秒", "讀秒", "Overtime"),
        }
    }

    /// An example value, shown in an empty field.
    pub fn hint(self) -> &'static str {
        match self {
            InfoField::Result => "B+3.5, W+R, 0, ?",
            InfoField::Date => "2026-11-30",
            InfoField::Rules => "Chinese",
            InfoField::Komi => "7.5",
            InfoField::Handicap => "0, 2–9",
            InfoField::TimeLimit => "3600",
            InfoField::Overtime => "5x60 byo-yomi",
            _ => "",
        }
    }

    /// Whether a change of this property changes how the moves replay (rules, komi, handicap).
    pub fn affects_play(self) -> bool {
        matches!(
            self,
            InfoField::Rules | InfoField::Komi | InfoField::Handicap
        )
    }

    /// Checks a value typed by the user (already trimmed, not empty); the SGF value to write.
    pub fn check(self, text: &str) -> Result<String, InfoError> {
        match self {
            InfoField::Komi => match parse_real(text).and_then(Komi::from_points) {
                Some(k) => Ok(crate::record::properties::real_value(k.points())),
                None => Err(InfoError::Komi),
            },
            InfoField::Handicap => match parse_number(text) {
                Some(n @ (0 | 2..=361)) => Ok(n.to_string()),
                _ => Err(InfoError::Handicap),
            },
            InfoField::TimeLimit => match parse_real(text) {
                Some(s) if s >= 0.0 => Ok(crate::record::properties::real_value(s)),
                _ => Err(InfoError::Time),
            },
            _ => Ok(text.to_string()),
        }
    }
}

/// Why a game-information value was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfoError {
    /// KM must be a number of points in halves (7.5, 6.5, 0, -3).
    Komi,
    /// HA must be 0 or a number of stones from 2.
    Handicap,
    /// TM must be a number of seconds.
    Time,
}

impl InfoError {
    /// The reason in `lang`.
    pub fn text(self, lang: Lang) -> &'static str {
        match self {
            InfoError::Komi => lang.pick(
                "贴目应为以半目计的数字，如 7.5",
                "貼目應為以半目計的數字，如 7.5",
                "komi must be a number of points in halves, such as 7.5",
            ),
            InfoError::Handicap => lang.pick(
                "让子应为 0 或 2 以上的整数",
                "讓子應為 0 或 2 以上的整數",
                "handicap must be 0 or a whole number of stones from 2",
            ),
            InfoError::Time => lang.pick(
                "用时应为秒数，如 3600",
                "用時應為秒數，如 3600",
                "time must be a number of seconds, such as 3600",
            ),
        }
    }
}

impl std::fmt::Display for InfoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text(Lang::En))
    }
}
