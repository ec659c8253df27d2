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
use tianyuan::app::host::work::Work;
use tianyuan::app::host::{Effect, FileOwner, Question};
use tianyuan::app::problems::ProblemCommand;
use tianyuan::app::review::{Pending, ReviewCommand};
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
        let (mut host, fx) = Host::new(
            Settings::default(),
            Lang::En,
            Some(sessions),
            Timestamp(0),
            tianyuan::wake::none(),
        );
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

    fn owners_unsaved(&self) -> Vec<FileOwner> {
        self.host.unsaved().iter().map(|i| i.owner).collect()
    }

    fn asked_about(&self) -> Option<Vec<FileOwner>> {
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

/// The first shipped collection (three capture problems) as a teacher's file.
fn collection_file(dir: &Path) -> PathBuf {
    let path = dir.join("mine.sgf");
    let sgf = tianyuan::problems::builtin::COLLECTIONS[0].sgf;
    std::fs::write(&path, sgf).expect("write the collection");
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
    Command::Tournament(TournamentCommand::Act(Action::NewFromPlayers {
        csv: PLAYERS.into(),
        system: System::Swiss,
        rounds: Some(3),
        seed: 1,
    }))
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

    fn owner(self) -> FileOwner {
        match self {
            Work_::ReviewEdit | Work_::ReviewInfoTyped | Work_::ReviewCommentTyped => {
                FileOwner::Review
            }
            Work_::ProblemDraft | Work_::ProblemOfCollection => FileOwner::Problems,
            Work_::TournamentEdit => FileOwner::Tournament,
        }
    }

    fn make(self, r: &mut Rig) {
        match self {
            Work_::ReviewEdit => r.apply(Command::Review(ReviewCommand::Play(Move::Play(
                Coord::new(3, 3),
            )))),
            // What the views do while a field has the keyboard: only their text buffer.
            Work_::ReviewInfoTyped => r.host.review.type_info(InfoField::Event, "Spring cup"),
            Work_::ReviewCommentTyped => r.host.review.type_comment("Black should tenuki"),
            Work_::ProblemDraft => {
                r.apply(Command::ShowProblems(true));
                r.apply(Command::Problems(ProblemCommand::NewProblem(9)));
                r.apply(Command::Problems(ProblemCommand::Click(Coord::new(2, 2))));
            }
            Work_::ProblemOfCollection => {
                let file = collection_file(&r.dir);
                r.apply(Command::ShowProblems(true));
                r.apply(Command::Problems(ProblemCommand::OpenFile));
                r.type_path(&file);
                r.apply(Command::Problems(ProblemCommand::Select(1)));
                r.apply(Command::Problems(ProblemCommand::EditThis));
                r.apply(Command::Problems(ProblemCommand::SetText(
                    "Two".into(),
                    "Capture two stones.".into(),
                )));
            }
            Work_::TournamentEdit => {
                r.apply(Command::ShowTournament(true));
                r.apply(new_event());
            }
        }
        assert_eq!(r.owners_unsaved(), vec![self.owner()], "{self:?} is unsaved work");
    }
}

/// A way out, and whose unsaved work it would drop (`None`: nobody's).
struct WayOut {
    name: &'static str,
    go: fn(&mut Rig),
    drops: Option<FileOwner>,
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
        none("the New game dialog", |r| r.apply(Command::OpenNewGameDialog)),
        none("leaving teaching mode", |r| {
            r.apply(Command::TeachingMode(true));
            r.apply(Command::TeachingMode(false));
        }),
        none("a language switch", |r| r.apply(Command::SetLang(Lang::ZhHans))),
        of(
            "the review tab's Open",
            |r| r.apply(Command::Review(ReviewCommand::OpenDialog)),
            FileOwner::Review,
        ),
        of(
            "a recent file",
            |r| {
                let f = r.dir.join("recent.sgf");
                std::fs::write(&f, "(;SZ[13];B[gg])").expect("write");
                r.apply(Command::Review(ReviewCommand::OpenPath(f)));
            },
            FileOwner::Review,
        ),
        of(
            "a new record",
            |r| r.apply(Command::Review(ReviewCommand::NewRecord(13))),
            FileOwner::Review,
        ),
        of(
            "a file named on the command line",
            |r| {
                let f = r.dir.join("named.sgf");
                std::fs::write(&f, "(;SZ[13];B[gg])").expect("write");
                r.apply(Command::OpenRecord(f));
            },
            FileOwner::Review,
        ),
        of(
            "Write a problem",
            |r| r.apply(Command::Problems(ProblemCommand::NewProblem(13))),
            FileOwner::Problems,
        ),
        of(
            "Edit this problem",
            |r| {
                r.apply(Command::Problems(ProblemCommand::StopEditing));
                r.apply(Command::Problems(ProblemCommand::EditThis));
            },
            FileOwner::Problems,
        ),
        of(
            "switching the problem set",
            |r| r.apply(Command::Problems(ProblemCommand::OpenShipped(1))),
            FileOwner::Problems,
        ),
        of(
            "Open SGF… in the problems window",
            |r| r.apply(Command::Problems(ProblemCommand::OpenFile)),
            FileOwner::Problems,
        ),
        of(
            "closing the problems window",
            |r| r.apply(Command::ShowProblems(false)),
            FileOwner::Problems,
        ),
        of(
            "the tournament window's Open",
            |r| r.apply(Command::Tournament(TournamentCommand::OpenEvent)),
            FileOwner::Tournament,
        ),
        of(
            "a new event from players.csv",
            |r| {
                r.apply(Command::Tournament(TournamentCommand::NewFromPlayers {
                    system: System::RoundRobin,
                    rounds: None,
                    seed: 0,
                }))
            },
            FileOwner::Tournament,
        ),
        of(
            "closing the tournament window",
            |r| r.apply(Command::ShowTournament(false)),
            FileOwner::Tournament,
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
    r.apply(Command::Review(ReviewCommand::OpenPath(f)));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    assert_eq!(r.host.review.review().size(), 13);
    assert!(r.owners_unsaved().is_empty());
    // A dialog cancelled after "Discard" keeps the edits, still unsaved.
    let mut r = Rig::new("discard-cancelled");
    Work_::ReviewEdit.make(&mut r);
    r.apply(Command::Review(ReviewCommand::OpenDialog));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    r.apply(Command::PathTyped(None));
    assert_eq!(r.owners_unsaved(), vec![FileOwner::Review]);
    assert_eq!(r.host.review.review().size(), 19);
}

/// "Save" in the question saves every item — each path asked in turn where no dialog shows
/// — and only then goes on.
#[test]
fn issue17_save_all_then_quit_waits_for_every_save() {
    let mut r = Rig::new("save-all");
    Work_::ReviewEdit.make(&mut r);
    r.apply(Command::ShowProblems(true));
    r.apply(Command::Problems(ProblemCommand::NewProblem(9)));
    r.apply(Command::Problems(ProblemCommand::Click(Coord::new(2, 2))));
    r.apply(Command::ShowTournament(true));
    r.apply(new_event());
    r.host.review.type_info(InfoField::Event, "Spring cup");
    r.apply(Command::Quit);
    assert_eq!(
        r.asked_about(),
        Some(vec![
            FileOwner::Review,
            FileOwner::Problems,
            FileOwner::Tournament
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
    assert!(sgf.contains("B[dd]") && sgf.contains("EV[Spring cup]"), "{sgf}");
    assert!(std::fs::read_to_string(&problems).expect("problem").contains("AB[cc]"));
    assert!(std::fs::read_to_string(&event).expect("event").contains("An"));
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
    assert_eq!(r.owners_unsaved(), vec![FileOwner::Tournament]);
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
    assert_eq!(r.host.review.review().size(), 9);
    r.host.review.type_info(InfoField::Event, "Future of Go");
    r.host.review.type_info(InfoField::Round, "3");
    assert_eq!(r.owners_unsaved(), vec![FileOwner::Review], "typing is unsaved work");
    r.apply(Command::Review(ReviewCommand::Save));
    let sgf = std::fs::read_to_string(&file).expect("saved");
    assert!(sgf.contains("EV[Future of Go]") && sgf.contains("RO[3]"), "{sgf}");
    assert!(r.owners_unsaved().is_empty(), "clean: what was typed is on disk");
    // The same through the unsaved question on the way out.
    r.host.review.type_comment("Here White should play elsewhere");
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
    r.apply(Command::Review(ReviewCommand::Nav(
        tianyuan::app::review::Nav::Last,
    )));
    r.apply(Command::Review(ReviewCommand::Play(Move::Play(Coord::new(
        2, 2,
    )))));
    r.apply_now(Command::Review(ReviewCommand::Save));
    r.apply_now(Command::Review(ReviewCommand::Play(Move::Play(Coord::new(
        6, 6,
    )))));
    r.settle();
    assert_eq!(r.owners_unsaved(), vec![FileOwner::Review], "the later move");
    let sgf = std::fs::read_to_string(&file).expect("saved");
    assert!(sgf.contains("W[cc]") && !sgf.contains("B[gg]"), "{sgf}");

    // The tournament window.
    r.apply(Command::ShowTournament(true));
    r.apply(new_event());
    r.apply(Command::Tournament(TournamentCommand::SaveAs));
    r.type_path(&r.dir.join("event.ron"));
    assert!(!r.owners_unsaved().contains(&FileOwner::Tournament));
    r.apply(Command::Tournament(TournamentCommand::Act(Action::DraftNext)));
    r.apply(Command::Tournament(TournamentCommand::Act(Action::Publish)));
    r.apply_now(Command::Tournament(TournamentCommand::Save));
    r.apply_now(Command::Tournament(TournamentCommand::Act(Action::SetResult {
        round: 1,
        board: 1,
        outcome: Some(tianyuan::tournament::Outcome::BlackWins),
    })));
    r.settle();
    assert!(r.owners_unsaved().contains(&FileOwner::Tournament));

    // The problems window.
    r.apply(Command::ShowProblems(true));
    r.apply(Command::Problems(ProblemCommand::NewProblem(9)));
    r.apply(Command::Problems(ProblemCommand::Click(Coord::new(2, 2))));
    r.apply(Command::Problems(ProblemCommand::Save));
    r.type_path(&r.dir.join("p.sgf"));
    assert!(!r.owners_unsaved().contains(&FileOwner::Problems));
    r.apply_now(Command::Problems(ProblemCommand::Save));
    r.apply_now(Command::Problems(ProblemCommand::Click(Coord::new(6, 6))));
    r.settle();
    assert!(r.owners_unsaved().contains(&FileOwner::Problems));
}

/// Issue 17 item 7 (issue text 13): editing one problem of an opened collection and saving
/// writes the whole collection: three problems stay three.
#[test]
fn issue17_saving_a_problem_of_a_collection_keeps_the_others() {
    let mut r = Rig::new("collection");
    let file = collection_file(&r.dir);
    let before = trees(&file);
    assert_eq!(before.len(), 3);
    r.apply(Command::ShowProblems(true));
    r.apply(Command::Problems(ProblemCommand::OpenFile));
    r.type_path(&file);
    assert_eq!(r.host.problems.set.as_ref().map(|s| s.len()), Some(3));
    r.apply(Command::Problems(ProblemCommand::Select(1)));
    r.apply(Command::Problems(ProblemCommand::EditThis));
    r.apply(Command::Problems(ProblemCommand::SetText(
        "The second, edited".into(),
        "Black to play: capture.".into(),
    )));
    r.apply(Command::Problems(ProblemCommand::Save));
    assert!(r.host.question.is_none(), "saved to its file, nothing asked");
    let after = trees(&file);
    assert_eq!(after.len(), 3, "three problems stay three");
    assert_eq!(after[0], before[0]);
    assert_eq!(after[2], before[2]);
    assert!(after[1].contains("GN[The second, edited]"), "{}", after[1]);
    assert!(r.owners_unsaved().is_empty());
    // The set being solved shows the problem as saved.
    r.apply(Command::Problems(ProblemCommand::StopEditing));
    let name = r
        .host
        .problems
        .set
        .as_ref()
        .and_then(|s| s.problem(1))
        .and_then(|p| p.name());
    assert_eq!(name.as_deref(), Some("The second, edited"));
    // Editing another problem of it goes on from the saved file.
    r.apply(Command::Problems(ProblemCommand::Select(2)));
    r.apply(Command::Problems(ProblemCommand::EditThis));
    r.apply(Command::Problems(ProblemCommand::SetText(
        "The third".into(),
        String::new(),
    )));
    r.apply(Command::Problems(ProblemCommand::Save));
    let last = trees(&file);
    assert_eq!(last.len(), 3);
    assert!(last[1].contains("GN[The second, edited]") && last[2].contains("GN[The third]"));

    // A shipped set is never written over: its problems are saved where the teacher says.
    r.apply(Command::Problems(ProblemCommand::OpenShipped(0)));
    r.apply(Command::Problems(ProblemCommand::EditThis));
    r.apply(Command::Problems(ProblemCommand::SetText("Mine".into(), String::new())));
    r.apply(Command::Problems(ProblemCommand::Save));
    let copy = r.dir.join("copy.sgf");
    r.type_path(&copy);
    assert_eq!(trees(&copy).len(), 3, "the whole shipped set, with the edit");
}

// ----- no dialog: the path question -----

#[test]
fn issue17_without_a_dialog_problems_and_tournament_ask_for_a_path() {
    let mut r = Rig::new("paths");
    // Problems: Open SGF… and Save SGF… (a new problem has no file yet).
    let file = collection_file(&r.dir);
    r.apply(Command::ShowProblems(true));
    r.apply(Command::Problems(ProblemCommand::OpenFile));
    assert!(matches!(
        r.host.question,
        Some(Question::Path(FileOwner::Problems, _))
    ));
    r.type_path(&file);
    assert_eq!(
        r.host.problems.source,
        Some(tianyuan::app::problems::Source::File(file.clone()))
    );
    r.apply(Command::Problems(ProblemCommand::NewProblem(9)));
    r.apply(Command::Problems(ProblemCommand::Click(Coord::new(4, 4))));
    r.apply(Command::Problems(ProblemCommand::Save));
    let new = r.dir.join("new.sgf");
    r.type_path(&new);
    assert!(new.exists() && r.owners_unsaved().is_empty());
    // A typed path never replaces a file that is there: it says so.
    r.apply(Command::Problems(ProblemCommand::Click(Coord::new(5, 5))));
    r.apply(Command::Problems(ProblemCommand::NewProblem(9)));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    r.apply(Command::Problems(ProblemCommand::Click(Coord::new(3, 3))));
    r.apply(Command::Problems(ProblemCommand::Save));
    r.type_path(&file);
    assert!(r.host.problems.notice.is_some(), "already there, said");
    assert_eq!(trees(&file).len(), 3, "the collection untouched");

    // Tournament: a new event from players.csv, Save (as), the printable standings, Open.
    let csv = r.dir.join("players.csv");
    std::fs::write(&csv, PLAYERS).expect("csv");
    r.apply(Command::ShowTournament(true));
    r.apply(Command::Tournament(TournamentCommand::NewFromPlayers {
        system: System::Swiss,
        rounds: Some(3),
        seed: 2,
    }));
    r.type_path(&csv);
    assert_eq!(
        r.host.tournament.state.event.as_ref().map(|t| t.players.len()),
        Some(4)
    );
    r.apply(Command::Tournament(TournamentCommand::Save));
    let ron = r.dir.join("event.ron");
    r.type_path(&ron);
    assert!(ron.exists() && !r.host.tournament.state.unsaved);
    r.apply(Command::Tournament(TournamentCommand::ExportHtml));
    let html = r.dir.join("standings.html");
    r.type_path(&html);
    assert!(std::fs::read_to_string(&html).expect("html").contains("An"));
    r.apply(Command::Tournament(TournamentCommand::Act(Action::DraftNext)));
    r.apply(Command::Tournament(TournamentCommand::Act(Action::Publish)));
    r.apply(Command::Tournament(TournamentCommand::Save));
    assert!(r.host.question.is_none(), "saved where it was saved");
    r.apply(Command::ShowTournament(false));
    r.apply(Command::ShowTournament(true));
    r.apply(Command::Tournament(TournamentCommand::OpenEvent));
    r.type_path(&ron);
    assert_eq!(
        r.host.tournament.state.event.as_ref().map(|t| t.played.len()),
        Some(1),
        "the round published is in the file"
    );
}

// ----- the runner owns every thread -----

/// Issue 17 items 2 and 10: the sub-windows start no thread of their own. Without the runner,
/// their work is only effects: nothing is read, thought or checked.
#[test]
fn issue17_without_the_runner_the_sub_windows_do_nothing_on_their_own() {
    let (mut host, _) = Host::new(
        Settings::default(),
        Lang::En,
        None,
        Timestamp(0),
        tianyuan::wake::none(),
    );
    host.kdf = KdfParams::TEST_ONLY;
    let mut effects = Vec::new();
    // Teaching mode against our computer (White): the child's move, then the computer's turn.
    effects.extend(host.apply(Command::TeachingMode(true), Timestamp(1)));
    effects.extend(host.apply(
        Command::Teach(TeachCommand::Click(Coord::new(4, 4))),
        Timestamp(2),
    ));
    // The review tab: a dead-stone suggestion and an engine review.
    effects.extend(host.apply(
        Command::ReviewTools(ToolsAction::SuggestDead(true)),
        Timestamp(3),
    ));
    effects.extend(host.apply(
        Command::ReviewTools(ToolsAction::Start(
            tianyuan::app::review_tools::EngineChoice::GnuGo(1),
        )),
        Timestamp(4),
    ));
    // Files: the problems window's Open SGF…
    effects.extend(host.apply(Command::ShowProblems(true), Timestamp(5)));
    effects.extend(host.apply(
        Command::Problems(ProblemCommand::OpenFile),
        Timestamp(6),
    ));
    let has = |f: &dyn Fn(&Effect) -> bool| effects.iter().any(f);
    assert!(has(&|e| matches!(e, Effect::Work(Work::StartComputer { .. }))));
    assert!(has(&|e| matches!(e, Effect::Work(Work::AskComputer { .. }))));
    assert!(has(&|e| matches!(e, Effect::Work(Work::Suggest { .. }))));
    assert!(has(&|e| matches!(e, Effect::Work(Work::StartReview { .. }))));
    assert!(has(&|e| matches!(e, Effect::File(FileOwner::Problems, _))));
    std::thread::sleep(Duration::from_millis(300));
    let _ = host.tick(Timestamp(400));
    let teach = host.teach.state().expect("teaching");
    assert!(teach.computer_thinking(), "nobody answered");
    assert_eq!(teach.game().moves().len(), 1);
    assert!(host.review_tools.dead.computing());
    assert!(host.review_tools.engine.as_ref().is_some_and(|e| e.running()));
    assert!(host.problems.busy());
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
    let allowed = ["effects", "screen_size.rs", "desk_window.rs", "desk_view.rs"];
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
    r.apply(Command::Teach(TeachCommand::OpenOptions));
    r.apply_now(Command::Teach(TeachCommand::SetTeacherPin("panda-2026".into())));
    assert!(
        r.host.teach.state().is_some_and(|s| s.pin_busy()),
        "derived on the runner, not in the command"
    );
    r.settle();
    assert!(r.host.settings.teach.teacher_pin.is_some(), "kept in the settings");
    r.apply(Command::Teach(TeachCommand::CloseOptions));
    // Ctrl+Q in teaching mode asks the teacher's PIN first; a wrong one keeps the mode.
    r.apply(Command::Quit);
    r.apply(Command::Teach(TeachCommand::SubmitPin("panda".into())));
    assert!(!r.closed && r.host.teaching);
    r.apply(Command::Teach(TeachCommand::SubmitPin("panda-2026".into())));
    assert!(r.closed, "the right PIN lets the window close");
    assert!(r.host.settings.teaching_on, "and teaching mode comes back at the next start");
}

// ----- item 9: the engine review never lists a move that changed nothing -----

#[test]
fn issue17_the_engine_review_lists_no_move_whose_estimate_did_not_change() {
    let mut r = Rig::new("swings");
    let file = r.dir.join("game.sgf");
    // Black passes at move 3 and the estimate stays; the other moves change it.
    std::fs::write(&file, "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[];W[gg];B[cg])")
        .expect("write");
    r.apply(Command::OpenRecord(file));
    let leads = std::sync::Arc::new(std::sync::Mutex::new(
        vec!["W+7.5", "B+10", "B+2", "B+2", "W+5", "B+1"].into_iter(),
    ));
    r.host.review_tools.engine_for_tests = Some(std::sync::Arc::new(move || {
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
    r.apply(Command::ReviewTools(ToolsAction::Start(
        tianyuan::app::review_tools::EngineChoice::GnuGo(1),
    )));
    let e = r.host.review_tools.engine.as_ref().expect("reviewed");
    assert!(!e.running(), "{:?}", e.results.state);
    let swings = r.host.review_tools.swings();
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
    r.apply(Command::Leave(Exit::Review(Pending::NewRecord(9))));
    assert_eq!(r.asked_about(), Some(vec![FileOwner::Review]));
    r.apply(Command::Unsaved(UnsavedAnswer::Discard));
    assert_eq!(r.host.review.review().size(), 9, "then the new record");
    assert!(r.owners_unsaved().is_empty());
}
