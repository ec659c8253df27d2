//! Our own computer players: the capture game (吃子棋) and small-board Go for beginners, at
//! strength levels 1 (a beginner can win) to 5, and the handicap ladder that matches a child
//! with the computer after each game, as igowin did.
//!
//! Pure: the players search over the rules core ([`crate::rules::Game`]) and read no clock;
//! every search is bounded by counts of positions, and every random choice comes from a
//! [`SplitMix64`] seeded by the player's seed and the position, so the same seed and the same
//! game give the same moves on every machine. The GTP edge (`tianyuan gtp --capture N --level
//! L --seed S`) and the app call them.
//!
//! Layers: [`tactics`] reads ladders, nets and escapes for one chain; [`capture_player`]
//! chooses capture-game moves with it; [`go_player`] plays ordinary Go with Monte-Carlo
//! playouts and the same tactics; [`handicap_ladder`] is the igowin ladder; [`selfplay`] plays
//! level against level for tests and benchmarks.

pub mod capture_player;
pub mod go_player;
pub mod handicap_ladder;
pub mod level;
pub mod rng;
pub mod selfplay;
pub mod tactics;

pub use capture_player::CapturePlayer;
pub use go_player::GoPlayer;
pub use handicap_ladder::{HandicapLadder, Rung, StudentResult};
pub use level::Level;
pub use rng::SplitMix64;
