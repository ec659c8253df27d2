//! Positions, warnings and errors of the SGF reader.
//!
//! Every repair the lenient reader makes becomes a [`Warning`] carrying the place in the
//! file, so a referee can see what the record really said; a file that cannot be read at
//! all gives an [`SgfError`] that says where and what was expected.

use std::fmt;

/// A place in the decoded text: 1-based line, 1-based column counted in characters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Line, starting at 1.
    pub line: u32,
    /// Column in characters, starting at 1.
    pub column: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A repair or doubt found while reading; the record was still read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Where in the file, when the warning belongs to a place (not to the whole file).
    pub pos: Option<Pos>,
    /// English text of what was found and what was done about it.
    pub message: String,
}

impl Warning {
    /// A warning tied to a place in the file.
    pub fn at(pos: Pos, message: impl Into<String>) -> Warning {
        Warning {
            pos: Some(pos),
            message: message.into(),
        }
    }

    /// A warning about the file as a whole (for example its character set).
    pub fn general(message: impl Into<String>) -> Warning {
        Warning {
            pos: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            Some(pos) => write!(f, "{pos}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Why a file could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// Where reading stopped.
    pub pos: Pos,
    /// What the reader expected there (English).
    pub expected: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: expected {}", self.pos, self.expected)
    }
}

impl std::error::Error for SgfError {}

/// Turns increasing byte offsets of a text into line and column, in one pass overall.
///
/// Offsets asked for must not decrease; that lets a whole file be positioned in linear time
/// even when it is one very long line (many SGF writers put a whole game on one line).
pub(crate) struct PosTracker<'a> {
    bytes: &'a [u8],
    offset: usize,
    pos: Pos,
}

impl<'a> PosTracker<'a> {
    pub(crate) fn new(text: &'a str) -> PosTracker<'a> {
        PosTracker {
            bytes: text.as_bytes(),
            offset: 0,
            pos: Pos { line: 1, column: 1 },
        }
    }

    pub(crate) fn pos_at(&mut self, offset: usize) -> Pos {
        let end = offset.min(self.bytes.len());
        if end < self.offset {
            // Callers ask in file order; a step back costs a rescan, never a wrong answer.
            debug_assert!(
                false,
                "PosTracker asked to go back from {} to {end}",
                self.offset
            );
            self.offset = 0;
            self.pos = Pos { line: 1, column: 1 };
        }
        let slice = self.bytes.get(self.offset..end).unwrap_or_default();
        for &b in slice {
            if b == b'\n' {
                self.pos.line = self.pos.line.saturating_add(1);
                self.pos.column = 1;
            } else if b & 0xC0 != 0x80 {
                // Count characters, not bytes: continuation bytes do not start one.
                self.pos.column = self.pos.column.saturating_add(1);
            }
        }
        self.offset = end;
        self.pos
    }
}
