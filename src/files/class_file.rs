//! The class file on disk (issue 20): one file per class under
//! `$XDG_DATA_HOME/tianyuan/classes/` (the window's place; the command line takes any path).
//!
//! Every save replaces the file atomically ([`write_atomically`]: temporary file, `fsync`,
//! rename, `fsync` the folder), so a crash or a kill leaves the old file or the new one, never
//! half of one. Before each save the file as it was (when it reads as a class) is kept beside
//! it as `FILE.bak`, also written atomically: if the file is ever damaged by something else (a
//! copy cut short, a full USB stick), the previous good copy is there, and the error says so.
//! A damaged file is never overwritten: opening it fails, so nothing saves over it.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use super::atomic::{ReadError, read_bounded, write_atomically, write_new};
use crate::class::Class;
use crate::class::format::{self, FormatError};

/// The usual extension of a class file.
pub const EXTENSION: &str = "tyclass";

/// Why a class file could not be read or written.
#[derive(Debug)]
pub enum ClassFileError {
    /// The system refused (missing file, permissions, a full disk …).
    Io(PathBuf, io::Error),
    /// Not a regular file, or far too large.
    Refused(PathBuf, String),
    /// The bytes are not a class; the previous good copy, when there is one.
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        error: FormatError,
        /// `FILE.bak`, when it exists and reads as a class.
        backup: Option<PathBuf>,
    },
    /// A new class would replace an existing file.
    Exists(PathBuf),
}

impl fmt::Display for ClassFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClassFileError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            ClassFileError::Refused(p, why) => write!(f, "{}: {why}", p.display()),
            ClassFileError::Damaged {
                path,
                error,
                backup,
            } => {
                write!(f, "{}: {error}", path.display())?;
                match backup {
                    Some(b) => write!(
                        f,
                        "; the previous good copy is {} (nothing was changed)",
                        b.display()
                    ),
                    None => f.write_str(" (nothing was changed)"),
                }
            }
            ClassFileError::Exists(p) => write!(
                f,
                "{} already exists: a new class never replaces a file",
                p.display()
            ),
        }
    }
}

impl std::error::Error for ClassFileError {}

/// The folder of class files: `$XDG_DATA_HOME/tianyuan/classes`, else
/// `~/.local/share/tianyuan/classes`. `get` reads one environment variable.
pub fn classes_folder(get: impl Fn(&str) -> Option<String>) -> Option<PathBuf> {
    let data = get("XDG_DATA_HOME")
        .filter(|d| !d.is_empty() && Path::new(d).is_absolute())
        .map(PathBuf::from)
        .or_else(|| {
            get("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("share"))
        })?;
    Some(data.join("tianyuan").join("classes"))
}

/// `FILE.bak`: the previous good copy.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
    name.push(".bak");
    path.with_file_name(name)
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, ClassFileError> {
    read_bounded(path, format::MAX_BYTES).map_err(|e| match e {
        ReadError::Io(e) => ClassFileError::Io(path.to_path_buf(), e),
        other => ClassFileError::Refused(path.to_path_buf(), other.to_string()),
    })
}

/// Reads a class file.
pub fn load(path: &Path) -> Result<Class, ClassFileError> {
    let bytes = read_bytes(path)?;
    format::from_bytes(&bytes).map_err(|error| {
        let bak = backup_path(path);
        let backup = read_bounded(&bak, format::MAX_BYTES)
            .ok()
            .filter(|b| format::from_bytes(b).is_ok())
            .map(|_| bak);
        ClassFileError::Damaged {
            path: path.to_path_buf(),
            error,
            backup,
        }
    })
}

/// Writes a new class file; refuses to replace anything.
pub fn create(path: &Path, class: &Class) -> Result<(), ClassFileError> {
    write_new(path, &format::to_bytes(class)).map_err(|e| {
        if e.kind() == io::ErrorKind::AlreadyExists {
            ClassFileError::Exists(path.to_path_buf())
        } else {
            ClassFileError::Io(path.to_path_buf(), e)
        }
    })
}

/// Saves a class over its file: the file as it was goes to `FILE.bak` (when it reads as a
/// class), then the new bytes replace the file atomically. A file that does not read as a
/// class is never replaced (the error is [`ClassFileError::Damaged`]).
pub fn save(path: &Path, class: &Class) -> Result<(), ClassFileError> {
    match read_bounded(path, format::MAX_BYTES) {
        Ok(old) => {
            if let Err(error) = format::from_bytes(&old) {
                return Err(ClassFileError::Damaged {
                    path: path.to_path_buf(),
                    error,
                    backup: None,
                });
            }
            write_atomically(&backup_path(path), &old)
                .map_err(|e| ClassFileError::Io(backup_path(path), e))?;
        }
        Err(ReadError::Io(e)) if e.kind() == io::ErrorKind::NotFound => {}
        Err(ReadError::Io(e)) => return Err(ClassFileError::Io(path.to_path_buf(), e)),
        Err(other) => {
            return Err(ClassFileError::Refused(path.to_path_buf(), other.to_string()));
        }
    }
    write_atomically(path, &format::to_bytes(class))
        .map_err(|e| ClassFileError::Io(path.to_path_buf(), e))
}

/// Exports a class to one file to carry to another PC (the class file's own format, PIN
/// verifier included); never replaces a file.
pub fn export(class: &Class, to: &Path) -> Result<(), ClassFileError> {
    create(to, class)
}

/// Reads an export (any class file) to import it.
pub fn import(from: &Path) -> Result<Class, ClassFileError> {
    load(from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::model::Time;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tianyuan-classfile-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch");
        dir
    }

    fn t() -> Time {
        chrono::DateTime::parse_from_rfc3339("2025-03-01T10:00:00Z").expect("time")
    }

    #[test]
    fn the_folder_follows_xdg() {
        let env = |k: &str| match k {
            "XDG_DATA_HOME" => Some("/data".to_string()),
            "HOME" => Some("/home/li".to_string()),
            _ => None,
        };
        assert_eq!(classes_folder(env), Some(PathBuf::from("/data/tianyuan/classes")));
        let home = |k: &str| (k == "HOME").then(|| "/home/li".to_string());
        assert_eq!(
            classes_folder(home),
            Some(PathBuf::from("/home/li/.local/share/tianyuan/classes"))
        );
        assert_eq!(classes_folder(|_| None), None);
    }

    #[test]
    fn create_save_load_and_the_backup() {
        let dir = scratch("save");
        let path = dir.join("a.tyclass");
        let mut class = Class::new("A", "B", t());
        create(&path, &class).expect("create");
        assert!(matches!(create(&path, &class), Err(ClassFileError::Exists(_))));
        class.add_child("Mo", None, t()).expect("add");
        save(&path, &class).expect("save");
        assert_eq!(load(&path).expect("load"), class);
        // The previous good copy is the class before the child.
        assert!(load(&backup_path(&path)).expect("bak").children.is_empty());
        // Damage the file: the error names the backup, and save refuses to replace it.
        std::fs::write(&path, b"{\"format\":\"tianyuan-class\",").expect("write");
        match load(&path) {
            Err(ClassFileError::Damaged { backup: Some(b), .. }) => {
                assert_eq!(b, backup_path(&path));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(save(&path, &class), Err(ClassFileError::Damaged { .. })));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
