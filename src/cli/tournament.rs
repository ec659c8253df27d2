//! `tianyuan tournament new|set|pair|verify-pairing|results|withdraw|add|playoff|import|export|
//! standings|check-submission|ratings import|preview-ratings|exam` (issues 12, 19 and 28): the
//! tournament file (RON) and the organiser's CSV, OpenGotha, EGD, AGA and FFG files.
//!
//! Every write of an event goes through `update` (the file a command was given) or
//! `create_event` (`new`, `import -o`): the event as it will be written is read back and
//! validated first, then replaced atomically; a refusal leaves every file as it was; an existing
//! file is replaced only when told (`--force`, which keeps `FILE.bak`).
//!
//! Exit codes: 0 done, 1 refused data (the reason on standard error), 2 usage (clap).
//! `check-submission`: 0 clean, 1 findings, 2 usage or an unreadable file. `verify-pairing`:
//! 0 the re-run gives the published pairing, 1 it does not (or refused data).

use crate::i18n::Lang;
use crate::tournament::check::Body;
use crate::tournament::late_entry::MissedRound;
use crate::tournament::mcmahon::{HandicapRule, McMahonSettings};
use crate::tournament::ratings::ListKind;
use crate::tournament::{
    self, Extra, Rank, System, Tournament, TournamentError, event, export, opengotha,
};
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
    /// Add players after the start (late entries), paired from --from-round N.
    Add(AddArgs),
    /// Read an OpenGotha XML file into a new event file.
    Import(ImportArgs),
    /// Write the event as OpenGotha XML, the EGF table (.h9), CSV or printable HTML.
    Export(ExportArgs),
    /// Print the standings (places, tie-break chain and values).
    Standings(StandingsArgs),
    /// Change the event's settings (dates, place, time, rules, McMahon bar and floor,
    /// handicaps, pairs to avoid, the exam table).
    Set(SetArgs),
    /// Re-run a round's pairing from the file and its certificate: exit 0 when it comes out
    /// the same, 1 when not.
    VerifyPairing(VerifyArgs),
    /// Check a submission (an event file, or an .h9 / AGA report / .tou) before sending it:
    /// exit 0 clean, 1 with findings, 2 usage.
    CheckSubmission(CheckArgs),
    /// Rating lists: `ratings import`.
    #[command(subcommand)]
    Ratings(RatingsCommand),
    /// Preview the rating changes by the EGD's GoR formula, from the frozen list.
    PreviewRatings(PreviewArgs),
    /// Publish a play-off round (Art. 28.3) for a place that must be decided.
    Playoff(PlayoffArgs),
    /// The rank exam's results: wins, the rank awarded (定级/升级赛).
    Exam(ExamArgs),
}

/// `tianyuan tournament ratings …`.
#[derive(Debug, Subcommand)]
pub enum RatingsCommand {
    /// Read a rating list snapshot into the event (its date frozen), filling ranks and ids.
    Import(RatingsImportArgs),
}

fn parse_rank(s: &str) -> Result<Rank, String> {
    Rank::parse(s).map_err(|e| e.to_string())
}

fn parse_rules(s: &str) -> Result<event::RuleSet, String> {
    event::RuleSet::parse(s)
        .ok_or_else(|| format!("unknown rules {s:?}: use one of {}", event::RuleSet::NAMES))
}

fn parse_body(s: &str) -> Result<Body, String> {
    Body::parse(s).ok_or_else(|| format!("unknown rating body {s:?}: use egd, aga or ffg"))
}

fn parse_list(s: &str) -> Result<ListKind, String> {
    ListKind::parse(s).ok_or_else(|| format!("unknown list {s:?}: use egd, aga or ffg"))
}

fn parse_class(s: &str) -> Result<char, String> {
    match s.trim().to_ascii_uppercase().as_str() {
        c @ ("A" | "B" | "C" | "D") => Ok(c.chars().next().unwrap_or('A')),
        _ => Err(format!("unknown class {s:?}: use A, B, C or D")),
    }
}

/// The event's settings, shared by `new` and `set` (issue 19).
#[derive(Debug, Args, Clone, Default)]
pub struct EventArgs {
    /// McMahon bar: every player at or above it starts equal.
    #[arg(long, value_name = "RANK", value_parser = parse_rank)]
    pub bar: Option<Rank>,
    /// McMahon floor: every player at or below it starts equal.
    #[arg(long, value_name = "RANK", value_parser = parse_rank)]
    pub floor: Option<Rank>,
    /// Handicap games between two players both below this rank.
    #[arg(long, value_name = "RANK", value_parser = parse_rank)]
    pub handicap_below: Option<Rank>,
    /// Subtracted from the rank difference (default 1).
    #[arg(long, value_name = "N")]
    pub handicap_correction: Option<u32>,
    /// The most handicap stones (default 9).
    #[arg(long, value_name = "N")]
    pub handicap_max: Option<u32>,
    /// First and last day: YYYY-MM-DD[,YYYY-MM-DD].
    #[arg(long, value_name = "DATES")]
    pub dates: Option<String>,
    /// The place: "CC, City".
    #[arg(long, value_name = "PLACE")]
    pub place: Option<String>,
    /// The time control SPEC (chinese:limit=60m,reserve=5, japanese:main=60m,periods=5x30s …).
    #[arg(long, value_name = "SPEC")]
    pub time: Option<String>,
    /// The rules: chinese, japanese, korean, aga, ing, nz, french.
    #[arg(long, value_parser = parse_rules)]
    pub rules: Option<event::RuleSet>,
    /// The komi of even games in points (default: the rules').
    #[arg(long, value_name = "POINTS")]
    pub komi: Option<f64>,
    /// The EGD class declared (A, B, C, D; default: from the time control).
    #[arg(long, value_parser = parse_class)]
    pub class: Option<char>,
    /// Played on the internet (the EGD's class D).
    #[arg(long)]
    pub online: bool,
    /// Weights of pairs to avoid, e.g. family=100,club=50,city=10,country=0.
    #[arg(long, value_name = "WEIGHTS")]
    pub avoid: Option<String>,
    /// The rank exam's table, e.g. 5:+2,4:+1,2-3:0,0-1:-1.
    #[arg(long, value_name = "TABLE")]
    pub exam_table: Option<String>,
    /// Places 1..=N must be decided: ties there need a play-off (Art. 28.3).
    #[arg(long, value_name = "N")]
    pub decide_places: Option<u32>,
    /// What a McMahon player scores for each round missed before a late entry: 0 or half
    /// (as OpenGotha's "absent" value; default 0).
    #[arg(long, value_name = "0|half", value_parser = parse_missed)]
    pub missed_round: Option<MissedRound>,
}

fn parse_missed(s: &str) -> Result<MissedRound, String> {
    MissedRound::parse(s).ok_or_else(|| format!("{s:?}: a missed round scores 0 or half"))
}

/// Arguments of `tournament set`.
#[derive(Debug, Args)]
pub struct SetArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// The event's name.
    #[arg(long)]
    pub name: Option<String>,
    /// A player's name in Latin letters for the rating bodies' files: NAME=LATIN
    /// (`王磊=Wang Lei`, family name first). May be repeated.
    #[arg(long, value_name = "NAME=LATIN")]
    pub name_latin: Vec<String>,
    /// The system (before the first round; a Swiss and a McMahon may change into each other
    /// at any time, e.g. an OpenGotha file read as Swiss).
    #[arg(long, value_parser = parse_system)]
    pub system: Option<System>,
    /// Event settings.
    #[command(flatten)]
    pub event: EventArgs,
    /// Tie-break options.
    #[command(flatten)]
    pub ranking: RankingArgs,
}

/// Arguments of `tournament verify-pairing`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// The round to re-run.
    #[arg(long)]
    pub round: u32,
}

/// Arguments of `tournament check-submission`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// An event file (RON), or the file written for the body (.h9, AGA report, .tou).
    pub file: PathBuf,
    /// The rating body: egd, aga or ffg.
    #[arg(long = "for", value_name = "BODY", value_parser = parse_body)]
    pub body: Body,
    /// Print JSON: `[{"code", "at", "problem", "fix"}, …]`.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tournament ratings import`.
#[derive(Debug, Args)]
pub struct RatingsImportArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// The rating list's file (standard input when not given).
    pub list_file: Option<PathBuf>,
    /// Which list: egd (allworld_lp), aga (TDList), ffg (ech_ffg).
    #[arg(long, value_parser = parse_list)]
    pub list: ListKind,
    /// The list's date, frozen into the event.
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub date: String,
    /// Replace a list already frozen into the event (FILE.bak keeps the file as it was).
    #[arg(long)]
    pub force: bool,
}

/// Arguments of `tournament preview-ratings`.
#[derive(Debug, Args)]
pub struct PreviewArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// Print JSON: `[{"name", "egd_pin", "rating", "source", "games", "change", "new_rating"}, …]`.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tournament playoff`.
#[derive(Debug, Args)]
pub struct PlayoffArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// The players, comma-separated (default: every place that must be decided and is still
    /// shared; run again after the results until every such place is decided).
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
}

/// Arguments of `tournament exam`.
#[derive(Debug, Args)]
pub struct ExamArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// Print JSON: `[{"name", "group", "wins", "games", "before", "change", "awarded"}, …]`.
    #[arg(long)]
    pub json: bool,
}

fn parse_detail(s: &str) -> Result<tournament::explain::Detail, String> {
    match s {
        "decisive" => Ok(tournament::explain::Detail::Decisive),
        "all" => Ok(tournament::explain::Detail::All),
        _ => Err(format!("{s:?}: --explain or --explain=all")),
    }
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
    /// The event file to write (RON). An existing file is never replaced unless --force.
    pub out: PathBuf,
    /// players.csv: name,rank,club,team,withdrawn_after_round (name and rank required; then
    /// family,country,city,egd_pin,aga_id,ffg_licence,cn_id,name_latin in any order).
    #[arg(long, value_name = "P.csv")]
    pub players: PathBuf,
    /// The system: roundrobin, double-roundrobin, swiss, mcmahon, rank-exam, knockout,
    /// double-knockout, triple-knockout, elimination-N, best-of-3|5|7, ten-game,
    /// team-roundrobin, team-swiss, team-allplay, arena.
    #[arg(long, value_parser = parse_system)]
    pub system: System,
    /// Replace an existing OUT (kept as OUT.bak).
    #[arg(long)]
    pub force: bool,
    /// Rounds (default: what the system needs; Swiss: ⌈log2 players⌉ + 1).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// The seed of every lot drawn in this event.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The event's name.
    #[arg(long, default_value = "")]
    pub name: String,
    /// Event settings.
    #[command(flatten)]
    pub event: EventArgs,
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
    /// Print JSON: `[{"board": 1, "black": …, "white": …, "handicap": 0, "komi": 3.75}, …,
    /// {"bye": …}]`.
    #[arg(long)]
    pub json: bool,
    /// Explain each pair: the criterion that decided it against the best pairing without it,
    /// and the criteria it breaks; `--explain=all` adds every criterion met and the whole
    /// comparison (with --json: an "explain" key on each entry).
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "decisive", value_parser = parse_detail)]
    pub explain: Option<tournament::explain::Detail>,
    /// Language of the explanation: zh-Hans, zh-Hant or en.
    #[arg(long, default_value = "en", value_parser = parse_lang)]
    pub lang: Lang,
    /// A round paired by hand: PAIRS.csv rows `board,black,white,handicap` (board and
    /// handicap may be empty; white empty: the bye), checked by the event's rules (repeats,
    /// colours, handicaps) and written with a certificate marked manual.
    #[arg(long, value_name = "PAIRS.csv")]
    pub manual: Option<PathBuf>,
    /// Pair a published round again (it must have no results yet); FILE.bak keeps the file
    /// as it was.
    #[arg(long)]
    pub force: bool,
}

/// Arguments of `tournament results`.
#[derive(Debug, Args)]
pub struct ResultsArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// games.csv rows: round,board,black,white,result,black_warnings,white_warnings[,handicap]
    /// of published rounds (a round not paired is refused); a result replacing a different one
    /// is a correction and is reported.
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
    /// Change a withdrawal already recorded (FILE.bak keeps the file as it was).
    #[arg(long)]
    pub force: bool,
}

/// Arguments of `tournament add` (late entries).
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("who").required(true).multiple(true).args(["player", "players"])))]
pub struct AddArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// A player: NAME,RANK[,CLUB] (CSV: quote a name with a comma; an empty rank: no rank).
    /// May be repeated.
    #[arg(long, value_name = "NAME,RANK[,CLUB]")]
    pub player: Vec<String>,
    /// Players from a players.csv (the same columns as `new --players`).
    #[arg(long, value_name = "P.csv")]
    pub players: Option<PathBuf>,
    /// The first round they are paired in (default: the next round to pair). Earlier rounds
    /// are missed rounds: a McMahon score counts the event's --missed-round value for each.
    #[arg(long, value_name = "N")]
    pub from_round: Option<u32>,
    /// What each missed round scores (McMahon): 0 or half; sets the event's rule (refused
    /// once a late entrant has been paired with another value).
    #[arg(long, value_name = "0|half", value_parser = parse_missed)]
    pub missed_round: Option<MissedRound>,
    /// Country code of the --player entries.
    #[arg(long, value_name = "CC")]
    pub country: Option<String>,
    /// The name in Latin letters of a single --player (for the rating bodies' files).
    #[arg(long, value_name = "NAME")]
    pub name_latin: Option<String>,
    /// EGD PIN of a single --player.
    #[arg(long, value_name = "PIN")]
    pub egd_pin: Option<String>,
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
    /// Replace an existing OUT.ron (kept as OUT.ron.bak).
    #[arg(long)]
    pub force: bool,
}

/// Arguments of `tournament export`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("format").required(true).multiple(true).args(["opengotha", "h9", "aga", "tou", "csv", "html", "pairings", "slips", "certificates"])))]
pub struct ExportArgs {
    /// The event file (RON).
    pub file: PathBuf,
    /// OpenGotha XML.
    #[arg(long, value_name = "OUT.xml")]
    pub opengotha: Option<PathBuf>,
    /// The EGD results table.
    #[arg(long, value_name = "OUT.h9")]
    pub h9: Option<PathBuf>,
    /// The AGA results report.
    #[arg(long, value_name = "OUT.txt")]
    pub aga: Option<PathBuf>,
    /// The FFG results table.
    #[arg(long, value_name = "OUT.tou")]
    pub tou: Option<PathBuf>,
    /// Rank-exam certificates (HTML, one a page).
    #[arg(long, value_name = "OUT.html")]
    pub certificates: Option<PathBuf>,
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
    /// Replace a file that holds an event (kept as FILE.bak); other files are replaced anyway.
    #[arg(long)]
    pub force: bool,
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

fn read_bytes(path: &Path) -> Result<Vec<u8>, Refused> {
    crate::files::read_bounded(path, MAX_BYTES)
        .map_err(|e| Refused(format!("{}: {e}", path.display())))
}

/// A text file the organiser brings (players.csv, games.csv, pairs.csv, OpenGotha XML, rating
/// lists): UTF-8, else decoded as the SGF reader decodes (GB18030/GBK, Big5, Shift_JIS …,
/// guessed from the bytes), saying on standard error which encoding was read.
fn read_text(path: &Path) -> Result<String, Refused> {
    let bytes = read_bytes(path)?;
    match String::from_utf8(bytes) {
        Ok(text) => Ok(text),
        Err(e) => {
            let bytes = e.into_bytes();
            let decoded = crate::record::charset::decode(&bytes);
            if decoded.text.contains('\u{fffd}') {
                return Err(Refused(format!(
                    "{}: not UTF-8 text, and not readable as {} either (save it as UTF-8)",
                    path.display(),
                    decoded.charset
                )));
            }
            eprintln!(
                "tianyuan tournament: {}: not UTF-8; read as {}",
                path.display(),
                decoded.charset
            );
            Ok(decoded.text.into_owned())
        }
    }
}

fn with_file<T>(path: &Path, r: Result<T, TournamentError>) -> Result<T, Refused> {
    r.map_err(|e| Refused(format!("{}: {}", path.display(), e.0)))
}

/// An event file as it was read: its path, its bytes (the file must still hold them when it is
/// replaced: another program — the hall's desk, the window — may have written it meanwhile)
/// and the event.
pub struct Opened {
    /// The file.
    pub path: PathBuf,
    bytes: Vec<u8>,
    /// The event it holds.
    pub event: Tournament,
}

/// Loads an event file.
pub fn load(path: &Path) -> Result<Tournament, Refused> {
    open_event(path).map(|o| o.event)
}

/// Reads an event file, keeping its bytes for [`update`].
fn open_event(path: &Path) -> Result<Opened, Refused> {
    let bytes = read_bytes(path)?;
    let text = std::str::from_utf8(&bytes).map_err(|_| {
        Refused(format!(
            "{}: not UTF-8 text (not a tournament file)",
            path.display()
        ))
    })?;
    let event = with_file(path, tournament::file::from_ron(text))?;
    Ok(Opened {
        path: path.to_path_buf(),
        bytes,
        event,
    })
}

/// The bytes of `t` as its file will hold them, validated first: the text is read back and
/// must give the same event, which must pass every check a file is opened with.
fn checked_bytes(path: &Path, t: &Tournament) -> Result<Vec<u8>, Refused> {
    let text = with_file(path, tournament::file::to_ron(t))?;
    let back = tournament::file::from_ron(&text).map_err(|e| {
        Refused(format!(
            "{}: the event as it would be written does not read back ({e}); nothing written",
            path.display()
        ))
    })?;
    let mut expected = t.clone();
    expected.format = tournament::file::FORMAT;
    if back != expected {
        return Err(Refused(format!(
            "{}: the event as it would be written does not read back the same; nothing written",
            path.display()
        )));
    }
    Ok(text.into_bytes())
}

/// `FILE.bak` beside `path`.
fn backup_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(".bak");
    path.with_file_name(name)
}

/// Keeps `old` (the file's bytes before a forced replacement) as `FILE.bak`, atomically.
fn keep_backup(path: &Path, old: &[u8]) -> Result<PathBuf, Refused> {
    let bak = backup_path(path);
    crate::files::write_atomically(&bak, old)
        .map_err(|e| Refused(format!("{}: {e}; nothing written", bak.display())))?;
    Ok(bak)
}

/// Writes the event back into the file it was read from (the command's own change: a round
/// paired, results entered …), atomically and validated first. Refused, the file untouched,
/// when it no longer holds what was read. With `backup` (a command told `--force` to replace
/// something in the event) the file as it was is kept as `FILE.bak`.
fn update(opened: &Opened, t: &Tournament, backup: bool) -> Result<(), Refused> {
    let path = &opened.path;
    let bytes = checked_bytes(path, t)?;
    let now = read_bytes(path)?;
    if now != opened.bytes {
        return Err(Refused(format!(
            "{}: the file changed since it was read (another program wrote it); nothing written — run the command again",
            path.display()
        )));
    }
    if backup {
        let bak = keep_backup(path, &now)?;
        eprintln!(
            "tianyuan tournament: {}: the previous file is kept as {}",
            path.display(),
            bak.display()
        );
    }
    crate::files::write_atomically(path, &bytes)
        .map_err(|e| Refused(format!("{}: {e}", path.display())))
}

/// Creates a new event file (`new`, `import -o`), validated first. An existing file is never
/// replaced unless `force`; then it is kept as `FILE.bak` first.
fn create_event(path: &Path, t: &Tournament, force: bool) -> Result<(), Refused> {
    let bytes = checked_bytes(path, t)?;
    if !force {
        return crate::files::write_new(path, &bytes).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                Refused(format!(
                    "{} exists{}; it is left as it is (--force replaces it and keeps it as {})",
                    path.display(),
                    what_is_there(path),
                    backup_path(path).display()
                ))
            } else {
                Refused(format!("{}: {e}", path.display()))
            }
        });
    }
    if let Ok(old) = crate::files::read_bounded(path, MAX_BYTES) {
        let bak = keep_backup(path, &old)?;
        eprintln!(
            "tianyuan tournament: {} replaced; the previous file is kept as {}",
            path.display(),
            bak.display()
        );
    } else if path.exists() {
        return Err(Refused(format!(
            "{}: exists and is not a file that can be kept as a backup; nothing written",
            path.display()
        )));
    }
    crate::files::write_atomically(path, &bytes)
        .map_err(|e| Refused(format!("{}: {e}", path.display())))
}

/// What an existing file holds, for refusals: `" (an event: 48 players, 3 rounds published)"`.
fn what_is_there(path: &Path) -> String {
    match crate::files::read_bounded(path, MAX_BYTES)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|t| tournament::file::from_ron(&t).ok())
    {
        Some(t) => format!(
            " (an event: {} player{}, {} round{} published)",
            t.players.len(),
            if t.players.len() == 1 { "" } else { "s" },
            t.played.len(),
            if t.played.len() == 1 { "" } else { "s" }
        ),
        None => String::new(),
    }
}

/// Whether `path` holds an event (ours, or an OpenGotha or pairgoth tournament).
fn holds_event(path: &Path) -> bool {
    let Ok(bytes) = crate::files::read_bounded(path, MAX_BYTES) else {
        return false;
    };
    let text = String::from_utf8_lossy(&bytes);
    tournament::file::from_ron(&text).is_ok() || text.contains("<Tournament")
}

/// Writes an exported file. It never replaces the event it was exported from, nor any file
/// that holds an event, unless `force` (which keeps it as `FILE.bak`); other files (pages,
/// tables written before) are replaced.
fn write_export(path: &Path, bytes: &[u8], source: &Path, force: bool) -> Result<(), Refused> {
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    };
    if path.exists() && (same(path, source) || holds_event(path)) {
        if !force {
            return Err(Refused(format!(
                "{} holds an event{}; an export does not replace it (--force replaces it and keeps it as {})",
                path.display(),
                if same(path, source) {
                    " (the one exported)"
                } else {
                    ""
                },
                backup_path(path).display()
            )));
        }
        let old = read_bytes(path)?;
        keep_backup(path, &old)?;
    }
    crate::files::write_atomically(path, bytes)
        .map_err(|e| Refused(format!("{}: {e}", path.display())))
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
        TournamentCommand::Add(a) => add(a),
        TournamentCommand::Import(a) => import(a),
        TournamentCommand::Export(a) => export_files(a),
        TournamentCommand::Standings(a) => standings(a),
        TournamentCommand::Set(a) => set(a),
        TournamentCommand::VerifyPairing(a) => return verify_pairing(a),
        TournamentCommand::CheckSubmission(a) => return check_submission(a),
        TournamentCommand::Ratings(RatingsCommand::Import(a)) => ratings_import(a),
        TournamentCommand::PreviewRatings(a) => preview_ratings(a),
        TournamentCommand::Playoff(a) => playoff(a),
        TournamentCommand::Exam(a) => exam(a),
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
    with_file(&a.out, apply_event(&mut t, &a.event))?;
    apply_ranking(&mut t, &a.ranking);
    create_event(&a.out, &t, a.force)?;
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
    let opened = open_event(&a.file)?;
    let mut t = opened.event.clone();
    let fixed_table = matches!(
        t.system,
        System::RoundRobin
            | System::DoubleRoundRobin
            | System::TeamRoundRobin
            | System::TeamAllPlay
    );
    let published = t.round(a.round).cloned();
    if let Some(r) = &published
        && (a.force || a.manual.is_some())
    {
        if r.games.iter().any(|g| g.outcome.is_some()) {
            return Err(Refused(format!(
                "{}: round {} already has results; it cannot be paired again",
                a.file.display(),
                a.round
            )));
        }
        if !a.force {
            return Err(Refused(format!(
                "{}: round {} is published; --force pairs it again (FILE.bak keeps the file as it was)",
                a.file.display(),
                a.round
            )));
        }
        if let Some(later) = t.played.iter().find(|x| x.number > a.round && !x.playoff) {
            return Err(Refused(format!(
                "{}: round {} is published after it; pair the last round again, not round {}",
                a.file.display(),
                later.number,
                a.round
            )));
        }
        t.played.retain(|x| x.number != a.round);
    }
    if published.is_none() || a.force || a.manual.is_some() {
        if !fixed_table && let Some(prev) = a.round.checked_sub(1).and_then(|r| t.round(r)) {
            let pending = prev.games.iter().filter(|g| g.outcome.is_none()).count();
            if pending > 0 {
                eprintln!(
                    "tianyuan tournament: warning: round {} has {pending} games without a result; they count as not played",
                    prev.number
                );
            }
        }
        let round = match &a.manual {
            Some(csv) => {
                let text = read_text(csv)?;
                with_file(csv, tournament::manual::manual_round(&t, a.round, &text))?
            }
            None => with_file(&a.file, t.propose(a.round))?,
        };
        with_file(&a.file, t.publish(round))?;
        update(&opened, &t, published.is_some())?;
        if a.manual.is_some() {
            eprintln!(
                "tianyuan tournament: {}: round {} paired by hand; its certificate is marked manual",
                a.file.display(),
                a.round
            );
        }
    }
    let why = if a.explain.is_some() {
        Some(with_file(
            &a.file,
            tournament::mcmahon::explain(&t, a.round),
        )?)
    } else {
        None
    };
    match (a.json, &why) {
        (true, None) => println!("{}", export::pairing_json(&t, a.round)),
        (true, Some(e)) => println!("{}", explained_json(&t, e)),
        (false, _) => {
            print!("{}", export::pairing_text(&t, a.round));
            if let Some(e) = &why {
                let detail = a.explain.unwrap_or_default();
                print!(
                    "\n{}",
                    tournament::explain::explain_text_at(&t, e, a.lang, detail)
                );
            }
            if a.explain.is_some()
                && let Some(c) = t.round(a.round).and_then(|r| r.certificate.as_ref())
            {
                print!("\ncertificate:\n{}", c.text());
            }
        }
    }
    Ok(())
}

/// The pairing JSON with an `explain` object on each entry: the costs on each criterion and
/// what the next-best pairing without it would cost in addition.
fn explained_json(t: &Tournament, e: &tournament::mcmahon::Explanation) -> String {
    use serde_json::{Map, Value};
    let base: Value =
        serde_json::from_str(&export::pairing_json(t, e.round)).unwrap_or(Value::Null);
    let costs = |c: &tournament::mcmahon::Costs| {
        let mut m = Map::new();
        for (k, v) in tournament::mcmahon::CRITERIA.iter().zip(c) {
            m.insert(k.to_string(), Value::from(*v));
        }
        Value::Object(m)
    };
    let mut rows = match base {
        Value::Array(a) => a,
        _ => Vec::new(),
    };
    for row in rows.iter_mut() {
        let Value::Object(obj) = row else { continue };
        let black = obj
            .get("black")
            .or_else(|| obj.get("bye"))
            .and_then(Value::as_str)
            .unwrap_or("");
        let Some(p) = e.pairs.iter().find(|p| t.name_of(p.black) == black) else {
            continue;
        };
        let mut ex = Map::new();
        ex.insert("costs".into(), costs(&p.costs));
        ex.insert(
            "next_best".into(),
            p.next_best.as_ref().map_or(Value::Null, costs),
        );
        ex.insert(
            "decided_by".into(),
            p.decisive().map_or(Value::Null, |(k, _)| Value::from(k)),
        );
        obj.insert("explain".into(), Value::Object(ex));
    }
    Value::Array(rows).to_string()
}

/// Applies the event settings of `new` and `set`.
fn apply_event(t: &mut Tournament, a: &EventArgs) -> Result<(), TournamentError> {
    let mcmahon_args = a.bar.is_some()
        || a.floor.is_some()
        || a.handicap_below.is_some()
        || a.handicap_correction.is_some()
        || a.handicap_max.is_some();
    if mcmahon_args {
        if t.system != System::McMahon {
            return Err(TournamentError(
                "--bar, --floor and --handicap-* are McMahon settings (--system mcmahon)".into(),
            ));
        }
        let mut m: McMahonSettings = t.mcmahon.unwrap_or_default();
        if let Some(b) = a.bar {
            m.bar = b;
        }
        if let Some(f) = a.floor {
            m.floor = f;
        }
        match (a.handicap_below, m.handicap) {
            (Some(below), old) => {
                m.handicap = Some(HandicapRule {
                    below,
                    correction: a
                        .handicap_correction
                        .or(old.map(|h| h.correction))
                        .unwrap_or(1),
                    max: a.handicap_max.or(old.map(|h| h.max)).unwrap_or(9),
                });
            }
            (None, Some(mut h)) => {
                if let Some(c) = a.handicap_correction {
                    h.correction = c;
                }
                if let Some(x) = a.handicap_max {
                    h.max = x;
                }
                m.handicap = Some(h);
            }
            (None, None) if a.handicap_correction.is_some() || a.handicap_max.is_some() => {
                return Err(TournamentError(
                    "--handicap-correction and --handicap-max need --handicap-below RANK".into(),
                ));
            }
            (None, None) => {}
        }
        m.validate()?;
        t.mcmahon = Some(m);
    }
    if let Some(d) = &a.dates {
        t.event.dates = Some(event::parse_dates(d)?);
    }
    if let Some(p) = &a.place {
        let (cc, city) = event::parse_place(p);
        t.event.country = cc;
        t.event.city = city;
    }
    if let Some(time) = &a.time {
        t.event.time = Some(event::parse_time(time)?);
    }
    if let Some(r) = a.rules {
        t.event.rules = r;
    }
    if let Some(k) = a.komi {
        if !k.is_finite() || (k * 2.0).fract() != 0.0 || k.abs() > 100.0 {
            return Err(TournamentError(format!(
                "--komi {k}: a number of points in halves (7.5, 6.5, 0.5)"
            )));
        }
        t.event.komi_half_points = Some((k * 2.0) as i64);
    }
    if let Some(c) = a.class {
        t.event.class = Some(c);
    }
    if a.online {
        t.event.online = true;
    }
    if let Some(w) = &a.avoid {
        t.avoid.parse_into(w)?;
    }
    if let Some(x) = &a.exam_table {
        t.exam = Some(tournament::exam::ExamTable::parse(x)?);
    }
    if let Some(n) = a.decide_places {
        t.decided_places = n;
    }
    if let Some(rule) = a.missed_round {
        t.set_missed_round(rule)?;
    }
    Ok(())
}

fn set(a: &SetArgs) -> Result<(), Refused> {
    let opened = open_event(&a.file)?;
    let mut t = opened.event.clone();
    if let Some(n) = &a.name {
        t.name = n.clone();
    }
    for pair in &a.name_latin {
        let Some((name, latin)) = pair.split_once('=') else {
            return Err(Refused(format!(
                "--name-latin {pair:?}: write NAME=LATIN (王磊=Wang Lei)"
            )));
        };
        let Some(id) = t.player_named(name.trim()) else {
            return Err(Refused(format!("no player is named {:?}", name.trim())));
        };
        t.players[id.index()].name_latin = latin.trim().to_string();
    }
    if let Some(system) = a.system.filter(|s| *s != t.system) {
        let score_paired = |s: System| matches!(s, System::Swiss | System::McMahon);
        if !(t.played.is_empty() || score_paired(system) && score_paired(t.system)) {
            return Err(Refused(format!(
                "{}: rounds are published; a {} event cannot become {}",
                a.file.display(),
                t.system.name(),
                system.name()
            )));
        }
        t.system = system;
        if system == System::McMahon && t.mcmahon.is_none() {
            t.mcmahon = Some(McMahonSettings::default());
        }
    }
    with_file(&a.file, apply_event(&mut t, &a.event))?;
    apply_ranking(&mut t, &a.ranking);
    tournament::certificate::log_settings_change(&opened.event, &mut t);
    update(&opened, &t, false)?;
    let e = &t.event;
    println!(
        "{}: {}{}; rules {}; dates {}; place {}; time {}; EGD class {}",
        a.file.display(),
        t.system.name(),
        t.mcmahon
            .filter(|_| t.system == System::McMahon)
            .map_or(String::new(), |m| format!(" ({})", m.text())),
        e.rules.name(),
        e.dates
            .as_ref()
            .map_or("-".into(), |(x, y)| format!("{x}..{y}")),
        if e.place_text().is_empty() {
            "-".into()
        } else {
            e.place_text()
        },
        e.time.clone().unwrap_or_else(|| "-".into()),
        e.class().map_or("-".into(), String::from)
    );
    Ok(())
}

fn verify_pairing(a: &VerifyArgs) -> ExitCode {
    let checked = load(&a.file)
        .and_then(|t| with_file(&a.file, tournament::certificate::verify(&t, a.round)));
    match checked {
        Ok(v) => {
            for f in &v.findings {
                println!("{f}");
            }
            let file = a.file.display();
            if !v.tampered.is_empty() {
                let what = v.tampered.join(", ");
                let verb = if v.tampered.len() == 1 {
                    "differs"
                } else {
                    "differ"
                };
                println!(
                    "{file}: round {}: the certificate does not verify ({what} {verb})",
                    a.round
                );
                eprintln!(
                    "tianyuan tournament: {file}: round {}: certificate refused: {what} {verb}",
                    a.round
                );
                return ExitCode::from(1);
            }
            match (v.same, v.manual) {
                (true, true) => println!(
                    "{file}: round {}: paired by hand; the certificate matches the published pairing, which keeps the event's rules",
                    a.round
                ),
                (true, false) => println!("{file}: round {} re-run: the same pairing", a.round),
                (false, true) => println!(
                    "{file}: round {}: paired by hand, and it breaks the event's rules now",
                    a.round
                ),
                (false, false) => {
                    println!("{file}: round {} re-run: a different pairing", a.round)
                }
            }
            if v.same {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(Refused(m)) => {
            eprintln!("tianyuan tournament: {m}");
            ExitCode::from(1)
        }
    }
}

fn check_submission(a: &CheckArgs) -> ExitCode {
    let bytes = match crate::files::read_bounded(&a.file, MAX_BYTES) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("tianyuan tournament: {}: {e}", a.file.display());
            return ExitCode::from(2);
        }
    };
    // UTF-8, else ISO-8859-1 (the FFG's and older EGD files).
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    let findings = match tournament::file::from_ron(&text) {
        Ok(t) => tournament::check::check_event(&t, a.body),
        Err(_) if text.trim_start().starts_with("(") && text.contains("system:") => {
            eprintln!(
                "tianyuan tournament: {}: an event file that does not read",
                a.file.display()
            );
            return ExitCode::from(2);
        }
        Err(_) => tournament::check::check_file(&text, a.body),
    };
    let errors = findings.iter().filter(|f| f.is_error()).count();
    if a.json {
        println!("{}", tournament::check::findings_json(&findings));
    } else {
        print!("{}", tournament::check::findings_text(&findings));
        if errors == 0 {
            let notes = findings.len();
            println!(
                "{}: clean{}",
                a.file.display(),
                match notes {
                    0 => String::new(),
                    1 => " (1 note)".into(),
                    n => format!(" ({n} notes)"),
                }
            );
        }
    }
    if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn ratings_import(a: &RatingsImportArgs) -> Result<(), Refused> {
    let opened = open_event(&a.file)?;
    let mut t = opened.event.clone();
    if let Some(old) = &t.ratings
        && !a.force
    {
        return Err(Refused(format!(
            "{}: the {} list of {} is frozen into the event; --force replaces it (FILE.bak keeps the file as it was)",
            a.file.display(),
            old.list.name(),
            old.date
        )));
    }
    let replacing = t.ratings.is_some();
    let text = match &a.list_file {
        Some(p) => {
            let bytes = crate::files::read_bounded(p, 512 * 1024 * 1024)
                .map_err(|e| Refused(format!("{}: {e}", p.display())))?;
            match String::from_utf8(bytes) {
                Ok(t) => t,
                Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
            }
        }
        None => {
            use std::io::Read as _;
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| Refused(format!("standard input: {e}")))?;
            match String::from_utf8(buf) {
                Ok(t) => t,
                Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
            }
        }
    };
    let list = tournament::ratings::read_list(a.list, &text);
    let report = with_file(
        &a.file,
        tournament::ratings::import(&mut t, a.list, &a.date, &list),
    )?;
    update(&opened, &t, replacing)?;
    println!(
        "{}: {} list of {} ({} lines): {} matched, {} not found, {} ambiguous",
        a.file.display(),
        a.list.name(),
        a.date,
        list.len(),
        report.matched.len(),
        report.unmatched.len(),
        report.ambiguous.len()
    );
    for n in &report.notes {
        println!("  {n}");
    }
    if !report.unmatched.is_empty() {
        println!("  not found: {}", report.unmatched.join(", "));
    }
    Ok(())
}

fn preview_ratings(a: &PreviewArgs) -> Result<(), Refused> {
    let t = load(&a.file)?;
    let rows = tournament::ratings::preview(&t);
    if a.json {
        println!(
            "{}",
            serde_json::to_string(&rows).unwrap_or_else(|_| "[]".into())
        );
        return Ok(());
    }
    let (weight, known) = tournament::ratings::class_weight(&t);
    println!(
        "GoR preview (EGD rating system, 2021 algorithm){}; class weight {weight}{}",
        t.ratings.as_ref().map_or(String::new(), |s| format!(
            ", {} list of {}",
            s.list.name(),
            s.date
        )),
        if known {
            ""
        } else {
            " (no class known: set --time)"
        }
    );
    println!(
        "{:<24} {:>9} {:>6} {:>5} {:>9} {:>9}",
        "name", "pin", "rating", "games", "change", "after"
    );
    for r in rows {
        println!(
            "{:<24} {:>9} {:>6} {:>5} {:>+9.3} {:>9.3}",
            r.name, r.egd_pin, r.rating, r.games, r.change, r.new_rating
        );
    }
    Ok(())
}

fn playoff(a: &PlayoffArgs) -> Result<(), Refused> {
    let opened = open_event(&a.file)?;
    let mut t = opened.event.clone();
    let n = if a.players.is_empty() {
        // Every group still sharing a place that must be decided (Art. 28.3).
        with_file(&a.file, t.add_playoff_round())?
    } else {
        let players: Vec<tournament::PlayerId> = a
            .players
            .iter()
            .map(|n| {
                t.player_named(n.trim())
                    .ok_or_else(|| Refused(format!("no player is named {:?}", n.trim())))
            })
            .collect::<Result<_, _>>()?;
        with_file(&a.file, t.add_playoff(&players))?
    };
    update(&opened, &t, false)?;
    println!("{}: play-off round {n} (Art. 28.3)", a.file.display());
    print!("{}", export::pairing_text(&t, n));
    Ok(())
}

fn exam(a: &ExamArgs) -> Result<(), Refused> {
    let t = load(&a.file)?;
    let rs = with_file(&a.file, tournament::exam::results(&t))?;
    if a.json {
        let rows: Vec<serde_json::Value> = rs
            .iter()
            .map(|r| {
                serde_json::json!({
                    "name": t.name_of(r.player),
                    "group": r.group,
                    "wins": r.wins,
                    "games": r.games,
                    "before": r.before.map(|x| x.to_string()),
                    "change": r.change,
                    "awarded": r.awarded.map(|x| x.to_string()),
                })
            })
            .collect();
        println!("{}", serde_json::Value::Array(rows));
    } else {
        print!("{}", tournament::exam::results_text(&t, &rs));
    }
    Ok(())
}

fn results(a: &ResultsArgs) -> Result<(), Refused> {
    let opened = open_event(&a.file)?;
    let mut t = opened.event.clone();
    let text = read_text(&a.games)?;
    let rows = tournament::csv_import::read_game_rows(&text, &t.players)
        .map_err(|e| Refused(format!("{}: {}", a.games.display(), e.0)))?;
    let done = with_file(&a.games, tournament::post::enter_rows(&mut t, &rows))?;
    update(&opened, &t, false)?;
    println!("{}: {} results entered", a.file.display(), done.rows);
    for c in &done.corrected {
        println!("  corrected: {c}");
    }
    Ok(())
}

fn withdraw(a: &WithdrawArgs) -> Result<(), Refused> {
    let opened = open_event(&a.file)?;
    let mut t = opened.event.clone();
    let earlier = t
        .player_named(&a.player)
        .and_then(|p| t.player(p).withdrawn_after_round);
    if let Some(w) = earlier
        && w != a.after
        && !a.force
    {
        return Err(Refused(format!(
            "{}: {} withdrew after round {w} already; --force records round {} instead (FILE.bak keeps the file as it was)",
            a.file.display(),
            a.player,
            a.after
        )));
    }
    let redraws = t.redraws.len();
    with_file(&a.file, t.withdraw(&a.player, a.after))?;
    update(&opened, &t, earlier.is_some_and(|w| w != a.after))?;
    println!(
        "{}: {} withdrew after round {}",
        a.file.display(),
        a.player,
        a.after
    );
    if let Some(r) = t.redraws.get(redraws) {
        println!("lots drawn again with seed {}: {}", r.seed, r.reason);
    }
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
    create_event(&a.out, &t, a.force)?;
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
    let outputs: [(&Option<PathBuf>, &dyn Fn() -> String); 7] = [
        (&a.opengotha, &|| opengotha::write(&t)),
        (&a.h9, &|| export::h9(&t, &s)),
        (&a.aga, &|| tournament::rating_files::aga(&t)),
        (&a.csv, &|| export::standings_csv(&t, &s)),
        (&a.html, &|| export::standings_html(&t, &s, a.lang)),
        (&a.pairings, &|| export::pairing_html(&t, round, a.lang)),
        (&a.slips, &|| export::slips_html(&t, round, a.lang)),
    ];
    let mut files: Vec<(&PathBuf, Vec<u8>)> = Vec::new();
    for (path, make) in outputs {
        if let Some(path) = path {
            files.push((path, make().into_bytes()));
        }
    }
    if let Some(path) = &a.tou {
        files.push((
            path,
            tournament::rating_files::latin1_or_utf8(&tournament::rating_files::tou(&t, &s)),
        ));
    }
    if let Some(path) = &a.certificates {
        let rs = with_file(&a.file, tournament::exam::results(&t))?;
        files.push((
            path,
            tournament::exam::certificates_html(&t, &rs, a.lang).into_bytes(),
        ));
    }
    // Every target is checked before any is written.
    if !a.force
        && let Some((path, _)) = files.iter().find(|(p, _)| p.exists() && holds_event(p))
    {
        return Err(Refused(format!(
            "{} holds an event; an export does not replace it (--force replaces it and keeps it as {}); nothing written",
            path.display(),
            backup_path(path).display()
        )));
    }
    for (path, bytes) in files {
        write_export(path, &bytes, &a.file, a.force)?;
    }
    Ok(())
}

fn add(a: &AddArgs) -> Result<(), Refused> {
    let opened = open_event(&a.file)?;
    let mut t = opened.event.clone();
    let mut entrants: Vec<tournament::Player> = Vec::new();
    for spec in &a.player {
        let records = tournament::csv_text::read(spec)
            .map_err(|e| Refused(format!("--player {spec:?}: {e}")))?;
        let fields = match records.as_slice() {
            [r] => r.fields.clone(),
            _ => {
                return Err(Refused(format!(
                    "--player {spec:?}: write NAME,RANK[,CLUB]"
                )));
            }
        };
        if fields.len() > 3 {
            return Err(Refused(format!(
                "--player {spec:?}: NAME,RANK[,CLUB] (quote a name with a comma; other details: --players P.csv)"
            )));
        }
        let field = |i: usize| fields.get(i).map_or("", |f| f.trim());
        let rank = match field(1) {
            "" => None,
            r => Some(Rank::parse(r).map_err(|e| Refused(format!("--player {spec:?}: {e}")))?),
        };
        entrants.push(tournament::Player {
            name: field(0).to_string(),
            rank,
            club: field(2).to_string(),
            country: a
                .country
                .clone()
                .unwrap_or_default()
                .trim()
                .to_ascii_uppercase(),
            ..tournament::Player::default()
        });
    }
    if (a.name_latin.is_some() || a.egd_pin.is_some()) && entrants.len() != 1 {
        return Err(Refused(
            "--name-latin and --egd-pin go with a single --player".into(),
        ));
    }
    if let Some(p) = entrants.first_mut() {
        p.name_latin = a.name_latin.clone().unwrap_or_default();
        p.ids.egd_pin = a.egd_pin.clone().unwrap_or_default();
    }
    if let Some(csv) = &a.players {
        let listed = tournament::csv_import::read_players(&read_text(csv)?)
            .map_err(|e| Refused(format!("{}: {}", csv.display(), e.0)))?;
        if let Some(p) = listed.iter().find(|p| p.withdrawn_after_round.is_some()) {
            return Err(Refused(format!(
                "{}: {} is marked withdrawn; a late entry is not",
                csv.display(),
                p.name
            )));
        }
        entrants.extend(listed);
    }
    let last = t
        .played
        .iter()
        .filter(|r| !r.playoff)
        .map(|r| r.number)
        .max()
        .unwrap_or(0);
    let from = a.from_round.unwrap_or(last + 1);
    if let Some(rule) = a.missed_round {
        with_file(&a.file, t.set_missed_round(rule))?;
    }
    let mut added = Vec::new();
    for p in entrants {
        let id = with_file(&a.file, t.add_late_entry(p, from))?;
        added.push(id);
    }
    update(&opened, &t, false)?;
    let missed = from.saturating_sub(1);
    for id in added {
        let p = t.player(id);
        let mut line = format!(
            "{}: added {} ({}, lot {}), paired from round {from}",
            a.file.display(),
            p.name,
            p.rank.map_or("no rank".to_string(), |r| r.to_string()),
            p.lot
        );
        if missed > 0 && t.system == System::McMahon {
            let (mode, _) = tournament::certificate::settings_at(&t, from);
            let initial = tournament::mcmahon::initial_half(&mode, p);
            let extra = tournament::late_entry::missed_half(&t, p, from);
            line.push_str(&format!(
                "; {missed} missed round{} score {} each: McMahon score {} + {} = {}",
                if missed == 1 { "" } else { "s" },
                t.missed_round.text(),
                half(initial),
                half(extra),
                half(initial + extra)
            ));
        }
        println!("{line}");
    }
    if let Some(r) = t.round(last)
        && from > last
        && last > 0
        && r.games.iter().all(|g| g.outcome.is_none())
    {
        println!(
            "round {last} is published without results: to pair them in it, add them with --from-round {last} and pair it again with --force"
        );
    }
    Ok(())
}

/// Half points as points: `12`, `12.5`.
fn half(h: i64) -> String {
    tournament::event::number_text(h as f64 / 2.0)
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
