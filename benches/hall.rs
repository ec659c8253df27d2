//! Hall mode's benchmark (issue 14): 200 simulated boards on this machine, a real
//! `nats-server` with JetStream on loopback and a headless desk (the `tianyuan` binary).
//! Prints entries per second from the boards' journals to the desk's journals, and the delay
//! from a board's acknowledgement on its disk to the desk (the desk's tile, measured by the
//! desk from each entry's time) and back to the board (its confirmation). Not a criterion
//! benchmark: one run of a whole system, measured once (`make hall-bench`).
//!
//! `HALL_BENCH_TABLES` (200), `HALL_BENCH_MOVES` (40), `HALL_BENCH_SPEED` (a burst: as fast as
//! the boards' disks allow; give e.g. 30 for a live pace). Under `cargo test` (no `--bench`
//! argument) it is a 4-board smoke run.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Duration;

use tianyuan::time::{SystemTimeSource, TimeSource};

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
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
    let (tables, moves) = if measuring {
        (
            env("HALL_BENCH_TABLES", "200"),
            env("HALL_BENCH_MOVES", "40"),
        )
    } else {
        ("4".to_owned(), "8".to_owned())
    };
    let speed = env("HALL_BENCH_SPEED", "1000000");
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
    let clock = SystemTimeSource::new();
    let sim = Command::new(bin)
        .args([
            "hall", "simulate", "--server", &url, "--event", "bench", "--tables", &tables,
        ])
        .arg("--games-from")
        .arg(&games)
        .arg("--journal")
        .arg(dir.join("boards"))
        .args(["--speed", &speed, "--max-moves", &moves, "--timeout", "300"])
        .stderr(Stdio::null())
        .output()
        .unwrap();
    let wall_ms = clock.now().0;
    let _ = writeln!(desk.stdin.as_mut().unwrap(), "quit");
    let _ = desk.wait();
    let _ = server.kill();
    let _ = server.wait();
    let desk_said = desk_lines.join().unwrap_or_default();
    println!(
        "hall bench: {tables} boards, up to {moves} moves each, speed {speed}, records from {}",
        games.display()
    );
    println!("  boards: {}", String::from_utf8_lossy(&sim.stdout).trim());
    for l in desk_said.iter().filter(|l| l.contains("held this run")) {
        println!("  {l}");
    }
    println!("  wall time {:.1} s", wall_ms as f64 / 1000.0);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(sim.status.success(), "the simulation failed");
}
