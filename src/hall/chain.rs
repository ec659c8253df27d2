//! The one follower of a session's lines in the hall (issue 18 item 8): each line is decoded,
//! checked against the hash chain (its number, `prev`, its own SHA-256) and folded into the
//! session exactly once, here. The board's link (fed by the journal writer or by a file's
//! tail), the desk's copy of every board's session and the desk's start-up all push lines
//! through a [`Chain`]; nothing else in the hall decodes a journal line.
//!
//! Pure: bytes in, the folded session out.

use crate::journal::{Header, JournalError, SessionRecord, decode_line};
use crate::session::Session;

/// Why a line was not taken. Nothing after a refused line is taken either: the caller decides
/// whether that stops following (a board's own journal) or only this copy (the desk).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainError {
    /// The line does not end with `\n` (a torn line: never complete).
    Torn(u32),
    /// Its `prev` is not the hash of the entry before it: a different history.
    Chain(u32),
    /// It is not an intact entry `n` (a changed byte, a wrong number, not a journal line).
    Damaged(u32, String),
}

impl ChainError {
    /// The number of the entry that was refused.
    pub fn entry(&self) -> u32 {
        match self {
            ChainError::Torn(n) | ChainError::Chain(n) | ChainError::Damaged(n, _) => *n,
        }
    }
}

impl std::fmt::Display for ChainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChainError::Torn(n) => write!(f, "entry {n} has no end of line"),
            ChainError::Chain(n) => {
                write!(
                    f,
                    "entry {n} does not follow entry {} (another history)",
                    n - 1
                )
            }
            ChainError::Damaged(n, why) => write!(f, "entry {n}: {why}"),
        }
    }
}

impl std::error::Error for ChainError {}

/// What one line was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    /// Its number.
    pub n: u32,
    /// Its SHA-256 (the new head).
    pub sha256: [u8; 32],
    /// The board's UTC time written beside it.
    pub utc: String,
    /// Entry 1: the session's id and the table its setup names (free text, may be empty).
    pub setup: Option<(String, String)>,
}

/// A session's lines as far as they were taken: the chain's head and the folded session.
#[derive(Clone, Debug, Default)]
pub struct Chain {
    hashes: Vec<[u8; 32]>,
    header: Option<Header>,
    session: Option<Session>,
    fold_error: Option<(u32, String)>,
}

impl Chain {
    /// Nothing taken yet.
    pub fn new() -> Chain {
        Chain::default()
    }

    /// Entries taken (the last one's number).
    pub fn entries(&self) -> u32 {
        u32::try_from(self.hashes.len()).unwrap_or(u32::MAX)
    }

    /// The head: the last entry's hash (zeros before entry 1).
    pub fn head(&self) -> [u8; 32] {
        self.hashes.last().copied().unwrap_or([0; 32])
    }

    /// The hash of entry `n`, if taken.
    pub fn hash_of(&self, n: u32) -> Option<[u8; 32]> {
        n.checked_sub(1)
            .and_then(|i| self.hashes.get(i as usize))
            .copied()
    }

    /// The setup entry, once taken.
    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// The session folded from the entries taken (up to the first that does not apply).
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The entry that does not apply to the session, and why (the chain still holds it: a
    /// copy keeps every intact line).
    pub fn fold_error(&self) -> Option<&(u32, String)> {
        self.fold_error.as_ref()
    }

    /// Checks `line` (`\n` included) as the next entry and folds it. On an error nothing
    /// changes.
    pub fn push(&mut self, line: &[u8]) -> Result<Taken, ChainError> {
        let n = self.entries() + 1;
        let Some(body) = line.strip_suffix(b"\n") else {
            return Err(ChainError::Torn(n));
        };
        let size = self.header.as_ref().map_or(19, |h| h.setup.size);
        let decoded = decode_line(body, n, &self.head(), size).map_err(|e| match e {
            JournalError::Chain => ChainError::Chain(n),
            other => ChainError::Damaged(n, other.to_string()),
        })?;
        let mut setup = None;
        match decoded.record {
            SessionRecord::Setup(header) => {
                setup = Some((header.id.clone(), header.setup.table.trim().to_owned()));
                match Session::new(header.setup.clone()) {
                    Ok(s) => self.session = Some(s),
                    Err(e) => self.fold_error = Some((1, e.to_string())),
                }
                self.header = Some(header);
            }
            SessionRecord::Entry(entry) => {
                if self.fold_error.is_none()
                    && let Some(session) = self.session.as_mut()
                {
                    match session.prepare(entry) {
                        Ok(p) => {
                            session.commit(p);
                        }
                        Err(e) => self.fold_error = Some((n, e.to_string())),
                    }
                }
            }
        }
        self.hashes.push(decoded.sha256);
        Ok(Taken {
            n,
            sha256: decoded.sha256,
            utc: decoded.utc,
            setup,
        })
    }
}

/// The hash an intact line ends with (`…,"sha256":"<hex>"}\n`), without checking it: how a
/// line already held is compared with one offered again.
pub fn line_sha(line: &[u8]) -> Option<[u8; 32]> {
    let body = line.strip_suffix(b"\"}\n")?;
    let hex = body.get(body.len().checked_sub(64)?..)?;
    crate::seal::hex::decode_array::<32>(std::str::from_utf8(hex).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue18_one_chain_checks_numbers_history_and_folds_once() {
        let l = crate::hall::test_lines::session_lines(
            "0123456789abcdef",
            "setup size=9 table=4",
            &["0:05 B E5", "0:09 W C3"],
        );
        let mut c = Chain::new();
        assert_eq!(
            c.push(&l[1]).map_err(|e| e.entry()),
            Err(1),
            "entry 2 is not entry 1"
        );
        let first = c.push(&l[0]).unwrap();
        assert_eq!(
            first.setup,
            Some(("0123456789abcdef".to_owned(), "4".to_owned()))
        );
        assert!(matches!(
            c.push(&l[2]),
            Err(ChainError::Chain(2) | ChainError::Damaged(2, _))
        ));
        assert_eq!(c.entries(), 1, "a refused line changes nothing");
        c.push(&l[1]).unwrap();
        let last = c.push(&l[2]).unwrap();
        assert_eq!((last.n, c.head()), (3, last.sha256));
        assert_eq!(line_sha(&l[2]), Some(last.sha256));
        assert_eq!(c.session().unwrap().turns(), 2);
        assert_eq!(c.push(&l[2][..10]), Err(ChainError::Torn(4)));
        let mut bad = l[1].clone();
        bad[12] ^= 1;
        let mut d = Chain::new();
        d.push(&l[0]).unwrap();
        assert!(matches!(d.push(&bad), Err(ChainError::Damaged(2, _))));
    }
}
