//! The class file's jobs for the effects runner (issue 20): listing the classes folder,
//! opening, creating and importing a class, and every change a child or the teacher makes,
//! each read, changed and saved under the class's lock by [`crate::files::class_file`] on a
//! runner thread. The class window asks with [`ClassJob`] inside [`super::Work::Class`]; the
//! runner answers with [`ClassAnswer`] inside [`super::WorkDone::Class`]. Plain values: a host test
//! reads them without a thread.

use std::path::PathBuf;
use std::sync::Arc;

use crate::class::homework::{Draft, DraftLook};
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
    /// Homework drafts read from a child's games are kept, unapproved (the same position
    /// kept before is not kept twice), as `tianyuan class homework` keeps them.
    KeepDrafts {
        /// The child whose games they come from.
        nick: String,
        /// The drafts.
        drafts: Vec<Draft>,
        /// When.
        at: Time,
    },
    /// The teacher approves a proved draft and assigns it to a child, or to the whole class
    /// (`nick` None), as `tianyuan class assign` does.
    Assign {
        /// The problem's identifier.
        id: String,
        /// The child (`None`: the whole class).
        nick: Option<String>,
        /// The problem as the teacher edited it in the problem editor (one game tree of
        /// SGF): it replaces the draft if the checker proves it (`None`: the draft as kept).
        edited: Option<String>,
    },
    /// The teacher discards a draft.
    DiscardDraft {
        /// The draft's identifier.
        id: String,
    },
}

impl ClassChange {
    /// The child the change is about, if any.
    pub fn nick(&self) -> Option<&str> {
        match self {
            ClassChange::AddChild { nick, .. }
            | ClassChange::RemoveChild { nick }
            | ClassChange::MoveChild { nick, .. }
            | ClassChange::Attempt { nick, .. }
            | ClassChange::Game { nick, .. }
            | ClassChange::KeepDrafts { nick, .. } => Some(nick),
            ClassChange::Assign { nick, .. } => nick.as_deref(),
            ClassChange::SetPin { .. }
            | ClassChange::RemovePin
            | ClassChange::DiscardDraft { .. } => None,
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
    /// Read a child's games for homework (no lock, nothing written: the drafts found are
    /// kept by a [`ClassChange::KeepDrafts`] afterwards) and look at their drafts.
    Homework {
        /// The class file (the answer names it).
        path: PathBuf,
        /// The child.
        nick: String,
        /// The games to read: their SGF and the child's colour.
        games: Vec<(String, crate::rules::Color)>,
        /// The child's drafts already kept (their SGF), to look at.
        drafts: Vec<String>,
        /// Every class problem's SGF (a draft found again, even discarded, is not new).
        known: Vec<String>,
        /// When asked (the drafts' time).
        at: Time,
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
    /// A child's games were read for homework.
    Homework {
        /// The class file.
        path: PathBuf,
        /// The child.
        nick: String,
        /// What was found.
        found: HomeworkFound,
        /// When asked.
        at: Time,
    },
}

/// A document printed from a class (issue 20 item 5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassDoc {
    /// A problem sheet for a step of the path.
    StepSheet {
        /// The step, 1–7.
        step: u8,
        /// Problems a page: 6 or 12.
        per_page: usize,
    },
    /// A sheet of a child's missed problems.
    MissedSheet {
        /// The child.
        nick: String,
        /// Problems a page: 6 or 12.
        per_page: usize,
    },
    /// A child's monthly report for the parents.
    Report {
        /// The child.
        nick: String,
        /// The month (year, month).
        month: (i32, u32),
    },
}

impl ClassDoc {
    /// The document's HTML from `class`: the same as the command line writes.
    pub fn build(&self, class: &Class, lang: Lang) -> Result<String, ClassError> {
        let library = crate::class::Library::for_class(class);
        match self {
            ClassDoc::StepSheet { step, per_page } => {
                crate::class::sheets::step_sheet(class, &library, *step, None, *per_page, lang)
            }
            ClassDoc::MissedSheet { nick, per_page } => {
                crate::class::sheets::missed_sheet(class, &library, nick, None, *per_page, lang)
            }
            ClassDoc::Report { nick, month } => {
                crate::class::report::monthly_html(class, nick, *month, lang, &library)
            }
        }
    }

    /// The file name suggested for it.
    pub fn file_name(&self) -> String {
        let safe = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_alphanumeric() || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        match self {
            ClassDoc::StepSheet { step, .. } => format!("sheet-step-{step}.html"),
            ClassDoc::MissedSheet { nick, .. } => format!("sheet-{}.html", safe(nick)),
            ClassDoc::Report { nick, month } => {
                format!("report-{}-{:04}-{:02}.html", safe(nick), month.0, month.1)
            }
        }
    }
}

/// What reading a child's games for homework found.
#[derive(Clone, Debug, Default)]
pub struct HomeworkFound {
    /// The new drafts (not kept yet).
    pub drafts: Vec<Draft>,
    /// The look of every draft, new or kept before (by SGF).
    pub looks: Vec<DraftLook>,
    /// The games read (their SGF).
    pub read: Vec<String>,
    /// Games that could not be replayed.
    pub unreadable: usize,
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
