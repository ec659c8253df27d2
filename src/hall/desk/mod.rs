//! The chief arbiter's desk, pure: every table's copies of its board's sessions, what the
//! desk tells each board, the chief arbiter's rulings, the tiles and the results. The network
//! and the disk are the edges' (`hall::desk_link`, `hall::desk_folder`): they offer entries
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
pub use results::{ChiefDecision, PostVerdict, ResultList, RoundSink, StandingRow, TableResult};
pub use tile::{BoardSeen, Reason, Tile};

/// Messages from one table within [`FLOOD_WINDOW_MS`] beyond which the desk flags a flood (a
/// board writes a few entries a minute; a whole game republished after an outage is a few
/// hundred).
pub const FLOOD_MESSAGES: u32 = 2_000;
/// The window of the flood count (ms).
pub const FLOOD_WINDOW_MS: u64 = 10_000;
/// Sessions the desk keeps of one table (a table's games over the event, restarts
/// included); a new one beyond is dropped and counted (issue 31 item 2).
pub const MAX_SESSIONS_PER_TABLE: usize = 256;
/// Sessions of one table whose entry 1 the desk does not hold (their entries wait for it):
/// a board has one or two in flight; more are dropped and counted.
pub const MAX_UNKNOWN_SESSIONS: usize = 4;
/// Bytes of entries waiting for an earlier one (all sessions of one table): one longest line
/// the hall carries, and some.
pub const MAX_EARLY_BYTES_PER_TABLE: usize = super::chunks::MAX_LINE_BYTES + 1024 * 1024;
/// Refused sessions remembered per table (to tell their board why); older ones are only
/// counted.
const REMEMBERED_REFUSALS: usize = 16;
/// Sessions a board's hello may list (its backlog per session).
const MAX_HELLO_SESSIONS: usize = 16;

/// One table: the sessions its board has sent, and what the board last said.
#[derive(Clone, Debug, Default)]
pub struct Table {
    copies: BTreeMap<String, SessionCopy>,
    current: Option<String>,
    heard: Option<Timestamp>,
    board: Option<Hello>,
    /// Messages received in the current flood window: (window start, count).
    rate: (Timestamp, u32),
    /// The desk's own items for the table: (key, reason, text, seen).
    items: Vec<(String, Reason, String, bool)>,
    /// Entries the board's last word says its journals hold, by session: the backlog is what
    /// of them the desk does not hold.
    board_entries: BTreeMap<String, u32>,
    /// Sessions refused at their first entry (not kept as copies): the latest, with why.
    refused: std::collections::VecDeque<(String, String)>,
    /// Sessions refused since the desk started.
    refusals: u64,
    /// Messages dropped over the table's limits since the desk started.
    dropped: u64,
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

    /// The board's backlog as the desk knows it: entries its last word (and the entries
    /// since) say its journals hold that the desk does not.
    pub fn backlog(&self) -> u32 {
        self.board_entries
            .iter()
            .map(|(id, &n)| {
                let held = self.copies.get(id).map_or(0, SessionCopy::held);
                n.saturating_sub(held)
            })
            .sum()
    }

    /// Messages dropped over the table's limits.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    fn early_bytes(&self) -> usize {
        self.copies.values().map(SessionCopy::early_bytes).sum()
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
    /// Entries dropped over a table's limits (sessions, early entries; issue 31 item 2).
    pub dropped: u64,
}

/// The desk's own connection, as the banner says it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DeskLine {
    /// Connected to the hall's server.
    pub connected: bool,
    /// Since when (the desk's local time of day, `14:02:07`); empty before the first word.
    pub since: String,
    /// The server is open (no credentials): anyone on the network can publish.
    pub open_server: bool,
    /// What the chief arbiter must know about the desk itself (a second desk, the stream's
    /// settings …).
    pub alerts: Vec<String>,
}

/// The desk.
#[derive(Debug)]
pub struct Desk {
    event: EventName,
    key: ChiefKey,
    require_table: bool,
    tables: BTreeMap<u32, Table>,
    next_ruling: u64,
    posted: BTreeMap<(u32, String), TableResult>,
    reported: BTreeSet<(u32, Reason)>,
    connected: bool,
    connected_at: Timestamp,
    line: DeskLine,
    alerts: BTreeMap<String, String>,
    standings: Option<Vec<StandingRow>>,
    /// The chief arbiter's decisions on results changed after posting: (table, session,
    /// result code) → post or keep.
    decisions: BTreeMap<(u32, String, String), ChiefDecision>,
    /// What was received.
    pub stats: DeskStats,
}

/// What the chief arbiter sees at an instant.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Snapshot {
    /// The event.
    pub event: String,
    /// The desk's own link and alerts.
    pub desk: DeskLine,
    /// Tables needing the chief arbiter first.
    pub tiles: Vec<Tile>,
    /// The tournament's standings (Art. 28, shared places), when the desk posts into a
    /// tournament file.
    pub standings: Option<Vec<StandingRow>>,
    /// Counters.
    pub stats: DeskStats,
}

impl Snapshot {
    /// An empty view of `event` (before the desk's first word).
    pub fn empty(event: &str) -> Snapshot {
        Snapshot {
            event: event.to_owned(),
            desk: DeskLine {
                connected: false,
                since: String::new(),
                open_server: false,
                alerts: Vec::new(),
            },
            tiles: Vec::new(),
            standings: None,
            stats: DeskStats::default(),
        }
    }
}

impl Desk {
    /// A desk of `event` signing rulings with `key`, holding nothing yet. With
    /// `require_table` (a hall with credentials) a session whose setup names no table is
    /// refused: the table is the board's identity.
    pub fn new(event: EventName, key: ChiefKey, require_table: bool) -> Desk {
        Desk {
            event,
            key,
            require_table,
            tables: BTreeMap::new(),
            next_ruling: 1,
            posted: BTreeMap::new(),
            reported: BTreeSet::new(),
            connected: false,
            connected_at: Timestamp::ZERO,
            line: DeskLine {
                connected: false,
                since: String::new(),
                open_server: !require_table,
                alerts: Vec::new(),
            },
            alerts: BTreeMap::new(),
            standings: None,
            decisions: BTreeMap::new(),
            stats: DeskStats::default(),
        }
    }

    /// Takes the chief arbiter's decision on `table`'s result that changed after it was
    /// posted (the one its item names). Returns the record to keep in the desk's folder.
    pub fn decide(
        &mut self,
        table: u32,
        decision: ChiefDecision,
    ) -> Result<DecisionRecord, String> {
        let t = self
            .tables
            .get(&table)
            .ok_or_else(|| format!("no table {table}"))?;
        let session = t
            .items
            .iter()
            .find(|(_, reason, ..)| *reason == Reason::ResultChanged)
            .and_then(|(key, ..)| key.strip_prefix("result "))
            .ok_or_else(|| format!("table {table} has no result changed after posting"))?
            .to_owned();
        let copy = t
            .copies
            .get(&session)
            .ok_or_else(|| format!("table {table}: session {session} is not held"))?;
        let result = table_result(table, copy)
            .ok_or_else(|| format!("table {table}: session {session} has no result now"))?;
        let record = DecisionRecord {
            table,
            session,
            result: result.result,
            decision,
        };
        self.take_decision(&record);
        Ok(record)
    }

    /// Takes a decision (made now, or read back from the desk's folder at start-up).
    pub fn take_decision(&mut self, record: &DecisionRecord) {
        self.decisions.insert(
            (record.table, record.session.clone(), record.result.clone()),
            record.decision,
        );
    }

    /// The desk's own link came up or went down at `now` (`clock`: the local time of day).
    pub fn set_connected(&mut self, up: bool, now: Timestamp, clock: &str) {
        if up != self.connected || self.line.since.is_empty() {
            self.connected = up;
            self.connected_at = now;
            self.line.connected = up;
            self.line.since = clock.to_owned();
        }
    }

    /// Whether the desk's link is up.
    pub fn connected(&self) -> bool {
        self.connected
    }

    /// Raises (`Some`) or clears (`None`) an alert about the desk itself, by `key`.
    pub fn alert(&mut self, key: &str, text: Option<String>) {
        match text {
            Some(t) => {
                self.alerts.insert(key.to_owned(), t);
            }
            None => {
                self.alerts.remove(key);
            }
        }
    }

    /// The tournament's standings, as the round's file gave them last.
    pub fn set_standings(&mut self, rows: Option<Vec<StandingRow>>) {
        self.standings = rows;
    }

    /// Raises (`Some`) or clears (`None`) the desk's own item `key` for `table`. An item
    /// raised again with the same text stays as seen.
    pub fn item(&mut self, table: u32, key: &str, item: Option<(Reason, String)>) {
        let t = self.tables.entry(table).or_default();
        match item {
            None => t.items.retain(|(k, ..)| k != key),
            Some((reason, text)) => {
                if let Some(x) = t.items.iter_mut().find(|(k, ..)| k == key) {
                    if x.1 != reason || x.2 != text {
                        *x = (key.to_owned(), reason, text, false);
                    }
                } else {
                    t.items.push((key.to_owned(), reason, text, false));
                }
            }
        }
    }

    /// Takes the round's verdict on a result: an item when it was not posted.
    pub fn verdict(&mut self, result: &TableResult, verdict: &PostVerdict) {
        let key = format!("result {}", result.session);
        match verdict {
            PostVerdict::Issue(reason, why) => {
                self.item(result.table, &key, Some((*reason, why.clone())))
            }
            _ => self.item(result.table, &key, None),
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

    /// Offers entry `n` of `session` from `table`'s board (its exact line) at `now`, as a
    /// message of the table (counted for the flood watch).
    pub fn receive(
        &mut self,
        table: u32,
        session: &str,
        n: u32,
        line: Vec<u8>,
        now: Timestamp,
    ) -> Offer {
        self.count_message(table, now);
        if let Some(why) = self.over_limits(table, session, n, line.len()) {
            self.note_dropped(table, &why);
            return Offer::Dropped(why);
        }
        self.restore(table, session, n, line, now)
    }

    /// Counts a message of `table` dropped (over its limits, a malformed part): the table's
    /// item says how many, and the latest reason.
    pub fn note_dropped(&mut self, table: u32, why: &str) {
        self.stats.dropped += 1;
        let t = self.tables.entry(table).or_default();
        t.dropped += 1;
        let text = format!(
            "table {table}: {} messages dropped over the table's limits (latest: {why}); a board sends again what the desk does not confirm",
            t.dropped
        );
        self.item(table, "dropped", Some((Reason::Flooding, text)));
    }

    /// Why an entry from the network would take the desk beyond `table`'s limits, if it
    /// would: its memory stays bounded whatever one table's credentials send.
    fn over_limits(&self, table: u32, session: &str, n: u32, len: usize) -> Option<String> {
        let t = self.tables.get(&table)?;
        let copy = t.copies.get(session);
        if copy.is_none() {
            if t.copies.len() >= MAX_SESSIONS_PER_TABLE {
                return Some(format!(
                    "the desk keeps {MAX_SESSIONS_PER_TABLE} sessions of a table"
                ));
            }
            let unknown = t.copies.values().filter(|c| c.held() == 0).count();
            if n > 1 && unknown >= MAX_UNKNOWN_SESSIONS {
                return Some(format!(
                    "{MAX_UNKNOWN_SESSIONS} sessions wait for their first entry"
                ));
            }
        }
        let held = copy.map_or(0, SessionCopy::held);
        if n > held + 1 && t.early_bytes() + len > MAX_EARLY_BYTES_PER_TABLE {
            return Some("the entries waiting for an earlier one fill the table's room".into());
        }
        None
    }

    /// Whether the copy of `table`'s `session` keeps entry `n` waiting for an earlier one.
    pub fn is_early(&self, table: u32, session: &str, n: u32) -> bool {
        self.tables
            .get(&table)
            .and_then(|t| t.copies.get(session))
            .is_some_and(|c| c.is_early(n))
    }

    /// Offers an entry read back from the desk's own folder at start-up (not a message).
    pub fn restore(
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
        let require = self.require_table;
        let t = self.tables.entry(table).or_default();
        let copy = t
            .copies
            .entry(session.to_owned())
            .or_insert_with(|| SessionCopy::new(table, session).requiring_table(require));
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
                let held = copy.held();
                if let Some(e) = t.board_entries.get_mut(session) {
                    // The board holds at least what reached the desk.
                    *e = (*e).max(held);
                }
                if t.current.is_none() || t.board.is_none() {
                    t.current = Some(session.to_owned());
                }
            }
            Offer::Duplicate => self.stats.duplicates += 1,
            Offer::Early => self.stats.early += 1,
            Offer::Conflict(_) => self.stats.conflicts += 1,
            Offer::Refused(why) => {
                self.stats.refused += 1;
                let empty = copy.held() == 0 && !copy.has_gap();
                if empty {
                    // An empty copy is not kept: a flood of fresh session ids costs nothing.
                    t.copies.remove(session);
                    if t.current.as_deref() == Some(session) {
                        t.current = None;
                    }
                }
                if empty && n == 1 {
                    // A session refused at its first entry (another table's, a forged one): the
                    // table's item keeps the evidence until the chief arbiter has seen it, and
                    // its board is still told why.
                    t.refusals += 1;
                    t.refused.retain(|(id, _)| id != session);
                    t.refused.push_back((session.to_owned(), why.clone()));
                    while t.refused.len() > REMEMBERED_REFUSALS {
                        t.refused.pop_front();
                    }
                    let text = if t.refusals == 1 {
                        format!("table {table}: session {session} refused: {why}")
                    } else {
                        format!(
                            "table {table}: {} sessions refused; the latest, {session}: {why}",
                            t.refusals
                        )
                    };
                    self.item(table, "refused", Some((Reason::Refused, text)));
                }
            }
            Offer::Dropped(_) => {}
        }
        offer
    }

    /// Counts a message of `table` at `now`; beyond [`FLOOD_MESSAGES`] in a window the table
    /// is flagged (its entries are still taken: the server's per-table limits stop the flood).
    pub fn count_message(&mut self, table: u32, now: Timestamp) {
        let t = self.tables.entry(table).or_default();
        if now.0.saturating_sub(t.rate.0.0) > FLOOD_WINDOW_MS {
            t.rate = (now, 0);
        }
        t.rate.1 += 1;
        if t.rate.1 == FLOOD_MESSAGES {
            let text = format!(
                "table {table} sent over {FLOOD_MESSAGES} messages in {} s",
                FLOOD_WINDOW_MS / 1000
            );
            self.item(table, "flood", Some((Reason::Flooding, text)));
        }
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
        if copy.is_none()
            && let Some(t) = self.tables.get(&table)
        {
            if let Some((_, why)) = t.refused.iter().find(|(id, _)| id == session) {
                st.refused = Some(why.clone());
            } else if t.copies.len() >= MAX_SESSIONS_PER_TABLE {
                st.refused = Some(format!(
                    "the desk keeps {MAX_SESSIONS_PER_TABLE} sessions of table {table} and has them all: see the chief arbiter"
                ));
            }
        }
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
        // What the board's journals hold, by session (its backlog is what the desk lacks).
        t.board_entries.clear();
        let named = std::iter::once((hello.session.as_str(), hello.entries))
            .chain(hello.others.iter().map(|o| (o.session.as_str(), o.entries)));
        for (id, entries) in named.take(MAX_HELLO_SESSIONS) {
            if valid_session_id(id) {
                let held = t.copies.get(id).map_or(0, SessionCopy::held);
                t.board_entries.insert(id.to_owned(), entries.max(held));
            }
        }
        let undeliverable = hello.undeliverable.clone().map(|u| {
            let mut u: String = u.chars().take(300).collect();
            u.insert_str(0, &format!("table {table}: "));
            (Reason::Undeliverable, u)
        });
        let session = hello.session.clone();
        t.board = Some(hello);
        self.item(table, "undeliverable", undeliverable);
        self.statement(table, &session)
    }

    /// Checks a ruling of the chief arbiter for `table`'s current session (an arbiter's action
    /// in the shorthand, without the time) and signs it; it counts once
    /// [`Desk::commit_ruling`] has it (after the desk's disk does).
    ///
    /// The ruling's id is `R<n>-<nonce>`: `R<n>` for people (the desk's count), the 128-bit
    /// random `nonce` (hex) for uniqueness in the event, so a fresh desk folder never reuses
    /// an id the boards have seen.
    pub fn prepare_ruling(
        &self,
        table: u32,
        act: &str,
        issued: &str,
        nonce: [u8; 16],
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
            id: format!("R{}-{}", self.next_ruling, hex::encode(&nonce)),
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
            .map(|d| d.split('-').next().unwrap_or(d))
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
        let id = t.current.clone().unwrap_or_default();
        if let Some(c) = t.copies.get_mut(&id) {
            c.seen_upto = c.held();
        }
        for item in &mut t.items {
            item.3 = true;
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
                let items: Vec<(Reason, String)> = t
                    .items
                    .iter()
                    .filter(|i| !i.3)
                    .map(|i| (i.1, i.2.clone()))
                    .collect();
                let backlog = t.backlog();
                let mut seen = self.board_seen(t.heard, now);
                // A finished game whose board went home with nothing owed is done, not offline.
                if seen == BoardSeen::Offline
                    && backlog == 0
                    && t.current()
                        .and_then(SessionCopy::session)
                        .is_some_and(|s| matches!(s.phase(), crate::session::Phase::Finished(_)))
                {
                    seen = BoardSeen::Done;
                }
                let cx = tile::TileContext {
                    seen,
                    board_waiting: backlog,
                    items: &items,
                };
                match t.current() {
                    Some(c) => Some(tile::tile(n, c, &cx, now)),
                    None if !items.is_empty() => Some(tile::bare(n, &cx)),
                    None => None,
                }
            })
            .collect();
        tile::sort_tiles(&mut tiles);
        tiles
    }

    /// How the desk hears a board last heard at `heard`: a board is offline only when the
    /// desk itself was connected for the whole minute it did not hear it.
    pub fn board_seen(&self, heard: Option<Timestamp>, now: Timestamp) -> BoardSeen {
        if !self.connected {
            return BoardSeen::Unknown;
        }
        let quiet = |t: Timestamp| now.0.saturating_sub(t.0) > tile::OFFLINE_AFTER_MS;
        match heard {
            Some(h) if !quiet(h) => BoardSeen::Online,
            _ if !quiet(self.connected_at) => BoardSeen::Unknown,
            _ => BoardSeen::Offline,
        }
    }

    /// Notes the flags fallen on the desk's clock at `now` (an item at once, without waiting
    /// for the board's next entry).
    pub fn watch_flags(&mut self, now: Timestamp) {
        for t in self.tables.values_mut() {
            let Some(id) = t.current.clone() else {
                continue;
            };
            if let Some(c) = t.copies.get_mut(&id)
                && c.time_out_seen_at.is_none()
                && tile::flag_fallen(c, now)
            {
                c.time_out_seen_at = Some(c.held());
            }
        }
    }

    /// Every finished game, newest result of each session.
    pub fn results(&self) -> Vec<TableResult> {
        let mut out = Vec::new();
        for (&n, t) in &self.tables {
            for c in t.copies.values() {
                if let Some(mut r) = table_result(n, c) {
                    r.decision = self
                        .decisions
                        .get(&(n, r.session.clone(), r.result.clone()))
                        .copied();
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
        self.watch_flags(now);
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
        let mut line = self.line.clone();
        line.alerts = self.alerts.values().cloned().collect();
        Snapshot {
            event: self.event.as_str().to_owned(),
            desk: line,
            tiles: self.tiles(now),
            standings: self.standings.clone(),
            stats: self.stats.clone(),
        }
    }
}

/// A decision of the chief arbiter on a result that changed after posting, as the desk's
/// folder keeps it (`decisions.jsonl`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DecisionRecord {
    /// The table.
    pub table: u32,
    /// The session.
    pub session: String,
    /// The result the decision is about (the new one, e.g. `B+3.5`).
    pub result: String,
    /// Post it, or keep the posted one.
    pub decision: ChiefDecision,
}

/// Rulings of a copy whose acceptance mark is not in the board's journal yet.
pub(crate) fn pending_rulings(copy: &SessionCopy) -> Vec<SignedRuling> {
    copy.rulings
        .iter()
        .filter(|r| {
            copy.session()
                .is_none_or(|s| super::ruling::entered_as(s, &r.id).is_none())
        })
        .cloned()
        .collect()
}

/// The finished game of a copy as the round takes it; none while the result waits for both
/// players' confirmation at a hall table (`sign=players`: the `sign B`, `sign W` entries).
fn table_result(table: u32, copy: &SessionCopy) -> Option<TableResult> {
    let session = copy.session()?;
    if session.awaiting_signatures() {
        return None;
    }
    let outcome = session.outcome()?;
    let setup = session.setup();
    Some(TableResult {
        table,
        session: copy.id().to_owned(),
        head: hex::encode(&copy.head()),
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
        decision: None,
    })
}

#[cfg(test)]
mod tests;
