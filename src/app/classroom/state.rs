//! The class in teaching mode, with no egui (issue 20 items 1–3 and 6): which class is open,
//! which child is at the board, which screen they see (their tiles, their map, the board,
//! a problem), the teacher's class window behind the class's PIN, and the changes on their
//! way to the class file. [`ClassRoom::apply`] changes it and returns [`ClassOut`]: jobs for
//! the runner (the class file, file dialogs, the PIN check), sounds, and commands for the
//! teaching board (a child's game). The class shown is always the class as saved: it is
//! replaced only by the runner's answer after the file is written.

use std::collections::{HashMap, HashSet, VecDeque};

use chrono::Offset;
use std::path::PathBuf;
use std::sync::Arc;

use super::problem::{ChildProblem, FirstTry};
use crate::app::pin_gate::PinGate;
pub use crate::app::problems::state::{DraftOrigin, DraftToEdit};
use crate::app::problems::state::{FromClass, ToClass};
use crate::app::protocol::FileJob;
use crate::app::protocol::Work;
use crate::app::protocol::class_job::{
    ClassAnswer, ClassChange, ClassDoc, ClassJob, ClassListing, ClassTrouble, OpenedHow,
};
use crate::app::protocol::{Answer as WindowAnswer, WindowCmd, WindowId, WorkDone};
use crate::app::subwindow::{Cx, Out, SubWindow};
use crate::app::teach::state::{ChildGame, FinishedGame, TeachCommand};
use crate::audio::Sound;
use crate::class::homework::DraftLook;
use crate::class::{Avatar, Class, GameEntry, GameKind, Library, Time, path};
use crate::clock::Timestamp;
use crate::files::jobs::FileEvent;
use crate::files::journal_writer::Secret;
use crate::i18n::Lang;
use crate::rules::Coord;
use crate::seal::KdfParams;

/// What the child sees while a class is open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Screen {
    /// The big tiles: each child picks themself.
    #[default]
    Tiles,
    /// The child's map of the path.
    Map,
    /// The teaching board (the child's game).
    Board,
    /// A problem.
    Problem,
}

/// Everything the class screens ask for.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum ClassCommand {
    /// Open the teacher's class window (the class's PIN first, when it has one).
    OpenPanel,
    /// Close it (locks again).
    ClosePanel,
    /// The PIN typed in the prompt.
    SubmitPin(String),
    /// The prompt was closed.
    CancelPin,
    /// List the classes folder again.
    Refresh,
    /// Open a class file of the folder.
    OpenClass(PathBuf),
    /// Make a new class.
    NewClass {
        /// Its name.
        name: String,
        /// The teacher's name.
        teacher: String,
        /// The teacher's PIN (empty: none).
        pin: String,
    },
    /// Import a class file (a dialog, or a path where none can be shown).
    Import,
    /// Export the open class to a file.
    Export,
    /// Close the open class.
    CloseClass,
    /// Add a child.
    AddChild {
        /// The nickname.
        nick: String,
        /// The avatar (`None`: the next animal).
        avatar: Option<Avatar>,
    },
    /// Ask to delete a child (a question follows).
    AskRemove(String),
    /// The answer to "delete?".
    ConfirmRemove(bool),
    /// The teacher moves a child to a step (the PIN first outside the class window).
    MoveChild {
        /// The nickname.
        nick: String,
        /// The step.
        to: u8,
    },
    /// Set the class's PIN.
    SetPin(String),
    /// Remove the class's PIN.
    RemovePin,
    /// A child picks themself on the tiles.
    Pick(String),
    /// Back to the tiles: the next child's turn.
    NextChild,
    /// The child's map.
    ShowMap,
    /// Play the step's game.
    Play,
    /// Problems.
    Problems,
    /// A tap on the problem's board.
    ProblemClick(Coord),
    /// A hint.
    Hint,
    /// Try the problem again.
    TryAgain,
    /// The next problem.
    NextProblem,
    /// The teacher opens a child's homework: their kept games are read on the runner (those
    /// not read yet) and their drafts looked at.
    Homework(String),
    /// Back from the homework to the class.
    CloseHomework,
    /// Approve a proved draft and assign it to a child, or the whole class (`nick` None).
    AssignDraft {
        /// The draft's identifier.
        id: String,
        /// The child (`None`: the whole class).
        nick: Option<String>,
    },
    /// Discard a draft.
    DiscardDraft(String),
    /// Open a draft in the problems window's editor (the teacher mends it there and assigns
    /// it from there).
    EditDraft(String),
    /// Print a sheet or a report (a file job: the dialog, or a typed path).
    Print(ClassDoc),
}

/// The teacher's view of one child's homework.
#[derive(Clone, Debug, PartialEq)]
pub struct HomeworkDesk {
    /// The child.
    pub nick: String,
    /// Their games are being read on the runner.
    pub reading: bool,
}

/// What a file job of the class was for (its answer is said accordingly).
#[derive(Clone, Debug, PartialEq)]
enum FileFor {
    Import,
    Export,
    Document(ClassDoc),
}

/// A guarded act waiting for the class's PIN.
#[derive(Clone, Debug, PartialEq)]
pub enum Guarded {
    /// Open the class window.
    Panel,
    /// Move a child along or back.
    Move {
        /// The nickname.
        nick: String,
        /// The step.
        to: u8,
    },
}

/// A message of the class screens, typed until drawn.
#[derive(Clone, Debug)]
pub enum ClassNotice {
    /// Something failed.
    Trouble(ClassTrouble),
    /// A change could not be saved (it waits: "Save" in the unsaved question tries again).
    NotSaved(ClassTrouble),
    /// The class was made in this file.
    Created(PathBuf),
    /// The class was imported into this file.
    Imported(PathBuf),
    /// The class was exported to this file.
    Exported(PathBuf),
    /// A file operation failed (the path and the system's words).
    FileFailed(PathBuf, String),
    /// A file is in the way of an export.
    FileExists(PathBuf),
    /// A child passed a step.
    Passed {
        /// The child.
        nick: String,
        /// The step passed.
        step: u8,
    },
    /// No folder for the classes.
    NoFolder,
    /// A child's games were read for homework.
    HomeworkRead {
        /// The child.
        nick: String,
        /// Games read.
        games: usize,
        /// New drafts found.
        new: usize,
        /// Games that could not be replayed.
        unreadable: usize,
    },
    /// A draft was approved and assigned.
    Assigned {
        /// The problem.
        id: String,
        /// To whom (`None`: the whole class).
        nick: Option<String>,
    },
    /// A draft was discarded.
    Discarded(String),
    /// A sheet or a report was written to this file.
    Written(PathBuf, ClassDoc),
}

impl ClassNotice {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            ClassNotice::Trouble(t) => t.text(lang),
            ClassNotice::NotSaved(t) => format!(
                "{}: {}",
                lang.pick("未保存", "未儲存", "NOT SAVED"),
                t.text(lang)
            ),
            ClassNotice::Created(p) => lang.pick(
                format!("班级已建立：{}", p.display()),
                format!("班級已建立：{}", p.display()),
                format!("Class made: {}", p.display()),
            ),
            ClassNotice::Imported(p) => lang.pick(
                format!("班级已导入：{}", p.display()),
                format!("班級已匯入：{}", p.display()),
                format!("Class imported: {}", p.display()),
            ),
            ClassNotice::Exported(p) => lang.pick(
                format!("班级已导出：{}", p.display()),
                format!("班級已匯出：{}", p.display()),
                format!("Class exported: {}", p.display()),
            ),
            ClassNotice::FileFailed(p, why) => lang.pick(
                format!("{}：{why}", p.display()),
                format!("{}：{why}", p.display()),
                format!("{}: {why}", p.display()),
            ),
            ClassNotice::FileExists(p) => lang.pick(
                format!("{} 已经存在，没有覆盖。", p.display()),
                format!("{} 已經存在，沒有覆蓋。", p.display()),
                format!("{} is already there: nothing was written.", p.display()),
            ),
            ClassNotice::Passed { nick, step } => {
                let next = path::step(step.saturating_add(1))
                    .map(|s| s.name(lang))
                    .unwrap_or_default();
                lang.pick(
                    format!("{nick} 通过了第{step}步！下一步：{next}"),
                    format!("{nick} 通過了第{step}步！下一步：{next}"),
                    format!("{nick} passed step {step}! Next: {next}"),
                )
            }
            ClassNotice::NoFolder => super::text::ClassText::NoFolder.text(lang).to_string(),
            ClassNotice::HomeworkRead {
                nick,
                games,
                new,
                unreadable,
            } => {
                let mut t = if *games == 0 {
                    lang.pick(
                        format!("{nick} 没有新的对局要看。"),
                        format!("{nick} 沒有新的對局要看。"),
                        format!("No new games of {nick} to read."),
                    )
                } else {
                    lang.pick(
                        format!("看了 {nick} 的 {games} 盘棋：{new} 道新的作业草稿。"),
                        format!("看了 {nick} 的 {games} 盤棋：{new} 道新的作業草稿。"),
                        format!("Read {games} games of {nick}: {new} new drafts."),
                    )
                };
                if *unreadable > 0 {
                    t.push_str(&lang.pick(
                        format!("（{unreadable} 盘棋谱无法复盘）"),
                        format!("（{unreadable} 盤棋譜無法復盤）"),
                        format!(" ({unreadable} records could not be replayed.)"),
                    ));
                }
                t
            }
            ClassNotice::Assigned { id, nick: Some(n) } => lang.pick(
                format!("{id} 已布置给 {n}。"),
                format!("{id} 已佈置給 {n}。"),
                format!("{id} is assigned to {n}."),
            ),
            ClassNotice::Assigned { id, nick: None } => lang.pick(
                format!("{id} 已布置给全班。"),
                format!("{id} 已佈置給全班。"),
                format!("{id} is assigned to the whole class."),
            ),
            ClassNotice::Discarded(id) => lang.pick(
                format!("草稿 {id} 已删除。"),
                format!("草稿 {id} 已刪除。"),
                format!("Draft {id} discarded."),
            ),
            ClassNotice::Written(p, doc) => {
                let what = match doc {
                    ClassDoc::StepSheet { step, .. } => lang.pick(
                        format!("阶段{step}的题单"),
                        format!("階段{step}的題單"),
                        format!("The problem sheet for step {step}"),
                    ),
                    ClassDoc::MissedSheet { nick, .. } => lang.pick(
                        format!("{nick} 的复习题单"),
                        format!("{nick} 的複習題單"),
                        format!("The sheet of {nick}'s missed problems"),
                    ),
                    ClassDoc::Report { nick, month } => lang.pick(
                        format!("{nick} 的{}年{}月报告", month.0, month.1),
                        format!("{nick} 的{}年{}月報告", month.0, month.1),
                        format!("{nick}'s report for {:04}-{:02}", month.0, month.1),
                    ),
                };
                lang.pick(
                    format!("{what}已保存：{}", p.display()),
                    format!("{what}已儲存：{}", p.display()),
                    format!("{what} is written: {}", p.display()),
                )
            }
        }
    }

    /// Whether it reports a failure.
    pub fn is_trouble(&self) -> bool {
        matches!(
            self,
            ClassNotice::Trouble(_)
                | ClassNotice::NotSaved(_)
                | ClassNotice::FileFailed(..)
                | ClassNotice::FileExists(_)
                | ClassNotice::NoFolder
        )
    }
}

/// What the host does after a class command or answer.
#[derive(Debug, Default)]
pub struct ClassOut {
    /// Jobs on the class files.
    pub jobs: Vec<ClassJob>,
    /// File jobs (export, import) for the runner, owned by the class.
    pub files: Vec<FileJob>,
    /// Workers' jobs (the PIN check).
    pub work: Vec<Work>,
    /// Sounds.
    pub sounds: Vec<Sound>,
    /// Commands for the teaching board.
    pub teach: Vec<TeachCommand>,
    /// The class file to open at the next start changed (`Some(None)`: none).
    pub remember: Option<Option<PathBuf>>,
    /// A draft to open in the problems window's editor.
    pub edit_draft: Option<DraftToEdit>,
    /// What became of drafts edited in the problem editor and sent to be assigned.
    pub edited: Vec<EditedAnswer>,
}

/// What became of an edited draft sent to be assigned.
#[derive(Clone, Debug)]
pub struct EditedAnswer {
    /// The draft.
    pub origin: DraftOrigin,
    /// The SGF sent.
    pub sgf: String,
    /// Assigned (to this child, or `None`: the whole class), or why not.
    pub result: Result<Option<String>, ClassTrouble>,
}

impl EditedAnswer {
    /// The answer for draft `id` of `class_file` assigned to `nick` (`None`: the class).
    fn of(
        class_file: &std::path::Path,
        id: &str,
        nick: &Option<String>,
        sgf: &str,
        result: Result<Option<String>, ClassTrouble>,
    ) -> EditedAnswer {
        EditedAnswer {
            origin: DraftOrigin {
                class_file: class_file.to_path_buf(),
                id: id.to_owned(),
                child: nick.clone().unwrap_or_default(),
            },
            sgf: sgf.to_owned(),
            result,
        }
    }
}

/// Why an edited draft was not sent to the class file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditRefused {
    /// The class it came from is not the open class any more.
    ClassNotOpen,
    /// The class has a PIN and its window is closed: it is opened (with the PIN) first.
    Locked,
}

impl EditRefused {
    /// The refusal in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            EditRefused::ClassNotOpen => lang
                .pick(
                    "这道草稿所属的班级没有打开：没有布置",
                    "這道草稿所屬的班級沒有開啟：沒有佈置",
                    "The class this draft came from is not open: nothing was assigned",
                )
                .to_string(),
            EditRefused::Locked => lang
                .pick(
                    "先打开班级窗口（输入老师密码），再布置",
                    "先開啟班級視窗（輸入老師密碼），再佈置",
                    "Open the class window (the teacher's PIN) first, then assign",
                )
                .to_string(),
        }
    }
}

/// A change on its way to a class file (the file it was made for: another class opened
/// meanwhile does not take it).
#[derive(Clone, Debug)]
struct Pending {
    seq: u64,
    path: PathBuf,
    change: ClassChange,
}

/// The wall clock's reading at one instant of the app's clock: the class's times (due
/// problems, games, attempts) are this plus the app's time since, so a test's injected clock
/// moves them too.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WallAnchor {
    /// The app's instant.
    pub at: Timestamp,
    /// The wall clock then.
    pub wall: Time,
}

/// The class in teaching mode.
#[derive(Debug, Default)]
pub struct ClassRoom {
    /// Where class files live (`$XDG_DATA_HOME/tianyuan/classes`); `None`: nowhere.
    pub folder: Option<PathBuf>,
    /// The classes of the folder, once listed.
    pub listing: Option<Result<Vec<ClassListing>, ClassTrouble>>,
    /// The open class's file.
    pub path: Option<PathBuf>,
    /// The open class, as saved.
    pub class: Option<Class>,
    library: Option<Arc<Library>>,
    /// The child at the board.
    pub child: Option<String>,
    /// What the child sees.
    pub screen: Screen,
    /// The teacher's class window is open (unlocked).
    pub panel_open: bool,
    /// The open class window stands aside (not drawn, still unlocked) while the teacher
    /// mends a draft in the problems window's editor; it comes back when the draft is
    /// assigned, the teacher goes back to it, or the problems window closes. Whatever closes
    /// the class window (a child picking themself …) locks it as before.
    pub aside: bool,
    /// The class's PIN prompt (the window's one [`PinGate`]): what waits for it, the check
    /// running on the runner.
    pub gate: PinGate<Guarded>,
    /// The child to delete, asked about.
    pub confirm_remove: Option<String>,
    /// The problem on the board.
    pub problem: Option<Box<ChildProblem>>,
    /// The last message.
    pub notice: Option<ClassNotice>,
    queue: VecDeque<Pending>,
    in_flight: Option<Pending>,
    failed: Vec<Pending>,
    next_seq: u64,
    /// An open, create or import is running.
    pub opening: bool,
    /// The class file of the settings, opened once when teaching mode first shows.
    started: bool,
    /// The wall clock's anchor (`None`: the app's clock is read as milliseconds since 1970).
    pub wall: Option<WallAnchor>,
    /// The teacher's view of a child's homework, in the class window.
    pub homework: Option<HomeworkDesk>,
    /// The drafts looked at on the runner, by their SGF.
    looks: HashMap<String, DraftLook>,
    /// The games already read for homework (their SGF) since the class was opened.
    read_games: HashSet<String>,
    /// What each file job on its way is for, in order.
    files_for: VecDeque<FileFor>,
    /// The reader's language (the host sets it): the sheets and reports are printed in it.
    pub lang: Lang,
}

impl ClassRoom {
    /// The class's time at the app's instant `now`.
    pub fn time(&self, now: Timestamp) -> Time {
        let utc = chrono::Utc.fix();
        match self.wall {
            Some(a) => {
                let ms = i64::try_from(now.0).unwrap_or(i64::MAX)
                    - i64::try_from(a.at.0).unwrap_or(i64::MAX);
                a.wall + chrono::Duration::milliseconds(ms)
            }
            None => chrono::DateTime::from_timestamp_millis(i64::try_from(now.0).unwrap_or(0))
                .unwrap_or_default()
                .with_timezone(&utc),
        }
    }

    /// The problems the class can use (shipped and approved homework).
    pub fn library(&self) -> Option<&Library> {
        self.library.as_deref()
    }

    /// How a draft (by its SGF) looks, once looked at on the runner.
    pub fn draft_look(&self, sgf: &str) -> Option<&DraftLook> {
        self.looks.get(sgf)
    }

    /// The child at the board, from the class.
    pub fn child(&self) -> Option<&crate::class::Child> {
        let nick = self.child.as_deref()?;
        self.class.as_ref()?.child(nick).ok()
    }

    /// Whether the class's PIN is needed for the teacher's acts now.
    pub fn locked(&self) -> bool {
        !self.panel_open && self.class.as_ref().is_some_and(|c| c.pin.is_some())
    }

    /// Whether the class screens take the window (a class is open and the board is not
    /// shown).
    pub fn covers_board(&self) -> bool {
        self.class.is_some() && self.screen != Screen::Board
    }

    /// Whether changes are on their way to the class file (or failed and wait).
    pub fn unsaved(&self) -> bool {
        self.in_flight.is_some() || !self.queue.is_empty() || !self.failed.is_empty()
    }

    /// Whether a change is being written now.
    pub fn saving(&self) -> bool {
        self.in_flight.is_some() || !self.queue.is_empty()
    }

    /// The changes not saved (for the teacher's window: "saving…").
    pub fn pending(&self) -> usize {
        usize::from(self.in_flight.is_some()) + self.queue.len() + self.failed.len()
    }

    /// Sends the changes that failed again ("Save" in the unsaved-work question).
    pub fn retry(&mut self) -> ClassOut {
        let mut out = ClassOut::default();
        let failed = std::mem::take(&mut self.failed);
        self.queue.extend(failed);
        self.pump(&mut out);
        out
    }

    /// Drops the changes that wait ("Discard"); one being written finishes.
    pub fn discard(&mut self) {
        self.failed.clear();
        self.queue.clear();
    }

    /// The first time teaching mode shows: the class of last time is opened, else the
    /// folder listed (nothing is read on the thread that draws).
    pub fn start(&mut self, remembered: Option<PathBuf>) -> ClassOut {
        let mut out = ClassOut::default();
        if std::mem::replace(&mut self.started, true) {
            return out;
        }
        match remembered {
            Some(path) => {
                self.opening = true;
                out.jobs.push(ClassJob::Open { path });
            }
            None => self.list(&mut out),
        }
        out
    }

    fn list(&mut self, out: &mut ClassOut) {
        match &self.folder {
            Some(folder) => out.jobs.push(ClassJob::List {
                folder: folder.clone(),
            }),
            None => self.listing = Some(Err(ClassTrouble::Folder(PathBuf::new(), String::new()))),
        }
    }

    /// Applies one command at `now`; `kdf` is the cost of a new PIN.
    pub fn apply(&mut self, cmd: ClassCommand, now: Timestamp, kdf: KdfParams) -> ClassOut {
        let mut out = ClassOut::default();
        match cmd {
            ClassCommand::OpenPanel => {
                if self.locked() {
                    self.ask_pin(Guarded::Panel);
                } else {
                    self.open_panel(&mut out);
                }
            }
            ClassCommand::ClosePanel => {
                self.panel_open = false;
                self.aside = false;
                self.confirm_remove = None;
                self.homework = None;
                // The teacher's messages stay with the teacher's window.
                if self.notice.as_ref().is_some_and(|n| !n.is_trouble()) {
                    self.notice = None;
                }
            }
            ClassCommand::SubmitPin(pin) => self.submit_pin(pin, &mut out),
            ClassCommand::CancelPin => self.gate.cancel(),
            ClassCommand::Refresh => self.list(&mut out),
            ClassCommand::MoveChild { nick, to } => {
                if self.locked() {
                    self.ask_pin(Guarded::Move { nick, to });
                } else {
                    self.change(
                        ClassChange::MoveChild {
                            nick,
                            to,
                            at: self.time(now),
                        },
                        &mut out,
                    );
                }
            }
            ClassCommand::Pick(nick) => {
                if self.class.as_ref().is_some_and(|c| c.child(&nick).is_ok()) {
                    self.child = Some(nick);
                    self.screen = Screen::Map;
                    self.problem = None;
                    self.panel_open = false;
                    self.aside = false;
                    self.homework = None;
                    self.gate.cancel();
                    self.notice = None;
                }
            }
            ClassCommand::NextChild => {
                self.child = None;
                self.screen = Screen::Tiles;
                self.problem = None;
                self.gate.cancel();
                self.notice = None;
            }
            ClassCommand::ShowMap => {
                if self.child.is_some() {
                    self.screen = Screen::Map;
                    self.problem = None;
                }
            }
            ClassCommand::Play => self.play(&mut out),
            ClassCommand::Problems | ClassCommand::NextProblem => self.next_problem(now),
            ClassCommand::ProblemClick(c) => self.problem_click(c, now, &mut out),
            ClassCommand::Hint => {
                if let Some(p) = &mut self.problem {
                    p.hint();
                }
            }
            ClassCommand::TryAgain => {
                if let Some(p) = &mut self.problem {
                    p.try_again();
                }
            }
            // The teacher's acts: only in the class window, once unlocked (or with no PIN).
            _ if self.locked() => {}
            other => self.teacher_act(other, now, kdf, &mut out),
        }
        out
    }

    fn teacher_act(
        &mut self,
        cmd: ClassCommand,
        now: Timestamp,
        kdf: KdfParams,
        out: &mut ClassOut,
    ) {
        let at = self.time(now);
        match cmd {
            ClassCommand::OpenClass(path) => {
                self.opening = true;
                out.jobs.push(ClassJob::Open { path });
            }
            ClassCommand::NewClass { name, teacher, pin } => {
                let Some(folder) = self.folder.clone() else {
                    self.notice = Some(ClassNotice::NoFolder);
                    return;
                };
                let pin = pin.trim();
                if !pin.is_empty() && pin.chars().count() < crate::class::model::MIN_PIN_CHARS {
                    self.notice = Some(ClassNotice::Trouble(ClassTrouble::Class(
                        crate::class::ClassError::PinTooShort,
                    )));
                    return;
                }
                self.opening = true;
                out.jobs.push(ClassJob::Create {
                    folder,
                    name,
                    teacher,
                    pin: (!pin.is_empty()).then(|| Secret(pin.to_string())),
                    kdf,
                    at,
                });
            }
            ClassCommand::Import => {
                self.files_for.push_back(FileFor::Import);
                out.files.push(FileJob::OpenDialog {
                    title: "Tianyuan class".to_string(),
                    filter: CLASS_FILTER,
                });
            }
            ClassCommand::Export => {
                if let Some(class) = &self.class {
                    let name = self
                        .path
                        .as_ref()
                        .and_then(|p| p.file_name())
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_else(|| "class.tyclass".to_string());
                    self.files_for.push_back(FileFor::Export);
                    out.files.push(FileJob::SaveDialog {
                        title: class.name.clone(),
                        name,
                        filter: CLASS_FILTER,
                        bytes: crate::class::format::to_bytes(class),
                        export: true,
                    });
                }
            }
            ClassCommand::CloseClass => {
                self.homework = None;
                self.read_games.clear();
                self.class = None;
                self.path = None;
                self.library = None;
                self.child = None;
                self.problem = None;
                self.screen = Screen::Tiles;
                self.panel_open = true;
                out.remember = Some(None);
                out.teach.push(TeachCommand::EndChildGames);
                self.list(out);
            }
            ClassCommand::AddChild { nick, avatar } => {
                self.change(ClassChange::AddChild { nick, avatar, at }, out);
            }
            ClassCommand::AskRemove(nick) => self.confirm_remove = Some(nick),
            ClassCommand::ConfirmRemove(yes) => {
                if let Some(nick) = self.confirm_remove.take()
                    && yes
                {
                    if self.child.as_deref() == Some(nick.as_str()) {
                        self.child = None;
                        self.screen = Screen::Tiles;
                    }
                    self.change(ClassChange::RemoveChild { nick }, out);
                }
            }
            ClassCommand::SetPin(pin) => {
                if pin.chars().count() < crate::class::model::MIN_PIN_CHARS {
                    self.notice = Some(ClassNotice::Trouble(ClassTrouble::Class(
                        crate::class::ClassError::PinTooShort,
                    )));
                } else {
                    self.change(
                        ClassChange::SetPin {
                            pin: Secret(pin),
                            kdf,
                        },
                        out,
                    );
                }
            }
            ClassCommand::RemovePin => self.change(ClassChange::RemovePin, out),
            ClassCommand::Homework(nick) => self.read_homework(nick, at, out),
            ClassCommand::CloseHomework => self.homework = None,
            ClassCommand::AssignDraft { id, nick } => {
                self.change(
                    ClassChange::Assign {
                        id,
                        nick,
                        edited: None,
                    },
                    out,
                );
            }
            ClassCommand::DiscardDraft(id) => self.change(ClassChange::DiscardDraft { id }, out),
            ClassCommand::EditDraft(id) => {
                if let (Some(class), Some(path)) = (&self.class, &self.path)
                    && let Some(p) = class.problems.iter().find(|p| p.id == id)
                {
                    out.edit_draft = Some(DraftToEdit {
                        origin: DraftOrigin {
                            class_file: path.clone(),
                            id: p.id.clone(),
                            child: p.child.clone(),
                        },
                        sgf: p.sgf.clone(),
                    });
                }
            }
            ClassCommand::Print(doc) => self.print(doc, out),
            _ => {}
        }
    }

    /// Reads `nick`'s kept games not read yet for homework, and looks at their drafts not
    /// looked at yet, on the runner (the same core as `tianyuan class homework`).
    fn read_homework(&mut self, nick: String, at: Time, out: &mut ClassOut) {
        let (Some(class), Some(path)) = (&self.class, &self.path) else {
            return;
        };
        let Ok(child) = class.child(&nick) else {
            return;
        };
        let nick = child.nick.clone();
        let games: Vec<_> = child
            .games
            .iter()
            .filter(|g| !self.read_games.contains(&g.sgf))
            .map(|g| (g.sgf.clone(), g.color))
            .collect();
        let drafts: Vec<String> = class
            .drafts_of(&nick)
            .into_iter()
            .filter(|p| !self.looks.contains_key(&p.sgf))
            .map(|p| p.sgf.clone())
            .collect();
        if games.is_empty() && drafts.is_empty() {
            self.homework = Some(HomeworkDesk {
                nick: nick.clone(),
                reading: false,
            });
            self.notice = Some(ClassNotice::HomeworkRead {
                nick,
                games: 0,
                new: 0,
                unreadable: 0,
            });
            return;
        }
        out.jobs.push(ClassJob::Homework {
            path: path.clone(),
            nick: nick.clone(),
            games,
            drafts,
            known: class.problems.iter().map(|p| p.sgf.clone()).collect(),
            at,
        });
        self.homework = Some(HomeworkDesk {
            nick,
            reading: true,
        });
        self.notice = None;
    }

    /// A sheet or a report: built on the runner from the class file and written where the
    /// teacher says. A child with no missed problems is told at once (nothing to print).
    fn print(&mut self, doc: ClassDoc, out: &mut ClassOut) {
        let (Some(class), Some(path)) = (&self.class, &self.path) else {
            return;
        };
        if let ClassDoc::MissedSheet { nick, .. } = &doc
            && class.child(nick).is_ok_and(|c| c.missed().is_empty())
        {
            self.notice = Some(ClassNotice::Trouble(ClassTrouble::Class(
                crate::class::ClassError::NothingToPrint(nick.clone()),
            )));
            return;
        }
        let lang = self.lang;
        let title = match &doc {
            ClassDoc::Report { .. } => lang.pick("保存月报", "儲存月報", "Save the monthly report"),
            _ => lang.pick("保存题单", "儲存題單", "Save the problem sheet"),
        };
        self.files_for.push_back(FileFor::Document(doc.clone()));
        out.files.push(FileJob::ClassDocument {
            class_file: path.clone(),
            name: doc.file_name(),
            doc,
            lang,
            title: title.to_string(),
            to: None,
        });
    }

    fn open_panel(&mut self, out: &mut ClassOut) {
        self.panel_open = true;
        self.aside = false;
        self.confirm_remove = None;
        self.list(out);
    }

    fn ask_pin(&mut self, guarded: Guarded) {
        self.gate.ask(guarded);
    }

    /// The PIN typed: checked on the runner (Argon2id); the answer comes to
    /// [`ClassRoom::on_pin`].
    fn submit_pin(&mut self, pin: String, out: &mut ClassOut) {
        let Some(record) = self.class.as_ref().and_then(|c| c.pin) else {
            if let Some(guarded) = self.gate.pass() {
                self.unlocked(guarded, Timestamp(0), out);
            }
            return;
        };
        // No prompt open, or a check already running: nothing is sent.
        if let Some(ask) = self.gate.submit() {
            out.work.push(Work::CheckClassPin {
                record,
                pin: Secret(pin),
                ask,
            });
        }
    }

    /// The runner checked the PIN of question `ask`.
    pub fn on_pin(&mut self, ask: u64, right: bool, now: Timestamp) -> ClassOut {
        let mut out = ClassOut::default();
        if let Some(guarded) = self.gate.answer(ask, right) {
            self.unlocked(guarded, now, &mut out);
        }
        out
    }

    fn unlocked(&mut self, guarded: Guarded, now: Timestamp, out: &mut ClassOut) {
        match guarded {
            Guarded::Panel => self.open_panel(out),
            Guarded::Move { nick, to } => {
                let at = self.time(now);
                self.change(ClassChange::MoveChild { nick, to, at }, out);
            }
        }
    }

    /// A change for the class file: queued, written one at a time in order.
    fn change(&mut self, change: ClassChange, out: &mut ClassOut) {
        let Some(path) = self.path.clone() else {
            return;
        };
        self.next_seq += 1;
        self.queue.push_back(Pending {
            seq: self.next_seq,
            path,
            change,
        });
        self.pump(out);
    }

    fn pump(&mut self, out: &mut ClassOut) {
        if self.in_flight.is_some() {
            return;
        }
        if let Some(p) = self.queue.pop_front() {
            out.jobs.push(ClassJob::Change {
                path: p.path.clone(),
                seq: p.seq,
                change: p.change.clone(),
            });
            self.in_flight = Some(p);
        }
    }

    /// A draft edited in the problem editor is sent to be approved and assigned to `nick` (or
    /// the whole class): the class's own checker proves it again on the runner, and the
    /// answer comes back in [`ClassOut::edited`]. It goes only to the class it came from, and
    /// only while the class window is open, or the class has no PIN.
    pub fn assign_edited(
        &mut self,
        origin: &DraftOrigin,
        nick: Option<String>,
        sgf: String,
    ) -> Result<ClassOut, EditRefused> {
        if self.class.is_none() || self.path.as_ref() != Some(&origin.class_file) {
            return Err(EditRefused::ClassNotOpen);
        }
        if self.locked() {
            return Err(EditRefused::Locked);
        }
        let mut out = ClassOut::default();
        self.change(
            ClassChange::Assign {
                id: origin.id.clone(),
                nick,
                edited: Some(sgf),
            },
            &mut out,
        );
        Ok(out)
    }

    /// The class window stands aside for the problems window's editor (only an open one).
    pub fn stand_aside(&mut self) {
        self.aside = self.panel_open;
    }

    /// The class window comes back from standing aside.
    pub fn come_back(&mut self) {
        self.aside = false;
    }

    /// A child's game ended on the teaching board: kept in their profile at `now`.
    pub fn game_finished(&mut self, game: FinishedGame, now: Timestamp) -> ClassOut {
        let mut out = ClassOut::default();
        let entry = GameEntry {
            at: self.time(now),
            kind: game.kind,
            opponent: game.opponent,
            computer_level: game.computer_level,
            handicap: game.handicap,
            color: game.color,
            result: game.result,
            sgf: game.sgf,
        };
        self.change(
            ClassChange::Game {
                nick: game.nick,
                game: Box::new(entry),
            },
            &mut out,
        );
        out
    }

    /// The runner answered a class job.
    pub fn on_answer(&mut self, answer: ClassAnswer) -> ClassOut {
        let mut out = ClassOut::default();
        match answer {
            ClassAnswer::Listed { folder, result } => {
                if self.folder.as_ref() == Some(&folder) {
                    self.listing = Some(result);
                }
            }
            ClassAnswer::Opened { path, result, how } => {
                self.opening = false;
                match result {
                    Ok(class) => {
                        let changed = self.path.as_ref() != Some(&path);
                        self.set_class(*class);
                        self.path = Some(path.clone());
                        if changed {
                            // Changes still on their way go to the class they were made in.
                            self.child = None;
                            self.screen = Screen::Tiles;
                            self.problem = None;
                            self.homework = None;
                            self.read_games.clear();
                            out.teach.push(TeachCommand::EndChildGames);
                        }
                        // A class with a PIN opened from the list (the class window was open
                        // freely: no class, or another class's PIN typed) is guarded at once:
                        // its own PIN before its children, deleting or export are shown.
                        if changed
                            && matches!(how, OpenedHow::Opened)
                            && self.panel_open
                            && self.class.as_ref().is_some_and(|c| c.pin.is_some())
                        {
                            self.panel_open = false;
                            self.aside = false;
                            self.confirm_remove = None;
                            self.ask_pin(Guarded::Panel);
                        }
                        out.remember = Some(Some(path.clone()));
                        self.notice = match how {
                            OpenedHow::Opened => None,
                            OpenedHow::Created => Some(ClassNotice::Created(path)),
                            OpenedHow::Imported(_) => Some(ClassNotice::Imported(path)),
                        };
                        self.list(&mut out);
                    }
                    Err(t) => {
                        self.notice = Some(ClassNotice::Trouble(t));
                        if self.class.is_none() {
                            out.remember = Some(None);
                            self.list(&mut out);
                        }
                    }
                }
            }
            ClassAnswer::Changed { path, seq, result } => {
                let Some(sent) = self.in_flight.take() else {
                    return out;
                };
                if sent.seq != seq {
                    self.in_flight = Some(sent);
                    return out;
                }
                let current = self.path.as_ref() == Some(&path);
                match result {
                    Ok((class, report)) => {
                        if current {
                            self.set_class(*class);
                            if let (Some(step), Some(nick)) = (report.passed, sent.change.nick()) {
                                self.notice = Some(ClassNotice::Passed {
                                    nick: nick.to_string(),
                                    step,
                                });
                                out.sounds.push(Sound::Celebration);
                            }
                        }
                        match &sent.change {
                            ClassChange::AddChild { .. } => self.list(&mut out),
                            ClassChange::Assign { id, nick, edited } => {
                                self.notice = Some(ClassNotice::Assigned {
                                    id: id.clone(),
                                    nick: nick.clone(),
                                });
                                if let Some(sgf) = edited {
                                    out.edited.push(EditedAnswer::of(
                                        &path,
                                        id,
                                        nick,
                                        sgf,
                                        Ok(nick.clone()),
                                    ));
                                }
                            }
                            ClassChange::DiscardDraft { id } => {
                                self.notice = Some(ClassNotice::Discarded(id.clone()));
                            }
                            _ => {}
                        }
                    }
                    Err(t) => {
                        if let ClassChange::Assign {
                            id,
                            nick,
                            edited: Some(sgf),
                        } = &sent.change
                        {
                            out.edited
                                .push(EditedAnswer::of(&path, id, nick, sgf, Err(t.clone())));
                        }
                        match t {
                            // A refusal of the class (a nickname taken …): nothing to save
                            // again.
                            ClassTrouble::Class(_) => self.notice = Some(ClassNotice::Trouble(t)),
                            t => {
                                self.failed.push(sent);
                                self.notice = Some(ClassNotice::NotSaved(t));
                            }
                        }
                    }
                }
                if self
                    .child
                    .as_ref()
                    .is_some_and(|n| self.class.as_ref().is_none_or(|c| c.child(n).is_err()))
                {
                    self.child = None;
                    self.screen = Screen::Tiles;
                    self.problem = None;
                }
                self.pump(&mut out);
            }
            ClassAnswer::Homework {
                path,
                nick,
                found,
                at,
            } => {
                if self.path.as_ref() != Some(&path) {
                    return out;
                }
                for look in found.looks {
                    self.looks.insert(look.sgf.clone(), look);
                }
                let games = found.read.len() + found.unreadable;
                self.read_games.extend(found.read);
                let new = found.drafts.len();
                if new > 0 {
                    self.change(
                        ClassChange::KeepDrafts {
                            nick: nick.clone(),
                            drafts: found.drafts,
                            at,
                        },
                        &mut out,
                    );
                }
                if let Some(desk) = &mut self.homework
                    && desk.nick == nick
                {
                    desk.reading = false;
                    self.notice = Some(ClassNotice::HomeworkRead {
                        nick,
                        games,
                        new,
                        unreadable: found.unreadable,
                    });
                }
            }
        }
        out
    }

    /// A file job of the class (import, export, a sheet or a report) finished.
    pub fn on_file(&mut self, event: FileEvent) -> ClassOut {
        let mut out = ClassOut::default();
        let doc = match self.files_for.pop_front() {
            Some(FileFor::Document(doc)) => Some(doc),
            _ => None,
        };
        match event {
            FileEvent::Opened(from, bytes) => match self.folder.clone() {
                Some(folder) => {
                    self.opening = true;
                    out.jobs.push(ClassJob::Import {
                        folder,
                        bytes,
                        from,
                    });
                }
                None => self.notice = Some(ClassNotice::NoFolder),
            },
            FileEvent::Exported(p) | FileEvent::Saved(p) => {
                self.notice = Some(match doc {
                    Some(doc) => ClassNotice::Written(p, doc),
                    None => ClassNotice::Exported(p),
                });
            }
            FileEvent::Failed(p, why) => self.notice = Some(ClassNotice::FileFailed(p, why)),
            FileEvent::AlreadyExists(p) => self.notice = Some(ClassNotice::FileExists(p)),
            FileEvent::Cancelled => {}
        }
        out
    }

    fn set_class(&mut self, class: Class) {
        self.library = Some(Arc::new(Library::for_class(&class)));
        self.class = Some(class);
    }

    /// The child plays their step's game on their ladder.
    fn play(&mut self, out: &mut ClassOut) {
        let (Some(class), Some(child)) = (&self.class, self.child()) else {
            return;
        };
        let Some(step) = path::step(child.step) else {
            return;
        };
        let kind = match step.game {
            GameKind::MostCaptures { .. } => GameKind::MostCaptures {
                moves: class.most_captures_moves,
            },
            k => k,
        };
        let game = ChildGame {
            nick: child.nick.clone(),
            kind,
            ladder: *child.ladder_for(kind),
        };
        self.screen = Screen::Board;
        self.problem = None;
        out.teach.push(TeachCommand::StartChildGame(Box::new(game)));
    }

    /// The next problem for the child at `now`: due ones first (a problem missed comes back),
    /// then homework, then the step's problems nearest their rating. A problem whose attempt
    /// is still on its way to the file is not shown again meanwhile.
    fn next_problem(&mut self, now: Timestamp) {
        let at = self.time(now);
        let (Some(class), Some(lib), Some(nick)) = (&self.class, &self.library, &self.child) else {
            return;
        };
        let unsaved: Vec<&str> = self
            .in_flight
            .iter()
            .chain(self.queue.iter())
            .chain(self.failed.iter())
            .filter_map(|p| match &p.change {
                ClassChange::Attempt { problem, .. } => Some(problem.as_str()),
                _ => None,
            })
            .collect();
        let current = self.problem.as_ref().map(|p| p.id.clone());
        let next = class
            .next_problems(nick, lib, at, 64)
            .unwrap_or_default()
            .into_iter()
            .find(|id| !unsaved.contains(&id.as_str()) && Some(id) != current.as_ref());
        self.screen = Screen::Problem;
        self.problem = next.and_then(|id| {
            let entry = lib.get(&id)?;
            let came_back = class
                .child(nick)
                .ok()
                .is_some_and(|c| c.due(at).iter().any(|(d, _)| *d == id));
            Some(Box::new(ChildProblem::new(
                &entry.id,
                Arc::clone(&entry.problem),
                now,
                came_back,
            )))
        });
    }

    fn problem_click(&mut self, c: Coord, now: Timestamp, out: &mut ClassOut) {
        let Some(p) = &mut self.problem else { return };
        let before = p.attempt().game().moves().len();
        let first = p.play(c, now);
        let after = p.attempt().game().moves().len();
        if after > before {
            out.sounds.push(Sound::Stone);
        }
        if p.celebration == Some(now) {
            out.sounds.push(Sound::Celebration);
        }
        if let Some(first) = first {
            self.record_try(first, now, out);
        }
    }

    fn record_try(&mut self, t: FirstTry, now: Timestamp, out: &mut ClassOut) {
        let Some(nick) = self.child.clone() else {
            return;
        };
        let at = self.time(now);
        self.change(
            ClassChange::Attempt {
                nick,
                problem: t.id,
                answer: t.answer,
                right: t.right,
                hints: t.hints,
                seconds: Some(t.seconds),
                at,
            },
            out,
        );
    }
}

/// The class files the dialogs show.
const CLASS_FILTER: crate::files::dialogs::Filter = ("Tianyuan class", &["tyclass"]);

impl ClassRoom {
    /// What the class asked for, as the window's output: its file jobs and workers' jobs, its
    /// sounds, the teaching board's commands, the class to open at the next start, and the
    /// problems window's drafts.
    fn out(&mut self, out: ClassOut, cx: &Cx) -> Out {
        let mut work: Vec<Work> = out.jobs.into_iter().map(Work::Class).collect();
        work.extend(out.work);
        let mut done = Out {
            files: out.files,
            work,
            sounds: out.sounds,
            ..Out::default()
        };
        if let Some(remember) = out.remember {
            let mut settings = cx.settings.clone();
            settings.class_file = remember.map(|p| p.to_string_lossy().into_owned());
            done.settings = Some(Box::new(settings));
        }
        for c in out.teach {
            done.then.push((WindowId::Teach, WindowCmd::of(c)));
        }
        for answer in out.edited {
            let said = match answer.result {
                Ok(nick) => Ok(ClassNotice::Assigned {
                    id: answer.origin.id.clone(),
                    nick,
                }
                .text(cx.lang)),
                Err(t) => Err(t.text(cx.lang)),
            };
            if said.is_ok() {
                // Assigned: the class window comes back, saying so.
                self.come_back();
            }
            let message = FromClass::Answered {
                origin: answer.origin,
                sgf: answer.sgf,
                said,
            };
            done.then.push((WindowId::Problems, WindowCmd::of(message)));
        }
        if let Some(draft) = out.edit_draft {
            // The draft replaces the problem being written: the problems window asks first
            // when that is unsaved (unless it is this very draft).
            done.then.push((
                WindowId::Problems,
                WindowCmd::of(FromClass::EditDraft(draft)),
            ));
        }
        done
    }

    /// What the problems window said.
    fn hear_problems(&mut self, message: ToClass, cx: &Cx) -> Out {
        match message {
            ToClass::ComeBack => {
                self.come_back();
                Out::default()
            }
            ToClass::StandAside => {
                self.stand_aside();
                Out::default()
            }
            ToClass::AssignEdited { origin, nick, sgf } => {
                match self.assign_edited(&origin, nick, sgf) {
                    Ok(out) => self.out(out, cx),
                    Err(refused) => Out::then(
                        WindowId::Problems,
                        WindowCmd::of(FromClass::NotSent(refused.text(cx.lang))),
                    ),
                }
            }
        }
    }
}

/// The class as a sub-window of teaching mode (issue 20): its file jobs run on the runner,
/// its PIN is checked there, and its changes not yet on disk are unsaved work.
impl SubWindow for ClassRoom {
    fn id(&self) -> WindowId {
        WindowId::Class
    }

    fn apply(&mut self, cmd: WindowCmd, cx: &Cx) -> Out {
        self.lang = cx.lang;
        let cmd = match cmd.own::<ClassCommand>() {
            Ok(c) => {
                let out = ClassRoom::apply(self, c, cx.now, cx.kdf);
                return self.out(out, cx);
            }
            Err(cmd) => cmd,
        };
        let cmd = match cmd.own::<ToClass>() {
            Ok(message) => return self.hear_problems(message, cx),
            Err(cmd) => cmd,
        };
        match cmd.own::<FinishedGame>() {
            // A child's game ended on the teaching board: kept in their profile.
            Ok(game) => {
                let out = self.game_finished(game, cx.now);
                self.out(out, cx)
            }
            Err(_) => Out::default(),
        }
    }

    fn on_answer(&mut self, answer: WindowAnswer, cx: &Cx) -> Out {
        self.lang = cx.lang;
        let out = match answer {
            WindowAnswer::File(event) => self.on_file(event),
            WindowAnswer::Work(WorkDone::Class(answer)) => ClassRoom::on_answer(self, answer),
            WindowAnswer::Work(WorkDone::ClassPinChecked { ask, right }) => {
                self.on_pin(ask, right, cx.now)
            }
            WindowAnswer::Work(_) => ClassOut::default(),
        };
        self.out(out, cx)
    }

    fn unsaved(&self, _lang: Lang) -> Option<String> {
        ClassRoom::unsaved(self).then(|| {
            self.class
                .as_ref()
                .map(|c| c.name.clone())
                .unwrap_or_default()
        })
    }

    fn work_name(&self, lang: Lang) -> &'static str {
        lang.pick("班级", "班級", "The class")
    }

    fn save(&mut self, cx: &Cx) -> Out {
        let out = self.retry();
        self.out(out, cx)
    }

    fn discard(&mut self) {
        ClassRoom::discard(self);
    }

    fn busy(&self) -> bool {
        self.saving()
    }

    /// The first time teaching mode shows: the class of last time opens (or the folder is
    /// listed), on the runner.
    fn tick(&mut self, cx: &Cx) -> Out {
        if !cx.teaching {
            return Out::default();
        }
        let remembered = cx.settings.class_file.clone().map(PathBuf::from);
        let out = self.start(remembered);
        self.out(out, cx)
    }
}
