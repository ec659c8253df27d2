//! Reading an engine's output lines back into GTP responses (GTP 2, section 6). Pure.
//!
//! Commands go out with numeric ids, so a response that arrives after its command timed out
//! is recognised by its id and skipped instead of being taken for the answer to the next
//! command. Lines outside any response (engines that chat on stdout) are ignored.

/// One complete response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    /// `true` for `=`, `false` for `?`.
    pub ok: bool,
    /// The text after the status and id, lines joined with `\n`, trimmed.
    pub text: String,
}

/// What one line of output meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fed {
    /// Nothing for the caller (noise, a stale response, a line kept for later).
    Nothing,
    /// The response to the awaited command started; its first line's text.
    Started(String),
    /// Another line of the awaited response (for streamed commands such as `kata-analyze`).
    Line(String),
    /// The awaited response is complete.
    Done(Response),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    Between,
    Skipping,
    Collecting { ok: bool, lines: Vec<String> },
}

/// Assembles the response to the command with id `want` from output lines.
#[derive(Clone, Debug)]
pub struct Assembler {
    want: u64,
    state: State,
}

impl Assembler {
    /// Waits for the response with id `want`.
    pub fn new(want: u64) -> Assembler {
        Assembler {
            want,
            state: State::Between,
        }
    }

    /// Now waits for id `want`; a response being skipped is still skipped to its end.
    pub fn expect(&mut self, want: u64) {
        self.want = want;
        if matches!(self.state, State::Collecting { .. }) {
            self.state = State::Skipping;
        }
    }

    /// Feeds one line (without its newline; a trailing `\r` is ignored).
    pub fn feed(&mut self, line: &str) -> Fed {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let blank = line.trim().is_empty();
        match &mut self.state {
            State::Between => {
                if blank {
                    return Fed::Nothing;
                }
                let Some((ok, id, rest)) = status_line(line) else {
                    return Fed::Nothing;
                };
                // A response without an id is taken as ours: some engines do not echo ids.
                if id.is_some_and(|id| id != self.want) {
                    self.state = State::Skipping;
                    return Fed::Nothing;
                }
                let first = rest.trim().to_string();
                self.state = State::Collecting {
                    ok,
                    lines: vec![first.clone()],
                };
                Fed::Started(first)
            }
            State::Skipping => {
                if blank {
                    self.state = State::Between;
                }
                Fed::Nothing
            }
            State::Collecting { ok, lines } => {
                if blank {
                    let ok = *ok;
                    let text = lines.join("\n").trim().to_string();
                    self.state = State::Between;
                    return Fed::Done(Response { ok, text });
                }
                lines.push(line.to_string());
                Fed::Line(line.to_string())
            }
        }
    }
}

/// Splits `=12 text` / `? text` into status, id and the rest; `None` if not a status line.
fn status_line(line: &str) -> Option<(bool, Option<u64>, &str)> {
    let ok = match line.as_bytes().first()? {
        b'=' => true,
        b'?' => false,
        _ => return None,
    };
    let rest = &line[1..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let after = &rest[digits..];
    if !(after.is_empty() || after.starts_with([' ', '\t'])) {
        return None;
    }
    let id = if digits == 0 {
        None
    } else {
        // An id too long for u64 is nobody's: skip that response.
        Some(rest[..digits].parse().unwrap_or(u64::MAX))
    };
    Some((ok, id, after))
}

/// Whether `command` can be sent as one GTP line: not empty, no control characters (a
/// newline would smuggle in a second command and desynchronise every answer after it).
pub fn is_sendable(command: &str) -> bool {
    !command.trim().is_empty() && !command.chars().any(|c| c.is_control() && c != '\t')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `lines` to an assembler waiting for `want`; returns what each line meant.
    fn feed_all(want: u64, lines: &[&str]) -> Vec<Fed> {
        let mut a = Assembler::new(want);
        lines.iter().map(|l| a.feed(l)).collect()
    }

    fn done(ok: bool, text: &str) -> Fed {
        Fed::Done(Response {
            ok,
            text: text.to_string(),
        })
    }

    #[test]
    fn one_line_answers_with_and_without_id() {
        assert_eq!(feed_all(3, &["=3 D4", ""])[1], done(true, "D4"));
        assert_eq!(feed_all(3, &["= D4", ""])[1], done(true, "D4"));
        assert_eq!(feed_all(3, &["=3", ""])[1], done(true, ""));
        assert_eq!(
            feed_all(3, &["?3 illegal move", ""])[1],
            done(false, "illegal move")
        );
        assert_eq!(feed_all(3, &["=3 pass\r", "\r"])[1], done(true, "pass"));
    }

    #[test]
    fn multi_line_answers_keep_their_lines() {
        let fed = feed_all(7, &["=7 A1 B2", "C3", "D4 E5", ""]);
        assert_eq!(fed[3], done(true, "A1 B2\nC3\nD4 E5"));
        assert_eq!(fed[1], Fed::Line("C3".into()));
    }

    #[test]
    fn stale_answer_of_a_timed_out_command_is_skipped() {
        let fed = feed_all(5, &["=4 E5", "more of 4", "", "=5 F6", ""]);
        assert_eq!(fed[..3], [Fed::Nothing, Fed::Nothing, Fed::Nothing]);
        assert_eq!(fed[4], done(true, "F6"));
    }

    #[test]
    fn chatter_outside_responses_is_ignored() {
        let fed = feed_all(1, &["GNU Go warming up", "", "==", "=1x", "=1 ok", ""]);
        assert_eq!(fed[5], done(true, "ok"));
        assert!(fed[..4].iter().all(|f| *f == Fed::Nothing));
    }

    #[test]
    fn streamed_lines_arrive_one_by_one() {
        let fed = feed_all(
            9,
            &["=9", "info move D4 visits 3", "info move D4 visits 9", ""],
        );
        assert_eq!(fed[0], Fed::Started(String::new()));
        assert_eq!(fed[2], Fed::Line("info move D4 visits 9".into()));
        assert_eq!(
            fed[3],
            done(true, "info move D4 visits 3\ninfo move D4 visits 9")
        );
    }

    #[test]
    fn sendable_commands_are_single_lines() {
        for ok in ["name", "play b D4", "kata-analyze B 50"] {
            assert!(is_sendable(ok), "{ok}");
        }
        for bad in ["", "  ", "name\nquit", "play b\rD4", "a\u{7}"] {
            assert!(!is_sendable(bad), "{bad:?}");
        }
    }
}
