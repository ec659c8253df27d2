//! The window's host and its effects runner without a window (issue 29 item 8: one rig for
//! every host test): commands applied at an injected instant, the runner's real threads (the
//! journal writer, file jobs, workers), and a `settle` that waits for every answer as a user
//! who waits for "Saved" would.

use std::path::{Path, PathBuf};
use std::time::Duration;

use tianyuan::app::effects::Runner;
use tianyuan::app::host::Effect;
use tianyuan::app::{Command, Host, Settings};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::Timestamp;
use tianyuan::i18n::Lang;
use tianyuan::seal::KdfParams;

/// A host and its runner.
pub struct HostRig {
    /// The host.
    pub host: Host,
    /// Its runner (no file dialogs: paths are asked).
    pub runner: Runner,
    /// The app's instant commands are applied at.
    pub now: Timestamp,
    /// Whether an effect asked the window to close.
    pub closed: bool,
    /// Whether `settle` runs what every frame checks once the runner is idle.
    pub ticks: bool,
}

#[allow(dead_code)] // each test file uses the part it needs
impl HostRig {
    /// A host with `settings` writing its games into `folder` (`None`: in memory), at `now`,
    /// with a cheap PIN derivation; its start-up effects are run and answered.
    pub fn new(settings: Settings, folder: Option<&Path>, now: Timestamp) -> HostRig {
        let (mut host, fx) = Host::new(settings, Lang::En, folder.map(Path::to_path_buf), now);
        host.kdf = KdfParams::TEST_ONLY;
        let mut rig = HostRig {
            host,
            runner: Runner::new(
                tianyuan::wake::none(),
                Box::new(NullAnnouncer::new()),
                false,
            ),
            now,
            closed: false,
            ticks: false,
        };
        rig.run(fx);
        rig.settle();
        rig
    }

    /// Carries out effects.
    pub fn run(&mut self, fx: Vec<Effect>) {
        self.closed |= fx.iter().any(|e| matches!(e, Effect::CloseWindow));
        self.runner.run(fx);
    }

    /// Applies `cmd` at the rig's instant and returns at once (the threads work on).
    pub fn apply_now(&mut self, cmd: Command) {
        let fx = self.host.apply(cmd, self.now);
        self.run(fx);
    }

    /// Applies `cmd` at the rig's instant and waits for every answer.
    pub fn apply(&mut self, cmd: Command) {
        self.apply_now(cmd);
        self.settle();
    }

    /// Moves the rig's instant to `ms`.
    pub fn at(&mut self, ms: u64) -> &mut HostRig {
        self.now = Timestamp(ms);
        self
    }

    /// Takes the runner's answers in until no thread owes one (and, with `ticks`, until what
    /// every frame checks asks nothing more).
    pub fn settle(&mut self) {
        for _ in 0..20_000 {
            let mut got = self.runner.poll();
            if got.is_empty() && self.runner.busy() {
                if let Some(c) = self.runner.wait_journal(Duration::from_millis(2)) {
                    got.push(c);
                } else if let Some(c) = self.runner.wait_other(Duration::from_millis(2)) {
                    got.push(c);
                }
            }
            if got.is_empty() && !self.runner.busy() {
                if !self.ticks {
                    return;
                }
                let fx = self.host.tick(self.now);
                if fx.is_empty() {
                    return;
                }
                self.run(fx);
                continue;
            }
            for c in got {
                let fx = self.host.apply(c, self.now);
                self.run(fx);
            }
        }
        panic!("the runner never settled");
    }

    /// The sessions folder's journals.
    pub fn journals(folder: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = std::fs::read_dir(folder)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        out.retain(|p| p.extension().is_some_and(|e| e == "tyj"));
        out.sort();
        out
    }
}
