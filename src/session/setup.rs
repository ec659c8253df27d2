//! How a game begins: board, rules, handicap, players, time control, and the event's frame
//! (event, round, table, late-arrival limit, board or clock-only mode).

use crate::clock::{Millis, TimeControl};
use crate::rules::{Coord, Rules};

/// A player's name and rank as shown and written to the record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// Name (free text).
    pub name: String,
    /// Rank, e.g. `5d`, `业余5段`, `3k` (free text).
    pub rank: String,
}

/// How handicap stones are placed (Art. 11: handicap games have no komi).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Handicap {
    /// An even game.
    #[default]
    None,
    /// `n` stones (2–9) on the fixed points of the GTP table, placed at the start.
    Fixed(u8),
    /// `n` stones (2–9) placed by Black wherever Black chooses, one click each, before White's
    /// first move.
    Free(u8),
    /// Free handicap stones already chosen (the arbiter's shorthand `handicap=D4,Q16`).
    Points(Vec<Coord>),
}

impl Handicap {
    /// The number of handicap stones.
    pub fn stones(&self) -> u8 {
        match self {
            Handicap::None => 0,
            Handicap::Fixed(n) | Handicap::Free(n) => *n,
            Handicap::Points(p) => u8::try_from(p.len()).unwrap_or(u8::MAX),
        }
    }
}

/// What the app records: moves on its own board, or only the clock beside a physical board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// The app's board is the record: moves are entered and press the mover's clock.
    #[default]
    Board,
    /// The app is the clock beside a physical board (the referee's everyday case): presses,
    /// pauses and rulings are logged, moves are not.
    ClockOnly,
}

/// What ends play besides resignation and rulings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EndRule {
    /// Arbiter sessions (Art. 7, 13.2, 21.1): only the two confirmations end play — the side to
    /// move confirms, then the other. Two plain passes do not.
    #[default]
    Confirmations,
    /// Casual and teaching games, as GTP: two passes in a row (or confirmations) end play.
    TwoPasses,
}

/// How the colours were decided (Art. 10), as logged in the setup.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Colours {
    /// As given by the pairing (not logged further).
    #[default]
    Given,
    /// By nigiri (猜先): the lot's outcome is the colours as set.
    Nigiri,
    /// By the organisers' draw (抽签).
    Draw,
}

/// The late-arrival limit when the event sets none (Art. 23.1: "the set limit").
pub const DEFAULT_LATE_LIMIT: Millis = Millis::from_mins(15);

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
    /// Beyond this lateness a player forfeits (Art. 23.1); exactly the limit is within it.
    pub late_limit: Millis,
    /// Board or clock-only.
    pub mode: Mode,
    /// What ends play.
    pub end_rule: EndRule,
    /// How the colours were decided.
    pub colours: Colours,
    /// The event's name (free text, may be empty).
    pub event: String,
    /// The round (free text, may be empty).
    pub round: String,
    /// The table (free text, may be empty).
    pub table: String,
    /// Both players confirm the result on screen before it is posted (`sign=players`, a hall
    /// table's window sets it): the desk waits for both [`super::Event::Sign`] entries.
    pub players_sign: bool,
}

impl Default for GameSetup {
    /// A 19×19 even game on the Chinese rules without a clock, ended by confirmations.
    fn default() -> Self {
        GameSetup {
            size: 19,
            rules: Rules::default(),
            handicap: Handicap::None,
            black: Player::default(),
            white: Player::default(),
            time_control: None,
            late_limit: DEFAULT_LATE_LIMIT,
            mode: Mode::Board,
            end_rule: EndRule::Confirmations,
            colours: Colours::Given,
            event: String::new(),
            round: String::new(),
            table: String::new(),
            players_sign: false,
        }
    }
}
