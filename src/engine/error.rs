//! Why talking to an engine failed, in words a teacher can act on (three languages).

use std::fmt;

use crate::i18n::Lang;

/// What went wrong with a GTP engine. Every variant names the engine or the command, and the
/// ones where the engine died carry the last lines it wrote on stderr, since that is usually
/// where it says why (a missing model file, a bad option).
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// The program is not installed (or not where its command line says).
    Missing {
        /// The program as given.
        program: String,
    },
    /// The program exists but could not be started (permissions, not an executable …).
    CannotStart {
        /// The program as given.
        program: String,
        /// The system's reason.
        reason: String,
    },
    /// The engine answered `? …` to a command.
    Refused {
        /// The command sent (without its id).
        command: String,
        /// The engine's message.
        message: String,
    },
    /// The engine exited or closed its output.
    Crashed {
        /// The engine's name (its program).
        engine: String,
        /// How it ended ("exit status 3", "signal 9"), when known.
        exit: Option<String>,
        /// The last lines it wrote on stderr.
        stderr: String,
    },
    /// No answer within the time allowed.
    TimedOut {
        /// The command sent.
        command: String,
        /// The time allowed, in seconds.
        seconds: f64,
    },
    /// The answer could not be understood (not GTP, or not what the command returns).
    BadReply {
        /// The command sent.
        command: String,
        /// The answer.
        reply: String,
    },
    /// The engine chose a move our rules forbid (e.g. a superko repetition it does not see).
    IllegalReply {
        /// The move as the engine wrote it.
        reply: String,
        /// Why the rules forbid it (English; the rules core has the other languages).
        reason: String,
    },
    /// A command the client refuses to send (empty, or several lines).
    InvalidCommand(String),
    /// `final_score` asked before the game has ended (it can take minutes mid-game).
    GameNotFinished,
    /// The job was cancelled.
    Cancelled,
}

impl EngineError {
    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            EngineError::Missing { program } => {
                let hint = install_hint(program);
                lang.pick(
                    format!("找不到围棋引擎“{program}”。{}", hint.0),
                    format!("找不到圍棋引擎「{program}」。{}", hint.1),
                    format!("The Go engine \"{program}\" is not installed. {}", hint.2),
                )
            }
            EngineError::CannotStart { program, reason } => lang.pick(
                format!("无法启动围棋引擎“{program}”：{reason}"),
                format!("無法啟動圍棋引擎「{program}」：{reason}"),
                format!("The Go engine \"{program}\" could not be started: {reason}"),
            ),
            EngineError::Refused { command, message } => lang.pick(
                format!("引擎拒绝了命令“{command}”：{message}"),
                format!("引擎拒絕了命令「{command}」：{message}"),
                format!("The engine refused \"{command}\": {message}"),
            ),
            EngineError::Crashed {
                engine,
                exit,
                stderr,
            } => {
                let exit = exit.as_deref().unwrap_or("?");
                let tail = if stderr.trim().is_empty() {
                    String::new()
                } else {
                    format!("\n{}", stderr.trim_end())
                };
                lang.pick(
                    format!("围棋引擎“{engine}”意外退出（{exit}）。{tail}"),
                    format!("圍棋引擎「{engine}」意外退出（{exit}）。{tail}"),
                    format!("The Go engine \"{engine}\" stopped unexpectedly ({exit}).{tail}"),
                )
            }
            EngineError::TimedOut { command, seconds } => lang.pick(
                format!("引擎在{seconds:.0}秒内没有回答“{command}”。"),
                format!("引擎在{seconds:.0}秒內沒有回答「{command}」。"),
                format!("The engine did not answer \"{command}\" within {seconds:.0} s."),
            ),
            EngineError::BadReply { command, reply } => lang.pick(
                format!("看不懂引擎对“{command}”的回答：{reply}"),
                format!("看不懂引擎對「{command}」的回答：{reply}"),
                format!("The engine's answer to \"{command}\" makes no sense: {reply}"),
            ),
            EngineError::IllegalReply { reply, reason } => lang.pick(
                format!("引擎下了违反规则的一手 {reply}（{reason}）。"),
                format!("引擎下了違反規則的一手 {reply}（{reason}）。"),
                format!("The engine played {reply}, which the rules forbid ({reason})."),
            ),
            EngineError::InvalidCommand(command) => lang.pick(
                format!("无效的GTP命令：{command:?}"),
                format!("無效的GTP命令：{command:?}"),
                format!("Not a GTP command: {command:?}"),
            ),
            EngineError::GameNotFinished => lang.pick(
                "对局尚未结束，不请引擎数子（可能要几分钟）。".to_string(),
                "對局尚未結束，不請引擎數子（可能要幾分鐘）。".to_string(),
                "The game has not ended: the engine is not asked to count (it can take minutes)."
                    .to_string(),
            ),
            EngineError::Cancelled => lang.pick("已取消。", "已取消。", "Cancelled.").to_string(),
        }
    }

    /// Whether the engine is gone and must be started again before any further command.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            EngineError::Missing { .. }
                | EngineError::CannotStart { .. }
                | EngineError::Crashed { .. }
        )
    }
}

/// How to install a known engine, in the three languages; empty for others.
fn install_hint(program: &str) -> (&'static str, &'static str, &'static str) {
    let base = program.rsplit('/').next().unwrap_or(program);
    match base {
        "gnugo" => (
            "请安装 GNU Go（Debian/Ubuntu：sudo apt install gnugo，程序在 /usr/games/gnugo）。",
            "請安裝 GNU Go（Debian/Ubuntu：sudo apt install gnugo，程式在 /usr/games/gnugo）。",
            "Install GNU Go (Debian/Ubuntu: sudo apt install gnugo; the program is /usr/games/gnugo).",
        ),
        _ => (
            "请检查引擎的命令行。",
            "請檢查引擎的命令列。",
            "Check the engine's command line.",
        ),
    }
}

impl fmt::Display for EngineError {
    /// The English message.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for EngineError {}
