//! Issue 31: the hall carries every line. Through a real `nats-server` per test (Debian's 2.9
//! with JetStream, loopback) and the `tianyuan` binary as desk and boards: arbiters' notes of
//! 31 KiB, 40 KiB and 1 MiB, a server with a small payload limit, an entry the server refuses
//! (said at the board, attention at the desk within 10 s, and the banner gone after `desk
//! setup`), a board and a desk without the credentials the server needs, a flood of junk from
//! one table's credentials with the desk's memory sampled, the backlog and the resyncs of a
//! simulated hall, and a result changed after it was posted. Without `nats-server` each test
//! says "skipped".

#[path = "hall_kit/mod.rs"]
mod kit;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use kit::*;
use tianyuan::files::journal::read_journal;

const PIN: &str = "arbiter-31";

/// An arbiter's note of about `bytes` bytes (Chinese and ASCII, so parts are cut inside
/// characters), without a quote.
/// The carry tests each run a nats-server, a desk and boards, one of them a 100,000-entry flood:
/// on CI's two cores they run one at a time, so that the flood never starves another test's
/// deadlines (each waits for real messages over loopback).
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn note(bytes: usize, tag: &str) -> String {
    let unit = "裁判长记录：黑方在读秒中离席，计时钟未停。 The clock was not stopped. ";
    let mut s = format!("{tag} ");
    while s.len() < bytes {
        s.push_str(unit);
    }
    s
}

/// The desk's copy of `journal` equals it byte for byte.
fn desk_copy_equals(desk_dir: &Path, table: u32, journal: &Path) -> bool {
    let (bytes, reading) = read_journal(journal).unwrap();
    let copy = desk_dir.join(format!("table-{table}/{}.tyj", reading.header.id));
    std::fs::read(copy).is_ok_and(|c| c == bytes)
}

/// A desk's page address from what it said.
fn page_of(desk: &Desk) -> String {
    let at = desk.wait_for("the hall's page is at http://", 10);
    at.split("http://")
        .nth(1)
        .unwrap()
        .trim_end_matches('/')
        .to_owned()
}

fn state_json(addr: &str) -> serde_json::Value {
    serde_json::from_str(
        http_get(addr, "/state.json")
            .split("\r\n\r\n")
            .nth(1)
            .unwrap_or("{}"),
    )
    .unwrap_or(serde_json::Value::Null)
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}

#[test]
fn issue31_notes_of_31k_40k_and_1m_reach_the_desk_whole_through_a_board_and_a_windows_link() {
    let _one = one_at_a_time();
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("notes");
    let port = free_port();
    let _nats = start_server(&server, port, &dir.join("js"), None);
    let url = format!("nats://127.0.0.1:{port}");
    let desk_dir = dir.join("desk");
    let desk = Desk::start(&url, "notes", &desk_dir, &["--http", "off"]);
    desk.wait_for("reading stream", 15);
    // `hall board` following a journal written by `session new` / `session append`.
    let s1 = dir.join("t1.tyj");
    let script = format!(
        "setup size=9 table=1 black=An white=Bo\n0:05 B E5\n0:10 refer \"{}\"\n0:11 W C3\n0:20 rule \"{}\"\n0:30 refer \"{}\"\n0:31 B G7\n",
        note(31 * 1024, "31K"),
        note(40 * 1024, "40K"),
        note(1024 * 1024, "1M"),
    );
    new_session(&s1, &script, PIN);
    let board = Board::start(&url, "notes", 1, &s1, &[]);
    wait_until(30, "table 1's journal at the desk", || {
        desk_copy_equals(&desk_dir, 1, &s1)
    });
    // One more long note while it follows the file.
    let text = dir.join("more.txt");
    std::fs::write(&text, "").unwrap();
    append(
        &s1,
        &format!("0:40 refer \"{}\"", note(60 * 1024, "60K")),
        PIN,
    );
    wait_until(15, "the next long note", || {
        desk_copy_equals(&desk_dir, 1, &s1)
    });
    assert!(
        !board.said().contains("cannot reach the desk"),
        "{}",
        board.said()
    );
    // The window's link, fed the journal writer's lines (the path `hall simulate` takes too).
    let s2 = dir.join("t2.tyj");
    new_session(
        &s2,
        &format!(
            "setup size=9 table=2\n0:05 B E5\n0:10 refer \"{}\"\n",
            note(1024 * 1024, "window 1M")
        ),
        PIN,
    );
    let setting = tianyuan::hall::link::HallSetting {
        enabled: true,
        server: url.clone(),
        event: "notes".into(),
        table: "2".into(),
        creds: String::new(),
        desk_key: String::new(),
    };
    let link = tianyuan::hall::link::HallLink::start(&setting, tianyuan::wake::none()).unwrap();
    link.begin_session(&s2);
    let (bytes, reading) = read_journal(&s2).unwrap();
    for (i, l) in reading.lines.iter().enumerate() {
        link.feed(i as u32 + 1, bytes[l.offset..l.offset + l.len].to_vec());
    }
    wait_until(30, "table 2's journal at the desk", || {
        desk_copy_equals(&desk_dir, 2, &s2)
    });
    wait_until(10, "the window's backlog at 0", || {
        link.light().backlog == 0
    });
    drop(link);
    drop(board);
    let said = desk.quit();
    // The notes are referrals (attention "referred"); nothing else needed the chief arbiter.
    assert!(
        !said
            .iter()
            .any(|l| l.contains("attention") && !l.ends_with(": referred")),
        "nothing else needed the chief arbiter: {said:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue31_a_server_with_a_small_payload_limit_still_gets_a_long_note_in_smaller_parts() {
    let _one = one_at_a_time();
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("payload");
    let port = free_port();
    let conf = dir.join("nats.conf");
    std::fs::write(
        &conf,
        format!(
            "listen: 127.0.0.1:{port}\nmax_payload: 4KB\njetstream {{ store_dir: \"{}\" }}\n",
            dir.join("js").display()
        ),
    )
    .unwrap();
    let _nats = start_server(&server, port, &dir, Some(&conf));
    let url = format!("nats://127.0.0.1:{port}");
    let desk_dir = dir.join("desk");
    let desk = Desk::start(&url, "small", &desk_dir, &["--http", "off"]);
    desk.wait_for("reading stream", 15);
    let s = dir.join("t3.tyj");
    new_session(
        &s,
        &format!(
            "setup size=9 table=3\n0:05 B E5\n0:10 refer \"{}\"\n",
            note(40 * 1024, "40K")
        ),
        PIN,
    );
    let board = Board::start(&url, "small", 3, &s, &[]);
    wait_until(30, "the long note in 2 KiB parts", || {
        desk_copy_equals(&desk_dir, 3, &s)
    });
    drop(board);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue31_an_entry_the_stream_refuses_is_said_at_the_board_raises_attention_and_desk_setup_clears_it()
 {
    let _one = one_at_a_time();
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("refused");
    let port = free_port();
    let desk_dir = dir.join("desk");
    let creds = make_creds(&dir, "rf", 2, port, &desk_dir);
    let _nats = start_server(&server, port, &dir, Some(&creds.join("nats-server.conf")));
    let url = format!("nats://127.0.0.1:{port}");
    let admin = creds.join("admin.creds").display().to_string();
    let (ok, out, err) = run(&["desk", "setup", "rf", "--server", &url, "--creds", &admin]);
    assert!(ok, "{out}{err}");
    // Someone shrinks the stream's largest message to 2 KiB.
    let admin_seed = creds_of(&creds, "admin.creds");
    runtime().block_on(async {
        let c = client_as(&url, &admin_seed, "_INBOX.admin").await;
        let js = async_nats::jetstream::new(c);
        let mut cfg = tianyuan::hall::desk_link::stream_config(
            &tianyuan::hall::names::EventName::new("rf").unwrap(),
        );
        cfg.max_message_size = 2048;
        js.update_stream(&cfg).await.unwrap();
    });
    let desk = Desk::start(
        &url,
        "rf",
        &desk_dir,
        &[
            "--http",
            "127.0.0.1:0",
            "--creds",
            &creds.join("desk.creds").display().to_string(),
        ],
    );
    let page = page_of(&desk);
    desk.wait_for("reading stream", 15);
    wait_until(10, "the banner", || {
        state_json(&page)["desk"]["alerts"]
            .as_array()
            .is_some_and(|a| {
                a.iter()
                    .any(|x| x.as_str().unwrap_or("").contains("settings differ"))
            })
    });
    let s = dir.join("t1.tyj");
    new_session(
        &s,
        &format!(
            "setup size=9 table=1\n0:05 B E5\n0:10 rule \"{}\"\n0:11 W C3\n",
            note(5 * 1024, "5K")
        ),
        PIN,
    );
    let clock = Deadline::in_secs(10);
    let board = Board::start(
        &url,
        "rf",
        1,
        &s,
        &[
            "--creds",
            &creds.join("table-1.creds").display().to_string(),
        ],
    );
    board.wait_for("entry 3 cannot reach the desk", 10);
    desk.wait_for("attention table 1: entry cannot reach the desk", 10);
    assert!(
        !clock.passed(),
        "said at the board and the desk within 10 s"
    );
    assert_eq!(
        desk_entries(&desk_dir, 1),
        2,
        "the entries before it arrived"
    );
    // `desk setup` puts the stream right: the banner goes, the entry arrives, the item goes.
    let (ok, out, err) = run(&["desk", "setup", "rf", "--server", &url, "--creds", &admin]);
    assert!(ok && out.contains("restored"), "{out}{err}");
    wait_until(15, "the banner gone", || {
        state_json(&page)["desk"]["alerts"]
            .as_array()
            .is_some_and(Vec::is_empty)
    });
    wait_until(20, "the refused entry at the desk", || {
        desk_copy_equals(&desk_dir, 1, &s)
    });
    wait_until(15, "the attention gone", || {
        state_json(&page)["tiles"].as_array().is_some_and(|t| {
            t.iter()
                .all(|t| t["attention"].as_array().is_some_and(Vec::is_empty))
        })
    });
    drop(board);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue31_a_board_or_desk_without_the_credentials_the_server_needs_says_so_and_names_creds() {
    let _one = one_at_a_time();
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("nocreds");
    let port = free_port();
    let desk_dir = dir.join("desk");
    let creds = make_creds(&dir, "nc", 1, port, &desk_dir);
    let _nats = start_server(&server, port, &dir, Some(&creds.join("nats-server.conf")));
    let url = format!("nats://127.0.0.1:{port}");
    let s = dir.join("t1.tyj");
    new_session(&s, "setup size=9 table=1\n0:05 B E5\n", PIN);
    for args in [
        vec![
            "hall",
            "board",
            "--server",
            &url,
            "--event",
            "nc",
            "--table",
            "1",
            "--session",
            s.to_str().unwrap(),
        ],
        vec![
            "desk",
            "nc",
            "--server",
            &url,
            "--journal",
            desk_dir.to_str().unwrap(),
            "--headless",
            "--http",
            "off",
        ],
    ] {
        let mut child = Command::new(BIN)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let until = Deadline::in_secs(15);
        let status = loop {
            if let Some(st) = child.try_wait().unwrap() {
                break st;
            }
            if until.passed() {
                let _ = child.kill();
                panic!("{} went on without credentials", args[0]);
            }
            std::thread::sleep(Duration::from_millis(100));
        };
        let mut err = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
        assert_eq!(status.code(), Some(1), "{err}");
        assert!(
            err.contains("needs credentials") && err.contains("--creds"),
            "{err}"
        );
        assert!(
            err.matches("authorization violation").count() <= 1,
            "said once: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue31_a_flood_of_junk_from_one_tables_credentials_keeps_the_desks_memory_bounded() {
    let _one = one_at_a_time();
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("flood31");
    let port = free_port();
    let desk_dir = dir.join("desk");
    let creds = make_creds(&dir, "fx", 2, port, &desk_dir);
    let _nats = start_server(&server, port, &dir, Some(&creds.join("nats-server.conf")));
    let url = format!("nats://127.0.0.1:{port}");
    let admin = creds.join("admin.creds").display().to_string();
    let (ok, out, err) = run(&["desk", "setup", "fx", "--server", &url, "--creds", &admin]);
    assert!(ok, "{out}{err}");
    let desk = Desk::start(
        &url,
        "fx",
        &desk_dir,
        &[
            "--http",
            "127.0.0.1:0",
            "--creds",
            &creds.join("desk.creds").display().to_string(),
        ],
    );
    let page = page_of(&desk);
    desk.wait_for("reading stream", 15);
    let pid = desk.proc.0.id();
    // Table 2 plays on through the flood.
    let s2 = dir.join("t2.tyj");
    new_session(&s2, "setup size=9 table=2\n0:01 B E5\n", PIN);
    let board = Board::start(
        &url,
        "fx",
        2,
        &s2,
        &[
            "--creds",
            &creds.join("table-2.creds").display().to_string(),
        ],
    );
    wait_until(15, "table 2 at the desk", || {
        desk_copy_equals(&desk_dir, 2, &s2)
    });
    std::thread::sleep(Duration::from_millis(500));
    let before = rss_kib(pid);
    const FLOOD: u32 = 100_000;
    let t1 = creds_of(&creds, "table-1.creds");
    let peak = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(before));
    let sampling = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let (peak, sampling) = (peak.clone(), sampling.clone());
        std::thread::spawn(move || {
            while sampling.load(std::sync::atomic::Ordering::Relaxed) {
                peak.fetch_max(rss_kib(pid), std::sync::atomic::Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(100));
            }
        })
    };
    let flooding = {
        let url = url.clone();
        std::thread::spawn(move || {
            runtime().block_on(async {
                let c = client_as(&url, &t1, "_INBOX.ty.fx.1").await;
                let js = async_nats::jetstream::new(c);
                let mut sent = 0u32;
                let mut i = 0u64;
                let mut pending = Vec::new();
                while sent < FLOOD {
                    i += 1;
                    let mut headers = async_nats::HeaderMap::new();
                    // A fresh session id each time, entry 1 or further on.
                    let id = format!("{:032x}", (0xf100d_u64 << 40) | i);
                    headers.insert("Ty-Session", id.as_str());
                    headers.insert("Ty-N", (1 + i % 5).to_string().as_str());
                    let body = format!("{{\"v\":1,\"n\":1,\"junk\":{i}}}\n");
                    match js
                        .publish_with_headers("ty.fx.entry.1", headers, body.into())
                        .await
                    {
                        Ok(ack) => pending.push(ack),
                        Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
                    }
                    if pending.len() >= 500 {
                        for ack in pending.drain(..) {
                            if ack.await.is_ok() {
                                sent += 1;
                            }
                        }
                        // The stream refuses past its per-table limit: wait for the desk.
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                }
                for ack in pending.drain(..) {
                    let _ = ack.await;
                }
            });
        })
    };
    // Meanwhile table 2's game goes on and reaches the desk.
    for (i, mv) in ["W C3", "B G7", "W C7", "B G3", "W E3"].iter().enumerate() {
        std::thread::sleep(Duration::from_millis(700));
        append(&s2, &format!("0:{:02} {mv}", 10 + i), PIN);
    }
    wait_until(40, "table 2's moves at the desk during the flood", || {
        desk_copy_equals(&desk_dir, 2, &s2)
    });
    flooding.join().unwrap();
    let mut last = serde_json::Value::Null;
    let through = (0..1200).any(|_| {
        last = state_json(&page)["stats"].clone();
        let counted = last["refused"].as_u64().unwrap_or(0) + last["dropped"].as_u64().unwrap_or(0);
        // A few junk entries may stay held as "early" (an entry n > 1 of an unknown session,
        // waiting for its predecessor) under the desk's per-table cap: seen 4 of 100,000.
        counted + 64 >= u64::from(FLOOD) || {
            std::thread::sleep(Duration::from_millis(100));
            false
        }
    });
    assert!(
        through,
        "the desk through the flood, not within 120 s: {last}"
    );
    sampling.store(false, std::sync::atomic::Ordering::Relaxed);
    sampler.join().unwrap();
    let peak = peak.load(std::sync::atomic::Ordering::Relaxed);
    println!("desk RSS {before} KiB before the flood, at most {peak} KiB during it");
    // A fixed bound: the desk's memory does not grow with the flood (it grew 3 KB a message).
    assert!(
        peak < before + 48 * 1024,
        "the desk's RSS grew from {before} to {peak} KiB"
    );
    let st = state_json(&page);
    let tile1 = st["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["table"] == 1)
        .cloned()
        .unwrap();
    let notes = tile1["notes"].to_string();
    assert!(
        notes.contains("dropped") && notes.contains("refused"),
        "{notes}"
    );
    desk.wait_for("attention table 1: flooding", 5);
    assert!(desk_copy_equals(&desk_dir, 2, &s2));
    drop(board);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue31_a_simulated_halls_backlog_is_exact_and_it_resyncs_only_at_connection() {
    let _one = one_at_a_time();
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("backlog");
    let port = free_port();
    let _nats = start_server(&server, port, &dir.join("js"), None);
    let url = format!("nats://127.0.0.1:{port}");
    let desk_dir = dir.join("desk");
    let desk = Desk::start(&url, "bl", &desk_dir, &["--http", "127.0.0.1:0"]);
    let page = page_of(&desk);
    desk.wait_for("reading stream", 15);
    let journals = dir.join("boards");
    let sim = simulate(
        &url,
        "bl",
        6,
        &journals,
        &["--speed", "15", "--max-moves", "12", "--timeout", "60"],
    );
    let out = finish(sim, 180);
    // "… N hellos, M of them resyncs": one resync a board, when it connected.
    let resyncs: u64 = out
        .split(" of them resyncs")
        .next()
        .and_then(|s| s.rsplit(", ").next())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(u64::MAX);
    assert!(resyncs <= 6, "{out}");
    assert_desk_equals_boards(&desk_dir, &journals, 6);
    // The page is the desk's live view: it may take a moment after the copies are on disk.
    let all_finished = |st: &serde_json::Value| {
        st["tiles"]
            .as_array()
            .is_some_and(|tiles| tiles.len() == 6 && tiles.iter().all(|t| t["phase"] == "finished"))
    };
    let mut st = state_json(&page);
    for _ in 0..100 {
        if all_finished(&st) {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
        st = state_json(&page);
    }
    for t in st["tiles"].as_array().unwrap() {
        assert_eq!(t["board_waiting"], 0, "finished and held: {t}");
        assert_eq!(t["phase"], "finished", "{t}\n{out}");
        assert_ne!(t["link"], "offline", "{t}");
    }
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue31_a_result_changed_after_posting_waits_for_the_chief_arbiter() {
    let _one = one_at_a_time();
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("changed");
    let port = free_port();
    let _nats = start_server(&server, port, &dir.join("js"), None);
    let url = format!("nats://127.0.0.1:{port}");
    let (event, boards) = tournament(&dir);
    let (_, b1, w1) = boards.iter().find(|b| b.0 == 1).unwrap().clone();
    let desk_dir = dir.join("desk");
    let mut desk = Desk::start(
        &url,
        "ch",
        &desk_dir,
        &[
            "--http",
            "off",
            "--tournament",
            &event.display().to_string(),
        ],
    );
    desk.wait_for("reading stream", 15);
    let s1 = dir.join("s1.tyj");
    new_session(
        &s1,
        &format!("setup size=9 table=1 round=1 black={b1} white={w1}\n0:05 B E5\n0:09 W resign\n"),
        PIN,
    );
    let board = Board::start(&url, "ch", 1, &s1, &[]);
    desk.wait_for("result table 1: B+R", 15);
    assert_eq!(game_outcome(&event, 1).as_deref(), Some("B"));
    let posted = std::fs::read(&event).unwrap();
    // The resignation was a mistake: revoked, and Black resigns later.
    append(&s1, "0:20 revoke 3 25.1 \"White did not resign\"", PIN);
    append(&s1, "0:30 B resign", PIN);
    desk.wait_for("attention table 1: result changed after posting", 15);
    std::thread::sleep(Duration::from_millis(1000));
    assert_eq!(std::fs::read(&event).unwrap(), posted, "the file waits");
    assert!(
        !desk.said().contains("result table 1: W+R"),
        "{}",
        desk.said()
    );
    desk.say("post 1");
    wait_until(10, "the new result in the file", || {
        game_outcome(&event, 1).as_deref() == Some("W")
    });
    desk.wait_for("result table 1: W+R", 5);
    // A second session finishing the same game is an item, never logged as a result.
    let s2 = dir.join("s2.tyj");
    new_session(
        &s2,
        &format!("setup size=9 table=1 round=1 black={b1} white={w1}\n0:05 B E5\n0:07 B resign\n"),
        PIN,
    );
    drop(board);
    let (ok, _, err) = run(&[
        "hall",
        "board",
        "--server",
        &url,
        "--event",
        "ch",
        "--table",
        "1",
        "--session",
        &s2.display().to_string(),
        "--until-done",
    ]);
    assert!(ok, "{err}");
    desk.wait_for("two sessions for one game", 15);
    let said = desk.quit();
    assert_eq!(
        said.iter()
            .filter(|l| l.starts_with("result table 1"))
            .count(),
        2,
        "the first result and the chief's new one, not the second session's: {said:?}"
    );
    assert_eq!(game_outcome(&event, 1).as_deref(), Some("W"));
    let _ = std::fs::remove_dir_all(&dir);
}
