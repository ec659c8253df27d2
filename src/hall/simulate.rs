//! `tianyuan hall simulate`: a hall on one machine. Each table plays a real record through the
//! real session journal (`Journal`, fsync'd entries, the lock, the arbiter's PIN for its
//! rulings), with the clocks at `--speed`, and each table's board link is handed each entry's
//! exact line as the journal's append returns (after its fsync), exactly as the window's
//! journal writer hands them to the window's link (issue 31 item 5: no polling). Journals are `table-N.tyj` in the
//! journal folder; a simulation stopped at any moment and started again with the same folder
//! goes on where each journal stops.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use crate::files::journal::{Journal, NewSession};
use crate::seal::KdfParams;
use crate::time::{SystemTimeSource, TimeSource};

use super::board_link::{BoardOptions, BoardReport, Feed, Source, run_board};
use super::creds::Creds;
use super::names::EventName;
use super::sim_plan::{Plan, SimGame, plan, sim_game};

/// The simulated arbiters' PIN (public: these are not real games).
pub const SIM_PIN: &str = "hall-simulation";
/// A cheap PIN derivation for simulated boards (a real session uses 64 MiB, 3 passes).
const SIM_KDF: KdfParams = KdfParams {
    m_kib: 1024,
    t: 1,
    p: 1,
};

/// How the simulation runs.
#[derive(Clone, Debug)]
pub struct SimOptions {
    /// The server's URL.
    pub server: String,
    /// The event.
    pub event: EventName,
    /// How many tables (1 to N).
    pub tables: u32,
    /// Where the records come from (a folder, searched recursively, or one file).
    pub games_from: PathBuf,
    /// Game seconds per real second.
    pub speed: f64,
    /// The journals' folder.
    pub journal: PathBuf,
    /// At most this many moves of each record.
    pub max_moves: usize,
    /// The boards' credentials folder (`table-N.creds`), for a server with accounts.
    pub creds_dir: Option<PathBuf>,
    /// Give up waiting for the desk this long after the last game ended (none: wait).
    pub timeout: Option<Duration>,
    /// Run the boards' links (false: write the journals only, for `tianyuan hall board`
    /// processes to follow).
    pub links: bool,
}

/// What the simulation did.
#[derive(Clone, Debug, Default)]
pub struct SimSummary {
    /// Boards.
    pub boards: u32,
    /// Entries written this run.
    pub written: u64,
    /// Entries in all journals.
    pub entries: u64,
    /// Entries the desk confirmed.
    pub confirmed: u64,
    /// Wall time of the run (ms).
    pub elapsed_ms: u64,
    /// From an entry on the board's disk (the journal's append returned) to the desk's
    /// confirmation reaching the board: p50, p95, max (ms).
    pub confirm_ms: (u64, u64, u64),
    /// The boards' hellos, and how many of them asked to republish.
    pub hellos: (u64, u64),
}

/// The records of `from`: every game tree that can be played at a board.
pub fn load_games(from: &Path) -> Result<Vec<SimGame>, String> {
    let mut files = Vec::new();
    let mut stack = vec![from.to_path_buf()];
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            let entries = std::fs::read_dir(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            for e in entries.flatten() {
                stack.push(e.path());
            }
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            files.push(p);
        }
    }
    files.sort();
    let mut games = Vec::new();
    for f in files {
        let Ok(bytes) = crate::files::read_bounded(&f, 4 * 1024 * 1024) else {
            continue;
        };
        let Ok(reading) = crate::record::read(&bytes) else {
            continue;
        };
        for (i, tree) in reading.collection.trees.iter().enumerate() {
            if let Some(g) = sim_game(tree, &format!("{}#{i}", f.display())) {
                games.push(g);
            }
        }
    }
    if games.is_empty() {
        return Err(format!(
            "{}: no playable game records found",
            from.display()
        ));
    }
    Ok(games)
}

struct SimBoard {
    table: u32,
    journal: Journal,
    feed: tokio::sync::mpsc::UnboundedSender<Feed>,
    plan: Plan,
    next: usize,
    base_t: u64,
}

/// Opens table `table`'s journal, or creates it; checks a journal found is this plan's. Its
/// link is told the session and fed every line already in the journal.
fn open_board(
    dir: &Path,
    table: u32,
    plan: Plan,
    feed: tokio::sync::mpsc::UnboundedSender<Feed>,
) -> Result<SimBoard, String> {
    let path = dir.join(format!("table-{table}.tyj"));
    let journal = if path.exists() {
        let j = Journal::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let s = &j.header().setup;
        if s.table != plan.setup.table || s.black.name != plan.setup.black.name {
            return Err(format!(
                "{}: another simulation's journal (table {}, {}); use another --journal folder",
                path.display(),
                s.table,
                s.black.name
            ));
        }
        j
    } else {
        let new = NewSession {
            pin: Some(SIM_PIN.to_owned()),
            kdf: SIM_KDF,
        };
        Journal::create(&path, plan.setup.clone(), &new, &[])
            .map_err(|(_, e)| format!("{}: {e}", path.display()))?
            .0
    };
    let next = (journal.entries() as usize)
        .saturating_sub(1)
        .min(plan.actions.len());
    let base_t = journal.session().last_at().0;
    let _ = feed.send(Feed::Session(path));
    for (i, line) in journal.bytes().split_inclusive(|&b| b == b'\n').enumerate() {
        let _ = feed.send(Feed::Entry(i as u32 + 1, line.to_vec()));
    }
    Ok(SimBoard {
        table,
        journal,
        feed,
        plan,
        next,
        base_t,
    })
}

/// When each entry was on its board's disk: (table, entry) → the instant its append returned.
type WrittenAt = std::sync::Mutex<std::collections::HashMap<(u32, u32), u64>>;

/// Plays the boards of one writer thread in real time at `speed` (instants on `time`).
fn play(
    mut boards: Vec<SimBoard>,
    speed: f64,
    stop: &AtomicBool,
    written: &AtomicUsize,
    time: SystemTimeSource,
    written_at: &WrittenAt,
) {
    loop {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let due = boards
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                b.plan.actions.get(b.next).map(|l| {
                    let game_ms = l.at.0.saturating_sub(b.base_t) as f64;
                    (i, (game_ms / speed) as u64)
                })
            })
            .min_by_key(|&(_, at)| at);
        let Some((i, at)) = due else { return };
        let wait = at.saturating_sub(time.now().0);
        if wait > 0 {
            std::thread::sleep(Duration::from_millis(wait.min(50)));
            continue;
        }
        let b = &mut boards[i];
        let line = b.plan.actions[b.next].clone();
        b.next += 1;
        let before = b.journal.bytes().len();
        match b.journal.append_line(&line, Some(SIM_PIN)) {
            Ok(a) => {
                written.fetch_add(1, Ordering::Relaxed);
                if let Ok(mut w) = written_at.lock() {
                    w.insert((b.table, a.n), time.now().0);
                }
                // On the disk now: the link has it at once, as the window's writer hands it.
                let bytes = b.journal.bytes().get(before..).unwrap_or_default().to_vec();
                let _ = b.feed.send(Feed::Entry(a.n, bytes));
            }
            Err(e) => {
                eprintln!(
                    "hall simulate: {}: {e}; this board stops",
                    b.journal.path().display()
                );
                b.next = b.plan.actions.len();
            }
        }
    }
}

#[derive(Default)]
struct Tally {
    hellos: u64,
    resyncs: u64,
    confirmed: u64,
    delays: Vec<u64>,
    offline: std::collections::BTreeSet<u32>,
}

/// Runs the simulation; `say` gets a progress line every few seconds.
pub fn run(options: &SimOptions, mut say: impl FnMut(String)) -> Result<SimSummary, String> {
    if !(options.speed.is_finite() && options.speed > 0.0) {
        return Err("--speed must be a positive number".into());
    }
    let games = load_games(&options.games_from)?;
    std::fs::create_dir_all(&options.journal)
        .map_err(|e| format!("{}: {e}", options.journal.display()))?;
    let threads = options.tables.clamp(1, 8) as usize;
    let mut groups: Vec<Vec<SimBoard>> = (0..threads).map(|_| Vec::new()).collect();
    let mut links = Vec::new();
    for table in 1..=options.tables {
        let game = &games[(table as usize - 1) % games.len()];
        let p = plan(game, options.event.as_str(), table, options.max_moves)?;
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let board = open_board(&options.journal, table, p, tx)?;
        groups[(table as usize - 1) % threads].push(board);
        let mut o = BoardOptions::new(
            &options.server,
            options.event.clone(),
            table,
            Source::Fed(rx),
        );
        o.until_done = true;
        if let Some(dir) = &options.creds_dir {
            let f = dir.join(format!("table-{table}.creds"));
            let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
            o.creds = Some(Creds::parse(&text).map_err(|e| format!("{}: {e}", f.display()))?);
        }
        links.push(o);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let written = Arc::new(AtomicUsize::new(0));
    let written_at: Arc<WrittenAt> = Arc::default();
    let time = SystemTimeSource::new();
    let writers: Vec<_> = groups
        .into_iter()
        .map(|g| {
            let (stop, written, speed) = (stop.clone(), written.clone(), options.speed);
            let at = written_at.clone();
            std::thread::spawn(move || play(g, speed, &stop, &written, time, &at))
        })
        .collect();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the network runtime: {e}"))?;
    if !options.links {
        // Only the journals: `tianyuan hall board` processes carry them.
        drop(links);
        for w in writers {
            let _ = w.join();
        }
        let written = written.load(Ordering::Relaxed) as u64;
        return Ok(SimSummary {
            boards: options.tables,
            written,
            elapsed_ms: time.now().0,
            ..SimSummary::default()
        });
    }
    let tally = Rc::new(RefCell::new(Tally::default()));
    let link_stop = Arc::new(AtomicBool::new(false));
    let done = Rc::new(RefCell::new(0u32));
    let ends = runtime.block_on(async {
        let boards = links.into_iter().map(|o| {
            let (tally, stop, done, time) = (tally.clone(), link_stop.clone(), done.clone(), &time);
            let table = o.table;
            let at = written_at.clone();
            async move {
                let end = run_board(o, time, stop, |r| match r {
                    BoardReport::Confirmed(list) => {
                        let now = time.now().0;
                        let mut t = tally.borrow_mut();
                        t.confirmed += list.len() as u64;
                        if let Ok(w) = at.lock() {
                            t.delays.extend(
                                list.iter()
                                    .filter_map(|(n, _)| w.get(&(table, *n)))
                                    .map(|disk| now.saturating_sub(*disk)),
                            );
                        }
                    }
                    BoardReport::Status(s) => {
                        let mut t = tally.borrow_mut();
                        if matches!(s, super::outbox::LinkStatus::Offline { .. }) {
                            t.offline.insert(table);
                        } else {
                            t.offline.remove(&table);
                        }
                    }
                    BoardReport::Asked(resync) => {
                        let mut t = tally.borrow_mut();
                        t.hellos += 1;
                        t.resyncs += u64::from(resync);
                    }
                    BoardReport::Note(n) => eprintln!("table {table}: {n}"),
                    _ => {}
                })
                .await;
                *done.borrow_mut() += 1;
                end
            }
        });
        let all = futures_util::future::join_all(boards);
        let watch = async {
            let mut games_over: Option<u64> = None;
            let mut last_say = 0u64;
            loop {
                tokio::time::sleep(Duration::from_millis(200)).await;
                let now = time.now().0;
                if writers.iter().all(|w| w.is_finished()) && games_over.is_none() {
                    games_over = Some(now);
                }
                if let (Some(t), Some(limit)) = (games_over, options.timeout)
                    && now.saturating_sub(t) > limit.as_millis() as u64
                {
                    link_stop.store(true, Ordering::Relaxed);
                }
                if now.saturating_sub(last_say) >= 2_000 {
                    last_say = now;
                    let t = tally.borrow();
                    say(format!(
                        "{} boards: {} entries written, {} confirmed by the desk, {} boards done, {} offline",
                        options.tables,
                        written.load(Ordering::Relaxed),
                        t.confirmed,
                        done.borrow(),
                        t.offline.len()
                    ));
                }
                if *done.borrow() >= options.tables {
                    break;
                }
            }
        };
        let (ends, ()) = futures_util::future::join(all, watch).await;
        ends
    });
    stop.store(true, Ordering::Relaxed);
    for w in writers {
        let _ = w.join();
    }
    let mut summary = SimSummary {
        boards: options.tables,
        written: written.load(Ordering::Relaxed) as u64,
        elapsed_ms: time.now().0,
        ..SimSummary::default()
    };
    let mut failures = Vec::new();
    for (i, e) in ends.into_iter().enumerate() {
        match e {
            Ok(end) => {
                summary.entries += u64::from(end.entries);
                summary.confirmed += u64::from(end.confirmed);
            }
            Err(e) => failures.push(format!("table {}: {e}", i + 1)),
        }
    }
    let mut d = tally.borrow().delays.clone();
    d.sort_unstable();
    let q = |p: f64| {
        d.get(((d.len() as f64 - 1.0) * p).round() as usize)
            .copied()
            .unwrap_or(0)
    };
    summary.confirm_ms = (q(0.5), q(0.95), d.last().copied().unwrap_or(0));
    summary.hellos = (tally.borrow().hellos, tally.borrow().resyncs);
    if !failures.is_empty() {
        return Err(failures.join("\n"));
    }
    Ok(summary)
}
