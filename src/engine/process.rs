//! A GTP engine running as a child process: GNU Go, KataGo, Pachi, Leela Zero, or anything
//! else that speaks GTP on stdin/stdout.
//!
//! One reader thread per pipe: stdout's lines go through a channel (so every wait has a
//! time-out and a hung engine never hangs the caller), stderr's last lines are kept for the
//! message when the engine dies (and reading it keeps a chatty engine from blocking on a full
//! pipe). Commands carry ids; see [`super::response`].

use std::collections::VecDeque;
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::error::EngineError;
use super::gtp_engine::{Flow, GtpEngine};
use super::response::{Assembler, Fed, is_sendable};
use super::spec::EngineSpec;
use crate::gtp::protocol::{RawLine, read_line};
use crate::time::{SystemTimeSource, TimeSource};

/// How many of the last stderr lines are kept, and how long each may be.
const STDERR_LINES: usize = 12;
const STDERR_LINE_CHARS: usize = 300;

/// How long a dying engine is given to exit and flush stderr before its message is written.
const EXIT_GRACE: Duration = Duration::from_millis(500);

/// How long a streamed command may take to end after it was told to stop.
const STOP_GRACE: Duration = Duration::from_secs(10);

/// What the stdout reader thread reports.
enum Output {
    Line(String),
    End,
}

/// The end of the engine's stderr, shared with its reader thread.
#[derive(Default)]
struct StderrTail {
    lines: VecDeque<String>,
    closed: bool,
}

/// A running engine process.
pub struct ProcessEngine {
    program: String,
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Output>,
    stderr: Arc<Mutex<StderrTail>>,
    assembler: Assembler,
    next_id: u64,
    /// Set once the engine is gone: every later call returns it.
    dead: Option<EngineError>,
    clock: SystemTimeSource,
}

impl std::fmt::Debug for ProcessEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProcessEngine")
            .field("program", &self.program)
            .field("pid", &self.child.id())
            .field("dead", &self.dead)
            .finish()
    }
}

/// `CREATE_NO_WINDOW` (winbase.h): a console program runs without a console window.
#[cfg(windows)]
const CREATE_NO_WINDOW: u32 = 0x0800_0000;

impl ProcessEngine {
    /// Starts the engine and checks that it speaks GTP (`protocol_version` within
    /// `spec.startup`). A missing program is [`EngineError::Missing`]; one that exits at once
    /// (a bad option, a missing model) is [`EngineError::Crashed`] with its stderr.
    pub fn start(spec: &EngineSpec) -> Result<ProcessEngine, EngineError> {
        let mut command = Command::new(&spec.program);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A console engine started from the window would open a console window of its own.
        #[cfg(windows)]
        std::os::windows::process::CommandExt::creation_flags(&mut command, CREATE_NO_WINDOW);
        let mut child = command.spawn().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => EngineError::Missing {
                program: spec.program.clone(),
            },
            _ => EngineError::CannotStart {
                program: spec.program.clone(),
                reason: e.to_string(),
            },
        })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::CannotStart {
                program: spec.program.clone(),
                reason: "no pipes to the process".to_string(),
            });
        };
        let (tx, output) = channel();
        let tail = Arc::new(Mutex::new(StderrTail::default()));
        let threads = spawn_stdout_reader(stdout, tx)
            .and_then(|()| spawn_stderr_reader(stderr, Arc::clone(&tail)));
        if let Err(e) = threads {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::CannotStart {
                program: spec.program.clone(),
                reason: e.to_string(),
            });
        }
        let mut engine = ProcessEngine {
            program: spec.program_name().to_string(),
            child,
            stdin: Some(stdin),
            output,
            stderr: tail,
            assembler: Assembler::new(0),
            next_id: 1,
            dead: None,
            clock: SystemTimeSource::new(),
        };
        engine.command("protocol_version", spec.startup)?;
        Ok(engine)
    }

    /// The process id (for logs).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The last lines the engine wrote on stderr.
    pub fn stderr_tail(&self) -> String {
        match self.stderr.lock() {
            Ok(t) => t.lines.iter().cloned().collect::<Vec<_>>().join("\n"),
            Err(_) => String::new(),
        }
    }

    /// Sends one command line with a fresh id; returns the id.
    fn send(&mut self, command: &str) -> Result<u64, EngineError> {
        if let Some(e) = &self.dead {
            return Err(e.clone());
        }
        if !is_sendable(command) {
            return Err(EngineError::InvalidCommand(command.to_string()));
        }
        let id = self.next_id;
        self.next_id += 1;
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{id} {}", command.trim()).and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        if written.is_err() {
            return Err(self.died());
        }
        self.assembler.expect(id);
        Ok(id)
    }

    /// Waits until `deadline` (ms on `self.clock`) for the next output line.
    fn next_line(&mut self, deadline: u64) -> Result<Option<String>, EngineError> {
        let left = deadline.saturating_sub(self.clock.now().0);
        match self.output.recv_timeout(Duration::from_millis(left)) {
            Ok(Output::Line(line)) => Ok(Some(line)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Ok(Output::End) | Err(RecvTimeoutError::Disconnected) => Err(self.died()),
        }
    }

    /// Reads until the awaited response is complete or `deadline` passes (`Ok(None)`),
    /// handing streamed lines to `on_line` (which may ask to stop).
    fn await_response(
        &mut self,
        deadline: u64,
        on_line: &mut dyn FnMut(&str) -> Flow,
    ) -> Result<Option<super::response::Response>, EngineError> {
        loop {
            let Some(line) = self.next_line(deadline)? else {
                return Ok(None);
            };
            match self.assembler.feed(&line) {
                Fed::Done(r) => return Ok(Some(r)),
                Fed::Started(text) | Fed::Line(text) => {
                    if !text.is_empty() && on_line(&text) == Flow::Stop {
                        return Ok(None);
                    }
                }
                Fed::Nothing => {}
            }
        }
    }

    fn deadline(&self, timeout: Duration) -> u64 {
        let ms = u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX);
        self.clock.now().0.saturating_add(ms)
    }

    /// The engine's output ended or its input broke: waits briefly for its exit status and
    /// its last words on stderr, then remembers and returns the error.
    fn died(&mut self) -> EngineError {
        if let Some(e) = &self.dead {
            return e.clone();
        }
        self.stdin = None;
        let deadline = self.deadline(EXIT_GRACE);
        let mut exit = None;
        loop {
            if exit.is_none() {
                exit = self.child.try_wait().ok().flatten();
            }
            let stderr_closed = self.stderr.lock().map(|t| t.closed).unwrap_or(true);
            if (exit.is_some() && stderr_closed) || self.clock.now().0 >= deadline {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let error = EngineError::Crashed {
            engine: self.program.clone(),
            exit: Some(exit.map_or_else(|| "output closed".to_string(), |s| s.to_string())),
            stderr: self.stderr_tail(),
        };
        self.dead = Some(error.clone());
        error
    }
}

fn spawn_stdout_reader(
    stdout: std::process::ChildStdout,
    tx: Sender<Output>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("tianyuan-engine-out".into())
        .spawn(move || {
            let mut reader = BufReader::new(stdout);
            // A line longer than the GTP reader's limit is cut, not buffered without end.
            while let Ok(Some(raw)) = read_line(&mut reader) {
                let bytes = match raw {
                    RawLine::Line(b) | RawLine::TooLong(b) => b,
                };
                let line = String::from_utf8_lossy(&bytes).into_owned();
                if tx.send(Output::Line(line)).is_err() {
                    return;
                }
            }
            let _ = tx.send(Output::End);
        })
        .map(|_| ())
}

fn spawn_stderr_reader(
    stderr: std::process::ChildStderr,
    tail: Arc<Mutex<StderrTail>>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("tianyuan-engine-err".into())
        .spawn(move || {
            let mut reader = BufReader::new(stderr);
            while let Ok(Some(raw)) = read_line(&mut reader) {
                let bytes = match raw {
                    RawLine::Line(b) | RawLine::TooLong(b) => b,
                };
                let line: String = String::from_utf8_lossy(&bytes)
                    .trim_end()
                    .chars()
                    .take(STDERR_LINE_CHARS)
                    .collect();
                let Ok(mut t) = tail.lock() else { return };
                if t.lines.len() == STDERR_LINES {
                    t.lines.pop_front();
                }
                t.lines.push_back(line);
            }
            if let Ok(mut t) = tail.lock() {
                t.closed = true;
            }
        })
        .map(|_| ())
}

impl GtpEngine for ProcessEngine {
    fn command(&mut self, command: &str, timeout: Duration) -> Result<String, EngineError> {
        let deadline = self.deadline(timeout);
        self.send(command)?;
        match self.await_response(deadline, &mut |_| Flow::Continue)? {
            Some(r) if r.ok => Ok(r.text),
            Some(r) => Err(EngineError::Refused {
                command: command.trim().to_string(),
                message: r.text,
            }),
            None => Err(EngineError::TimedOut {
                command: command.trim().to_string(),
                seconds: timeout.as_secs_f64(),
            }),
        }
    }

    fn stream(
        &mut self,
        command: &str,
        budget: Duration,
        on_line: &mut dyn FnMut(&str) -> Flow,
    ) -> Result<(), EngineError> {
        let deadline = self.deadline(budget);
        self.send(command)?;
        if let Some(r) = self.await_response(deadline, on_line)? {
            // The engine ended the answer itself (or refused the command).
            return if r.ok {
                Ok(())
            } else {
                Err(EngineError::Refused {
                    command: command.trim().to_string(),
                    message: r.text,
                })
            };
        }
        // Streaming engines stop at the next command and end the answer with a blank line;
        // a harmless command does it, and its answer proves the engine is listening again.
        let stop_deadline = self.deadline(STOP_GRACE);
        let stopped = self.command("protocol_version", STOP_GRACE);
        match stopped {
            Ok(_) => Ok(()),
            Err(EngineError::TimedOut { .. }) if self.clock.now().0 >= stop_deadline => {
                Err(EngineError::TimedOut {
                    command: command.trim().to_string(),
                    seconds: (budget + STOP_GRACE).as_secs_f64(),
                })
            }
            Err(e) => Err(e),
        }
    }

    fn label(&self) -> String {
        self.program.clone()
    }
}

impl Drop for ProcessEngine {
    /// Ends the engine: it holds no state worth a polite `quit`, and a busy engine (GNU Go
    /// in a long `final_score`) would not read one.
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
