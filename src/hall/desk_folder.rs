//! The desk's folder on disk: its copy of every board's journal (`table-N/SESSION.tyj`, the
//! board's bytes exactly), the chief arbiter's rulings (`rulings.jsonl`), the results for the
//! round (`results.json`) and the chief arbiter's signing key (`chief-arbiter.key`).
//!
//! One desk per folder: the desk holds an OS advisory lock on the folder itself while it runs.
//! Entries are appended in batches and every file touched is synced (in parallel, so the disk
//! can merge the flushes) before anything is acknowledged to a board. At start-up an
//! incomplete or damaged tail of a copy is moved aside (`….torn-N`) and cut off: the board
//! republishes what the desk no longer holds.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::files::atomic::{sync_folder, write_atomically, write_new};
use crate::files::journal::read_journal;
use crate::journal::{Damage, ReadError};

/// The name of the chief arbiter's key file in the desk's folder.
pub const KEY_FILE: &str = "chief-arbiter.key";
/// The rulings file.
pub const RULINGS_FILE: &str = "rulings.jsonl";
/// The results file.
pub const RESULTS_FILE: &str = "results.json";
/// The chief arbiter's decisions on results changed after posting.
pub const DECISIONS_FILE: &str = "decisions.jsonl";

/// One copy as found at start-up: its intact lines, in order.
#[derive(Clone, Debug)]
pub struct FoundCopy {
    /// The table.
    pub table: u32,
    /// The session id (the file's name).
    pub session: String,
    /// The lines, `\n` included.
    pub lines: Vec<Vec<u8>>,
}

/// What `tianyuan desk state` prints of one copy.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CopyState {
    /// The table.
    pub table: u32,
    /// The session id.
    pub session: String,
    /// Intact entries.
    pub entries: u32,
    /// The last intact entry's hash (hex).
    pub head: String,
}

/// The desk's open folder.
#[derive(Debug)]
pub struct DeskFolder {
    dir: PathBuf,
    _lock: File,
    open: BTreeMap<(u32, String), File>,
    dirty: BTreeSet<(u32, String)>,
    new_dirs: BTreeSet<PathBuf>,
}

fn table_dir(dir: &Path, table: u32) -> PathBuf {
    dir.join(format!("table-{table}"))
}

fn copy_path(dir: &Path, table: u32, session: &str) -> PathBuf {
    table_dir(dir, table).join(format!("{session}.tyj"))
}

/// The copies in `dir`: (table, session, path), by table then session.
fn list_copies(dir: &Path) -> io::Result<Vec<(u32, String, PathBuf)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(table) = name
            .strip_prefix("table-")
            .and_then(|t| super::names::parse_table(t).ok())
        else {
            continue;
        };
        if !entry.file_type()?.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(entry.path())? {
            let file = file?;
            let fname = file.file_name().to_string_lossy().into_owned();
            if let Some(session) = fname.strip_suffix(".tyj")
                && super::names::valid_session_id(session)
            {
                out.push((table, session.to_owned(), file.path()));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Reads the copies of a desk's folder without writing or locking (`tianyuan desk state`):
/// by table, each table's sessions in the order they began.
pub fn read_state(dir: &Path) -> Result<Vec<CopyState>, String> {
    let copies = list_copies(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut out = Vec::new();
    for (table, session, path) in copies {
        match read_journal(&path) {
            Ok((_, reading)) => {
                let began = reading.lines.first().map(|l| l.decoded.utc.clone());
                out.push((
                    began,
                    CopyState {
                        table,
                        session,
                        entries: reading.intact(),
                        head: crate::seal::hex::encode(&reading.head()),
                    },
                ));
            }
            Err(crate::files::journal::JournalError::Read(ReadError::Empty)) => {}
            Err(e) => return Err(format!("{}: {e}", path.display())),
        }
    }
    // A table's sessions in the order they began: its current one last.
    out.sort_by(|a, b| (a.1.table, &a.0, &a.1.session).cmp(&(b.1.table, &b.0, &b.1.session)));
    Ok(out.into_iter().map(|(_, s)| s).collect())
}

/// Moves `bytes[offset..]` of `path` aside to `PATH.torn-N` and cuts the file there.
fn cut_tail(path: &Path, bytes: &[u8], offset: usize) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .map_or_else(|| "copy".into(), |n| n.to_string_lossy().into_owned());
    let mut n = 1u32;
    let aside = loop {
        let candidate = path.with_file_name(format!("{name}.torn-{n}"));
        match write_new(&candidate, &bytes[offset..]) {
            Ok(()) => break candidate,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < 10_000 => n += 1,
            Err(e) => return Err(e),
        }
    };
    let file = OpenOptions::new().write(true).open(path)?;
    file.set_len(offset as u64)?;
    file.sync_all()?;
    Ok(aside)
}

impl DeskFolder {
    /// Opens (creating) the desk's folder, locks it, repairs the copies' tails and returns
    /// every intact copy, with notes of what was moved aside.
    pub fn open(dir: &Path) -> Result<(DeskFolder, Vec<FoundCopy>, Vec<String>), String> {
        let io = |e: io::Error| format!("{}: {e}", dir.display());
        std::fs::create_dir_all(dir).map_err(io)?;
        let lock = match crate::files::hold::hold_folder(dir) {
            Ok(lock) => lock,
            Err(crate::files::hold::HoldError::Held) => {
                return Err(format!(
                    "{}: another desk is running on this folder",
                    dir.display()
                ));
            }
            Err(crate::files::hold::HoldError::Io(e)) => return Err(io(e)),
        };
        let mut found = Vec::new();
        let mut notes = Vec::new();
        for (table, session, path) in list_copies(dir).map_err(io)? {
            let (bytes, reading) = match read_journal(&path) {
                Ok(r) => r,
                Err(crate::files::journal::JournalError::Read(_)) => {
                    // Nothing intact (an empty file, a torn setup): start the copy again.
                    let bytes = std::fs::read(&path).map_err(io)?;
                    if !bytes.is_empty() {
                        let aside = cut_tail(&path, &bytes, 0).map_err(io)?;
                        notes.push(format!(
                            "moved an unreadable copy aside to {}",
                            aside.display()
                        ));
                    }
                    continue;
                }
                Err(e) => return Err(format!("{}: {e}", path.display())),
            };
            if let Some(d) = &reading.damage {
                let offset = match d {
                    Damage::TornTail { offset, .. } | Damage::Broken { offset, .. } => *offset,
                };
                let aside = cut_tail(&path, &bytes, offset).map_err(io)?;
                notes.push(format!(
                    "table {table}: {d}; moved aside to {}",
                    aside.display()
                ));
            }
            let lines = reading
                .lines
                .iter()
                .map(|l| bytes[l.offset..l.offset + l.len].to_vec())
                .collect();
            found.push(FoundCopy {
                table,
                session,
                lines,
            });
        }
        sync_folder(dir);
        Ok((
            DeskFolder {
                dir: dir.to_path_buf(),
                _lock: lock,
                open: BTreeMap::new(),
                dirty: BTreeSet::new(),
                new_dirs: BTreeSet::new(),
            },
            found,
            notes,
        ))
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Appends lines to `table`'s copy of `session` (created when `first` is 1); they are on
    /// disk once [`DeskFolder::sync`] returns.
    pub fn append(
        &mut self,
        table: u32,
        session: &str,
        first: u32,
        lines: &[Vec<u8>],
    ) -> io::Result<()> {
        let key = (table, session.to_owned());
        if !self.open.contains_key(&key) {
            let tdir = table_dir(&self.dir, table);
            if !tdir.exists() {
                std::fs::create_dir_all(&tdir)?;
                self.new_dirs.insert(self.dir.clone());
            }
            let path = copy_path(&self.dir, table, session);
            let file = OpenOptions::new().create(true).append(true).open(&path)?;
            if first == 1 && file.metadata()?.len() != 0 {
                return Err(io::Error::other(format!(
                    "{}: a new copy's file is not empty",
                    path.display()
                )));
            }
            if first == 1 {
                self.new_dirs.insert(tdir);
            }
            self.open.insert(key.clone(), file);
        }
        let file = self
            .open
            .get_mut(&key)
            .ok_or_else(|| io::Error::other("no file"))?;
        for line in lines {
            file.write_all(line)?;
        }
        self.dirty.insert(key);
        Ok(())
    }

    /// Syncs every file appended to since the last sync (several at once), and the folders
    /// of new files.
    pub fn sync(&mut self) -> io::Result<()> {
        let files: Vec<&File> = self.dirty.iter().filter_map(|k| self.open.get(k)).collect();
        let chunk = files.len().div_ceil(8).max(1);
        let results: Vec<io::Result<()>> = std::thread::scope(|s| {
            let handles: Vec<_> = files
                .chunks(chunk)
                .map(|part| s.spawn(move || part.iter().try_for_each(|f| f.sync_data())))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(io::Error::other("sync thread failed")))
                })
                .collect()
        });
        for r in results {
            r?;
        }
        for d in std::mem::take(&mut self.new_dirs) {
            sync_folder(&d);
        }
        self.dirty.clear();
        Ok(())
    }

    /// Appends one ruling (a JSON line) to the rulings file and syncs it.
    pub fn append_ruling(&mut self, json_line: &str) -> io::Result<()> {
        self.append_json_line(RULINGS_FILE, json_line)
    }

    /// Appends one decision of the chief arbiter (a JSON line) and syncs it.
    pub fn append_decision(&mut self, json_line: &str) -> io::Result<()> {
        self.append_json_line(DECISIONS_FILE, json_line)
    }

    fn append_json_line(&mut self, name: &str, json_line: &str) -> io::Result<()> {
        let path = self.dir.join(name);
        let mut file = OpenOptions::new().create(true).append(true).open(&path)?;
        file.write_all(json_line.as_bytes())?;
        file.write_all(b"\n")?;
        file.sync_data()?;
        sync_folder(&self.dir);
        Ok(())
    }

    /// The decisions file's complete lines.
    pub fn read_decisions(&self) -> io::Result<Vec<String>> {
        read_lines(&self.dir.join(DECISIONS_FILE))
    }

    /// The rulings file's complete lines.
    pub fn read_rulings(&self) -> io::Result<Vec<String>> {
        read_lines(&self.dir.join(RULINGS_FILE))
    }

    /// Replaces the results file.
    pub fn write_results(&self, json: &[u8]) -> io::Result<()> {
        write_atomically(&self.dir.join(RESULTS_FILE), json)
    }

    /// The chief arbiter's key seed (hex) from the folder, made (mode 600) when absent.
    pub fn chief_key(
        &self,
        random: impl FnOnce() -> Result<[u8; 32], String>,
    ) -> Result<String, String> {
        read_or_make_key(&self.dir.join(KEY_FILE), random)
    }
}

/// The complete, non-empty lines of a JSON-lines file of the folder (none when missing).
fn read_lines(path: &Path) -> io::Result<Vec<String>> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(String::from_utf8_lossy(&bytes)
            .split_inclusive('\n')
            .filter(|l| l.ends_with('\n'))
            .map(|l| l.trim().to_owned())
            .filter(|l| !l.is_empty())
            .collect()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

/// Reads a key file, or writes a new one from `random` (readable by its owner only).
pub fn read_or_make_key(
    path: &Path,
    random: impl FnOnce() -> Result<[u8; 32], String>,
) -> Result<String, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => return Ok(text.trim().to_owned()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("{}: {e}", path.display())),
    }
    let seed = crate::seal::hex::encode(&random()?);
    write_secret(path, format!("{seed}\n").as_bytes())?;
    Ok(seed)
}

/// Writes a new file readable by its owner only (keys and credentials); never replaces one.
pub fn write_secret(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let err = |e: io::Error| format!("{}: {e}", path.display());
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).map_err(err)?;
    file.write_all(bytes).map_err(err)?;
    file.sync_all().map_err(err)?;
    if let Some(dir) = path.parent() {
        sync_folder(dir);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ty-desk-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    const ID: &str = "0123456789abcdef";

    #[test]
    fn issue14_copies_are_the_boards_bytes_and_a_torn_tail_is_moved_aside() {
        let dir = temp("copies");
        let l =
            crate::hall::test_lines::session_lines(ID, "setup size=9", &["0:05 B E5", "0:09 W C3"]);
        {
            let (mut folder, found, _) = DeskFolder::open(&dir).unwrap();
            assert!(found.is_empty());
            assert!(DeskFolder::open(&dir).is_err(), "one desk per folder");
            folder.append(3, ID, 1, &l[..2]).unwrap();
            folder.sync().unwrap();
        }
        let path = copy_path(&dir, 3, ID);
        assert_eq!(
            std::fs::read(&path).unwrap(),
            [l[0].clone(), l[1].clone()].concat()
        );
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(&l[2][..20]).unwrap();
        let state = read_state(&dir).unwrap();
        assert_eq!((state[0].table, state[0].entries), (3, 2));
        let (mut folder, found, notes) = DeskFolder::open(&dir).unwrap();
        assert_eq!(found[0].lines.len(), 2);
        assert_eq!(notes.len(), 1);
        assert!(path.with_file_name(format!("{ID}.tyj.torn-1")).exists());
        folder.append(3, ID, 3, &l[2..]).unwrap();
        folder.sync().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), l.concat());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn issue14_the_chief_arbiters_key_is_made_once_and_kept_private() {
        let dir = temp("key");
        let (folder, _, _) = DeskFolder::open(&dir).unwrap();
        let a = folder.chief_key(|| Ok([9; 32])).unwrap();
        let b = folder.chief_key(|| Err("not asked".into())).unwrap();
        assert_eq!(a, b);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.join(KEY_FILE))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o077, 0);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
