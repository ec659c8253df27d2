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
use crate::files::rulings_inbox::{InboxEntry, add_to_inbox, read_inbox};
use crate::hall::board_link::{BoardOptions, BoardReport, run_board};
use crate::hall::creds::Creds;
use crate::hall::names::{EventName, parse_table};
use crate::hall::ruling::{ChiefPublicKey, acceptance_mark};
use crate::hall::simulate::{SimOptions, run};
use crate::session::shorthand::{format_time, parse_line, parse_time};
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
    /// The board's credentials file from the desk (`desk creds`); without it the server is
    /// taken to be open.
    #[arg(long, value_name = "FILE")]
    pub creds: Option<PathBuf>,
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
    /// The credentials file whose chief-arbiter key the ruling must verify with (default:
    /// the key it was received with).
    #[arg(long, value_name = "FILE")]
    pub creds: Option<PathBuf>,
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
    let mut options = BoardOptions::new(&args.server, event, table, args.session.clone());
    options.until_done = args.until_done;
    if let Some(path) = &args.creds {
        match read_creds(path) {
            Ok(c) => options.creds = Some(c),
            Err(e) => return usage(e),
        }
    }
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => return fail(e),
    };
    let time = SystemTimeSource::new();
    let journal = args.session.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let result = rt.block_on(run_board(options, &time, stop, |r| match r {
        BoardReport::Status(s) => eprintln!("hall board: {s}"),
        BoardReport::Ruling(r, key) => {
            let entry = InboxEntry {
                key,
                ruling: r.clone(),
            };
            match add_to_inbox(&journal, &entry) {
                Ok(_) => println!(
                    "RULING {} from the chief arbiter for table {}: {}\n  enter it with: tianyuan hall accept {} {}",
                    r.id,
                    r.table,
                    r.act,
                    journal.display(),
                    r.id
                ),
                Err(e) => eprintln!("hall board: ruling {} could not be kept: {e}", r.id),
            }
        }
        BoardReport::RulingRefused(why) => eprintln!("hall board: {why}"),
        BoardReport::Confirmed(_) => {}
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
    };
    eprintln!("hall simulate: journals in {}", journal.display());
    match run(&options, |line| eprintln!("hall simulate: {line}")) {
        Ok(s) => {
            let secs = (s.elapsed_ms as f64 / 1000.0).max(0.001);
            println!(
                "{} boards: {} entries ({} written now) in {:.1} s, {:.0} entries/s; the desk confirmed {}; \
                 board disk to desk confirmation p50 {} ms, p95 {} ms, max {} ms",
                s.boards,
                s.entries,
                s.written,
                secs,
                s.written as f64 / secs,
                s.confirmed,
                s.confirm_ms.0,
                s.confirm_ms.1,
                s.confirm_ms.2
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
    let Some(id) = &args.id else {
        if inbox.is_empty() {
            println!("no rulings received for {}", args.file.display());
        }
        for e in &inbox {
            println!(
                "{} table {} ({}): {}",
                e.ruling.id, e.ruling.table, e.ruling.issued, e.ruling.act
            );
        }
        return ExitCode::SUCCESS;
    };
    let Some(entry) = inbox.iter().find(|e| &e.ruling.id == id) else {
        return fail(format!("no ruling {id} in {}'s inbox", args.file.display()));
    };
    let r = &entry.ruling;
    let key_hex = match &args.creds {
        Some(path) => match read_creds(path).map(|c| c.chief) {
            Ok(Some(k)) => k.to_hex(),
            Ok(None) => return usage("the credentials carry no chief-arbiter key"),
            Err(e) => return usage(e),
        },
        None => entry.key.clone(),
    };
    let mut journal = match Journal::open(&args.file) {
        Ok(j) => j,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    if !key_hex.is_empty() {
        let Some(key) = ChiefPublicKey::from_hex(&key_hex) else {
            return fail("the chief arbiter's key is not readable");
        };
        if let Err(e) = key.verify(r, &r.event, r.table, &journal.header().id) {
            return fail(format!("ruling {id}: {e}"));
        }
    } else if r.session != journal.header().id {
        return fail(format!("ruling {id} is for another session"));
    }
    let at = match &args.at {
        Some(t) => match parse_time(t) {
            Ok(t) => t,
            Err(e) => return usage(e),
        },
        None => journal.session().last_at(),
    };
    let size = journal.header().setup.size;
    let mut line = match parse_line(&format!("{} {}", format_time(at), r.act), size) {
        Ok(Some(l)) => l,
        Ok(None) => return fail("the ruling is empty"),
        Err(e) => return fail(format!("ruling {id}: {e}")),
    };
    let mark = acceptance_mark(&r.id);
    line.note = Some(match line.note.take() {
        Some(n) => format!("{n} {mark}"),
        None => mark,
    });
    match journal.append_line(&line, args.pin.get().as_deref()) {
        Ok(a) => {
            println!("ok {}", a.n);
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}
