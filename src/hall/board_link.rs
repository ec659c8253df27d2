//! A board's link to the hall (`tianyuan hall board`, and each board of `hall simulate`):
//! follows the session journal as a reader, publishes every entry to the event's stream,
//! asks the desk what it holds after every (re)connection and when confirmations stall, and
//! takes the chief arbiter's rulings, verified, from the desk's statements.
//!
//! The link never writes the journal and never takes its lock: without the network the board
//! works alone exactly as before, and the entries wait in the journal itself. Time comes from
//! the caller's [`TimeSource`].

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
use crate::files::journal_follow::{FollowError, JournalFollower};
use crate::journal::{SessionRecord, decode_line};
use crate::session::{Phase, Session};
use crate::time::TimeSource;

use super::creds::{Creds, Role};
use super::names::{EventName, NUMBER_HEADER, SESSION_HEADER};
use super::outbox::{LinkStatus, Outbox};
use super::ruling::{ChiefPublicKey, SignedRuling};
use super::wire::{self, Statement};

/// How a board's link runs.
#[derive(Clone, Debug)]
pub struct BoardOptions {
    /// The server's URL (`nats://host:4222`).
    pub server: String,
    /// The event.
    pub event: EventName,
    /// The table.
    pub table: u32,
    /// The session journal followed.
    pub session: PathBuf,
    /// The board's credentials (none: the server is open, as in tests and the demo).
    pub creds: Option<Creds>,
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
    /// The usual timings for `server`, `event`, `table` and `session`.
    pub fn new(server: &str, event: EventName, table: u32, session: PathBuf) -> BoardOptions {
        BoardOptions {
            server: server.to_owned(),
            event,
            table,
            session,
            creds: None,
            poll_ms: 50,
            hello_ms: 5_000,
            stall_ms: 3_000,
            until_done: false,
        }
    }
}

/// What the link tells its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardReport {
    /// The status light changed.
    Status(LinkStatus),
    /// A ruling from the chief arbiter, its signature verified with the key given (hex): the
    /// board's arbiter must enter it.
    Ruling(SignedRuling, String),
    /// A ruling whose signature did not verify (or was for another board): not shown.
    RulingRefused(String),
    /// Entries the desk confirmed, each with its wait in ms since the link read it.
    Confirmed(Vec<(u32, u64)>),
    /// Something the owner should know (a server error, the journal's state).
    Note(String),
}

/// How the link ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardEnd {
    /// Entries read from the journal.
    pub entries: u32,
    /// Entries the desk confirmed.
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
    if let Some(c) = creds {
        o = o.nkey(c.seed.clone());
    }
    o
}

type AckFuture = Pin<Box<dyn Future<Output = (u32, Result<PublishAck, PublishError>)>>>;
type HelloFuture = Pin<Box<dyn Future<Output = (bool, Option<Statement>)>>>;

/// Runs the link until `stop` is set (or, with `until_done`, the game is finished and
/// confirmed). Reports go to `report`.
pub async fn run_board(
    options: BoardOptions,
    time: &dyn TimeSource,
    stop: Arc<AtomicBool>,
    mut report: impl FnMut(BoardReport),
) -> Result<BoardEnd, String> {
    let BoardOptions { event, table, .. } = &options;
    let (event, table) = (event.clone(), *table);
    if let Some(c) = &options.creds {
        if c.event != event {
            return Err(format!(
                "these credentials are for event {}, not {event}",
                c.event
            ));
        }
        if c.role != Role::Board(table) {
            let whose = match c.role {
                Role::Board(t) => format!("table {t}"),
                Role::Desk => "the desk".to_owned(),
            };
            return Err(format!(
                "these credentials are for {whose}, not table {table}"
            ));
        }
    }
    let pinned_by_creds = options.creds.as_ref().and_then(|c| c.chief);
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

    let mut follower = JournalFollower::new(&options.session);
    let mut outbox = Outbox::new();
    let mut fold: Option<Session> = None;
    let mut size = 19u8;
    let mut prev = [0u8; 32];
    let mut pinned: Option<ChiefPublicKey> = pinned_by_creds;
    let mut rulings_seen: BTreeSet<String> = BTreeSet::new();
    let mut inflight: FuturesOrdered<AckFuture> = FuturesOrdered::new();
    let mut hello: Option<HelloFuture> = None;
    let mut last_hello = Timestamp::ZERO;
    let mut want_resync = false;
    let mut last_status: Option<LinkStatus> = None;
    let mut journal_problem: Option<String> = None;
    let mut tick = tokio::time::interval(Duration::from_millis(options.poll_ms.max(5)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    if client.connection_state() == async_nats::connection::State::Connected {
        outbox.set_connected(true, time.now());
        want_resync = true;
    }

    loop {
        tokio::select! {
            Some(e) = events.recv() => match e {
                async_nats::Event::Connected => {
                    outbox.set_connected(true, time.now());
                    inflight = FuturesOrdered::new();
                    want_resync = true;
                }
                async_nats::Event::Disconnected => {
                    outbox.set_connected(false, time.now());
                    inflight = FuturesOrdered::new();
                }
                async_nats::Event::ServerError(err) => {
                    let text = err.to_string();
                    if text.to_ascii_lowercase().contains("permissions violation") {
                        return Err(format!("the server refused: {text} (are these table {table}'s credentials?)"));
                    }
                    report(BoardReport::Note(format!("server: {text}")));
                }
                other => report(BoardReport::Note(format!("connection: {other}"))),
            },
            Some(msg) = acks.next() => {
                if let Ok(st) = wire::decode::<Statement>(&msg.payload) {
                    take_statement(&st, &mut outbox, &mut pinned, &mut rulings_seen, &event, table, time.now(), &mut report);
                }
            },
            Some((n, res)) = inflight.next(), if !inflight.is_empty() => match res {
                Ok(_) => outbox.server_acked(n),
                Err(e) => {
                    outbox.server_failed();
                    inflight = FuturesOrdered::new();
                    report(BoardReport::Note(format!("entry {n} not taken by the server: {e}")));
                }
            },
            (resync, st) = async {
                match hello.as_mut() {
                    Some(h) => h.await,
                    None => std::future::pending().await,
                }
            }, if hello.is_some() => {
                hello = None;
                if let Some(st) = st {
                    take_statement(&st, &mut outbox, &mut pinned, &mut rulings_seen, &event, table, time.now(), &mut report);
                    if resync && st.refused.is_none() && st.conflict.is_none() {
                        outbox.resync(st.held, st.stream_last, time.now());
                    }
                }
            },
            _ = tick.tick() => {
                let now = time.now();
                if journal_problem.is_none() {
                    match follower.poll() {
                        Ok(lines) => {
                            for l in lines {
                                if let Some(t) = l.setup_table.as_deref().and_then(|t| t.trim().parse::<u32>().ok())
                                    && t != table
                                {
                                    return Err(format!(
                                        "{}: the session is set up for table {t}, not table {table}",
                                        options.session.display()
                                    ));
                                }
                                fold_line(&mut fold, &mut size, &mut prev, &l.bytes);
                                outbox.push(l.bytes, l.sha256, l.session.as_deref(), now);
                            }
                        }
                        Err(e @ FollowError::Io(_)) => report(BoardReport::Note(format!("{}: {e}", options.session.display()))),
                        Err(e) => {
                            let why = format!("{}: {e}; entries before it are still published", options.session.display());
                            report(BoardReport::Note(why.clone()));
                            journal_problem = Some(why);
                        }
                    }
                }
                let session = outbox.session().unwrap_or_default().to_owned();
                for (n, bytes) in outbox.next_batch() {
                    let msg = PublishMessage::build()
                        .payload(bytes.to_vec().into())
                        .message_id(event.message_id(table, &session, n))
                        .header(SESSION_HEADER, session.as_str())
                        .header(NUMBER_HEADER, n.to_string().as_str());
                    match js.send_publish(event.entry_subject(table), msg).await {
                        Ok(ack) => inflight.push_back(Box::pin(async move { (n, ack.await) })),
                        Err(e) => {
                            outbox.server_failed();
                            inflight = FuturesOrdered::new();
                            report(BoardReport::Note(format!("entry {n} not sent: {e}")));
                            break;
                        }
                    }
                }
                if outbox.stalled(now, options.stall_ms) {
                    outbox.asked(now);
                    want_resync = true;
                    // A stall after a lost confirmation: republish after what the desk holds.
                    hello = None;
                }
                let due = now.0.saturating_sub(last_hello.0) >= options.hello_ms;
                if hello.is_none() && outbox.connected() && outbox.session().is_some() && (want_resync || due) {
                    let resync = want_resync;
                    want_resync = false;
                    last_hello = now;
                    let body = wire::encode(&outbox.hello(resync));
                    let c = client.clone();
                    let subject = event.hello_subject(table);
                    hello = Some(Box::pin(async move {
                        let answer = c.request(subject, body.into()).await.ok();
                        (resync, answer.and_then(|m| wire::decode::<Statement>(&m.payload).ok()))
                    }));
                }
                let status = outbox.status(now, 2_000);
                if last_status.as_ref() != Some(&status) {
                    report(BoardReport::Status(status.clone()));
                    last_status = Some(status);
                }
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let finished = fold.as_ref().is_some_and(|s| matches!(s.phase(), Phase::Finished(_)));
                if options.until_done && finished && outbox.waiting() == 0 {
                    break;
                }
            }
        }
    }
    Ok(BoardEnd {
        entries: outbox.entries(),
        confirmed: outbox.confirmed(),
    })
}

/// Folds one followed line into the board's own view of its session (for `until_done`).
fn fold_line(fold: &mut Option<Session>, size: &mut u8, prev: &mut [u8; 32], line: &[u8]) {
    let n = fold.as_ref().map_or(1, Session::next_number);
    let body = line.strip_suffix(b"\n").unwrap_or(line);
    let Ok(decoded) = decode_line(body, n, prev, *size) else {
        return;
    };
    *prev = decoded.sha256;
    match decoded.record {
        SessionRecord::Setup(h) => {
            *size = h.setup.size;
            *fold = Session::new(h.setup).ok();
        }
        SessionRecord::Entry(e) => {
            if let Some(s) = fold.as_mut()
                && let Ok(p) = s.prepare(e)
            {
                s.commit(p);
            }
        }
    }
}

/// Takes a statement of the desk: confirmations, and new rulings once verified.
#[allow(clippy::too_many_arguments)]
fn take_statement(
    st: &Statement,
    outbox: &mut Outbox,
    pinned: &mut Option<ChiefPublicKey>,
    seen: &mut BTreeSet<String>,
    event: &EventName,
    table: u32,
    now: Timestamp,
    report: &mut impl FnMut(BoardReport),
) {
    if outbox.session() != Some(st.session.as_str()) {
        return;
    }
    let newly = outbox.statement(st, now);
    if !newly.is_empty() {
        report(BoardReport::Confirmed(newly));
    }
    if pinned.is_none() {
        // An open server (no credentials): the key is pinned from the desk's first word.
        *pinned = ChiefPublicKey::from_hex(&st.key);
    }
    for r in &st.rulings {
        if !seen.insert(r.id.clone()) {
            continue;
        }
        let verdict = match pinned {
            Some(key) => key.verify(r, event.as_str(), table, &st.session),
            None => Err(super::ruling::RulingError::BadSignature),
        };
        match verdict {
            Ok(()) => report(BoardReport::Ruling(
                r.clone(),
                pinned.map(|k| k.to_hex()).unwrap_or_default(),
            )),
            Err(e) => report(BoardReport::RulingRefused(format!("ruling {}: {e}", r.id))),
        }
    }
}
