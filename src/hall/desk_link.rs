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

use crate::clock::Timestamp;
use crate::time::TimeSource;

use super::chunks::{self, Assembler};
use super::creds::Creds;
use super::desk::{
    ChiefDecision, Desk, Offer, PostVerdict, Reason, RoundSink, Snapshot, TableResult,
};
use super::desk_folder::DeskFolder;
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
    /// The chief arbiter's decision on the table's result that changed after it was posted.
    Decide(u32, ChiefDecision),
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
/// holding it, in ms: a histogram of 1 ms buckets up to a minute (bounded, exact to the ms).
#[derive(Clone, Debug)]
pub struct Delays {
    buckets: Vec<u64>,
    count: u64,
    max: u64,
}

impl Default for Delays {
    fn default() -> Self {
        Delays {
            buckets: vec![0; 60_001],
            count: 0,
            max: 0,
        }
    }
}

impl Delays {
    fn add(&mut self, ms: u64) {
        let i = (ms as usize).min(self.buckets.len() - 1);
        self.buckets[i] += 1;
        self.count += 1;
        self.max = self.max.max(ms);
    }

    /// (count, p50, p95, max) in ms.
    pub fn summary(&self) -> (usize, u64, u64, u64) {
        let at = |q: f64| {
            if self.count == 0 {
                return 0;
            }
            let rank = ((self.count as f64 - 1.0) * q).round() as u64;
            let mut seen = 0u64;
            for (ms, &c) in self.buckets.iter().enumerate() {
                seen += c;
                if seen > rank {
                    return ms as u64;
                }
            }
            self.max
        };
        (
            usize::try_from(self.count).unwrap_or(usize::MAX),
            at(0.5),
            at(0.95),
            self.max,
        )
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

/// Messages one table's subject may hold in the stream (not yet taken by the desk).
pub const MAX_MSGS_PER_TABLE: i64 = 4096;
/// The largest entry the stream takes (an entry is under 1 KB; a sealed move's about 600 B).
pub const MAX_ENTRY_BYTES: i32 = 32 * 1024;

/// The stream's settings (see `docs/hall.md`): on files; a work queue (an entry leaves the
/// stream once the desk holds it); per table at most [`MAX_MSGS_PER_TABLE`] entries of at
/// most [`MAX_ENTRY_BYTES`], new ones refused when full (per table: one table cannot fill the
/// store, and never are old ones dropped unread); a week's history; no purging or deleting.
pub fn stream_config(event: &EventName) -> stream::Config {
    stream::Config {
        name: event.stream(),
        subjects: vec![event.entry_wildcard()],
        storage: stream::StorageType::File,
        retention: stream::RetentionPolicy::WorkQueue,
        discard: stream::DiscardPolicy::New,
        discard_new_per_subject: true,
        max_messages_per_subject: MAX_MSGS_PER_TABLE,
        max_message_size: MAX_ENTRY_BYTES,
        max_bytes: 4 * 1024 * 1024 * 1024,
        max_age: Duration::from_secs(7 * 24 * 3600),
        duplicate_window: Duration::from_secs(120),
        num_replicas: 1,
        deny_delete: true,
        deny_purge: true,
        ..Default::default()
    }
}

/// How the server's stream differs from [`stream_config`] (empty: it does not).
pub fn stream_differences(have: &stream::Config, want: &stream::Config) -> Vec<String> {
    let mut out = Vec::new();
    let mut check = |what: &str, same: bool, have: String, want: String| {
        if !same {
            out.push(format!("{what} is {have}, not {want}"));
        }
    };
    check(
        "subjects",
        have.subjects == want.subjects,
        format!("{:?}", have.subjects),
        format!("{:?}", want.subjects),
    );
    check(
        "storage",
        have.storage == want.storage,
        format!("{:?}", have.storage),
        format!("{:?}", want.storage),
    );
    check(
        "retention",
        have.retention == want.retention,
        format!("{:?}", have.retention),
        format!("{:?}", want.retention),
    );
    check(
        "discard",
        have.discard == want.discard
            && have.discard_new_per_subject == want.discard_new_per_subject,
        format!("{:?}/{}", have.discard, have.discard_new_per_subject),
        format!("{:?}/{}", want.discard, want.discard_new_per_subject),
    );
    for (what, h, w) in [
        (
            "max_msgs_per_subject",
            have.max_messages_per_subject,
            want.max_messages_per_subject,
        ),
        (
            "max_msg_size",
            i64::from(have.max_message_size),
            i64::from(want.max_message_size),
        ),
        ("max_bytes", have.max_bytes, want.max_bytes),
    ] {
        check(what, h == w, h.to_string(), w.to_string());
    }
    check(
        "max_age",
        have.max_age == want.max_age,
        format!("{:?}", have.max_age),
        format!("{:?}", want.max_age),
    );
    check(
        "deny_delete/deny_purge",
        have.deny_delete == want.deny_delete && have.deny_purge == want.deny_purge,
        format!("{}/{}", have.deny_delete, have.deny_purge),
        format!("{}/{}", want.deny_delete, want.deny_purge),
    );
    out
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

/// Creates the event's stream with its settings, or restores them (`tianyuan desk setup`,
/// with the admin credentials; the desk itself on an open server). Returns what was done.
pub async fn setup_stream(js: &jetstream::Context, event: &EventName) -> Result<String, String> {
    let want = stream_config(event);
    match js.get_stream(event.stream()).await {
        Ok(mut s) => {
            let info = s.info().await.map_err(|e| e.to_string())?;
            let diff = stream_differences(&info.config, &want);
            if diff.is_empty() {
                return Ok(format!("stream {} has the hall's settings", event.stream()));
            }
            js.update_stream(&want)
                .await
                .map_err(|e| format!("stream {}: {e} ({})", event.stream(), diff.join("; ")))?;
            Ok(format!(
                "stream {}: settings restored ({})",
                event.stream(),
                diff.join("; ")
            ))
        }
        Err(e) if is_not_found_stream(&e) => {
            js.create_stream(want).await.map_err(|e| e.to_string())?;
            Ok(format!("stream {} created", event.stream()))
        }
        Err(e) => Err(e.to_string()),
    }
}

fn is_not_found_stream(e: &jetstream::context::GetStreamError) -> bool {
    matches!(e.kind(), jetstream::context::GetStreamErrorKind::JetStream(j)
        if j.error_code() == jetstream::ErrorCode::STREAM_NOT_FOUND)
}

/// Why the desk could not open its stream.
enum OpenError {
    /// Worth retrying (the server or its JetStream does not answer yet).
    Retry(String),
}

/// The desk's stream and consumer: found, created when the server lost them, the settings
/// checked (and restored on an open server); retried until the server answers or `stop`.
async fn open_messages(
    js: &jetstream::Context,
    event: &EventName,
    open_server: bool,
    stop: &AtomicBool,
    desk: &mut Desk,
    report: &mut impl FnMut(DeskReport),
) -> Result<Option<(stream::Stream, pull::Stream)>, String> {
    let mut told = false;
    let mut wait = 250u64;
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let attempt = async {
            let want = stream_config(event);
            let mut s = match js.get_stream(event.stream()).await {
                Ok(s) => s,
                Err(e) if is_not_found_stream(&e) => {
                    let s = js
                        .create_stream(want.clone())
                        .await
                        .map_err(|e| OpenError::Retry(format!("cannot create the stream: {e}")))?;
                    report(DeskReport::Note(format!(
                        "stream {} created with the hall's settings (the server had none)",
                        event.stream()
                    )));
                    s
                }
                Err(e) => return Err(OpenError::Retry(e.to_string())),
            };
            let info = s
                .info()
                .await
                .map_err(|e| OpenError::Retry(e.to_string()))?
                .clone();
            let diff = stream_differences(&info.config, &want);
            if diff.is_empty() {
                desk.alert("stream-settings", None);
            } else if open_server {
                match js.update_stream(&want).await {
                    Ok(_) => report(DeskReport::Note(format!(
                        "the stream's settings were restored ({})",
                        diff.join("; ")
                    ))),
                    Err(e) => desk.alert(
                        "stream-settings",
                        Some(format!(
                            "the stream's settings differ ({}): {e}",
                            diff.join("; ")
                        )),
                    ),
                }
            } else {
                desk.alert(
                    "stream-settings",
                    Some(format!(
                        "the stream's settings differ from the hall's ({}): run `tianyuan desk setup {event} --server URL --creds admin.creds`",
                        diff.join("; ")
                    )),
                );
            }
            let c: jetstream::consumer::PullConsumer = s
                .get_or_create_consumer(event.consumer(), consumer_config(event))
                .await
                .map_err(|e| OpenError::Retry(e.to_string()))?;
            let m = c
                .stream()
                .max_messages_per_batch(1000)
                .heartbeat(Duration::from_secs(5))
                .messages()
                .await
                .map_err(|e| OpenError::Retry(e.to_string()))?;
            Ok::<_, OpenError>((s, m))
        };
        match attempt.await {
            Ok(pair) => {
                desk.alert("stream", None);
                report(DeskReport::Note(format!(
                    "reading stream {}",
                    event.stream()
                )));
                return Ok(Some(pair));
            }
            Err(OpenError::Retry(e)) => {
                desk.alert(
                    "stream",
                    Some(format!("the desk cannot read the event's stream: {e}")),
                );
                if !told {
                    report(DeskReport::Note(format!(
                        "waiting for the server's stream: {e}"
                    )));
                    told = true;
                }
                tokio::time::sleep(Duration::from_millis(wait)).await;
                wait = (wait * 2).min(2_000);
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

/// The desk's presence on the bus: who runs the event's desk (a second desk is refused).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Presence {
    /// A random id of this desk's run.
    pub instance: String,
    /// When it started (UTC ms).
    pub started: i64,
    /// Its host name, as far as it knows it.
    #[serde(default)]
    pub host: String,
}

impl Presence {
    /// This run's presence.
    pub fn new(nonce: [u8; 16]) -> Presence {
        Presence {
            instance: crate::seal::hex::encode(&nonce),
            started: crate::time::utc_now().timestamp_millis(),
            host: std::fs::read_to_string("/etc/hostname")
                .map(|h| h.trim().to_owned())
                .unwrap_or_default(),
        }
    }

    /// Whether `self` started before `other` (the earlier desk stays).
    fn first(&self, other: &Presence) -> bool {
        (self.started, &self.instance) < (other.started, &other.instance)
    }

    fn describe(&self) -> String {
        let when = chrono::DateTime::from_timestamp_millis(self.started)
            .map(|t| local_clock(t.with_timezone(&chrono::Utc)))
            .unwrap_or_default();
        if self.host.is_empty() {
            format!("started at {when}")
        } else {
            format!("on {}, started at {when}", self.host)
        }
    }
}

/// The local time of day of `t` (`14:02:07`), as the banner shows it.
pub fn local_clock(t: chrono::DateTime<chrono::Utc>) -> String {
    t.with_timezone(&chrono::Local)
        .format("%H:%M:%S")
        .to_string()
}

/// What the desk says when the server refuses it: credentials missing, or not these.
fn auth_refused(open_server: bool, text: &str) -> String {
    if open_server {
        format!(
            "the server needs credentials ({text}): give the desk its credentials with --creds desk.creds (from `desk creds`)"
        )
    } else {
        format!(
            "the server does not accept the desk's credentials ({text}): are they this event's desk.creds? (--creds)"
        )
    }
}

/// Asks the bus whether another desk runs the event: its presence, if one answers.
async fn other_desk(client: &async_nats::Client, event: &EventName) -> Option<Presence> {
    let answer = tokio::time::timeout(
        Duration::from_millis(1500),
        client.request(event.desk_subject("who"), "".into()),
    )
    .await
    .ok()?
    .ok()?;
    wire::decode::<Presence>(&answer.payload).ok()
}

/// Runs the desk until `stop` is set. Returns the delays measured; an error when the desk's
/// disk failed (nothing unsynced was acknowledged) or another desk runs the event.
pub async fn run_desk(
    options: DeskOptions,
    mut parts: DeskParts<'_>,
    mut commands: tokio::sync::mpsc::UnboundedReceiver<DeskCommand>,
    stop: Arc<AtomicBool>,
    mut report: impl FnMut(DeskReport),
) -> Result<Delays, String> {
    let event = options.event.clone();
    let open_server = options.creds.is_none();
    let (events_tx, mut link_events) = tokio::sync::mpsc::unbounded_channel();
    let client = super::board_link::connect_options(
        options.creds.as_ref(),
        format!("tianyuan-desk-{event}"),
    )
    .event_callback(move |e| {
        let tx = events_tx.clone();
        async move {
            let _ = tx.send(e);
        }
    })
    .connect(options.server.as_str())
    .await
    .map_err(|e| format!("{}: {e}", options.server))?;
    let up = client.connection_state() == async_nats::connection::State::Connected;
    let now = parts.time.now();
    parts
        .desk
        .set_connected(up, now, &local_clock(crate::time::utc_now()));
    let js = jetstream::new(client.clone());
    // A second desk on the event would share the consumer and starve both: refused.
    let presence = Presence::new(crate::entropy::bytes::<16>()?);
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(parts.delays);
        }
        if client.connection_state() == async_nats::connection::State::Connected {
            break;
        }
        while let Ok(e) = link_events.try_recv() {
            // A refused connection comes as the client's error ("authorization violation").
            let text = match e {
                async_nats::Event::ServerError(err) => err.to_string(),
                async_nats::Event::ClientError(err) => err.to_string(),
                _ => continue,
            };
            if text
                .to_ascii_lowercase()
                .contains("authorization violation")
            {
                return Err(auth_refused(open_server, &text));
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    if let Some(other) = other_desk(&client, &event).await
        && other.instance != presence.instance
    {
        return Err(format!(
            "another desk is running for event {event} ({}): stop it first; only one desk may read the event's stream",
            other.describe()
        ));
    }
    let mut who = client
        .subscribe(event.desk_subject("who"))
        .await
        .map_err(|e| format!("cannot listen for other desks: {e}"))?;
    let mut alive = client
        .subscribe(event.desk_subject("alive"))
        .await
        .map_err(|e| format!("cannot listen for other desks: {e}"))?;
    let mut hellos = client
        .subscribe(event.hello_wildcard())
        .await
        .map_err(|e| format!("cannot listen for the boards: {e}"))?;
    let Some((mut stream, mut messages)) = open_messages(
        &js,
        &event,
        open_server,
        &stop,
        &mut parts.desk,
        &mut report,
    )
    .await?
    else {
        return Ok(parts.delays);
    };
    let mut early: Early = BTreeMap::new();
    let mut parts_of_lines: Assembler<jetstream::Message> = Assembler::default();
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_check = parts.time.now();
    let mut last_alive = Timestamp::ZERO;
    let mut reopen = false;
    let mut first_sync = true;
    publish_snapshot(&mut parts, &mut report, &mut first_sync);

    loop {
        if reopen {
            reopen = false;
            early.clear();
            parts_of_lines = Assembler::default();
            match open_messages(
                &js,
                &event,
                open_server,
                &stop,
                &mut parts.desk,
                &mut report,
            )
            .await?
            {
                Some((s, m)) => {
                    stream = s;
                    messages = m;
                }
                None => break,
            }
        }
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
                    take_batch(&mut parts, &client, &event, batch, &mut early, &mut parts_of_lines).await?;
                }
                Some(Err(e)) => {
                    use async_nats::jetstream::consumer::pull::MessagesErrorKind as K;
                    if matches!(e.kind(), K::ConsumerDeleted | K::NoResponders | K::MissingHeartbeat) {
                        report(DeskReport::Note(format!("the stream's consumer does not answer ({e}); opening it again")));
                        reopen = true;
                    }
                }
                None => {
                    report(DeskReport::Note("the stream ended; opening it again".into()));
                    reopen = true;
                }
            },
            Some(e) = link_events.recv() => {
                let now = parts.time.now();
                let clock = local_clock(crate::time::utc_now());
                match e {
                    async_nats::Event::Connected => {
                        parts.desk.set_connected(true, now, &clock);
                        report(DeskReport::Note(format!("connected to {} at {clock}", options.server)));
                    }
                    async_nats::Event::Disconnected => {
                        parts.desk.set_connected(false, now, &clock);
                        report(DeskReport::Note(format!("desk disconnected since {clock}")));
                    }
                    async_nats::Event::ServerError(err) if err.to_string().to_ascii_lowercase().contains("authorization violation") => {
                        return Err(auth_refused(open_server, &err.to_string()));
                    }
                    async_nats::Event::ClientError(err) if err.to_string().to_ascii_lowercase().contains("authorization violation") => {
                        return Err(auth_refused(open_server, &err.to_string()));
                    }
                    other => report(DeskReport::Note(format!("connection: {other}"))),
                }
            },
            Some(msg) = who.next() => {
                if let Some(reply) = msg.reply {
                    let _ = client.publish(reply, wire::encode(&presence).into()).await;
                }
            },
            Some(msg) = alive.next() => {
                if let Ok(other) = wire::decode::<Presence>(&msg.payload)
                    && other.instance != presence.instance
                {
                    if other.first(&presence) {
                        return Err(format!(
                            "another desk is running for event {event} ({}): this one stops; only one desk may read the event's stream",
                            other.describe()
                        ));
                    }
                    parts.desk.alert("second-desk", Some(format!(
                        "a second desk tried to run for this event ({}); it was told to stop",
                        other.describe()
                    )));
                }
            },
            Some(msg) = hellos.next() => {
                let Some(table) = event.table_of(msg.subject.as_str(), "hello") else { continue };
                parts.desk.count_message(table, parts.time.now());
                let Ok(hello) = wire::decode::<Hello>(&msg.payload) else { continue };
                // The answer goes only to the asking table's own inbox: a hello naming another
                // table's subject as its reply is a forgery and gets no answer.
                let Some(reply) = msg.reply.filter(|r| r.as_str().starts_with(&format!("{}.", event.board_inbox(table)))) else {
                    continue;
                };
                let resync = hello.resync;
                let session = hello.session.clone();
                let mut st = parts.desk.hello(table, hello, parts.time.now());
                if resync {
                    st.stream_last = stream_last(&stream, &event, table, &session).await;
                }
                let _ = client.publish(reply, wire::encode(&st).into()).await;
            },
            Some(cmd) = commands.recv() => command(&mut parts, &client, cmd, &mut report).await?,
            _ = tick.tick() => {
                let now = parts.time.now();
                if now.0.saturating_sub(last_alive.0) >= 2_000 && parts.desk.connected() {
                    last_alive = now;
                    let _ = client.publish(event.desk_subject("alive"), wire::encode(&presence).into()).await;
                }
                if now.0.saturating_sub(last_check.0) >= 3_000 && parts.desk.connected() {
                    last_check = now;
                    // The server may have lost its store (restarted on an empty folder): the
                    // desk recreates its stream and consumer rather than wait for ever.
                    match stream.consumer_info(event.consumer()).await {
                        Ok(_) => {
                            parts.desk.alert("stream", None);
                            recheck_settings(&mut stream, &event, open_server, &mut parts.desk).await;
                        }
                        Err(e) => {
                            use async_nats::jetstream::context::ConsumerInfoErrorKind as C;
                            let gone = match e.kind() {
                                C::NotFound | C::StreamNotFound => true,
                                C::JetStream(j) => j.error_code() == jetstream::ErrorCode::STREAM_NOT_FOUND
                                    || j.error_code() == jetstream::ErrorCode::CONSUMER_NOT_FOUND,
                                _ => false,
                            };
                            if gone {
                                report(DeskReport::Note(format!("the server lost the event's stream or the desk's consumer ({e}); recreating them")));
                                reopen = true;
                            } else {
                                parts.desk.alert("stream", Some(format!("the server does not answer for the event's stream: {e}")));
                            }
                        }
                    }
                }
                publish_snapshot(&mut parts, &mut report, &mut first_sync);
                if stop.load(Ordering::Relaxed) {
                    break;
                }
            }
        }
    }
    let _ = client.flush().await;
    Ok(parts.delays)
}

/// Looks at the stream's settings again (every few seconds): the banner "the stream's
/// settings differ" goes as soon as `desk setup` has put them right, and comes back if
/// someone changes them.
async fn recheck_settings(
    stream: &mut stream::Stream,
    event: &EventName,
    open_server: bool,
    desk: &mut Desk,
) {
    let Ok(info) = stream.info().await else {
        return;
    };
    let diff = stream_differences(&info.config, &stream_config(event));
    if diff.is_empty() {
        desk.alert("stream-settings", None);
    } else if !open_server {
        desk.alert(
            "stream-settings",
            Some(format!(
                "the stream's settings differ from the hall's ({}): run `tianyuan desk setup {event} --server URL --creds admin.creds`",
                diff.join("; ")
            )),
        );
    }
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

/// Entries kept unacknowledged until an earlier one comes: each with its messages (one, or
/// a long line's parts).
type Early = BTreeMap<(u32, String, u32), Vec<jetstream::Message>>;

/// One message of the batch as an entry: its table, session, number and line, with the
/// messages that carried it.
struct Arrived {
    table: u32,
    session: String,
    n: u32,
    line: Vec<u8>,
    messages: Vec<jetstream::Message>,
}

/// Reads a message's table, session and number; a long line's part goes to `assembler` and
/// comes out whole (or not yet). Whatever is not an entry goes to `to_ack`.
fn arrive(
    parts: &mut DeskParts<'_>,
    event: &EventName,
    msg: jetstream::Message,
    assembler: &mut Assembler<jetstream::Message>,
    to_ack: &mut Vec<jetstream::Message>,
    now: Timestamp,
) -> Option<Arrived> {
    let table = event.table_of(msg.subject.as_str(), "entry");
    let headers = msg.headers.as_ref();
    let get = |name: &str| {
        headers
            .and_then(|h| h.get(name))
            .map(|v| v.as_str().to_owned())
    };
    let session = get(SESSION_HEADER);
    let n = get(NUMBER_HEADER).and_then(|v| v.parse::<u32>().ok());
    let (Some(table), Some(session), Some(n)) = (table, session, n) else {
        if let Some(t) = table {
            parts.desk.count_message(t, now);
        }
        to_ack.push(msg);
        return None;
    };
    parts.desk.heard(table, now);
    let (Some(p), Some(l)) = (get(chunks::PART_HEADER), get(chunks::LINE_HEADER)) else {
        let line = msg.payload.to_vec();
        return Some(Arrived {
            table,
            session,
            n,
            line,
            messages: vec![msg],
        });
    };
    // A part of a long line: counted as a message; the line is offered once whole.
    parts.desk.count_message(table, now);
    let part = match chunks::Part::parse(&p, &l) {
        Ok(part) => part,
        Err(_) => {
            parts
                .desk
                .note_dropped(table, &format!("entry {n}: a malformed part"));
            to_ack.push(msg);
            return None;
        }
    };
    if !crate::hall::names::valid_session_id(&session) {
        to_ack.push(msg);
        return None;
    }
    let bytes = msg.payload.to_vec();
    match assembler.offer((table, &session, n), part, bytes, msg, to_ack) {
        chunks::Assembled::Waiting => None,
        chunks::Assembled::Whole { line, tokens } => Some(Arrived {
            table,
            session,
            n,
            line,
            messages: tokens,
        }),
        chunks::Assembled::Refused { why, tokens } => {
            parts.desk.note_dropped(table, &why);
            to_ack.extend(tokens);
            None
        }
    }
}

/// Offers a batch, writes and syncs what is new, then acknowledges and tells the boards.
async fn take_batch(
    parts: &mut DeskParts<'_>,
    client: &async_nats::Client,
    event: &EventName,
    batch: Vec<jetstream::Message>,
    early: &mut Early,
    assembler: &mut Assembler<jetstream::Message>,
) -> Result<(), String> {
    let now = parts.time.now();
    let mut to_ack = Vec::new();
    let mut touched: BTreeSet<(u32, String)> = BTreeSet::new();
    let mut appended_lines: Vec<Vec<u8>> = Vec::new();
    for msg in batch {
        let Some(a) = arrive(parts, event, msg, assembler, &mut to_ack, now) else {
            continue;
        };
        let Arrived {
            table,
            session,
            n,
            line,
            messages,
        } = a;
        let offer = if line.len() > chunks::MAX_LINE_BYTES {
            parts
                .desk
                .note_dropped(table, &format!("entry {n}: longer than the hall carries"));
            Offer::Dropped("too long".into())
        } else {
            parts.desk.receive(table, &session, n, line, now)
        };
        match offer {
            Offer::Append { first, lines } => {
                parts
                    .folder
                    .append(table, &session, first, &lines)
                    .map_err(|e| format!("the desk's disk failed: {e}"))?;
                let last = first + lines.len() as u32 - 1;
                for k in first..=last {
                    if let Some(m) = early.remove(&(table, session.clone(), k)) {
                        to_ack.extend(m);
                    }
                }
                assembler.forget(table, &session, last, &mut to_ack);
                appended_lines.extend(lines);
                touched.insert((table, session));
                to_ack.extend(messages);
            }
            Offer::Early => {
                touched.insert((table, session.clone()));
                if let Some(old) = early.insert((table, session, n), messages) {
                    to_ack.extend(old);
                }
            }
            Offer::Duplicate | Offer::Conflict(_) | Offer::Refused(_) => {
                touched.insert((table, session));
                to_ack.extend(messages);
            }
            // Dropped over the table's limits: no statement (a flood gets no echo); a real
            // board asks in its hello and is told.
            Offer::Dropped(_) => to_ack.extend(messages),
        }
    }
    // Entries the desk no longer keeps waiting (dropped, or held through another copy of the
    // message) are acknowledged: nothing stays unacknowledged that the desk does not keep.
    let tables: BTreeSet<u32> = touched.iter().map(|(t, _)| *t).collect();
    let gone: Vec<_> = early
        .keys()
        .filter(|(t, s, n)| tables.contains(t) && !parts.desk.is_early(*t, s, *n))
        .cloned()
        .collect();
    for k in gone {
        if let Some(m) = early.remove(&k) {
            to_ack.extend(m);
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
    // The boards first (their confirmation is what their light waits for), then the stream.
    for (table, session) in touched {
        let st = parts.desk.statement(table, &session);
        let _ = client
            .publish(event.ack_subject(table), wire::encode(&st).into())
            .await;
    }
    for m in to_ack {
        let _ = m.ack().await;
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
        DeskCommand::Decide(table, decision) => match parts.desk.decide(table, decision) {
            Err(e) => report(DeskReport::Refused(e)),
            Ok(record) => {
                let json = serde_json::to_string(&record).map_err(|e| e.to_string())?;
                parts
                    .folder
                    .append_decision(&json)
                    .map_err(|e| format!("the desk's disk failed: {e}"))?;
                report(DeskReport::Note(format!(
                    "table {table}: the chief arbiter {} {} of session {}",
                    match decision {
                        ChiefDecision::Post => "posts the new result",
                        ChiefDecision::Keep => "keeps the posted result, not",
                    },
                    record.result,
                    record.session
                )));
            }
        },
        DeskCommand::Rule { table, act } => {
            let issued = crate::time::utc_text(crate::time::utc_now());
            let nonce = crate::entropy::bytes::<16>()?;
            match parts.desk.prepare_ruling(table, &act, &issued, nonce) {
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

/// Refreshes the shared snapshot; reports new attention and brings the round in line with
/// the finished games (at start, on a new or changed result, and when the organiser saved
/// the tournament file).
fn publish_snapshot(
    parts: &mut DeskParts<'_>,
    report: &mut impl FnMut(DeskReport),
    first: &mut bool,
) {
    let now = parts.time.now();
    let new = parts.desk.take_new_results();
    let file_changed = parts.sink.changed();
    if !new.is_empty() || file_changed || *first {
        *first = false;
        let all = parts.desk.results();
        // Only a result the round took (or already holds) is logged as a result: a second
        // session's, or one changed after posting, is an item for the chief arbiter.
        let mut taken: Vec<&TableResult> = Vec::new();
        match parts.sink.sync(&all) {
            Ok(verdicts) => {
                for (r, v) in all.iter().zip(&verdicts) {
                    parts.desk.verdict(r, v);
                    match v {
                        PostVerdict::Posted(at) => {
                            taken.push(r);
                            report(DeskReport::Note(format!(
                                "table {}: {} posted into {at}",
                                r.table, r.result
                            )));
                        }
                        PostVerdict::Issue(_, why) if new.contains(r) || file_changed => {
                            report(DeskReport::Note(format!("result not posted: {why}")))
                        }
                        PostVerdict::Issue(..) => {}
                        PostVerdict::Unchanged | PostVerdict::Nothing => taken.push(r),
                    }
                }
            }
            Err(e) => report(DeskReport::Note(format!(
                "the round's file could not be updated: {e}"
            ))),
        }
        for r in &new {
            if taken.contains(&r) {
                report(DeskReport::Result(r.clone()));
            }
        }
        if !new.is_empty()
            && let Ok(json) = serde_json::to_vec_pretty(&all)
            && let Err(e) = parts.folder.write_results(&json)
        {
            report(DeskReport::Note(format!("results.json not written: {e}")));
        }
        let rows = parts.sink.standings();
        parts.desk.set_standings(rows);
    }
    for (table, reason) in parts.desk.take_new_attention(now) {
        report(DeskReport::Attention(table, reason));
    }
    if let Ok(mut s) = parts.shared.lock() {
        *s = parts.desk.snapshot(now);
    }
}
