//! The sub-windows on the window's one host and one effects runner (issue 17 items 1, 2, 7, 9
//! and 10), without a window: the review tab, the problems window and its editor, the
//! tournament window and teaching mode driven by commands with injected times, their files and
//! workers carried out by the real runner (no file dialog here: the host asks for paths), and
//! what is on disk and in the registry of unsaved work afterwards. Each test is a scenario a
//! teacher, a reviewer or a tournament director walks.

use std::path::{Path, PathBuf};
use std::time::Duration;

use tianyuan::app::command::{Exit, NewGameRequest, UnsavedAnswer};
use tianyuan::app::effects::Runner;
use tianyuan::app::host::{Effect, Question, WindowId};
use tianyuan::app::problems::ProblemCommand;
use tianyuan::app::protocol::Work;
use tianyuan::app::review::ReviewCommand;
use tianyuan::app::review_tools::ToolsAction;
use tianyuan::app::teach::state::TeachCommand;
use tianyuan::app::tournament::{Action, TournamentCommand};
use tianyuan::app::{Command, Host, Settings};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::Timestamp;
use tianyuan::i18n::Lang;
use tianyuan::review::InfoField;
use tianyuan::rules::{Coord, Move};
use tianyuan::seal::KdfParams;
use tianyuan::session::GameSetup;
use tianyuan::tournament::System;

/// A host and its runner over a temporary sessions folder.
struct Rig {
    host: Host,
    runner: Runner,
    now: Timestamp,
    /// Whether an effect asked the window to close.
    closed: bool,
    dir: PathBuf,
}

impl Rig {
    fn new(name: &str) -> Rig {
        let dir = temp(name);
        let sessions = dir.join("sessions");
        std::fs::create_dir_all(&sessions).expect("sessions folder");
        let (mut host, fx) = Host::new(Settings::default(), Lang::En, Some(sessions), Timestamp(0));
        host.kdf = KdfParams::TEST_ONLY;
        let mut rig = Rig {
            host,
            runner: Runner::new(
                tianyuan::wake::none(),
                Box::new(NullAnnouncer::new()),
                false,
            ),
            now: Timestamp(0),
            closed: false,
            dir,
        };
        rig.run(fx);
        rig.settle();
        rig
    }

    fn run(&mut self, fx: Vec<Effect>) {
        self.closed |= fx.iter().any(|e| matches!(e, Effect::CloseWindow));
        self.runner.run(fx);
    }

    /// Applies `cmd` and returns at once (the runner's threads work on).
    fn apply_now(&mut self, cmd: Command) {
        self.now = Timestamp(self.now.0 + 10);
        let fx = self.host.apply(cmd, self.now);
        self.run(fx);
    }

    /// Applies `cmd` and waits for every answer, as a user who waits for "Saved" would.
    fn apply(&mut self, cmd: Command) {
        self.apply_now(cmd);
        self.settle();
    }

    fn settle(&mut self) {
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
                // What every frame checks (a save the question waits for, a path waiting).
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

    /// Answers the path question (no dialog here) with `path`.
    fn type_path(&mut self, path: &Path) {
        assert!(
            matches!(self.host.question, Some(Question::Path(..))),
            "a path is asked: {:?}",
            self.host.question
        );
        self.apply(Command::PathTyped(Some(path.to_path_buf())));
    }

    fn owners_unsaved(&self) -> Vec<WindowId> {
        self.host.unsaved().iter().map(|i| i.owner).collect()
    }

    fn asked_about(&self) -> Option<Vec<WindowId>> {
        match &self.host.question {
            Some(Question::Unsaved(a)) => Some(a.items.iter().map(|i| i.owner).collect()),
            _ => None,
        }
    }
}

impl Drop for Rig {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ty-subapps-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// The first three problems of the first shipped collection as a teacher's file (the shipped
/// collection itself grew with issue 20's curriculum).
fn collection_file(dir: &Path) -> PathBuf {
    let path = dir.join("mine.sgf");
    let sgf = tianyuan::problems::builtin::COLLECTIONS[0].sgf;
    let reading = tianyuan::record::read(sgf.as_bytes()).expect("the shipped collection");
    let trees: Vec<_> = reading.collection.trees.into_iter().take(3).collect();
    assert_eq!(trees.len(), 3);
    let text = tianyuan::record::write(&tianyuan::record::Collection { trees });
    std::fs::write(&path, text).expect("write the collection");
    path
}

fn trees(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).expect("read");
    let reading = tianyuan::record::read(&bytes).expect("an SGF collection");
    reading
        .collection
        .trees
        .iter()
        .map(|t| {
            tianyuan::record::write(&tianyuan::record::Collection {
                trees: vec![t.clone()],
            })
        })
        .collect()
}

const PLAYERS: &str = "name,rank\nAn,5d\nBo,4d\nCe,3d\nDi,2d\n";

fn new_event() -> Command {
    Command::window(
        WindowId::Tournament,
        TournamentCommand::Act(Action::NewFromPlayers {
            csv: PLAYERS.into(),
            system: System::Swiss,
            rounds: Some(3),
            seed: 1,
        }),
    )
}

// ----- every way out × every kind of unsaved work -----

/// A kind of unsaved work and how a user makes it.
#[derive(Clone, Copy, Debug)]
enum Work_ {
    /// A move played in the record under review.
    ReviewEdit,
    /// A game-information value typed, not committed with Enter.
    ReviewInfoTyped,
    /// A comment typed, not committed.
    ReviewCommentTyped,
    /// A problem being written.
    ProblemDraft,
    /// A problem of an opened collection edited.
    ProblemOfCollection,
    /// The tournament window's event changed.
    TournamentEdit,
}

impl Work_ {
    const ALL: [Work_; 6] = [
        Work_::ReviewEdit,
        Work_::ReviewInfoTyped,
        Work_::ReviewCommentTyped,
        Work_::ProblemDraft,
        Work_::ProblemOfCollection,
        Work_::TournamentEdit,
    ];

    fn owner(self) -> WindowId {
        match self {
            Work_::ReviewEdit | Work_::ReviewInfoTyped | Work_::ReviewCommentTyped => {
                WindowId::Review
            }
            Work_::ProblemDraft | Work_::ProblemOfCollection => WindowId::Problems,
            Work_::TournamentEdit => WindowId::Tournament,
        }
    }

    fn make(self, r: &mut Rig) {
        match self {
            Work_::ReviewEdit => r.apply(Command::window(
                WindowId::Review,
                ReviewCommand::Play(Move::Play(Coord::new(3, 3))),
            )),
            // What the views do while a field has the keyboard: only their text buffer.
            Work_::ReviewInfoTyped => r
                .host
                .windows
                .review
                .type_info(InfoField::Event, "Spring cup"),
            Work_::ReviewCommentTyped => r.host.windows.review.type_comment("Black should tenuki"),
            Work_::ProblemDraft => {
                r.apply(Command::open(WindowId::Problems));
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::NewProblem(9),
                ));
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::Click(Coord::new(2, 2)),
                ));
            }
            Work_::ProblemOfCollection => {
                let file = collection_file(&r.dir);
                r.apply(Command::open(WindowId::Problems));
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::OpenFile,
                ));
                r.type_path(&file);
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::Select(1),
                ));
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::EditThis,
                ));
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::SetText("Two".into(), "Capture two stones.".into()),
                ));
            }
            Work_::TournamentEdit => {
                r.apply(Command::open(WindowId::Tournament));
                r.apply(new_event());
            }
        }
        assert_eq!(
            r.owners_unsaved(),
            vec![self.owner()],
            "{self:?} is unsaved work"
        );
    }
}

/// A way out, and whose unsaved work it would drop (`None`: nobody's).
struct WayOut {
    name: &'static str,
    go: fn(&mut Rig),
    drops: Option<WindowId>,
    /// Drops every kind (quitting).
    drops_all: bool,
}

fn ways_out() -> Vec<WayOut> {
    let all = |name, go| WayOut {
        name,
        go,
        drops: None,
        drops_all: true,
    };
    let of = |name, go, owner| WayOut {
        name,
        go,
        drops: Some(owner),
        drops_all: false,
    };
    let none = |name, go| WayOut {
        name,
        go,
        drops: None,
        drops_all: false,
    };
    vec![
        all("Ctrl+Q", |r| r.apply(Command::Quit)),
        all("the close button", |r| r.apply(Command::CloseRequested)),
        all("Ctrl+Q in teaching mode", |r| {
            r.apply(Command::TeachingMode(true));
            r.apply(Command::Quit);
        }),
        none("New game", |r| {
            r.apply(Command::NewGame(Box::new(NewGameRequest {
                setup: GameSetup {
                    size: 9,
                    ..GameSetup::default()
                },
                pin: None,
            })))
        }),
        none("the New game dialog", |r| {
            r.apply(Command::OpenNewGameDialog)
        }),
        none("leaving teaching mode", |r| {
            r.apply(Command::TeachingMode(true));
            r.apply(Command::TeachingMode(false));
        }),
        none("a language switch", |r| {
            r.apply(Command::SetLang(Lang::ZhHans))
        }),
        of(
            "the review tab's Open",
            |r| r.apply(Command::window(WindowId::Review, ReviewCommand::OpenDialog)),
            WindowId::Review,
        ),
        of(
            "a recent file",
            |r| {
                let f = r.dir.join("recent.sgf");
                std::fs::write(&f, "(;SZ[13];B[gg])").expect("write");
                r.apply(Command::window(
                    WindowId::Review,
                    ReviewCommand::OpenPath(f),
                ));
            },
            WindowId::Review,
        ),
        of(
            "a new record",
            |r| {
                r.apply(Command::window(
                    WindowId::Review,
                    ReviewCommand::NewRecord(13),
                ))
            },
            WindowId::Review,
        ),
        of(
            "a file named on the command line",
            |r| {
                let f = r.dir.join("named.sgf");
                std::fs::write(&f, "(;SZ[13];B[gg])").expect("write");
                r.apply(Command::OpenRecord(f));
            },
            WindowId::Review,
        ),
        of(
            "Write a problem",
            |r| {
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::NewProblem(13),
                ))
            },
            WindowId::Problems,
        ),
        of(
            "Edit this problem",
            |r| {
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::StopEditing,
                ));
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::EditThis,
                ));
            },
            WindowId::Problems,
        ),
        of(
            "switching the problem set",
            |r| {
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::OpenShipped(1),
                ))
            },
            WindowId::Problems,
        ),
        of(
            "Open SGF… in the problems window",
            |r| {
                r.apply(Command::window(
                    WindowId::Problems,
                    ProblemCommand::OpenFile,
                ))
            },
            WindowId::Problems,
        ),
        of(
            "closing the problems window",
            |r| r.apply(Command::close(WindowId::Problems)),
            WindowId::Problems,
        ),
        of(
            "the tournament window's Open",
            |r| {
                r.apply(Command::window(
                    WindowId::Tournament,
                    TournamentCommand::OpenEvent,
                ))
            },
            WindowId::Tournament,
        ),
        of(
            "a new event from players.csv",
            |r| {
                r.apply(Command::window(
                    WindowId::Tournament,
                    TournamentCommand::NewFromPlayers {
                        system: System::RoundRobin,
                        rounds: None,
                        seed: 0,
                    },
                ))
            },
            WindowId::Tournament,
        ),
        of(
            "closing the tournament window",
            |r| r.apply(Command::close(WindowId::Tournament)),
            WindowId::Tournament,
        ),
    ]
}

#[test]
fn issue17_every_way_out_asks_about_exactly_the_work_it_would_drop() {
    let mut checked = 0;
    for (i, work) in Work_::ALL.into_iter().enumerate() {
        for (j, way) in ways_out().into_iter().enumerate() {
            let mut r = Rig::new(&format!("exit-{i}-{j}"));
            work.make(&mut r);
            (way.go)(&mut r);
            let asked = way.drops_all || way.drops == Some(work.owner());
            let what = format!("{work:?} × {}", way.name);
            if asked {
                assert_eq!(
                    r.asked_about(),
                    Some(vec![work.owner()]),
                    "{what}: asked about the work"
                );
                assert!(!r.closed, "{what}: nothing done before the answer");
                r.apply(Command::Unsaved(UnsavedAnswer::Cancel));
                assert!(r.host.question.is_none(), "{what}");
            } else {
                assert_eq!(r.asked_about(), None, "{what}: nothing of it would be lost");
            }
            assert!(!r.closed, "{what}: the window stays");
            assert_eq!(
                r.owners_unsaved(),
                vec![work.owner()],
                "{what}: the work is still there, still unsaved"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, Work_::ALL.len() * ways_out().len());
}

#[test]
fn issue17_discard_goes_on_and_the_work_is_dropped() {
    for work in Work_::ALL {
        let mut r = Rig::new("discard");
        work.make(&mut r);
        r.apply(Command::Quit);
        assert_eq!(r.asked_about(), Some(vec![work.owner()]), "{work:?}");
        r.apply(Command::Unsaved(UnsavedAnswer::Discard));
        assert!(r.closed, "{work:?}: the window closes");
    }
    // A file opened over discarded review edits replaces them when it arrives.
    let mut r = Rig::new("discard-open");
    Work_::ReviewEdit.make(&mut r);
    let f = r.dir.join("other.sgf");
    std::fs::write(&f, "(;SZ[13];B[gg])").expect("write");
    r.apply(Command::window(
        WindowId::Review,
        ReviewCommand::OpenPath(f),
    ));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    assert_eq!(r.host.windows.review.review().size(), 13);
    assert!(r.owners_unsaved().is_empty());
    // A dialog cancelled after "Discard" keeps the edits, still unsaved.
    let mut r = Rig::new("discard-cancelled");
    Work_::ReviewEdit.make(&mut r);
    r.apply(Command::window(WindowId::Review, ReviewCommand::OpenDialog));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    r.apply(Command::PathTyped(None));
    assert_eq!(r.owners_unsaved(), vec![WindowId::Review]);
    assert_eq!(r.host.windows.review.review().size(), 19);
}

/// "Save" in the question saves every item — each path asked in turn where no dialog shows
/// — and only then goes on.
#[test]
fn issue17_save_all_then_quit_waits_for_every_save() {
    let mut r = Rig::new("save-all");
    Work_::ReviewEdit.make(&mut r);
    r.apply(Command::open(WindowId::Problems));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::NewProblem(9),
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::Click(Coord::new(2, 2)),
    ));
    r.apply(Command::open(WindowId::Tournament));
    r.apply(new_event());
    r.host
        .windows
        .review
        .type_info(InfoField::Event, "Spring cup");
    r.apply(Command::Quit);
    assert_eq!(
        r.asked_about(),
        Some(vec![
            WindowId::Review,
            WindowId::Problems,
            WindowId::Tournament
        ])
    );
    r.apply(Command::Unsaved(UnsavedAnswer::Save));
    let (review, problems, event) = (
        r.dir.join("review.sgf"),
        r.dir.join("problems.sgf"),
        r.dir.join("event.ron"),
    );
    for path in [&review, &problems, &event] {
        assert!(!r.closed, "the window waits for {}", path.display());
        r.type_path(path);
    }
    assert!(r.closed, "every save is on disk: the window closes");
    let sgf = std::fs::read_to_string(&review).expect("review saved");
    assert!(
        sgf.contains("B[dd]") && sgf.contains("EV[Spring cup]"),
        "{sgf}"
    );
    assert!(
        std::fs::read_to_string(&problems)
            .expect("problem")
            .contains("AB[cc]")
    );
    assert!(
        std::fs::read_to_string(&event)
            .expect("event")
            .contains("An")
    );
}

/// A path question cancelled stops the exit and keeps the work.
#[test]
fn issue17_a_save_cancelled_keeps_the_window_open() {
    let mut r = Rig::new("save-cancel");
    Work_::TournamentEdit.make(&mut r);
    r.apply(Command::Quit);
    r.apply(Command::Unsaved(UnsavedAnswer::Save));
    r.apply(Command::PathTyped(None));
    assert!(!r.closed);
    assert_eq!(r.owners_unsaved(), vec![WindowId::Tournament]);
    assert!(r.host.question.is_none());
}

// ----- text fields, saves in flight, collections -----

/// Issue 17 item 7: a game-information value typed and not committed with Enter is written
/// before the save, and the record is clean only once it is on disk.
#[test]
fn issue17_the_info_field_typed_is_committed_on_save() {
    let mut r = Rig::new("info");
    let file = r.dir.join("game.sgf");
    std::fs::write(&file, "(;GM[1]FF[4]SZ[9];B[ee];W[cc])").expect("write");
    r.apply(Command::OpenRecord(file.clone()));
    assert_eq!(r.host.windows.review.review().size(), 9);
    r.host
        .windows
        .review
        .type_info(InfoField::Event, "Future of Go");
    r.host.windows.review.type_info(InfoField::Round, "3");
    assert_eq!(
        r.owners_unsaved(),
        vec![WindowId::Review],
        "typing is unsaved work"
    );
    r.apply(Command::window(WindowId::Review, ReviewCommand::Save));
    let sgf = std::fs::read_to_string(&file).expect("saved");
    assert!(
        sgf.contains("EV[Future of Go]") && sgf.contains("RO[3]"),
        "{sgf}"
    );
    assert!(
        r.owners_unsaved().is_empty(),
        "clean: what was typed is on disk"
    );
    // The same through the unsaved question on the way out.
    r.host
        .windows
        .review
        .type_comment("Here White should play elsewhere");
    r.apply(Command::CloseRequested);
    r.apply(Command::Unsaved(UnsavedAnswer::Save));
    assert!(r.closed);
    let sgf = std::fs::read_to_string(&file).expect("saved");
    assert!(sgf.contains("C[Here White should play elsewhere]"), "{sgf}");
}

/// Issue 17 item 7: an edit made while a save runs stays unsaved (review, problems,
/// tournament).
#[test]
fn issue17_an_edit_made_while_a_save_runs_stays_unsaved() {
    let mut r = Rig::new("inflight");
    let file = r.dir.join("game.sgf");
    std::fs::write(&file, "(;GM[1]FF[4]SZ[9];B[ee])").expect("write");
    r.apply(Command::OpenRecord(file.clone()));
    r.apply(Command::window(
        WindowId::Review,
        ReviewCommand::Nav(tianyuan::app::review::Nav::Last),
    ));
    r.apply(Command::window(
        WindowId::Review,
        ReviewCommand::Play(Move::Play(Coord::new(2, 2))),
    ));
    r.apply_now(Command::window(WindowId::Review, ReviewCommand::Save));
    r.apply_now(Command::window(
        WindowId::Review,
        ReviewCommand::Play(Move::Play(Coord::new(6, 6))),
    ));
    r.settle();
    assert_eq!(r.owners_unsaved(), vec![WindowId::Review], "the later move");
    let sgf = std::fs::read_to_string(&file).expect("saved");
    assert!(sgf.contains("W[cc]") && !sgf.contains("B[gg]"), "{sgf}");

    // The tournament window.
    r.apply(Command::open(WindowId::Tournament));
    r.apply(new_event());
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::SaveAs,
    ));
    r.type_path(&r.dir.join("event.ron"));
    assert!(!r.owners_unsaved().contains(&WindowId::Tournament));
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::Act(Action::DraftNext),
    ));
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::Act(Action::Publish),
    ));
    r.apply_now(Command::window(
        WindowId::Tournament,
        TournamentCommand::Save,
    ));
    r.apply_now(Command::window(
        WindowId::Tournament,
        TournamentCommand::Act(Action::SetResult {
            round: 1,
            board: 1,
            outcome: Some(tianyuan::tournament::Outcome::BlackWins),
        }),
    ));
    r.settle();
    assert!(r.owners_unsaved().contains(&WindowId::Tournament));

    // The problems window.
    r.apply(Command::open(WindowId::Problems));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::NewProblem(9),
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::Click(Coord::new(2, 2)),
    ));
    r.apply(Command::window(WindowId::Problems, ProblemCommand::Save));
    r.type_path(&r.dir.join("p.sgf"));
    assert!(!r.owners_unsaved().contains(&WindowId::Problems));
    r.apply_now(Command::window(WindowId::Problems, ProblemCommand::Save));
    r.apply_now(Command::window(
        WindowId::Problems,
        ProblemCommand::Click(Coord::new(6, 6)),
    ));
    r.settle();
    assert!(r.owners_unsaved().contains(&WindowId::Problems));
}

/// Issue 17 item 7 (issue text 13): editing one problem of an opened collection and saving
/// writes the whole collection: three problems stay three.
#[test]
fn issue17_saving_a_problem_of_a_collection_keeps_the_others() {
    let mut r = Rig::new("collection");
    let file = collection_file(&r.dir);
    let before = trees(&file);
    // The first shipped collection, however many problems it holds today.
    let shipped = before.len();
    assert!(shipped >= 3);
    r.apply(Command::open(WindowId::Problems));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::OpenFile,
    ));
    r.type_path(&file);
    assert_eq!(
        r.host.windows.problems.set.as_ref().map(|s| s.len()),
        Some(shipped)
    );
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::Select(1),
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::EditThis,
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::SetText(
            "The second, edited".into(),
            "Black to play: capture.".into(),
        ),
    ));
    r.apply(Command::window(WindowId::Problems, ProblemCommand::Save));
    assert!(
        r.host.question.is_none(),
        "saved to its file, nothing asked"
    );
    let after = trees(&file);
    assert_eq!(
        after.len(),
        shipped,
        "every problem of the collection stays"
    );
    assert_eq!(after[0], before[0]);
    assert_eq!(after[2], before[2]);
    assert!(after[1].contains("GN[The second, edited]"), "{}", after[1]);
    assert!(r.owners_unsaved().is_empty());
    // The set being solved shows the problem as saved.
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::StopEditing,
    ));
    let name = r
        .host
        .windows
        .problems
        .set
        .as_ref()
        .and_then(|s| s.problem(1))
        .and_then(|p| p.name());
    assert_eq!(name.as_deref(), Some("The second, edited"));
    // Editing another problem of it goes on from the saved file.
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::Select(2),
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::EditThis,
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::SetText("The third".into(), String::new()),
    ));
    r.apply(Command::window(WindowId::Problems, ProblemCommand::Save));
    let last = trees(&file);
    assert_eq!(last.len(), shipped);
    assert!(last[1].contains("GN[The second, edited]") && last[2].contains("GN[The third]"));

    // A shipped set is never written over: its problems are saved where the teacher says.
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::OpenShipped(0),
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::EditThis,
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::SetText("Mine".into(), String::new()),
    ));
    r.apply(Command::window(WindowId::Problems, ProblemCommand::Save));
    let copy = r.dir.join("copy.sgf");
    r.type_path(&copy);
    let shipped =
        tianyuan::record::read(tianyuan::problems::builtin::COLLECTIONS[0].sgf.as_bytes())
            .expect("the shipped collection")
            .collection
            .trees
            .len();
    assert_eq!(
        trees(&copy).len(),
        shipped,
        "the whole shipped set, with the edit"
    );
}

// ----- no dialog: the path question -----

#[test]
fn issue17_without_a_dialog_problems_and_tournament_ask_for_a_path() {
    let mut r = Rig::new("paths");
    // Problems: Open SGF… and Save SGF… (a new problem has no file yet).
    let file = collection_file(&r.dir);
    let shipped = trees(&file).len();
    r.apply(Command::open(WindowId::Problems));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::OpenFile,
    ));
    assert!(matches!(
        r.host.question,
        Some(Question::Path(WindowId::Problems, _))
    ));
    r.type_path(&file);
    assert_eq!(
        r.host.windows.problems.source,
        Some(tianyuan::app::problems::Source::File(file.clone()))
    );
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::NewProblem(9),
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::Click(Coord::new(4, 4)),
    ));
    r.apply(Command::window(WindowId::Problems, ProblemCommand::Save));
    let new = r.dir.join("new.sgf");
    r.type_path(&new);
    assert!(new.exists() && r.owners_unsaved().is_empty());
    // A typed path never replaces a file that is there: it says so.
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::Click(Coord::new(5, 5)),
    ));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::NewProblem(9),
    ));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    r.apply(Command::window(
        WindowId::Problems,
        ProblemCommand::Click(Coord::new(3, 3)),
    ));
    r.apply(Command::window(WindowId::Problems, ProblemCommand::Save));
    r.type_path(&file);
    assert!(
        r.host.windows.problems.notice.is_some(),
        "already there, said"
    );
    assert_eq!(trees(&file).len(), shipped, "the collection untouched");

    // Tournament: a new event from players.csv, Save (as), the printable standings, Open.
    let csv = r.dir.join("players.csv");
    std::fs::write(&csv, PLAYERS).expect("csv");
    r.apply(Command::open(WindowId::Tournament));
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::NewFromPlayers {
            system: System::Swiss,
            rounds: Some(3),
            seed: 2,
        },
    ));
    r.type_path(&csv);
    assert_eq!(
        r.host
            .windows
            .tournament
            .state
            .event
            .as_ref()
            .map(|t| t.players.len()),
        Some(4)
    );
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::Save,
    ));
    let ron = r.dir.join("event.ron");
    r.type_path(&ron);
    assert!(ron.exists() && !r.host.windows.tournament.state.unsaved);
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::ExportHtml,
    ));
    let html = r.dir.join("standings.html");
    r.type_path(&html);
    assert!(std::fs::read_to_string(&html).expect("html").contains("An"));
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::Act(Action::DraftNext),
    ));
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::Act(Action::Publish),
    ));
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::Save,
    ));
    assert!(r.host.question.is_none(), "saved where it was saved");
    r.apply(Command::close(WindowId::Tournament));
    r.apply(Command::open(WindowId::Tournament));
    r.apply(Command::window(
        WindowId::Tournament,
        TournamentCommand::OpenEvent,
    ));
    r.type_path(&ron);
    assert_eq!(
        r.host
            .windows
            .tournament
            .state
            .event
            .as_ref()
            .map(|t| t.played.len()),
        Some(1),
        "the round published is in the file"
    );
}

// ----- the runner owns every thread -----

/// Issue 17 items 2 and 10: the sub-windows start no thread of their own. Without the runner,
/// their work is only effects: nothing is read, thought or checked.
#[test]
fn issue17_without_the_runner_the_sub_windows_do_nothing_on_their_own() {
    let (mut host, _) = Host::new(Settings::default(), Lang::En, None, Timestamp(0));
    host.kdf = KdfParams::TEST_ONLY;
    let mut effects = Vec::new();
    // Teaching mode against our computer (White): the child's move, then the computer's turn.
    effects.extend(host.apply(Command::TeachingMode(true), Timestamp(1)));
    effects.extend(host.apply(
        Command::window(WindowId::Teach, TeachCommand::Click(Coord::new(4, 4))),
        Timestamp(2),
    ));
    // The review tab: a dead-stone suggestion and an engine review.
    effects.extend(host.apply(
        Command::window(WindowId::ReviewTools, ToolsAction::SuggestDead(true)),
        Timestamp(3),
    ));
    effects.extend(host.apply(
        Command::window(
            WindowId::ReviewTools,
            ToolsAction::Start(tianyuan::app::review_tools::EngineChoice::GnuGo(1)),
        ),
        Timestamp(4),
    ));
    // Files: the problems window's Open SGF…
    effects.extend(host.apply(Command::open(WindowId::Problems), Timestamp(5)));
    effects.extend(host.apply(
        Command::window(WindowId::Problems, ProblemCommand::OpenFile),
        Timestamp(6),
    ));
    let has = |f: &dyn Fn(&Effect) -> bool| effects.iter().any(f);
    assert!(has(&|e| matches!(
        e,
        Effect::Work(_, Work::StartComputer { .. })
    )));
    assert!(has(&|e| matches!(
        e,
        Effect::Work(_, Work::AskComputer { .. })
    )));
    assert!(has(&|e| matches!(e, Effect::Work(_, Work::Suggest { .. }))));
    assert!(has(&|e| matches!(
        e,
        Effect::Work(_, Work::StartReview { .. })
    )));
    assert!(has(&|e| matches!(e, Effect::File(WindowId::Problems, _))));
    // Frames pass: nothing answers but the runner, and there is none.
    for t in 0..50 {
        let _ = host.tick(Timestamp(400 + t));
    }
    let teach = host.windows.teach.state().expect("teaching");
    assert!(teach.computer_thinking(), "nobody answered");
    assert_eq!(teach.game().moves().len(), 1);
    assert!(host.windows.review_tools.dead.computing());
    assert!(
        host.windows
            .review_tools
            .engine
            .as_ref()
            .is_some_and(|e| e.running())
    );
    assert!(host.windows.problems.busy());
}

/// The same, in the source: no module of the window but the effects runner (and the
/// monitor-size query at start) starts a thread, an engine worker or a review job.
#[test]
fn issue17_no_sub_window_starts_a_thread() {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("src/app").flatten() {
            let p = entry.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut files = Vec::new();
    walk(&root, &mut files);
    let allowed = ["effects", "screen_size.rs"];
    let mut offenders = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&root).expect("under src/app");
        if allowed.iter().any(|a| rel.starts_with(a)) {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("source");
        // Tests may sleep; only the code that runs in the window counts.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for needle in [
            "thread::spawn",
            "thread::Builder",
            "Worker::start",
            "ReviewJob::start",
            "EngineOpponent::start",
            "FileJobs",
        ] {
            if code.contains(needle) {
                offenders.push(format!("{}: {needle}", rel.display()));
            }
        }
    }
    assert!(offenders.is_empty(), "{offenders:?}");
}

// ----- teaching mode's PIN on the runner -----

#[test]
fn issue17_the_teachers_pin_is_set_and_checked_on_the_runner() {
    let mut r = Rig::new("pin");
    r.apply(Command::TeachingMode(true));
    r.apply(Command::window(WindowId::Teach, TeachCommand::OpenOptions));
    r.apply_now(Command::window(
        WindowId::Teach,
        TeachCommand::SetTeacherPin("panda-2026".into()),
    ));
    assert!(
        r.host.windows.teach.state().is_some_and(|s| s.pin_busy()),
        "derived on the runner, not in the command"
    );
    r.settle();
    assert!(
        r.host.settings.teach.teacher_pin.is_some(),
        "kept in the settings"
    );
    r.apply(Command::window(WindowId::Teach, TeachCommand::CloseOptions));
    // Ctrl+Q in teaching mode asks the teacher's PIN first; a wrong one keeps the mode.
    r.apply(Command::Quit);
    r.apply(Command::window(
        WindowId::Teach,
        TeachCommand::SubmitPin("panda".into()),
    ));
    assert!(!r.closed && r.host.teaching);
    r.apply(Command::window(
        WindowId::Teach,
        TeachCommand::SubmitPin("panda-2026".into()),
    ));
    assert!(r.closed, "the right PIN lets the window close");
    assert!(
        r.host.settings.teaching_on,
        "and teaching mode comes back at the next start"
    );
}

// ----- item 9: the engine review never lists a move that changed nothing -----

#[test]
fn issue17_the_engine_review_lists_no_move_whose_estimate_did_not_change() {
    let mut r = Rig::new("swings");
    let file = r.dir.join("game.sgf");
    // Black passes at move 3 and the estimate stays; the other moves change it.
    std::fs::write(
        &file,
        "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[];W[gg];B[cg])",
    )
    .expect("write");
    r.apply(Command::OpenRecord(file));
    let leads = std::sync::Arc::new(std::sync::Mutex::new(
        vec!["W+7.5", "B+10", "B+2", "B+2", "W+5", "B+1"].into_iter(),
    ));
    r.host.windows.review_tools.engine_for_tests = Some(std::sync::Arc::new(move || {
        let leads = std::sync::Arc::clone(&leads);
        Ok(Box::new(tianyuan::engine::ScriptedEngine::new(
            "scripted",
            move |cmd| {
                if cmd.starts_with("list_commands") {
                    return Ok(Ok("estimate_score\nplay\nboardsize".to_owned()));
                }
                if cmd.starts_with("estimate_score") {
                    let next = leads.lock().ok().and_then(|mut l| l.next());
                    return Ok(Ok(next.unwrap_or("0").to_owned()));
                }
                Ok(Ok(String::new()))
            },
        )) as Box<dyn tianyuan::engine::GtpEngine + Send>)
    }));
    r.apply(Command::window(
        WindowId::ReviewTools,
        ToolsAction::Start(tianyuan::app::review_tools::EngineChoice::GnuGo(1)),
    ));
    let e = r
        .host
        .windows
        .review_tools
        .engine
        .as_ref()
        .expect("reviewed");
    assert!(!e.running(), "{:?}", e.results.state);
    let swings = r.host.windows.review_tools.swings();
    assert!(!swings.is_empty());
    for s in &swings {
        assert!(
            (s.before - s.after).abs() > 0.01,
            "listed a move that changed nothing: {s:?}"
        );
        assert_ne!(s.move_number, 3, "the pass changed nothing");
    }
}

// ----- the exits the host asks: also reached by Leave -----

#[test]
fn issue17_leave_asks_the_same_question_as_the_buttons() {
    let mut r = Rig::new("leave");
    Work_::ReviewEdit.make(&mut r);
    r.apply(Command::Leave(Exit::Window(
        WindowId::Review,
        tianyuan::app::host::WindowCmd::of(ReviewCommand::NewRecord(9)),
    )));
    assert_eq!(r.asked_about(), Some(vec![WindowId::Review]));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    assert_eq!(
        r.host.windows.review.review().size(),
        9,
        "then the new record"
    );
    assert!(r.owners_unsaved().is_empty());
}

// ----- walks through the window by accessible names -----
//
// The window as a reviewer, a teacher and a director use it (egui_kittest, injected time, no
// file dialog: the window asks for paths). Each walk runs on a big stack, as
// `tests/window_walks.rs` does.

mod walks {
    use super::{PLAYERS, temp};
    use eframe::egui;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use std::path::Path;
    use std::rc::Rc;
    use std::time::Duration;
    use tianyuan::app::board_view::BoardLook;
    use tianyuan::app::host::WindowId;
    use tianyuan::app::{Command, TianyuanApp};
    use tianyuan::audio::NullAnnouncer;
    use tianyuan::clock::Timestamp;
    use tianyuan::i18n::Lang;
    use tianyuan::rules::Coord;
    use tianyuan::time::{ManualTimeSource, TimeSource};

    struct SharedTime(Rc<ManualTimeSource>);

    impl TimeSource for SharedTime {
        fn now(&self) -> Timestamp {
            self.0.now()
        }
    }

    type H = Harness<'static, TianyuanApp>;

    /// The window in `lang`, games in memory, no file dialog.
    fn window(lang: Lang) -> H {
        let time = Rc::new(ManualTimeSource::at(Timestamp(1_000)));
        let mut h = Harness::builder()
            .with_size(egui::Vec2::new(1280.0, 1000.0))
            .build_eframe(move |cc| {
                // One pass per frame: a frame that asks a worker is one step, and the next
                // step is the next frame (egui may otherwise run a second pass in a step).
                cc.egui_ctx
                    .options_mut(|o| o.max_passes = std::num::NonZeroUsize::MIN);
                TianyuanApp::for_tests(
                    &cc.egui_ctx,
                    lang,
                    Box::new(SharedTime(time)),
                    Box::new(NullAnnouncer::new()),
                )
            });
        h.run_steps(2);
        settle(&mut h);
        h
    }

    /// Waits for the runner's threads, then shows their answers.
    fn settle(h: &mut H) {
        assert!(h.state_mut().settle(Duration::from_secs(20)), "settled");
        h.run_steps(3);
    }

    fn click(h: &mut H, label: &str) {
        h.get_by_label(label).click();
        h.run_steps(3);
        settle(h);
    }

    fn click_contains(h: &mut H, label: &str) {
        h.get_by_label_contains(label).click();
        h.run_steps(3);
        settle(h);
    }

    /// A menu item under a menu of the bar.
    fn menu(h: &mut H, bar: &str, item: &str) {
        h.get_by_label(bar).click();
        h.run_steps(2);
        click(h, item);
    }

    /// Presses at `c` of the board named `board` (`size` lines) and releases there; the frame
    /// of the release (the click) is the last frame run.
    fn press_point(h: &mut H, board: &str, size: u8, c: Coord) {
        let rect = h.get_by_label_contains(board).rect();
        let (x, y) = BoardLook::default().geometry(size, rect).point_of(c);
        let p = egui::Pos2::new(x, y);
        h.hover_at(p);
        h.run_steps(1);
        h.drag_at(p);
        h.run_steps(1);
        // The release alone (`drop_at` queues a second event, hence a second frame).
        h.event(egui::Event::PointerButton {
            pos: p,
            button: egui::PointerButton::Primary,
            pressed: false,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }

    /// Answers the path question (no dialog here) with `path`.
    fn type_path(h: &mut H, lang: Lang, path: &Path) {
        h.run_steps(2);
        let field = lang.pick("路径", "路徑", "Path");
        h.get_by_label(field).focus();
        h.run_steps(1);
        h.get_by_label(field).type_text(&path.display().to_string());
        h.run_steps(1);
        click(h, lang.pick("确定", "確定", "OK"));
    }

    fn ctrl_q(h: &mut H) {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Q);
        h.run_steps(3);
        settle(h);
    }

    fn close_button(h: &mut H) {
        h.input_mut()
            .viewports
            .entry(egui::ViewportId::ROOT)
            .or_default()
            .events
            .push(egui::ViewportEvent::Close);
        h.run_steps(3);
        settle(h);
    }

    /// Whether the window closes (asked in the last frame, or on its way).
    fn closing(h: &H) -> bool {
        h.state().state.closing
            || h.output()
                .viewport_output
                .values()
                .any(|v| v.commands.contains(&egui::ViewportCommand::Close))
    }

    fn unsaved(h: &H) -> Vec<WindowId> {
        h.state().state.unsaved().iter().map(|i| i.owner).collect()
    }

    /// Runs a walk on a thread with room for the whole window on its stack.
    fn on_big_stack(walk: fn()) {
        let handle = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(walk)
            .expect("walk thread");
        if let Err(panic) = handle.join() {
            std::panic::resume_unwind(panic);
        }
    }

    /// A move on the review board (F4), in `lang`.
    fn review_move(h: &mut H, lang: Lang, c: Coord) {
        h.key_press(egui::Key::F4);
        h.run_steps(2);
        let board = lang.pick("复盘棋盘", "覆盤棋盤", "Review board");
        press_point(h, board, 19, c);
        h.run_steps(2);
        assert!(h.state().state.windows.review.has_unsaved_edits());
    }

    /// Issue 17 item 7: a review save that fails is said, not shown as saved, and the way out
    /// asks about the record again; a save that succeeds lets the window close.
    #[test]
    fn issue17_walk_a_review_save_that_fails_is_not_shown_saved() {
        on_big_stack(walk_a_review_save_that_fails);
    }

    fn walk_a_review_save_that_fails() {
        let dir = temp("walk-save-fails");
        // A folder nobody can write into, even root: a file stands where the folder would be.
        let blocker = dir.join("not-a-folder");
        std::fs::write(&blocker, "").expect("blocker");
        let mut h = window(Lang::En);
        review_move(&mut h, Lang::En, Coord::new(15, 3));
        click(&mut h, "Save *");
        type_path(&mut h, Lang::En, &blocker.join("game.sgf"));
        h.get_by_label_contains("Cannot read or write");
        assert!(
            h.query_all_by_label_contains("Saved").next().is_none(),
            "never said saved"
        );
        h.get_by_label("Save *");
        assert_eq!(unsaved(&h), vec![WindowId::Review]);
        // Ctrl+Q asks about the record again; Cancel keeps it.
        ctrl_q(&mut h);
        h.get_by_label_contains("The record under review");
        click(&mut h, "Cancel");
        assert!(!closing(&h));
        assert_eq!(unsaved(&h), vec![WindowId::Review], "still unsaved");
        // Save in the question: the path is asked again, this time a good one; the window
        // closes once the record is on disk.
        ctrl_q(&mut h);
        click(&mut h, "Save");
        assert!(!closing(&h), "the window waits for the save");
        let good = dir.join("game.sgf");
        type_path(&mut h, Lang::En, &good);
        h.run_steps(1);
        assert!(closing(&h), "saved: the window closes");
        let sgf = std::fs::read_to_string(&good).expect("saved");
        assert!(sgf.contains(";B[pd]"), "{sgf}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Issue 17 items 1 and 7: unsaved work in the review tab, the problems window and the
    /// tournament window; Ctrl+Q and the close button each ask (Save / Discard / Cancel) about
    /// all three, Cancel keeps everything, Discard closes. In the three languages.
    #[test]
    fn issue17_walk_quitting_with_unsaved_sub_windows_asks() {
        on_big_stack(walk_quitting_with_unsaved_sub_windows);
    }

    fn walk_quitting_with_unsaved_sub_windows() {
        for lang in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
            let dir = temp(&format!("walk-quit-{lang:?}"));
            let csv = dir.join("players.csv");
            std::fs::write(&csv, PLAYERS).expect("players.csv");
            let mut h = window(lang);
            let game = lang.pick("对局", "對局", "Game");
            review_move(&mut h, lang, Coord::new(3, 3));
            // A problem being written: one black stone on its board.
            menu(&mut h, game, lang.pick("死活题…", "死活題…", "Problems…"));
            click(
                &mut h,
                lang.pick("出题（老师）", "出題（老師）", "Write a problem (teacher)"),
            );
            let editor = lang.pick("出题棋盘", "出題棋盤", "problem editor");
            press_point(&mut h, editor, 9, Coord::new(2, 2));
            h.run_steps(2);
            // A new event from players.csv.
            menu(&mut h, game, lang.pick("赛事…", "賽事…", "Tournament…"));
            click(
                &mut h,
                lang.pick(
                    "打开 players.csv…",
                    "打開 players.csv…",
                    "Open players.csv…",
                ),
            );
            type_path(&mut h, lang, &csv);
            let all = vec![WindowId::Review, WindowId::Problems, WindowId::Tournament];
            assert_eq!(unsaved(&h), all, "{lang:?}");
            for (way, go) in [("Ctrl+Q", ctrl_q as fn(&mut H)), ("close", close_button)] {
                go(&mut h);
                assert!(
                    !closing(&h),
                    "{lang:?} {way}: nothing done before the answer"
                );
                for item in [
                    lang.pick("复盘棋谱", "覆盤棋譜", "The record under review"),
                    lang.pick(
                        "正在编写的题目",
                        "正在編寫的題目",
                        "The problem being written",
                    ),
                    lang.pick("赛事", "賽事", "The tournament"),
                ] {
                    assert!(
                        h.query_all_by_label_contains(&format!("• {item}"))
                            .next()
                            .is_some(),
                        "{lang:?} {way}: {item} listed"
                    );
                }
                h.get_by_label(lang.pick("保存 Save", "儲存 Save", "Save"));
                h.get_by_label(lang.pick("不保存 Discard", "不儲存 Discard", "Discard"));
                click_contains(&mut h, "Cancel");
                assert!(h.state().state.question.is_none(), "{lang:?} {way}");
                assert!(!closing(&h), "{lang:?} {way}: the window stays");
                assert_eq!(unsaved(&h), all, "{lang:?} {way}: everything kept");
                let s = &h.state().state;
                assert!(
                    s.windows.problems.shown && s.windows.tournament.shown,
                    "{lang:?} {way}"
                );
                assert!(s.windows.review.has_unsaved_edits(), "{lang:?} {way}");
            }
            ctrl_q(&mut h);
            h.get_by_label_contains("Discard").click();
            h.step();
            assert!(closing(&h), "{lang:?}: discarding closes");
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    /// Issue 17 items 2 and 10: the teaching computer's move and the dead-stone estimate are
    /// asked in one frame and arrive in a later one, through the runner: the frame that asks
    /// ends without them.
    #[test]
    fn issue17_walk_the_computer_and_the_estimator_answer_through_the_runner() {
        on_big_stack(walk_the_computer_and_the_estimator);
    }

    fn walk_the_computer_and_the_estimator() {
        let dir = temp("walk-workers");
        let mut h = window(Lang::En);
        menu(&mut h, "View", "Teaching mode");
        assert!(h.state().state.teaching);
        let threads = h.state().runner.worker_threads_started();
        press_point(&mut h, "Go board", 9, Coord::new(4, 4));
        {
            let app = h.state();
            let s = app.state.windows.teach.state().expect("teaching");
            assert_eq!(s.game().moves().len(), 1, "the child's move, at once");
            assert!(
                s.computer_thinking(),
                "the frame ended before the computer answered"
            );
            assert!(app.runner.busy(), "the runner owes the answer");
        }
        settle(&mut h);
        let s = h.state().state.windows.teach.state().expect("teaching");
        assert_eq!(s.game().moves().len(), 2, "the computer's move arrived");
        assert!(!s.computer_thinking());
        assert_eq!(
            h.state().runner.worker_threads_started(),
            threads,
            "the computer thinks on the thread it started with"
        );
        click(&mut h, "Leave teaching mode");
        assert!(!h.state().state.teaching);

        // The review tab: a counted game (its result says B+), the dead stones suggested.
        let file = dir.join("counted.sgf");
        std::fs::write(
            &file,
            "(;GM[1]FF[4]SZ[9]KM[7]RE[B+29]AB[cd][dd][ed][fd][gd][hd][id][cc]\
             AW[ce][de][ee][fe][ge][he][ie][ca])",
        )
        .expect("record");
        h.key_press(egui::Key::F4);
        h.run_steps(2);
        click(&mut h, "Open…");
        type_path(&mut h, Lang::En, &file);
        assert_eq!(h.state().state.windows.review.review().size(), 9);
        let threads = h.state().runner.worker_threads_started();
        h.get_by_label("Suggest dead stones").click();
        h.step();
        {
            let app = h.state();
            let dead = &app.state.windows.review_tools.dead;
            assert!(
                dead.computing() && dead.suggestion().is_none(),
                "asked, not answered"
            );
            assert_eq!(
                app.runner.worker_threads_started(),
                threads + 1,
                "on a worker"
            );
        }
        settle(&mut h);
        let dead = &h.state().state.windows.review_tools.dead;
        assert!(!dead.computing() && dead.suggestion().is_some(), "arrived");
        h.get_by_label_contains("Counted with the suggested dead stones removed");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Issue 17 item 10: leaving teaching mode asks the teacher's PIN, checked on the runner
    /// (Argon2id): the frame that submits it ends with the check in flight; a wrong one keeps
    /// the mode, the right one leaves.
    #[test]
    fn issue17_walk_the_teachers_pin_checked_on_the_runner_to_leave() {
        on_big_stack(walk_the_teachers_pin);
    }

    fn walk_the_teachers_pin() {
        let mut h = window(Lang::En);
        let stored = tianyuan::app::teach::teacher_pin::make(
            "panda-2026",
            [5; 16],
            tianyuan::seal::KdfParams::TEST_ONLY,
        )
        .expect("a PIN");
        let mut settings = h.state().state.settings.clone();
        settings.teach.teacher_pin = Some(stored);
        h.state_mut()
            .apply([Command::UpdateSettings(Box::new(settings))]);
        menu(&mut h, "View", "Teaching mode");
        click(&mut h, "Leave teaching mode");
        for (pin, leaves) in [("panda-2025", false), ("panda-2026", true)] {
            h.get_by_label("Teacher's PIN").focus();
            h.run_steps(1);
            h.get_by_label("Teacher's PIN").type_text(pin);
            h.run_steps(1);
            h.get_by_label("OK").click();
            h.step();
            {
                let s = &h.state().state;
                assert!(s.teaching, "{pin}: checked on the runner, not in the frame");
                assert!(
                    s.windows.teach.state().is_some_and(|t| t.pin_busy()),
                    "{pin}"
                );
            }
            settle(&mut h);
            assert_eq!(!h.state().state.teaching, leaves, "{pin}");
            if !leaves {
                assert!(h.query_all_by_label("Wrong PIN").next().is_some());
            }
        }
    }

    /// The problem editor writes problems on 9×9, 13×13 and 19×19 (issue 20 item 3): each
    /// size's button opens the editor on a board of that size, in every language.
    #[test]
    fn walk_a_problem_is_written_on_each_board_size() {
        on_big_stack(|| {
            for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
                let mut h = window(lang);
                let game = lang.pick("对局", "對局", "Game");
                let write = lang.pick("出题（老师）", "出題（老師）", "Write a problem (teacher)");
                for (size, button) in [
                    (
                        13u8,
                        format!("{write} {}", lang.pick("13路", "13路", "13×13")),
                    ),
                    (
                        19,
                        format!("{write} {}", lang.pick("19路", "19路", "19×19")),
                    ),
                    (9, write.to_string()),
                ] {
                    menu(&mut h, game, lang.pick("死活题…", "死活題…", "Problems…"));
                    click(&mut h, &button);
                    let editor = h
                        .state()
                        .state
                        .windows
                        .problems
                        .editor
                        .as_ref()
                        .map(|e| e.review().game().size());
                    assert_eq!(editor, Some(size), "{lang:?}: {button}");
                    h.state_mut().state.windows.problems.editor = None;
                    h.run_steps(2);
                }
            }
        });
    }
}
