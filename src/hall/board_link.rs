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
use std::path::PathBuf;
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
use super::creds::{Creds, Role};
use super::journal_tail::JournalTail;
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
            poll_ms: 50,
            hello_ms: 5_000,
            stall_ms: 3_000,
            until_done: false,
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

type AckFuture = Pin<Box<dyn Future<Output = (String, u32, Result<PublishAck, PublishError>)>>>;
type HelloFuture = Pin<Box<dyn Future<Output = (String, bool, Option<Statement>)>>>;

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

/// Runs the link until `stop` is set (or, with `until_done`, the game is finished and
/// confirmed). Reports go to `report`.
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
    let mut sessions: Vec<Carried> =
        vec![Carried::new(tail.as_ref().map(|t| t.path().to_path_buf()))];
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
    let mut fed_open = true;
    let mut last_backlog = 0u32;
    let mut tick = tokio::time::interval(Duration::from_millis(options.poll_ms.max(5)));
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
                    quiet.say(format!("server: {text}"), time.now(), &mut report);
                }
                other => report(BoardReport::Note(format!("connection: {other}"))),
            },
            Some(msg) = acks.next() => {
                if let Ok(st) = wire::decode::<Statement>(&msg.payload) {
                    take_statement(&st, &mut sessions, key.as_ref(), &event, table, time.now(), &mut other_key_told, &mut report);
                }
            },
            Some((session, n, res)) = inflight.next(), if !inflight.is_empty() => {
                let Some(s) = sessions.iter_mut().find(|s| s.id() == Some(session.as_str())) else { continue };
                match res {
                    Ok(_) => {
                        s.outbox.server_acked(n);
                        backoff = 250;
                    }
                    Err(e) => {
                        for s in &mut sessions {
                            s.outbox.server_failed();
                        }
                        inflight = FuturesOrdered::new();
                        let now = time.now();
                        retry_at = Timestamp(now.0 + backoff);
                        backoff = (backoff * 2).min(5_000);
                        quiet.say(format!("entries wait on the board: the server did not take entry {n} ({e}); trying again"), now, &mut report);
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
                            // The next game at this table: the last one stays until the desk holds it.
                            sessions.retain(|s| s.outbox.entries() > 0 && s.outbox.waiting() > 0 && s.outbox.problem().is_none());
                            let mut next = Carried::new(Some(path));
                            next.outbox.set_connected(connected, now);
                            sessions.push(next);
                            last_status = None;
                        }
                    }
                    Some(Feed::Entry(n, line)) => {
                        if let Some(s) = sessions.last_mut() {
                            // A refused setup stops this session only: the next game may be right.
                            let _ = take_line(s, n, line, table, require_table, now, &mut report);
                        }
                    }
                }
            },
            _ = tick.tick() => {
                let now = time.now();
                if let (Some(t), Some(s)) = (tail.as_mut(), sessions.last_mut())
                    && s.stopped.is_none()
                {
                    match t.poll() {
                        Ok(lines) => {
                            for line in lines {
                                let n = s.chain.entries() + 1;
                                if let Some(why) = take_line(s, n, line, table, require_table, now, &mut report) {
                                    return Err(format!("{}: {why}", t.path().display()));
                                }
                            }
                        }
                        Err(e) => quiet.say(format!("{}: {e}", t.path().display()), now, &mut report),
                    }
                }
                if connected && now >= retry_at {
                    'publish: for s in &mut sessions {
                        let session = s.id().unwrap_or_default().to_owned();
                        let batch: Vec<(u32, Vec<u8>)> = s
                            .outbox
                            .next_batch()
                            .into_iter()
                            .map(|(n, b)| (n, b.to_vec()))
                            .collect();
                        for (n, bytes) in batch {
                            let msg = PublishMessage::build()
                                .payload(bytes.into())
                                .message_id(event.message_id(table, &session, n))
                                .header(SESSION_HEADER, session.as_str())
                                .header(NUMBER_HEADER, n.to_string().as_str());
                            match js.send_publish(event.entry_subject(table), msg).await {
                                Ok(ack) => {
                                    let id = session.clone();
                                    inflight.push_back(Box::pin(async move { (id, n, ack.await) }));
                                }
                                Err(e) => {
                                    s.outbox.server_failed();
                                    inflight = FuturesOrdered::new();
                                    retry_at = Timestamp(now.0 + backoff);
                                    backoff = (backoff * 2).min(5_000);
                                    quiet.say(format!("entries wait on the board: entry {n} not sent ({e}); trying again"), now, &mut report);
                                    break 'publish;
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
                        let body = wire::encode(&h);
                        let c = client.clone();
                        let subject = event.hello_subject(table);
                        let id = h.session.clone();
                        hello = Some(Box::pin(async move {
                            let answer = c.request(subject, body.into()).await.ok();
                            (id, resync, answer.and_then(|m| wire::decode::<Statement>(&m.payload).ok()))
                        }));
                    }
                }
                // Older sessions leave once the desk holds them.
                let n = sessions.len();
                let mut i = 0;
                sessions.retain(|s| {
                    i += 1;
                    i == n || s.outbox.waiting() > 0 && s.outbox.problem().is_none()
                });
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
                    && sessions.last().is_some_and(|s| s.finished() && s.outbox.waiting() == 0);
                if options.until_done && done {
                    break;
                }
            }
        }
    }
    let current = sessions.last();
    Ok(BoardEnd {
        entries: current.map_or(0, |s| s.outbox.entries()),
        confirmed: current.map_or(0, |s| s.outbox.confirmed()),
    })
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
