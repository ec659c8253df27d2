//! Engines without a process: a scripted one for tests, and our own rules engine in-process.

use std::time::Duration;

use super::error::EngineError;
use super::gtp_engine::GtpEngine;

/// The answer a script gives to one command: the text of `= …`, or the message of `? …`.
pub type ScriptReply = Result<String, String>;

/// The function behind a [`ScriptedEngine`].
pub type Script = Box<dyn FnMut(&str) -> Result<ScriptReply, EngineError> + Send>;

/// An engine whose answers come from a function: tests give it exactly the refusals, odd
/// replies and failures they need. Every command is logged.
pub struct ScriptedEngine {
    label: String,
    script: Script,
    /// Every command received, in order.
    pub log: Vec<String>,
}

impl std::fmt::Debug for ScriptedEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptedEngine")
            .field("label", &self.label)
            .field("log", &self.log)
            .finish()
    }
}

impl ScriptedEngine {
    /// An engine answering with `script`; an `Err` from it is returned as is (a crash, a
    /// time-out …), an `Ok(Err(message))` becomes a refusal.
    pub fn new(
        label: &str,
        script: impl FnMut(&str) -> Result<ScriptReply, EngineError> + Send + 'static,
    ) -> ScriptedEngine {
        ScriptedEngine {
            label: label.to_string(),
            script: Box::new(script),
            log: Vec::new(),
        }
    }

    /// The null engine: accepts every command with an empty answer.
    pub fn null() -> ScriptedEngine {
        ScriptedEngine::new("null", |_| Ok(Ok(String::new())))
    }
}

impl GtpEngine for ScriptedEngine {
    fn command(&mut self, command: &str, _timeout: Duration) -> Result<String, EngineError> {
        if !super::response::is_sendable(command) {
            return Err(EngineError::InvalidCommand(command.to_string()));
        }
        self.log.push(command.trim().to_string());
        match (self.script)(command.trim())? {
            Ok(text) => Ok(text),
            Err(message) => Err(EngineError::Refused {
                command: command.trim().to_string(),
                message,
            }),
        }
    }

    fn label(&self) -> String {
        self.label.clone()
    }
}

/// Tianyuan's own GTP engine ([`crate::gtp::Engine`]: the rules, a legal-move `genmove`) run
/// in-process: an opponent for tests and a stand-in when no engine is installed.
#[derive(Debug, Default)]
pub struct InProcessEngine {
    engine: crate::gtp::Engine,
}

impl InProcessEngine {
    /// A fresh engine (19×19, Chinese rules).
    pub fn new() -> InProcessEngine {
        InProcessEngine::default()
    }
}

impl GtpEngine for InProcessEngine {
    fn command(&mut self, command: &str, _timeout: Duration) -> Result<String, EngineError> {
        if !super::response::is_sendable(command) {
            return Err(EngineError::InvalidCommand(command.to_string()));
        }
        let reply = self.engine.respond_to(command).unwrap_or_default();
        let text = reply.get(1..).unwrap_or("").trim().to_string();
        if reply.starts_with('=') {
            Ok(text)
        } else {
            Err(EngineError::Refused {
                command: command.trim().to_string(),
                message: text,
            })
        }
    }

    fn label(&self) -> String {
        "tianyuan".to_string()
    }
}
