//! The review tab's helpers (issue 11 items 5 and 7), without egui: the dead-stone suggestion
//! for the position shown, and the review of the record's line by an engine in the background
//! ([`crate::engine::ReviewJob`]: progress, cancel, results polled when the job wakes the UI).
//!
//! The engine is GNU Go at a level the user picks, or any GTP engine's command line from the
//! settings; tests hand in their own engine ([`ReviewTools::engine_for_tests`]) — the scripted
//! or in-process engines — so no process is started.

use std::path::PathBuf;
use std::sync::Arc;

use super::dead_stone_help::{DeadStoneHelp, Question};
use crate::engine::review_job::EngineFactory;
use crate::engine::{
    AnalysisLimits, EngineError, EngineSpec, GtpEngine, JobState, ReviewJob, ReviewResults, Swing,
    review_points,
};
use crate::i18n::Lang;
use crate::record::NodeId;
use crate::review::Review;

pub use crate::wake::Waker;

/// Builds an engine on the job's thread (tests).
pub type EngineMaker =
    Arc<dyn Fn() -> Result<Box<dyn GtpEngine + Send>, EngineError> + Send + Sync>;

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

/// The engine review of one record's line: the job and what it has found.
pub struct EngineReview {
    job: ReviewJob,
    /// The last results taken from the job.
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
    /// The engine window's inputs while it is open.
    pub input: EngineInput,
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

/// How many swings are listed.
pub const SWINGS_LISTED: usize = 8;

impl ReviewTools {
    /// Follows the review's position for the dead-stone suggestion, and takes the jobs'
    /// news; a review of another file or game than `path`'s shown one is dropped (and so
    /// cancelled). Returns whether anything changed (the shell repaints).
    pub fn poll(&mut self, review: &Review, path: Option<&std::path::Path>, wake: &Waker) -> bool {
        if let Some(e) = &self.engine
            && (e.record.0.as_deref() != path || e.record.1 != review.game_index())
        {
            self.engine = None;
            self.error = None;
            return true;
        }
        let question = self.dead_on.then(|| {
            let game = review.game();
            Question {
                board: game.board().clone(),
                rules: game.rules().clone(),
                handicap: game.handicap(),
            }
        });
        let mut changed = self.dead.sync(question, wake);
        changed |= self.dead.poll();
        if let Some(e) = &mut self.engine
            && !e.results.is_over()
        {
            let now = e.job.results();
            if now.done != e.results.done || now.state != e.results.state {
                e.results = now;
                changed = true;
            }
        }
        changed
    }

    /// Starts reviewing the line at the cursor with `choice` (replacing an earlier review).
    pub fn start(
        &mut self,
        review: &Review,
        record: Option<PathBuf>,
        choice: EngineChoice,
        lang: Lang,
        wake: Waker,
    ) {
        self.error = None;
        let points = match review_points(review) {
            Ok(p) => p,
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        };
        let (make, engine): (EngineFactory, String) = match &self.engine_for_tests {
            Some(maker) => {
                let maker = Arc::clone(maker);
                (Box::new(move || maker()), "test engine".to_owned())
            }
            None => match choice.spec(lang) {
                Ok(spec) => {
                    let line = spec.command_line();
                    let make: EngineFactory = Box::new(move || {
                        crate::engine::ProcessEngine::start(&spec)
                            .map(|e| Box::new(e) as Box<dyn GtpEngine + Send>)
                    });
                    (make, line)
                }
                Err(e) => {
                    self.error = Some(e);
                    return;
                }
            },
        };
        let job = ReviewJob::start(points, make, AnalysisLimits::default(), wake);
        let results = job.results();
        self.engine = Some(EngineReview {
            job,
            results,
            record: (record, review.game_index()),
            engine,
        });
        self.choice = Some(choice);
        self.dialog_open = false;
    }

    /// Asks the running review to stop; the estimates so far stay.
    pub fn cancel(&self) {
        if let Some(e) = &self.engine {
            e.job.cancel();
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ScriptedEngine;

    fn record() -> Review {
        let sgf = b"(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gc];W[cg];B[gg])";
        Review::from_sgf(sgf, 0).expect("sgf").0
    }

    fn wait(tools: &mut ReviewTools, review: &Review) {
        let wake: Waker = Arc::new(|| {});
        for _ in 0..2000 {
            tools.poll(review, None, &wake);
            if tools.engine.as_ref().is_some_and(|e| !e.running()) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("the review did not end");
    }

    /// Issue 11 item 7: a scripted engine's estimates become the series and the swings; the
    /// biggest drop is the move to look at.
    #[test]
    fn issue11_engine_review_lists_the_biggest_swing_first() {
        let review = record();
        let mut tools = ReviewTools::default();
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let c2 = Arc::clone(&calls);
        tools.engine_for_tests = Some(Arc::new(move || {
            let c3 = Arc::clone(&c2);
            Ok(Box::new(ScriptedEngine::new("scripted", move |cmd| {
                if cmd.starts_with("list_commands") {
                    return Ok(Ok("estimate_score\nplay\nboardsize".to_owned()));
                }
                if cmd.starts_with("estimate_score") {
                    // Black leads by 5 until the fourth position, then White by 20.
                    let n = c3.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    return Ok(Ok(if n < 3 { "B+5.0" } else { "W+20.0" }.to_owned()));
                }
                Ok(Ok(String::new()))
            })) as Box<dyn GtpEngine + Send>)
        }));
        let wake: Waker = Arc::new(|| {});
        tools.start(
            &review,
            None,
            EngineChoice::GnuGo(1),
            Lang::En,
            Arc::clone(&wake),
        );
        wait(&mut tools, &review);
        let e = tools.engine.as_ref().expect("job");
        assert_eq!(e.results.state, JobState::Finished, "{:?}", e.results.state);
        let swings = tools.swings();
        assert!(!swings.is_empty());
        assert!(calls.load(std::sync::atomic::Ordering::Relaxed) >= 5);
        assert!(tools.node_at_move(swings[0].move_number).is_some());
        // Another file shown: the review of this one is dropped.
        tools.poll(&review, Some(std::path::Path::new("other.sgf")), &wake);
        assert!(tools.engine.is_none());
    }

    /// Missing engine: the job fails with a message that names the program.
    #[test]
    fn issue11_a_missing_engine_is_said_in_words() {
        let review = record();
        let mut tools = ReviewTools::default();
        let wake: Waker = Arc::new(|| {});
        tools.start(
            &review,
            None,
            EngineChoice::Command("/nonexistent/engine --gtp".to_owned()),
            Lang::En,
            wake,
        );
        wait(&mut tools, &review);
        let text = tools.problem_text(Lang::En).expect("a message");
        assert!(text.contains("engine"), "{text}");
        tools.start(
            &review,
            None,
            EngineChoice::Command("  ".to_owned()),
            Lang::En,
            Arc::new(|| {}),
        );
        assert!(tools.problem_text(Lang::En).is_some());
    }
}
