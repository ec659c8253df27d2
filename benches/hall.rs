//! Hall mode's benchmark (issues 14, 31): N boards on this machine, a real `nats-server` with
//! JetStream on loopback and a headless desk (the `tianyuan` binary). Prints entries per
//! second from the boards' journals to the desk's journals, and the delays:
//!
//! - **board's disk → desk's copy** (one way, measured by the desk): from the UTC time the
//!   board wrote beside the entry (just before its append and fsync) to the desk's own fsync
//!   of its copy — the board's fsync is inside this figure, so it is an upper bound;
//! - **board's disk → board's confirmation** (round trip, measured by `hall simulate`): from
//!   the instant the board's append returned (after its fsync) to the desk's statement that
//!   it holds the entry reaching the board.
//!
//! Not a criterion benchmark: one run of a whole system, measured once (`make hall-bench`).
//! The machine's load average is printed before and after: the figures mean something only
//! on a quiet machine.
//!
//! `HALL_BENCH_TABLES` (200), `HALL_BENCH_MOVES` (40), `HALL_BENCH_SPEED` (5: game seconds a
//! second, a move every 2–6 s at each board — a live hall; `burst`: every board as fast as
//! its disk allows), `HALL_BENCH_LINKS` (`simulate`: the links inside `hall simulate`, fed by
//! its journal writers as the window's are; `processes`: one real `tianyuan hall board`
//! process per table following its journal file). Under `cargo test` (no `--bench`
//! argument) it is a 4-board smoke run.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tianyuan::time::{SystemTimeSource, TimeSource};

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn main() {
    let bin = env!("CARGO_BIN_EXE_tianyuan");
    let Some(nats) = ["/usr/sbin/nats-server", "/usr/bin/nats-server"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
    else {
        println!("hall bench skipped: nats-server not installed (make deps-hall)");
        return;
    };
    // `cargo bench` passes `--bench`; `cargo test --all-targets` (CI) runs this binary without
    // it: then a smoke run of 4 small boards checks the bench still works in a second or two.
    let measuring = std::env::args().any(|a| a == "--bench");
    let (tables, moves, speed) = if measuring {
        (
            env("HALL_BENCH_TABLES", "200"),
            env("HALL_BENCH_MOVES", "40"),
            env("HALL_BENCH_SPEED", "5"),
        )
    } else {
        ("4".to_owned(), "8".to_owned(), "burst".to_owned())
    };
    let speed = if speed == "burst" {
        "1000000".to_owned()
    } else {
        speed
    };
    let processes = env("HALL_BENCH_LINKS", "simulate") == "processes";
    let games = [
        std::env::var("TIANYUAN_CORPUS")
            .map(|c| format!("{c}/gnugo-regression/games"))
            .unwrap_or_default(),
        format!(
            "{}/../shared/corpus/gnugo-regression/games",
            env!("CARGO_MANIFEST_DIR")
        ),
        "/work/shared/corpus/gnugo-regression/games".to_owned(),
        format!("{}/tests/data/sgf", env!("CARGO_MANIFEST_DIR")),
    ]
    .into_iter()
    .map(PathBuf::from)
    .find(|p| p.is_dir())
    .expect("some records");
    let dir = std::env::temp_dir().join(format!("ty-hall-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let load_before = load();
    let mut server = Command::new(nats)
        .args(["-js", "-sd"])
        .arg(dir.join("js"))
        .args(["-a", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(800));
    let url = format!("nats://127.0.0.1:{port}");
    let mut desk = Command::new(bin)
        .args(["desk", "bench", "--server", &url, "--journal"])
        .arg(dir.join("desk"))
        .args(["--headless", "--http", "off"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let desk_err = desk.stderr.take().unwrap();
    let desk_lines = std::thread::spawn(move || {
        BufReader::new(desk_err)
            .lines()
            .map_while(Result::ok)
            .collect::<Vec<_>>()
    });
    std::thread::sleep(Duration::from_millis(1500));
    let clock = SystemTimeSource::new();
    let boards_dir = dir.join("boards");
    let mut sim = Command::new(bin);
    sim.args([
        "hall", "simulate", "--server", &url, "--event", "bench", "--tables", &tables,
    ])
    .arg("--games-from")
    .arg(&games)
    .arg("--journal")
    .arg(&boards_dir)
    .args(["--speed", &speed, "--max-moves", &moves, "--timeout", "300"]);
    let mut links: Vec<Child> = Vec::new();
    if processes {
        sim.arg("--no-links");
        // The journals exist once the simulation has created them: a board started before
        // its file is written waits for it (its folder's notifications say when).
        std::fs::create_dir_all(&boards_dir).unwrap();
        let n: u32 = tables.parse().unwrap_or(0);
        for table in 1..=n {
            links.push(
                Command::new(bin)
                    .args(["hall", "board", "--server", &url, "--event", "bench"])
                    .args(["--table", &table.to_string(), "--until-done", "--session"])
                    .arg(boards_dir.join(format!("table-{table}.tyj")))
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .unwrap(),
            );
        }
    }
    let sim = sim.stderr(Stdio::null()).output().unwrap();
    let mut links_ok = true;
    for mut l in links {
        let until = clock.now().0 + 300_000;
        loop {
            if let Ok(Some(status)) = l.try_wait() {
                links_ok &= status.success();
                break;
            }
            if clock.now().0 > until {
                let _ = l.kill();
                let _ = l.wait();
                links_ok = false;
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let wall_ms = clock.now().0;
    let load_after = load();
    let _ = writeln!(desk.stdin.as_mut().unwrap(), "quit");
    let _ = desk.wait();
    let _ = server.kill();
    let _ = server.wait();
    let desk_said = desk_lines.join().unwrap_or_default();
    println!(
        "hall bench: {tables} boards ({}), up to {moves} moves each, speed {speed}, records from {}",
        if processes {
            "one `hall board` process each"
        } else {
            "links inside `hall simulate`"
        },
        games.display()
    );
    println!("  load average before {load_before}, after {load_after} (2 cores)");
    println!("  boards: {}", String::from_utf8_lossy(&sim.stdout).trim());
    for l in desk_said.iter().filter(|l| l.contains("held this run")) {
        println!("  {l}");
    }
    println!("  wall time {:.1} s", wall_ms as f64 / 1000.0);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(sim.status.success(), "the simulation failed");
    assert!(links_ok, "a board's link failed");
}
