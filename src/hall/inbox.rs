//! A board's inbox of the chief arbiter's rulings, beside its session journal
//! (`SESSION.tyj.rulings`, one JSON line each, synced): the board's link writes each ruling
//! once its signature verified with the desk key; `tianyuan hall accept` reads them and enters
//! one into the journal. The inbox is only a list: acceptance verifies every ruling again with
//! the desk key it is given, never with anything kept here (a line added by anyone else is
//! refused then). The journal itself is only ever written by its writer.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::ruling::SignedRuling;

/// One ruling as kept. (Older inboxes also kept a key beside it: it is read and ignored.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InboxEntry {
    /// The ruling.
    pub ruling: SignedRuling,
}

/// The inbox of the journal at `journal`.
pub fn inbox_path(journal: &Path) -> PathBuf {
    let mut name = journal.file_name().unwrap_or_default().to_os_string();
    name.push(".rulings");
    journal.with_file_name(name)
}

/// Every ruling in the inbox (unreadable lines are skipped).
pub fn read_inbox(journal: &Path) -> io::Result<Vec<InboxEntry>> {
    match std::fs::read(inbox_path(journal)) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes)
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

/// Adds a ruling (unless the inbox has its id already) and syncs it.
pub fn add_to_inbox(journal: &Path, entry: &InboxEntry) -> io::Result<bool> {
    if read_inbox(journal)?
        .iter()
        .any(|e| e.ruling.id == entry.ruling.id)
    {
        return Ok(false);
    }
    let path = inbox_path(journal);
    let mut line = serde_json::to_vec(entry).map_err(io::Error::other)?;
    line.push(b'\n');
    let mut file = OpenOptions::new().create(true).append(true).open(&path)?;
    file.write_all(&line)?;
    file.sync_data()?;
    if let Some(dir) = path.parent() {
        crate::files::atomic::sync_folder(dir);
    }
    Ok(true)
}
