//! The class file on disk (issue 20): one file per class under
//! `$XDG_DATA_HOME/tianyuan/classes/` (the window's place; the command line takes any path).
//!
//! Every save replaces the file atomically ([`write_atomically`]: temporary file, `fsync`,
//! rename, `fsync` the folder), so a crash or a kill leaves the old file or the new one, never
//! half of one. Before each save the file as it was (when it reads as a class) is kept beside
//! it as `FILE.bak`, also written atomically: if the file is ever damaged by something else (a
//! copy cut short, a full USB stick), the previous good copy is there, and the error says so.
//! A damaged file is never overwritten: opening it fails, so nothing saves over it; and
//! `FILE.bak` is only ever replaced by a file that read and validated (issue 27 item 3). A
//! write killed before its rename leaves a temporary file of our own naming
//! (`.FILE.PID.N.tmp`): the next writer removes it, and so does the next reader when no
//! writer is at work ([`remove_stale_temporaries`]); nobody else's files are touched.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use super::atomic::{ReadError, is_temporary_of, read_bounded, write_atomically, write_new};
use crate::class::Class;
use crate::class::format::{self, FormatError};
use crate::i18n::Lang;

/// The usual extension of a class file.
pub const EXTENSION: &str = "tyclass";

/// Why a class file could not be read or written.
#[derive(Debug)]
pub enum ClassFileError {
    /// The system refused (missing file, permissions, a full disk …).
    Io(PathBuf, io::Error),
    /// Not a regular file, or far too large.
    Refused(PathBuf, Refusal),
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

/// Why a path is not read as a class file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A folder, a device, a pipe …
    NotAFile,
    /// Larger than [`format::MAX_BYTES`] (its size in bytes).
    TooLarge(u64),
}

impl ClassFileError {
    /// The error in `lang` (the system's own words for an I/O error stay as the system says
    /// them).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ClassFileError::Io(p, e) => match lang {
                Lang::ZhHans => format!("{}：无法读写（{e}）", p.display()),
                Lang::ZhHant => format!("{}：無法讀寫（{e}）", p.display()),
                Lang::En => format!("{}: {e}", p.display()),
            },
            ClassFileError::Refused(p, Refusal::NotAFile) => match lang {
                Lang::ZhHans => format!("{}：不是普通文件", p.display()),
                Lang::ZhHant => format!("{}：不是普通檔案", p.display()),
                Lang::En => format!("{}: not a regular file", p.display()),
            },
            ClassFileError::Refused(p, Refusal::TooLarge(n)) => {
                let max = format::MAX_BYTES;
                match lang {
                    Lang::ZhHans => format!(
                        "{}：文件有{n}字节，超过班级文件的上限{max}字节",
                        p.display()
                    ),
                    Lang::ZhHant => format!(
                        "{}：檔案有{n}位元組，超過班級檔案的上限{max}位元組",
                        p.display()
                    ),
                    Lang::En => format!(
                        "{}: the file is {n} bytes, more than the {max} bytes a class file can be",
                        p.display()
                    ),
                }
            }
            ClassFileError::Damaged {
                path,
                error,
                backup,
            } => {
                let hint = if *error == FormatError::Checksum {
                    let p = path.display();
                    match lang {
                        Lang::ZhHans => format!(
                            "。如果是你有意用手改过这个文件：tianyuan class accept-edits {p} 会检查你的改动并接受它们"
                        ),
                        Lang::ZhHant => format!(
                            "。如果是你有意用手改過這個檔案：tianyuan class accept-edits {p} 會檢查你的改動並接受它們"
                        ),
                        Lang::En => format!(
                            ". If you edited the file by hand on purpose, `tianyuan class accept-edits {p}` checks your edits and takes them"
                        ),
                    }
                } else {
                    String::new()
                };
                let error = format!("{}{hint}", error.text(lang));
                match (lang, backup) {
                    (Lang::ZhHans, Some(b)) => format!(
                        "{}：{error}；上一次完好的副本是 {}（什么都没有改）",
                        path.display(),
                        b.display()
                    ),
                    (Lang::ZhHant, Some(b)) => format!(
                        "{}：{error}；上一次完好的副本是 {}（什麼都沒有改）",
                        path.display(),
                        b.display()
                    ),
                    (Lang::En, Some(b)) => format!(
                        "{}: {error}; the previous good copy is {} (nothing was changed)",
                        path.display(),
                        b.display()
                    ),
                    (Lang::ZhHans, None) => format!("{}：{error}（什么都没有改）", path.display()),
                    (Lang::ZhHant, None) => format!("{}：{error}（什麼都沒有改）", path.display()),
                    (Lang::En, None) => {
                        format!("{}: {error} (nothing was changed)", path.display())
                    }
                }
            }
            ClassFileError::Exists(p) => match lang {
                Lang::ZhHans => format!("{} 已经存在：新班级从不覆盖文件", p.display()),
                Lang::ZhHant => format!("{} 已經存在：新班級從不覆蓋檔案", p.display()),
                Lang::En => format!(
                    "{} already exists: a new class never replaces a file",
                    p.display()
                ),
            },
        }
    }
}

impl fmt::Display for ClassFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
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
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".bak");
    path.with_file_name(name)
}

fn read_error(path: &Path, e: ReadError) -> ClassFileError {
    match e {
        ReadError::Io(e) => ClassFileError::Io(path.to_path_buf(), e),
        ReadError::NotAFile => ClassFileError::Refused(path.to_path_buf(), Refusal::NotAFile),
        ReadError::TooLarge(n, _) => {
            ClassFileError::Refused(path.to_path_buf(), Refusal::TooLarge(n))
        }
    }
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, ClassFileError> {
    read_bounded(path, format::MAX_BYTES).map_err(|e| read_error(path, e))
}

/// Removes the temporary files a killed write of the class file or of `FILE.bak` left
/// beside it (`.FILE.PID.N.tmp`, [`is_temporary_of`]). Call it only holding the class's
/// lock, when no other writer can be between its write and its rename.
pub fn remove_stale_temporaries(path: &Path) {
    let folder = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    let bak = backup_path(path);
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if (is_temporary_of(path, &name) || is_temporary_of(&bak, &name))
            && entry.file_type().is_ok_and(|t| t.is_file())
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Takes the class's writer lock (`FILE.lock`), waiting for another writer to finish.
fn lock_class(path: &Path) -> Result<std::fs::File, ClassFileError> {
    let lock_file = lock_path(path);
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_file)
        .map_err(|e| ClassFileError::Io(lock_file.clone(), e))?;
    lock.lock()
        .map_err(|e| ClassFileError::Io(lock_file.clone(), e))?;
    Ok(lock)
}

/// Removes stale temporaries when no writer is at work (the lock is free at once); a read
/// never waits for a writer and never fails for this.
fn tidy_when_idle(path: &Path) {
    let Ok(lock) = std::fs::OpenOptions::new()
        .write(true)
        .open(lock_path(path))
    else {
        return;
    };
    if lock.try_lock().is_ok() {
        remove_stale_temporaries(path);
    }
}

/// Reads a class file (and, when no writer is at work, removes what a killed write left).
pub fn load(path: &Path) -> Result<Class, ClassFileError> {
    let bytes = read_bytes(path)?;
    tidy_when_idle(path);
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
        Err(other) => return Err(read_error(path, other)),
    }
    write_atomically(path, &format::to_bytes(class))
        .map_err(|e| ClassFileError::Io(path.to_path_buf(), e))
}

/// `FILE.lock`: the file whose OS advisory lock one writer of the class holds while it reads,
/// changes and saves the class ([`update`]).
pub fn lock_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".lock");
    path.with_file_name(name)
}

/// Reads the class, lets `change` change it and saves it, holding the class's lock
/// (`FILE.lock`, an OS advisory lock released when the process ends, however it ends) from the
/// read to the save, so two writers at once (the window and a script, two scripts) never lose
/// each other's changes: the second waits for the first. When `change` refuses, nothing is
/// written.
pub fn update<T, E>(path: &Path, change: impl FnOnce(&mut Class) -> Result<T, E>) -> Result<T, E>
where
    E: From<ClassFileError>,
{
    let lock = lock_class(path)?;
    remove_stale_temporaries(path);
    let mut class = load(path)?;
    let out = change(&mut class)?;
    save(path, &class)?;
    drop(lock);
    Ok(out)
}

/// Takes the edits a teacher made by hand to a class file (`tianyuan class accept-edits`):
/// the file is read as strictly as ever (every member named, every value checked), only its
/// checksum need not match; `allow` decides (the teacher's PIN), then the file is written
/// again with its checksum, holding the class's lock. `FILE.bak` is left as it was: the
/// edited file did not validate as it stood, so it never becomes the previous good copy.
pub fn accept_edits<E>(path: &Path, allow: impl FnOnce(&Class) -> Result<(), E>) -> Result<Class, E>
where
    E: From<ClassFileError>,
{
    let lock = lock_class(path)?;
    remove_stale_temporaries(path);
    let bytes = read_bytes(path)?;
    let class =
        format::from_bytes_accepting_edits(&bytes).map_err(|error| ClassFileError::Damaged {
            path: path.to_path_buf(),
            error,
            backup: None,
        })?;
    allow(&class)?;
    write_atomically(path, &format::to_bytes(&class))
        .map_err(|e| ClassFileError::Io(path.to_path_buf(), e))?;
    drop(lock);
    Ok(class)
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
        let dir =
            std::env::temp_dir().join(format!("tianyuan-classfile-{}-{name}", std::process::id()));
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
        assert_eq!(
            classes_folder(env),
            Some(PathBuf::from("/data/tianyuan/classes"))
        );
        let home = |k: &str| (k == "HOME").then(|| "/home/li".to_string());
        assert_eq!(
            classes_folder(home),
            Some(PathBuf::from("/home/li/.local/share/tianyuan/classes"))
        );
        assert_eq!(classes_folder(|_| None), None);
    }

    /// A caller's error: the file's or the class's.
    #[derive(Debug)]
    enum Either {
        File(ClassFileError),
        Class(crate::class::ClassError),
    }

    impl From<ClassFileError> for Either {
        fn from(e: ClassFileError) -> Either {
            Either::File(e)
        }
    }

    impl From<crate::class::ClassError> for Either {
        fn from(e: crate::class::ClassError) -> Either {
            Either::Class(e)
        }
    }

    #[test]
    fn writers_at_once_through_update_lose_nothing() {
        let dir = scratch("update");
        let path = dir.join("a.tyclass");
        create(&path, &Class::new("A", "B", t())).expect("create");
        let threads: Vec<_> = (0..4)
            .map(|k| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for n in 0..5 {
                        update(&path, |class| {
                            class.add_child(&format!("kid{k}-{n}"), None, t())?;
                            Ok::<(), Either>(())
                        })
                        .expect("update");
                    }
                })
            })
            .collect();
        for th in threads {
            th.join().expect("thread");
        }
        assert_eq!(load(&path).expect("load").children.len(), 20);
        // A refusal inside the change writes nothing.
        let before = std::fs::read(&path).expect("bytes");
        let r: Result<(), Either> = update(&path, |class| {
            class.add_child("kid0-0", None, t())?;
            Ok(())
        });
        assert!(
            matches!(
                r,
                Err(Either::Class(crate::class::ClassError::DuplicateChild(_)))
            ),
            "{r:?}"
        );
        assert_eq!(std::fs::read(&path).expect("bytes"), before);
        let missing: Result<(), Either> = update(&dir.join("none.tyclass"), |_| Ok(()));
        assert!(matches!(missing, Err(Either::File(ClassFileError::Io(..)))));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn errors_are_said_in_three_languages() {
        let e = ClassFileError::Damaged {
            path: PathBuf::from("a.tyclass"),
            error: FormatError::NotAClass,
            backup: Some(PathBuf::from("a.tyclass.bak")),
        };
        let texts: Vec<String> = Lang::ALL.iter().map(|&l| e.text(l)).collect();
        assert!(texts[0].contains("不是天元的班级文件") && texts[0].contains(".bak"));
        assert!(texts[1].contains("不是天元的班級檔案"));
        assert!(texts[2].contains("not a Tianyuan class file"));
        assert_eq!(e.to_string(), texts[2]);
    }

    #[test]
    fn create_save_load_and_the_backup() {
        let dir = scratch("save");
        let path = dir.join("a.tyclass");
        let mut class = Class::new("A", "B", t());
        create(&path, &class).expect("create");
        assert!(matches!(
            create(&path, &class),
            Err(ClassFileError::Exists(_))
        ));
        class.add_child("Mo", None, t()).expect("add");
        save(&path, &class).expect("save");
        assert_eq!(load(&path).expect("load"), class);
        // The previous good copy is the class before the child.
        assert!(load(&backup_path(&path)).expect("bak").children.is_empty());
        // Damage the file: the error names the backup, and save refuses to replace it.
        std::fs::write(&path, b"{\"format\":\"tianyuan-class\",").expect("write");
        match load(&path) {
            Err(ClassFileError::Damaged {
                backup: Some(b), ..
            }) => {
                assert_eq!(b, backup_path(&path));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            save(&path, &class),
            Err(ClassFileError::Damaged { .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
