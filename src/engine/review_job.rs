//! Reviewing a record with an engine in the background: the engine's estimate after each move
//! of a line, filled in as it comes (for a graph), with progress and cancellation.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use super::error::EngineError;
use super::estimate::{AnalysisLimits, Estimate, Method};
use super::gtp_engine::GtpEngine;
use super::info::EngineInfo;
use super::process::ProcessEngine;
use super::setup::Sync;
use super::spec::EngineSpec;
use super::swings::{PointInfo, Swing, Tempo, biggest_swings, smoothed};
use super::worker::Waker;
use crate::record::{GameInfo, GameTree, NodeId, ReplayError};
use crate::review::{Review, apply_node, node_move};
use crate::rules::Game;

/// One position to estimate: where it is in the record, and the game there.
#[derive(Clone, Debug)]
pub struct ReviewPoint {
    /// Its place in the record.
    pub info: PointInfo,
    /// The game at that node.
    pub game: Game,
}

/// The positions of a line of a record (root first): the start, then the position after
/// each node holding a move or changing the stones (setup), replayed as the review tab does.
pub fn line_points(tree: &GameTree, path: &[NodeId]) -> Result<Vec<ReviewPoint>, ReplayError> {
    let (info, _) = GameInfo::read(tree, path);
    let mut game = Game::new(info.size, info.rules()).map_err(ReplayError::Rules)?;
    let mut points = Vec::new();
    let mut moves = 0;
    for (k, &id) in path.iter().enumerate() {
        let Some(node) = tree.node(id) else { continue };
        apply_node(&mut game, node, info.handicap);
        let played = node_move(node, info.size);
        if played.is_some() {
            moves += 1;
        }
        let changes_stones = ["AB", "AW", "AE"].iter().any(|p| node.has(p));
        if k == 0 || played.is_some() || changes_stones {
            points.push(ReviewPoint {
                info: PointInfo {
                    node: id,
                    move_number: moves,
                    played,
                },
                game: game.clone(),
            });
        }
    }
    Ok(points)
}

/// The positions of the line through a review's cursor (to the end of that line).
pub fn review_points(review: &Review) -> Result<Vec<ReviewPoint>, ReplayError> {
    line_points(review.tree(), &review.line())
}

/// Where a review job is.
#[derive(Clone, Debug, PartialEq)]
pub enum JobState {
    /// The engine is starting.
    Starting,
    /// Estimating positions.
    Running,
    /// Every position was tried.
    Finished,
    /// Stopped by [`ReviewJob::cancel`]; the estimates so far are kept.
    Cancelled,
    /// The engine could not be started, offers no estimate, or died; estimates so far kept.
    Failed(EngineError),
}

/// What a review job has found so far.
#[derive(Clone, Debug)]
pub struct ReviewResults {
    /// The engine, as it names itself.
    pub engine: String,
    /// The record's board size (for writing vertices).
    pub board_size: u8,
    /// How it is asked.
    pub method: Option<Method>,
    /// The positions of the line.
    pub points: Vec<PointInfo>,
    /// One estimate per position, `None` while not yet known or when the engine gave none.
    pub estimates: Vec<Option<Estimate>>,
    /// Positions tried so far.
    pub done: usize,
    /// Where the job is.
    pub state: JobState,
}

impl ReviewResults {
    /// The results of a job about to start on `points`: nothing estimated yet.
    pub fn starting(points: &[ReviewPoint]) -> ReviewResults {
        ReviewResults {
            engine: String::new(),
            board_size: points.first().map_or(19, |p| p.game.size()),
            method: None,
            points: points.iter().map(|p| p.info.clone()).collect(),
            estimates: vec![None; points.len()],
            done: 0,
            state: JobState::Starting,
        }
    }

    /// `(move number, Black's lead or winrate margin)` of each estimated position: the graph.
    pub fn series(&self) -> Vec<(usize, f64)> {
        self.points
            .iter()
            .zip(&self.estimates)
            .filter_map(|(p, e)| Some((p.move_number, e.as_ref()?.value()?)))
            .collect()
    }

    /// The series to draw: [`ReviewResults::series`], smoothed for static estimates (whose
    /// raw values zigzag with each move's tempo).
    pub fn graph_series(&self) -> Vec<(usize, f64)> {
        match self.method.map(Method::tempo) {
            Some(Tempo::Static) => smoothed(&self.series()),
            _ => self.series(),
        }
    }

    /// The `count` moves that cost their player most: the moves to look at.
    pub fn swings(&self, count: usize) -> Vec<Swing> {
        let tempo = self.method.map_or(Tempo::Included, Method::tempo);
        biggest_swings(&self.points, &self.estimates, count, tempo)
    }

    /// Whether the job has stopped (finished, cancelled or failed).
    pub fn is_over(&self) -> bool {
        !matches!(self.state, JobState::Starting | JobState::Running)
    }
}

/// Progress of a review job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Positions tried.
    pub done: usize,
    /// Positions in all.
    pub total: usize,
}

impl Progress {
    /// Done as a fraction from 0 to 1 (1 for an empty job).
    pub fn fraction(&self) -> f32 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f32 / self.total as f32
        }
    }
}

type Shared = Arc<(Mutex<ReviewResults>, Condvar)>;

/// A review running on its own thread with its own engine. Dropping it cancels it.
#[derive(Debug)]
pub struct ReviewJob {
    shared: Shared,
    cancel: Arc<AtomicBool>,
}

/// Builds the engine on the job's thread.
pub type EngineFactory = Box<dyn FnOnce() -> Result<Box<dyn GtpEngine + Send>, EngineError> + Send>;

impl ReviewJob {
    /// Starts reviewing `points` with the engine `make` builds (on the job's thread).
    pub fn start(
        points: Vec<ReviewPoint>,
        make: EngineFactory,
        limits: AnalysisLimits,
        wake: Waker,
    ) -> ReviewJob {
        let results = ReviewResults::starting(&points);
        let shared: Shared = Arc::new((Mutex::new(results), Condvar::new()));
        let cancel = Arc::new(AtomicBool::new(false));
        let job = ReviewJob {
            shared: Arc::clone(&shared),
            cancel: Arc::clone(&cancel),
        };
        let thread_shared = Arc::clone(&shared);
        let thread_wake = Arc::clone(&wake);
        let spawned = std::thread::Builder::new()
            .name("tianyuan-review".into())
            .spawn(move || {
                let outcome = run(
                    &points,
                    make,
                    &limits,
                    &thread_shared,
                    &cancel,
                    &thread_wake,
                );
                let state = match outcome {
                    Ok(()) if cancel.load(Ordering::Relaxed) => JobState::Cancelled,
                    Ok(()) => JobState::Finished,
                    Err(EngineError::Cancelled) => JobState::Cancelled,
                    Err(e) => JobState::Failed(e),
                };
                update(&thread_shared, &thread_wake, |r| r.state = state);
            });
        if let Err(e) = spawned {
            let error = EngineError::CannotStart {
                program: "review".to_string(),
                reason: e.to_string(),
            };
            update(&shared, &wake, |r| r.state = JobState::Failed(error));
        }
        job
    }

    /// Starts reviewing `points` with the engine of `spec`.
    pub fn start_engine(
        points: Vec<ReviewPoint>,
        spec: EngineSpec,
        limits: AnalysisLimits,
        wake: Waker,
    ) -> ReviewJob {
        let make: EngineFactory = Box::new(move || {
            ProcessEngine::start(&spec).map(|e| Box::new(e) as Box<dyn GtpEngine + Send>)
        });
        ReviewJob::start(points, make, limits, wake)
    }

    /// Positions tried and positions in all.
    pub fn progress(&self) -> Progress {
        let r = lock(&self.shared);
        Progress {
            done: r.done,
            total: r.points.len(),
        }
    }

    /// Asks the job to stop (after the position in hand; a search stops at once).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// A copy of the results so far.
    pub fn results(&self) -> ReviewResults {
        lock(&self.shared).clone()
    }

    /// Waits at most `timeout` for the job to stop; returns whether it has (command line and
    /// tests; the app polls [`ReviewJob::results`] when woken).
    pub fn wait(&self, timeout: Duration) -> bool {
        let (mutex, condvar) = &*self.shared;
        let guard = mutex.lock().unwrap_or_else(|p| p.into_inner());
        let (guard, _) = condvar
            .wait_timeout_while(guard, timeout, |r| !r.is_over())
            .unwrap_or_else(|p| p.into_inner());
        guard.is_over()
    }
}

impl Drop for ReviewJob {
    fn drop(&mut self) {
        self.cancel();
    }
}

fn lock(shared: &Shared) -> MutexGuard<'_, ReviewResults> {
    // A panic elsewhere cannot leave the results half-written in a way that matters here.
    shared.0.lock().unwrap_or_else(|p| p.into_inner())
}

fn update(shared: &Shared, wake: &Waker, change: impl FnOnce(&mut ReviewResults)) {
    change(&mut lock(shared));
    shared.1.notify_all();
    wake();
}

/// The job's thread: start the engine, choose how to ask, then each position in turn.
fn run(
    points: &[ReviewPoint],
    make: EngineFactory,
    limits: &AnalysisLimits,
    shared: &Shared,
    cancel: &AtomicBool,
    wake: &Waker,
) -> Result<(), EngineError> {
    let mut engine = make()?;
    let info = EngineInfo::probe(&mut *engine, limits.timeout)?;
    let method = Method::choose(&info.commands).ok_or_else(|| EngineError::Refused {
        command: "list_commands".to_string(),
        message: format!("{} offers no way to estimate a position", info.title()),
    })?;
    update(shared, wake, |r| {
        r.engine = info.title();
        r.method = Some(method);
        r.state = JobState::Running;
    });
    let mut sync = Sync::new();
    for (i, point) in points.iter().enumerate() {
        if cancel.load(Ordering::Relaxed) {
            return Err(EngineError::Cancelled);
        }
        let estimate = sync
            .sync(&mut *engine, &point.game, limits.timeout)
            .and_then(|()| method.estimate(&mut *engine, point.game.to_move(), limits, cancel));
        let estimate = match estimate {
            Ok(e) => e,
            Err(e) if e.is_fatal() => return Err(e),
            // One position the engine will not judge (a refusal, a time-out) is left blank.
            Err(_) => {
                sync.forget();
                None
            }
        };
        update(shared, wake, |r| {
            if let Some(slot) = r.estimates.get_mut(i) {
                *slot = estimate;
            }
            r.done = i + 1;
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scripted::{InProcessEngine, ScriptedEngine};
    use crate::engine::worker::no_waker;

    const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gc];W[];B[])";

    fn points(sgf: &str) -> Vec<ReviewPoint> {
        let reading = crate::record::read_str(sgf).expect("sgf");
        let tree = &reading.collection.trees[0];
        line_points(tree, &tree.main_line()).expect("points")
    }

    fn factory(engine: impl GtpEngine + Send + 'static) -> EngineFactory {
        Box::new(move || Ok(Box::new(engine) as Box<dyn GtpEngine + Send>))
    }

    #[test]
    fn line_points_are_the_start_and_each_move() {
        let p = points(GAME);
        let numbers: Vec<usize> = p.iter().map(|p| p.info.move_number).collect();
        assert_eq!(numbers, [0, 1, 2, 3, 4, 5]);
        assert_eq!(p[2].game.board().stones().len(), 2);
        assert!(p[0].info.played.is_none());
    }

    #[test]
    fn setup_nodes_are_positions_of_their_own() {
        let p = points("(;SZ[9]AB[aa];B[ee];AW[ff];W[gg])");
        let numbers: Vec<(usize, bool)> = p
            .iter()
            .map(|p| (p.info.move_number, p.info.played.is_some()))
            .collect();
        assert_eq!(numbers, [(0, false), (1, true), (1, false), (2, true)]);
    }

    #[test]
    fn every_position_gets_an_estimate_from_our_own_engine() {
        // Our engine has no estimate_score but counts with final_score (all stones alive).
        let job = ReviewJob::start(
            points(GAME),
            factory(InProcessEngine::new()),
            AnalysisLimits::default(),
            no_waker(),
        );
        assert!(job.wait(Duration::from_secs(30)));
        let r = job.results();
        assert_eq!(r.state, JobState::Finished);
        assert_eq!(r.method, Some(Method::FinalScore));
        assert_eq!(job.progress(), Progress { done: 6, total: 6 });
        // Empty board: White leads by komi; after B E5 alone, Black owns all 81 points.
        assert_eq!(r.estimates[0].and_then(|e| e.black_lead), Some(-7.5));
        assert_eq!(r.estimates[1].and_then(|e| e.black_lead), Some(73.5));
        assert_eq!(r.series().len(), 6);
        // A count is static: each move is judged against the line's median gain, here 1
        // (gains 81, 81, 1, 0, 0). The two passes fell short of it by 1, but their estimate did
        // not change: a move that changed nothing is never listed (issue 17 item 9), and no
        // other move fell short.
        assert!(r.swings(5).is_empty(), "{:?}", r.swings(5));
        assert_eq!(r.graph_series().len(), 6);
    }

    #[test]
    fn a_refused_position_is_left_blank_and_a_crash_ends_the_job() {
        let mut estimates = 0;
        let engine = ScriptedEngine::new("flaky", move |c| match c {
            "list_commands" => Ok(Ok("estimate_score".into())),
            "estimate_score" => {
                estimates += 1;
                match estimates {
                    2 => Ok(Err("cannot".into())),
                    4 => Err(EngineError::Crashed {
                        engine: "flaky".into(),
                        exit: Some("signal 11".into()),
                        stderr: String::new(),
                    }),
                    _ => Ok(Ok(format!("B+{estimates}.0"))),
                }
            }
            _ => Ok(Ok(String::new())),
        });
        let job = ReviewJob::start(
            points(GAME),
            factory(engine),
            AnalysisLimits::default(),
            no_waker(),
        );
        assert!(job.wait(Duration::from_secs(30)));
        let r = job.results();
        assert!(
            matches!(r.state, JobState::Failed(EngineError::Crashed { .. })),
            "{:?}",
            r.state
        );
        let leads: Vec<Option<f64>> = r
            .estimates
            .iter()
            .map(|e| e.and_then(|e| e.black_lead))
            .collect();
        assert_eq!(leads, [Some(1.0), None, Some(3.0), None, None, None]);
        assert_eq!(r.done, 3);
    }

    #[test]
    fn cancel_stops_between_positions() {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let engine = ScriptedEngine::new("slow", move |c| {
            if c == "estimate_score" {
                // Each estimate waits for the test to allow it.
                let _ = rx.recv_timeout(Duration::from_secs(5));
                return Ok(Ok("W+1".into()));
            }
            Ok(Ok(if c == "list_commands" {
                "estimate_score".into()
            } else {
                String::new()
            }))
        });
        let job = ReviewJob::start(
            points(GAME),
            factory(engine),
            AnalysisLimits::default(),
            no_waker(),
        );
        job.cancel();
        let _ = tx.send(());
        assert!(job.wait(Duration::from_secs(30)));
        let r = job.results();
        assert_eq!(r.state, JobState::Cancelled);
        assert!(r.done <= 1, "{}", r.done);
    }

    #[test]
    fn an_engine_that_cannot_estimate_fails_the_job_clearly() {
        let engine = ScriptedEngine::new("mute", |c| {
            Ok(Ok(if c == "list_commands" {
                "play\ngenmove".into()
            } else {
                String::new()
            }))
        });
        let job = ReviewJob::start(
            points(GAME),
            factory(engine),
            AnalysisLimits::default(),
            no_waker(),
        );
        assert!(job.wait(Duration::from_secs(30)));
        assert!(matches!(
            job.results().state,
            JobState::Failed(EngineError::Refused { .. })
        ));
    }
}
