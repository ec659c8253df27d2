//! What an engine is and what it can do, asked once after it starts.

use std::time::Duration;

use super::error::EngineError;
use super::gtp_engine::GtpEngine;

/// The engine's name, version and commands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineInfo {
    /// Its `name` ("GNU Go", "KataGo", "Leela Zero", "Pachi" …); empty if it would not say.
    pub name: String,
    /// Its `version`; empty if it would not say.
    pub version: String,
    /// Its `list_commands`.
    pub commands: Vec<String>,
}

impl EngineInfo {
    /// Asks `name`, `version` and `list_commands`. Only a fatal error fails: an engine that
    /// refuses `name` still plays.
    pub fn probe(engine: &mut dyn GtpEngine, timeout: Duration) -> Result<EngineInfo, EngineError> {
        let mut ask = |command: &str| match engine.command(command, timeout) {
            Ok(text) => Ok(text),
            Err(e) if e.is_fatal() => Err(e),
            Err(_) => Ok(String::new()),
        };
        let name = ask("name")?;
        let version = ask("version")?;
        let commands = ask("list_commands")?
            .lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect();
        Ok(EngineInfo {
            name: name.trim().to_string(),
            version: version.trim().to_string(),
            commands,
        })
    }

    /// Whether the engine lists `command`.
    pub fn knows(&self, command: &str) -> bool {
        self.commands.iter().any(|c| c == command)
    }

    /// Whether this is GNU Go (whose `final_score` may take minutes mid-game and whose
    /// strength is set with `level`).
    pub fn is_gnugo(&self) -> bool {
        self.name.eq_ignore_ascii_case("GNU Go")
    }

    /// "GNU Go 3.8", or the name alone, for titles.
    pub fn title(&self) -> String {
        match (self.name.is_empty(), self.version.is_empty()) {
            (true, _) => "?".to_string(),
            (false, true) => self.name.clone(),
            (false, false) => format!("{} {}", self.name, self.version),
        }
    }
}
