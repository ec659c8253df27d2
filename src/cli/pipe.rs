//! Output into a pipe that closes early (issue 28 item 10): `tianyuan tournament standings
//! t.ron | head -3` must not end in a panic (exit 101). Rust ignores SIGPIPE, so a write to a
//! closed pipe fails with `BrokenPipe`, and `println!` panics on a failed write. Every command
//! of the binary prints through `println!`/`print!`, so this is handled in one place: a panic
//! hook that recognises the standard library's "failed printing to stdout/stderr" panic
//! caused by a closed pipe, and ends the process quietly with exit code 0 (the reader stopped
//! reading; nothing went wrong — as `cat` or ripgrep piped into `head`). Any other failed
//! write (a full disk under `> file`) is said in one line and exits 1; every other panic goes
//! to the default hook unchanged.

use std::io;

/// The standard library's panic message when `print!`/`eprint!` cannot write.
const PRINT_FAILED: [&str; 2] = ["failed printing to stdout: ", "failed printing to stderr: "];

/// What the panic hook does with a panic's message.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The reader closed the pipe: exit 0, silently.
    ClosedPipe,
    /// Standard output could not be written for another reason: say it, exit 1.
    WriteFailed(String),
    /// Any other panic: the default hook reports it.
    Other,
}

/// The texts a write to a closed pipe fails with, as `io::Error` displays them (the OS's
/// words and number: EPIPE on Unix; on Windows ERROR_BROKEN_PIPE and ERROR_NO_DATA).
fn closed_pipe_texts() -> Vec<String> {
    let mut v = vec![io::Error::from(io::ErrorKind::BrokenPipe).to_string()];
    let codes: &[i32] = if cfg!(windows) { &[109, 232] } else { &[32] };
    v.extend(
        codes
            .iter()
            .map(|&c| io::Error::from_raw_os_error(c).to_string()),
    );
    v
}

/// Classifies a panic message.
pub fn verdict(message: &str) -> Verdict {
    let Some(error) = PRINT_FAILED.iter().find_map(|p| message.strip_prefix(p)) else {
        return Verdict::Other;
    };
    if closed_pipe_texts().iter().any(|t| t == error) {
        Verdict::ClosedPipe
    } else {
        Verdict::WriteFailed(error.to_string())
    }
}

/// Installs the hook (once, at the start of `main`).
pub fn install() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        match verdict(message) {
            Verdict::ClosedPipe => std::process::exit(0),
            Verdict::WriteFailed(why) => {
                use std::io::Write as _;
                let _ = writeln!(io::stderr(), "tianyuan: cannot write the output: {why}");
                std::process::exit(1)
            }
            Verdict::Other => default(info),
        }
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue28_a_closed_pipe_is_told_from_other_failures_and_other_panics() {
        let epipe = if cfg!(windows) {
            io::Error::from_raw_os_error(232)
        } else {
            io::Error::from_raw_os_error(32)
        };
        assert_eq!(
            verdict(&format!("failed printing to stdout: {epipe}")),
            Verdict::ClosedPipe
        );
        assert_eq!(
            verdict(&format!("failed printing to stderr: {epipe}")),
            Verdict::ClosedPipe
        );
        let full = io::Error::from(io::ErrorKind::StorageFull).to_string();
        assert_eq!(
            verdict(&format!("failed printing to stdout: {full}")),
            Verdict::WriteFailed(full)
        );
        assert_eq!(verdict("index out of bounds"), Verdict::Other);
    }
}
