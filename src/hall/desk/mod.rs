//! The chief arbiter's desk, pure: every table's copies of its board's sessions, what the
//! desk tells each board, the chief arbiter's rulings, the tiles and the results. The network
//! and the disk are the edges' (`hall::desk_link`, `files::desk_copies`): they offer entries
//! here, write what [`Desk::receive`] says to append, sync it, and only then acknowledge.
//!
//! The desk's view is always derivable from the boards' journals: a copy holds the board's
//! lines byte for byte, checked against the hash chain, and the tile is the fold of them.

pub mod copy;
pub mod results;
pub mod tile;

use std::collections::{BTreeMap, BTreeSet};

use crate::clock::Timestamp;
use crate::seal::hex;
use crate::session::shorthand::{Action, parse_action_text};

use super::names::{EventName, valid_session_id};
use super::ruling::{ChiefKey, SignedRuling};
use super::wire::{Hello, Statement};
pub use copy::{Offer, SessionCopy};
pub use results::{RoundSink, Standing, TableResult};
pub use tile::{Reason, Tile};

/// One table: the sessions its board has sent, and what the board last said.
#[derive(Clone, Debug, Default)]
pub struct Table {
    copies: BTreeMap<String, SessionCopy>,
    current: Option<String>,
    heard: Option<Timestamp>,
    board: Option<Hello>,
}

impl Table {
    /// The session the tile shows: the board's last named, else the last one written to.
    pub fn current(&self) -> Option<&SessionCopy> {
        self.current.as_ref().and_then(|id| self.copies.get(id))
    }

    /// Every copy, by session id.
    pub fn copies(&self) -> impl Iterator<Item = &SessionCopy> {
        self.copies.values()
    }
}

/// Counters of what the desk received (the benchmark reads them).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct DeskStats {
    /// Entries written to the desk's copies.
    pub held: u64,
    /// Entries received again (already held): dropped.
    pub duplicates: u64,
    /// Entries that arrived before one they follow.
    pub early: u64,
    /// Entries that differ from the desk's copy.
    pub conflicts: u64,
    /// Entries refused.
    pub refused: u64,
}

/// The desk.
#[derive(Debug)]
pub struct Desk {
    event: EventName,
    key: ChiefKey,
    tables: BTreeMap<u32, Table>,
    next_ruling: u64,
    posted: BTreeMap<(u32, String), TableResult>,
    reported: BTreeSet<(u32, Reason)>,
    /// What was received.
    pub stats: DeskStats,
}

/// What the chief arbiter sees at an instant.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Snapshot {
    /// The event.
    pub event: String,
    /// Tables needing the chief arbiter first.
    pub tiles: Vec<Tile>,
    /// Live standings from the finished games.
    pub standings: Vec<Standing>,
    /// Counters.
    pub stats: DeskStats,
}

impl Desk {
    /// A desk of `event` signing rulings with `key`, holding nothing yet.
    pub fn new(event: EventName, key: ChiefKey) -> Desk {
        Desk {
            event,
            key,
            tables: BTreeMap::new(),
            next_ruling: 1,
            posted: BTreeMap::new(),
            reported: BTreeSet::new(),
            stats: DeskStats::default(),
        }
    }

    /// The event.
    pub fn event(&self) -> &EventName {
        &self.event
    }

    /// The chief arbiter's public key (hex).
    pub fn public_key(&self) -> String {
        self.key.public_hex()
    }

    /// The tables, by number.
    pub fn tables(&self) -> &BTreeMap<u32, Table> {
        &self.tables
    }

    /// Offers entry `n` of `session` from `table`'s board (its exact line) at `now`.
    pub fn receive(
        &mut self,
        table: u32,
        session: &str,
        n: u32,
        line: Vec<u8>,
        now: Timestamp,
    ) -> Offer {
        if !valid_session_id(session) {
            self.stats.refused += 1;
            return Offer::Refused(format!("{session:?} is not a session id"));
        }
        let t = self.tables.entry(table).or_default();
        let copy = t
            .copies
            .entry(session.to_owned())
            .or_insert_with(|| SessionCopy::new(table, session));
        let offer = copy.offer(n, line, now);
        match &offer {
            Offer::Append { lines, .. } => {
                self.stats.held += lines.len() as u64;
                if copy.time_out_seen_at.is_none()
                    && copy
                        .session()
                        .and_then(|s| s.outcome())
                        .is_some_and(|o| o.kind() == crate::session::OutcomeKind::Time)
                {
                    copy.time_out_seen_at = Some(copy.held());
                }
                if t.current.is_none() || t.board.is_none() {
                    t.current = Some(session.to_owned());
                }
            }
            Offer::Duplicate => self.stats.duplicates += 1,
            Offer::Early => self.stats.early += 1,
            Offer::Conflict(_) => self.stats.conflicts += 1,
            Offer::Refused(_) => self.stats.refused += 1,
        }
        offer
    }

    /// Notes that `table`'s board was heard from at `now` (an entry or a hello).
    pub fn heard(&mut self, table: u32, now: Timestamp) {
        self.tables.entry(table).or_default().heard = Some(now);
    }

    /// What the desk holds of `table`'s `session`, with its rulings still to be entered.
    pub fn statement(&self, table: u32, session: &str) -> Statement {
        let copy = self.tables.get(&table).and_then(|t| t.copies.get(session));
        let mut st = Statement {
            session: session.to_owned(),
            head: hex::encode(&[0; 32]),
            key: self.key.public_hex(),
            ..Statement::default()
        };
        if let Some(c) = copy {
            st.held = c.held();
            st.head = hex::encode(&c.head());
            st.gap = c.has_gap();
            st.refused = c.refused.clone();
            st.conflict = c.conflict;
            st.rulings = pending_rulings(c);
        }
        st
    }

    /// A board's hello at `now`: remembered (it is the board's heartbeat and status), answered
    /// with the statement of its session.
    pub fn hello(&mut self, table: u32, hello: Hello, now: Timestamp) -> Statement {
        let t = self.tables.entry(table).or_default();
        t.heard = Some(now);
        if valid_session_id(&hello.session) {
            t.current = Some(hello.session.clone());
        }
        let session = hello.session.clone();
        t.board = Some(hello);
        self.statement(table, &session)
    }

    /// Checks a ruling of the chief arbiter for `table`'s current session (an arbiter's action
    /// in the shorthand, without the time) and signs it; it counts once
    /// [`Desk::commit_ruling`] has it (after the desk's disk does).
    pub fn prepare_ruling(
        &self,
        table: u32,
        act: &str,
        issued: &str,
    ) -> Result<SignedRuling, String> {
        let copy = self
            .tables
            .get(&table)
            .and_then(Table::current)
            .ok_or_else(|| format!("table {table} has sent no session"))?;
        let session = copy
            .session()
            .ok_or_else(|| format!("table {table}'s session cannot be folded"))?;
        let act = act.trim();
        let (action, article, note) = parse_action_text(act, session.setup().size)?;
        let Action::Event(event) = action else {
            return Err("sealing and unsealing are the board arbiter's, not a ruling".into());
        };
        if !event.needs_arbiter() {
            return Err(format!("{act:?} is a player's action, not a ruling"));
        }
        session
            .prepare_event(session.last_at(), event, article, note)
            .map_err(|e| format!("table {table}: {e}"))?;
        Ok(self.key.sign(SignedRuling {
            id: format!("R{}", self.next_ruling),
            event: self.event.as_str().to_owned(),
            table,
            session: copy.id().to_owned(),
            act: act.to_owned(),
            issued: issued.to_owned(),
            sig: String::new(),
        }))
    }

    /// Takes a ruling the desk has written to its disk (or read back at start-up).
    pub fn commit_ruling(&mut self, ruling: SignedRuling) {
        if let Some(n) = ruling
            .id
            .strip_prefix('R')
            .and_then(|d| d.parse::<u64>().ok())
        {
            self.next_ruling = self.next_ruling.max(n + 1);
        }
        if !valid_session_id(&ruling.session) {
            return;
        }
        let t = self.tables.entry(ruling.table).or_default();
        let copy = t
            .copies
            .entry(ruling.session.clone())
            .or_insert_with(|| SessionCopy::new(ruling.table, &ruling.session));
        if !copy.rulings.iter().any(|r| r.id == ruling.id) {
            copy.rulings.push(ruling);
        }
    }

    /// The chief arbiter has seen what `table` needed: its attention is cleared up to the
    /// entries held now (an offline board or a disagreeing copy stays).
    pub fn seen(&mut self, table: u32) -> Result<(), String> {
        let t = self
            .tables
            .get_mut(&table)
            .ok_or_else(|| format!("no table {table}"))?;
        let id = t
            .current
            .clone()
            .ok_or_else(|| format!("table {table} has no session"))?;
        if let Some(c) = t.copies.get_mut(&id) {
            c.seen_upto = c.held();
        }
        self.reported.retain(|(n, _)| *n != table);
        Ok(())
    }

    /// The tile of every table with a session, at `now`.
    pub fn tiles(&self, now: Timestamp) -> Vec<Tile> {
        let mut tiles: Vec<Tile> = self
            .tables
            .iter()
            .filter_map(|(&n, t)| {
                let waiting = t.board.as_ref().map_or(0, |b| b.waiting);
                t.current().map(|c| tile::tile(n, c, t.heard, waiting, now))
            })
            .collect();
        tile::sort_tiles(&mut tiles);
        tiles
    }

    /// Every finished game, newest result of each session.
    pub fn results(&self) -> Vec<TableResult> {
        let mut out = Vec::new();
        for (&n, t) in &self.tables {
            for c in t.copies.values() {
                if let Some(r) = table_result(n, c) {
                    out.push(r);
                }
            }
        }
        out
    }

    /// Results that are new or changed since the last call, for the round.
    pub fn take_new_results(&mut self) -> Vec<TableResult> {
        let mut out = Vec::new();
        for r in self.results() {
            let key = (r.table, r.session.clone());
            if self.posted.get(&key) != Some(&r) {
                self.posted.insert(key, r.clone());
                out.push(r);
            }
        }
        out
    }

    /// Tables and reasons that need the chief arbiter and were not reported before (the
    /// window's sound, the headless log).
    pub fn take_new_attention(&mut self, now: Timestamp) -> Vec<(u32, Reason)> {
        let current: BTreeSet<(u32, Reason)> = self
            .tiles(now)
            .iter()
            .flat_map(|t| t.attention.iter().map(move |r| (t.table, *r)))
            .collect();
        let new: Vec<(u32, Reason)> = current.difference(&self.reported).copied().collect();
        self.reported = current;
        new
    }

    /// The whole view at `now`.
    pub fn snapshot(&self, now: Timestamp) -> Snapshot {
        let results = self.results();
        Snapshot {
            event: self.event.as_str().to_owned(),
            tiles: self.tiles(now),
            standings: results::standings(&results),
            stats: self.stats.clone(),
        }
    }
}

/// Rulings of a copy whose acceptance mark is not in the board's journal yet.
fn pending_rulings(copy: &SessionCopy) -> Vec<SignedRuling> {
    let notes: Vec<&str> = copy
        .session()
        .map(|s| s.log().iter().filter_map(|e| e.note.as_deref()).collect())
        .unwrap_or_default();
    copy.rulings
        .iter()
        .filter(|r| {
            let mark = super::ruling::acceptance_mark(&r.id);
            !notes.iter().any(|n| n.contains(&mark))
        })
        .cloned()
        .collect()
}

fn table_result(table: u32, copy: &SessionCopy) -> Option<TableResult> {
    let session = copy.session()?;
    let outcome = session.outcome()?;
    let setup = session.setup();
    Some(TableResult {
        table,
        session: copy.id().to_owned(),
        round: setup.round.clone(),
        black: setup.black.name.clone(),
        white: setup.white.name.clone(),
        result: outcome.code(),
        kind: outcome.kind().name().to_owned(),
        winner: outcome.winner().map(|c| c.letter().to_string()),
        warnings: [
            session.warnings(crate::rules::Color::Black),
            session.warnings(crate::rules::Color::White),
        ],
        posted: crate::tournament::post::PostedResult::from_session(outcome),
    })
}

#[cfg(test)]
mod tests;
