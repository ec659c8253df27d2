//! `tianyuan tournament new|pair|results|import|export|standings` (issue 12, item 7): the
//! tournament file (RON, replaced atomically) and the organiser's CSV, OpenGotha and EGF files.
//!
//! Exit codes: 0 done, 1 refused data (the reason on standard error), 2 usage (clap).

use crate::i18n::Lang;
use crate::tournament::{self, Extra, System, Tournament, TournamentError, export, opengotha};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Files larger than this are not tournament files.
const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// `tianyuan tournament …`.
#[derive(Debug, Subcommand)]
pub enum TournamentCommand {
    /// Create an event from players.csv.
    New(NewArgs),
    /// Pair a round, write it into the file and print it.
    Pair(PairArgs),
    /// Enter results from games.csv rows.
    Results(ResultsArgs),
    /// Record a player's withdrawal (Art. 29): no pairing after that round.
    Withdraw(WithdrawArgs),
    /// Read an OpenGotha XML file into a new event file.
    Import(ImportArgs),
    /// Write the event as OpenGotha XML, the EGF table (.h9), CSV or printable HTML.
    Export(ExportArgs),
    /// Print the standings (places, tie-break chain and values).
    Standings(StandingsArgs),
}

fn parse_system(s: &str) -> Result<System, String> {
    System::parse(s).ok_or_else(|| format!("unknown system {s:?}: use one of {}", System::NAMES))
}

fn parse_extras(s: &str) -> Result<Vec<Extra>, String> {
    s.split(',')
        .filter(|x| !x.trim().is_empty())
        .map(|x| {
            Extra::parse(x).ok_or_else(|| format!("unknown tie-break {x:?}: use sos, sodos, sosos"))
        })
        .collect()
}

fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_code(s).ok_or_else(|| format!("unknown language {s:?}: use zh-Hans, zh-Hant or en"))
}

/// Tie-break options shared by `new` and `standings`.
#[derive(Debug, Args, Clone)]
pub struct RankingArgs {
    /// OpenGotha-style tie-breaks after the score, e.g. `sos,sodos,sosos` (default: the
    /// Chinese order of Art. 28).
    #[arg(long, value_name = "LIST", value_parser = parse_extras)]
    pub tiebreaks: Option<Vec<Extra>>,
    /// Places may not be shared: lots are drawn among players equal on everything (Art. 28.1 D).
    #[arg(long)]
    pub no_shared_places: bool,
}

/// Arguments of `tournament new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The event file to write (RON).
    pub out: PathBuf,
    /// players.csv: name,rank,club,team,withdrawn_after_round.
    #[arg(long, value_name = "P.csv")]
    pub players: PathBuf,
    /// The system: roundrobin, double-roundrobin, swiss, knockout, double-knockout,
    /// best-of-3|5|7, ten-game, team-roundrobin, team-swiss, team-allplay, arena.
    #[arg(long, value_parser = parse_system)]
    pub system: System,
    /// Rounds (default: what the system needs; Swiss: ⌈log2 players⌉ + 1).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// The seed of every lot drawn in this event.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The event's name.
    #[arg(long, default_value = "")]
    pub name: String,
    /// Tie-break options.
    #[command(flatten)]
    pub ranking: RankingArgs,
}

/// Arguments of `tournament pair`.
#[derive(Debug, Args)]
pub struct PairArgs {
    /// The event file (RON); the pairing is written into it.
    pub file: PathBuf,
    /// The round to pair.
    #[arg(long)]
    pub round: u32,
    /// Print JSON: `[{"board": 1, "black": …, "white": …}, …, {"bye": …}]`.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tournament results`.
#[derive(Debug, Args)]
pub struct ResultsArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// games.csv rows: round,board,black,white,result,black_warnings,white_warnings.
    #[arg(long, value_name = "G.csv")]
    pub games: PathBuf,
}

/// Arguments of `tournament withdraw`.
#[derive(Debug, Args)]
pub struct WithdrawArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// The player's name, as in players.csv.
    #[arg(long)]
    pub player: String,
    /// The last round the player played (0: before the start).
    #[arg(long)]
    pub after: u32,
}

/// Arguments of `tournament import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// An OpenGotha (or pairgoth) XML tournament file.
    pub input: PathBuf,
    /// The event file to write (RON).
    #[arg(short = 'o', long = "output", value_name = "OUT.ron")]
    pub out: PathBuf,
    /// The system of the event (OpenGotha files are Swiss/McMahon events: swiss by default).
    #[arg(long, value_parser = parse_system)]
    pub system: Option<System>,
}

/// Arguments of `tournament export`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("format").required(true).args(["opengotha", "h9", "csv", "html", "pairings", "slips"])))]
pub struct ExportArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// OpenGotha XML.
    #[arg(long, value_name = "OUT.xml")]
    pub opengotha: Option<PathBuf>,
    /// The EGF results table.
    #[arg(long, value_name = "OUT.h9")]
    pub h9: Option<PathBuf>,
    /// Standings with the crosstable, as CSV.
    #[arg(long, value_name = "OUT.csv")]
    pub csv: Option<PathBuf>,
    /// Printable standings and crosstable (with the last round's pairing list and result slips).
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// Printable pairing list of a round (see --round).
    #[arg(long, value_name = "OUT.html")]
    pub pairings: Option<PathBuf>,
    /// Printable result slips for the tables of a round (see --round).
    #[arg(long, value_name = "OUT.html")]
    pub slips: Option<PathBuf>,
    /// The round of --pairings and --slips (default: the last published).
    #[arg(long)]
    pub round: Option<u32>,
    /// Language of HTML pages: zh-Hans, zh-Hant or en.
    #[arg(long, default_value = "zh-Hans", value_parser = parse_lang)]
    pub lang: Lang,
}

/// Arguments of `tournament standings`.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// The event file (RON); or give --players, --games and --system.
    #[arg(required_unless_present_all = ["players", "games", "system"], conflicts_with_all = ["players", "games"])]
    pub file: Option<PathBuf>,
    /// players.csv.
    #[arg(long, value_name = "P.csv", requires_all = ["games", "system"])]
    pub players: Option<PathBuf>,
    /// games.csv.
    #[arg(long, value_name = "G.csv", requires = "players")]
    pub games: Option<PathBuf>,
    /// The system of the CSV event: roundrobin, swiss, knockout, team-roundrobin, team-swiss, …
    #[arg(long, value_parser = parse_system)]
    pub system: Option<System>,
    /// The seed for lots (Art. 28.1 D) of a CSV event.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Print JSON: `[{"place": 1, "shared": false, "name": …, "score": 8, "tiebreaks": {…}}, …]`.
    #[arg(long)]
    pub json: bool,
    /// Tie-break options.
    #[command(flatten)]
    pub ranking: RankingArgs,
}

/// A failure: refused data (exit 1) with its message.
pub struct Refused(pub String);

impl From<TournamentError> for Refused {
    fn from(e: TournamentError) -> Refused {
        Refused(e.0)
    }
}

fn read_text(path: &Path) -> Result<String, Refused> {
    let bytes = crate::files::read_bounded(path, MAX_BYTES)
        .map_err(|e| Refused(format!("{}: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|_| Refused(format!("{}: not UTF-8 text", path.display())))
}

fn write_text(path: &Path, text: &str) -> Result<(), Refused> {
    crate::files::write_atomically(path, text.as_bytes())
        .map_err(|e| Refused(format!("{}: {e}", path.display())))
}

fn with_file<T>(path: &Path, r: Result<T, TournamentError>) -> Result<T, Refused> {
    r.map_err(|e| Refused(format!("{}: {}", path.display(), e.0)))
}

/// Loads an event file.
pub fn load(path: &Path) -> Result<Tournament, Refused> {
    let text = read_text(path)?;
    let t = with_file(path, tournament::file::from_ron(&text))?;
    Ok(t)
}

fn save(path: &Path, t: &Tournament) -> Result<(), Refused> {
    let text = with_file(path, tournament::file::to_ron(t))?;
    write_text(path, &text)
}

fn apply_ranking(t: &mut Tournament, r: &RankingArgs) {
    if let Some(x) = &r.tiebreaks {
        t.ranking.extras = x.clone();
    }
    if r.no_shared_places {
        t.ranking.shared_places = false;
    }
}

/// Runs a `tournament` subcommand.
pub fn run(cmd: &TournamentCommand) -> ExitCode {
    let done = match cmd {
        TournamentCommand::New(a) => new(a),
        TournamentCommand::Pair(a) => pair(a),
        TournamentCommand::Results(a) => results(a),
        TournamentCommand::Withdraw(a) => withdraw(a),
        TournamentCommand::Import(a) => import(a),
        TournamentCommand::Export(a) => export_files(a),
        TournamentCommand::Standings(a) => standings(a),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(Refused(message)) => {
            eprintln!("tianyuan tournament: {message}");
            ExitCode::from(1)
        }
    }
}

fn new(a: &NewArgs) -> Result<(), Refused> {
    let players = tournament::csv_import::read_players(&read_text(&a.players)?)
        .map_err(|e| Refused(format!("{}: {}", a.players.display(), e.0)))?;
    let mut t = with_file(
        &a.players,
        tournament::file::create(&a.name, a.system, a.rounds, a.seed, players),
    )?;
    apply_ranking(&mut t, &a.ranking);
    save(&a.out, &t)?;
    println!(
        "{}: {} players, {}, {} rounds, seed {}",
        a.out.display(),
        t.entered().count(),
        t.system.name(),
        t.rounds,
        t.seed
    );
    Ok(())
}

fn pair(a: &PairArgs) -> Result<(), Refused> {
    let mut t = load(&a.file)?;
    let fixed_table = matches!(
        t.system,
        System::RoundRobin
            | System::DoubleRoundRobin
            | System::TeamRoundRobin
            | System::TeamAllPlay
    );
    if t.round(a.round).is_none() {
        if !fixed_table && let Some(prev) = a.round.checked_sub(1).and_then(|r| t.round(r)) {
            let pending = prev.games.iter().filter(|g| g.outcome.is_none()).count();
            if pending > 0 {
                eprintln!(
                    "tianyuan tournament: warning: round {} has {pending} games without a result; they count as not played",
                    prev.number
                );
            }
        }
        let round = with_file(&a.file, t.propose(a.round))?;
        with_file(&a.file, t.publish(round))?;
        save(&a.file, &t)?;
    }
    if a.json {
        println!("{}", export::pairing_json(&t, a.round));
    } else {
        print!("{}", export::pairing_text(&t, a.round));
    }
    Ok(())
}

fn results(a: &ResultsArgs) -> Result<(), Refused> {
    let mut t = load(&a.file)?;
    let text = read_text(&a.games)?;
    let rows = tournament::csv_import::read_game_rows(&text, &t.players)
        .map_err(|e| Refused(format!("{}: {}", a.games.display(), e.0)))?;
    let n = with_file(&a.games, tournament::post::enter_rows(&mut t, &rows))?;
    save(&a.file, &t)?;
    println!("{}: {n} results entered", a.file.display());
    Ok(())
}

fn withdraw(a: &WithdrawArgs) -> Result<(), Refused> {
    let mut t = load(&a.file)?;
    with_file(&a.file, t.withdraw(&a.player, a.after))?;
    save(&a.file, &t)?;
    println!(
        "{}: {} withdrew after round {}",
        a.file.display(),
        a.player,
        a.after
    );
    Ok(())
}

fn import(a: &ImportArgs) -> Result<(), Refused> {
    let text = read_text(&a.input)?;
    let (mut t, warnings) = with_file(&a.input, opengotha::read(&text))?;
    for w in &warnings {
        eprintln!("tianyuan tournament: {}: {w}", a.input.display());
    }
    if let Some(s) = a.system {
        t.system = s;
    }
    save(&a.out, &t)?;
    println!(
        "{}: {} players, {} rounds published",
        a.out.display(),
        t.players.len(),
        t.played.len()
    );
    Ok(())
}

fn export_files(a: &ExportArgs) -> Result<(), Refused> {
    let t = load(&a.file)?;
    let s = tournament::standings(&t);
    let round = a
        .round
        .or_else(|| t.played.last().map(|r| r.number))
        .unwrap_or(1);
    let outputs: [(&Option<PathBuf>, &dyn Fn() -> String); 6] = [
        (&a.opengotha, &|| opengotha::write(&t)),
        (&a.h9, &|| export::h9(&t, &s)),
        (&a.csv, &|| export::standings_csv(&t, &s)),
        (&a.html, &|| export::standings_html(&t, &s, a.lang)),
        (&a.pairings, &|| export::pairing_html(&t, round, a.lang)),
        (&a.slips, &|| export::slips_html(&t, round, a.lang)),
    ];
    for (path, make) in outputs {
        if let Some(path) = path {
            write_text(path, &make())?;
        }
    }
    Ok(())
}

fn standings(a: &StandingsArgs) -> Result<(), Refused> {
    let mut t = match (&a.file, &a.players, &a.games, a.system) {
        (Some(file), _, _, _) => load(file)?,
        (None, Some(p), Some(g), Some(system)) => {
            let (pt, gt) = (read_text(p)?, read_text(g)?);
            tournament::from_csv(&pt, &gt, system, a.seed).map_err(|e| Refused(e.0))?
        }
        _ => {
            return Err(Refused(
                "give FILE.ron, or --players, --games and --system".into(),
            ));
        }
    };
    apply_ranking(&mut t, &a.ranking);
    let s = tournament::standings(&t);
    if a.json {
        println!("{}", export::standings_json(&s));
    } else {
        print!("{}", export::standings_text(&t, &s));
    }
    for n in &s.notes {
        eprintln!("note: {n}");
    }
    Ok(())
}
