//! A board's outbox: every entry of its journal, from the moment it is on the board's disk
//! until the desk says it holds it on its own. Pure: no network, no file, time injected.
//!
//! Three marks, each at most the one before: `sent` (handed to the network in this
//! connection), `acked` (the server's stream acknowledged it) and `confirmed` (the desk's
//! journal holds it, synced). The server's acknowledgement is not proof of durability (Debian's
//! nats-server 2.9 does not sync each message), so only the desk's confirmation ends an
//! entry's wait; after every reconnection, on the desk's word that it misses an entry, and
//! when confirmations stall, the board republishes everything after what the desk holds.

use crate::clock::Timestamp;
use crate::seal::hex;

use super::wire::{Hello, Statement};

/// How many entries may be on the way beyond what the server acknowledged.
pub const WINDOW: u32 = 256;

/// Why the board stopped publishing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The desk refuses the session (its reason).
    Refused(String),
    /// The desk holds a different entry with this number.
    Conflict(u32),
    /// This entry cannot reach the desk (too long for the hall, or the server refuses it):
    /// the link says so, tells the desk in its hello, and keeps trying, backing off.
    Undeliverable(u32, String),
}

/// The status light of a board's link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkStatus {
    /// Connected, and the desk holds everything (or the last entries are on their way).
    Connected,
    /// Connected, with entries the desk has not confirmed yet for a while.
    CatchingUp {
        /// Entries waiting.
        waiting: u32,
    },
    /// Not connected to the hall's server: the board works alone; entries wait.
    Offline {
        /// Entries waiting.
        waiting: u32,
    },
    /// The desk refused the session or holds a different copy: the chief arbiter must look.
    Stopped(Problem),
}

impl std::fmt::Display for LinkStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkStatus::Connected => f.write_str("connected"),
            LinkStatus::CatchingUp { waiting } => write!(f, "catching up ({waiting} waiting)"),
            LinkStatus::Offline { waiting } => write!(f, "offline ({waiting} waiting)"),
            LinkStatus::Stopped(Problem::Refused(why)) => write!(f, "not published: {why}"),
            LinkStatus::Stopped(Problem::Conflict(n)) => {
                write!(
                    f,
                    "the desk holds a different entry {n}: see the chief arbiter"
                )
            }
            LinkStatus::Stopped(Problem::Undeliverable(n, why)) => {
                write!(
                    f,
                    "entry {n} cannot reach the desk ({why}): it stays on this board; see the chief arbiter"
                )
            }
        }
    }
}

#[derive(Clone, Debug)]
struct Waiting {
    bytes: Vec<u8>,
    sha256: [u8; 32],
    added: Timestamp,
}

/// The board's entries and what became of them.
#[derive(Clone, Debug, Default)]
pub struct Outbox {
    session: Option<String>,
    lines: Vec<Waiting>,
    sent: u32,
    acked: u32,
    confirmed: u32,
    connected: bool,
    problem: Option<Problem>,
    last_progress: Timestamp,
    /// The desk said it holds more than the board has read yet: checked as lines arrive.
    desk_ahead: Option<(u32, [u8; 32])>,
    /// An entry the server does not take, and why.
    undelivered: Option<(u32, String)>,
}

impl Outbox {
    /// An empty outbox (nothing read, not connected).
    pub fn new() -> Outbox {
        Outbox::default()
    }

    /// The session id, once entry 1 is in.
    pub fn session(&self) -> Option<&str> {
        self.session.as_deref()
    }

    /// Entries read from the journal.
    pub fn entries(&self) -> u32 {
        u32::try_from(self.lines.len()).unwrap_or(u32::MAX)
    }

    /// Entries the desk confirmed.
    pub fn confirmed(&self) -> u32 {
        self.confirmed
    }

    /// Entries the desk has not confirmed.
    pub fn waiting(&self) -> u32 {
        self.entries() - self.confirmed
    }

    /// Adds the next entry of the journal (entry 1 names the session), read at `now`.
    pub fn push(
        &mut self,
        bytes: Vec<u8>,
        sha256: [u8; 32],
        session: Option<&str>,
        now: Timestamp,
    ) {
        if self.lines.is_empty() {
            self.session = session.map(str::to_owned);
        }
        if self.waiting() == 0 {
            // Nothing was overdue: the desk's time to confirm starts now (a stall is only a
            // confirmation overdue, never a quiet spell between two moves).
            self.last_progress = now;
        }
        self.lines.push(Waiting {
            bytes,
            sha256,
            added: now,
        });
        if let Some((held, head)) = self.desk_ahead
            && held <= self.entries()
        {
            self.desk_ahead = None;
            self.desk_holds(held, head, now);
        }
    }

    /// The entries to publish now, by number: none while offline or stopped.
    pub fn next_batch(&mut self) -> Vec<(u32, &[u8])> {
        if !self.connected || self.problem.is_some() || self.session.is_none() {
            return Vec::new();
        }
        let end = self.entries().min(self.acked.saturating_add(WINDOW));
        let from = self.sent + 1;
        if from > end {
            return Vec::new();
        }
        self.sent = end;
        (from..=end)
            .map(|n| (n, self.lines[(n - 1) as usize].bytes.as_slice()))
            .collect()
    }

    /// The server's stream acknowledged entry `n` (acknowledgements come in order).
    pub fn server_acked(&mut self, n: u32) {
        if n == self.acked + 1 && n <= self.sent {
            self.acked = n;
        }
        if self
            .undelivered
            .as_ref()
            .is_some_and(|(u, _)| *u <= self.acked)
        {
            self.undelivered = None;
        }
    }

    /// A publication failed or timed out: everything after the last acknowledged entry goes
    /// again.
    pub fn server_failed(&mut self) {
        self.sent = self.acked;
    }

    /// The connection to the server came up or went down. Coming up starts a new epoch:
    /// nothing counts as sent beyond what the desk confirmed.
    pub fn set_connected(&mut self, up: bool, now: Timestamp) {
        if up && !self.connected {
            self.sent = self.confirmed;
            self.acked = self.confirmed;
            self.last_progress = now;
        }
        self.connected = up;
    }

    /// Whether the link is connected.
    pub fn connected(&self) -> bool {
        self.connected
    }

    /// Why the board stopped publishing this session, if it did.
    pub fn problem(&self) -> Option<&Problem> {
        self.problem.as_ref()
    }

    /// The board itself refuses to publish the session (its setup is not this table's).
    pub fn refuse(&mut self, why: String) {
        self.problem = Some(Problem::Refused(why));
    }

    /// Entry `n` cannot reach the desk (`why`): the light and the board's hello say so until
    /// the server takes it (the link keeps trying, backing off).
    pub fn undeliverable(&mut self, n: u32, why: String) {
        if n > self.acked && n > self.confirmed {
            self.undelivered = Some((n, why));
        }
    }

    /// The entry that cannot reach the desk, and why.
    pub fn undelivered(&self) -> Option<(u32, &str)> {
        self.undelivered.as_ref().map(|(n, why)| (*n, why.as_str()))
    }

    /// The exact line of entry `n`, if read.
    pub fn line(&self, n: u32) -> Option<&[u8]> {
        n.checked_sub(1)
            .and_then(|i| self.lines.get(i as usize))
            .map(|l| l.bytes.as_slice())
    }

    /// Republish after what the desk holds (`held`); on a reconnection, also after what the
    /// stream still holds of this session (`stream_last`), since the desk will read it there.
    pub fn resync(&mut self, held: u32, stream_last: Option<u32>, now: Timestamp) {
        let base = stream_last
            .map_or(held, |s| s.max(held))
            .max(self.confirmed)
            .min(self.entries());
        self.sent = base;
        self.acked = base;
        self.last_progress = now;
    }

    /// The desk's word. Returns the entries newly confirmed, each with its time in the outbox
    /// (from being read off the board's disk to the desk's confirmation).
    pub fn statement(&mut self, st: &Statement, now: Timestamp) -> Vec<(u32, u64)> {
        if self.session.as_deref() != Some(st.session.as_str()) {
            return Vec::new();
        }
        if let Some(why) = &st.refused {
            self.problem = Some(Problem::Refused(why.clone()));
            return Vec::new();
        }
        if let Some(n) = st.conflict {
            self.problem = Some(Problem::Conflict(n));
            return Vec::new();
        }
        let Some(head) = hex::decode_array::<32>(&st.head) else {
            return Vec::new();
        };
        let newly = self.desk_holds(st.held, head, now);
        if st.gap {
            self.resync(st.held, None, now);
        }
        newly
    }

    fn desk_holds(&mut self, held: u32, head: [u8; 32], now: Timestamp) -> Vec<(u32, u64)> {
        if held == 0 {
            return Vec::new();
        }
        if held > self.entries() {
            self.desk_ahead = Some((held, head));
            return Vec::new();
        }
        if self.lines[(held - 1) as usize].sha256 != head {
            self.problem = Some(Problem::Conflict(held));
            return Vec::new();
        }
        if held <= self.confirmed {
            return Vec::new();
        }
        let newly = (self.confirmed + 1..=held)
            .map(|n| {
                (
                    n,
                    now.0.saturating_sub(self.lines[(n - 1) as usize].added.0),
                )
            })
            .collect();
        self.confirmed = held;
        if self.undelivered.as_ref().is_some_and(|(u, _)| *u <= held) {
            self.undelivered = None;
        }
        self.sent = self.sent.max(held);
        self.acked = self.acked.max(held);
        self.last_progress = now;
        newly
    }

    /// Whether the desk has confirmed nothing for `limit` ms though entries wait and the link
    /// is up — counted from the last confirmation, or from the entry that began the wait:
    /// time to ask it again and republish.
    pub fn stalled(&self, now: Timestamp, limit: u64) -> bool {
        self.connected
            && self.problem.is_none()
            && self.waiting() > 0
            && now.0.saturating_sub(self.last_progress.0) >= limit
    }

    /// Marks that the board asked the desk again (restarts the stall timer).
    pub fn asked(&mut self, now: Timestamp) {
        self.last_progress = now;
    }

    /// The hello to send the desk.
    pub fn hello(&self, resync: bool) -> Hello {
        Hello {
            session: self.session.clone().unwrap_or_default(),
            entries: self.entries(),
            head: hex::encode(&self.lines.last().map_or([0; 32], |l| l.sha256)),
            waiting: self.waiting(),
            resync,
            undeliverable: self
                .undelivered()
                .map(|(n, why)| format!("entry {n}: {why}")),
            ..Hello::default()
        }
    }

    /// The status light at `now`: "catching up" once the oldest waiting entry has waited
    /// longer than `patience` ms.
    pub fn status(&self, now: Timestamp, patience: u64) -> LinkStatus {
        if let Some(p) = &self.problem {
            return LinkStatus::Stopped(p.clone());
        }
        if let Some((n, why)) = &self.undelivered {
            return LinkStatus::Stopped(Problem::Undeliverable(*n, why.clone()));
        }
        let waiting = self.waiting();
        if !self.connected {
            return LinkStatus::Offline { waiting };
        }
        let oldest = self.lines.get(self.confirmed as usize).map(|l| l.added);
        match oldest {
            Some(t) if now.0.saturating_sub(t.0) > patience => LinkStatus::CatchingUp { waiting },
            _ => LinkStatus::Connected,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sha(n: u32) -> [u8; 32] {
        [n as u8; 32]
    }

    fn outbox(n: u32) -> Outbox {
        let mut o = Outbox::new();
        for i in 1..=n {
            o.push(
                vec![i as u8],
                sha(i),
                Some("abcd1234"),
                Timestamp(u64::from(i)),
            );
        }
        o
    }

    fn said(held: u32) -> Statement {
        Statement {
            session: "abcd1234".into(),
            held,
            head: hex::encode(&sha(held)),
            ..Statement::default()
        }
    }

    fn numbers(o: &mut Outbox) -> Vec<u32> {
        o.next_batch().into_iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn nothing_leaves_while_offline_and_everything_after_connecting() {
        let mut o = outbox(3);
        assert!(numbers(&mut o).is_empty());
        assert_eq!(
            o.status(Timestamp(0), 1000),
            LinkStatus::Offline { waiting: 3 }
        );
        o.set_connected(true, Timestamp(10));
        assert_eq!(numbers(&mut o), vec![1, 2, 3]);
        assert!(numbers(&mut o).is_empty(), "sent once per epoch");
    }

    #[test]
    fn only_the_desk_confirms_and_a_reconnection_republishes_the_rest() {
        let mut o = outbox(5);
        o.set_connected(true, Timestamp(0));
        numbers(&mut o);
        for n in 1..=5 {
            o.server_acked(n);
        }
        assert_eq!(
            o.waiting(),
            5,
            "the server's acknowledgement is not the desk's"
        );
        let newly = o.statement(&said(2), Timestamp(100));
        assert_eq!(
            newly.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            vec![1, 2]
        );
        assert_eq!(newly[0].1, 99);
        o.set_connected(false, Timestamp(101));
        o.set_connected(true, Timestamp(102));
        assert_eq!(numbers(&mut o), vec![3, 4, 5]);
    }

    #[test]
    fn a_failed_publication_resends_after_the_last_acknowledged() {
        let mut o = outbox(4);
        o.set_connected(true, Timestamp(0));
        numbers(&mut o);
        o.server_acked(1);
        o.server_acked(3); // out of order: ignored
        o.server_failed();
        assert_eq!(numbers(&mut o), vec![2, 3, 4]);
    }

    #[test]
    fn the_desks_gap_and_the_streams_holdings_set_where_republishing_starts() {
        let mut o = outbox(6);
        o.set_connected(true, Timestamp(0));
        numbers(&mut o);
        let mut st = said(2);
        st.gap = true;
        o.statement(&st, Timestamp(5));
        assert_eq!(numbers(&mut o), vec![3, 4, 5, 6]);
        o.resync(2, Some(4), Timestamp(6));
        assert_eq!(numbers(&mut o), vec![5, 6]);
        o.resync(2, Some(99), Timestamp(7));
        assert!(numbers(&mut o).is_empty(), "never beyond its own entries");
    }

    #[test]
    fn a_different_head_or_a_refusal_stops_the_board() {
        let mut o = outbox(3);
        o.set_connected(true, Timestamp(0));
        let mut st = said(2);
        st.head = hex::encode(&sha(9));
        o.statement(&st, Timestamp(1));
        assert_eq!(
            o.status(Timestamp(1), 10),
            LinkStatus::Stopped(Problem::Conflict(2))
        );
        assert!(numbers(&mut o).is_empty());
        let mut o = outbox(1);
        let mut st = said(0);
        st.refused = Some("table 3's session on table 4".into());
        o.statement(&st, Timestamp(1));
        assert!(matches!(o.status(Timestamp(1), 10), LinkStatus::Stopped(_)));
    }

    #[test]
    fn another_sessions_statement_is_ignored_and_a_desk_ahead_is_checked_later() {
        let mut o = outbox(2);
        let mut st = said(2);
        st.session = "ffff0000".into();
        assert!(o.statement(&st, Timestamp(1)).is_empty());
        o.statement(&said(3), Timestamp(1));
        assert_eq!(o.confirmed(), 0);
        o.push(vec![3], sha(3), None, Timestamp(2));
        assert_eq!(o.confirmed(), 3);
    }

    #[test]
    fn issue31_a_quiet_spell_between_moves_is_not_a_stall() {
        let mut o = outbox(1);
        o.set_connected(true, Timestamp(0));
        o.statement(&said(1), Timestamp(10));
        // The next move comes 4 s later: the desk's time to confirm starts then.
        o.push(vec![2], sha(2), None, Timestamp(4_000));
        assert!(!o.stalled(Timestamp(4_050), 3_000));
        assert!(
            o.stalled(Timestamp(7_000), 3_000),
            "a real stall still is one"
        );
        // An entry added while others wait does not push the stall back.
        let mut o = outbox(1);
        o.set_connected(true, Timestamp(0));
        o.push(vec![2], sha(2), None, Timestamp(2_500));
        assert!(o.stalled(Timestamp(3_000), 3_000));
    }

    #[test]
    fn issue31_an_undeliverable_entry_is_said_until_the_server_takes_it() {
        let mut o = outbox(3);
        o.set_connected(true, Timestamp(0));
        numbers(&mut o);
        o.server_acked(1);
        o.undeliverable(2, "too long".into());
        o.server_failed();
        assert_eq!(
            o.hello(false).undeliverable.as_deref(),
            Some("entry 2: too long")
        );
        assert!(
            o.status(Timestamp(1), 10)
                .to_string()
                .contains("entry 2 cannot reach the desk")
        );
        assert_eq!(numbers(&mut o), vec![2, 3], "still tried again");
        o.server_acked(2);
        assert_eq!(o.undelivered(), None);
        assert_eq!(o.hello(false).undeliverable, None);
        assert_eq!(o.line(3), Some(&[3u8][..]));
    }

    #[test]
    fn stalls_and_catching_up_are_told_apart_from_a_live_entry() {
        let mut o = outbox(1);
        o.set_connected(true, Timestamp(0));
        assert_eq!(o.status(Timestamp(500), 2000), LinkStatus::Connected);
        assert_eq!(
            o.status(Timestamp(5000), 2000),
            LinkStatus::CatchingUp { waiting: 1 }
        );
        assert!(!o.stalled(Timestamp(1000), 3000));
        assert!(o.stalled(Timestamp(3000), 3000));
        o.asked(Timestamp(3000));
        assert!(!o.stalled(Timestamp(3001), 3000));
        o.statement(&said(1), Timestamp(3002));
        assert_eq!(o.status(Timestamp(9000), 2000), LinkStatus::Connected);
        assert!(!o.stalled(Timestamp(99_000), 3000));
    }
}
