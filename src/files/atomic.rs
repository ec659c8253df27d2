//! Atomic replacement and careful reading of whole files.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The folder a path lives in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// A temporary name beside `path`, unique to this process and call.
fn temporary_beside(path: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    folder_of(path).join(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

/// Whether a file called `name` in `path`'s folder is a temporary file of an atomic write of
/// `path` (`.NAME.PID.N.tmp`, as [`write_atomically`] and [`write_new`] name them): what a
/// write killed before its rename leaves behind. Other files, however alike, are not.
pub fn is_temporary_of(path: &Path, name: &str) -> bool {
    let Some(target) = path.file_name().map(|n| n.to_string_lossy()) else {
        return false;
    };
    let Some(rest) = name
        .strip_prefix('.')
        .and_then(|r| r.strip_prefix(target.as_ref()))
        .and_then(|r| r.strip_prefix('.'))
        .and_then(|r| r.strip_suffix(".tmp"))
    else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    matches!(rest.split_once('.'), Some((pid, n)) if digits(pid) && digits(n))
}

/// Writes `bytes` to a new temporary file beside `path` and syncs it to disk.
fn write_temporary(path: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    let tmp = temporary_beside(path);
    let written = (|| {
        let mut f = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    match written {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// Makes a rename or a new name in `dir` durable; not every system allows syncing a folder,
/// and the data itself is already on disk, so a refusal is not an error.
pub fn sync_folder(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Replaces `path` with `bytes` atomically: a temporary file in the same folder is written and
/// synced, then renamed over `path`, and the folder is synced. A crash or a full disk leaves
/// either the old file or the new one, never half of one, and never a stray temporary file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = write_temporary(path, bytes)?;
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_folder(folder_of(path));
    Ok(())
}

/// Writes `bytes` to `path` atomically only if nothing is there yet: the complete file appears
/// under its name at once (a hard link of the synced temporary file, which the system refuses
/// when the name exists), so two writers cannot both win and nothing is ever replaced.
/// Fails with [`io::ErrorKind::AlreadyExists`] when `path` exists.
pub fn write_new(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = write_temporary(path, bytes)?;
    let linked = fs::hard_link(&tmp, path);
    let _ = fs::remove_file(&tmp);
    linked?;
    sync_folder(folder_of(path));
    Ok(())
}

/// Why a file was not read by [`read_bounded`].
#[derive(Debug)]
pub enum ReadError {
    /// The system refused (missing file, no permission …).
    Io(io::Error),
    /// The path names a folder, a device, a pipe or something else that is not a regular file.
    NotAFile,
    /// The file is larger than the bound (its size, the bound), in bytes.
    TooLarge(u64, u64),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::NotAFile => f.write_str("not a regular file"),
            ReadError::TooLarge(size, bound) => write!(
                f,
                "the file is {size} bytes, more than the {bound} bytes a record can sensibly be"
            ),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// Reads the whole of `path` if it is a regular file (symbolic links followed) of at most
/// `max_bytes`; a device such as `/dev/zero`, a folder or a pipe is refused before any read,
/// and a file that grows past the bound while being read is refused too.
pub fn read_bounded(path: &Path, max_bytes: u64) -> Result<Vec<u8>, ReadError> {
    let file = File::open(path).map_err(|e| {
        // Windows does not open a folder as a file ("access is denied"): say what it is, as
        // on Unix, where the folder opens and its metadata says so below.
        if fs::metadata(path).is_ok_and(|m| !m.is_file()) {
            ReadError::NotAFile
        } else {
            ReadError::Io(e)
        }
    })?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile);
    }
    if meta.len() > max_bytes {
        return Err(ReadError::TooLarge(meta.len(), max_bytes));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > max_bytes {
        return Err(ReadError::TooLarge(read, max_bytes));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tianyuan-atomic-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .expect("read dir")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect()
    }

    #[test]
    fn replaces_whole_and_leaves_no_temporary_file() {
        let dir = scratch("replace");
        let path = dir.join("game.sgf");
        write_atomically(&path, b"(;GM[1])").expect("first");
        write_atomically(&path, b"(;GM[1]SZ[9])").expect("second");
        assert_eq!(fs::read(&path).expect("read"), b"(;GM[1]SZ[9])");
        assert!(leftovers(&dir).is_empty());
    }

    #[test]
    fn temporaries_are_known_by_their_exact_name() {
        let path = Path::new("/x/c.tyclass");
        let tmp = temporary_beside(path);
        let name = tmp.file_name().map(|n| n.to_string_lossy().into_owned());
        assert!(is_temporary_of(path, name.as_deref().unwrap_or("")));
        for other in [
            ".c.tyclass.12.3.tmp.x",
            ".c.tyclass.bak.12.3.tmp",
            "c.tyclass.12.3.tmp",
            ".c.tyclass.12.tmp",
            ".c.tyclass.a.3.tmp",
            ".d.tyclass.12.3.tmp",
            ".c.tyclass.swp",
        ] {
            assert!(!is_temporary_of(path, other), "{other}");
        }
        assert!(is_temporary_of(
            Path::new("/x/c.tyclass.bak"),
            ".c.tyclass.bak.12.3.tmp"
        ));
    }

    #[test]
    fn write_new_never_replaces() {
        let dir = scratch("new");
        let path = dir.join("session.tyj");
        write_new(&path, b"one").expect("first write");
        let again = write_new(&path, b"two");
        assert_eq!(
            again.map_err(|e| e.kind()),
            Err(io::ErrorKind::AlreadyExists)
        );
        assert_eq!(fs::read(&path).expect("read"), b"one");
        assert!(leftovers(&dir).is_empty());
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = scratch("fail");
        let path = dir.join("missing-folder").join("x.sgf");
        assert!(write_atomically(&path, b"x").is_err());
        assert!(!path.exists());
    }

    #[test]
    fn bounded_reads_refuse_devices_folders_and_giants() {
        let dir = scratch("read");
        let path = dir.join("a.sgf");
        fs::write(&path, b"(;GM[1])").expect("write");
        assert_eq!(read_bounded(&path, 100).expect("read"), b"(;GM[1])");
        assert!(matches!(
            read_bounded(&path, 3),
            Err(ReadError::TooLarge(8, 3))
        ));
        assert!(matches!(read_bounded(&dir, 100), Err(ReadError::NotAFile)));
        if Path::new("/dev/zero").exists() {
            assert!(matches!(
                read_bounded(Path::new("/dev/zero"), 100),
                Err(ReadError::NotAFile)
            ));
        }
        assert!(matches!(
            read_bounded(&dir.join("nothing"), 100),
            Err(ReadError::Io(_))
        ));
    }
}
