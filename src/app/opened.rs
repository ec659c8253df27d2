//! A game record opened from a file, shown for navigation beside the live game.

use crate::record::{self, GameInfo};
use crate::rules::Game;
use std::fmt;
use std::path::{Path, PathBuf};

/// A record's main line, replayed.
#[derive(Clone, Debug)]
pub struct OpenedRecord {
    /// Where it came from.
    pub path: PathBuf,
    /// The game after the last move of the main line.
    pub game: Game,
    /// Players, komi, result … as the file gives them.
    pub info: GameInfo,
    /// Illegal moves met while replaying (the record still loads).
    pub illegal_moves: usize,
}

/// Why a file could not be shown.
#[derive(Debug)]
pub enum OpenError {
    /// The file could not be read.
    Io(PathBuf, std::io::Error),
    /// No game could be found in it.
    Sgf(PathBuf, String),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            OpenError::Sgf(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for OpenError {}

impl OpenedRecord {
    /// Reads and replays the first game of an SGF file.
    pub fn read(path: &Path) -> Result<OpenedRecord, OpenError> {
        let bytes = std::fs::read(path).map_err(|e| OpenError::Io(path.to_path_buf(), e))?;
        Self::from_bytes(path, &bytes)
    }

    /// Replays the first game of SGF bytes.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<OpenedRecord, OpenError> {
        let bad = |e: String| OpenError::Sgf(path.to_path_buf(), e);
        let reading = record::read(bytes).map_err(|e| bad(e.to_string()))?;
        let tree = reading
            .collection
            .trees
            .first()
            .ok_or_else(|| bad("no game in the file".to_owned()))?;
        let replay = record::replay_main_line(tree).map_err(|e| bad(e.to_string()))?;
        Ok(OpenedRecord {
            path: path.to_path_buf(),
            game: replay.game,
            info: replay.info,
            illegal_moves: replay.illegal.len(),
        })
    }
}
