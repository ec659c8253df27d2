//! `tianyuan session …` through the binary (issue 9 item 8): the exact command forms, exit
//! statuses and JSON shape, exports that never show a sealed point, and appends killed at random
//! moments that never lose an acknowledged entry.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tianyuan"));
    c.env_remove("TIANYUAN_ARBITER_PIN");
    c
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tianyuan-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bin().args(args).output().expect("run tianyuan");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn p(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

fn show(file: &Path) -> serde_json::Value {
    let (code, out, err) = run(&["session", "show", p(file), "--json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("json")
}

#[test]
fn issue9_new_append_show_verify_and_their_exit_statuses() {
    let dir = scratch("forms");
    let script = dir.join("s.txt");
    std::fs::write(
        &script,
        "setup size=9 time=chinese:limit=10m,reserve=3 black=\"Li Wei\" white=Wang\n\
         0:05 B E5\n0:10 W C3 # a comment\n0:20 warn B 17.2 \"lifted\"\n",
    )
    .expect("script");
    let file = dir.join("g.tyj");
    let (code, out, err) = run(&[
        "session",
        "new",
        p(&file),
        "--script",
        p(&script),
        "--pin",
        "arbiter-1",
    ]);
    assert_eq!((code, out.trim()), (0, "ok 4"), "{err}");
    // An existing file is never replaced.
    let (code, _, _) = run(&[
        "session",
        "new",
        p(&file),
        "--script",
        p(&script),
        "--pin",
        "arbiter-1",
    ]);
    assert_eq!(code, 1);
    // A refused line fails with its number and leaves no file.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "setup size=9\n0:05 B E5\n0:06 B D4\n").expect("script");
    let none = dir.join("none.tyj");
    let (code, _, err) = run(&["session", "new", p(&none), "--script", p(&bad)]);
    assert_eq!(code, 1);
    assert!(err.contains("line 3"), "{err}");
    assert!(!none.exists());
    // A PIN that is too short is a usage error.
    let (code, _, _) = run(&[
        "session",
        "new",
        p(&none),
        "--script",
        p(&script),
        "--pin",
        "123",
    ]);
    assert_eq!(code, 2);
    // Appending prints ok N once on disk; a refusal writes nothing.
    let before = std::fs::read(&file).expect("read");
    let (code, _, err) = run(&["session", "append", p(&file), "0:30 W D4"]);
    assert_eq!(code, 1, "not White's turn");
    assert!(err.contains("turn"), "{err}");
    assert_eq!(std::fs::read(&file).expect("read"), before);
    let (code, out, _) = run(&["session", "append", p(&file), "0:30 B D4"]);
    assert_eq!((code, out.trim()), (0, "ok 5"));
    // Rulings need the PIN, from the flag or the environment.
    let (code, _, err) = run(&["session", "append", p(&file), "0:40 warn B 24"]);
    assert_eq!(code, 1, "{err}");
    let out = bin()
        .args(["session", "append", p(&file), "0:40 warn B 24"])
        .env("TIANYUAN_ARBITER_PIN", "arbiter-1")
        .output()
        .expect("run");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "ok 6");
    let v = show(&file);
    assert_eq!(v["phase"], "finished");
    assert_eq!(v["result"], "W+F");
    assert_eq!(v["result_kind"], "ruled_loss");
    assert_eq!(v["winner"], "W");
    assert_eq!(v["warnings"]["B"], 2);
    assert_eq!(v["entries"], 6);
    assert_eq!(v["moves"], 3);
    assert_eq!(v["to_move"], "W");
    assert_eq!(v["board"].as_array().map(Vec::len), Some(9));
    assert_eq!(v["board"][4], "....X....");
    assert_eq!(v["rulings"][0]["n"], 4);
    assert_eq!(v["rulings"][0]["article"], "17.2");
    assert_eq!(v["rulings"][0]["kind"], "warn");
    assert_eq!(v["rulings"][0]["side"], "B");
    assert_eq!(v["rulings"][0]["t"], "0:20.000");
    assert_eq!(v["clock"]["B"]["periods"], 3);
    assert!(v["sealed"].is_null() && v["unsealed"].is_null());
    // verify: intact, then a flipped byte.
    let (code, _, _) = run(&["session", "verify", p(&file), "--pin", "arbiter-1"]);
    assert_eq!(code, 0);
    let mut bytes = std::fs::read(&file).expect("read");
    let i = bytes.len() - 200;
    bytes[i] ^= 1;
    std::fs::write(&file, &bytes).expect("tamper");
    let (code, out, _) = run(&["session", "verify", p(&file)]);
    assert_eq!(code, 1);
    assert!(out.contains("entry 6"), "{out}");
    let (code, _, _) = run(&["session", "show", p(&dir.join("missing.tyj"))]);
    assert_eq!(code, 1);
    let (code, _, _) = run(&["session", "frobnicate"]);
    assert_eq!(code, 2);
}

#[test]
fn issue9_a_sealed_move_is_absent_from_the_file_and_every_export_until_opened() {
    let dir = scratch("seal");
    let script = dir.join("s.txt");
    std::fs::write(
        &script,
        "setup size=19 time=chinese:limit=60m,reserve=5 event=\"City Cup\" round=3 table=12\n\
         0:10 B Q16\n0:20 W D4\n30:00 adjourn\n31:00 seal B R13\n",
    )
    .expect("script");
    let file = dir.join("g.tyj");
    let (code, out, slip) = run(&[
        "session",
        "new",
        p(&file),
        "--script",
        p(&script),
        "--pin",
        "arbiter-1",
    ]);
    assert_eq!((code, out.trim()), (0, "ok 5"));
    assert!(slip.contains("R13"), "the slip for the envelope: {slip}");
    let v = show(&file);
    assert_eq!(v["phase"], "adjourned");
    let commitment = v["sealed"]["commitment"]
        .as_str()
        .expect("commitment")
        .to_owned();
    assert_eq!(commitment.len(), 64);
    let (sgf, html, txt) = (dir.join("g.sgf"), dir.join("r.html"), dir.join("r.txt"));
    for (flag, out) in [("--sgf", &sgf), ("--report", &html), ("--text", &txt)] {
        let (code, _, err) = run(&["session", "export", p(&file), flag, p(out)]);
        assert_eq!(code, 0, "{flag}: {err}");
    }
    for f in [&file, &sgf, &html, &txt] {
        let text = std::fs::read_to_string(f)
            .expect("read")
            .to_ascii_uppercase();
        assert!(
            !text.contains("R13"),
            "{} shows the sealed point",
            f.display()
        );
    }
    let report = std::fs::read_to_string(&html).expect("report");
    assert!(
        report.contains(&commitment),
        "the report prints the commitment"
    );
    assert!(!report.contains("base64"), "no embedded images");
    let (code, out, _) = run(&[
        "session",
        "append",
        p(&file),
        "60:00 unseal",
        "--pin",
        "arbiter-1",
    ]);
    assert_eq!((code, out.trim()), (0, "ok 6"));
    let v = show(&file);
    assert_eq!(v["unsealed"]["move"], "R13");
    assert_eq!(v["unsealed"]["commitment"], commitment.as_str());
    // Anyone can check the commitment: SHA-256(nonce ‖ "R13").
    use sha2::Digest;
    let nonce =
        tianyuan::seal::hex::decode(v["unsealed"]["nonce"].as_str().expect("nonce")).expect("hex");
    let mut h = sha2::Sha256::new();
    h.update(&nonce);
    h.update(b"R13");
    assert_eq!(tianyuan::seal::hex::encode(&h.finalize()), commitment);
    assert_eq!(v["to_move"], "W");
}

#[test]
fn issue9_appends_killed_at_random_moments_never_lose_an_acknowledged_entry() {
    let dir = scratch("kill");
    let script = dir.join("s.txt");
    std::fs::write(&script, "setup size=19 time=sudden:main=60m\n").expect("script");
    let file = dir.join("g.tyj");
    let (code, _, _) = run(&["session", "new", p(&file), "--script", p(&script)]);
    assert_eq!(code, 0);
    let mut acknowledged = 1u32;
    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let mut t = 0u64;
    for round in 0..24u32 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        t += 1;
        let action = format!("{}:{:02} pause", t / 60, t % 60);
        let resume = format!("{}:{:02}.500 resume", t / 60, t % 60);
        for a in [action, resume] {
            let mut child = bin()
                .args(["session", "append", p(&file), &a])
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("spawn");
            // Kill some appends at once, some after a few milliseconds, let others finish.
            match rng % 3 {
                0 => {
                    let _ = child.kill();
                }
                1 => {
                    std::thread::sleep(std::time::Duration::from_millis(rng % 7));
                    let _ = child.kill();
                }
                _ => {}
            }
            let out = child.wait_with_output().expect("wait");
            let said = String::from_utf8_lossy(&out.stdout);
            if let Some(n) = said.trim().strip_prefix("ok ") {
                acknowledged = n.parse().expect("number");
            }
        }
        let _ = round;
    }
    let v = show(&file);
    let entries = v["entries"].as_u64().expect("entries") as u32;
    assert!(
        entries >= acknowledged,
        "{entries} entries, {acknowledged} acknowledged"
    );
    let (code, _, err) = run(&["session", "append", p(&file), "59:00 B D4"]);
    assert_eq!(code, 0, "the next writer recovers: {err}");
}

#[test]
fn issue17_the_report_lists_voided_points_restarts_and_dead_stones() {
    let dir = scratch("report17");
    let script = dir.join("s.txt");
    std::fs::write(
        &script,
        "setup size=9 time=sudden:main=10m\n\
         0:10 B E5\n0:20 W A2\n0:30 B E6\n0:40 W B1\n0:50 void B A1\n1:00 W C3\n\
         1:10 adjourn\n1:20 seal B E5\n60:00 unseal\n60:10 gap free\n62:10 gap charged\n\
         62:20 W confirm\n62:30 B confirm\n62:40 dead C3\n62:50 accept\n",
    )
    .expect("script");
    let file = dir.join("g.tyj");
    let (code, out, err) = run(&[
        "session",
        "new",
        p(&file),
        "--script",
        p(&script),
        "--pin",
        "arbiter-1",
    ]);
    assert_eq!((code, out.trim()), (0, "ok 16"), "{err}");
    let v = show(&file);
    let rulings: Vec<(u64, String, String)> = v["rulings"]
        .as_array()
        .expect("rulings")
        .iter()
        .map(|r| {
            (
                r["n"].as_u64().expect("n"),
                r["kind"].as_str().expect("kind").to_owned(),
                r["article"].as_str().expect("article").to_owned(),
            )
        })
        .collect();
    let s = |t: &str| t.to_owned();
    assert_eq!(
        rulings,
        [
            (6, s("void"), s("19")),
            (10, s("void"), s("22")),
            (11, s("other"), s("25.1")),
            (12, s("other"), s("25.1")),
        ]
    );
    assert_eq!(v["result_kind"], "counted");
    let txt = dir.join("r.txt");
    let html = dir.join("r.html");
    for (flag, out) in [("--text", &txt), ("--report", &html)] {
        let (code, _, err) = run(&["session", "export", p(&file), flag, p(out)]);
        assert_eq!(code, 0, "{flag}: {err}");
    }
    let text = std::fs::read_to_string(&txt).expect("text");
    for want in [
        "Voided moves",
        "#6 0:50.000 黑 Black A1",
        "(Art. 19)",
        "#10 60:00.000 黑 Black E5 (封棋开封 sealed move opened)",
        "(Art. 22)",
        "Restarts",
        "#11 60:10.000: 中断 time away 10秒 / 10 s (10s); 不计入 not charged",
        "#12 62:10.000: 中断 time away 2分钟 / 2 min (2m); 计入轮到的一方 charged to the side to move",
        "Dead stones (x, o on the diagram): C3",
    ] {
        assert!(text.contains(want), "missing {want:?} in\n{text}");
    }
    // The dead white stone on C3 is marked on the final position.
    assert!(text.contains("  ..o......\n"), "{text}");
    let report = std::fs::read_to_string(&html).expect("html");
    assert!(report.contains("Voided moves") && report.contains("Restarts"));
    assert!(report.contains("死子 Dead stones"), "dead stones listed");
}
