//! `loadsgf` and `printsgf`: game records in and out of the engine, through the record module.

use std::path::Path;

use crate::files::{read_bounded, write_atomically, write_new};
use crate::record::{self, GameInfo};
use crate::rules::{Game, Rules};

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
/// Only a regular file of at most [`record::MAX_FILE_BYTES`] is read: a device such as
/// `/dev/zero`, a folder or a pipe is refused before any byte is read, with a clear error.
///
/// Board size and komi come from the file (GTP 2, `loadsgf`); komi stays `current`'s when the
/// file has none. The ko rule and handicap compensation come from the file's `RU` when it has
/// one, else stay `current`'s, so that a controller's `tianyuan-ko_rule` survives a load.
pub fn load(path: &str, until: Option<usize>, current: &Rules) -> Result<Loaded, String> {
    let bytes = read_bounded(Path::new(path), record::MAX_FILE_BYTES)
        .map_err(|e| format!("cannot load file: {e}"))?;
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

/// The game as SGF: written to `path` (an empty response) or, without a path, returned as the
/// response. GTP forbids empty lines inside a response, so blank lines inside text values
/// (comments of a loaded record) survive only when written to a file.
///
/// A controller's mistyped or random argument must never cost anyone a file: a new file is
/// written atomically and only where nothing is yet; an existing file is replaced (atomically)
/// only when it is a regular file whose first game's root carries `AP[Tianyuan…]`, i.e. one
/// this engine wrote. Anything else there is a clear error and stays untouched.
pub fn print(game: &Game, info: &GameInfo, path: Option<&str>) -> Result<String, String> {
    let sgf = record::game_to_sgf(game, info);
    let Some(path) = path else {
        return Ok(sgf);
    };
    let path = Path::new(path);
    let written = match write_new(path, sgf.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            ours_to_replace(path)?;
            write_atomically(path, sgf.as_bytes())
        }
        other => other,
    };
    written
        .map(|()| String::new())
        .map_err(|e| format!("cannot write file: {e}"))
}

/// Whether the file at `path` may be replaced: a regular file (not a link, folder or device)
/// that this engine wrote. The refusal says why.
fn ours_to_replace(path: &Path) -> Result<(), String> {
    let refuse = |why: &str| {
        Err(format!(
            "cannot write file: {} exists and {why}; printsgf replaces only files it wrote (AP[{}])",
            path.display(),
            record::export::APPLICATION
        ))
    };
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() => {}
        Ok(_) => return refuse("is not a regular file"),
        Err(e) => return Err(format!("cannot write file: {e}")),
    }
    let Ok(bytes) = read_bounded(path, record::MAX_FILE_BYTES) else {
        return refuse("cannot be read to see who wrote it");
    };
    let written_here = record::read(&bytes).is_ok_and(|reading| {
        reading.collection.trees.first().is_some_and(|tree| {
            tree.root().value("AP").is_some_and(|ap| {
                record::properties::split_compose(ap)
                    .map_or(ap, |(name, _)| name)
                    .trim()
                    == record::export::APPLICATION
            })
        })
    });
    if written_here {
        Ok(())
    } else {
        refuse("was not written by this engine")
    }
}
