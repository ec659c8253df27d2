//! Holding a file for writing, so that a second writer (another window, `session append`, a
//! second desk) is refused while every reader still reads.
//!
//! - Unix: the file's advisory lock (`flock` through std's [`File::try_lock`]). Readers never
//!   look at it.
//! - Windows: std's `try_lock` there is `LockFileEx` over the whole file, and Windows byte-range
//!   locks are mandatory: every *other* handle, this process's own included, is then refused
//!   reads of the file — `session show`, `verify`, the exports, the resume search and the
//!   journal's own re-read at open would all fail with "the process cannot access the file".
//!   So on Windows the file is held by its sharing mode instead: opened letting others read (and
//!   rename or delete, as on Unix) but not write. A second writer's open fails with
//!   `ERROR_SHARING_VIOLATION`; readers open as usual. Like `flock`, the hold ends when the
//!   handle is closed, also when the process dies.
//!
//! Writes through a held file must be positioned (seek to the end first): on Windows the handle
//! has plain write access, because Windows refuses `set_len` (cutting a torn tail) on an
//! append-only handle.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

/// Why a file could not be held.
#[derive(Debug)]
pub enum HoldError {
    /// Another writer holds it.
    Held,
    /// The system refused (missing file, no permission …).
    Io(io::Error),
}

impl std::fmt::Display for HoldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HoldError::Held => f.write_str("another program is writing this file"),
            HoldError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for HoldError {}

/// Opens the existing file `path` for reading and writing and holds it: a second
/// [`open_held`] of the same file, in this process or another, fails with
/// [`HoldError::Held`] until this handle is dropped.
pub fn open_held(path: &Path) -> Result<File, HoldError> {
    imp::open_held(path)
}

/// Whether another writer holds `path` now (also `true` when it cannot be opened to write:
/// a file nobody may write is not offered to be written).
pub fn held_elsewhere(path: &Path) -> bool {
    match open_held(path) {
        Ok(file) => {
            drop(file);
            false
        }
        Err(_) => true,
    }
}

/// Holds the folder `dir` (which must exist) for one writer, such as a desk over its copies.
/// The returned handle keeps the hold until it is dropped. On Windows, where a folder cannot be
/// opened as a file, the hold is on [`FOLDER_HOLD_FILE`] inside it.
pub fn hold_folder(dir: &Path) -> Result<File, HoldError> {
    imp::hold_folder(dir)
}

/// The file inside a held folder that carries the hold on Windows.
pub const FOLDER_HOLD_FILE: &str = "tianyuan.lock";

/// The path [`hold_folder`] holds on Windows.
pub fn folder_hold_path(dir: &Path) -> PathBuf {
    dir.join(FOLDER_HOLD_FILE)
}

#[cfg(not(windows))]
mod imp {
    use super::*;

    fn try_lock(file: File) -> Result<File, HoldError> {
        match file.try_lock() {
            Ok(()) => Ok(file),
            Err(std::fs::TryLockError::WouldBlock) => Err(HoldError::Held),
            Err(std::fs::TryLockError::Error(e)) => Err(HoldError::Io(e)),
        }
    }

    pub fn open_held(path: &Path) -> Result<File, HoldError> {
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(HoldError::Io)?;
        try_lock(file)
    }

    pub fn hold_folder(dir: &Path) -> Result<File, HoldError> {
        try_lock(File::open(dir).map_err(HoldError::Io)?)
    }
}

#[cfg(windows)]
mod imp {
    use super::*;
    use std::os::windows::fs::OpenOptionsExt as _;

    /// `FILE_SHARE_READ` (winnt.h): others may open the file to read.
    const FILE_SHARE_READ: u32 = 0x1;
    /// `FILE_SHARE_DELETE` (winnt.h): others may rename or delete it.
    const FILE_SHARE_DELETE: u32 = 0x4;
    /// `ERROR_SHARING_VIOLATION` (winerror.h): another handle's sharing mode refuses ours.
    const ERROR_SHARING_VIOLATION: i32 = 32;
    /// `ERROR_LOCK_VIOLATION` (winerror.h): a byte-range lock of another program.
    const ERROR_LOCK_VIOLATION: i32 = 33;

    fn held(options: &mut OpenOptions, path: &Path) -> Result<File, HoldError> {
        options
            .share_mode(FILE_SHARE_READ | FILE_SHARE_DELETE)
            .open(path)
            .map_err(|e| match e.raw_os_error() {
                Some(ERROR_SHARING_VIOLATION | ERROR_LOCK_VIOLATION) => HoldError::Held,
                _ => HoldError::Io(e),
            })
    }

    pub fn open_held(path: &Path) -> Result<File, HoldError> {
        held(OpenOptions::new().read(true).write(true), path)
    }

    pub fn hold_folder(dir: &Path) -> Result<File, HoldError> {
        held(
            OpenOptions::new().read(true).write(true).create(true),
            &folder_hold_path(dir),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read as _, Seek as _, SeekFrom, Write as _};

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("tianyuan-hold-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn issue22_a_held_file_refuses_a_second_writer_and_still_reads() {
        let dir = scratch("file");
        let path = dir.join("game.tyj");
        std::fs::write(&path, b"first\n").expect("write");
        let mut file = open_held(&path).expect("the first writer holds it");
        assert!(matches!(open_held(&path), Err(HoldError::Held)));
        assert!(held_elsewhere(&path));
        // Readers read, while it is held, what the writer wrote at the end.
        file.seek(SeekFrom::End(0)).expect("seek");
        file.write_all(b"second\n").expect("write");
        file.sync_data().expect("sync");
        assert_eq!(std::fs::read(&path).expect("read"), b"first\nsecond\n");
        // The writer cuts a tail and reads through its own handle.
        file.set_len(6).expect("cut");
        let mut back = String::new();
        file.seek(SeekFrom::Start(0)).expect("seek");
        file.read_to_string(&mut back).expect("read back");
        assert_eq!(back, "first\n");
        drop(file);
        assert!(!held_elsewhere(&path));
        assert!(open_held(&path).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn issue22_a_missing_file_is_an_error_not_a_hold() {
        let dir = scratch("missing");
        assert!(matches!(
            open_held(&dir.join("none.tyj")),
            Err(HoldError::Io(_))
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn issue22_a_held_folder_refuses_a_second_holder() {
        let dir = scratch("folder");
        let first = hold_folder(&dir).expect("the first desk holds it");
        assert!(matches!(hold_folder(&dir), Err(HoldError::Held)));
        drop(first);
        assert!(hold_folder(&dir).is_ok());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
