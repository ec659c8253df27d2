//! The runner's workers for the sub-windows (issue 17 items 2 and 10): the teaching computer
//! (our player or a GTP engine, on one thread that lives with its game), the review tab's
//! engine review ([`ReviewJob`], its own thread), the dead-stone estimator and the teacher's
//! PIN (Argon2id), each on a thread of its own that ends with its answer. Every answer goes
//! back to the window that asked as a [`Command::Answer`] through the runner's one channel; nothing here
//! decides whether an answer still matters — the host does.

use std::sync::Arc;
use std::sync::mpsc::Sender;

use crate::ai::Level;
use crate::app::host::Command;
use crate::app::protocol::{
    Answer, ComputerAnswer, ComputerSpec, PinProblem, ReviewEngine, WindowId, Work, WorkDone,
};
use crate::app::teach::computer::OurPlayer;
use crate::engine::review_job::EngineFactory;
use crate::engine::{
    AnalysisLimits, EngineError, EngineMove, EnginePlayer, GtpEngine, Pending, PlayerLimits,
    ReviewJob, Worker,
};
use crate::rules::{Color, Game};
use crate::wake::Waker;

/// The computer's brain on its thread.
enum Brain {
    Ours(OurPlayer),
    Engine(Box<EnginePlayer>),
}

impl Brain {
    fn start(spec: ComputerSpec) -> Result<Brain, EngineError> {
        match spec {
            ComputerSpec::Ours {
                level,
                seed,
                target,
            } => {
                let level = Level::new(level).unwrap_or(Level::MIN);
                Ok(Brain::Ours(OurPlayer::new(level, seed, target)))
            }
            ComputerSpec::Engine { spec, level } => {
                let mut player = EnginePlayer::start(&spec, PlayerLimits::default())?;
                if let Some(level) = level
                    && player.info().knows("level")
                {
                    player.set_level(level)?;
                }
                Ok(Brain::Engine(Box::new(player)))
            }
        }
    }

    fn answer(&mut self, game: &Game, color: Color) -> ComputerAnswer {
        match self {
            Brain::Ours(p) => ComputerAnswer::Move(p.choose(game, color)),
            Brain::Engine(p) => match p.genmove(game) {
                Ok(EngineMove::Play(c)) => ComputerAnswer::Move(crate::rules::Move::Play(c)),
                Ok(EngineMove::Pass) => ComputerAnswer::Move(crate::rules::Move::Pass),
                Ok(EngineMove::Resign) => ComputerAnswer::Resign,
                Err(e) => ComputerAnswer::Failed(e),
            },
        }
    }
}

/// A question to the computer in flight: its answer is sent by the job itself; the handle only
/// tells whether the job ran (a computer that could not start answers every job with its error).
struct Ask {
    owner: WindowId,
    game: u64,
    question: u64,
    done: Pending<()>,
}

/// The workers of the sub-windows.
pub(super) struct Workers {
    answers: Sender<Command>,
    wake: Waker,
    /// The teaching computer: its game and its thread.
    computer: Option<(u64, Worker<Brain>)>,
    asks: Vec<Ask>,
    /// The engine reviews running (one at a time in practice), with the window that asked.
    reviews: Vec<(u64, WindowId, ReviewJob)>,
    /// One-answer threads (suggestions, PINs) still owing their answer.
    running: usize,
    /// Threads started since the runner began (tests count them).
    pub(super) started: usize,
}

impl Workers {
    pub(super) fn new(answers: Sender<Command>, wake: Waker) -> Workers {
        Workers {
            answers,
            wake,
            computer: None,
            asks: Vec::new(),
            reviews: Vec::new(),
            running: 0,
            started: 0,
        }
    }

    /// Carries out one job of `owner`'s (its answers go back there).
    pub(super) fn run(&mut self, owner: WindowId, work: Work) {
        match work {
            Work::StartComputer { game, spec } => {
                self.started += 1;
                let worker = Worker::start(move || Brain::start(spec), Arc::clone(&self.wake));
                self.computer = Some((game, worker));
            }
            Work::StopComputer => {
                // Dropping the worker ends its thread after the job in hand (an engine quits).
                self.computer = None;
            }
            Work::AskComputer {
                game,
                question,
                position,
                color,
            } => self.ask(owner, game, question, *position, color),
            Work::StartReview { id, points, engine } => {
                self.start_review(owner, id, points, engine)
            }
            Work::CancelReview { id } => {
                if let Some((_, _, job)) = self.reviews.iter().find(|(i, _, _)| *i == id) {
                    job.cancel();
                }
            }
            Work::DropReview { id } => self.reviews.retain(|(i, _, _)| *i != id),
            Work::Suggest { key, question } => {
                self.once(owner, "tianyuan-dead-stones", move || {
                    let settings = crate::app::dead_stone_help::SETTINGS;
                    let s = crate::analysis::suggest(
                        &question.board,
                        &question.rules,
                        question.handicap,
                        &settings,
                    );
                    WorkDone::Suggestion {
                        key,
                        suggestion: Arc::new(s),
                    }
                })
            }
            Work::CheckTeacherPin { stored, pin, ask } => {
                self.once(owner, "tianyuan-pin", move || WorkDone::TeacherPinChecked {
                    ask,
                    right: crate::app::teach::teacher_pin::verify(&stored, &pin.0),
                })
            }
            Work::CheckClassPin { record, pin, ask } => {
                self.once(owner, "tianyuan-pin", move || WorkDone::ClassPinChecked {
                    ask,
                    right: record.verify(&pin.0),
                })
            }
            Work::MakeTeacherPin { pin, kdf } => self.once(owner, "tianyuan-pin", move || {
                let made = crate::entropy::bytes::<16>()
                    .map_err(PinProblem::NoRandom)
                    .and_then(|salt| crate::app::teach::teacher_pin::make(&pin.0, salt, kdf));
                WorkDone::TeacherPinMade(made)
            }),
            // The runner runs the class files' jobs itself (they count as its file jobs).
            Work::Class(_) => {}
        }
    }

    fn ask(&mut self, owner: WindowId, game: u64, question: u64, position: Game, color: Color) {
        let Some((_, worker)) = self.computer.as_ref().filter(|(g, _)| *g == game) else {
            // No computer for that game (it was replaced): the question is not asked; the
            // host asks again in the game it has now.
            return;
        };
        let tx = self.answers.clone();
        let done = worker.submit(move |brain: &mut Brain| {
            let answer = brain.answer(&position, color);
            let done = WorkDone::ComputerMove {
                game,
                question,
                answer,
            };
            let _ = tx.send(Command::Answer(owner, Answer::Work(done)));
            Ok(())
        });
        self.asks.push(Ask {
            owner,
            game,
            question,
            done,
        });
    }

    fn start_review(
        &mut self,
        owner: WindowId,
        id: u64,
        points: Vec<crate::engine::ReviewPoint>,
        e: ReviewEngine,
    ) {
        let make: EngineFactory = match e {
            ReviewEngine::Made(maker) => Box::new(move || maker()),
            ReviewEngine::Spec(spec) => Box::new(move || {
                crate::engine::ProcessEngine::start(&spec)
                    .map(|e| Box::new(e) as Box<dyn GtpEngine + Send>)
            }),
        };
        let tx = self.answers.clone();
        let ui = Arc::clone(&self.wake);
        // Each change of the job's results is news; the runner reads the results when it
        // hands the news to the host.
        let wake: Waker = Arc::new(move || {
            let _ = tx.send(Command::Answer(
                owner,
                Answer::Work(WorkDone::ReviewNews(id)),
            ));
            ui();
        });
        self.started += 1;
        let job = ReviewJob::start(points, make, AnalysisLimits::default(), wake);
        // A new review replaces the old one (dropping a job cancels it).
        self.reviews.clear();
        self.reviews.push((id, owner, job));
    }

    /// Runs `job` on a thread of its own; its answer goes to the host.
    fn once(
        &mut self,
        owner: WindowId,
        name: &str,
        job: impl FnOnce() -> WorkDone + Send + 'static,
    ) {
        let tx = self.answers.clone();
        let wake = Arc::clone(&self.wake);
        self.running += 1;
        self.started += 1;
        let spawned = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                let _ = tx.send(Command::Answer(owner, Answer::Work(job())));
                wake();
            });
        if spawned.is_err() {
            // No thread: the answer never comes; the host's question stays open and can be
            // asked again (nothing is decided without it).
            self.running -= 1;
        }
    }

    /// Takes an answer as it leaves the runner: review news becomes the review's results (or
    /// nothing, for a review dropped since); a one-answer thread is done.
    pub(super) fn translate(&mut self, c: Command) -> Option<Command> {
        match c {
            Command::Answer(_, Answer::Work(WorkDone::ReviewNews(id))) => {
                let (_, owner, job) = self.reviews.iter().find(|(i, _, _)| *i == id)?;
                let (owner, results) = (*owner, job.results());
                if results.is_over() {
                    // Its last news: the job's thread has ended.
                    self.reviews.retain(|(i, _, _)| *i != id);
                }
                let done = WorkDone::Review {
                    id,
                    results: Box::new(results),
                };
                Some(Command::Answer(owner, Answer::Work(done)))
            }
            Command::Answer(
                _,
                Answer::Work(
                    WorkDone::Suggestion { .. }
                    | WorkDone::TeacherPinChecked { .. }
                    | WorkDone::TeacherPinMade(_)
                    | WorkDone::ClassPinChecked { .. },
                ),
            ) => {
                self.running = self.running.saturating_sub(1);
                Some(c)
            }
            other => Some(other),
        }
    }

    /// The computer's failures to start: a question whose job could not run is answered with
    /// the error here (a question answered by its job is forgotten).
    pub(super) fn poll(&mut self) -> Vec<Command> {
        let mut out = Vec::new();
        self.asks.retain(|a| match a.done.poll() {
            None => true,
            Some(Ok(())) => false,
            Some(Err(e)) => {
                let done = WorkDone::ComputerMove {
                    game: a.game,
                    question: a.question,
                    answer: ComputerAnswer::Failed(e),
                };
                out.push(Command::Answer(a.owner, Answer::Work(done)));
                false
            }
        });
        out
    }

    /// Whether an answer is still owed.
    pub(super) fn busy(&self) -> bool {
        // A review stays listed until its last news (its results over) has been handed on.
        self.running > 0 || !self.asks.is_empty() || !self.reviews.is_empty()
    }
}
