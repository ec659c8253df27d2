//! What every hall test needs (issue 14, 18): a real `nats-server` per test on a free port in
//! its own folder, the `tianyuan` binary as desk, boards and simulator, deadlines, and the
//! check that the desk's copies equal the boards' journals.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tianyuan::files::journal::read_journal;
use tianyuan::hall::desk_folder::read_state;
use tianyuan::seal::hex;
use tianyuan::time::{SystemTimeSource, TimeSource};

#[path = "../support/corpus.rs"]
mod corpus;

/// A deadline on the monotonic clock (through the crate's one reading of it).
pub struct Deadline(SystemTimeSource, u64);

impl Deadline {
    pub fn in_secs(secs: u64) -> Deadline {
        Deadline(SystemTimeSource::new(), secs * 1000)
    }

    pub fn passed(&self) -> bool {
        self.0.now().0 > self.1
    }
}

pub const BIN: &str = env!("CARGO_BIN_EXE_tianyuan");

pub fn nats_server() -> Option<PathBuf> {
    ["/usr/sbin/nats-server", "/usr/bin/nats-server"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .or_else(|| {
            std::env::var_os("PATH").and_then(|paths| {
                std::env::split_paths(&paths)
                    .map(|d| d.join("nats-server"))
                    .find(|p| p.exists())
            })
        })
}

pub fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ty-hall-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A child process killed (SIGKILL) when dropped.
pub struct Proc(pub Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A nats-server with JetStream on `port`, storing in `dir` (or with a config file).
pub fn start_server(bin: &Path, port: u16, dir: &Path, config: Option<&Path>) -> Proc {
    let mut cmd = Command::new(bin);
    match config {
        Some(c) => cmd.args(["-c", &c.display().to_string()]),
        None => cmd.args([
            "-js",
            "-sd",
            &dir.display().to_string(),
            "-a",
            "127.0.0.1",
            "-p",
            &port.to_string(),
        ]),
    };
    let child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nats-server starts");
    let until = Deadline::in_secs(10);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(!until.passed(), "nats-server did not listen on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
    Proc(child)
}

/// A headless desk; its standard output and error lines are collected.
pub struct Desk {
    pub proc: Proc,
    pub lines: Arc<Mutex<Vec<String>>>,
}

impl Desk {
    pub fn start(url: &str, event: &str, dir: &Path, extra: &[&str]) -> Desk {
        let mut child = Command::new(BIN)
            .args(["desk", event, "--server", url, "--journal"])
            .arg(dir)
            .args(["--headless", "--lang", "en"])
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the desk starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        for out in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let lines = lines.clone();
            std::thread::spawn(move || {
                for l in BufReader::new(out).lines().map_while(Result::ok) {
                    lines.lock().unwrap().push(l);
                }
            });
        }
        Desk {
            proc: Proc(child),
            lines,
        }
    }

    pub fn say(&mut self, line: &str) {
        let stdin = self.proc.0.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    pub fn wait_for(&self, what: &str, secs: u64) -> String {
        let until = Deadline::in_secs(secs);
        loop {
            if let Some(l) = self.lines.lock().unwrap().iter().find(|l| l.contains(what)) {
                return l.clone();
            }
            assert!(
                !until.passed(),
                "the desk never said {what:?}; it said:\n{}",
                self.lines.lock().unwrap().join("\n")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Quits through standard input; returns everything it said.
    pub fn quit(mut self) -> Vec<String> {
        self.say("quit");
        let until = Deadline::in_secs(20);
        while self.proc.0.try_wait().unwrap().is_none() {
            assert!(!until.passed(), "the desk did not quit");
            std::thread::sleep(Duration::from_millis(50));
        }
        std::thread::sleep(Duration::from_millis(100));
        self.lines.lock().unwrap().clone()
    }
}

pub fn games() -> PathBuf {
    corpus::corpus_dir()
        .map(|c| c.join("gnugo-regression/games"))
        .filter(|p| p.is_dir())
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf"))
}

pub fn simulate(url: &str, event: &str, tables: u32, journals: &Path, extra: &[&str]) -> Child {
    Command::new(BIN)
        .args(["hall", "simulate", "--server", url, "--event", event])
        .args(["--tables", &tables.to_string(), "--games-from"])
        .arg(games())
        .arg("--journal")
        .arg(journals)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the simulation starts")
}

pub fn finish(child: Child, secs: u64) -> String {
    let child = Proc(child);
    let until = Deadline::in_secs(secs);
    let mut proc = child;
    loop {
        if let Some(status) = proc.0.try_wait().unwrap() {
            let mut out = String::new();
            let mut err = String::new();
            std::io::Read::read_to_string(proc.0.stdout.as_mut().unwrap(), &mut out).unwrap();
            std::io::Read::read_to_string(proc.0.stderr.as_mut().unwrap(), &mut err).unwrap();
            assert!(status.success(), "simulation failed: {out}\n{err}");
            return out;
        }
        assert!(!until.passed(), "the simulation did not end in {secs} s");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Every board journal's entries and head, and the desk's copies (and their bytes), agree.
pub fn assert_desk_equals_boards(desk_dir: &Path, journals: &Path, tables: u32) -> u64 {
    let state = read_state(desk_dir).unwrap();
    assert_eq!(
        state.len(),
        tables as usize,
        "one session a table: {state:?}"
    );
    let out = Command::new(BIN)
        .args(["desk", "state"])
        .arg(desk_dir)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = json["tables"].as_array().unwrap();
    let mut total = 0;
    for table in 1..=tables {
        let board = journals.join(format!("table-{table}.tyj"));
        let (bytes, reading) = read_journal(&board).unwrap();
        let row = rows
            .iter()
            .find(|r| r["table"] == table)
            .unwrap_or_else(|| panic!("table {table} missing at the desk"));
        assert_eq!(row["session"], reading.header.id.as_str(), "table {table}");
        assert_eq!(row["entries"], reading.intact(), "table {table}");
        assert_eq!(
            row["head"],
            hex::encode(&reading.head()).as_str(),
            "table {table}"
        );
        let copy = desk_dir.join(format!("table-{table}/{}.tyj", reading.header.id));
        assert_eq!(
            std::fs::read(copy).unwrap(),
            bytes,
            "table {table}: the same bytes"
        );
        total += u64::from(reading.intact());
    }
    total
}

pub fn held_this_run(lines: &[String]) -> u64 {
    lines
        .iter()
        .find_map(|l| {
            l.strip_prefix("desk: ")?
                .split(" entries held this run")
                .next()?
                .parse()
                .ok()
        })
        .expect("the desk says what it held")
}

pub fn http_get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: hall\r\n\r\n").unwrap();
    let mut out = String::new();
    std::io::Read::read_to_string(&mut s, &mut out).unwrap();
    out
}

/// Waits until `done` holds, or fails saying `what`.
pub fn wait_until(secs: u64, what: &str, mut done: impl FnMut() -> bool) {
    let until = Deadline::in_secs(secs);
    while !done() {
        assert!(!until.passed(), "{what}: not within {secs} s");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Runs `tianyuan ARGS` to its end: (success, stdout, stderr).
pub fn run(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("tianyuan runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A new session journal from a script (`setup …` then actions), with the arbiter's PIN.
pub fn new_session(path: &Path, script: &str, pin: &str) {
    let text = path.with_extension("txt");
    std::fs::write(&text, script).unwrap();
    let (ok, out, err) = run(&[
        "session",
        "new",
        &path.display().to_string(),
        "--script",
        &text.display().to_string(),
        "--pin",
        pin,
    ]);
    assert!(ok, "session new: {out}{err}");
}

/// Appends one action to a session.
pub fn append(path: &Path, act: &str, pin: &str) {
    let (ok, out, err) = run(&[
        "session",
        "append",
        &path.display().to_string(),
        act,
        "--pin",
        pin,
    ]);
    assert!(ok, "session append {act}: {out}{err}");
}

/// The entries the desk's folder holds of `table`'s latest session.
pub fn desk_entries(desk_dir: &Path, table: u32) -> u32 {
    read_state(desk_dir)
        .unwrap_or_default()
        .iter()
        .filter(|s| s.table == table)
        .map(|s| s.entries)
        .next_back()
        .unwrap_or(0)
}

/// `desk creds EVENT --tables N` for a server on `port`: the credentials' folder.
pub fn make_creds(dir: &Path, event: &str, tables: u32, port: u16, desk_dir: &Path) -> PathBuf {
    let creds = dir.join("creds");
    let (ok, out, err) = run(&[
        "desk",
        "creds",
        event,
        "--tables",
        &tables.to_string(),
        "--out",
        &creds.display().to_string(),
        "--journal",
        &desk_dir.display().to_string(),
        "--listen",
        &format!("127.0.0.1:{port}"),
        "--store",
        &dir.join("js").display().to_string(),
    ]);
    assert!(ok, "desk creds: {out}{err}");
    creds
}

/// A `tianyuan hall board` link; its output lines are collected.
pub struct Board {
    pub proc: Proc,
    pub lines: Arc<Mutex<Vec<String>>>,
}

impl Board {
    /// Starts `hall board` for `session` at `table`, with `extra` arguments.
    pub fn start(url: &str, event: &str, table: u32, session: &Path, extra: &[&str]) -> Board {
        let mut child = Command::new(BIN)
            .args(["hall", "board", "--server", url, "--event", event])
            .args(["--table", &table.to_string(), "--session"])
            .arg(session)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the board's link starts");
        let lines = Arc::new(Mutex::new(Vec::new()));
        for out in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let lines = lines.clone();
            std::thread::spawn(move || {
                for l in BufReader::new(out).lines().map_while(Result::ok) {
                    lines.lock().unwrap().push(l);
                }
            });
        }
        Board {
            proc: Proc(child),
            lines,
        }
    }

    /// Everything it said so far.
    pub fn said(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }

    /// Waits until it said `what`.
    pub fn wait_for(&self, what: &str, secs: u64) {
        wait_until(secs, &format!("the board saying {what:?}"), || {
            self.said().contains(what)
        });
    }
}

impl Desk {
    /// Everything it said so far.
    pub fn said(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }
}

/// A credentials file of `desk creds`' folder.
pub fn creds_of(dir: &Path, name: &str) -> tianyuan::hall::creds::Creds {
    tianyuan::hall::creds::Creds::parse(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap()
}

/// The session id of a journal.
pub fn session_id(path: &Path) -> String {
    read_journal(path).unwrap().1.header.id
}

/// A current-thread runtime for a test's own clients.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A client with a board's (or the desk's) seed, its inbox where the server lets it listen.
pub async fn client_as(
    url: &str,
    creds: &tianyuan::hall::creds::Creds,
    inbox: &str,
) -> async_nats::Client {
    async_nats::ConnectOptions::with_nkey(creds.seed.clone())
        .custom_inbox_prefix(inbox)
        .request_timeout(Some(Duration::from_millis(1500)))
        .connect(url)
        .await
        .unwrap()
}

/// A tournament of four players with round 1 paired: (file, [(board, black, white)]).
pub fn tournament(dir: &Path) -> (std::path::PathBuf, Vec<(u32, String, String)>) {
    std::fs::write(
        dir.join("players.csv"),
        "name,rank\nAn,5d\nBo,4d\nCe,3d\nDi,2d\n",
    )
    .unwrap();
    let event = dir.join("event.ron");
    let (ok, _, err) = run(&[
        "tournament",
        "new",
        &event.display().to_string(),
        "--players",
        &dir.join("players.csv").display().to_string(),
        "--system",
        "swiss",
    ]);
    assert!(ok, "{err}");
    let (ok, out, err) = run(&[
        "tournament",
        "pair",
        &event.display().to_string(),
        "--round",
        "1",
        "--json",
    ]);
    assert!(ok, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let boards = json
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g.get("board").is_some())
        .map(|g| {
            (
                g["board"].as_u64().unwrap() as u32,
                g["black"].as_str().unwrap().to_owned(),
                g["white"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    (event, boards)
}

/// Round 1's result on `board` in the tournament file.
pub fn game_outcome(event: &Path, board: u32) -> Option<String> {
    let t = tianyuan::tournament::file::from_ron(&std::fs::read_to_string(event).unwrap()).unwrap();
    t.played[0]
        .games
        .iter()
        .find(|g| g.board == board)
        .and_then(|g| g.outcome)
        .map(|o| o.code().to_owned())
}
