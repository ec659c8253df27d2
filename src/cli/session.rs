//! `tianyuan session new|append|show|verify|export`: the arbiter's session journal from the
//! command line, driven by the arbiter's shorthand (`docs/session-format.md`).
//!
//! Exit status: 0 on success, 1 on a refused action or a file that is not intact, 2 on a
//! usage error.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::files::journal::{Journal, NewSession, fold_reading, read_journal};
use crate::journal::{Damage, Reading, check_hmac};
use crate::seal::{KdfParams, PinStrength, check_pin, hex};
use crate::session::shorthand::{self, Line};

/// `tianyuan session …`.
#[derive(Debug, clap::Subcommand)]
pub enum SessionCommand {
    /// Write a new session journal from a script of the arbiter's shorthand (refuses an
    /// existing FILE; a refused line fails the command with its line number and leaves no file).
    New(NewArgs),
    /// Append one action ('T ACTION') and print `ok N` once it is on disk.
    Append(AppendArgs),
    /// Print the session at its last entry's instant (never writes).
    Show(ShowArgs),
    /// Check every entry's hash and the chain, and with the PIN every entry's HMAC.
    Verify(VerifyArgs),
    /// Export the game as SGF, the arbiter's report as HTML, or the report as text.
    Export(ExportArgs),
}

/// The PIN option shared by the commands that take one.
#[derive(Debug, clap::Args)]
pub struct PinArg {
    /// The arbiter's PIN (or TIANYUAN_ARBITER_PIN); at least 6 characters.
    #[arg(long, value_name = "PIN")]
    pub pin: Option<String>,
}

impl PinArg {
    pub(crate) fn get(&self) -> Option<String> {
        self.pin
            .clone()
            .or_else(|| std::env::var("TIANYUAN_ARBITER_PIN").ok())
            .filter(|p| !p.is_empty())
    }
}

/// `session new`.
#[derive(Debug, clap::Args)]
pub struct NewArgs {
    /// The session file to create.
    pub file: PathBuf,
    /// The script: a `setup` line, then one `T ACTION` a line (`-` reads standard input).
    #[arg(long, value_name = "SCRIPT")]
    pub script: PathBuf,
    /// The arbiter's PIN.
    #[command(flatten)]
    pub pin: PinArg,
}

/// `session append`.
#[derive(Debug, clap::Args)]
pub struct AppendArgs {
    /// The session file.
    pub file: PathBuf,
    /// One action, e.g. '1:05 B D4' or '12:00 warn W 24 "left the seat"'.
    #[arg(allow_hyphen_values = true)]
    pub action: String,
    /// The arbiter's PIN.
    #[command(flatten)]
    pub pin: PinArg,
}

/// `session show`.
#[derive(Debug, clap::Args)]
pub struct ShowArgs {
    /// The session file.
    pub file: PathBuf,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `session verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// The session file.
    pub file: PathBuf,
    /// The arbiter's PIN.
    #[command(flatten)]
    pub pin: PinArg,
}

/// `session export`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("out").required(true).args(["sgf", "report", "text"])))]
pub struct ExportArgs {
    /// The session file.
    pub file: PathBuf,
    /// Write the game as SGF.
    #[arg(long, value_name = "OUT.sgf")]
    pub sgf: Option<PathBuf>,
    /// Write the arbiter's report as printable HTML.
    #[arg(long, value_name = "OUT.html")]
    pub report: Option<PathBuf>,
    /// Write the arbiter's report as plain text.
    #[arg(long, value_name = "OUT.txt")]
    pub text: Option<PathBuf>,
}

/// Runs `tianyuan session …`.
pub fn run(command: &SessionCommand) -> ExitCode {
    match command {
        SessionCommand::New(a) => new(a),
        SessionCommand::Append(a) => append(a),
        SessionCommand::Show(a) => show(a),
        SessionCommand::Verify(a) => verify(a),
        SessionCommand::Export(a) => export(a),
    }
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(1)
}

fn usage(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// Checks a new PIN; a digits-only PIN is accepted with a warning.
fn check_new_pin(pin: &str) -> Result<(), String> {
    match check_pin(pin).map_err(|e| e.to_string())? {
        PinStrength::DigitsOnly => eprintln!(
            "warning: a PIN of digits only is accepted, but an offline search breaks it in hours; \
             use 8 or more characters with letters"
        ),
        PinStrength::Fair => {}
    }
    Ok(())
}

fn read_script(path: &Path) -> Result<String, String> {
    let bytes = if path == Path::new("-") {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buf).map_err(|e| e.to_string())?;
        buf
    } else {
        crate::files::read_bounded(path, 64 * 1024 * 1024)
            .map_err(|e| format!("{}: {e}", path.display()))?
    };
    String::from_utf8(bytes).map_err(|_| format!("{}: the script is not UTF-8", path.display()))
}

fn new(args: &NewArgs) -> ExitCode {
    let pin = args.pin.get();
    if let Some(pin) = &pin
        && let Err(e) = check_new_pin(pin)
    {
        return usage(e);
    }
    if args.file.exists() {
        return fail(format!(
            "{} exists: a new session never replaces a file",
            args.file.display()
        ));
    }
    let script = match read_script(&args.script) {
        Ok(s) => s,
        Err(e) => return usage(e),
    };
    let mut numbered = script
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.split('#').next().unwrap_or("").trim().is_empty());
    let Some((setup_no, setup_line)) = numbered.next() else {
        return fail("the script is empty: its first line is `setup key=value …`");
    };
    let setup = match shorthand::parse_setup(setup_line) {
        Ok(s) => s,
        Err(e) => return fail(format!("line {setup_no}: {e}")),
    };
    let mut lines: Vec<Line> = Vec::new();
    let mut line_numbers = Vec::new();
    for (no, text) in numbered {
        match shorthand::parse_line(text, setup.size) {
            Ok(Some(line)) => {
                lines.push(line);
                line_numbers.push(no);
            }
            Ok(None) => {}
            Err(e) => return fail(format!("line {no}: {e}")),
        }
    }
    let new = NewSession {
        pin,
        kdf: KdfParams::STANDARD,
    };
    match Journal::create(&args.file, setup, &new, &lines) {
        Ok((journal, slips)) => {
            println!("ok {}", journal.entries());
            for slip in slips {
                eprintln!("{slip}");
            }
            ExitCode::SUCCESS
        }
        Err((Some(i), e)) => fail(format!(
            "line {}: {e}",
            line_numbers.get(i).copied().unwrap_or(0)
        )),
        Err((None, e)) => fail(format!("{}: {e}", args.file.display())),
    }
}

fn append(args: &AppendArgs) -> ExitCode {
    let mut journal = match Journal::open(&args.file) {
        Ok(j) => j,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    if let Some(aside) = journal.moved_aside() {
        eprintln!(
            "note: an unfinished append was found and moved aside to {}",
            aside.display()
        );
    }
    let line = match shorthand::parse_line(&args.action, journal.header().setup.size) {
        Ok(Some(line)) => line,
        Ok(None) => return fail("no action given"),
        Err(e) => return fail(e),
    };
    let pin = args.pin.get();
    match journal.append_line(&line, pin.as_deref()) {
        Ok(appended) => {
            println!("ok {}", appended.n);
            if let Some(slip) = appended.slip {
                // The slip goes with the envelope; stdout stays the one `ok N` line.
                eprintln!("{slip}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

fn show(args: &ShowArgs) -> ExitCode {
    let (_, reading) = match read_journal(&args.file) {
        Ok(r) => r,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    let session = match fold_reading(&reading) {
        Ok(s) => s,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    let view = super::session_view::show_json(&session, reading.intact(), &reading.head());
    if args.json {
        match serde_json::to_string(&view) {
            Ok(json) => println!("{json}"),
            Err(e) => return fail(e),
        }
    } else {
        print!("{}", super::session_view::show_text(&view));
    }
    match &reading.damage {
        None => ExitCode::SUCCESS,
        Some(d @ Damage::TornTail { .. }) => {
            eprintln!("note: {d}; every complete entry is shown");
            ExitCode::SUCCESS
        }
        Some(d) => fail(format!(
            "{}: {d}; shown up to the entry before it",
            args.file.display()
        )),
    }
}

fn verify(args: &VerifyArgs) -> ExitCode {
    let (bytes, reading) = match read_journal(&args.file) {
        Ok(r) => r,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    let mut ok = true;
    println!(
        "{} intact entries; head {}",
        reading.intact(),
        hex::encode(&reading.head())
    );
    if let Some(d) = &reading.damage {
        println!("NOT INTACT: {d}");
        ok = false;
    }
    if let Err(e) = fold_reading(&reading) {
        println!("NOT INTACT: {e}");
        ok = false;
    }
    if let Some(pin) = args.pin.get() {
        ok &= verify_hmacs(&bytes, &reading, &pin);
    }
    if ok {
        println!("intact");
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Checks every entry's HMAC with the PIN; prints what it finds.
fn verify_hmacs(bytes: &[u8], reading: &Reading, pin: &str) -> bool {
    let Some(record) = reading.header.pin else {
        println!("NOT VERIFIED: this session has no arbiter PIN");
        return false;
    };
    let Some(keys) = record.unlock(pin) else {
        println!("NOT VERIFIED: the arbiter PIN is wrong");
        return false;
    };
    let (mut signed, mut unsigned, mut ok) = (0, Vec::new(), true);
    let mut players_signed = 0;
    for (i, line) in reading.lines.iter().enumerate() {
        let raw = &bytes[line.offset..line.offset + line.len];
        // Entry 1 (the setup) is the arbiter's; entry i + 1 is `entries[i - 1]`.
        let arbiters = i == 0
            || reading
                .entries
                .get(i - 1)
                .is_some_and(|e| e.event.needs_arbiter());
        match check_hmac(raw, &keys) {
            Some(true) if arbiters => signed += 1,
            // An older journal signed every entry made after the PIN was given.
            Some(true) => players_signed += 1,
            Some(false) => {
                println!(
                    "NOT INTACT: entry {} fails its HMAC (rewritten without the PIN)",
                    i + 1
                );
                ok = false;
            }
            None if arbiters => {
                println!(
                    "NOT INTACT: entry {} is an arbiter's act without the PIN's HMAC",
                    i + 1
                );
                ok = false;
            }
            None => unsigned.push(i + 1),
        }
    }
    println!("{signed} arbiter's entries signed with the PIN verified");
    if players_signed > 0 {
        println!(
            "{players_signed} players' entries also signed with the PIN verified (a journal written before the PIN signed the arbiter's acts only)"
        );
    }
    if !unsigned.is_empty() {
        println!(
            "entries made without the PIN (players' actions, not signed): {}",
            unsigned
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    ok
}

fn export(args: &ExportArgs) -> ExitCode {
    let (_, reading) = match read_journal(&args.file) {
        Ok(r) => r,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    if let Some(d @ Damage::Broken { .. }) = &reading.damage {
        return fail(format!("{}: {d}", args.file.display()));
    }
    let session = match fold_reading(&reading) {
        Ok(s) => s,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    let (out, text) = if let Some(out) = &args.sgf {
        (out, crate::report::session_sgf(&session))
    } else {
        let report = crate::report::Report::new(&session, &reading);
        match (&args.report, &args.text) {
            (Some(out), _) => (out, report.html()),
            (None, Some(out)) => (out, report.text()),
            (None, None) => return usage("choose --sgf, --report or --text"),
        }
    };
    match crate::files::write_atomically(out, text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(format!("{}: {e}", out.display())),
    }
}
