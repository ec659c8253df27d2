//! The rules core: the Chinese Weiqi Rules, Chapter 1 with Art. 11 and 19–21.
//!
//! Pure: no GUI, no I/O, no clock. [`Board`] holds stones only (a padded 1-D array with
//! chains and liberty counts, after KataGo); [`Game`] adds the history, the rules and the
//! repetition rules ([`KoRule`] documents what "the same position" means for each);
//! [`area_count`] and [`score`] count a finished position by area (数子法) in stones.
//! Every rejected move says why ([`IllegalMove`]), naming the article; records with illegal
//! moves still load through [`Game::play_tolerant`]. [`Game::play_random`] is the playout
//! policy of benchmarks and `genmove` (not a player).
//!
//! Speed: no allocation per move; liberty counts and the Zobrist hash are updated
//! incrementally; superko looks positions up in a bit filter of hashes and confirms a hit by
//! replaying the history on a scratch board, so a hash collision can never forbid a move.

mod board;
mod color;
mod coord;
mod diagram;
mod error;
mod game;
mod grid;
mod handicap;
mod key_filter;
mod komi;
mod playout;
mod result;
mod scoring;
mod settings;
mod tolerant;
mod zobrist;

pub use board::Board;
pub(crate) use board::OtherLiberties;
pub use color::Color;
pub use coord::{Coord, Move, PointSet};
pub use error::{IllegalMove, RulesError};
pub use game::{Game, Played};
pub use handicap::fixed_handicap_points;
pub use komi::{Komi, write_quarters};
pub use result::GameResult;
pub use scoring::{AreaCount, area_count, score};
pub use settings::{KoRule, Rules};
pub use tolerant::Irregularity;

/// The padded board's cell codes, for the crate's own analysis over [`Board`]'s cells
/// (`crate::analysis` walks the same padded array the rules core keeps).
pub(crate) mod cell_codes {
    pub(crate) use super::board::{BLACK, EMPTY, WALL, WHITE};
}

/// The smallest board size.
pub const MIN_SIZE: u8 = 2;
/// The largest board size (SGF letters and GTP columns run out beyond it).
pub const MAX_SIZE: u8 = 25;
