//! `tianyuan desk EVENT`, `desk state`, `desk creds`: the chief arbiter's desk (window or
//! headless), the state of its journals, and the hall's accounts (see `docs/hall.md`).
//!
//! Exit status: 0 on success, 1 on a failure (the desk's disk failed, a file exists), 2 on a
//! usage error.

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::hall::creds::{Creds, Role, ServerSettings, new_user_key, server_config};
use crate::hall::desk::results::ResultList;
use crate::hall::desk::{ChiefDecision, Desk, RoundSink, Snapshot};
use crate::hall::desk_folder::{DeskFolder, read_or_make_key, read_state, write_secret};
use crate::hall::desk_link::{Delays, DeskCommand, DeskOptions, DeskParts, DeskReport, run_desk};
use crate::hall::names::{EventName, parse_table};
use crate::hall::round_file::TournamentRound;
use crate::hall::ruling::{ChiefKey, ChiefPublicKey, SignedRuling};
use crate::i18n::Lang;
use crate::time::{SystemTimeSource, TimeSource};

/// `tianyuan desk …`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct DeskArgs {
    /// `state` or `creds` (otherwise the desk runs for EVENT).
    #[command(subcommand)]
    pub command: Option<DeskSub>,
    /// The event's name on the bus (letters, digits, '_' and '-').
    #[arg(required = true)]
    pub event: Option<String>,
    /// The hall's server, e.g. nats://127.0.0.1:4222.
    #[arg(long, value_name = "URL", required = true)]
    pub server: Option<String>,
    /// The desk's folder: its copies of the boards' journals, rulings, results, its key.
    #[arg(long, value_name = "DIR", required = true)]
    pub journal: Option<PathBuf>,
    /// No window: log to standard output, take commands on standard input.
    #[arg(long)]
    pub headless: bool,
    /// The desk's credentials file (`desk creds`); without it the server is taken to be open.
    #[arg(long, value_name = "FILE")]
    pub creds: Option<PathBuf>,
    /// Where the hall's web page is served (`off` for none; `0.0.0.0:8470` for the hall's
    /// screen on another machine).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:8470")]
    pub http: String,
    /// Interface language: zh-Hans, zh-Hant or en.
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// The event's tournament file: each finished game's result and warnings are posted into
    /// its round (the session's round, or the latest published one).
    #[arg(long, value_name = "FILE")]
    pub tournament: Option<PathBuf>,
}

/// The desk's subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum DeskSub {
    /// Print every table's session, entries and head from the desk's journals.
    State(StateArgs),
    /// Write the hall's server configuration and the desk's and boards' credentials.
    Creds(CredsArgs),
    /// Create the event's stream on the running server with the hall's settings, or restore
    /// them (with `admin.creds` from `desk creds`; the desk's own credentials cannot).
    Setup(SetupArgs),
}

/// `desk setup`.
#[derive(Debug, clap::Args)]
pub struct SetupArgs {
    /// The event's name on the bus.
    pub event: String,
    /// The hall's server.
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// The setup credentials (`admin.creds`); without them the server is taken to be open.
    #[arg(long, value_name = "FILE")]
    pub creds: Option<PathBuf>,
}

/// `desk state`.
#[derive(Debug, clap::Args)]
pub struct StateArgs {
    /// The desk's folder.
    pub dir: PathBuf,
    /// Print JSON: {"tables": [{"table", "session", "entries", "head"}]}.
    #[arg(long)]
    pub json: bool,
}

/// `desk creds`.
#[derive(Debug, clap::Args)]
pub struct CredsArgs {
    /// The event's name on the bus.
    pub event: String,
    /// How many tables (1 to N).
    #[arg(long, value_name = "N")]
    pub tables: u32,
    /// The folder to write `nats-server.conf`, `desk.creds` and `table-N.creds` to (new).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// The desk's folder, where the chief arbiter's signing key is kept (made if absent).
    #[arg(long, value_name = "DIR")]
    pub journal: PathBuf,
    /// The address the server listens on.
    #[arg(long, value_name = "ADDR", default_value = "0.0.0.0:4222")]
    pub listen: String,
    /// JetStream's storage folder (default: OUT/jetstream).
    #[arg(long, value_name = "DIR")]
    pub store: Option<PathBuf>,
}

/// Runs `tianyuan desk …`.
pub fn run(args: &DeskArgs) -> ExitCode {
    match &args.command {
        Some(DeskSub::State(a)) => state(a),
        Some(DeskSub::Creds(a)) => creds(a),
        Some(DeskSub::Setup(a)) => setup(a),
        None => desk(args),
    }
}

fn usage(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(1)
}

#[derive(serde::Serialize)]
struct StateJson {
    tables: Vec<crate::hall::desk_folder::CopyState>,
}

fn state(args: &StateArgs) -> ExitCode {
    use std::io::Write;
    let tables = match read_state(&args.dir) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let mut text = String::new();
    if args.json {
        match serde_json::to_string(&StateJson { tables }) {
            Ok(j) => text = format!("{j}\n"),
            Err(e) => return fail(e),
        }
    } else {
        for t in &tables {
            text.push_str(&format!(
                "table {:>4}  session {}  entries {:>5}  head {}\n",
                t.table, t.session, t.entries, t.head
            ));
        }
    }
    // A reader that stops early (`desk state | head`) is not an error.
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

fn setup(args: &SetupArgs) -> ExitCode {
    let event = match EventName::new(&args.event) {
        Ok(e) => e,
        Err(e) => return usage(e),
    };
    let creds = match &args.creds {
        None => None,
        Some(path) => match super::hall::read_creds(path) {
            Ok(c) if c.role == Role::Admin && c.event == event => Some(c),
            Ok(_) => {
                return usage(format!(
                    "{}: not the setup credentials (admin.creds) of event {event}",
                    path.display()
                ));
            }
            Err(e) => return usage(e),
        },
    };
    let rt = match super::hall::runtime() {
        Ok(rt) => rt,
        Err(e) => return fail(e),
    };
    let server = args.server.clone();
    let result = rt.block_on(async {
        let client = crate::hall::board_link::connect_options(
            creds.as_ref(),
            format!("tianyuan-setup-{event}"),
        )
        .connect(server.as_str())
        .await
        .map_err(|e| format!("{server}: {e}"))?;
        let js = async_nats::jetstream::new(client);
        let mut last = String::new();
        for _ in 0..20 {
            match crate::hall::desk_link::setup_stream(&js, &event).await {
                Ok(done) => return Ok(done),
                Err(e) => last = e,
            }
            tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        }
        Err(last)
    });
    match result {
        Ok(done) => {
            println!("desk setup: {done}");
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

fn creds(args: &CredsArgs) -> ExitCode {
    let event = match EventName::new(&args.event) {
        Ok(e) => e,
        Err(e) => return usage(e),
    };
    if args.tables == 0 || args.tables > crate::hall::names::MAX_TABLE {
        return usage("--tables: 1 to 9999");
    }
    if let Err(e) =
        std::fs::create_dir_all(&args.out).and_then(|()| std::fs::create_dir_all(&args.journal))
    {
        return fail(e);
    }
    let key = match read_or_make_key(
        &args.journal.join(crate::hall::desk_folder::KEY_FILE),
        crate::entropy::bytes::<32>,
    )
    .map(|hex| ChiefKey::from_hex(&hex))
    {
        Ok(Some(k)) => k,
        Ok(None) => return fail("the chief arbiter's key file is not readable"),
        Err(e) => return fail(e),
    };
    let chief = ChiefPublicKey::from_hex(&key.public_hex());
    let new_key = || crate::entropy::bytes::<32>().and_then(new_user_key);
    let (desk_seed, desk_public) = match new_key() {
        Ok(k) => k,
        Err(e) => return fail(e),
    };
    let (admin_seed, admin_public) = match new_key() {
        Ok(k) => k,
        Err(e) => return fail(e),
    };
    let mut files = vec![
        (
            args.out.join("desk.creds"),
            Creds {
                event: event.clone(),
                role: Role::Desk,
                seed: desk_seed,
                chief,
            }
            .to_text(),
        ),
        (
            args.out.join("admin.creds"),
            Creds {
                event: event.clone(),
                role: Role::Admin,
                seed: admin_seed,
                chief,
            }
            .to_text(),
        ),
    ];
    let mut boards = Vec::new();
    for table in 1..=args.tables {
        let (seed, public) = match new_key() {
            Ok(k) => k,
            Err(e) => return fail(e),
        };
        boards.push((table, public));
        files.push((
            args.out.join(format!("table-{table}.creds")),
            Creds {
                event: event.clone(),
                role: Role::Board(table),
                seed,
                chief,
            }
            .to_text(),
        ));
    }
    let store = args
        .store
        .clone()
        .unwrap_or_else(|| args.out.join("jetstream"));
    let store = std::path::absolute(&store).unwrap_or(store);
    let settings = ServerSettings {
        listen: args.listen.clone(),
        store_dir: store.display().to_string(),
    };
    let config = server_config(&event, &settings, &desk_public, &admin_public, &boards);
    for (path, text) in &files {
        if let Err(e) = write_secret(path, text.as_bytes()) {
            return fail(format!(
                "{e} (credentials are never replaced: use a new --out folder)"
            ));
        }
    }
    let conf = args.out.join("nats-server.conf");
    if let Err(e) = crate::files::write_new(&conf, config.as_bytes()) {
        return fail(format!("{}: {e}", conf.display()));
    }
    println!(
        "wrote {} and the credentials of the desk and {} tables in {}\n\
         start the server: nats-server -c {}\n\
         then once:  tianyuan desk setup {event} --server nats://HOST:PORT --creds {}\n\
         the desk:  tianyuan desk {event} --server nats://HOST:PORT --journal {} --creds {}\n\
         a board:   tianyuan hall board --server nats://HOST:PORT --event {event} --table N --session FILE --creds table-N.creds\n\
         the event's desk key (rulings are verified with it; in every board's credentials): {}",
        conf.display(),
        args.tables,
        args.out.display(),
        conf.display(),
        args.out.join("admin.creds").display(),
        args.journal.display(),
        args.out.join("desk.creds").display(),
        key.public_hex()
    );
    ExitCode::SUCCESS
}

/// Everything the desk needs before it connects: its folder, key and restored state.
fn prepare(
    event: &EventName,
    dir: &Path,
    time: &dyn TimeSource,
    require_table: bool,
) -> Result<(Desk, DeskFolder), String> {
    let (folder, found, notes) = DeskFolder::open(dir)?;
    for n in notes {
        eprintln!("desk: {n}");
    }
    let hex = folder.chief_key(crate::entropy::bytes::<32>)?;
    let key = ChiefKey::from_hex(&hex).ok_or("the chief arbiter's key file is not readable")?;
    let mut desk = Desk::new(event.clone(), key, require_table);
    let now = time.now();
    let mut restored = 0u64;
    for copy in found {
        for (i, line) in copy.lines.into_iter().enumerate() {
            desk.restore(copy.table, &copy.session, i as u32 + 1, line, now);
            restored += 1;
        }
        desk.heard(copy.table, now);
    }
    for line in folder
        .read_rulings()
        .map_err(|e| format!("{}: {e}", dir.display()))?
    {
        if let Ok(r) = serde_json::from_str::<SignedRuling>(&line) {
            desk.commit_ruling(r);
        }
    }
    for line in folder
        .read_decisions()
        .map_err(|e| format!("{}: {e}", dir.display()))?
    {
        if let Ok(d) = serde_json::from_str::<crate::hall::desk::DecisionRecord>(&line) {
            desk.take_decision(&d);
        }
    }
    desk.take_new_results();
    desk.stats = Default::default();
    if restored > 0 {
        eprintln!("desk: {restored} entries restored from {}", dir.display());
    }
    Ok((desk, folder))
}

/// One line of standard input in headless mode: `rule TABLE ACTION…`, `seen TABLE`, and
/// `post TABLE` / `keep TABLE` (a result changed after it was posted: post the new one, or
/// keep the posted one).
fn parse_command(line: &str) -> Result<Option<DeskCommand>, String> {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match word {
        "" => Ok(None),
        "rule" => {
            let (table, act) = rest
                .trim()
                .split_once(char::is_whitespace)
                .ok_or("rule TABLE ACTION, e.g. rule 7 loss W 25.2 \"second warning\"")?;
            Ok(Some(DeskCommand::Rule {
                table: parse_table(table)?,
                act: act.trim().to_owned(),
            }))
        }
        "seen" => Ok(Some(DeskCommand::Seen(parse_table(rest.trim())?))),
        "post" => Ok(Some(DeskCommand::Decide(
            parse_table(rest.trim())?,
            ChiefDecision::Post,
        ))),
        "keep" => Ok(Some(DeskCommand::Decide(
            parse_table(rest.trim())?,
            ChiefDecision::Keep,
        ))),
        other => Err(format!(
            "unknown command {other:?}: rule TABLE ACTION, seen TABLE, post TABLE, keep TABLE"
        )),
    }
}

fn print_report(r: DeskReport, lang: Lang) {
    match r {
        DeskReport::Attention(t, reason) => println!("attention table {t}: {}", reason.text(lang)),
        DeskReport::Result(r) => println!(
            "result table {}: {} ({} - {}) warnings B {} W {}",
            r.table, r.result, r.black, r.white, r.warnings[0], r.warnings[1]
        ),
        DeskReport::Ruling(r) => println!("ruling {} sent to table {}: {}", r.id, r.table, r.act),
        DeskReport::Refused(why) => println!("refused: {why}"),
        DeskReport::Note(n) => eprintln!("desk: {n}"),
    }
}

fn desk(args: &DeskArgs) -> ExitCode {
    let (Some(event), Some(server), Some(dir)) = (&args.event, &args.server, &args.journal) else {
        return usage("tianyuan desk EVENT --server URL --journal DIR");
    };
    let event = match EventName::new(event) {
        Ok(e) => e,
        Err(e) => return usage(e),
    };
    let lang = args
        .lang
        .as_deref()
        .and_then(Lang::from_code)
        .unwrap_or_else(crate::locale::system_lang);
    let creds = match &args.creds {
        None => None,
        Some(path) => match super::hall::read_creds(path) {
            Ok(c) if c.role == Role::Desk && c.event == event => Some(c),
            Ok(_) => {
                return usage(format!(
                    "{}: not the desk's credentials for event {event}",
                    path.display()
                ));
            }
            Err(e) => return usage(e),
        },
    };
    let round = match &args.tournament {
        None => None,
        Some(path) => match TournamentRound::open(path) {
            Ok(r) => Some(r),
            Err(e) => return usage(e),
        },
    };
    let time = SystemTimeSource::new();
    if creds.is_none() {
        eprintln!("{}", crate::hall::OPEN_SERVER_WARNING);
    }
    let (desk, folder) = match prepare(&event, dir, &time, creds.is_some()) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    // Results held from before a restart are brought in line with the round once the desk
    // runs (its first sync): what the file already has from this desk is not written again.
    let mut round = round;
    let desk_key = desk.public_key();
    let shared = Arc::new(Mutex::new(desk.snapshot(time.now())));
    let _page = if args.http == "off" {
        None
    } else {
        match crate::hall::http::serve(&args.http, shared.clone(), lang) {
            Ok(p) => {
                eprintln!("desk: the hall's page is at http://{}/", p.addr());
                Some(p)
            }
            Err(e) => {
                eprintln!(
                    "desk: the hall's page could not be served on {}: {e}",
                    args.http
                );
                None
            }
        }
    };
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let stop = Arc::new(AtomicBool::new(false));
    let options = DeskOptions {
        server: server.clone(),
        event: event.clone(),
        creds,
    };
    eprintln!(
        "desk: event {event}, server {server}, journals in {}; rulings signed with the desk key {desk_key}",
        dir.display()
    );
    let run = move |stop: Arc<AtomicBool>,
                    shared: Arc<Mutex<Snapshot>>,
                    rx,
                    report: Box<dyn FnMut(DeskReport)>|
          -> Result<Delays, String> {
        let rt = super::hall::runtime()?;
        let time = SystemTimeSource::new();
        let mut list = ResultList::default();
        let sink: &mut dyn RoundSink = match round.as_mut() {
            Some(r) => r,
            None => &mut list,
        };
        let parts = DeskParts {
            desk,
            folder,
            time: &time,
            sink,
            shared,
            delays: Delays::default(),
        };
        rt.block_on(run_desk(options, parts, rx, stop, report))
    };
    let result = if args.headless {
        let commands = tx.clone();
        let quit = stop.clone();
        let _ = std::thread::Builder::new()
            .name("desk-stdin".into())
            .spawn(move || {
                for line in std::io::stdin().lock().lines() {
                    let Ok(line) = line else { break };
                    if line.trim() == "quit" {
                        quit.store(true, Ordering::Relaxed);
                        break;
                    }
                    match parse_command(&line) {
                        Ok(Some(c)) => {
                            let _ = commands.send(c);
                        }
                        Ok(None) => {}
                        Err(e) => println!("refused: {e}"),
                    }
                }
            });
        run(stop, shared, rx, Box::new(move |r| print_report(r, lang)))
    } else {
        let (sound_tx, sound_rx) = std::sync::mpsc::channel();
        let worker_stop = stop.clone();
        let worker_shared = shared.clone();
        let worker = std::thread::spawn(move || {
            run(
                worker_stop,
                worker_shared,
                rx,
                Box::new(move |r| {
                    if let DeskReport::Attention(..) = r {
                        let _ = sound_tx.send(());
                    }
                    print_report(r, lang);
                }),
            )
        });
        let code = crate::app::desk_window::run(event.as_str(), shared, tx, sound_rx, lang);
        stop.store(true, Ordering::Relaxed);
        if code != ExitCode::SUCCESS {
            eprintln!("desk: the window could not run; the desk's journals are kept");
        }
        match worker.join() {
            Ok(r) => r,
            Err(_) => Err("the desk's thread failed".into()),
        }
    };
    match result {
        Ok(delays) => {
            let (count, p50, p95, max) = delays.summary();
            eprintln!(
                "desk: {count} entries held this run; board acknowledgement to desk tile p50 {p50} ms, p95 {p95} ms, max {max} ms"
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headless_commands_parse() {
        assert_eq!(
            parse_command("rule 7 loss W 25.2 \"x\"").unwrap(),
            Some(DeskCommand::Rule {
                table: 7,
                act: "loss W 25.2 \"x\"".into()
            })
        );
        assert_eq!(
            parse_command(" seen 12 ").unwrap(),
            Some(DeskCommand::Seen(12))
        );
        assert_eq!(parse_command("").unwrap(), None);
        assert!(parse_command("rule 7").is_err());
        assert_eq!(
            parse_command("post 3").unwrap(),
            Some(DeskCommand::Decide(3, ChiefDecision::Post))
        );
        assert_eq!(
            parse_command("keep 3").unwrap(),
            Some(DeskCommand::Decide(3, ChiefDecision::Keep))
        );
        assert!(parse_command("dance").is_err());
    }
}
