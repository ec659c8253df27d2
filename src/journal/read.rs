//! Reading a whole journal from its bytes: every intact entry, and what is wrong after them.
//!
//! Reading never changes the bytes. An incomplete last line (no `\n`: a crash or power cut in
//! the middle of an append) is a *torn tail*: every complete entry before it is recovered, and
//! the next writer moves the torn bytes aside. A complete line that fails its hash, its chain
//! or its number is *damage*: reading stops there, naming the entry, and the file is opened
//! read-only.

use super::v1::{self, DecodedLine, Header, JournalError, SessionRecord};
use crate::session::Entry;

/// What follows the intact entries, if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// An incomplete last line: `len` bytes from `offset`, after entry `after`.
    TornTail {
        /// Where the torn bytes start.
        offset: usize,
        /// How many there are.
        len: usize,
        /// The last intact entry's number.
        after: u32,
    },
    /// Entry `n`, a complete line from `offset`, is not intact.
    Broken {
        /// The entry's number (its position in the file).
        n: u32,
        /// Where its line starts.
        offset: usize,
        /// Why.
        why: JournalError,
    },
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Damage::TornTail { len, after, .. } => write!(
                f,
                "a torn tail of {len} bytes after entry {after} (an append that did not finish)"
            ),
            Damage::Broken { n, why, .. } => write!(f, "entry {n} is not intact: {why}"),
        }
    }
}

/// One intact line as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Where it starts in the file.
    pub offset: usize,
    /// Its length, `\n` included.
    pub len: usize,
    /// Its decoded content and codes.
    pub decoded: DecodedLine,
}

/// A journal as read.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The setup (entry 1).
    pub header: Header,
    /// The intact entries after the setup, in order (entry 2 first).
    pub entries: Vec<Entry>,
    /// Every intact line, the setup first.
    pub lines: Vec<Line>,
    /// What follows the intact entries.
    pub damage: Option<Damage>,
}

impl Reading {
    /// The number of intact entries (the last one's number).
    pub fn intact(&self) -> u32 {
        u32::try_from(self.lines.len()).unwrap_or(u32::MAX)
    }

    /// The last intact entry's hash (the head of the chain).
    pub fn head(&self) -> [u8; 32] {
        self.lines.last().map_or([0; 32], |l| l.decoded.sha256)
    }

    /// The bytes of the intact entries' end: where the next entry is appended.
    pub fn intact_len(&self) -> usize {
        self.lines.last().map_or(0, |l| l.offset + l.len)
    }
}

/// Why a journal could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The file is empty.
    Empty,
    /// The setup line is incomplete or not intact.
    Setup(String),
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Empty => f.write_str("the session file is empty"),
            ReadError::Setup(why) => write!(f, "entry 1 (the setup) is not intact: {why}"),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads every intact entry of `bytes`.
pub fn read(bytes: &[u8]) -> Result<Reading, ReadError> {
    if bytes.is_empty() {
        return Err(ReadError::Empty);
    }
    let mut lines = Vec::new();
    let mut entries = Vec::new();
    let mut header: Option<Header> = None;
    let mut prev = [0u8; 32];
    let mut offset = 0usize;
    let mut damage = None;
    while offset < bytes.len() {
        let rest = &bytes[offset..];
        let n = u32::try_from(lines.len() + 1).unwrap_or(u32::MAX);
        let Some(end) = rest.iter().position(|&b| b == b'\n') else {
            damage = Some(Damage::TornTail {
                offset,
                len: rest.len(),
                after: n - 1,
            });
            break;
        };
        let line = &rest[..end];
        let size = header.as_ref().map_or(19, |h| h.setup.size);
        match v1::decode_line(line, n, &prev, size) {
            Ok(decoded) => {
                prev = decoded.sha256;
                match &decoded.record {
                    SessionRecord::Setup(h) => header = Some(h.clone()),
                    SessionRecord::Entry(e) => entries.push(e.clone()),
                }
                lines.push(Line {
                    offset,
                    len: end + 1,
                    decoded,
                });
            }
            Err(why) => {
                damage = Some(Damage::Broken { n, offset, why });
                break;
            }
        }
        offset += end + 1;
    }
    let Some(header) = header else {
        return Err(ReadError::Setup(match damage {
            Some(Damage::Broken { why, .. }) => why.to_string(),
            _ => "the file ends before the setup line is complete".to_owned(),
        }));
    };
    Ok(Reading {
        header,
        entries,
        lines,
        damage,
    })
}
