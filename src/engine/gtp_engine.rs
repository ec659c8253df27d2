//! The small trait every engine is used through: send a command, get the answer or an error.

use std::time::Duration;

use super::error::EngineError;

/// Whether a streamed command (`kata-analyze`, `lz-analyze`) should keep running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep reading lines.
    Continue,
    /// Enough: stop the command.
    Stop,
}

/// A Go engine spoken to over GTP.
///
/// Calls block the calling thread (at most for the time-out given), which is why the app only
/// ever calls them on a worker thread ([`super::Worker`], [`super::ReviewJob`]): the trait stays
/// simple enough to script in tests. A refusal (`? …`) is [`EngineError::Refused`]; after a
/// fatal error ([`EngineError::is_fatal`]) every further call fails the same way.
pub trait GtpEngine {
    /// Sends one command and returns the text of its successful answer.
    fn command(&mut self, command: &str, timeout: Duration) -> Result<String, EngineError>;

    /// Sends a command whose answer streams (`kata-analyze B 50`): each line after the status
    /// line goes to `on_line` as it arrives, until `on_line` says [`Flow::Stop`], `budget` has
    /// passed (both end the command normally) or the engine ends the answer itself.
    ///
    /// The default, for engines that answer at once, hands over the lines of the whole answer.
    fn stream(
        &mut self,
        command: &str,
        budget: Duration,
        on_line: &mut dyn FnMut(&str) -> Flow,
    ) -> Result<(), EngineError> {
        let text = self.command(command, budget)?;
        for line in text.lines() {
            if on_line(line) == Flow::Stop {
                break;
            }
        }
        Ok(())
    }

    /// A short name for messages (the program, or the engine's own `name`).
    fn label(&self) -> String;
}

impl<E: GtpEngine + ?Sized> GtpEngine for Box<E> {
    fn command(&mut self, command: &str, timeout: Duration) -> Result<String, EngineError> {
        (**self).command(command, timeout)
    }

    fn stream(
        &mut self,
        command: &str,
        budget: Duration,
        on_line: &mut dyn FnMut(&str) -> Flow,
    ) -> Result<(), EngineError> {
        (**self).stream(command, budget, on_line)
    }

    fn label(&self) -> String {
        (**self).label()
    }
}
