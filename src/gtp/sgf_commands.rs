//! `loadsgf` and `printsgf`: game records in and out of the engine, through the record module.

use std::fs;
use std::io::Read;

use crate::record::{self, GameInfo};
use crate::rules::{Game, Rules};

/// Files larger than this are refused rather than read into memory: the longest real
/// collections are a few megabytes.
pub const MAX_SGF_BYTES: u64 = 64 * 1024 * 1024;

/// A game loaded by `loadsgf`.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The position reached.
    pub game: Game,
    /// The record's game information, kept for `printsgf`.
    pub info: GameInfo,
}

/// Loads the main line of the first game of `path`, stopping before move number `until`
/// (1-based, as GTP counts) when given; illegal recorded moves are replayed tolerantly.
///
/// Board size and komi come from the file (GTP 2, `loadsgf`); komi stays `current`'s when the
/// file has none. The ko rule and handicap compensation come from the file's `RU` when it has
/// one, else stay `current`'s, so that a controller's `tianyuan-ko_rule` survives a load.
pub fn load(path: &str, until: Option<usize>, current: &Rules) -> Result<Loaded, String> {
    let bytes = read_limited(path).map_err(|e| format!("cannot load file: {e}"))?;
    let (replayed, _warnings) =
        record::load_game(&bytes, until).map_err(|e| format!("cannot load file: {e}"))?;
    let info = replayed.info;
    let mut game = replayed.game;
    let mut rules = if info.ruleset.is_some() {
        info.rules()
    } else {
        current.clone()
    };
    rules.komi = info.komi.unwrap_or(current.komi);
    game.set_rules(rules);
    Ok(Loaded { game, info })
}

fn read_limited(path: &str) -> std::io::Result<Vec<u8>> {
    let file = fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_SGF_BYTES + 1).read_to_end(&mut bytes)?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > MAX_SGF_BYTES {
        return Err(std::io::Error::other(format!(
            "larger than {MAX_SGF_BYTES} bytes"
        )));
    }
    Ok(bytes)
}

/// The game as SGF: written to `path` (an empty response) or, without a path, returned as the
/// response. GTP forbids empty lines inside a response, so blank lines inside text values
/// (comments of a loaded record) survive only when written to a file.
pub fn print(game: &Game, info: &GameInfo, path: Option<&str>) -> Result<String, String> {
    let sgf = record::game_to_sgf(game, info);
    match path {
        Some(path) => fs::write(path, sgf)
            .map(|()| String::new())
            .map_err(|e| format!("cannot write file: {e}")),
        None => Ok(sgf),
    }
}
