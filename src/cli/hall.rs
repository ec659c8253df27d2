//! `tianyuan hall board|simulate|accept`: a board's link to the chief arbiter's desk, a
//! simulated hall, and the board arbiter's acceptance of a ruling (see `docs/hall.md`).
//!
//! Exit status: 0 on success, 1 on a failure (the server refused, a journal is not this
//! simulation's, a ruling does not verify), 2 on a usage error.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::files::journal::Journal;
use crate::hall::accept::{BoardIdentity, find_ruling, ruling_line};
use crate::hall::board_link::{BoardOptions, BoardReport, Source, run_board};
use crate::hall::creds::{Creds, Role, creds_from_arg};
use crate::hall::inbox::read_inbox;
use crate::hall::link::keep_ruling;
use crate::hall::names::{EventName, parse_table};
use crate::hall::ruling::{ChiefPublicKey, Signature};
use crate::hall::simulate::{SimOptions, run};
use crate::session::shorthand::parse_time;
use crate::time::SystemTimeSource;

/// `tianyuan hall …`.
#[derive(Debug, clap::Subcommand)]
pub enum HallCommand {
    /// Follow a session journal (as a reader, never its writer) and publish it to the desk.
    Board(BoardArgs),
    /// Play N boards from real records, with their journals and links, on this machine.
    Simulate(SimulateArgs),
    /// List the chief arbiter's rulings received for a session, or enter one into its journal.
    Accept(AcceptArgs),
}

/// `hall board`.
#[derive(Debug, clap::Args)]
pub struct BoardArgs {
    /// The hall's server, e.g. nats://192.168.1.10:4222.
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// The event's name on the bus (letters, digits, '_' and '-').
    #[arg(long, value_name = "E")]
    pub event: String,
    /// The table.
    #[arg(long, value_name = "N")]
    pub table: String,
    /// The session journal to follow.
    #[arg(long, value_name = "FILE")]
    pub session: PathBuf,
    /// The board's credentials from the desk: its file (`table-N.creds`) or its join code
    /// (`ty1:…`); without them the server is taken to be open.
    #[arg(long, value_name = "FILE|CODE")]
    pub creds: Option<String>,
    /// The event's desk key (hex, printed by `desk creds`): on an open server, rulings are
    /// accepted only with it.
    #[arg(long, value_name = "KEY")]
    pub desk_key: Option<String>,
    /// Stop once the game is finished and the desk holds every entry.
    #[arg(long)]
    pub until_done: bool,
}

/// `hall simulate`.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// The hall's server.
    #[arg(long, value_name = "URL")]
    pub server: String,
    /// The event's name on the bus.
    #[arg(long, value_name = "E")]
    pub event: String,
    /// How many tables.
    #[arg(long, value_name = "N")]
    pub tables: u32,
    /// A folder of SGF records (searched recursively) or one file.
    #[arg(long, value_name = "DIR")]
    pub games_from: PathBuf,
    /// Game seconds per real second (60: a minute of play each second).
    #[arg(long, value_name = "X", default_value_t = 1.0)]
    pub speed: f64,
    /// The journals' folder (default: tianyuan-hall-EVENT in the system's temporary folder).
    #[arg(long, value_name = "DIR")]
    pub journal: Option<PathBuf>,
    /// At most this many moves of each record (then the side to move resigns).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_moves: usize,
    /// The boards' credentials folder (`table-N.creds` from `desk creds`).
    #[arg(long, value_name = "DIR")]
    pub creds: Option<PathBuf>,
    /// Give up waiting for the desk this many seconds after the last game ended.
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<u64>,
    /// Write the journals only: `tianyuan hall board` processes carry them to the desk.
    #[arg(long)]
    pub no_links: bool,
}

/// `hall accept`.
#[derive(Debug, clap::Args)]
pub struct AcceptArgs {
    /// The session journal.
    pub file: PathBuf,
    /// The ruling to enter (e.g. R3); without it, the rulings received are listed.
    pub id: Option<String>,
    /// The instant to enter it at (default: the last entry's).
    #[arg(long, value_name = "T")]
    pub at: Option<String>,
    /// The board's credentials (file or join code): the ruling must verify with the event's
    /// desk key they carry. This or `--desk-key` is required to enter a ruling.
    #[arg(long, value_name = "FILE|CODE")]
    pub creds: Option<String>,
    /// The event's desk key (hex) the ruling must verify with.
    #[arg(long, value_name = "KEY")]
    pub desk_key: Option<String>,
    /// The board arbiter's PIN.
    #[command(flatten)]
    pub pin: super::session::PinArg,
}

/// Runs `tianyuan hall …`.
pub fn run_hall(command: &HallCommand) -> ExitCode {
    match command {
        HallCommand::Board(a) => board(a),
        HallCommand::Simulate(a) => simulate(a),
        HallCommand::Accept(a) => accept(a),
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

/// Reads a credentials file.
pub fn read_creds(path: &std::path::Path) -> Result<Creds, String> {
    let bytes = crate::files::read_bounded(path, 64 * 1024)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Creds::parse(&String::from_utf8_lossy(&bytes)).map_err(|e| format!("{}: {e}", path.display()))
}

/// A current-thread runtime for the network (the only kind the hall uses).
pub fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the network runtime: {e}"))
}

fn board(args: &BoardArgs) -> ExitCode {
    let event = match EventName::new(&args.event) {
        Ok(e) => e,
        Err(e) => return usage(e),
    };
    let table = match parse_table(&args.table) {
        Ok(t) => t,
        Err(e) => return usage(e),
    };
    let mut options = BoardOptions::new(
        &args.server,
        event,
        table,
        Source::File(args.session.clone()),
    );
    options.until_done = args.until_done;
    if let Some(arg) = &args.creds {
        match creds_from_arg(arg) {
            Ok(c) => options.creds = Some(c),
            Err(e) => return usage(e),
        }
    }
    if let Some(k) = &args.desk_key {
        match ChiefPublicKey::from_hex(k) {
            Some(k) => options.desk_key = Some(k),
            None => return usage("--desk-key: not a public key (64 hex digits)"),
        }
    }
    if let Some(c) = &options.creds
        && let Err(e) = crate::hall::board_link::check_creds(c, &options.event, table)
    {
        return usage(e);
    }
    if options.creds.is_none() {
        eprintln!("hall board: {}", crate::hall::OPEN_SERVER_WARNING);
    }
    let key_hex = options.key().map(|k| k.to_hex());
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => return fail(e),
    };
    let time = SystemTimeSource::new();
    let journal = args.session.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let result = rt.block_on(run_board(options, &time, stop, |r| match r {
        BoardReport::Status(s) => eprintln!("hall board: {s}"),
        BoardReport::Ruling(r, Signature::Verified, _) => match keep_ruling(Some(&journal), &r) {
            Ok(_) => println!(
                "RULING {} from the chief arbiter for table {}: {}\n  enter it with: tianyuan hall accept {} {} --desk-key {} --pin PIN",
                r.id,
                r.table,
                r.act,
                journal.display(),
                r.id.split('-').next().unwrap_or(&r.id),
                key_hex.as_deref().unwrap_or("KEY")
            ),
            Err(e) => eprintln!("hall board: {e}"),
        },
        BoardReport::Ruling(r, _, _) => eprintln!(
            "hall board: ruling {} arrived, but this board has no desk key (--creds or --desk-key): not kept",
            r.id
        ),
        BoardReport::RulingRefused(why) => eprintln!("hall board: {why}"),
        BoardReport::Confirmed(_) | BoardReport::Backlog(_) | BoardReport::Asked(_) => {}
        BoardReport::DeskAnswers(false) => eprintln!("hall board: the desk does not answer; entries wait on this board"),
        BoardReport::DeskAnswers(true) => eprintln!("hall board: the desk answers"),
        BoardReport::Note(n) => eprintln!("hall board: {n}"),
    }));
    match result {
        Ok(end) => {
            eprintln!(
                "hall board: {} entries, {} confirmed by the desk",
                end.entries, end.confirmed
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

fn simulate(args: &SimulateArgs) -> ExitCode {
    let event = match EventName::new(&args.event) {
        Ok(e) => e,
        Err(e) => return usage(e),
    };
    if args.tables == 0 || args.tables > crate::hall::names::MAX_TABLE {
        return usage("--tables: 1 to 9999");
    }
    let journal = args
        .journal
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("tianyuan-hall-{event}")));
    let options = SimOptions {
        server: args.server.clone(),
        event,
        tables: args.tables,
        games_from: args.games_from.clone(),
        speed: args.speed,
        journal: journal.clone(),
        max_moves: args.max_moves,
        creds_dir: args.creds.clone(),
        timeout: args.timeout.map(Duration::from_secs),
        links: !args.no_links,
    };
    eprintln!("hall simulate: journals in {}", journal.display());
    match run(&options, |line| eprintln!("hall simulate: {line}")) {
        Ok(s) if args.no_links => {
            let secs = (s.elapsed_ms as f64 / 1000.0).max(0.001);
            println!(
                "{} boards: {} entries written in {:.1} s ({:.0} entries/s); no links: the boards' `hall board` processes carry them",
                s.boards,
                s.written,
                secs,
                s.written as f64 / secs
            );
            ExitCode::SUCCESS
        }
        Ok(s) => {
            let secs = (s.elapsed_ms as f64 / 1000.0).max(0.001);
            println!(
                "{} boards: {} entries ({} written now) in {:.1} s, {:.0} entries/s; the desk confirmed {}; \
                 board disk to desk confirmation p50 {} ms, p95 {} ms, max {} ms; {} hellos, {} of them resyncs",
                s.boards,
                s.entries,
                s.written,
                secs,
                s.written as f64 / secs,
                s.confirmed,
                s.confirm_ms.0,
                s.confirm_ms.1,
                s.confirm_ms.2,
                s.hellos.0,
                s.hellos.1
            );
            if s.confirmed < s.entries {
                return fail(format!(
                    "{} entries were not confirmed by the desk",
                    s.entries - s.confirmed
                ));
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

fn accept(args: &AcceptArgs) -> ExitCode {
    let inbox = match read_inbox(&args.file) {
        Ok(i) => i,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    let rulings: Vec<_> = inbox.into_iter().map(|e| e.ruling).collect();
    let Some(id) = &args.id else {
        if rulings.is_empty() {
            println!("no rulings received for {}", args.file.display());
        }
        for r in &rulings {
            println!("{} table {} ({}): {}", r.id, r.table, r.issued, r.act);
        }
        return ExitCode::SUCCESS;
    };
    let r = match find_ruling(&rulings, id) {
        Ok(r) => r,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    // The desk key comes from the board's credentials or --desk-key, never from the inbox.
    let mut who = BoardIdentity::default();
    let key = match (&args.creds, &args.desk_key) {
        (Some(arg), _) => match creds_from_arg(arg) {
            Ok(c) => {
                if let Role::Board(t) = c.role {
                    who.table = Some(t);
                }
                who.event = Some(c.event.as_str().to_owned());
                match c.chief {
                    Some(k) => Some(k),
                    None => return usage("the credentials carry no desk key"),
                }
            }
            Err(e) => return usage(e),
        },
        (None, Some(hex)) => match ChiefPublicKey::from_hex(hex) {
            Some(k) => Some(k),
            None => return usage("--desk-key: not a public key (64 hex digits)"),
        },
        (None, None) => None,
    };
    let at = match &args.at {
        Some(t) => match parse_time(t) {
            Ok(t) => Some(t),
            Err(e) => return usage(e),
        },
        None => None,
    };
    let mut journal = match Journal::open(&args.file) {
        Ok(j) => j,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    let line = match ruling_line(
        journal.session(),
        &journal.header().id.clone(),
        r,
        key.as_ref(),
        &who,
        at,
    ) {
        Ok(l) => l,
        Err(e) => return fail(format!("ruling {}: {e}", r.id)),
    };
    match journal.append_line(&line, args.pin.get().as_deref()) {
        Ok(a) => {
            println!("ok {}", a.n);
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
