//! A board's link to the hall: publishes every entry of the board's sessions to the event's
//! stream, asks the desk what it holds after every (re)connection and when confirmations
//! stall, and takes the chief arbiter's rulings from the desk's statements, verified with the
//! event's desk key.
//!
//! Where the entries come from ([`Source`]):
//! - [`Source::Fed`]: the journal writer's acknowledged entries (entry number and the exact
//!   line), sent by the window (`hall::link`) or the simulator; no file is read. A new session
//!   at the same table (the next game) is announced on the same channel: the link carries on,
//!   and the last entries of the finished game still reach the desk.
//! - [`Source::File`]: `tianyuan hall board --session FILE` follows a journal written by
//!   another process ([`super::journal_tail`]).
//!
//! Either way each line goes through one [`Chain`], which checks it against the hash chain and
//! folds it once. The link never writes the journal: without the network the board works
//! alone exactly as before, and the entries wait. Time comes from the caller's [`TimeSource`].

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use async_nats::jetstream::context::PublishError;
use async_nats::jetstream::message::PublishMessage;
use async_nats::jetstream::publish::PublishAck;
use futures_util::StreamExt;
use futures_util::stream::FuturesOrdered;

use crate::clock::Timestamp;
use crate::session::Phase;
use crate::time::TimeSource;

use super::chain::Chain;
use super::chunks;
use super::creds::{Creds, Role};
use super::journal_tail::{JournalTail, TailError};
use super::names::{EventName, NUMBER_HEADER, SESSION_HEADER};
use super::outbox::{LinkStatus, Outbox};
use super::ruling::{ChiefPublicKey, Signature, SignedRuling};
use super::wire::{self, Statement};

/// What feeds a link fed by the journal writer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feed {
    /// A session begins (or is opened again) at this table: its journal's path, beside which
    /// the rulings received are kept. Its entries follow from entry 1.
    Session(PathBuf),
    /// The journal writer acknowledged entry `n` of the current session: its exact line,
    /// `\n` included.
    Entry(u32, Vec<u8>),
}

/// Where a link's entries come from.
#[derive(Debug)]
pub enum Source {
    /// A journal written by another process, followed as a reader.
    File(PathBuf),
    /// The journal writer's acknowledged entries.
    Fed(tokio::sync::mpsc::UnboundedReceiver<Feed>),
}

/// How a board's link runs.
#[derive(Debug)]
pub struct BoardOptions {
    /// The server's URL (`nats://host:4222`).
    pub server: String,
    /// The event.
    pub event: EventName,
    /// The table.
    pub table: u32,
    /// Where the entries come from.
    pub source: Source,
    /// The board's credentials (none: the server is open, as in tests and a club hall).
    pub creds: Option<Creds>,
    /// The event's desk key given to the board (`--desk-key`), besides the credentials'.
    pub desk_key: Option<ChiefPublicKey>,
    /// How often the journal is looked at (ms).
    pub poll_ms: u64,
    /// How often the board says hello (its heartbeat, ms).
    pub hello_ms: u64,
    /// After this long without a confirmation (ms) the board asks again and republishes.
    pub stall_ms: u64,
    /// Stop once the game is finished and the desk holds every entry.
    pub until_done: bool,
    /// The window's ledger of the journals this link carries ([`ledger_path`]): kept as the
    /// set changes; at start, every session it names is read once from its journal and
    /// carried again until the desk holds it (a window killed with a backlog loses nothing).
    pub ledger: Option<PathBuf>,
}

impl BoardOptions {
    /// The usual timings for `server`, `event`, `table` and `source`.
    pub fn new(server: &str, event: EventName, table: u32, source: Source) -> BoardOptions {
        BoardOptions {
            server: server.to_owned(),
            event,
            table,
            source,
            creds: None,
            desk_key: None,
            poll_ms: 100,
            hello_ms: 5_000,
            stall_ms: 3_000,
            until_done: false,
            ledger: None,
        }
    }

    /// The desk key rulings are verified with: the credentials', else `--desk-key`.
    pub fn key(&self) -> Option<ChiefPublicKey> {
        self.creds.as_ref().and_then(|c| c.chief).or(self.desk_key)
    }
}

/// What the link tells its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardReport {
    /// The status light of the current session changed.
    Status(LinkStatus),
    /// A ruling from the chief arbiter for a session of this board, with its signature state
    /// (only a [`Signature::Verified`] one can be entered), and the journal it is for (when
    /// known).
    Ruling(SignedRuling, Signature, Option<PathBuf>),
    /// A ruling refused (its signature or its addressee is wrong): not shown.
    RulingRefused(String),
    /// Entries the desk confirmed, each with its wait in ms since the link took it.
    Confirmed(Vec<(u32, u64)>),
    /// The backlog changed: entries taken (of every session the link carries) that the desk
    /// has not confirmed yet.
    Backlog(u32),
    /// Something the owner should know (a server error, the journal's state).
    Note(String),
    /// Whether the desk answers the board's hello (said when it changes): connected to the
    /// server while the desk is gone, entries wait on the board and no ruling can come.
    DeskAnswers(bool),
    /// The board asked the desk what it holds (true: to republish after it — a resync).
    Asked(bool),
}

/// The ledger of the journals a window's link at `table` of `event` carries, in the window's
/// sessions folder.
pub fn ledger_path(folder: &Path, event: &EventName, table: u32) -> PathBuf {
    folder.join(format!("hall-{event}-table-{table}.carried"))
}

/// The journals the ledger at `path` names (none when it is missing or unreadable).
fn read_ledger(path: &Path) -> Vec<PathBuf> {
    crate::files::read_bounded(path, 1024 * 1024)
        .ok()
        .and_then(|b| serde_json::from_slice::<Vec<PathBuf>>(&b).ok())
        .unwrap_or_default()
}

/// The exact intact lines of the journal at `path`, `\n` included.
fn journal_lines(path: &Path) -> Result<Vec<Vec<u8>>, String> {
    let (bytes, reading) = crate::files::journal::read_journal(path).map_err(|e| e.to_string())?;
    Ok(reading
        .lines
        .iter()
        .filter_map(|l| bytes.get(l.offset..l.offset + l.len).map(<[u8]>::to_vec))
        .collect())
}

/// The sessions a restarted window's link carried, each read once from its journal.
fn recover(
    ledger: &Path,
    table: u32,
    require_table: bool,
    now: Timestamp,
    report: &mut impl FnMut(BoardReport),
) -> Vec<Carried> {
    let mut out = Vec::new();
    for path in read_ledger(ledger) {
        let lines = match journal_lines(&path) {
            Ok(lines) => lines,
            Err(e) => {
                report(BoardReport::Note(format!(
                    "{}: not carried again ({e})",
                    path.display()
                )));
                continue;
            }
        };
        let mut s = Carried::new(Some(path));
        for (i, line) in lines.into_iter().enumerate() {
            let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let _ = take_line(&mut s, n, line, table, require_table, now, report);
        }
        if s.outbox.entries() > 0 {
            out.push(s);
        }
    }
    out
}

/// How the link ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardEnd {
    /// Entries taken of the current session.
    pub entries: u32,
    /// Entries the desk confirmed of it.
    pub confirmed: u32,
}

/// Connection options shared by boards and the desk: reconnect for ever, quickly.
pub fn connect_options(creds: Option<&Creds>, name: String) -> async_nats::ConnectOptions {
    let mut o = async_nats::ConnectOptions::new()
        .name(name)
        .retry_on_initial_connect()
        .max_reconnects(None)
        .connection_timeout(Duration::from_secs(2))
        .request_timeout(Some(Duration::from_secs(3)))
        .ping_interval(Duration::from_secs(5))
        .reconnect_delay_callback(|attempts| {
            Duration::from_millis((100 * attempts as u64).clamp(100, 2_000))
        });
    if let Some(c) = &creds {
        o = o.nkey(c.seed.clone());
    }
    o
}

/// Checks that credentials are this board's (before connecting).
pub fn check_creds(creds: &Creds, event: &EventName, table: u32) -> Result<(), String> {
    if creds.event != *event {
        return Err(format!(
            "these credentials are for event {}, not {event}",
            creds.event
        ));
    }
    if creds.role != Role::Board(table) {
        let whose = match creds.role {
            Role::Board(t) => format!("table {t}"),
            Role::Desk => "the desk".to_owned(),
            Role::Admin => "the setup step".to_owned(),
        };
        return Err(format!(
            "these credentials are for {whose}, not table {table}"
        ));
    }
    Ok(())
}

/// One session of the board as the link carries it.
struct Carried {
    journal: Option<PathBuf>,
    chain: Chain,
    outbox: Outbox,
    rulings_seen: BTreeSet<String>,
    /// Why nothing more of the session's journal is taken (a damaged line).
    stopped: Option<String>,
}

impl Carried {
    fn new(journal: Option<PathBuf>) -> Carried {
        Carried {
            journal,
            chain: Chain::new(),
            outbox: Outbox::new(),
            rulings_seen: BTreeSet::new(),
            stopped: None,
        }
    }

    fn id(&self) -> Option<&str> {
        self.outbox.session()
    }

    fn finished(&self) -> bool {
        self.chain
            .session()
            .is_some_and(|s| matches!(s.phase(), Phase::Finished(_)))
    }
}

/// A note said once until it changes (or a minute passed): a server without the stream does
/// not fill the log twenty times a second.
struct Quiet {
    last: String,
    at: Timestamp,
}

impl Quiet {
    fn say(&mut self, text: String, now: Timestamp, report: &mut impl FnMut(BoardReport)) {
        if text != self.last || now.0.saturating_sub(self.at.0) >= 60_000 {
            self.last = text.clone();
            self.at = now;
            report(BoardReport::Note(text));
        }
    }
}

/// Consecutive failures of one entry's publication after which the board says it cannot
/// reach the desk (at once when the server refuses it for its size).
const FAILURES_BEFORE_UNDELIVERABLE: u32 = 3;
/// How often the link looks at a followed file without being woken (the change
/// notifications wake it at once; this only covers a notification lost).
const FILE_LOOK_MS: u64 = 1_000;
/// How often the link looks at a followed file when notifications cannot be had.
const FILE_POLL_MS: u64 = 50;

/// Whether a server's refusal is about a message's size (it will not pass by waiting).
fn size_refusal(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    t.contains("size") || t.contains("payload") || t.contains("too large")
}

/// What the server says when a client's credentials are missing or not accepted.
fn authorization_refused(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    t.contains("authorization violation") || t.contains("authentication")
}

/// The file's change notifications (inotify on Linux): a unit on `wake` whenever the journal
/// (or its folder's entry for it) changes. Kept alive as long as the value lives.
struct FileWatch {
    _watcher: notify::RecommendedWatcher,
}

impl FileWatch {
    fn start(
        path: &Path,
        wake: tokio::sync::mpsc::UnboundedSender<()>,
    ) -> Result<FileWatch, String> {
        use notify::Watcher;
        let name = path.file_name().map(std::ffi::OsStr::to_os_string);
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
            let Ok(event) = res else {
                let _ = wake.send(());
                return;
            };
            // The tail's own reads are accesses: only a change wakes it.
            if matches!(event.kind, notify::EventKind::Access(_)) {
                return;
            }
            if event.paths.is_empty()
                || event
                    .paths
                    .iter()
                    .any(|p| p.file_name().map(std::ffi::OsStr::to_os_string) == name)
            {
                let _ = wake.send(());
            }
        })
        .map_err(|e| e.to_string())?;
        // The folder, not the file: a journal not written yet, or replaced, is seen too.
        watcher
            .watch(&dir, notify::RecursiveMode::NonRecursive)
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(FileWatch { _watcher: watcher })
    }
}

/// An entry's publication: the session, the entry, whether this was its last part, and the
/// server's answer.
type AckFuture =
    Pin<Box<dyn Future<Output = (String, u32, bool, Result<PublishAck, PublishError>)>>>;
type HelloFuture = Pin<Box<dyn Future<Output = (String, bool, Option<Statement>)>>>;

/// Runs the link until `stop` is set (or, with `until_done`, the game is finished and
/// confirmed). Reports go to `report`.
///
/// Nothing waits for a timer between an entry and its publication (issue 31 item 5): a fed
/// entry is published as it arrives, and a followed file wakes the link through its change
/// notifications; the link's tick only keeps the heartbeat, the stall check and the light.
pub async fn run_board(
    options: BoardOptions,
    time: &dyn TimeSource,
    stop: Arc<AtomicBool>,
    mut report: impl FnMut(BoardReport),
) -> Result<BoardEnd, String> {
    let (event, table) = (options.event.clone(), options.table);
    if let Some(c) = &options.creds {
        check_creds(c, &event, table)?;
    }
    let require_table = options.creds.is_some();
    let has_creds = options.creds.is_some();
    let key = options.key();
    let (events_tx, mut events) = tokio::sync::mpsc::unbounded_channel();
    let client = connect_options(
        options.creds.as_ref(),
        format!("tianyuan-board-{event}-{table}"),
    )
    .custom_inbox_prefix(event.board_inbox(table))
    .event_callback(move |e| {
        let tx = events_tx.clone();
        async move {
            let _ = tx.send(e);
        }
    })
    .connect(options.server.as_str())
    .await
    .map_err(|e| format!("{}: {e}", options.server))?;
    let js = async_nats::jetstream::ContextBuilder::new()
        .timeout(Duration::from_secs(3))
        .build(client.clone());
    let mut acks = client
        .subscribe(event.ack_subject(table))
        .await
        .map_err(|e| format!("cannot listen for the desk: {e}"))?;

    let (mut tail, mut fed) = match options.source {
        Source::File(path) => (Some(JournalTail::new(&path)), None),
        Source::Fed(rx) => (None, Some(rx)),
    };
    let (wake_tx, mut wake) = tokio::sync::mpsc::unbounded_channel::<()>();
    let mut file_look = FILE_LOOK_MS;
    let _watch = match tail
        .as_ref()
        .map(|t| FileWatch::start(t.path(), wake_tx.clone()))
    {
        Some(Ok(w)) => Some(w),
        Some(Err(e)) => {
            file_look = FILE_POLL_MS;
            report(BoardReport::Note(format!(
                "the journal's change notifications are not available ({e}): looking every {FILE_POLL_MS} ms"
            )));
            None
        }
        None => None,
    };
    // A restarted window's sessions first (the desk says what it holds of each), then the
    // current one.
    let mut sessions: Vec<Carried> = match &options.ledger {
        Some(l) if fed.is_some() => recover(l, table, require_table, time.now(), &mut report),
        _ => Vec::new(),
    };
    sessions.push(Carried::new(tail.as_ref().map(|t| t.path().to_path_buf())));
    let mut ledger_said: Option<Vec<PathBuf>> = None;
    let mut desk_answers: Option<bool> = None;
    let mut inflight: FuturesOrdered<AckFuture> = FuturesOrdered::new();
    let mut hello: Option<HelloFuture> = None;
    let mut last_hello = Timestamp::ZERO;
    let mut want_resync = false;
    let mut last_status: Option<LinkStatus> = None;
    let mut quiet = Quiet {
        last: String::new(),
        at: Timestamp::ZERO,
    };
    let mut other_key_told = false;
    let mut retry_at = Timestamp::ZERO;
    let mut backoff = 250u64;
    // The entry whose publication keeps failing: (session, n, failures).
    let mut failing: Option<(String, u32, u32)> = None;
    let mut fed_open = true;
    let mut last_backlog = 0u32;
    let mut read_file = tail.is_some();
    let mut last_file_look = Timestamp::ZERO;
    let mut tick = tokio::time::interval(Duration::from_millis(options.poll_ms.clamp(5, 100)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut connected = client.connection_state() == async_nats::connection::State::Connected;
    if connected {
        for s in &mut sessions {
            s.outbox.set_connected(true, time.now());
        }
        want_resync = true;
    }

    loop {
        tokio::select! {
            Some(e) = events.recv() => match e {
                async_nats::Event::Connected => {
                    connected = true;
                    for s in &mut sessions {
                        s.outbox.set_connected(true, time.now());
                    }
                    inflight = FuturesOrdered::new();
                    want_resync = true;
                    backoff = 250;
                    retry_at = Timestamp::ZERO;
                }
                async_nats::Event::Disconnected => {
                    connected = false;
                    for s in &mut sessions {
                        s.outbox.set_connected(false, time.now());
                    }
                    inflight = FuturesOrdered::new();
                }
                async_nats::Event::ServerError(err) => {
                    let text = err.to_string();
                    if text.to_ascii_lowercase().contains("permissions violation") {
                        return Err(format!("the server refused: {text} (are these table {table}'s credentials?)"));
                    }
                    if authorization_refused(&text) {
                        return Err(if has_creds {
                            format!("the server does not accept these credentials ({text}): are they table {table}'s of event {event}, from this hall's `desk creds`? (--creds)")
                        } else {
                            format!("the server needs credentials ({text}): give this board its table's credentials with --creds table-{table}.creds (or its join code ty1:…)")
                        });
                    }
                    quiet.say(format!("server: {text}"), time.now(), &mut report);
                }
                // A refused connection comes as the client's error ("authorization violation").
                async_nats::Event::ClientError(err) if authorization_refused(&err.to_string()) => {
                    let text = err.to_string();
                    return Err(if has_creds {
                        format!("the server does not accept these credentials ({text}): are they table {table}'s of event {event}, from this hall's `desk creds`? (--creds)")
                    } else {
                        format!("the server needs credentials ({text}): give this board its table's credentials with --creds table-{table}.creds (or its join code ty1:…)")
                    });
                }
                other => quiet.say(format!("connection: {other}"), time.now(), &mut report),
            },
            Some(msg) = acks.next() => {
                if let Ok(st) = wire::decode::<Statement>(&msg.payload) {
                    take_statement(&st, &mut sessions, key.as_ref(), &event, table, time.now(), &mut other_key_told, &mut report);
                }
            },
            Some((session, n, last, res)) = inflight.next(), if !inflight.is_empty() => {
                let Some(s) = sessions.iter_mut().find(|s| s.id() == Some(session.as_str())) else { continue };
                match res {
                    Ok(_) => {
                        if last {
                            s.outbox.server_acked(n);
                        }
                        backoff = 250;
                        if failing.as_ref().is_some_and(|(f, k, _)| *f == session && *k <= n) {
                            failing = None;
                        }
                    }
                    Err(e) => {
                        let now = time.now();
                        let text = e.to_string();
                        failed(&mut sessions, &session, n, &text, &mut failing, &mut last_hello, now, &mut quiet, &mut report);
                        inflight = FuturesOrdered::new();
                        retry_at = Timestamp(now.0 + backoff);
                        backoff = (backoff * 2).min(5_000);
                    }
                }
            },
            (session, resync, st) = async {
                match hello.as_mut() {
                    Some(h) => h.await,
                    None => std::future::pending().await,
                }
            }, if hello.is_some() => {
                hello = None;
                let answered = st.is_some();
                if connected && desk_answers != Some(answered) {
                    desk_answers = Some(answered);
                    report(BoardReport::DeskAnswers(answered));
                }
                if let Some(st) = st {
                    take_statement(&st, &mut sessions, key.as_ref(), &event, table, time.now(), &mut other_key_told, &mut report);
                    if resync && st.refused.is_none() && st.conflict.is_none()
                        && let Some(s) = sessions.iter_mut().find(|s| s.id() == Some(session.as_str()))
                    {
                        s.outbox.resync(st.held, st.stream_last, time.now());
                    }
                }
            },
            feed = async {
                match fed.as_mut() {
                    Some(rx) => rx.recv().await,
                    None => std::future::pending().await,
                }
            }, if fed_open && fed.is_some() => {
                let now = time.now();
                match feed {
                    None => fed_open = false,
                    Some(Feed::Session(path)) => {
                        let same = sessions.last().is_some_and(|s| s.journal.as_deref() == Some(path.as_path()));
                        if !same {
                            // The next game at this table: the last one stays until the desk
                            // holds it. A session already carried (a game opened again after a
                            // restart) becomes the current one again, never a second copy.
                            let this = |s: &Carried| s.journal.as_deref() == Some(path.as_path());
                            sessions.retain(|s| this(s) || s.outbox.entries() > 0 && s.outbox.waiting() > 0 && s.outbox.problem().is_none());
                            let next = match sessions.iter().position(this) {
                                Some(i) => sessions.remove(i),
                                None => {
                                    let mut next = Carried::new(Some(path));
                                    next.outbox.set_connected(connected, now);
                                    next
                                }
                            };
                            sessions.push(next);
                            last_status = None;
                        }
                    }
                    Some(Feed::Entry(n, line)) => {
                        if n == 1 {
                            // The next game's setup: say hello at once, so the desk's tile (and
                            // the chief arbiter's rulings) follow the new game, not the last.
                            last_hello = Timestamp::ZERO;
                        }
                        if let Some(s) = sessions.last_mut() {
                            // A refused setup stops this session only: the next game may be right.
                            let _ = take_line(s, n, line, table, require_table, now, &mut report);
                        }
                    }
                }
            },
            Some(()) = wake.recv() => {
                while wake.try_recv().is_ok() {}
                read_file = true;
            },
            _ = tick.tick() => {
                if tail.is_some() && time.now().0.saturating_sub(last_file_look.0) >= file_look {
                    read_file = true;
                }
            }
        }

        // After every event: what is new goes out now, not at the next tick.
        let now = time.now();
        if read_file
            && let (Some(t), Some(s)) = (tail.as_mut(), sessions.last_mut())
            && s.stopped.is_none()
        {
            read_file = false;
            last_file_look = now;
            match t.poll() {
                Ok(lines) => {
                    for line in lines {
                        let n = s.chain.entries() + 1;
                        if let Some(why) =
                            take_line(s, n, line, table, require_table, now, &mut report)
                        {
                            return Err(format!("{}: {why}", t.path().display()));
                        }
                    }
                }
                Err(TailError::TooLong(n, bytes)) => {
                    let why = format!(
                        "longer than {bytes} bytes; the hall carries lines up to {} bytes",
                        chunks::MAX_LINE_BYTES
                    );
                    s.outbox.undeliverable(n, why.clone());
                    quiet.say(
                        format!("entry {n} cannot reach the desk: {why}"),
                        now,
                        &mut report,
                    );
                }
                Err(e) => quiet.say(format!("{}: {e}", t.path().display()), now, &mut report),
            }
        }
        if connected && now >= retry_at {
            let part_size = chunks::chunk_size(client.server_info().max_payload);
            'publish: for s in &mut sessions {
                let session = s.id().unwrap_or_default().to_owned();
                let batch: Vec<(u32, Vec<u8>)> = s
                    .outbox
                    .next_batch()
                    .into_iter()
                    .map(|(n, b)| (n, b.to_vec()))
                    .collect();
                for (n, bytes) in batch {
                    if bytes.len() > chunks::MAX_LINE_BYTES {
                        let why = format!(
                            "{} bytes; the hall carries lines up to {} bytes",
                            bytes.len(),
                            chunks::MAX_LINE_BYTES
                        );
                        s.outbox.undeliverable(n, why.clone());
                        s.outbox.server_failed();
                        quiet.say(
                            format!("entry {n} cannot reach the desk: {why}"),
                            now,
                            &mut report,
                        );
                        inflight = FuturesOrdered::new();
                        retry_at = Timestamp(now.0 + 5_000);
                        last_hello = Timestamp::ZERO;
                        break 'publish;
                    }
                    let parts = chunks::split(&bytes, part_size);
                    let count = u32::try_from(parts.len()).unwrap_or(u32::MAX);
                    let whole = (count > 1).then(|| chunks::line_sha256(&bytes));
                    for (i, part) in parts.into_iter().enumerate() {
                        let index = i as u32 + 1;
                        let mut id = event.message_id(table, &session, n);
                        let mut msg = PublishMessage::build()
                            .payload(part.to_vec().into())
                            .header(SESSION_HEADER, session.as_str())
                            .header(NUMBER_HEADER, n.to_string().as_str());
                        if let Some(sha) = &whole {
                            id = format!("{id}/{index}");
                            let (p, l) = chunks::Part::headers(index, count, bytes.len(), sha);
                            msg = msg
                                .header(chunks::PART_HEADER, p.as_str())
                                .header(chunks::LINE_HEADER, l.as_str());
                        }
                        msg = msg.message_id(id);
                        match js.send_publish(event.entry_subject(table), msg).await {
                            Ok(ack) => {
                                let sid = session.clone();
                                let last = index == count;
                                inflight
                                    .push_back(Box::pin(async move { (sid, n, last, ack.await) }));
                            }
                            Err(e) => {
                                let text = e.to_string();
                                s.outbox.server_failed();
                                note_failure(
                                    &mut s.outbox,
                                    &session,
                                    n,
                                    &text,
                                    &mut failing,
                                    &mut last_hello,
                                    now,
                                    &mut quiet,
                                    &mut report,
                                );
                                inflight = FuturesOrdered::new();
                                retry_at = Timestamp(now.0 + backoff);
                                backoff = (backoff * 2).min(5_000);
                                break 'publish;
                            }
                        }
                    }
                }
            }
        }
        for s in &mut sessions {
            if s.outbox.stalled(now, options.stall_ms) {
                s.outbox.asked(now);
                want_resync = true;
                // A stall after a lost confirmation: republish after what the desk holds.
                hello = None;
            }
        }
        let due = now.0.saturating_sub(last_hello.0) >= options.hello_ms;
        if hello.is_none() && connected && (want_resync || due) {
            // One hello at a time: the current session, or an older one still waiting.
            let pick = sessions
                .iter()
                .filter(|s| s.id().is_some() && s.outbox.problem().is_none())
                .find(|s| s.outbox.waiting() > 0)
                .or_else(|| sessions.last().filter(|s| s.id().is_some()));
            if let Some(s) = pick {
                let resync = want_resync;
                want_resync = false;
                last_hello = now;
                let mut h = s.outbox.hello(resync);
                h.waiting = sessions.iter().map(|s| s.outbox.waiting()).sum();
                h.others = sessions
                    .iter()
                    .filter(|o| o.id().is_some() && o.id() != Some(h.session.as_str()))
                    .map(|o| wire::SessionEntries {
                        session: o.id().unwrap_or_default().to_owned(),
                        entries: o.outbox.entries(),
                    })
                    .collect();
                report(BoardReport::Asked(resync));
                let body = wire::encode(&h);
                let c = client.clone();
                let subject = event.hello_subject(table);
                let id = h.session.clone();
                hello = Some(Box::pin(async move {
                    let answer = c.request(subject, body.into()).await.ok();
                    (
                        id,
                        resync,
                        answer.and_then(|m| wire::decode::<Statement>(&m.payload).ok()),
                    )
                }));
            }
        }
        // Older sessions leave once the desk holds them.
        let count = sessions.len();
        let mut i = 0;
        sessions.retain(|s| {
            i += 1;
            i == count || s.outbox.waiting() > 0 && s.outbox.problem().is_none()
        });
        if let Some(l) = &options.ledger {
            // The journals carried, kept whenever the set changes (a few times a game).
            let carried: Vec<PathBuf> = sessions.iter().filter_map(|s| s.journal.clone()).collect();
            if ledger_said.as_ref() != Some(&carried) {
                match write_ledger(l, &carried) {
                    Ok(()) => ledger_said = Some(carried),
                    Err(e) => quiet.say(format!("{}: {e}", l.display()), now, &mut report),
                }
            }
        }
        let backlog: u32 = sessions.iter().map(|s| s.outbox.waiting()).sum();
        if backlog != last_backlog {
            last_backlog = backlog;
            report(BoardReport::Backlog(backlog));
        }
        let status = status_of(&sessions, now);
        if last_status.as_ref() != Some(&status) {
            report(BoardReport::Status(status.clone()));
            last_status = Some(status);
        }
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let done = sessions.len() == 1
            && sessions
                .last()
                .is_some_and(|s| s.finished() && s.outbox.waiting() == 0);
        if options.until_done && done {
            break;
        }
    }
    let current = sessions.last();
    Ok(BoardEnd {
        entries: current.map_or(0, |s| s.outbox.entries()),
        confirmed: current.map_or(0, |s| s.outbox.confirmed()),
    })
}

/// A publication of `session`'s entry `n` failed (`text`, the server's words): everything
/// after the last acknowledged entry goes again, after a back-off.
#[allow(clippy::too_many_arguments)]
fn failed(
    sessions: &mut [Carried],
    session: &str,
    n: u32,
    text: &str,
    failing: &mut Option<(String, u32, u32)>,
    last_hello: &mut Timestamp,
    now: Timestamp,
    quiet: &mut Quiet,
    report: &mut impl FnMut(BoardReport),
) {
    for s in sessions.iter_mut() {
        s.outbox.server_failed();
    }
    if let Some(s) = sessions.iter_mut().find(|s| s.id() == Some(session)) {
        note_failure(
            &mut s.outbox,
            session,
            n,
            text,
            failing,
            last_hello,
            now,
            quiet,
            report,
        );
    }
}

/// Counts the failures of one entry; after [`FAILURES_BEFORE_UNDELIVERABLE`] (or one refusal
/// of its size) the light says it cannot reach the desk and the next hello tells the desk.
#[allow(clippy::too_many_arguments)]
fn note_failure(
    outbox: &mut Outbox,
    session: &str,
    n: u32,
    text: &str,
    failing: &mut Option<(String, u32, u32)>,
    last_hello: &mut Timestamp,
    now: Timestamp,
    quiet: &mut Quiet,
    report: &mut impl FnMut(BoardReport),
) {
    let count = match failing {
        Some((s, k, c)) if s == session && *k == n => {
            *c += 1;
            *c
        }
        _ => {
            *failing = Some((session.to_owned(), n, 1));
            1
        }
    };
    if (count >= FAILURES_BEFORE_UNDELIVERABLE || size_refusal(text))
        && outbox.undelivered().is_none()
    {
        outbox.undeliverable(n, format!("the server refuses it: {text}"));
        *last_hello = Timestamp::ZERO;
        quiet.say(
            format!("entry {n} cannot reach the desk: the server refuses it ({text}); it stays on this board and is tried again"),
            now,
            report,
        );
    } else {
        quiet.say(
            format!("entries wait on the board: the server did not take entry {n} ({text}); trying again"),
            now,
            report,
        );
    }
}

/// Keeps the ledger: the journals carried, replaced atomically.
fn write_ledger(path: &Path, journals: &[PathBuf]) -> std::io::Result<()> {
    let bytes = serde_json::to_vec_pretty(journals).map_err(std::io::Error::other)?;
    crate::files::write_atomically(path, &bytes)
}

/// The status light of the board: the current session's, with the backlog of every session
/// the board still carries.
fn status_of(sessions: &[Carried], now: Timestamp) -> LinkStatus {
    let waiting: u32 = sessions.iter().map(|s| s.outbox.waiting()).sum();
    let Some(current) = sessions.last() else {
        return LinkStatus::Connected;
    };
    match current.outbox.status(now, 2_000) {
        LinkStatus::CatchingUp { .. } => LinkStatus::CatchingUp { waiting },
        LinkStatus::Offline { .. } => LinkStatus::Offline { waiting },
        LinkStatus::Connected if waiting > current.outbox.waiting() => {
            LinkStatus::CatchingUp { waiting }
        }
        other => other,
    }
}

/// Takes one line of the current session through its chain into its outbox. Returns why the
/// session's setup is refused at this table, if it is.
fn take_line(
    s: &mut Carried,
    n: u32,
    line: Vec<u8>,
    table: u32,
    require_table: bool,
    now: Timestamp,
    report: &mut impl FnMut(BoardReport),
) -> Option<String> {
    if s.stopped.is_some() {
        return None;
    }
    let expected = s.chain.entries() + 1;
    if n != expected {
        if n < expected {
            // Fed again (a session opened again): the same line is ignored, another one stops.
            if s.chain.hash_of(n).is_some() && s.chain.hash_of(n) == super::chain::line_sha(&line) {
                return None;
            }
        }
        let why = format!(
            "entry {n} arrived where entry {expected} was due; nothing more of this session is published"
        );
        report(BoardReport::Note(why.clone()));
        s.stopped = Some(why);
        return None;
    }
    match s.chain.push(&line) {
        Ok(taken) => {
            let session = taken.setup.as_ref().map(|(id, _)| id.clone());
            s.outbox.push(line, taken.sha256, session.as_deref(), now);
            if let Some((_, t)) = &taken.setup {
                let refusal = if t.is_empty() && require_table {
                    Some(format!(
                        "the session's setup names no table: in this hall it must say table={table}"
                    ))
                } else if !t.is_empty() && t.parse::<u32>().ok() != Some(table) {
                    Some(format!(
                        "the session is set up for table {t}, not table {table}"
                    ))
                } else {
                    None
                };
                if let Some(why) = refusal {
                    report(BoardReport::Note(why.clone()));
                    s.outbox.refuse(why.clone());
                    return Some(why);
                }
            }
            None
        }
        Err(e) => {
            let why = format!("{e}; entries before it are still published");
            report(BoardReport::Note(why.clone()));
            s.stopped = Some(why);
            None
        }
    }
}

/// Takes a statement of the desk: confirmations, and new rulings verified with the desk key.
#[allow(clippy::too_many_arguments)]
fn take_statement(
    st: &Statement,
    sessions: &mut [Carried],
    key: Option<&ChiefPublicKey>,
    event: &EventName,
    table: u32,
    now: Timestamp,
    other_key_told: &mut bool,
    report: &mut impl FnMut(BoardReport),
) {
    let Some(s) = sessions
        .iter_mut()
        .find(|s| s.id() == Some(st.session.as_str()))
    else {
        return;
    };
    let newly = s.outbox.statement(st, now);
    if !newly.is_empty() {
        report(BoardReport::Confirmed(newly));
    }
    if let Some(k) = key
        && !st.key.is_empty()
        && st.key != k.to_hex()
        && !*other_key_told
    {
        *other_key_told = true;
        report(BoardReport::Note(format!(
            "the desk answering signs with key {}, not the event's desk key {} this board was given: its rulings will be refused",
            st.key,
            k.to_hex()
        )));
    }
    for r in &st.rulings {
        if !s.rulings_seen.insert(r.id.clone()) {
            continue;
        }
        match key {
            None => report(BoardReport::Ruling(
                r.clone(),
                Signature::NoKey,
                s.journal.clone(),
            )),
            Some(k) => match k.verify(r, event.as_str(), table, &st.session) {
                Ok(()) => report(BoardReport::Ruling(
                    r.clone(),
                    Signature::Verified,
                    s.journal.clone(),
                )),
                Err(e) => report(BoardReport::RulingRefused(format!("ruling {}: {e}", r.id))),
            },
        }
    }
}
