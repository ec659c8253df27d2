//! Finding the unfinished sessions to offer at start: a crash, a power cut or a closed window
//! never loses a game; the next start offers it back with the clocks stopped.

use std::path::{Path, PathBuf};

use crate::clock::Millis;
use crate::files::journal::{fold_reading, read_journal};

/// An unfinished session in the sessions folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumable {
    /// Its file.
    pub path: PathBuf,
    /// Black's and White's names.
    pub players: (String, String),
    /// The event's table, if any.
    pub table: String,
    /// Entries so far.
    pub entries: u32,
    /// Turns so far.
    pub moves: u32,
    /// Time since its last entry was written (from the entries' wall-clock times).
    pub away: Millis,
    /// It holds a move, a press or a ruling (an empty launch game is not offered).
    pub worth_offering: bool,
}

/// Parses the journal's `utc` form back to an instant.
fn parse_utc(text: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    chrono::DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&chrono::Utc))
}

/// Whether another program is writing `path` (it holds the lock).
fn in_use(path: &Path) -> bool {
    let Ok(file) = std::fs::OpenOptions::new()
        .read(true)
        .append(true)
        .open(path)
    else {
        return true;
    };
    match file.try_lock() {
        Ok(()) => {
            let _ = file.unlock();
            false
        }
        Err(_) => true,
    }
}

/// Every unfinished session of `folder` not held by another program, the most recent first,
/// with the time since its last entry as of `now`.
pub fn find_unfinished(folder: &Path, now: chrono::DateTime<chrono::Utc>) -> Vec<Resumable> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("tyj") || in_use(&path) {
            continue;
        }
        let Ok((_, reading)) = read_journal(&path) else {
            continue;
        };
        let Ok(session) = fold_reading(&reading) else {
            continue;
        };
        if session.outcome().is_some() {
            continue;
        }
        let last_utc = reading.lines.last().and_then(|l| parse_utc(&l.decoded.utc));
        let away = last_utc.map_or(Millis::ZERO, |t| {
            Millis((now - t).num_milliseconds().max(0))
        });
        let setup = session.setup();
        out.push(Resumable {
            path,
            players: (setup.black.name.clone(), setup.white.name.clone()),
            table: setup.table.clone(),
            entries: reading.intact(),
            moves: session.turns(),
            away,
            worth_offering: crate::app::host::live_game::worth_resuming(&session),
        });
    }
    out.sort_by_key(|r| r.away);
    out
}
