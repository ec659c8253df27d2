//! The review tab's helpers (issue 11 items 5 and 7), without egui: the dead-stone suggestion
//! for the position shown, and the review of the record's line by an engine in the background
//! (progress, cancel, results as they come). Neither runs here: both are jobs for the effects
//! runner ([`Work::Suggest`], [`Work::StartReview`]), whose answers come back through the host
//! ([`ReviewTools::on_results`], [`ReviewTools::on_suggestion`]); an answer about another
//! record, game or position than the one shown is skipped.
//!
//! The engine is GNU Go at a level the user picks, or any GTP engine's command line from the
//! settings; tests hand in their own engine ([`ReviewTools::engine_for_tests`]) — the scripted
//! or in-process engines — so no process is started.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::dead_stone_help::{DeadStoneHelp, Question};
use super::protocol::{Answer, ReviewEngine, WindowCmd, WindowId, Work, WorkDone};
use super::review::command::{Nav, ReviewCommand};
use super::subwindow::{Cx, Out, SubWindow};
use crate::analysis::Suggestion;
use crate::engine::{EngineSpec, JobState, ReviewResults, Swing};
use crate::i18n::Lang;
use crate::record::{NodeId, Outcome};
use crate::review::{InfoField, Review};

pub use crate::wake::Waker;

pub use crate::app::protocol::EngineMaker;

/// Which engine reviews.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineChoice {
    /// GNU Go at this level (0–10).
    GnuGo(u8),
    /// Any GTP engine, by its command line.
    Command(String),
}

impl EngineChoice {
    /// How to start it; an unusable command line is said in words.
    pub fn spec(&self, lang: Lang) -> Result<EngineSpec, String> {
        match self {
            EngineChoice::GnuGo(level) => Ok(EngineSpec::gnugo(*level)),
            EngineChoice::Command(line) => EngineSpec::parse(line).ok_or_else(|| {
                lang.pick(
                    "引擎命令行为空或引号不完整",
                    "引擎命令列為空或引號不完整",
                    "The engine's command line is empty or has an open quote",
                )
                .to_owned()
            }),
        }
    }
}

/// The engine review of one record's line: what the runner's job has found so far.
#[derive(Clone, Debug)]
pub struct EngineReview {
    /// The job's number (its answers carry it).
    pub id: u64,
    /// The last results the job sent.
    pub results: ReviewResults,
    /// The file reviewed and the game in it (another file or game makes the review stale:
    /// its node ids would point into another tree).
    pub record: (Option<PathBuf>, usize),
    /// The engine's command line or name, for the heading.
    pub engine: String,
}

impl EngineReview {
    /// Whether the job still runs.
    pub fn running(&self) -> bool {
        !self.results.is_over()
    }
}

/// The review tab's helpers.
#[derive(Default)]
pub struct ReviewTools {
    /// The user asked for the dead-stone suggestion of the position shown.
    pub dead_on: bool,
    /// That suggestion.
    pub dead: DeadStoneHelp,
    /// The engine review, once started.
    pub engine: Option<EngineReview>,
    /// The "Review with engine…" window is open.
    pub dialog_open: bool,
    /// The choice in that window.
    pub choice: Option<EngineChoice>,
    /// Why the last start failed before any job ran.
    pub error: Option<String>,
    /// Tests: the engine every review uses instead of a process.
    pub engine_for_tests: Option<EngineMaker>,
    next_id: u64,
}

/// What the "Review with engine…" window edits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineInput {
    /// Use the command line instead of GNU Go.
    pub use_command: bool,
    /// GNU Go's level.
    pub level: u8,
    /// Another engine's command line.
    pub command: String,
}

impl EngineInput {
    /// The choices the settings remember (the last engine used).
    pub fn from_settings(settings: &crate::app::settings::Settings) -> EngineInput {
        EngineInput {
            use_command: settings.review_engine_use_command,
            level: settings.review_engine_level.min(10),
            command: settings.review_engine_command.clone(),
        }
    }

    /// The engine chosen.
    pub fn choice(&self) -> EngineChoice {
        if self.use_command {
            EngineChoice::Command(self.command.clone())
        } else {
            EngineChoice::GnuGo(self.level)
        }
    }
}

/// What the review tools' views ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum ToolsAction {
    /// Show (or hide) the dead-stone suggestion for the position shown.
    SuggestDead(bool),
    /// Open (or close) the engine window.
    EngineDialog(bool),
    /// Start the engine review with this engine.
    Start(EngineChoice),
    /// Stop the running review.
    Cancel,
    /// Go to this node of the record (a swing or a click on the graph).
    Goto(NodeId),
}

/// What an action asks of the host besides the tools' own change.
#[derive(Debug, Default)]
pub struct ToolsOutcome {
    /// Jobs for the runner.
    pub work: Vec<Work>,
    /// The settings to keep (the engine chosen is remembered).
    pub settings: Option<crate::app::settings::Settings>,
    /// The review's cursor goes to this node.
    pub goto: Option<NodeId>,
}

/// How many swings are listed.
pub const SWINGS_LISTED: usize = 8;

/// Whether the position shown is the end of a game: play ended with two passes there, or it is
/// the last node of its line in a record whose result is a count. Only then does the
/// dead-stone suggestion count a result; on an unfinished game it says so.
pub fn position_finished(review: &Review) -> bool {
    if review.game().consecutive_passes() >= 2 {
        return true;
    }
    let at_end = review.current_node().children.is_empty();
    at_end
        && matches!(
            Outcome::parse(review.info_text(InfoField::Result)),
            Some(Outcome::Counted(_))
        )
}

impl ReviewTools {
    /// Carries out one action on the tools (the review `review`, read from `path`, is the one
    /// shown); returns the jobs, the settings to keep and where to move the cursor.
    pub fn apply(
        &mut self,
        action: ToolsAction,
        review: &Review,
        path: Option<&Path>,
        settings: &crate::app::settings::Settings,
        lang: Lang,
    ) -> ToolsOutcome {
        let mut out = ToolsOutcome::default();
        match action {
            ToolsAction::SuggestDead(on) => {
                self.dead_on = on;
                out.work.extend(self.sync(review, path));
            }
            ToolsAction::EngineDialog(true) => self.dialog_open = true,
            ToolsAction::EngineDialog(false) => self.dialog_open = false,
            ToolsAction::Start(choice) => {
                out.work.extend(self.start(
                    review,
                    path.map(Path::to_path_buf),
                    choice.clone(),
                    lang,
                ));
                let mut keep = settings.clone();
                match choice {
                    EngineChoice::GnuGo(level) => {
                        keep.review_engine_use_command = false;
                        keep.review_engine_level = level;
                    }
                    EngineChoice::Command(line) => {
                        keep.review_engine_use_command = true;
                        keep.review_engine_command = line;
                    }
                }
                out.settings = (keep != *settings).then_some(keep);
            }
            ToolsAction::Cancel => out.work.extend(self.cancel()),
            ToolsAction::Goto(node) => out.goto = Some(node),
        }
        out
    }

    /// Follows the record shown (`review`, read from `path`): a review of another file or game
    /// is dropped (and its job stopped); the dead-stone suggestion is asked for a new position.
    /// Returns the jobs for the runner.
    pub fn sync(&mut self, review: &Review, path: Option<&Path>) -> Vec<Work> {
        let mut work = Vec::new();
        if let Some(e) = &self.engine
            && (e.record.0.as_deref() != path || e.record.1 != review.game_index())
        {
            work.push(Work::DropReview { id: e.id });
            self.engine = None;
            self.error = None;
        }
        let question = self.dead_on.then(|| {
            let game = review.game();
            Question {
                board: game.board().clone(),
                rules: game.rules().clone(),
                handicap: game.handicap(),
            }
        });
        if let Some((key, q)) = self.dead.sync(question) {
            work.push(Work::Suggest {
                key,
                question: Box::new(q),
            });
        }
        work
    }

    /// The estimator's answer for the position of `key` (skipped when another is shown).
    pub fn on_suggestion(&mut self, key: u64, suggestion: Arc<Suggestion>) -> bool {
        self.dead.answer(key, suggestion)
    }

    /// What review `id` has found so far (a review replaced or dropped since is skipped).
    pub fn on_results(&mut self, id: u64, results: ReviewResults) -> bool {
        match &mut self.engine {
            Some(e) if e.id == id => {
                e.results = results;
                true
            }
            _ => false,
        }
    }

    /// Starts reviewing the line at the cursor with `choice` (replacing an earlier review);
    /// returns the job for the runner.
    pub fn start(
        &mut self,
        review: &Review,
        record: Option<PathBuf>,
        choice: EngineChoice,
        lang: Lang,
    ) -> Option<Work> {
        self.error = None;
        let points = match crate::engine::review_points(review) {
            Ok(p) => p,
            Err(e) => {
                self.error = Some(e.to_string());
                return None;
            }
        };
        let (engine, name) = match &self.engine_for_tests {
            Some(maker) => (
                ReviewEngine::Made(Arc::clone(maker)),
                "test engine".to_owned(),
            ),
            None => match choice.spec(lang) {
                Ok(spec) => {
                    let line = spec.command_line();
                    (ReviewEngine::Spec(spec), line)
                }
                Err(e) => {
                    self.error = Some(e);
                    return None;
                }
            },
        };
        self.next_id += 1;
        let id = self.next_id;
        self.engine = Some(EngineReview {
            id,
            results: ReviewResults::starting(&points),
            record: (record, review.game_index()),
            engine: name,
        });
        self.choice = Some(choice);
        self.dialog_open = false;
        Some(Work::StartReview { id, points, engine })
    }

    /// Asks the running review to stop; the estimates so far stay.
    pub fn cancel(&self) -> Option<Work> {
        self.engine
            .as_ref()
            .filter(|e| e.running())
            .map(|e| Work::CancelReview { id: e.id })
    }

    /// The moves to look at, biggest loss first.
    pub fn swings(&self) -> Vec<Swing> {
        self.engine
            .as_ref()
            .map(|e| e.results.swings(SWINGS_LISTED))
            .unwrap_or_default()
    }

    /// The node of the reviewed line at move `n` (a click on the graph), the nearest one.
    pub fn node_at_move(&self, n: usize) -> Option<NodeId> {
        let e = self.engine.as_ref()?;
        e.results
            .points
            .iter()
            .min_by_key(|p| p.move_number.abs_diff(n))
            .map(|p| p.node)
    }

    /// What went wrong, in words: a start refused, or the job failed (missing engine …).
    pub fn problem_text(&self, lang: Lang) -> Option<String> {
        if let Some(e) = &self.error {
            return Some(e.clone());
        }
        match &self.engine.as_ref()?.results.state {
            JobState::Failed(e) => Some(e.text(lang)),
            _ => None,
        }
    }
}

/// The review tools as a sub-window: they follow the review tab's record (given read-only in
/// [`Cx::review`]) and ask the runner for the suggestion and the engine review.
impl SubWindow for ReviewTools {
    fn id(&self) -> WindowId {
        WindowId::ReviewTools
    }

    fn apply(&mut self, cmd: WindowCmd, cx: &Cx) -> Out {
        let (Ok(action), Some(state)) = (cmd.own::<ToolsAction>(), cx.review) else {
            return Out::default();
        };
        let done = ReviewTools::apply(
            self,
            action,
            state.review(),
            state.path(),
            cx.settings,
            cx.lang,
        );
        let mut out = Out::work(done.work);
        out.settings = done.settings.map(Box::new);
        if let Some(node) = done.goto {
            out.then.push((
                WindowId::Review,
                WindowCmd::of(ReviewCommand::Nav(Nav::Node(node))),
            ));
        }
        out
    }

    fn on_answer(&mut self, answer: Answer, _cx: &Cx) -> Out {
        match answer {
            Answer::Work(WorkDone::Review { id, results }) => {
                let _ = self.on_results(id, *results);
            }
            Answer::Work(WorkDone::Suggestion {
                key, suggestion, ..
            }) => {
                let _ = self.on_suggestion(key, suggestion);
            }
            _ => {}
        }
        Out::default()
    }

    fn unsaved(&self, _lang: Lang) -> Option<String> {
        None
    }

    fn save(&mut self, _cx: &Cx) -> Out {
        Out::default()
    }

    fn discard(&mut self) {}

    fn busy(&self) -> bool {
        false
    }

    /// The tools follow the record shown: a review of another record is dropped, the
    /// suggestion asked for a new position.
    fn tick(&mut self, cx: &Cx) -> Out {
        match cx.review {
            Some(state) => Out::work(self.sync(state.review(), state.path())),
            None => Out::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Review {
        let sgf = b"(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gc];W[cg];B[gg])";
        Review::from_sgf(sgf, 0).expect("sgf").0
    }

    /// The review's job goes to the runner; its results are taken only from that job, and a
    /// review of another file shown is dropped with its job.
    #[test]
    fn issue17_the_engine_review_is_a_job_and_late_results_are_skipped() {
        let review = record();
        let mut tools = ReviewTools::default();
        let work = tools
            .start(&review, None, EngineChoice::GnuGo(1), Lang::En)
            .expect("a job");
        let Work::StartReview { id, points, .. } = work else {
            panic!("{work:?}");
        };
        assert_eq!(points.len(), 6, "the start and five moves");
        let e = tools.engine.as_ref().expect("shown");
        assert!(e.running() && e.results.points.len() == 6);
        let mut over = ReviewResults::starting(&points);
        over.state = JobState::Finished;
        assert!(!tools.on_results(id + 1, over.clone()), "another job");
        assert!(tools.on_results(id, over));
        assert!(tools.cancel().is_none(), "nothing runs to cancel");
        let work = tools.sync(&review, Some(Path::new("other.sgf")));
        assert!(matches!(work.as_slice(), [Work::DropReview { id: d }] if *d == id));
        assert!(tools.engine.is_none());
    }

    /// An unusable command line is said in words; no job starts.
    #[test]
    fn issue11_an_empty_command_line_is_said_in_words() {
        let review = record();
        let mut tools = ReviewTools::default();
        let work = tools.start(
            &review,
            None,
            EngineChoice::Command("  ".to_owned()),
            Lang::En,
        );
        assert!(work.is_none());
        assert!(tools.problem_text(Lang::En).is_some());
    }

    /// Issue 17 item 9: the suggestion counts a result only where the game ended.
    #[test]
    fn issue17_a_position_is_finished_after_two_passes_or_at_a_counted_result() {
        let open = Review::from_sgf(b"(;SZ[9];B[ee];W[cc])", 0).expect("sgf").0;
        let mut at_end = open.clone();
        at_end.last();
        assert!(!position_finished(&at_end), "no result, no passes");
        let mut passed = Review::from_sgf(b"(;SZ[9];B[ee];W[];B[])", 0)
            .expect("sgf")
            .0;
        passed.last();
        assert!(position_finished(&passed));
        let mut counted = Review::from_sgf(b"(;SZ[9]RE[B+3.5];B[ee];W[cc])", 0)
            .expect("sgf")
            .0;
        counted.last();
        assert!(position_finished(&counted));
        counted.first();
        assert!(!position_finished(&counted), "the start of a finished game");
        let mut resigned = Review::from_sgf(b"(;SZ[9]RE[W+R];B[ee];W[cc])", 0)
            .expect("sgf")
            .0;
        resigned.last();
        assert!(
            !position_finished(&resigned),
            "a resignation is not counted"
        );
    }
}
