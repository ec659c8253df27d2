//! Issue 18: the hall at a real event. Each defect the chief arbiter met, as a test on loopback
//! with a real `nats-server` per test (Debian's 2.9 with JetStream) and the `tianyuan` binary
//! as desk and boards: the redirect attack, a cross-table result, a desk restarted after a
//! correction, a planted key on an open server, a server that lost its store, two desks, a
//! flooding table, a time-out without a next entry; and, without a server, slow HTTP clients
//! and a closed pipe. (A double accept and a forged inbox line: `tests/hall.rs`, the ruling
//! test.) Without `nats-server` the server tests say "skipped".

#[path = "hall_kit/mod.rs"]
mod kit;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use kit::*;
use tianyuan::hall::ruling::{ChiefKey, SignedRuling};
use tianyuan::hall::wire::{Hello, Statement};

const PIN: &str = "arbiter-7";

#[test]
fn issue18_the_redirect_attack_stops_no_other_tables_link() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("redirect");
    let port = free_port();
    let desk_dir = dir.join("desk");
    let creds = make_creds(&dir, "atk", 34, port, &desk_dir);
    let _nats = start_server(&server, port, &dir, Some(&creds.join("nats-server.conf")));
    let url = format!("nats://127.0.0.1:{port}");
    let desk_creds = creds.join("desk.creds").display().to_string();
    let desk = Desk::start(
        &url,
        "atk",
        &desk_dir,
        &["--http", "off", "--creds", &desk_creds],
    );
    desk.wait_for("reading stream", 15);
    let t34 = dir.join("t34.tyj");
    new_session(
        &t34,
        "setup size=9 table=34 black=An white=Bo\n0:05 B E5\n",
        PIN,
    );
    // Table 34's board is given its join code (recognised as a code, not a path).
    let code = creds_of(&creds, "table-34.creds").join_code();
    let board = Board::start(&url, "atk", 34, &t34, &["--creds", &code]);
    wait_until(15, "table 34's entries at the desk", || {
        desk_entries(&desk_dir, 34) == 2
    });
    let id = session_id(&t34);
    // Table 33 publishes junk as entry 1 of table 34's session, then asks the desk about it
    // with table 34's acknowledgement subject as the reply.
    let t33 = creds_of(&creds, "table-33.creds");
    runtime().block_on(async {
        let c = client_as(&url, &t33, "_INBOX.ty.atk.33").await;
        let js = async_nats::jetstream::new(c.clone());
        let mut headers = async_nats::HeaderMap::new();
        headers.insert("Ty-Session", id.as_str());
        headers.insert("Ty-N", "1");
        let ack = js
            .publish_with_headers("ty.atk.entry.33", headers, "junk\n".into())
            .await
            .unwrap()
            .await;
        assert!(ack.is_ok(), "its own subject: {ack:?}");
        let hello = Hello {
            session: id.clone(),
            entries: 1,
            head: "00".repeat(32),
            waiting: 0,
            resync: true,
            ..Hello::default()
        };
        for _ in 0..3 {
            c.publish_with_reply(
                "ty.atk.hello.33",
                "ty.atk.ack.34",
                serde_json::to_vec(&hello).unwrap().into(),
            )
            .await
            .unwrap();
        }
        c.flush().await.unwrap();
    });
    desk.wait_for("attention table 33", 10);
    // Table 34 plays on; its link never heard a refusal.
    append(&t34, "0:09 W C3", PIN);
    append(&t34, "0:15 B D4", PIN);
    wait_until(15, "table 34's later moves at the desk", || {
        desk_entries(&desk_dir, 34) == 4
    });
    let said = board.said();
    assert!(
        !said.contains("not published") && !said.contains("refused"),
        "{said}"
    );
    assert!(
        !desk.said().contains("attention table 34"),
        "{}",
        desk.said()
    );
    // A join code is never printed back, not even when it is wrong.
    let seed = creds_of(&creds, "table-1.creds").seed;
    let mangled = format!("ty1:atk:1:{seed}x:00");
    let (ok, out, err) = run(&[
        "hall",
        "board",
        "--server",
        &url,
        "--event",
        "atk",
        "--table",
        "1",
        "--session",
        &t34.display().to_string(),
        "--creds",
        &mangled,
    ]);
    assert!(!ok);
    assert!(
        err.contains("join code") && !err.contains(&seed[2..]) && !out.contains(&seed[2..]),
        "{err}"
    );
    drop(board);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_a_table_cannot_post_another_boards_result_and_needs_its_table_in_the_setup() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("cross");
    let port = free_port();
    let desk_dir = dir.join("desk");
    let creds = make_creds(&dir, "cross", 2, port, &desk_dir);
    let _nats = start_server(&server, port, &dir, Some(&creds.join("nats-server.conf")));
    let url = format!("nats://127.0.0.1:{port}");
    let (event, boards) = tournament(&dir);
    let (_, b1, w1) = boards.iter().find(|b| b.0 == 1).unwrap().clone();
    let (_, b2, w2) = boards.iter().find(|b| b.0 == 2).unwrap().clone();
    let desk = Desk::start(
        &url,
        "cross",
        &desk_dir,
        &[
            "--http",
            "off",
            "--creds",
            &creds.join("desk.creds").display().to_string(),
            "--tournament",
            &event.display().to_string(),
        ],
    );
    desk.wait_for("reading stream", 15);
    let t1_creds = creds.join("table-1.creds").display().to_string();
    // Table 1 with board 2's players: nothing written, an item for the chief arbiter.
    let wrong = dir.join("wrong.tyj");
    new_session(
        &wrong,
        &format!("setup size=9 table=1 round=1 black={b2} white={w2}\n0:05 B E5\n0:09 W resign\n"),
        PIN,
    );
    let b = Board::start(
        &url,
        "cross",
        1,
        &wrong,
        &["--creds", &t1_creds, "--until-done"],
    );
    desk.wait_for("attention table 1: result not posted", 15);
    assert_eq!(game_outcome(&event, 2), None, "board 2's game untouched");
    assert_eq!(game_outcome(&event, 1), None);
    drop(b);
    // A session without a table is refused in a hall with credentials.
    let untabled = dir.join("untabled.tyj");
    new_session(
        &untabled,
        &format!("setup size=9 round=1 black={b1} white={w1}\n0:05 B E5\n"),
        PIN,
    );
    let (ok, _, err) = run(&[
        "hall",
        "board",
        "--server",
        &url,
        "--event",
        "cross",
        "--table",
        "1",
        "--session",
        &untabled.display().to_string(),
        "--creds",
        &t1_creds,
    ]);
    assert!(!ok && err.contains("names no table"), "{err}");
    // Table 1 with its own pairing: posted once, with where it came from.
    let right = dir.join("right.tyj");
    new_session(
        &right,
        &format!("setup size=9 table=1 round=1 black={b1} white={w1}\n0:05 B E5\n0:09 W resign\n"),
        PIN,
    );
    let b = Board::start(
        &url,
        "cross",
        1,
        &right,
        &["--creds", &t1_creds, "--until-done"],
    );
    wait_until(15, "board 1's result in the file", || {
        game_outcome(&event, 1).is_some()
    });
    assert_eq!(
        game_outcome(&event, 1).as_deref(),
        Some("B"),
        "White resigned"
    );
    let t =
        tianyuan::tournament::file::from_ron(&std::fs::read_to_string(&event).unwrap()).unwrap();
    assert!(matches!(
        tianyuan::hall::round_file::result_source(&t, 1, 1),
        Some(tianyuan::hall::round_file::ResultSource::Desk { table: 1, ref session, .. }) if *session == session_id(&right)
    ));
    assert_eq!(game_outcome(&event, 2), None);
    drop(b);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_a_restarted_desk_reposts_nothing_and_never_overwrites_a_correction() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("restart");
    let port = free_port();
    let _nats = start_server(&server, port, &dir.join("js"), None);
    let url = format!("nats://127.0.0.1:{port}");
    let (event, boards) = tournament(&dir);
    let (_, b1, w1) = boards.iter().find(|b| b.0 == 1).unwrap().clone();
    let desk_dir = dir.join("desk");
    let args = [
        "--http",
        "off",
        "--tournament",
        &event.display().to_string(),
    ];
    let desk = Desk::start(&url, "rs", &desk_dir, &args);
    desk.wait_for("reading stream", 15);
    let s1 = dir.join("s1.tyj");
    new_session(
        &s1,
        &format!("setup size=9 table=1 round=1 black={b1} white={w1}\n0:05 B E5\n0:09 W resign\n"),
        PIN,
    );
    let (ok, _, err) = run(&[
        "hall",
        "board",
        "--server",
        &url,
        "--event",
        "rs",
        "--table",
        "1",
        "--session",
        &s1.display().to_string(),
        "--until-done",
    ]);
    assert!(ok, "{err}");
    wait_until(10, "the result in the file", || {
        game_outcome(&event, 1).is_some()
    });
    desk.quit();
    let posted = std::fs::read(&event).unwrap();
    // Restarted: nothing is written again.
    let desk = Desk::start(&url, "rs", &desk_dir, &args);
    desk.wait_for("reading stream", 15);
    std::thread::sleep(Duration::from_millis(1500));
    desk.quit();
    assert_eq!(
        std::fs::read(&event).unwrap(),
        posted,
        "a restart re-posts nothing"
    );
    // The organiser corrects the game by hand; the desk restarted keeps it and says so.
    std::fs::write(
        dir.join("g.csv"),
        format!("round,board,black,white,result\n1,1,{b1},{w1},W\n"),
    )
    .unwrap();
    let (ok, _, err) = run(&[
        "tournament",
        "results",
        &event.display().to_string(),
        "--games",
        &dir.join("g.csv").display().to_string(),
    ]);
    assert!(ok, "{err}");
    let paged = [
        "--http",
        "127.0.0.1:0",
        "--tournament",
        &event.display().to_string(),
    ];
    let desk = Desk::start(&url, "rs", &desk_dir, &paged);
    desk.wait_for("attention table 1: desk result differs from the file", 15);
    // The page's standings are the tournament's, places shared as it shares them.
    let at = desk.wait_for("the hall's page is at http://", 5);
    let addr = at
        .split("http://")
        .nth(1)
        .unwrap()
        .trim_end_matches('/')
        .to_owned();
    let json: serde_json::Value = serde_json::from_str(
        http_get(&addr, "/state.json")
            .split("\r\n\r\n")
            .nth(1)
            .unwrap(),
    )
    .unwrap();
    let t =
        tianyuan::tournament::file::from_ron(&std::fs::read_to_string(&event).unwrap()).unwrap();
    let expected: Vec<(u64, String)> = tianyuan::tournament::standings(&t)
        .rows
        .iter()
        .map(|r| (u64::from(r.place), r.name.clone()))
        .collect();
    let shown: Vec<(u64, String)> = json["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["place"].as_u64().unwrap(),
                r["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(shown, expected);
    assert!(
        expected.windows(2).any(|w| w[0].0 == w[1].0),
        "some place is shared: {expected:?}"
    );
    let html = http_get(&addr, "/?lang=en");
    assert!(
        html.find("id=\"tables\"") < html.find("id=\"standings\""),
        "tables first"
    );
    assert_eq!(
        game_outcome(&event, 1).as_deref(),
        Some("W"),
        "the correction stands"
    );
    // A second session finishing the same game is an item, not a write.
    let s2 = dir.join("s2.tyj");
    new_session(
        &s2,
        &format!("setup size=9 table=1 round=1 black={b1} white={w1}\n0:05 B E5\n0:07 B resign\n"),
        PIN,
    );
    let (ok, _, err) = run(&[
        "hall",
        "board",
        "--server",
        &url,
        "--event",
        "rs",
        "--table",
        "1",
        "--session",
        &s2.display().to_string(),
        "--until-done",
    ]);
    assert!(ok, "{err}");
    desk.wait_for("two sessions for one game", 15);
    assert_eq!(game_outcome(&event, 1).as_deref(), Some("W"));
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_a_planted_key_on_an_open_server_is_never_trusted() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("planted");
    let port = free_port();
    let _nats = start_server(&server, port, &dir.join("js"), None);
    let url = format!("nats://127.0.0.1:{port}");
    let real = ChiefKey::from_seed([7; 32]);
    let fake = ChiefKey::from_seed([8; 32]);
    let s = dir.join("t3.tyj");
    new_session(
        &s,
        "setup size=9 table=3 black=An white=Bo\n0:05 B E5\n",
        PIN,
    );
    let id = session_id(&s);
    // Whoever speaks first on the board's hello subject: a planted "desk" with its own key.
    let stop = Arc::new(Mutex::new(false));
    let planter = {
        let (url, stop, id) = (url.clone(), stop.clone(), id.clone());
        let fake = fake.clone();
        std::thread::spawn(move || {
            runtime().block_on(async move {
                let c = async_nats::connect(url.as_str()).await.unwrap();
                let mut hellos = c.subscribe("ty.pk.hello.*").await.unwrap();
                let forged = fake.sign(SignedRuling {
                    id: "R1-ff".into(),
                    event: "pk".into(),
                    table: 3,
                    session: id.clone(),
                    act: "loss B 25.2 \"forged\"".into(),
                    issued: "2026-12-01T12:00:00.000Z".into(),
                    sig: String::new(),
                });
                let st = Statement {
                    session: id,
                    head: "00".repeat(32),
                    key: fake.public_hex(),
                    rulings: vec![forged],
                    ..Statement::default()
                };
                loop {
                    if *stop.lock().unwrap() {
                        return;
                    }
                    if let Ok(Some(m)) = tokio::time::timeout(
                        Duration::from_millis(200),
                        futures_util::StreamExt::next(&mut hellos),
                    )
                    .await
                        && let Some(reply) = m.reply
                    {
                        let _ = c
                            .publish(reply, serde_json::to_vec(&st).unwrap().into())
                            .await;
                    }
                }
            })
        })
    };
    // Without --desk-key: the ruling is not kept, and the open server is said.
    let plain = Board::start(&url, "pk", 3, &s, &[]);
    plain.wait_for("no desk key", 20);
    assert!(plain.said().contains("anyone on this network can publish"));
    assert!(!s.with_file_name("t3.tyj.rulings").exists());
    drop(plain);
    // With the event's desk key: the planted key's ruling is refused.
    let keyed = Board::start(&url, "pk", 3, &s, &["--desk-key", &real.public_hex()]);
    keyed.wait_for("is not the chief arbiter's", 20);
    assert!(!s.with_file_name("t3.tyj.rulings").exists());
    *stop.lock().unwrap() = true;
    planter.join().unwrap();
    // The real desk's ruling is taken.
    let desk_dir = dir.join("desk");
    std::fs::create_dir_all(&desk_dir).unwrap();
    std::fs::write(
        desk_dir.join("chief-arbiter.key"),
        format!("{}\n", real.seed_hex()),
    )
    .unwrap();
    let mut desk = Desk::start(&url, "pk", &desk_dir, &["--http", "off"]);
    wait_until(20, "the board's entries at the real desk", || {
        desk_entries(&desk_dir, 3) == 2
    });
    desk.say("rule 3 warn B 24 \"phone\"");
    keyed.wait_for("RULING R1-", 20);
    assert!(s.with_file_name("t3.tyj.rulings").exists());
    drop(keyed);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_a_desk_whose_server_lost_its_store_recreates_its_stream() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("lost");
    let port = free_port();
    let nats = start_server(&server, port, &dir.join("js1"), None);
    let url = format!("nats://127.0.0.1:{port}");
    let desk_dir = dir.join("desk");
    let desk = Desk::start(&url, "lost", &desk_dir, &["--http", "off"]);
    desk.wait_for("reading stream", 15);
    let s = dir.join("t1.tyj");
    new_session(&s, "setup size=9 table=1\n0:05 B E5\n", PIN);
    let board = Board::start(&url, "lost", 1, &s, &[]);
    wait_until(15, "the entries at the desk", || {
        desk_entries(&desk_dir, 1) == 2
    });
    // The server comes back on an empty store: no stream, no consumer.
    drop(nats);
    let _nats = start_server(&server, port, &dir.join("js2"), None);
    append(&s, "0:09 W C3", PIN);
    append(&s, "0:15 B D4", PIN);
    wait_until(40, "the entries after the store was lost", || {
        desk_entries(&desk_dir, 1) == 4
    });
    assert!(
        desk.said()
            .matches("created with the hall's settings")
            .count()
            >= 2,
        "the stream made again: {}",
        desk.said()
    );
    drop(board);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_a_second_desk_on_the_event_is_refused() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("twodesks");
    let port = free_port();
    let _nats = start_server(&server, port, &dir.join("js"), None);
    let url = format!("nats://127.0.0.1:{port}");
    let first = Desk::start(&url, "two", &dir.join("desk1"), &["--http", "off"]);
    first.wait_for("reading stream", 15);
    let out = Command::new(BIN)
        .args(["desk", "two", "--server", &url, "--journal"])
        .arg(dir.join("desk2"))
        .args(["--headless", "--http", "off"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("another desk is running for event two"),
        "{err}"
    );
    // The first desk goes on reading.
    let s = dir.join("t1.tyj");
    new_session(&s, "setup size=9 table=1\n0:05 B E5\n", PIN);
    let board = Board::start(&url, "two", 1, &s, &[]);
    wait_until(15, "the first desk reading", || {
        desk_entries(&dir.join("desk1"), 1) == 2
    });
    drop(board);
    first.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_a_flooding_table_fills_only_its_own_limit_and_a_boards_entries_wait_not_lost() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("flood");
    let port = free_port();
    let desk_dir = dir.join("desk");
    let creds = make_creds(&dir, "fl", 2, port, &desk_dir);
    let _nats = start_server(&server, port, &dir, Some(&creds.join("nats-server.conf")));
    let url = format!("nats://127.0.0.1:{port}");
    // The setup step creates the stream with its limits; the desk's own credentials cannot
    // change it.
    let (ok, out, err) = run(&[
        "desk",
        "setup",
        "fl",
        "--server",
        &url,
        "--creds",
        &creds.join("admin.creds").display().to_string(),
    ]);
    assert!(ok && out.contains("created"), "{out}{err}");
    let desk_seed = creds_of(&creds, "desk.creds");
    let t1 = creds_of(&creds, "table-1.creds");
    let t2 = creds_of(&creds, "table-2.creds");
    let (refused, other_ok) = runtime().block_on(async {
        let d = client_as(&url, &desk_seed, "_INBOX.desk").await;
        let update = d.request("$JS.API.STREAM.UPDATE.TY_fl", "{}".into()).await;
        assert!(
            update.is_err(),
            "the desk cannot change the stream: {update:?}"
        );
        // No desk reads: table 1 floods its subject until the stream refuses.
        let c = client_as(&url, &t1, "_INBOX.ty.fl.1").await;
        let js = async_nats::jetstream::new(c);
        let mut refused = 0;
        for i in 0..4400u32 {
            let ack = js
                .publish("ty.fl.entry.1", format!("junk {i}\n").into())
                .await
                .unwrap()
                .await;
            if ack.is_err() {
                refused += 1;
            }
        }
        let c2 = client_as(&url, &t2, "_INBOX.ty.fl.2").await;
        let js2 = async_nats::jetstream::new(c2);
        let other = js2
            .publish("ty.fl.entry.2", "x\n".into())
            .await
            .unwrap()
            .await;
        (refused, other.is_ok())
    });
    assert!(refused >= 100, "the per-table limit refused {refused}");
    assert!(other_ok, "another table still publishes");
    // Table 1's real board: its entries are refused by the limit and wait on the board.
    let s = dir.join("t1.tyj");
    new_session(&s, "setup size=9 table=1\n0:05 B E5\n", PIN);
    let board = Board::start(
        &url,
        "fl",
        1,
        &s,
        &[
            "--creds",
            &creds.join("table-1.creds").display().to_string(),
        ],
    );
    board.wait_for("entries wait on the board", 20);
    // Refused again and again: the board says the entry cannot reach the desk (issue 31).
    board.wait_for("entry 1 cannot reach the desk", 20);
    std::thread::sleep(Duration::from_secs(3));
    let retries = board.said().matches("entries wait on the board").count();
    assert!(
        retries <= 3,
        "the retries back off and are said once: {}",
        board.said()
    );
    // The desk comes: it flags the flood, and the board's entries arrive.
    let desk = Desk::start(
        &url,
        "fl",
        &desk_dir,
        &[
            "--http",
            "off",
            "--creds",
            &creds.join("desk.creds").display().to_string(),
        ],
    );
    desk.wait_for("attention table 1: flooding", 30);
    wait_until(40, "the board's entries after the flood", || {
        desk_entries(&desk_dir, 1) == 2
    });
    drop(board);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_a_fallen_flag_is_an_item_without_a_next_entry() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("flag");
    let port = free_port();
    let _nats = start_server(&server, port, &dir.join("js"), None);
    let url = format!("nats://127.0.0.1:{port}");
    let desk_dir = dir.join("desk");
    let desk = Desk::start(&url, "flag", &desk_dir, &["--http", "off"]);
    desk.wait_for("reading stream", 15);
    let s = dir.join("t5.tyj");
    new_session(
        &s,
        "setup size=9 table=5 time=sudden:main=3s black=An white=Bo\n0:01 B E5\n",
        PIN,
    );
    let board = Board::start(&url, "flag", 5, &s, &[]);
    wait_until(15, "the entries at the desk", || {
        desk_entries(&desk_dir, 5) == 2
    });
    desk.wait_for("attention table 5: time-out", 15);
    assert_eq!(desk_entries(&desk_dir, 5), 2, "no entry was needed");
    drop(board);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_the_desk_cannot_change_the_streams_settings_and_says_when_they_differ() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("settings");
    let port = free_port();
    let desk_dir = dir.join("desk");
    let creds = make_creds(&dir, "set", 2, port, &desk_dir);
    let _nats = start_server(&server, port, &dir, Some(&creds.join("nats-server.conf")));
    let url = format!("nats://127.0.0.1:{port}");
    // The stream made by hand with another age limit.
    let admin = creds_of(&creds, "admin.creds");
    runtime().block_on(async {
        let c = client_as(&url, &admin, "_INBOX.admin").await;
        let js = async_nats::jetstream::new(c);
        let mut config = tianyuan::hall::desk_link::stream_config(
            &tianyuan::hall::names::EventName::new("set").unwrap(),
        );
        config.max_age = Duration::from_secs(3600);
        js.create_stream(config).await.unwrap();
    });
    let desk_args = [
        "--http",
        "127.0.0.1:0",
        "--creds",
        &creds.join("desk.creds").display().to_string(),
    ];
    let desk = Desk::start(&url, "set", &desk_dir, &desk_args);
    desk.wait_for("reading stream", 15);
    let at = desk.wait_for("the hall's page is at http://", 5);
    let addr = at
        .split("http://")
        .nth(1)
        .unwrap()
        .trim_end_matches('/')
        .to_owned();
    wait_until(5, "the alert on the page", || {
        http_get(&addr, "/state.json").contains("settings differ")
    });
    desk.quit();
    // The setup step restores them; the desk then has nothing to say.
    let (ok, out, err) = run(&[
        "desk",
        "setup",
        "set",
        "--server",
        &url,
        "--creds",
        &creds.join("admin.creds").display().to_string(),
    ]);
    assert!(ok && out.contains("restored"), "{out}{err}");
    let desk = Desk::start(&url, "set", &desk_dir, &desk_args);
    desk.wait_for("reading stream", 15);
    let at = desk.wait_for("the hall's page is at http://", 5);
    let addr = at
        .split("http://")
        .nth(1)
        .unwrap()
        .trim_end_matches('/')
        .to_owned();
    std::thread::sleep(Duration::from_millis(600));
    assert!(!http_get(&addr, "/state.json").contains("settings differ"));
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_slow_http_clients_do_not_lock_the_page_out() {
    let snapshot = tianyuan::hall::desk::Snapshot::empty("slow");
    let server = tianyuan::hall::http::serve(
        "127.0.0.1:0",
        Arc::new(Mutex::new(snapshot)),
        tianyuan::i18n::Lang::En,
    )
    .unwrap();
    let addr = server.addr();
    // Sixty-four clients that send half a request and wait.
    let mut slow: Vec<TcpStream> = (0..64)
        .map(|_| {
            let mut s = TcpStream::connect(addr).unwrap();
            s.write_all(b"GET / HT").unwrap();
            s
        })
        .collect();
    let clock = Deadline::in_secs(2);
    let page = http_get(&addr.to_string(), "/");
    assert!(page.starts_with("HTTP/1.1 200 OK"), "{page}");
    assert!(!clock.passed(), "a page took over 2 s with 64 slow clients");
    // The slow ones are closed after the request deadline.
    for s in &mut slow {
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut buf = [0u8; 16];
        assert_eq!(s.read(&mut buf).unwrap_or(0), 0, "a slow client was closed");
    }
}

#[test]
fn issue18_desk_state_into_a_closed_pipe_is_not_a_panic() {
    let dir = temp("pipe");
    let desk_dir = dir.join("desk");
    let s = dir.join("s.tyj");
    new_session(&s, "setup size=9\n0:05 B E5\n", PIN);
    let id = session_id(&s);
    for t in 1..=400u32 {
        let table = desk_dir.join(format!("table-{t}"));
        std::fs::create_dir_all(&table).unwrap();
        std::fs::copy(&s, table.join(format!("{id}.tyj"))).unwrap();
    }
    let mut child = Command::new(BIN)
        .args(["desk", "state"])
        .arg(&desk_dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The lines of a journal file, `\n` included.
fn lines_of(path: &Path) -> Vec<Vec<u8>> {
    std::fs::read(path)
        .unwrap()
        .split_inclusive(|b| *b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

#[test]
fn issue18_the_windows_link_takes_fed_entries_enters_a_ruling_once_and_carries_to_the_next_game() {
    use tianyuan::hall::accept::{AcceptError, ruling_line};
    use tianyuan::hall::link::{HallLink, HallSetting};
    use tianyuan::hall::ruling::Signature;
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("window");
    let port = free_port();
    let _nats = start_server(&server, port, &dir.join("js"), None);
    let url = format!("nats://127.0.0.1:{port}");
    let key = ChiefKey::from_seed([9; 32]);
    let desk_dir = dir.join("desk");
    std::fs::create_dir_all(&desk_dir).unwrap();
    std::fs::write(
        desk_dir.join("chief-arbiter.key"),
        format!("{}\n", key.seed_hex()),
    )
    .unwrap();
    let mut desk = Desk::start(&url, "win", &desk_dir, &["--http", "off"]);
    desk.wait_for("reading stream", 15);
    let setting = HallSetting {
        enabled: true,
        server: url.clone(),
        event: "win".into(),
        table: "2".into(),
        creds: String::new(),
        desk_key: key.public_hex(),
    };
    let link = HallLink::start(&setting, tianyuan::wake::none()).unwrap();
    assert!(link.light().open_server);
    // Game 1: the window feeds the journal writer's acknowledged entries (no file is read).
    let g1 = dir.join("g1.tyj");
    new_session(
        &g1,
        "setup size=9 table=2 black=An white=Bo\n0:05 B E5\n0:09 W C3\n",
        PIN,
    );
    link.begin_session(&g1);
    for (i, l) in lines_of(&g1).into_iter().enumerate() {
        link.feed(i as u32 + 1, l);
    }
    wait_until(15, "game 1 at the desk", || desk_entries(&desk_dir, 2) == 3);
    desk.say("rule 2 warn B 24 \"phone\"");
    wait_until(15, "the ruling in the window", || {
        !link.light().rulings.is_empty()
    });
    let got = link.light().rulings[0].clone();
    assert_eq!(got.signature, Signature::Verified);
    assert!(got.ruling.id.starts_with("R1-"));
    // Entered from the Arbiter tab with the PIN: once.
    let mut journal = tianyuan::files::journal::Journal::open(&g1).unwrap();
    let id = journal.header().id.clone();
    let line = ruling_line(
        journal.session(),
        &id,
        &got.ruling,
        link.desk_key().as_ref(),
        link.identity(),
        None,
    )
    .unwrap();
    let n = journal.append_line(&line, Some(PIN)).unwrap().n;
    assert_eq!(n, 4);
    link.feed(4, lines_of(&g1)[3].clone());
    link.entered(&got.ruling.id);
    assert_eq!(
        ruling_line(
            journal.session(),
            &id,
            &got.ruling,
            link.desk_key().as_ref(),
            link.identity(),
            None
        ),
        Err(AcceptError::AlreadyEntered(4))
    );
    drop(journal);
    wait_until(15, "the accepted ruling at the desk", || {
        desk_entries(&desk_dir, 2) == 4
    });
    // Game 2 at the same table, on the same link.
    let g2 = dir.join("g2.tyj");
    new_session(
        &g2,
        "setup size=9 table=2 black=Ce white=Di\n0:03 B C3\n",
        PIN,
    );
    link.begin_session(&g2);
    for (i, l) in lines_of(&g2).into_iter().enumerate() {
        link.feed(i as u32 + 1, l);
    }
    wait_until(15, "game 2 at the desk", || {
        let state = tianyuan::hall::desk_folder::read_state(&desk_dir).unwrap();
        state.iter().filter(|s| s.table == 2).count() == 2 && desk_entries(&desk_dir, 2) == 2
    });
    wait_until(10, "the light without a backlog", || {
        let l = link.light();
        l.backlog == 0 && l.status.to_string() == "connected"
    });
    drop(link);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}
