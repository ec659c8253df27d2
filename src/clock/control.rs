//! The time systems (Art. 12): what each side gets, as a plain value.
//!
//! The `SPEC` strings that name a control (`chinese:limit=60m,reserve=5`) are parsed and
//! printed in `spec.rs`.

use super::timestamp::Millis;
use serde::{Deserialize, Serialize};

/// The longest time any one setting may have: far beyond any real game, small enough that
/// no arithmetic on it can overflow.
pub(crate) const MAX_TIME: Millis = Millis(1_000 * 3_600_000);
/// The most byo-yomi periods or Canadian stones a setting may have.
pub(crate) const MAX_COUNT: u32 = 1_000;

/// A time system for both sides (the same for each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "snake_case")]
pub enum TimeControl {
    /// Chinese byo-yomi (读秒, Art. 12.2): a time `limit` per side of which `reserve` periods of
    /// `period` (a minute at national events) are reserved. Thinking is free until only the
    /// reserve is left; from then a move shorter than a period costs nothing, each full period
    /// deducts one, and using up the last one loses (Art. 23.5).
    Chinese {
        /// The whole time limit per side, reserve included.
        limit: Millis,
        /// Reserved periods (national events 5, local events may use 1).
        reserve: u32,
        /// Length of one reserved period: 60 s by the rules; blitz events may set others.
        period: Millis,
    },
    /// Japanese byo-yomi: `main` time (possibly 0), then `periods` periods of `period`; a move
    /// of exactly one period uses that period up.
    Japanese {
        /// Main time per side.
        main: Millis,
        /// Number of byo-yomi periods.
        periods: u32,
        /// Length of each period.
        period: Millis,
    },
    /// Canadian byo-yomi: `main` time, then `stones` moves in each `block`, renewed after those
    /// moves. The move during which main time runs out is the first of the block.
    Canadian {
        /// Main time per side.
        main: Millis,
        /// Moves to play in each block.
        stones: u32,
        /// Time for each block.
        block: Millis,
    },
    /// Fischer: `main` time, plus `increment` after each completed move; running out during a
    /// move loses.
    Fischer {
        /// Main time per side.
        main: Millis,
        /// Added after each completed move.
        increment: Millis,
    },
    /// Sudden death: `main` time and nothing more.
    SuddenDeath {
        /// Main time per side.
        main: Millis,
    },
}

impl Default for TimeControl {
    /// The national standard: one hour each, five minutes of it reserved for byo-yomi.
    fn default() -> Self {
        TimeControl::Chinese {
            limit: Millis::from_mins(60),
            reserve: 5,
            period: Millis::from_secs(60),
        }
    }
}

/// What follows the free (main) time, normalised over the systems.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Overtime {
    /// Nothing: running out of main time loses.
    None,
    /// Periods of which a move shorter than one costs nothing (Chinese and Japanese byo-yomi).
    Periods {
        /// How many.
        count: u32,
        /// How long each is.
        length: Millis,
    },
    /// Canadian blocks.
    Canadian {
        /// Moves per block.
        stones: u32,
        /// Time per block.
        block: Millis,
    },
}

/// Why a time control is not acceptable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ControlError {
    /// The SPEC string is empty.
    Empty,
    /// The SPEC has no `system:` prefix or an unknown one.
    UnknownSystem(String),
    /// A `key=value` item whose key the system does not know.
    UnknownKey {
        /// The system, e.g. `chinese`.
        system: &'static str,
        /// The offending key.
        key: String,
    },
    /// A key given twice.
    DuplicateKey(String),
    /// A key the system needs is missing.
    MissingKey {
        /// The system.
        system: &'static str,
        /// The missing key.
        key: &'static str,
    },
    /// A value that cannot be read.
    BadValue {
        /// The key.
        key: String,
        /// The value as written.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
    /// The values do not make a usable control (e.g. a reserve longer than the limit).
    Inconsistent(String),
}

impl std::fmt::Display for ControlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ControlError::Empty => write!(f, "empty time control; try chinese:limit=60m,reserve=5"),
            ControlError::UnknownSystem(s) => write!(
                f,
                "unknown time system {s:?}: expected chinese, japanese, canadian, fischer or sudden \
                 (e.g. chinese:limit=60m,reserve=5)"
            ),
            ControlError::UnknownKey { system, key } => {
                write!(f, "{system}: unknown setting {key:?}")
            }
            ControlError::DuplicateKey(k) => write!(f, "setting {k:?} is given twice"),
            ControlError::MissingKey { system, key } => {
                write!(f, "{system}: missing setting {key}=…")
            }
            ControlError::BadValue {
                key,
                value,
                expected,
            } => write!(f, "{key}={value:?}: expected {expected}"),
            ControlError::Inconsistent(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ControlError {}

impl TimeControl {
    /// Checks that the values make a usable control: no negative or absurdly long times, at
    /// least one period or stone where the system has them, a reserve within the limit, and
    /// some time to play with.
    pub fn validate(&self) -> Result<(), ControlError> {
        let time = |name: &str, t: Millis| {
            if t.0 < 0 || t > MAX_TIME {
                Err(ControlError::Inconsistent(format!(
                    "{name} must be between 0 and 1000 hours"
                )))
            } else {
                Ok(())
            }
        };
        let count = |name: &str, n: u32, min: u32| {
            if n < min || n > MAX_COUNT {
                Err(ControlError::Inconsistent(format!(
                    "{name} must be between {min} and {MAX_COUNT}"
                )))
            } else {
                Ok(())
            }
        };
        let positive = |name: &str, t: Millis| {
            if t.0 <= 0 {
                Err(ControlError::Inconsistent(format!(
                    "{name} must be longer than 0"
                )))
            } else {
                Ok(())
            }
        };
        match *self {
            TimeControl::Chinese {
                limit,
                reserve,
                period,
            } => {
                time("limit", limit)?;
                positive("limit", limit)?;
                count("reserve", reserve, 0)?;
                time("period", period)?;
                positive("period", period)?;
                if i64::from(reserve) * period.0 > limit.0 {
                    return Err(ControlError::Inconsistent(format!(
                        "the reserve ({reserve} × {}) is longer than the limit ({})",
                        super::spec::duration_text(period),
                        super::spec::duration_text(limit)
                    )));
                }
            }
            TimeControl::Japanese {
                main,
                periods,
                period,
            } => {
                time("main", main)?;
                count("periods", periods, 1)?;
                time("period", period)?;
                positive("period", period)?;
            }
            TimeControl::Canadian {
                main,
                stones,
                block,
            } => {
                time("main", main)?;
                count("stones", stones, 1)?;
                time("block", block)?;
                positive("block", block)?;
            }
            TimeControl::Fischer { main, increment } => {
                time("main", main)?;
                positive("main", main)?;
                time("inc", increment)?;
            }
            TimeControl::SuddenDeath { main } => {
                time("main", main)?;
                positive("main", main)?;
            }
        }
        Ok(())
    }

    /// The free time each side starts with: for Chinese byo-yomi the limit less the reserve.
    pub fn main_time(&self) -> Millis {
        match *self {
            TimeControl::Chinese {
                limit,
                reserve,
                period,
            } => Millis((limit.0 - i64::from(reserve) * period.0).max(0)),
            TimeControl::Japanese { main, .. }
            | TimeControl::Canadian { main, .. }
            | TimeControl::Fischer { main, .. }
            | TimeControl::SuddenDeath { main } => main,
        }
    }

    /// Whether running out of main time leads into byo-yomi rather than a loss.
    pub fn has_byoyomi(&self) -> bool {
        self.overtime() != Overtime::None
    }

    pub(crate) fn overtime(&self) -> Overtime {
        match *self {
            TimeControl::Chinese {
                reserve, period, ..
            } if reserve > 0 => Overtime::Periods {
                count: reserve,
                length: period,
            },
            TimeControl::Japanese {
                periods, period, ..
            } => Overtime::Periods {
                count: periods,
                length: period,
            },
            TimeControl::Canadian { stones, block, .. } => Overtime::Canadian { stones, block },
            _ => Overtime::None,
        }
    }

    /// Time added after each completed move (Fischer), zero otherwise.
    pub fn increment(&self) -> Millis {
        match *self {
            TimeControl::Fischer { increment, .. } => increment,
            _ => Millis::ZERO,
        }
    }
}
