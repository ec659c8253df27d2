//! An engine on its own thread: the UI submits jobs and polls for their answers, so no
//! engine — slow, hung or dying — can ever block a frame.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::Duration;

use super::error::EngineError;

pub use crate::wake::Waker;

/// A waker that does nothing (command line, tests).
pub fn no_waker() -> Waker {
    crate::wake::none()
}

type Job<S> = Box<dyn FnOnce(&mut Result<S, EngineError>) + Send>;

/// A thread that owns an engine state `S` (an [`super::EnginePlayer`]) and runs jobs on it in
/// order. Dropping the worker lets the thread finish its current job and end, which ends the
/// engine; it is not joined, so dropping never waits for an engine.
pub struct Worker<S> {
    jobs: Sender<Job<S>>,
    wake: Waker,
}

impl<S> std::fmt::Debug for Worker<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Worker")
    }
}

impl<S: 'static> Worker<S> {
    /// Starts the thread; `make` builds the state there (starting an engine may take a while).
    /// If it fails, every job answers with its error.
    pub fn start(
        make: impl FnOnce() -> Result<S, EngineError> + Send + 'static,
        wake: Waker,
    ) -> Worker<S> {
        let (jobs, inbox) = channel::<Job<S>>();
        let thread_wake = Arc::clone(&wake);
        let spawned = std::thread::Builder::new()
            .name("tianyuan-engine".into())
            .spawn(move || {
                let mut state = make();
                thread_wake();
                while let Ok(job) = inbox.recv() {
                    job(&mut state);
                    thread_wake();
                }
            });
        // Without a thread the inbox is gone: every job's answer channel then closes at
        // once and `Pending::poll` reports it; nothing blocks.
        drop(spawned);
        Worker { jobs, wake }
    }

    /// Runs `job` on the engine's thread; its answer arrives through the returned handle.
    pub fn submit<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut S) -> Result<T, EngineError> + Send + 'static,
    ) -> Pending<T> {
        let (tx, rx) = channel();
        let wrapped: Job<S> = Box::new(move |state| {
            let answer = match state {
                Ok(s) => job(s),
                Err(e) => Err(e.clone()),
            };
            let _ = tx.send(answer);
        });
        if self.jobs.send(wrapped).is_err() {
            (self.wake)();
        }
        Pending { rx }
    }
}

/// The answer to a submitted job, once it is there.
#[derive(Debug)]
pub struct Pending<T> {
    rx: Receiver<Result<T, EngineError>>,
}

impl<T> Pending<T> {
    /// The answer if it has arrived; never blocks. A worker that is gone answers with
    /// [`EngineError::Crashed`].
    pub fn poll(&self) -> Option<Result<T, EngineError>> {
        match self.rx.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(worker_gone())),
        }
    }

    /// Waits at most `timeout` for the answer (command line and tests only).
    pub fn wait(&self, timeout: Duration) -> Option<Result<T, EngineError>> {
        match self.rx.recv_timeout(timeout) {
            Ok(answer) => Some(answer),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => None,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Some(Err(worker_gone())),
        }
    }
}

fn worker_gone() -> EngineError {
    EngineError::Crashed {
        engine: "worker".to_string(),
        exit: None,
        stderr: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn jobs_run_in_order_on_the_state_and_wake_the_ui() {
        let wakes = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&wakes);
        let worker = Worker::start(
            || Ok(Vec::<u32>::new()),
            Arc::new(move || {
                counter.fetch_add(1, Ordering::SeqCst);
            }),
        );
        let first = worker.submit(|v| {
            v.push(1);
            Ok(v.len())
        });
        let second = worker.submit(|v| {
            v.push(2);
            Ok(v.clone())
        });
        assert_eq!(second.wait(Duration::from_secs(10)), Some(Ok(vec![1, 2])));
        assert_eq!(first.poll(), Some(Ok(1)));
        // Woken once started and once after the first job (the second one's wake may lag).
        assert!(wakes.load(Ordering::SeqCst) >= 2);
    }

    #[test]
    fn a_state_that_failed_to_start_answers_every_job_with_its_error() {
        let worker: Worker<()> = Worker::start(
            || {
                Err(EngineError::Missing {
                    program: "nope".into(),
                })
            },
            no_waker(),
        );
        let answer = worker.submit(|()| Ok(5)).wait(Duration::from_secs(10));
        assert_eq!(
            answer,
            Some(Err(EngineError::Missing {
                program: "nope".into()
            }))
        );
    }
}
