//! Teaching mode's state in the host (issue 29 item 3): the teaching game, kept while the mode
//! is off so a child comes back to it, or why it could not start. No egui: the shell's form
//! ([`super::window::TeachForm`]) keeps the text being typed.

use super::prefs::TeachPrefs;
use super::state::{StartProblem, TeachCommand, TeachEffects, TeachState};
use crate::app::protocol::{Answer, WindowCmd, WindowId, Work, WorkDone};
use crate::app::subwindow::{Cx, Out, SubWindow};
use crate::clock::Timestamp;
use crate::seal::KdfParams;

/// Teaching mode in the host: the game (kept while the mode is off, so a child comes back to
/// it), or why it could not start.
#[derive(Default)]
pub struct TeachMode {
    /// Boxed: the host lives by value in the app (and in test harnesses on the stack), and a
    /// teaching game is a few boards.
    state: Option<Box<TeachState>>,
    error: Option<StartProblem>,
}

impl TeachMode {
    /// Why the mode could not start (the teacher's choices make no game), if so.
    pub fn error(&self) -> Option<&StartProblem> {
        self.error.as_ref()
    }

    /// The state, once the mode has been shown.
    pub fn state(&self) -> Option<&TeachState> {
        self.state.as_deref()
    }

    /// Applies a command (the host); `None` before the mode has started.
    pub fn apply(&mut self, cmd: TeachCommand, now: Timestamp) -> Option<TeachEffects> {
        self.state.as_mut().map(|s| s.apply(cmd, now))
    }

    /// An answer from the runner's threads (the host); `None` before the mode has started.
    pub fn on_work(&mut self, done: WorkDone, now: Timestamp) -> Option<TeachEffects> {
        self.state.as_mut().map(|s| s.on_work(done, now))
    }

    /// Starts the mode's state the first time it is needed (the host); returns the
    /// preferences to keep (the state may settle them, e.g. a ladder's rung) and the jobs that
    /// start its computer.
    pub fn ensure_started(
        &mut self,
        prefs: &TeachPrefs,
        kdf: KdfParams,
    ) -> Option<(TeachPrefs, Vec<Work>)> {
        if self.state.is_some() || self.error.is_some() {
            return None;
        }
        match TeachState::new(prefs.clone(), kdf) {
            Ok(mut s) => {
                let prefs = s.prefs.clone();
                let work = s.take_work();
                self.state = Some(Box::new(s));
                Some((prefs, work))
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }
}

impl TeachMode {
    /// Starts the game the first time teaching mode is on: the preferences it settled and
    /// the jobs that start its computer.
    fn start(&mut self, cx: &Cx) -> Out {
        if !cx.teaching {
            return Out::default();
        }
        match self.ensure_started(&cx.settings.teach, cx.kdf) {
            Some((prefs, work)) => {
                let mut settings = cx.settings.clone();
                settings.teach = prefs;
                Out {
                    work,
                    settings: Some(Box::new(settings)),
                    ..Out::default()
                }
            }
            None => Out::default(),
        }
    }

    /// What the teaching state asked for, as the window's output: its jobs, its sounds, the
    /// preferences to keep, a child's finished game for the class, the way out unlocked.
    fn out(&self, effects: Option<TeachEffects>, cx: &Cx) -> Out {
        let Some(effects) = effects else {
            return Out::default();
        };
        let mut out = Out::work(effects.work);
        if let Some(game) = effects.finished {
            // A child's game ended: kept in their profile (through the class file's job).
            out.then.push((WindowId::Class, WindowCmd::of(game)));
        }
        if let Some(state) = self.state() {
            if effects.prefs_changed {
                let mut settings = cx.settings.clone();
                settings.teach = state.prefs.clone();
                out.settings = Some(Box::new(settings));
            }
            if state.prefs.sounds {
                out.sounds = effects.sounds;
            }
        }
        out.unlocked = effects.leave;
        out
    }
}

/// Teaching mode as a sub-window: its game starts the first time the mode is on; its
/// computer thinks, and the teacher's PIN is checked, on the runner's threads.
impl SubWindow for TeachMode {
    fn id(&self) -> WindowId {
        WindowId::Teach
    }

    fn apply(&mut self, cmd: WindowCmd, cx: &Cx) -> Out {
        let mut out = self.start(cx);
        match cmd.own::<TeachCommand>() {
            Ok(TeachCommand::Leave) if self.state.is_none() => {
                // No game (the teacher's choices could not start one): nothing guards the
                // way out.
                out.unlocked = true;
            }
            Ok(c) => {
                let effects = TeachMode::apply(self, c, cx.now);
                out.merge(self.out(effects, cx));
            }
            Err(_) => {}
        }
        out
    }

    fn on_answer(&mut self, answer: Answer, cx: &Cx) -> Out {
        match answer {
            Answer::Work(done) => {
                let effects = self.on_work(done, cx.now);
                self.out(effects, cx)
            }
            Answer::File(_) => Out::default(),
        }
    }

    fn unsaved(&self, _lang: crate::i18n::Lang) -> Option<String> {
        None
    }

    fn save(&mut self, _cx: &Cx) -> Out {
        Out::default()
    }

    fn discard(&mut self) {}

    fn busy(&self) -> bool {
        false
    }

    fn tick(&mut self, cx: &Cx) -> Out {
        self.start(cx)
    }
}
