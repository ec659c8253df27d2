//! The one contract of a sub-window (issue 29 item 2): the review tab, its tools, the problems
//! window, teaching mode, the tournament window and the class each implement [`SubWindow`],
//! and the host drives them all through it — one loop for the unsaved work, the saves, the
//! answers and what every frame checks, instead of a `match` per window in the host.
//!
//! A sub-window is an egui-free state. It is told what to do with a [`WindowCmd`] (open,
//! close, or one of its own commands) and hears the runner's answers to its jobs
//! ([`Answer`]); every time, it says what must happen outside it with one [`Out`]: file
//! jobs and workers' jobs (the host tags them with its [`WindowId`], so the answers come back
//! to it), sounds, the settings to keep, and commands for other windows. It never owns a
//! thread or a file. Its ways out (a command that replaces its unsaved work) are its own to
//! name ([`SubWindow::exit`]); the host asks about them through its one registry first.
//!
//! Adding a sub-window: see ARCHITECTURE.md, "Adding a sub-window".

use crate::app::protocol::{Answer, FileJob, WindowCmd, WindowId, Work};
use crate::app::review::state::ReviewState;
use crate::app::settings::Settings;
use crate::audio::Sound;
use crate::clock::Timestamp;
use crate::i18n::Lang;
use crate::seal::KdfParams;

/// What a sub-window is given with each call: the instant, the language, the settings, and
/// read-only looks at the window around it.
pub struct Cx<'a> {
    /// The app's instant.
    pub now: Timestamp,
    /// The interface language.
    pub lang: Lang,
    /// The preferences (a change goes back in [`Out::settings`]).
    pub settings: &'a Settings,
    /// The key derivation's cost of new PINs (tests use a cheap one).
    pub kdf: KdfParams,
    /// Teaching mode is on.
    pub teaching: bool,
    /// The review tab's record (the review tools follow it); `None` while the review tab
    /// itself is called.
    pub review: Option<&'a ReviewState>,
}

/// How a command of a sub-window leaves its unsaved work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaving {
    /// It replaces the work at once (a new problem, closing the window): dropped when the
    /// user says "Discard".
    Now,
    /// It replaces the work only when what replaces it arrives (a file being opened): a
    /// dialog cancelled meanwhile leaves the work unsaved, never marked saved.
    OnArrival,
}

/// Everything a sub-window asks of the world after a call: the one output type.
#[derive(Debug, Default)]
pub struct Out {
    /// File jobs (a dialog, a read, an atomic write) for the runner.
    pub files: Vec<FileJob>,
    /// Jobs for the runner's workers (an engine, the estimator, a PIN, the class files).
    pub work: Vec<Work>,
    /// Sounds to play (when the teacher's preferences allow them).
    pub sounds: Vec<Sound>,
    /// The settings to keep (the window changed a preference).
    pub settings: Option<Box<Settings>>,
    /// Commands for other windows (or for itself), applied next: asked about first when they
    /// are a way out of their window.
    pub then: Vec<(WindowId, WindowCmd)>,
    /// The way out this window held behind its PIN may go on (teaching mode's teacher's PIN).
    pub unlocked: bool,
}

impl Out {
    /// Only file jobs.
    pub fn files(files: Vec<FileJob>) -> Out {
        Out {
            files,
            ..Out::default()
        }
    }

    /// Only workers' jobs.
    pub fn work(work: Vec<Work>) -> Out {
        Out {
            work,
            ..Out::default()
        }
    }

    /// A command for another window.
    pub fn then(id: WindowId, cmd: WindowCmd) -> Out {
        Out {
            then: vec![(id, cmd)],
            ..Out::default()
        }
    }

    /// Adds `other` after this.
    pub fn merge(&mut self, other: Out) {
        self.files.extend(other.files);
        self.work.extend(other.work);
        self.sounds.extend(other.sounds);
        if other.settings.is_some() {
            self.settings = other.settings;
        }
        self.then.extend(other.then);
        self.unlocked |= other.unlocked;
    }
}

/// A sub-window driven by the host.
pub trait SubWindow: std::any::Any {
    /// Which window it is (its jobs' answers come back by it).
    fn id(&self) -> WindowId;

    /// Carries out a command, everything asked (the host asked about a way out first).
    fn apply(&mut self, cmd: WindowCmd, cx: &Cx) -> Out;

    /// Hears the runner's answer to one of its jobs; an answer that came too late is skipped.
    fn on_answer(&mut self, answer: Answer, cx: &Cx) -> Out;

    /// Whether `cmd` is a way out that would drop its unsaved work, and how (`None`: not a
    /// way out). The host asks "save, discard or cancel" before it applies one.
    fn exit(&self, _cmd: &WindowCmd) -> Option<Leaving> {
        None
    }

    /// Its unsaved work, named for the question ("" for no name), or `None`.
    fn unsaved(&self, lang: Lang) -> Option<String>;

    /// What its unsaved work is, for the question ("The record under review").
    fn work_name(&self, _lang: Lang) -> &'static str {
        ""
    }

    /// Saves its unsaved work (the answer "Save"; text being typed included).
    fn save(&mut self, cx: &Cx) -> Out;

    /// Drops its unsaved work (the answer "Discard").
    fn discard(&mut self);

    /// Whether one of its jobs is still running (a save the question waits for, a path being
    /// asked included).
    fn busy(&self) -> bool;

    /// What every frame checks (a game to start, a record to follow …).
    fn tick(&mut self, _cx: &Cx) -> Out {
        Out::default()
    }

    /// Whether it is shown (its menu row is checked).
    fn shown(&self) -> bool {
        true
    }
}
