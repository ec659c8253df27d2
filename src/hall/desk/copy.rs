//! The desk's copy of one board's session: the same lines as the board's journal, checked
//! one by one against the hash chain, and the session folded from them.

use std::collections::BTreeMap;

use crate::clock::Timestamp;
use crate::journal::{Header, JournalError, SessionRecord, decode_line};
use crate::session::Session;

use super::super::ruling::SignedRuling;

/// How far ahead of the held entries an entry may arrive and still be kept for later.
pub const MAX_AHEAD: u32 = 100_000;
/// How many early entries a copy keeps at most.
pub const MAX_EARLY: usize = 20_000;

/// What became of an entry offered to the copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Offer {
    /// It and the early entries it unblocked are held now: append these lines (numbers from
    /// `first`) to the desk's file, in order.
    Append {
        /// The first new entry's number (1 means the file is new).
        first: u32,
        /// The lines, `\n` included.
        lines: Vec<Vec<u8>>,
    },
    /// The copy already holds it, byte for byte.
    Duplicate,
    /// An entry before it is missing: it waits (its message is not acknowledged yet).
    Early,
    /// The copy holds a different entry with this number (or the entry does not follow it).
    Conflict(u32),
    /// The entry is not acceptable at all (the reason).
    Refused(String),
}

/// The hash an intact line ends with (`…,"sha256":"<hex>"}\n`), without checking it.
pub fn line_sha(line: &[u8]) -> Option<[u8; 32]> {
    let body = line.strip_suffix(b"\"}\n")?;
    let hex = body.get(body.len().checked_sub(64)?..)?;
    crate::seal::hex::decode_array::<32>(std::str::from_utf8(hex).ok()?)
}

/// One session of one table, as the desk holds it.
#[derive(Clone, Debug)]
pub struct SessionCopy {
    id: String,
    table: u32,
    header: Option<Header>,
    hashes: Vec<[u8; 32]>,
    session: Option<Session>,
    /// The entry that does not fold, and why (the copy still holds every line).
    fold_error: Option<(u32, String)>,
    early: BTreeMap<u32, Vec<u8>>,
    /// The desk's instant when the last entry was held (for the live clocks).
    pub held_at: Timestamp,
    /// The board's UTC time of the last held entry.
    pub last_utc: String,
    /// A conflict seen (the board's entry with this number differs).
    pub conflict: Option<u32>,
    /// Why the session's setup was refused (another table's session …).
    pub refused: Option<String>,
    /// Rulings the chief arbiter made for this session, oldest first.
    pub rulings: Vec<SignedRuling>,
    /// Attention acknowledged by the chief arbiter up to this entry.
    pub seen_upto: u32,
    /// The entry count when a time-out was first folded (it has no entry of its own).
    pub time_out_seen_at: Option<u32>,
}

impl SessionCopy {
    /// An empty copy of session `id` at `table`.
    pub fn new(table: u32, id: &str) -> SessionCopy {
        SessionCopy {
            id: id.to_owned(),
            table,
            header: None,
            hashes: Vec::new(),
            session: None,
            fold_error: None,
            early: BTreeMap::new(),
            held_at: Timestamp::ZERO,
            last_utc: String::new(),
            conflict: None,
            refused: None,
            rulings: Vec::new(),
            seen_upto: 0,
            time_out_seen_at: None,
        }
    }

    /// The session id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Entries held (from 1, without a gap).
    pub fn held(&self) -> u32 {
        u32::try_from(self.hashes.len()).unwrap_or(u32::MAX)
    }

    /// The last held entry's hash (zeros when none).
    pub fn head(&self) -> [u8; 32] {
        self.hashes.last().copied().unwrap_or([0; 32])
    }

    /// Whether entries wait for a missing one.
    pub fn has_gap(&self) -> bool {
        !self.early.is_empty()
    }

    /// The setup entry, once held.
    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// The session folded from the held entries (up to the first that does not fold).
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// The entry that does not fold, if any.
    pub fn fold_error(&self) -> Option<&(u32, String)> {
        self.fold_error.as_ref()
    }

    /// Offers entry `n` (its exact line, `\n` included), received at `now`.
    pub fn offer(&mut self, n: u32, line: Vec<u8>, now: Timestamp) -> Offer {
        let held = self.held();
        if n == 0 {
            return Offer::Refused("entry 0 does not exist".into());
        }
        if n <= held {
            return if line_sha(&line) == Some(self.hashes[(n - 1) as usize]) {
                Offer::Duplicate
            } else {
                self.conflict = Some(n);
                Offer::Conflict(n)
            };
        }
        if n > held + 1 {
            if n - held > MAX_AHEAD
                || (self.early.len() >= MAX_EARLY && !self.early.contains_key(&n))
            {
                return Offer::Refused(format!("entry {n} is too far ahead of entry {held}"));
            }
            self.early.insert(n, line);
            return Offer::Early;
        }
        let mut lines = Vec::new();
        let mut next = Some(line);
        while let Some(line) = next {
            let n = self.held() + 1;
            match self.hold(n, &line, now) {
                Ok(()) => lines.push(line),
                Err(offer) if lines.is_empty() => {
                    if let (1, Offer::Refused(why)) = (n, &offer) {
                        self.refused = Some(why.clone());
                    }
                    return offer;
                }
                // An early entry that does not follow: drop it; the board republishes.
                Err(_) => break,
            }
            next = self.early.remove(&(n + 1));
        }
        let now_held = self.held();
        self.early.retain(|&k, _| k > now_held);
        Offer::Append {
            first: held + 1,
            lines,
        }
    }

    /// Checks entry `n` against the chain and holds it.
    fn hold(&mut self, n: u32, line: &[u8], now: Timestamp) -> Result<(), Offer> {
        let Some(body) = line.strip_suffix(b"\n") else {
            return Err(Offer::Refused(format!("entry {n} has no end of line")));
        };
        let prev = self.head();
        let size = self.header.as_ref().map_or(19, |h| h.setup.size);
        let decoded = match decode_line(body, n, &prev, size) {
            Ok(d) => d,
            Err(JournalError::Chain) => {
                self.conflict = Some(n - 1);
                return Err(Offer::Conflict(n - 1));
            }
            Err(e) => return Err(Offer::Refused(format!("entry {n}: {e}"))),
        };
        match decoded.record {
            SessionRecord::Setup(header) => {
                if header.id != self.id {
                    return Err(Offer::Refused(format!(
                        "entry 1 names session {}, not {}",
                        header.id, self.id
                    )));
                }
                if let Ok(t) = header.setup.table.trim().parse::<u32>()
                    && t != self.table
                {
                    return Err(Offer::Refused(format!(
                        "the session is set up for table {t}, not table {}",
                        self.table
                    )));
                }
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
        self.held_at = now;
        self.last_utc = decoded.utc;
        Ok(())
    }
}
