//! Time settings of a record (`TM` and `OT`), independent of the clock's own types.
//!
//! SGF has `TM` (main time in seconds) and a free-text `OT`. We write the spellings most
//! programs read (`5x60 byo-yomi`, `25/600 Canadian`) and read the common variants.
//! Chinese byo-yomi (读秒, Art. 12.2) reserves minutes *of the time limit*: the record's
//! `TM` is the limit minus the reserve, and `OT` is the reserve as 60-second periods.

/// How time runs after the main time.
#[derive(Clone, Debug, PartialEq)]
pub enum Overtime {
    /// Sudden death: nothing after the main time.
    None,
    /// Periods of fixed length; a move inside a period costs none (Japanese 读秒, and the
    /// Chinese reserved minutes with `period_seconds` = 60).
    ByoYomi {
        /// Number of periods.
        periods: u32,
        /// Length of one period in seconds.
        period_seconds: u32,
    },
    /// Canadian: `stones` moves within `period_seconds`.
    Canadian {
        /// Moves to play in each period.
        stones: u32,
        /// Length of the period in seconds.
        period_seconds: u32,
    },
    /// Fischer: `increment_seconds` added after each move.
    Fischer {
        /// Seconds added per move.
        increment_seconds: u32,
    },
    /// An `OT` text we could not understand, kept as written.
    Unknown(String),
}

/// Main time plus overtime, as a record states them.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeSettings {
    /// Main time in seconds (`TM`); for Chinese byo-yomi the limit minus the reserve.
    pub main_seconds: f64,
    /// What follows the main time (`OT`).
    pub overtime: Overtime,
}

impl TimeSettings {
    /// Chinese rules: a time limit of which `reserved_minutes` are kept back as byo-yomi minutes.
    pub fn chinese(limit_seconds: u32, reserved_minutes: u32) -> TimeSettings {
        let reserve = reserved_minutes.saturating_mul(60);
        TimeSettings {
            main_seconds: f64::from(limit_seconds.saturating_sub(reserve)),
            overtime: Overtime::ByoYomi {
                periods: reserved_minutes,
                period_seconds: 60,
            },
        }
    }

    /// The settings a game clock's time control is written as (`TM` and `OT`).
    pub fn from_control(control: &crate::clock::TimeControl) -> TimeSettings {
        use crate::clock::TimeControl as C;
        let secs = |m: crate::clock::Millis| m.0 as f64 / 1000.0;
        let whole = |m: crate::clock::Millis| u32::try_from(m.0 / 1000).unwrap_or(u32::MAX);
        match control {
            C::Chinese {
                limit,
                reserve,
                period,
            } => TimeSettings {
                main_seconds: (secs(*limit) - secs(*period) * f64::from(*reserve)).max(0.0),
                overtime: Overtime::ByoYomi {
                    periods: *reserve,
                    period_seconds: whole(*period),
                },
            },
            C::Japanese {
                main,
                periods,
                period,
            } => TimeSettings {
                main_seconds: secs(*main),
                overtime: Overtime::ByoYomi {
                    periods: *periods,
                    period_seconds: whole(*period),
                },
            },
            C::Canadian {
                main,
                stones,
                block,
            } => TimeSettings {
                main_seconds: secs(*main),
                overtime: Overtime::Canadian {
                    stones: *stones,
                    period_seconds: whole(*block),
                },
            },
            C::Fischer { main, increment } => TimeSettings {
                main_seconds: secs(*main),
                overtime: Overtime::Fischer {
                    increment_seconds: whole(*increment),
                },
            },
            C::SuddenDeath { main } => TimeSettings {
                main_seconds: secs(*main),
                overtime: Overtime::None,
            },
        }
    }

    /// The whole limit in seconds: main time plus every byo-yomi period.
    pub fn limit_seconds(&self) -> f64 {
        match self.overtime {
            Overtime::ByoYomi {
                periods,
                period_seconds,
            } => self.main_seconds + f64::from(periods) * f64::from(period_seconds),
            _ => self.main_seconds,
        }
    }

    /// Reads `TM` (seconds; `None` if absent) and `OT` (if present).
    pub fn from_sgf(tm: Option<f64>, ot: Option<&str>) -> Option<TimeSettings> {
        if tm.is_none() && ot.is_none() {
            return None;
        }
        Some(TimeSettings {
            main_seconds: tm.unwrap_or(0.0).max(0.0),
            overtime: ot.map_or(Overtime::None, parse_overtime),
        })
    }

    /// The `OT` text to write; `None` for sudden death.
    pub fn ot_value(&self) -> Option<String> {
        match &self.overtime {
            Overtime::None => None,
            Overtime::ByoYomi {
                periods,
                period_seconds,
            } => Some(format!("{periods}x{period_seconds} byo-yomi")),
            Overtime::Canadian {
                stones,
                period_seconds,
            } => Some(format!("{stones}/{period_seconds} Canadian")),
            Overtime::Fischer { increment_seconds } => Some(format!("{increment_seconds} fischer")),
            Overtime::Unknown(text) => Some(text.clone()),
        }
    }
}

/// Reads the common `OT` spellings: `5x60 byo-yomi`, `3x30`, `25/600 Canadian`,
/// `25 moves / 10 min`, `10 fischer`, `Fischer +10s`, `none`.
pub fn parse_overtime(text: &str) -> Overtime {
    let t = text.trim();
    let lower = t.to_ascii_lowercase();
    if lower.is_empty() || lower == "none" || lower == "sudden death" || lower == "absolute" {
        return Overtime::None;
    }
    let numbers = numbers_in(&lower);
    if (lower.contains("fischer") || lower.contains("incr"))
        && let Some(&increment_seconds) = numbers.first()
    {
        return Overtime::Fischer { increment_seconds };
    }
    if let Some((a, b)) = lower.split_once('x')
        && let (Some(periods), Some(period_seconds)) = (first_number(a), first_number(b))
        && !lower.contains('/')
    {
        return Overtime::ByoYomi {
            periods,
            period_seconds: scale_minutes(b, period_seconds),
        };
    }
    if let Some((a, b)) = lower.split_once('/')
        && let (Some(stones), Some(seconds)) = (first_number(a), first_number(b))
    {
        return Overtime::Canadian {
            stones,
            period_seconds: scale_minutes(b, seconds),
        };
    }
    Overtime::Unknown(t.to_string())
}

/// "10 min" means 600 seconds; plain numbers are seconds.
fn scale_minutes(text: &str, n: u32) -> u32 {
    if text.contains("min") {
        n.saturating_mul(60)
    } else {
        n
    }
}

fn first_number(text: &str) -> Option<u32> {
    numbers_in(text).first().copied()
}

fn numbers_in(text: &str) -> Vec<u32> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.parse().ok())
        .collect()
}
