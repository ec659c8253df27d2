//! The class file's jobs for the effects runner (issue 20): listing the classes folder,
//! opening, creating and importing a class, and every change a child or the teacher makes,
//! each read, changed and saved under the class's lock by [`crate::files::class_file`] on a
//! runner thread. The host asks with [`ClassJob`] inside [`super::Effect::Class`]; the runner
//! answers with [`ClassAnswer`] inside [`super::Command::ClassDone`]. Plain values: a host test
//! reads them without a thread.

use std::path::PathBuf;
use std::sync::Arc;

use crate::class::{Avatar, Class, ClassError, GameEntry, Time};
use crate::files::class_file::ClassFileError;
use crate::files::journal_writer::Secret;
use crate::i18n::Lang;
use crate::seal::KdfParams;

/// One change to the class, made on the runner under the class's lock (the file is read,
/// changed and saved atomically: a script changing the class meanwhile loses nothing).
#[derive(Clone, Debug)]
pub enum ClassChange {
    /// A child joins (the next animal unless an avatar is given).
    AddChild {
        /// The nickname.
        nick: String,
        /// The avatar.
        avatar: Option<Avatar>,
        /// When.
        at: Time,
    },
    /// A child leaves, with everything kept for them.
    RemoveChild {
        /// The nickname.
        nick: String,
    },
    /// The teacher moves a child to a step of the path (along or back).
    MoveChild {
        /// The nickname.
        nick: String,
        /// The step, 1–7.
        to: u8,
        /// When.
        at: Time,
    },
    /// A problem tried: the ratings and the schedule move.
    Attempt {
        /// The child.
        nick: String,
        /// The problem's identifier.
        problem: String,
        /// The child's moves, as vertices.
        answer: Vec<String>,
        /// Solved.
        right: bool,
        /// Hints used.
        hints: u32,
        /// Seconds taken.
        seconds: Option<u32>,
        /// When.
        at: Time,
    },
    /// A game played: kept with its record; the ladder and the step move.
    Game {
        /// The child.
        nick: String,
        /// The game.
        game: Box<GameEntry>,
    },
    /// A new teacher's PIN (its verifier is derived on the runner).
    SetPin {
        /// The PIN.
        pin: Secret,
        /// The derivation's cost.
        kdf: KdfParams,
    },
    /// No PIN any more.
    RemovePin,
}

impl ClassChange {
    /// The child the change is about, if any.
    pub fn nick(&self) -> Option<&str> {
        match self {
            ClassChange::AddChild { nick, .. }
            | ClassChange::RemoveChild { nick }
            | ClassChange::MoveChild { nick, .. }
            | ClassChange::Attempt { nick, .. }
            | ClassChange::Game { nick, .. } => Some(nick),
            ClassChange::SetPin { .. } | ClassChange::RemovePin => None,
        }
    }
}

/// One job on the class files.
#[derive(Debug)]
pub enum ClassJob {
    /// List the class files of a folder (creating the folder when missing).
    List {
        /// The folder.
        folder: PathBuf,
    },
    /// Open a class file.
    Open {
        /// The file.
        path: PathBuf,
    },
    /// Make a new class in the folder (a new file, never over one).
    Create {
        /// The folder.
        folder: PathBuf,
        /// The class's name.
        name: String,
        /// The teacher's name.
        teacher: String,
        /// The teacher's PIN, if one is given.
        pin: Option<Secret>,
        /// The PIN's derivation cost.
        kdf: KdfParams,
        /// When.
        at: Time,
    },
    /// Import a class carried from another PC (the bytes of its file) as a new file of the
    /// folder.
    Import {
        /// The folder.
        folder: PathBuf,
        /// The file's bytes.
        bytes: Vec<u8>,
        /// Where they came from (for the message).
        from: PathBuf,
    },
    /// Change the class in `path`.
    Change {
        /// The class file.
        path: PathBuf,
        /// The change's number (its answer carries it back).
        seq: u64,
        /// The change.
        change: ClassChange,
    },
}

/// A class file in the folder.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassListing {
    /// The file.
    pub path: PathBuf,
    /// The class's name.
    pub name: String,
    /// The teacher's name.
    pub teacher: String,
    /// Children in it.
    pub children: usize,
}

/// Why a class job failed, kept typed until drawn.
#[derive(Clone, Debug)]
pub enum ClassTrouble {
    /// The file could not be read or written.
    File(Arc<ClassFileError>),
    /// The class refused the act.
    Class(ClassError),
    /// No random numbers for the PIN's salt (the system's words).
    NoRandom(String),
    /// The folder could not be read (path and the system's words).
    Folder(PathBuf, String),
}

impl From<ClassFileError> for ClassTrouble {
    fn from(e: ClassFileError) -> ClassTrouble {
        ClassTrouble::File(Arc::new(e))
    }
}

impl From<ClassError> for ClassTrouble {
    fn from(e: ClassError) -> ClassTrouble {
        ClassTrouble::Class(e)
    }
}

impl ClassTrouble {
    /// The trouble in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ClassTrouble::File(e) => e.text(lang),
            ClassTrouble::Class(e) => e.text(lang),
            ClassTrouble::NoRandom(why) => lang.pick(
                format!("无法取得随机数：{why}"),
                format!("無法取得亂數：{why}"),
                format!("No random numbers: {why}"),
            ),
            ClassTrouble::Folder(p, why) => lang.pick(
                format!("{}：无法读取班级文件夹（{why}）", p.display()),
                format!("{}：無法讀取班級資料夾（{why}）", p.display()),
                format!("{}: the classes folder cannot be read ({why})", p.display()),
            ),
        }
    }
}

/// What a change did besides changing the class.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ChangeReport {
    /// The step the child passed with it, if any.
    pub passed: Option<u8>,
    /// The child's rating before and after (an attempt).
    pub rating: Option<(f64, f64)>,
}

/// One answer about the class files.
#[derive(Debug)]
pub enum ClassAnswer {
    /// The classes of a folder.
    Listed {
        /// The folder.
        folder: PathBuf,
        /// Its classes, by name; or why it could not be read.
        result: Result<Vec<ClassListing>, ClassTrouble>,
    },
    /// A class opened, created or imported: now the open class.
    Opened {
        /// The file.
        path: PathBuf,
        /// The class, or why not.
        result: Result<Box<Class>, ClassTrouble>,
        /// How it came: opened, created or imported (from a file).
        how: OpenedHow,
    },
    /// A change was saved (or refused: then nothing was written).
    Changed {
        /// The class file.
        path: PathBuf,
        /// The change's number.
        seq: u64,
        /// The class as saved and what the change did, or why not.
        result: Result<(Box<Class>, ChangeReport), ClassTrouble>,
    },
}

/// How a class came to be open.
#[derive(Clone, Debug, PartialEq)]
pub enum OpenedHow {
    /// Opened from the folder (or at start).
    Opened,
    /// Made new.
    Created,
    /// Imported from this file.
    Imported(PathBuf),
}
