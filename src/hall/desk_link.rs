//! The desk's side of the bus (`tianyuan desk EVENT`): reads the event's stream with its own
//! durable consumer, offers each entry to the pure [`Desk`], writes what it holds to its
//! folder, syncs every file touched by a batch, and only then acknowledges — to the stream
//! and to the boards (their statements). Answers the boards' hellos, sends the chief
//! arbiter's rulings, and keeps the shared snapshot the window and the web page draw.
//!
//! A failed write or sync stops the desk (exit status 1): it never acknowledges what is not
//! on its disk, and at restart it reads its folder again; the boards republish the rest.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_nats::jetstream::{self, consumer::pull, stream};
use futures_util::{FutureExt, StreamExt};

use crate::files::desk_copies::DeskFolder;
use crate::time::TimeSource;

use super::creds::Creds;
use super::desk::{Desk, Offer, Reason, RoundSink, Snapshot, TableResult};
use super::names::{EventName, NUMBER_HEADER, SESSION_HEADER};
use super::ruling::SignedRuling;
use super::wire::{self, Hello};

/// What the chief arbiter asks of the running desk (from the window or standard input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeskCommand {
    /// A ruling for a table's current session: the action in the shorthand, without time.
    Rule {
        /// The table.
        table: u32,
        /// The action.
        act: String,
    },
    /// The chief arbiter has seen what the table needed.
    Seen(u32),
}

/// What the desk tells its owner (the headless log, the window's sound).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeskReport {
    /// A table newly needs the chief arbiter.
    Attention(u32, Reason),
    /// A game finished (or its result changed): posted to the round.
    Result(TableResult),
    /// A ruling was signed, written and sent.
    Ruling(SignedRuling),
    /// A ruling or command was refused (why).
    Refused(String),
    /// Something worth a line in the log.
    Note(String),
}

/// The delay from a board's acknowledgement on its disk (the entry's UTC time) to the desk
/// holding it, in ms: every sample, for percentiles.
#[derive(Clone, Debug, Default)]
pub struct Delays {
    samples: Vec<u64>,
}

impl Delays {
    fn add(&mut self, ms: u64) {
        if self.samples.len() < 2_000_000 {
            self.samples.push(ms);
        }
    }

    /// (count, p50, p95, max) in ms.
    pub fn summary(&self) -> (usize, u64, u64, u64) {
        let mut s = self.samples.clone();
        s.sort_unstable();
        let at = |q: f64| {
            s.get(((s.len() as f64 - 1.0) * q).round() as usize)
                .copied()
                .unwrap_or(0)
        };
        (s.len(), at(0.5), at(0.95), s.last().copied().unwrap_or(0))
    }
}

/// How the desk runs.
#[derive(Clone, Debug)]
pub struct DeskOptions {
    /// The server's URL.
    pub server: String,
    /// The event.
    pub event: EventName,
    /// The desk's credentials (none: an open server).
    pub creds: Option<Creds>,
}

/// The stream's settings (see `docs/hall.md`): on files, new messages refused when full
/// (never old ones dropped unread), a week's history, no purging or deleting.
fn stream_config(event: &EventName) -> stream::Config {
    stream::Config {
        name: event.stream(),
        subjects: vec![event.entry_wildcard()],
        storage: stream::StorageType::File,
        retention: stream::RetentionPolicy::Limits,
        discard: stream::DiscardPolicy::New,
        max_bytes: 4 * 1024 * 1024 * 1024,
        max_age: Duration::from_secs(7 * 24 * 3600),
        duplicate_window: Duration::from_secs(120),
        num_replicas: 1,
        deny_delete: true,
        deny_purge: true,
        ..Default::default()
    }
}

fn consumer_config(event: &EventName) -> pull::Config {
    pull::Config {
        durable_name: Some(event.consumer().to_owned()),
        deliver_policy: jetstream::consumer::DeliverPolicy::All,
        ack_policy: jetstream::consumer::AckPolicy::Explicit,
        ack_wait: Duration::from_secs(10),
        max_ack_pending: 50_000,
        max_deliver: -1,
        ..Default::default()
    }
}

/// The stream of messages for the desk's consumer, made (or found) on the server; retried
/// until the server answers or `stop` is set.
async fn open_messages(
    js: &jetstream::Context,
    event: &EventName,
    stop: &AtomicBool,
    report: &mut impl FnMut(DeskReport),
) -> Option<(stream::Stream, pull::Stream)> {
    let mut told = false;
    loop {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let attempt = async {
            let s = js
                .get_or_create_stream(stream_config(event))
                .await
                .map_err(|e| e.to_string())?;
            let c: jetstream::consumer::PullConsumer = s
                .get_or_create_consumer(event.consumer(), consumer_config(event))
                .await
                .map_err(|e| e.to_string())?;
            let m = c
                .stream()
                .max_messages_per_batch(1000)
                .heartbeat(Duration::from_secs(5))
                .messages()
                .await
                .map_err(|e| e.to_string())?;
            Ok::<_, String>((s, m))
        };
        match attempt.await {
            Ok(pair) => {
                report(DeskReport::Note(format!(
                    "reading stream {}",
                    event.stream()
                )));
                return Some(pair);
            }
            Err(e) => {
                if !told {
                    report(DeskReport::Note(format!(
                        "waiting for the server's stream: {e}"
                    )));
                    told = true;
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
}

/// The `utc` member of a journal line as milliseconds since the epoch.
fn line_utc_ms(line: &[u8]) -> Option<i64> {
    let text = std::str::from_utf8(line).ok()?;
    let start = text.find("\"utc\":\"")? + 7;
    let end = start + text[start..].find('"')?;
    chrono::DateTime::parse_from_rfc3339(&text[start..end])
        .ok()
        .map(|t| t.timestamp_millis())
}

/// Everything the desk loop owns besides the network.
pub struct DeskParts<'a> {
    /// The pure desk, with the copies read at start-up.
    pub desk: Desk,
    /// Its folder.
    pub folder: DeskFolder,
    /// The desk's clock.
    pub time: &'a dyn TimeSource,
    /// Where finished games go.
    pub sink: &'a mut dyn RoundSink,
    /// The snapshot the window and the web page read.
    pub shared: Arc<Mutex<Snapshot>>,
    /// The delays measured.
    pub delays: Delays,
}

/// Runs the desk until `stop` is set. Returns the delays measured; an error when the desk's
/// disk failed (nothing unsynced was acknowledged).
pub async fn run_desk(
    options: DeskOptions,
    mut parts: DeskParts<'_>,
    mut commands: tokio::sync::mpsc::UnboundedReceiver<DeskCommand>,
    stop: Arc<AtomicBool>,
    mut report: impl FnMut(DeskReport),
) -> Result<Delays, String> {
    let event = options.event.clone();
    let client = super::board_link::connect_options(
        options.creds.as_ref(),
        format!("tianyuan-desk-{event}"),
    )
    .connect(options.server.as_str())
    .await
    .map_err(|e| format!("{}: {e}", options.server))?;
    let js = jetstream::new(client.clone());
    let mut hellos = client
        .subscribe(event.hello_wildcard())
        .await
        .map_err(|e| format!("cannot listen for the boards: {e}"))?;
    let Some((mut stream, mut messages)) = open_messages(&js, &event, &stop, &mut report).await
    else {
        return Ok(parts.delays);
    };
    let mut early: BTreeMap<(u32, String, u32), jetstream::Message> = BTreeMap::new();
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    publish_snapshot(&mut parts, &mut report);

    loop {
        tokio::select! {
            next = messages.next() => match next {
                Some(Ok(first)) => {
                    let mut batch = vec![first];
                    while batch.len() < 1000 {
                        match messages.next().now_or_never() {
                            Some(Some(Ok(m))) => batch.push(m),
                            _ => break,
                        }
                    }
                    take_batch(&mut parts, &client, &event, batch, &mut early).await?;
                }
                Some(Err(e)) => {
                    use async_nats::jetstream::consumer::pull::MessagesErrorKind as K;
                    if matches!(e.kind(), K::ConsumerDeleted | K::NoResponders) {
                        report(DeskReport::Note(format!("the stream's consumer went away ({e}); opening it again")));
                        early.clear();
                        match open_messages(&js, &event, &stop, &mut report).await {
                            Some((s, m)) => { stream = s; messages = m; }
                            None => break,
                        }
                    }
                }
                None => {
                    report(DeskReport::Note("the stream ended; opening it again".into()));
                    early.clear();
                    match open_messages(&js, &event, &stop, &mut report).await {
                        Some((s, m)) => { stream = s; messages = m; }
                        None => break,
                    }
                }
            },
            Some(msg) = hellos.next() => {
                let Some(table) = event.table_of(msg.subject.as_str(), "hello") else { continue };
                let Ok(hello) = wire::decode::<Hello>(&msg.payload) else { continue };
                let resync = hello.resync;
                let session = hello.session.clone();
                let mut st = parts.desk.hello(table, hello, parts.time.now());
                if resync {
                    st.stream_last = stream_last(&stream, &event, table, &session).await;
                }
                if let Some(reply) = msg.reply {
                    let _ = client.publish(reply, wire::encode(&st).into()).await;
                }
            },
            Some(cmd) = commands.recv() => command(&mut parts, &client, cmd, &mut report).await?,
            _ = tick.tick() => {
                publish_snapshot(&mut parts, &mut report);
                if stop.load(Ordering::Relaxed) {
                    break;
                }
            }
        }
    }
    let _ = client.flush().await;
    Ok(parts.delays)
}

/// The last entry number the stream holds of `table`'s `session`.
async fn stream_last(
    stream: &stream::Stream,
    event: &EventName,
    table: u32,
    session: &str,
) -> Option<u32> {
    let m = stream
        .get_last_raw_message_by_subject(&event.entry_subject(table))
        .await
        .ok()?;
    let s = m.headers.get(SESSION_HEADER)?.as_str();
    if s != session {
        return None;
    }
    m.headers.get(NUMBER_HEADER)?.as_str().parse().ok()
}

/// Offers a batch, writes and syncs what is new, then acknowledges and tells the boards.
async fn take_batch(
    parts: &mut DeskParts<'_>,
    client: &async_nats::Client,
    event: &EventName,
    batch: Vec<jetstream::Message>,
    early: &mut BTreeMap<(u32, String, u32), jetstream::Message>,
) -> Result<(), String> {
    let now = parts.time.now();
    let mut to_ack = Vec::new();
    let mut touched: BTreeSet<(u32, String)> = BTreeSet::new();
    let mut appended_lines: Vec<Vec<u8>> = Vec::new();
    for msg in batch {
        let table = event.table_of(msg.subject.as_str(), "entry");
        let headers = msg.headers.as_ref();
        let session = headers
            .and_then(|h| h.get(SESSION_HEADER))
            .map(|v| v.as_str().to_owned());
        let n = headers
            .and_then(|h| h.get(NUMBER_HEADER))
            .and_then(|v| v.as_str().parse::<u32>().ok());
        let (Some(table), Some(session), Some(n)) = (table, session, n) else {
            to_ack.push(msg);
            continue;
        };
        parts.desk.heard(table, now);
        match parts
            .desk
            .receive(table, &session, n, msg.payload.to_vec(), now)
        {
            Offer::Append { first, lines } => {
                parts
                    .folder
                    .append(table, &session, first, &lines)
                    .map_err(|e| format!("the desk's disk failed: {e}"))?;
                let last = first + lines.len() as u32 - 1;
                for k in first..=last {
                    if let Some(m) = early.remove(&(table, session.clone(), k)) {
                        to_ack.push(m);
                    }
                }
                appended_lines.extend(lines);
                touched.insert((table, session));
                to_ack.push(msg);
            }
            Offer::Early => {
                touched.insert((table, session.clone()));
                if let Some(old) = early.insert((table, session, n), msg) {
                    to_ack.push(old);
                }
            }
            Offer::Duplicate | Offer::Conflict(_) | Offer::Refused(_) => {
                touched.insert((table, session));
                to_ack.push(msg);
            }
        }
    }
    parts
        .folder
        .sync()
        .map_err(|e| format!("the desk's disk failed to sync: {e}"))?;
    let utc_now = crate::time::utc_now().timestamp_millis();
    for line in &appended_lines {
        if let Some(t) = line_utc_ms(line) {
            parts.delays.add(u64::try_from(utc_now - t).unwrap_or(0));
        }
    }
    for m in to_ack {
        let _ = m.ack().await;
    }
    for (table, session) in touched {
        let st = parts.desk.statement(table, &session);
        let _ = client
            .publish(event.ack_subject(table), wire::encode(&st).into())
            .await;
    }
    Ok(())
}

/// Carries out one command of the chief arbiter.
async fn command(
    parts: &mut DeskParts<'_>,
    client: &async_nats::Client,
    cmd: DeskCommand,
    report: &mut impl FnMut(DeskReport),
) -> Result<(), String> {
    match cmd {
        DeskCommand::Seen(table) => {
            if let Err(e) = parts.desk.seen(table) {
                report(DeskReport::Refused(e));
            }
        }
        DeskCommand::Rule { table, act } => {
            let issued = crate::time::utc_text(crate::time::utc_now());
            match parts.desk.prepare_ruling(table, &act, &issued) {
                Err(e) => report(DeskReport::Refused(e)),
                Ok(ruling) => {
                    let json = serde_json::to_string(&ruling).map_err(|e| e.to_string())?;
                    parts
                        .folder
                        .append_ruling(&json)
                        .map_err(|e| format!("the desk's disk failed: {e}"))?;
                    parts.desk.commit_ruling(ruling.clone());
                    let st = parts.desk.statement(table, &ruling.session);
                    let subject = parts.desk.event().ack_subject(table);
                    let _ = client.publish(subject, wire::encode(&st).into()).await;
                    report(DeskReport::Ruling(ruling));
                }
            }
        }
    }
    Ok(())
}

/// Refreshes the shared snapshot; reports new attention and posts new results.
fn publish_snapshot(parts: &mut DeskParts<'_>, report: &mut impl FnMut(DeskReport)) {
    let now = parts.time.now();
    for (table, reason) in parts.desk.take_new_attention(now) {
        report(DeskReport::Attention(table, reason));
    }
    let new = parts.desk.take_new_results();
    if !new.is_empty() {
        for r in &new {
            if let Err(e) = parts.sink.post(r) {
                report(DeskReport::Note(format!(
                    "the round did not take table {}'s result: {e}",
                    r.table
                )));
            }
            report(DeskReport::Result(r.clone()));
        }
        let all = parts.desk.results();
        if let Ok(json) = serde_json::to_vec_pretty(&all)
            && let Err(e) = parts.folder.write_results(&json)
        {
            report(DeskReport::Note(format!("results.json not written: {e}")));
        }
    }
    if let Ok(mut s) = parts.shared.lock() {
        *s = parts.desk.snapshot(now);
    }
}
