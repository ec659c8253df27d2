//! How a game begins: board, rules, handicap, players and time control.

use crate::clock::TimeControl;
use crate::rules::{Color, GameResult, Rules};

/// A player's name and rank as shown and written to the record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// Name (free text).
    pub name: String,
    /// Rank, e.g. `5d`, `业余5段`, `3k` (free text).
    pub rank: String,
}

/// How handicap stones are placed (Art. 11: handicap games have no komi).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Handicap {
    /// An even game.
    #[default]
    None,
    /// `n` stones (2–9) on the fixed points of the GTP table, placed at the start.
    Fixed(u8),
    /// `n` stones (2–9) placed by Black wherever Black chooses, before White's first move.
    Free(u8),
}

impl Handicap {
    /// The number of handicap stones.
    pub fn stones(self) -> u8 {
        match self {
            Handicap::None => 0,
            Handicap::Fixed(n) | Handicap::Free(n) => n,
        }
    }
}

/// Everything decided before the first move.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSetup {
    /// Lines of the board (2–25).
    pub size: u8,
    /// Rules: ko rule, komi, handicap compensation.
    pub rules: Rules,
    /// Handicap.
    pub handicap: Handicap,
    /// The player of Black.
    pub black: Player,
    /// The player of White.
    pub white: Player,
    /// The clock's time system, or `None` to play without a clock.
    pub time_control: Option<TimeControl>,
}

impl Default for GameSetup {
    /// A 19×19 even game on the Chinese rules without a clock.
    fn default() -> Self {
        GameSetup {
            size: 19,
            rules: Rules::default(),
            handicap: Handicap::None,
            black: Player::default(),
            white: Player::default(),
            time_control: None,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Counted by area after both sides agreed the dead stones.
    Counted(GameResult),
    /// The loser resigned (中盘胜 for the winner).
    Resignation {
        /// The winner.
        winner: Color,
    },
    /// The loser ran out of time or forfeited by lateness (Art. 23).
    Time {
        /// The winner, or `None` when both lost (Art. 23.2).
        winner: Option<Color>,
    },
}

impl Outcome {
    /// The SGF `RE` value: `B+3.5`, `W+R`, `B+T`, `0`, `Void` for both losing.
    pub fn to_sgf(&self) -> String {
        match self {
            Outcome::Counted(r) => r.to_sgf(),
            Outcome::Resignation { winner } => format!("{}+R", winner.letter()),
            Outcome::Time { winner: Some(w) } => format!("{}+T", w.letter()),
            Outcome::Time { winner: None } => "Void".to_owned(),
        }
    }

    /// Simplified Chinese, e.g. `黑胜1¾子`, `白中盘胜`, `黑超时胜`.
    pub fn zh_hans(&self) -> String {
        match self {
            Outcome::Counted(r) => r.zh_hans(),
            Outcome::Resignation { winner } => format!("{}中盘胜", color_zh(*winner)),
            Outcome::Time { winner: Some(w) } => format!("{}胜（对方超时）", color_zh(*w)),
            Outcome::Time { winner: None } => "双方判负".to_owned(),
        }
    }

    /// Traditional Chinese.
    pub fn zh_hant(&self) -> String {
        match self {
            Outcome::Counted(r) => r.zh_hant(),
            Outcome::Resignation { winner } => format!("{}中盤勝", color_zh(*winner)),
            Outcome::Time { winner: Some(w) } => format!("{}勝（對方超時）", color_zh(*w)),
            Outcome::Time { winner: None } => "雙方判負".to_owned(),
        }
    }

    /// English.
    pub fn en(&self) -> String {
        match self {
            Outcome::Counted(r) => r.en(),
            Outcome::Resignation { winner } => format!("{} wins by resignation", color_en(*winner)),
            Outcome::Time { winner: Some(w) } => format!("{} wins on time", color_en(*w)),
            Outcome::Time { winner: None } => "Both lose (Art. 23.2)".to_owned(),
        }
    }
}

fn color_zh(c: Color) -> &'static str {
    match c {
        Color::Black => "黑",
        Color::White => "白",
    }
}

fn color_en(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}
