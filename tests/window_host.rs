//! The window's host without a window (issue 17): commands with injected times, the real
//! effects runner (the journal writer thread, the file jobs) over a temporary sessions folder,
//! and what the journal, the clocks and the questions say afterwards. Each test is a scenario a
//! referee, a teacher or a reviewer walks: a crash and a restart, the lock, a ko, every way out.

use std::path::{Path, PathBuf};
use std::time::Duration;

use tianyuan::app::WindowId;
use tianyuan::app::command::{ArbiterAct, Exit, NewGameRequest, UnsavedAnswer};
use tianyuan::app::effects::Runner;
use tianyuan::app::host::{Effect, Question};
use tianyuan::app::{Command, Host, Notice, Settings};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::{Millis, Side, TimeControl, Timestamp};
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Coord, KoRule};
use tianyuan::seal::KdfParams;
use tianyuan::session::{Event, GameSetup, Phase};

const PIN: &str = "arbiter-77";

/// A host and its runner over `folder`, at the app's instant `now`.
struct Rig {
    host: Host,
    runner: Runner,
    now: Timestamp,
    /// Whether the last batch of effects asked the window to close.
    closed: bool,
}

impl Rig {
    fn new(folder: &Path, now: Timestamp) -> Rig {
        let (mut host, fx) = Host::new(
            Settings::default(),
            Lang::En,
            Some(folder.to_path_buf()),
            now,
        );
        host.kdf = KdfParams::TEST_ONLY;
        let mut rig = Rig {
            host,
            runner: Runner::new(
                tianyuan::wake::none(),
                Box::new(NullAnnouncer::new()),
                false,
            ),
            now,
            closed: false,
        };
        rig.run(fx);
        rig.settle();
        rig
    }

    fn run(&mut self, fx: Vec<Effect>) {
        self.closed |= fx.iter().any(|e| matches!(e, Effect::CloseWindow));
        self.runner.run(fx);
    }

    /// Applies `cmd` at the rig's instant and waits for every answer.
    fn apply(&mut self, cmd: Command) {
        let fx = self.host.apply(cmd, self.now);
        self.run(fx);
        self.settle();
    }

    fn at(&mut self, ms: u64) -> &mut Rig {
        self.now = Timestamp(ms);
        self
    }

    fn settle(&mut self) {
        for _ in 0..2_000 {
            let mut got = self.runner.poll();
            if got.is_empty() && self.runner.busy() {
                if let Some(c) = self.runner.wait_journal(Duration::from_millis(10)) {
                    got.push(c);
                } else if let Some(c) = self.runner.wait_other(Duration::from_millis(10)) {
                    got.push(c);
                }
            }
            if got.is_empty() && !self.runner.busy() {
                return;
            }
            for c in got {
                let fx = self.host.apply(c, self.now);
                self.run(fx);
            }
        }
        panic!("the runner never settled");
    }

    fn new_game(&mut self, setup: GameSetup, pin: Option<&str>) {
        self.apply(Command::NewGame(Box::new(NewGameRequest {
            setup,
            pin: pin.map(str::to_owned),
        })));
    }

    fn click(&mut self, gtp: &str) {
        let size = self.host.session().setup().size;
        let c = Coord::from_gtp(gtp, size).expect("a point");
        self.apply(Command::ClickPoint(c));
    }

    fn unlock(&mut self) {
        assert!(self.host.lock.gate.is_open(), "the PIN is asked");
        self.apply(Command::SubmitPin(PIN.to_owned()));
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ty-host-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

fn clocked(minutes: i64) -> GameSetup {
    GameSetup {
        size: 9,
        time_control: Some(TimeControl::SuddenDeath {
            main: Millis::from_mins(minutes),
        }),
        ..GameSetup::default()
    }
}

fn sessions(folder: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    out.retain(|p| p.extension().is_some_and(|e| e == "tyj"));
    out
}

#[test]
fn issue17_the_launch_game_is_on_disk_from_its_first_move_and_saved_means_synced() {
    let dir = temp("launch");
    let mut r = Rig::new(&dir, Timestamp(0));
    assert!(
        sessions(&dir).is_empty(),
        "an empty launch game writes nothing"
    );
    let before = tianyuan::files::journal::syncs_on_this_thread();
    r.at(1_000).click("D4");
    assert_eq!(r.host.notice, Some(Notice::Saved(2)));
    let files = sessions(&dir);
    assert_eq!(files.len(), 1, "the launch game is a session journal");
    // Written, synced and fsynced on the writer thread, never on this one.
    assert_eq!(tianyuan::files::journal::syncs_on_this_thread(), before);
    let (_, reading) = tianyuan::files::journal::read_journal(&files[0]).expect("readable");
    assert_eq!(reading.entries.len(), 1);
    // After a kill (the runner is gone without a word) the next start offers it.
    drop(r);
    let r2 = Rig::new(&dir, Timestamp(0));
    assert_eq!(r2.host.resume.found.len(), 1, "offered after a restart");
    assert!(r2.host.resume.shown());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays a clocked game with a PIN for 500 s of Black's thinking, then "kills" the app.
fn crashed_game(dir: &Path) -> PathBuf {
    let mut r = Rig::new(dir, Timestamp(0));
    r.new_game(clocked(10), Some(PIN));
    r.at(1_000).apply(Command::Start);
    r.at(11_000).click("E5"); // Black used 10 s
    r.at(21_000).click("C3"); // White used 10 s
    r.at(521_000).click("G7"); // Black used 500 s more: 90 s left
    // White to move, White's clock running since T = 520 s (the session began at 1 s).
    let path = r.host.game.path.clone().expect("on disk");
    drop(r);
    path
}

#[test]
fn issue17_a_restart_charges_exactly_the_time_away_or_nothing() {
    for charge in [true, false] {
        let dir = temp(&format!("restart-{charge}"));
        let path = crashed_game(&dir);
        // The app starts again; the offer has been on screen a while; 85 s passed since the
        // last entry when the arbiter picks the game.
        let mut r = Rig::new(&dir, Timestamp(0));
        assert_eq!(r.host.resume.found.len(), 1);
        r.host.resume.found[0].away = Millis(80_000);
        r.at(5_000).apply(Command::ResumeSession(path.clone()));
        let gap = r.host.game.gap.expect("the time away waits for a decision");
        assert_eq!(gap.away, Millis(85_000));
        // Nothing but the decision is accepted meanwhile.
        let entries = r.host.session().log().len();
        r.at(6_000).click("D6");
        r.at(7_000).apply(Command::Pause);
        assert_eq!(
            r.host.session().log().len(),
            entries,
            "refused while deciding"
        );
        assert_eq!(r.host.notice, Some(Notice::DecideGapFirst));
        // The arbiter takes 40 s to decide (the PIN prompt included): never charged.
        r.at(30_000).apply(Command::Gap(charge));
        r.unlock();
        assert!(r.host.game.gap.is_none(), "decided");
        let last = r.host.session().log().last().expect("an entry").clone();
        assert_eq!(last.event, Event::Gap { charged: charge });
        let clock = r.host.session().clock().expect("clock");
        let at = r.host.session_time(Timestamp(45_000));
        let white = clock.view(at).side(Side::White).main_left;
        // White had 600 − 10 = 590 s when its clock started at the last entry; charged, the
        // 85 s away come off; either way the 15 s since the decision (at 30 s) count.
        let away = if charge { 85 } else { 0 };
        let expected = Millis((590 - away - 15) * 1000);
        assert_eq!(white, expected, "charge={charge}");
        // The clock of the side to move runs at once after the decision.
        let later = clock.view(r.host.session_time(Timestamp(55_000)));
        assert_eq!(later.side(Side::White).main_left.0, expected.0 - 10_000);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn issue17_charging_more_than_the_clock_holds_is_a_time_out() {
    let dir = temp("timeout");
    let path = crashed_game(&dir);
    let mut r = Rig::new(&dir, Timestamp(0));
    r.host.resume.found[0].away = Millis(3_600_000);
    r.at(1_000).apply(Command::ResumeSession(path));
    r.at(2_000).apply(Command::Gap(true));
    r.unlock();
    let outcome = r.host.session().outcome().map(|o| o.en().to_owned());
    assert!(
        outcome.as_deref().is_some_and(|o| o.contains("time")),
        "{outcome:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue17_the_lock_closes_after_its_time_and_every_ruling_asks_again() {
    let dir = temp("lock");
    let mut r = Rig::new(&dir, Timestamp(0));
    r.new_game(clocked(30), Some(PIN));
    r.at(1_000).click("E5");
    let warn = |color| {
        Command::Arbiter(ArbiterAct::Ruling {
            event: Event::Warn(color),
            article: None,
            note: None,
        })
    };
    // A new game with a PIN starts locked.
    r.at(2_000).apply(warn(Color::White));
    assert!(r.host.lock.gate.is_open());
    assert_eq!(r.host.session().warnings(Color::White), 0);
    // A wrong PIN is refused and the prompt stays.
    r.apply(Command::SubmitPin("wrong-pin".to_owned()));
    assert!(r.host.lock.gate.wrong() && r.host.lock.gate.is_open());
    r.unlock();
    assert_eq!(r.host.session().warnings(Color::White), 1);
    // Within 60 s the next ruling goes through; after, it asks again.
    r.at(50_000).apply(warn(Color::Black));
    assert_eq!(r.host.session().warnings(Color::Black), 1);
    r.at(70_000).apply(warn(Color::White));
    assert!(r.host.lock.gate.is_open(), "the lock closed by itself");
    assert_eq!(r.host.session().warnings(Color::White), 1);
    r.apply(Command::CancelPin);
    // "Lock now" closes it at once; the take-back is locked too.
    r.at(80_000).apply(Command::Undo);
    r.unlock();
    r.at(81_000).apply(Command::LockNow);
    r.at(82_000).apply(Command::Undo);
    assert!(r.host.lock.gate.is_open(), "locked now");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A ko on a 9×9 board: Black captures at D5 (a single stone), and White's immediate
/// recapture at E5 is refused under every ko rule, with the offer of Art. 20.1.
#[test]
fn issue17_an_immediate_ko_recapture_offers_a_void_at_20_1_under_every_ko_rule() {
    for ko in [KoRule::Positional, KoRule::Situational, KoRule::Simple] {
        let dir = temp(&format!("ko-{ko:?}"));
        let mut r = Rig::new(&dir, Timestamp(0));
        let mut setup = GameSetup {
            size: 9,
            ..GameSetup::default()
        };
        setup.rules.ko = ko;
        r.new_game(setup, Some(PIN));
        // Black: D6 C5 D4; White: E6 F5 E4 D5 … then Black E5 captures D5.
        for (i, p) in ["D6", "E6", "C5", "F5", "D4", "E4", "A1", "D5", "E5"]
            .iter()
            .enumerate()
        {
            r.at(1_000 + i as u64 * 1_000).click(p);
        }
        assert_eq!(r.host.session().game().captures(Color::Black), 1, "{ko:?}");
        r.at(20_000).click("D5");
        let Some(Notice::Refusal(at, _)) = r.host.notice.clone() else {
            panic!("{ko:?}: refused, {:?}", r.host.notice);
        };
        let offers = tianyuan::app::offers::offers_for(r.host.session(), Color::White, at);
        assert_eq!(offers.len(), 1, "{ko:?}: one offer");
        assert_eq!(
            offers[0].label(Lang::En),
            "Void: counts as one pass (Art. 20.1)",
            "{ko:?}"
        );
        r.at(21_000).apply(Command::Arbiter(offers[0].act.clone()));
        r.unlock();
        let ruling = r.host.session().rulings().last().cloned().expect("ruled");
        assert_eq!(ruling.article, "20.1", "{ko:?}");
        assert_eq!(r.host.session().side_to_move(), Color::Black, "a pass");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn issue17_a_suicide_offers_a_void_at_19() {
    let dir = temp("suicide");
    let mut r = Rig::new(&dir, Timestamp(0));
    r.new_game(
        GameSetup {
            size: 9,
            ..GameSetup::default()
        },
        Some(PIN),
    );
    for (i, p) in ["B1", "E5", "A2", "E6"].iter().enumerate() {
        r.at(1_000 + i as u64 * 1_000).click(p);
    }
    // Black to move; White at A1 would be suicide after Black's B1 and A2 — play a waiting
    // move so White is to move.
    r.at(6_000).click("G7");
    r.at(7_000).click("A1");
    let Some(Notice::Refusal(at, _)) = r.host.notice.clone() else {
        panic!("refused: {:?}", r.host.notice);
    };
    let offers = tianyuan::app::offers::offers_for(r.host.session(), Color::White, at);
    assert_eq!(
        offers[0].label(Lang::En),
        "Void: counts as one pass (Art. 19)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue17_every_exit_asks_about_the_work_it_would_drop() {
    let dir = temp("exits");
    let mut r = Rig::new(&dir, Timestamp(0));
    // A live game.
    r.at(1_000).click("E5");
    // A new game asks first, and "keep it resumable" keeps the old file.
    r.at(2_000).new_game(clocked(10), None);
    assert!(matches!(r.host.question, Some(Question::ReplaceGame(_))));
    r.apply(Command::Unsaved(UnsavedAnswer::Cancel));
    assert_eq!(r.host.session().log().len(), 1, "cancel keeps the game");
    r.at(3_000).new_game(clocked(10), None);
    r.apply(Command::Unsaved(UnsavedAnswer::Save));
    assert_eq!(r.host.session().log().len(), 0, "a new game");
    assert_eq!(sessions(&dir).len(), 1, "the old game stays on disk");
    // A review edit: Quit asks save / discard / cancel.
    r.apply(Command::window(
        WindowId::Review,
        tianyuan::app::review::ReviewCommand::Play(tianyuan::rules::Move::Play(Coord::new(3, 3))),
    ));
    r.apply(Command::Quit);
    let Some(Question::Unsaved(asking)) = &r.host.question else {
        panic!("asked: {:?}", r.host.question);
    };
    assert!(matches!(asking.exit, Exit::Quit));
    r.apply(Command::Unsaved(UnsavedAnswer::Cancel));
    assert!(!r.closed && r.host.question.is_none());
    // The window's close button takes the same way.
    let fx = r.host.apply(Command::CloseRequested, r.now);
    assert!(fx.iter().any(|e| matches!(e, Effect::CancelClose)));
    assert!(matches!(r.host.question, Some(Question::Unsaved(_))));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    assert!(r.closed, "discarding closes the window");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue17_a_problem_draft_is_asked_about_before_it_is_replaced() {
    let dir = temp("problems");
    let mut r = Rig::new(&dir, Timestamp(0));
    use tianyuan::app::problems::ProblemCommand;
    r.apply(Command::open(WindowId::Problems));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::NewProblem(9),
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::Click(Coord::new(2, 2)),
    ));
    assert!(!r.host.unsaved().is_empty(), "a draft is unsaved work");
    for exit in [
        ProblemCommand::NewProblem(13),
        ProblemCommand::OpenShipped(0),
        ProblemCommand::OpenFile,
    ] {
        r.apply(Command::window(WindowId::Problems, exit));
        assert!(
            matches!(r.host.question, Some(Question::Unsaved(_))),
            "asked: {:?}",
            r.host.question
        );
        r.apply(Command::Unsaved(UnsavedAnswer::Cancel));
    }
    r.apply(Command::close(WindowId::Problems));
    assert!(matches!(r.host.question, Some(Question::Unsaved(_))));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    assert!(!r.host.windows.problems.shown);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue17_the_second_warning_is_spoken_after_the_clock_calls_are_cancelled() {
    let dir = temp("spoken");
    let voice = NullAnnouncer::new();
    let (mut host, fx) = Host::new(
        Settings::default(),
        Lang::En,
        Some(dir.clone()),
        Timestamp(0),
    );
    host.kdf = KdfParams::TEST_ONLY;
    let mut r = Rig {
        host,
        runner: Runner::new(tianyuan::wake::none(), Box::new(voice.clone()), false),
        now: Timestamp(0),
        closed: false,
    };
    r.run(fx);
    r.settle();
    r.new_game(clocked(10), Some(PIN));
    r.at(1_000).click("E5");
    for t in [2_000, 3_000] {
        r.at(t).apply(Command::Arbiter(ArbiterAct::Ruling {
            event: Event::Warn(Color::White),
            article: None,
            note: None,
        }));
        if r.host.lock.gate.is_open() {
            r.unlock();
        }
    }
    assert!(r.host.session().outcome().is_some());
    let requests = voice.requests();
    let last_cancel = requests
        .iter()
        .rposition(|q| matches!(q, tianyuan::audio::Request::Cancel));
    let loss = requests.iter().rposition(|q| {
        matches!(
            q,
            tianyuan::audio::Request::SayNow(tianyuan::clock::Phrase::SecondWarningLoss)
        )
    });
    assert!(loss > last_cancel, "{requests:?}");
    assert_eq!(
        r.host.session().phase(),
        &Phase::Finished(r.host.session().outcome().cloned().expect("over"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}
