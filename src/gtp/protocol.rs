//! The wire format of GTP version 2: reading command lines, splitting ids and arguments,
//! formatting responses. Knows nothing of Go.
//!
//! Input is treated as bytes, as the specification says (section 2.1): control characters other
//! than HT and LF are discarded, `#` starts a comment, HT becomes a space, and lines holding only
//! white space are ignored. Only then is the line decoded; a line that is not UTF-8 gets an error
//! response instead of ending the session.

use std::io::{self, BufRead};

/// The longest command line read whole; longer lines are discarded up to their end and answered
/// with an error, so a stream without newlines cannot exhaust memory.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line as read from the stream, before preprocessing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RawLine {
    /// The bytes of the line without its LF.
    Line(Vec<u8>),
    /// The line was longer than [`MAX_LINE_BYTES`]; its first bytes are kept to find an id.
    TooLong(Vec<u8>),
}

/// Reads the next line (up to LF or end of input); `None` at end of input.
pub fn read_line(input: &mut impl BufRead) -> io::Result<Option<RawLine>> {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let (consumed, done) = {
            let buf = match input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                if !read_any {
                    return Ok(None);
                }
                break;
            }
            read_any = true;
            let (chunk, consumed, done) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(line.len());
            if chunk.len() > room {
                too_long = true;
            }
            line.extend_from_slice(&chunk[..chunk.len().min(room)]);
            (consumed, done)
        };
        input.consume(consumed);
        if done {
            break;
        }
    }
    Ok(Some(if too_long {
        RawLine::TooLong(line)
    } else {
        RawLine::Line(line)
    }))
}

/// A parsed command: optional id, name and arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The id exactly as sent (digits only), echoed in the response.
    pub id: Option<String>,
    /// The command name.
    pub name: String,
    /// The arguments, split on white space.
    pub args: Vec<String>,
}

/// What a line of input turned out to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    /// Empty, white space or a comment only: no response is due.
    Nothing,
    /// A command to execute.
    Command(Command),
    /// A line that cannot be a command; answered with this error.
    Invalid {
        /// The id, when one could be read.
        id: Option<String>,
        /// The error message.
        message: String,
    },
}

/// Applies the preprocessing of the specification (section 2.6) to one line's bytes.
pub fn preprocess(bytes: &[u8]) -> Vec<u8> {
    let end = bytes.iter().position(|&b| b == b'#').unwrap_or(bytes.len());
    bytes[..end]
        .iter()
        .filter_map(|&b| match b {
            b'\t' => Some(b' '),
            0..=31 | 127 => None,
            _ => Some(b),
        })
        .collect()
}

/// Splits a raw line into id, command name and arguments.
pub fn parse(raw: &RawLine) -> Parsed {
    let (bytes, too_long) = match raw {
        RawLine::Line(b) => (b.as_slice(), false),
        RawLine::TooLong(b) => (b.as_slice(), true),
    };
    let clean = preprocess(bytes);
    let id = leading_id(&clean);
    if too_long {
        return Parsed::Invalid {
            id,
            message: format!("command line longer than {MAX_LINE_BYTES} bytes"),
        };
    }
    let Ok(text) = String::from_utf8(clean) else {
        return Parsed::Invalid {
            id,
            message: "command is not valid UTF-8".to_string(),
        };
    };
    let mut words = text.split(' ').filter(|w| !w.is_empty());
    let Some(first) = words.next() else {
        return Parsed::Nothing;
    };
    let (id, name) = if is_id(first) {
        match words.next() {
            Some(name) => (Some(first.to_string()), name),
            None => {
                return Parsed::Invalid {
                    id: Some(first.to_string()),
                    message: "missing command name".to_string(),
                };
            }
        }
    } else {
        (None, first)
    };
    Parsed::Command(Command {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

fn is_id(word: &str) -> bool {
    !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit())
}

/// The id at the start of a preprocessed line, if the line starts with one; works on bytes so
/// that a line with bad bytes later on still gets its id echoed.
fn leading_id(clean: &[u8]) -> Option<String> {
    let start = clean.iter().position(|&b| b != b' ')?;
    let rest = &clean[start..];
    let len = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let ends_word = rest.get(len).is_none_or(|&b| b == b' ');
    if len == 0 || !ends_word {
        return None;
    }
    String::from_utf8(rest[..len].to_vec()).ok()
}

/// Formats a response: `=id result` or `?id message`, ended by an empty line.
///
/// The body may span lines; empty lines inside it would end the response early, so they are
/// dropped, and a failure message is kept on one line.
pub fn format_response(success: bool, id: Option<&str>, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + 8);
    out.push(if success { '=' } else { '?' });
    if let Some(id) = id {
        out.push_str(id);
    }
    out.push(' ');
    if success {
        let lines: Vec<&str> = body.split('\n').filter(|l| !l.trim().is_empty()).collect();
        // A body that starts on its own line (showboard) keeps that newline, as GNU Go does.
        if body.starts_with('\n') && !lines.is_empty() {
            out.push('\n');
        }
        out.push_str(&lines.join("\n"));
    } else {
        out.push_str(&body.replace(['\n', '\r'], " "));
    }
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(s: &str) -> Parsed {
        parse(&RawLine::Line(s.as_bytes().to_vec()))
    }

    fn cmd(id: Option<&str>, name: &str, args: &[&str]) -> Parsed {
        Parsed::Command(Command {
            id: id.map(str::to_string),
            name: name.to_string(),
            args: args.iter().map(|a| a.to_string()).collect(),
        })
    }

    #[test]
    fn ids_names_and_arguments_are_split() {
        assert_eq!(
            parse_str("12 play b d4"),
            cmd(Some("12"), "play", &["b", "d4"])
        );
        assert_eq!(parse_str("play\tb  d4\r"), cmd(None, "play", &["b", "d4"]));
        assert_eq!(parse_str("  name # who"), cmd(None, "name", &[]));
    }

    #[test]
    fn blank_and_comment_lines_need_no_response() {
        for line in ["", "   ", "\t", "# just a comment", "\r", "\x01\x02"] {
            assert_eq!(parse_str(line), Parsed::Nothing, "{line:?}");
        }
    }

    #[test]
    fn control_characters_are_discarded() {
        assert_eq!(parse_str("na\x07me"), cmd(None, "name", &[]));
    }

    #[test]
    fn bad_utf8_is_an_error_that_keeps_the_id() {
        let raw = RawLine::Line(b"7 play b \xff\xfe".to_vec());
        assert_eq!(
            parse(&raw),
            Parsed::Invalid {
                id: Some("7".to_string()),
                message: "command is not valid UTF-8".to_string()
            }
        );
    }

    #[test]
    fn non_utf8_inside_a_comment_is_harmless() {
        let raw = RawLine::Line(b"name # \xff".to_vec());
        assert_eq!(parse(&raw), cmd(None, "name", &[]));
    }

    #[test]
    fn an_id_alone_is_an_error() {
        assert!(matches!(parse_str("5"), Parsed::Invalid { id: Some(i), .. } if i == "5"));
    }

    #[test]
    fn overlong_lines_are_cut_and_rejected() {
        let mut input = Vec::new();
        input.extend_from_slice(b"3 ");
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES * 2));
        input.extend_from_slice(b"\nname\n");
        let mut reader = io::Cursor::new(input);
        let first = read_line(&mut reader).unwrap().unwrap();
        assert!(matches!(&first, RawLine::TooLong(b) if b.len() == MAX_LINE_BYTES));
        assert!(matches!(parse(&first), Parsed::Invalid { id: Some(i), .. } if i == "3"));
        let second = read_line(&mut reader).unwrap().unwrap();
        assert_eq!(parse(&second), cmd(None, "name", &[]));
        assert_eq!(read_line(&mut reader).unwrap(), None);
    }

    #[test]
    fn last_line_without_newline_is_read() {
        let mut reader = io::Cursor::new(b"name".to_vec());
        assert_eq!(
            read_line(&mut reader).unwrap(),
            Some(RawLine::Line(b"name".to_vec()))
        );
        assert_eq!(read_line(&mut reader).unwrap(), None);
    }

    #[test]
    fn responses_follow_the_specification() {
        assert_eq!(format_response(true, None, ""), "= \n\n");
        assert_eq!(format_response(true, Some("4"), "2"), "=4 2\n\n");
        assert_eq!(
            format_response(false, Some("9"), "illegal move"),
            "?9 illegal move\n\n"
        );
        assert_eq!(format_response(true, None, "a\n\nb\n"), "= a\nb\n\n");
        assert_eq!(format_response(true, None, "\n x\n y"), "= \n x\n y\n\n");
        assert_eq!(
            format_response(false, None, "two\nlines"),
            "? two lines\n\n"
        );
    }
}
