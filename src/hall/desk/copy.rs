//! The desk's copy of one board's session: the same lines as the board's journal, checked
//! one by one against the hash chain, and the session folded from them.

use std::collections::BTreeMap;

use crate::clock::Timestamp;
use crate::journal::Header;
use crate::session::Session;

use super::super::chain::{Chain, ChainError};
use super::super::ruling::SignedRuling;

pub use super::super::chain::line_sha;

/// How far ahead of the held entries an entry may arrive and still be kept for later (twice
/// what a board has on its way at once, `outbox::WINDOW`).
pub const MAX_AHEAD: u32 = 2 * crate::hall::outbox::WINDOW;
/// How many early entries a copy keeps at most (the board sends again what is dropped).
pub const MAX_EARLY: usize = crate::hall::outbox::WINDOW as usize;

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
    /// Not taken: the table is over its limits (issue 31 item 2); counted, and the board
    /// sends it again while the desk does not confirm it.
    Dropped(String),
}

/// One session of one table, as the desk holds it.
#[derive(Clone, Debug)]
pub struct SessionCopy {
    id: String,
    table: u32,
    /// A session must name its table in its setup (a hall with credentials).
    require_table: bool,
    chain: Chain,
    early: BTreeMap<u32, Vec<u8>>,
    early_bytes: usize,
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
            require_table: false,
            chain: Chain::new(),
            early: BTreeMap::new(),
            early_bytes: 0,
            held_at: Timestamp::ZERO,
            last_utc: String::new(),
            conflict: None,
            refused: None,
            rulings: Vec::new(),
            seen_upto: 0,
            time_out_seen_at: None,
        }
    }

    /// The same, refusing a session whose setup names no table (a hall with credentials:
    /// the table is the board's identity).
    pub fn requiring_table(mut self, require: bool) -> SessionCopy {
        self.require_table = require;
        self
    }

    /// The table.
    pub fn table(&self) -> u32 {
        self.table
    }

    /// The session id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Entries held (from 1, without a gap).
    pub fn held(&self) -> u32 {
        self.chain.entries()
    }

    /// The last held entry's hash (zeros when none).
    pub fn head(&self) -> [u8; 32] {
        self.chain.head()
    }

    /// Whether entries wait for a missing one.
    pub fn has_gap(&self) -> bool {
        !self.early.is_empty()
    }

    /// The bytes of the entries waiting for a missing one.
    pub fn early_bytes(&self) -> usize {
        self.early_bytes
    }

    /// Whether entry `n` waits for a missing one.
    pub fn is_early(&self, n: u32) -> bool {
        self.early.contains_key(&n)
    }

    /// The setup entry, once held.
    pub fn header(&self) -> Option<&Header> {
        self.chain.header()
    }

    /// The session folded from the held entries (up to the first that does not fold).
    pub fn session(&self) -> Option<&Session> {
        self.chain.session()
    }

    /// The entry that does not fold, if any.
    pub fn fold_error(&self) -> Option<&(u32, String)> {
        self.chain.fold_error()
    }

    /// Offers entry `n` (its exact line, `\n` included), received at `now`.
    pub fn offer(&mut self, n: u32, line: Vec<u8>, now: Timestamp) -> Offer {
        let held = self.held();
        if n == 0 {
            return Offer::Refused("entry 0 does not exist".into());
        }
        if n <= held {
            return if line_sha(&line).is_some() && line_sha(&line) == self.chain.hash_of(n) {
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
            self.early_bytes += line.len();
            if let Some(old) = self.early.insert(n, line) {
                self.early_bytes -= old.len();
            }
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
            if let Some(l) = &next {
                self.early_bytes -= l.len();
            }
        }
        let now_held = self.held();
        self.early.retain(|&k, _| k > now_held);
        self.early_bytes = self.early.values().map(Vec::len).sum();
        Offer::Append {
            first: held + 1,
            lines,
        }
    }

    /// Checks entry `n` against the chain (and entry 1 against the table and id) and holds it.
    fn hold(&mut self, n: u32, line: &[u8], now: Timestamp) -> Result<(), Offer> {
        let taken = match self.chain.push(line) {
            Ok(t) => t,
            Err(ChainError::Chain(n)) => {
                self.conflict = Some(n - 1);
                return Err(Offer::Conflict(n - 1));
            }
            Err(e) => return Err(Offer::Refused(e.to_string())),
        };
        debug_assert_eq!(taken.n, n);
        if let Some((id, table)) = &taken.setup {
            let why = if *id != self.id {
                Some(format!("entry 1 names session {id}, not {}", self.id))
            } else if table.is_empty() && self.require_table {
                Some(format!(
                    "the session's setup names no table: in this hall it must say table={}",
                    self.table
                ))
            } else if !table.is_empty() && table.parse::<u32>().ok() != Some(self.table) {
                Some(format!(
                    "the session is set up for table {table}, not table {}",
                    self.table
                ))
            } else {
                None
            };
            if let Some(why) = why {
                self.chain = Chain::new();
                return Err(Offer::Refused(why));
            }
        }
        self.held_at = now;
        self.last_utc = taken.utc;
        Ok(())
    }
}
