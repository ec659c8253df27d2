//! `tianyuan class …` through the built binary (issue 20 item 7): the pinned command forms, the
//! pinned JSON shapes, exit statuses 0/1/2, the repetition schedule over a month of `--at`
//! times, homework from children's games with planted mistakes, the sheets and the parents'
//! report, damaged and foreign files, writers at once and writers killed mid-write.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use tianyuan::rules::{Color, Move};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tianyuan"));
    c.env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    c
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tianyuan-class-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn p(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// Runs `tianyuan class ARGS…`: (exit code, stdout, stderr).
fn class(args: &[&str]) -> (i32, String, String) {
    let out = bin()
        .arg("class")
        .args(args)
        .output()
        .expect("run tianyuan");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = class(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn json(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The child's moves of a shipped problem's first right line (GTP vertices).
fn right_answer(id: &str) -> String {
    let s = tianyuan::problems::builtin::find(id).expect("shipped problem");
    let p = &s.problem;
    let size = p.start().size();
    let moves: Vec<String> = p.right_lines()[0]
        .iter()
        .filter_map(|&n| p.node_move(n))
        .filter(|(c, _)| *c == p.player())
        .filter_map(|(_, m)| match m {
            Move::Play(c) => Some(c.to_gtp(size)),
            Move::Pass => None,
        })
        .collect();
    moves.join(",")
}

/// An empty point that is not a right first move of the problem.
fn wrong_answer(id: &str) -> String {
    let s = tianyuan::problems::builtin::find(id).expect("shipped problem");
    let p = &s.problem;
    let size = p.start().size();
    let rights: Vec<_> = p
        .right_moves(p.tree().root_id())
        .into_iter()
        .map(|(_, m)| m)
        .collect();
    p.start()
        .board()
        .points()
        .find(|&c| {
            p.start().board().get(c).is_none()
                && !rights.contains(&Move::Play(c))
                && p.start().is_legal(p.player(), c)
        })
        .map(|c| c.to_gtp(size))
        .expect("a wrong point")
}

/// The first shipped problems' identifiers as `problems list` prints them.
fn listed_ids() -> Vec<String> {
    let out = bin().args(["problems", "list"]).output().expect("run");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split('\t').next().map(str::to_string))
        .collect()
}

#[test]
fn issue20_problems_list_shows_every_shipped_id_first_on_its_line() {
    let ids = listed_ids();
    let shipped: Vec<String> = tianyuan::problems::builtin::shipped()
        .iter()
        .map(|s| s.id.clone())
        .collect();
    assert_eq!(ids, shipped);
    assert!(
        ids.len() >= 150,
        "a curriculum of at least 150: {}",
        ids.len()
    );
}

#[test]
fn issue20_pinned_forms_shapes_and_exit_statuses() {
    let dir = scratch("forms");
    let file = dir.join("tuesday.tyclass");
    let f = p(&file);
    ok(&[
        "new",
        f,
        "--name",
        "周二班",
        "--teacher",
        "王老师",
        "--pin",
        "1234",
    ]);
    // A new class never replaces a file: refused.
    let (code, _, err) = class(&["new", f, "--name", "X", "--teacher", "Y"]);
    assert_eq!(code, 1, "{err}");
    for nick in ["小明", "Lily", "Bo", "Ann"] {
        ok(&["add", f, "--child", nick]);
    }
    let (code, _, err) = class(&["add", f, "--child", "lily"]);
    assert_eq!(code, 1, "a nickname is unique ignoring case: {err}");

    let ids = listed_ids();
    let (a, b) = (&ids[0], &ids[1]);
    let at = "2025-03-04T16:30:00+08:00";
    let right = right_answer(a);
    let out = ok(&[
        "attempt",
        f,
        "--child",
        "小明",
        "--problem",
        a,
        "--answer",
        &right,
        "--at",
        at,
    ]);
    assert_eq!(out.trim(), "right");
    let wrong = wrong_answer(b);
    let out = ok(&[
        "attempt",
        f,
        "--child",
        "小明",
        "--problem",
        b,
        "--answer",
        &wrong,
        "--at",
        at,
    ]);
    assert_eq!(out.trim(), "wrong");
    let out = ok(&[
        "attempt",
        f,
        "--child",
        "Lily",
        "--problem",
        a,
        "--answer",
        &right,
        "--hint",
        "--at",
        at,
    ]);
    assert_eq!(out.trim(), "right", "a hint still answers right");
    let out = ok(&[
        "attempt",
        f,
        "--child",
        "Ann",
        "--problem",
        a,
        "--answer",
        &right,
        "--at",
        at,
    ]);
    assert_eq!(out.trim(), "right");

    // `class show --json`: exactly {"children": [{"nick", "rating", "step", "solved", "tried"}]}.
    let v = json(&ok(&["show", f, "--json"]));
    let obj = v.as_object().expect("object");
    assert_eq!(obj.keys().collect::<Vec<_>>(), ["children"]);
    let children = v["children"].as_array().expect("array");
    assert_eq!(children.len(), 4);
    for c in children {
        let mut keys: Vec<&String> = c.as_object().expect("child").keys().collect();
        keys.sort();
        assert_eq!(keys, ["nick", "rating", "solved", "step", "tried"]);
        assert!(c["rating"].is_number() && c["step"].is_u64());
    }
    assert_eq!(children[0]["nick"], "小明");
    assert_eq!(
        (
            children[0]["solved"].as_u64(),
            children[0]["tried"].as_u64()
        ),
        (Some(1), Some(2))
    );
    assert_eq!(
        (
            children[1]["solved"].as_u64(),
            children[1]["tried"].as_u64()
        ),
        (Some(1), Some(1))
    );
    assert_eq!(children[2]["tried"].as_u64(), Some(0));
    assert_eq!(children[2]["rating"].as_f64(), Some(1500.0));
    assert_eq!(children[0]["step"].as_u64(), Some(1));
    // A right answer with a hint counts half: Lily ends below Ann, who needed none.
    let hinted = children[1]["rating"].as_f64().expect("rating");
    let clean = children[3]["rating"].as_f64().expect("rating");
    assert!(clean > 1500.0 && hinted < clean, "{hinted} {clean}");

    // `class due --json`: [{"problem", "due"}], oldest first; the miss is due one day later.
    let v = json(&ok(&[
        "due",
        f,
        "--child",
        "小明",
        "--at",
        "2025-03-05T16:29:59+08:00",
        "--json",
    ]));
    assert_eq!(v, json("[]"));
    let v = json(&ok(&[
        "due",
        f,
        "--child",
        "小明",
        "--at",
        "2025-03-05T16:30:00+08:00",
        "--json",
    ]));
    assert_eq!(
        v,
        serde_json::json!([{"problem": b, "due": "2025-03-05T16:30:00+08:00"}])
    );

    // Exit statuses: refused 1, usage 2.
    let cases: &[(&[&str], i32)] = &[
        (&["due", f, "--child", "nobody", "--at", at], 1),
        (
            &[
                "attempt",
                f,
                "--child",
                "Bo",
                "--problem",
                "no-such-problem",
                "--answer",
                "D4",
            ],
            1,
        ),
        (
            &[
                "attempt",
                f,
                "--child",
                "Bo",
                "--problem",
                a,
                "--answer",
                "Z99",
            ],
            2,
        ),
        (&["due", f, "--child", "Bo", "--at", "next tuesday"], 2),
        (&["due", f, "--child", "Bo"], 2),
        (&["sheets", f, "-o", p(&dir.join("s.html"))], 2),
        (
            &[
                "report",
                f,
                "--child",
                "Bo",
                "--month",
                "2025-13",
                "-o",
                p(&dir.join("r.html")),
            ],
            2,
        ),
        (&["frobnicate", f], 2),
        (&["show", p(&dir.join("missing.tyclass"))], 1),
        (&["remove", f, "--child", "Bo"], 1),
        (&["remove", f, "--child", "Bo", "--pin", "4321"], 1),
    ];
    for (args, want) in cases {
        let (code, _, err) = class(args);
        assert_eq!(code, *want, "{args:?}: {err}");
        assert!(!err.trim().is_empty(), "{args:?} says why");
    }
    // The refusals above changed nothing.
    assert_eq!(
        json(&ok(&["show", f, "--json"]))["children"]
            .as_array()
            .map(Vec::len),
        Some(4)
    );
    // The teacher's PIN guards removing a child.
    ok(&["remove", f, "--child", "bo", "--pin", "1234"]);
    assert_eq!(
        json(&ok(&["show", f, "--json"]))["children"]
            .as_array()
            .map(Vec::len),
        Some(3)
    );
}

#[test]
fn issue20_the_repetition_schedule_over_a_month_of_at_times() {
    let dir = scratch("month");
    let file = dir.join("c.tyclass");
    let f = p(&file);
    ok(&[
        "new",
        f,
        "--name",
        "A",
        "--teacher",
        "B",
        "--at",
        "2025-03-01T09:00:00Z",
    ]);
    ok(&["add", f, "--child", "Mei", "--at", "2025-03-01T09:00:00Z"]);
    let ids = listed_ids();
    let (x, y) = (ids[2].as_str(), ids[3].as_str());
    let day = |d: u32, h: u32| format!("2025-03-{:02}T{h:02}:00:00Z", d);
    let due = |at: &str| -> Vec<(String, String)> {
        json(&ok(&["due", f, "--child", "Mei", "--at", at, "--json"]))
            .as_array()
            .expect("array")
            .iter()
            .map(|e| {
                let mut keys: Vec<&String> = e.as_object().expect("entry").keys().collect();
                keys.sort();
                assert_eq!(keys, ["due", "problem"]);
                (
                    e["problem"].as_str().expect("id").to_string(),
                    e["due"].as_str().expect("time").to_string(),
                )
            })
            .collect()
    };
    let attempt = |id: &str, right: bool, at: &str| {
        let answer = if right {
            right_answer(id)
        } else {
            wrong_answer(id)
        };
        let out = ok(&[
            "attempt",
            f,
            "--child",
            "Mei",
            "--problem",
            id,
            "--answer",
            &answer,
            "--at",
            at,
        ]);
        assert_eq!(
            out.trim(),
            if right { "right" } else { "wrong" },
            "{id} at {at}"
        );
    };
    // Day 1: x missed at 10:00, y missed at 09:00 → both due a day later, y first.
    attempt(x, false, &day(1, 10));
    attempt(y, false, &day(1, 9));
    assert!(due(&day(2, 8)).is_empty());
    assert_eq!(
        due(&day(2, 12)),
        [(y.to_string(), day(2, 9)), (x.to_string(), day(2, 10))]
    );
    // x: right on day 2 → 3 days; right on day 5 → 7 days; right on day 12 → 21 days; right on
    // day 33 → retired. y: right on day 2 → 3 days, then missed on day 5 → 1 day again.
    attempt(x, true, &day(2, 10));
    attempt(y, true, &day(2, 9));
    assert_eq!(due(&day(5, 9)), [(y.to_string(), day(5, 9))]);
    assert_eq!(due(&day(5, 10)).len(), 2);
    attempt(x, true, &day(5, 10));
    attempt(y, false, &day(5, 11));
    assert_eq!(
        due(&day(12, 10)),
        [(y.to_string(), day(6, 11)), (x.to_string(), day(12, 10))]
    );
    attempt(y, true, &day(6, 11));
    attempt(x, true, &day(12, 10));
    // y is due on day 9 (3 days after day 6); x on April 2 (21 days after March 12).
    assert_eq!(due(&day(31, 23)), [(y.to_string(), day(9, 11))]);
    assert_eq!(
        due("2025-04-02T10:00:00Z"),
        [
            (y.to_string(), day(9, 11)),
            (x.to_string(), "2025-04-02T10:00:00Z".to_string())
        ]
    );
    attempt(x, true, "2025-04-02T10:00:00Z");
    // Retired: never due again.
    assert_eq!(due("2026-01-01T00:00:00Z"), [(y.to_string(), day(9, 11))]);
    // The report for March counts the month's work; the sheet of missed problems has y only.
    let report = dir.join("mei-2025-03.html");
    ok(&[
        "report",
        f,
        "--child",
        "Mei",
        "--month",
        "2025-03",
        "-o",
        p(&report),
        "--lang",
        "en",
    ]);
    let html = std::fs::read_to_string(&report).expect("report");
    assert!(
        html.contains("Mei") && html.contains("March 2025"),
        "{html}"
    );
    assert!(html.contains("<svg"), "the rating chart");
    let sheet = dir.join("mei.html");
    ok(&["sheets", f, "--child", "Mei", "-o", p(&sheet)]);
    let html = std::fs::read_to_string(&sheet).expect("sheet");
    assert!(html.contains(&format!(">{y}<")) && !html.contains(&format!(">{x}<")));
}

/// A child's game with Mei as Black: `moves` as SGF points, Black first.
fn game(moves: &[&str]) -> String {
    let mut s = String::from("(;GM[1]FF[4]SZ[9]KM[7]PB[Mei]PW[Computer level 2]RE[W+R]");
    for (k, m) in moves.iter().enumerate() {
        let who = if k % 2 == 0 { 'B' } else { 'W' };
        s.push_str(&format!(";{who}[{m}]"));
    }
    s.push(')');
    s
}

#[test]
fn issue20_homework_from_games_with_planted_mistakes() {
    let dir = scratch("homework");
    let file = dir.join("c.tyclass");
    let f = p(&file);
    ok(&["new", f, "--name", "A", "--teacher", "B"]);
    ok(&["add", f, "--child", "Mei"]);
    // (name, moves, the drafts expected).
    let cases: &[(&str, &[&str], Value)] = &[
        (
            // White E5 is in atari (E4) after move 6; Black plays C7 and White extends.
            "missed capture",
            &["de", "ee", "fe", "aa", "ed", "ba", "cc", "ef"],
            serde_json::json!([{"move": 7, "answer": "E4", "played": "C7", "reason": "missed capture"}]),
        ),
        (
            // Black E5 is put in atari by White D5 (move 6); Black plays C3, White takes at E4.
            "left in atari",
            &["ee", "ed", "cc", "fe", "gg", "de", "cg", "ef"],
            serde_json::json!([{"move": 7, "answer": "E4", "played": "C3", "reason": "left in atari"}]),
        ),
        (
            // White surrounds E6; Black's E5 (two liberties) extends into it: E5-E6 has one
            // liberty left and White captures both at E4. Saving E5 was E4.
            "self-atari",
            &[
                "ee", "de", "cg", "fe", "gg", "dd", "gc", "fd", "cc", "ec", "ed", "ef",
            ],
            serde_json::json!([{"move": 11, "answer": "E4", "played": "E6", "reason": "self-atari"}]),
        ),
        (
            "a clean game has no drafts",
            &["ee", "cc", "gg", "cg", "gc"],
            serde_json::json!([]),
        ),
    ];
    for (name, moves, want) in cases {
        let sgf = dir.join(format!("{}.sgf", name.replace(' ', "-")));
        std::fs::write(&sgf, game(moves)).expect("write");
        let v = json(&ok(&["homework", f, "--child", "Mei", p(&sgf), "--json"]));
        assert_eq!(&v, want, "{name}");
        // Reading the same game again keeps no second copy of its drafts.
        ok(&["homework", f, "--child", "Mei", p(&sgf), "--json"]);
    }
    // The drafts are kept, unapproved, as hw-1 … in the class file; an approved and proved one
    // is given to the child.
    let text = std::fs::read_to_string(&file).expect("class file");
    let class = tianyuan::class::format::from_bytes(text.as_bytes()).expect("class");
    assert_eq!(class.problems.len(), 3);
    assert!(class.problems.iter().all(|p| !p.approved));
    let (code, _, err) = class_attempt(f, "hw-1", "E4");
    assert_eq!(code, 1, "a draft is not tried before it is approved: {err}");
    ok(&["assign", f, "--problem", "hw-1", "--child", "Mei"]);
    let (code, out, err) = class_attempt(f, "hw-1", "E4");
    assert_eq!((code, out.trim()), (0, "right"), "{err}");
}

fn class_attempt(f: &str, id: &str, answer: &str) -> (i32, String, String) {
    class(&[
        "attempt",
        f,
        "--child",
        "Mei",
        "--problem",
        id,
        "--answer",
        answer,
    ])
}

#[test]
fn issue20_sheets_and_report_for_every_child_field() {
    let dir = scratch("print");
    let file = dir.join("c.tyclass");
    let f = p(&file);
    ok(&[
        "new",
        f,
        "--name",
        "周二班",
        "--teacher",
        "王老师",
        "--at",
        "2025-03-01T09:00:00+08:00",
    ]);
    ok(&[
        "add",
        f,
        "--child",
        "小红",
        "--avatar",
        "colour:red",
        "--at",
        "2025-03-01T09:00:00+08:00",
    ]);
    for (n, per_page, pages) in [(1u8, "6", None), (5, "12", None), (7, "6", None)] {
        let out = dir.join(format!("step{n}.html"));
        ok(&[
            "sheets",
            f,
            "--step",
            &n.to_string(),
            "--per-page",
            per_page,
            "-o",
            p(&out),
            "--lang",
            "zh-Hans",
        ]);
        let html = std::fs::read_to_string(&out).expect("sheet");
        let cells = html.matches("<div class=\"cell\">").count();
        let problem_pages = html.matches("<section class=\"page\">").count();
        let answer_pages = html.matches("<section class=\"page answers\">").count();
        assert!(cells >= 12 && cells % 2 == 0, "step {n}: {cells} cells");
        assert_eq!(problem_pages, answer_pages, "an answer page for each page");
        let per: usize = per_page.parse().expect("n");
        assert_eq!(problem_pages, (cells / 2).div_ceil(per), "step {n}");
        assert!(html.contains("size: A4") && html.contains("周二班"));
        let _: Option<u8> = pages;
    }
    let ids = listed_ids();
    let wrong = wrong_answer(&ids[0]);
    ok(&[
        "attempt",
        f,
        "--child",
        "小红",
        "--problem",
        &ids[0],
        "--answer",
        &wrong,
        "--at",
        "2025-03-10T16:00:00+08:00",
    ]);
    let sgf = dir.join("g.sgf");
    std::fs::write(
        &sgf,
        "(;GM[1]FF[4]SZ[9]PB[小红]PW[电脑 2级]RE[B+R];B[ee];W[cc];B[gg])",
    )
    .expect("sgf");
    ok(&[
        "game",
        f,
        "--child",
        "小红",
        p(&sgf),
        "--level",
        "2",
        "--at",
        "2025-03-11T16:00:00+08:00",
    ]);
    for (lang, words) in [
        ("zh-Hans", ["小红", "2025年3月", "赢的棋"]),
        ("zh-Hant", ["小红", "2025年3月", "贏的棋"]),
        ("en", ["小红", "March 2025", "games won"]),
    ] {
        let out = dir.join(format!("report-{lang}.html"));
        ok(&[
            "report",
            f,
            "--child",
            "小红",
            "--month",
            "2025-03",
            "-o",
            p(&out),
            "--lang",
            lang,
        ]);
        let html = std::fs::read_to_string(&out).expect("report");
        for w in words {
            assert!(html.contains(w), "{lang}: {w}");
        }
        // Steps, problems, the rating chart, games and the best game's position.
        assert!(
            html.contains("class=\"figure steps\"") && html.contains("class=\"figure solved\"")
        );
        assert!(
            html.contains("class=\"figure games\"><b>1</b>")
                && html.contains("class=\"figure won\"><b>1</b>")
        );
        assert!(html.contains("svg class=\"chart\"") && html.contains("svg class=\"board\""));
        assert!(html.contains("#e53935"), "the red avatar");
    }
    // No missed problems for a new child: nothing to print, refused.
    ok(&["add", f, "--child", "Bo"]);
    let (code, _, err) = class(&["sheets", f, "--child", "Bo", "-o", p(&dir.join("bo.html"))]);
    assert_eq!(code, 1, "{err}");
    assert!(!dir.join("bo.html").exists());
}

#[test]
fn issue20_damaged_truncated_and_foreign_files_are_refused_and_never_replaced() {
    let dir = scratch("damage");
    let file = dir.join("c.tyclass");
    let f = p(&file);
    ok(&["new", f, "--name", "A", "--teacher", "B"]);
    ok(&["add", f, "--child", "Mei"]);
    ok(&["add", f, "--child", "Bo"]);
    let good = std::fs::read(&file).expect("bytes");
    let cases: &[(&str, Vec<u8>, &str)] = &[
        ("cut short", good[..good.len() / 2].to_vec(), "cut short"),
        ("empty", Vec::new(), "cut short"),
        (
            "foreign JSON",
            b"{\"hello\": 1}\n".to_vec(),
            "not a Tianyuan class file",
        ),
        (
            "an SGF",
            b"(;GM[1]SZ[19])".to_vec(),
            "not a Tianyuan class file",
        ),
        (
            "binary",
            vec![0xff, 0xfe, 0x00, 0x01],
            "not a Tianyuan class file",
        ),
        (
            "damaged",
            String::from_utf8_lossy(&good)
                .replacen(':', ";", 1)
                .into_bytes(),
            "damaged",
        ),
        (
            "newer",
            String::from_utf8_lossy(&good)
                .replacen("\"version\": 1", "\"version\": 9", 1)
                .into_bytes(),
            "newer",
        ),
    ];
    for (name, bytes, says) in cases {
        std::fs::write(&file, bytes).expect("write");
        for args in [
            vec!["show", f, "--json"],
            vec!["add", f, "--child", "Zed"],
            vec!["due", f, "--child", "Mei", "--at", "2025-01-01"],
        ] {
            let (code, out, err) = class(&args);
            assert_eq!(code, 1, "{name}: {args:?}");
            assert!(out.is_empty(), "{name}");
            assert!(err.contains(says), "{name}: {err}");
            assert_eq!(
                &std::fs::read(&file).expect("bytes"),
                bytes,
                "{name}: never replaced"
            );
        }
    }
    // The previous good copy is named.
    std::fs::write(&file, &good[..10]).expect("write");
    let (_, _, err) = class(&["show", f]);
    assert!(err.contains(".bak"), "{err}");
    // In Chinese too.
    let out = bin()
        .env("LANG", "zh_CN.UTF-8")
        .args(["class", "show", f])
        .output()
        .expect("run");
    assert!(String::from_utf8_lossy(&out.stderr).contains("文件不完整"));
}

#[test]
fn issue20_writers_at_once_lose_nothing_and_writers_killed_mid_write_leave_a_whole_file() {
    let dir = scratch("writers");
    let file = dir.join("c.tyclass");
    let f = p(&file);
    ok(&["new", f, "--name", "A", "--teacher", "B"]);
    // Twelve children added by twelve processes at once: every one is kept.
    let children: Vec<_> = (0..12)
        .map(|k| {
            bin()
                .args(["class", "add", f, "--child", &format!("kid{k}")])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("spawn")
        })
        .collect();
    for mut c in children {
        assert!(c.wait().expect("wait").success());
    }
    let v = json(&ok(&["show", f, "--json"]));
    assert_eq!(v["children"].as_array().map(Vec::len), Some(12));
    // Attempts killed at random moments: the file always reads, and every acknowledged
    // attempt (the word printed after the save) is in it.
    let ids = listed_ids();
    let mut acknowledged = 0u64;
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    for round in 0..16usize {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let id = &ids[round % 8];
        let mut child = bin()
            .args([
                "class",
                "attempt",
                f,
                "--child",
                "kid0",
                "--problem",
                id,
                "--answer",
                "A1",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        match rng % 3 {
            0 => {
                let _ = child.kill();
            }
            1 => {
                std::thread::sleep(std::time::Duration::from_millis(rng % 9));
                let _ = child.kill();
            }
            _ => {}
        }
        let out = child.wait_with_output().expect("wait");
        if !String::from_utf8_lossy(&out.stdout).trim().is_empty() {
            acknowledged += 1;
        }
        let text = std::fs::read(&file).expect("bytes");
        let class = tianyuan::class::format::from_bytes(&text).expect("always a whole class");
        let kept = class.child("kid0").expect("kid0").attempts.len() as u64;
        assert!(
            kept >= acknowledged,
            "{kept} kept, {acknowledged} acknowledged"
        );
    }
    // The next writer works.
    ok(&["add", f, "--child", "last"]);
}

#[test]
fn issue20_export_needs_the_pin_and_import_makes_the_same_class() {
    let dir = scratch("export");
    let file = dir.join("c.tyclass");
    let f = p(&file);
    ok(&[
        "new",
        f,
        "--name",
        "A",
        "--teacher",
        "B",
        "--pin",
        "teacher-7",
    ]);
    ok(&["add", f, "--child", "Mei", "--avatar", "fox"]);
    let out = dir.join("usb.tyclass");
    let (code, _, _) = class(&["export", f, "-o", p(&out)]);
    assert_eq!(code, 1, "the teacher's PIN guards export");
    assert!(!out.exists());
    ok(&["export", f, "-o", p(&out), "--pin", "teacher-7"]);
    let other = dir.join("other-pc.tyclass");
    ok(&["import", p(&out), "-o", p(&other)]);
    let a = tianyuan::class::format::from_bytes(&std::fs::read(&file).expect("a")).expect("a");
    let b = tianyuan::class::format::from_bytes(&std::fs::read(&other).expect("b")).expect("b");
    assert_eq!(a, b);
    assert_eq!(
        b.child("mei").map(|c| c.avatar.code()),
        Ok("animal:fox".into())
    );
    let _ = Color::Black;
}
