//! Results the rating bodies accept (issue 19): the EGD table parsed back field by field, the
//! AGA report and the FFG table, the validator on a file with each fault, rating lists, the
//! GoR preview, and rank-exam certificates — through the library and the real binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tianyuan::tournament::check::{self, Body};
use tianyuan::tournament::mcmahon::{HandicapRule, McMahonSettings};
use tianyuan::tournament::{
    Outcome, Rank, System, Tournament, event, exam, from_csv, rating_files, ratings, standings,
};

const PLAYERS: &str = "name,rank,club,team,withdrawn_after_round,country,egd_pin,aga_id,ffg_licence\nWang Lei,5d,Beijing,,,CN,12345678,101,\nLi Na,3k,Shanghai Club,,,CN,,102,0512345\nJean Dupont,2k,Lyon,,,FR,23456789,,1800014\nChen,1d,,,,,,,\n";
const GAMES: &str = "round,board,black,white,result,black_warnings,white_warnings\n1,1,Wang Lei,Chen,B,,\n1,2,Li Na,Jean Dupont,W,,\n2,1,Jean Dupont,Wang Lei,D,,\n2,2,Chen,Li Na,BF,,\n3,1,Wang Lei,Li Na,B,,\n3,2,Jean Dupont,Chen,,,\n";

/// Four players, three McMahon rounds (bar 3d, floor 10k, handicaps below 1d with no
/// correction); round 1 board 2 a one-stone game; a forfeit and a game not played.
fn event() -> Tournament {
    let mut t = from_csv(PLAYERS, GAMES, System::McMahon, 1).unwrap_or_else(|e| panic!("{e}"));
    t.name = "Beijing Open".into();
    t.mcmahon = Some(McMahonSettings {
        bar: Rank::NationalDan(3),
        floor: Rank::Kyu(10),
        handicap: Some(HandicapRule {
            below: Rank::NationalDan(1),
            correction: 0,
            max: 9,
        }),
    });
    if let Some(r) = t.round_mut(1) {
        r.games[1].handicap = 1;
    }
    t.event.dates = event::parse_dates("2025-05-01,2025-05-03").ok();
    t.event.country = "CN".into();
    t.event.city = "Beijing".into();
    t.event.time = event::parse_time("japanese:main=60m,periods=5x30s").ok();
    t
}

#[test]
fn issue19_h9_parsed_back_field_by_field() {
    let t = event();
    let s = standings(&t);
    // McMahon scores: Wang 12 + 1 + ½ + 1 = 14.5; Chen 10 + 1 (forfeit win) = 11;
    // Dupont 8 + 1 + ½ = 9.5; Li 7.
    let order: Vec<(&str, String)> = s
        .rows
        .iter()
        .map(|r| (r.name.as_str(), r.score.to_string()))
        .collect();
    assert_eq!(
        order,
        [
            ("Wang Lei", "14.5"),
            ("Chen", "11"),
            ("Jean Dupont", "9.5"),
            ("Li Na", "7")
        ]
        .map(|(a, b)| (a, b.to_string()))
        .to_vec()
    );
    let text = rating_files::h9(&t, &s);
    let table = check::parse_h9(&text);
    let h = &table.headers;
    for (key, value) in [
        ("CL", "A"),
        ("EV", "Beijing Open"),
        ("PC", "CN,Beijing"),
        ("DT", "2025-05-01,2025-05-03"),
        ("HA", "h0"),
        ("KM", "7.5"),
        ("TM", "82"),
    ] {
        assert_eq!(
            h.get(key).map(String::as_str),
            Some(value),
            "{key} in\n{text}"
        );
    }
    assert!(table.unreadable.is_empty(), "{:?}", table.unreadable);
    type Line<'a> = (
        usize,
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        Option<&'a str>,
    );
    let rows: Vec<Line> = table
        .rows
        .iter()
        .map(|r| {
            (
                r.number,
                r.family.as_str(),
                r.given.as_str(),
                r.rank.as_str(),
                r.country.as_str(),
                r.club.as_str(),
                r.pin.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (1, "Wang", "Lei", "5d", "CN", "Beijing", Some("12345678")),
            (2, "Chen", "-", "1d", "CN", "-", None),
            (3, "Jean", "Dupont", "2k", "FR", "Lyon", Some("23456789")),
            (4, "Li", "Na", "3k", "CN", "Shanghai_Club", None),
        ]
    );
    let results = |i: usize| -> Vec<String> {
        table.rows[i]
            .results
            .iter()
            .map(|r| {
                let mut s = format!("{}{}", r.opponent, r.symbol);
                if let Some(c) = r.colour {
                    s.push('/');
                    s.push(c);
                }
                if let Some(h) = r.handicap {
                    s.push_str(&h.to_string());
                }
                s
            })
            .collect()
    };
    assert_eq!(results(0), ["2+/b0", "3=/w0", "4+/b0"]);
    assert_eq!(
        results(1),
        ["1-/w0", "0+", "0-"],
        "a forfeit win is a free win; not played a free round"
    );
    assert_eq!(results(2), ["4+/w1", "1=/b0", "0-"]);
    assert_eq!(results(3), ["3-/b1", "0-", "1-/w0"]);
    assert_eq!(table.rows[0].scores, ["14.5"]);
    // The checker reads it back too: only what the EGD itself would say.
    let codes: Vec<&str> = check::check_h9(&text).iter().map(|f| f.code).collect();
    assert!(
        codes.contains(&"missing-id") && codes.contains(&"not-rated"),
        "{codes:?}"
    );
    assert!(
        !codes.contains(&"mismatch") && !codes.contains(&"class"),
        "{codes:?}"
    );
}

#[test]
fn issue19_h9_of_an_even_event_without_data_still_writes_every_header() {
    let t = from_csv(
        "name,rank\nAn,1d\nBo,2d\n",
        "round,board,black,white,result\n1,1,An,Bo,B\n",
        System::Swiss,
        1,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text = rating_files::h9(&t, &standings(&t));
    let table = check::parse_h9(&text);
    for key in ["CL", "EV", "PC", "DT", "HA", "KM", "TM"] {
        assert!(
            text.contains(&format!("; {key}[")),
            "{key} missing:\n{text}"
        );
    }
    assert_eq!(table.headers.get("HA").map(String::as_str), Some("h9"));
    assert_eq!(table.rows.len(), 2);
    let codes: Vec<&str> = check::check_h9(&text).iter().map(|f| f.code).collect();
    for c in ["class", "place", "dates", "time", "missing-id"] {
        assert!(codes.contains(&c), "{c} not found in {codes:?}");
    }
}

#[test]
fn issue19_validator_finds_each_fault_of_an_h9() {
    // A consistent table: every header, every PIN, every game written from both sides; Roy
    // had a bye in round 2 and Noir a free round (the only findings: games nobody played).
    let consistent = "; CL[A]\n; EV[Open]\n; PC[FR,Lyon]\n; DT[2025-05-01,2025-05-02]\n; HA[h9]\n; KM[7.5]\n; TM[82]\n   1 Dupont Jean   3d FR Lyon 2  2+/b0  3+/w0 |11111111\n   2 Martin Paul   2d FR Lyon 1  1-/w0  5+/b0 |22222222\n   3 Petit Luc     1d FR Nice 1  4+/w0  1-/b0 |33333333\n   4 Roy Anne      1k FR Nice 1  3-/b0  0+ |44444444\n   5 Blanc Eve     2k FR Nice 0  6-/w0  2-/w0 |55555555\n   6 Noir Ugo      3k FR Nice 1  5+/b0  0- |66666666\n";
    let base: Vec<&str> = check::check_h9(consistent).iter().map(|f| f.code).collect();
    assert_eq!(
        base,
        ["not-rated", "not-rated"],
        "{:?}",
        check::check_h9(consistent)
    );
    for (fault, edit, code) in [
        ("no class", ("; CL[A]\n", ""), "class"),
        ("class above the time", ("; TM[82]", "; TM[60]"), "class"),
        ("no place", ("; PC[FR,Lyon]", "; PC[]"), "place"),
        (
            "place without a country",
            ("; PC[FR,Lyon]", "; PC[Lyon]"),
            "place",
        ),
        (
            "no dates",
            ("; DT[2025-05-01,2025-05-02]", "; DT[]"),
            "dates",
        ),
        (
            "bad dates",
            ("; DT[2025-05-01,2025-05-02]", "; DT[1/5/2025]"),
            "dates",
        ),
        ("no adjusted time", ("; TM[82]", "; TM[]"), "time"),
        ("no handicap header", ("; HA[h9]\n", ""), "header"),
        ("no PIN", (" |22222222", ""), "missing-id"),
        (
            "one side of a game differs",
            ("1-/w0  5+/b0", "1-/b0  5+/b0"),
            "mismatch",
        ),
        (
            "an opponent not in the table",
            ("5+/b0  0-", "9+/b0  0-"),
            "mismatch",
        ),
        ("a round missing", ("  0- |66666666", " |66666666"), "row"),
        (
            "two players of one name without ids",
            (
                "Blanc Eve     2k FR Nice 0  6-/w0  2-/w0 |55555555",
                "Noir Ugo      2k FR Nice 0  6-/w0  2-/w0",
            ),
            "duplicate-name",
        ),
        ("not a player line", ("   6 Noir", "   x Noir"), "row"),
    ] {
        let bad = consistent.replacen(edit.0, edit.1, 1);
        assert_ne!(bad, consistent, "{fault}: the edit did not apply");
        let found = check::check_h9(&bad);
        assert!(
            found
                .iter()
                .any(|f| f.code == code && !f.fix.is_empty() && !f.at.is_empty()),
            "{fault}: no {code} in {found:?}"
        );
    }
}

#[test]
fn issue19_validator_on_events_and_aga_and_ffg_files() {
    let t = event();
    // The event as the EGD would get it: Chen and Li Na have no PIN, a forfeit, an unplayed game.
    let f = check::check_event(&t, Body::Egd);
    let at = |code: &str| -> Vec<String> {
        f.iter()
            .filter(|x| x.code == code)
            .map(|x| x.at.clone())
            .collect()
    };
    assert_eq!(at("missing-id"), ["Li Na", "Chen"]);
    assert_eq!(at("not-rated").len(), 2, "{f:?}");
    assert!(at("dates").is_empty() && at("place").is_empty() && at("class").is_empty());
    // A declared class the time does not allow.
    let mut fast = t.clone();
    fast.event.time = event::parse_time("japanese:main=30m,periods=5x30s").ok();
    fast.event.class = Some('A');
    assert!(
        check::check_event(&fast, Body::Egd)
            .iter()
            .any(|x| x.code == "class")
    );
    // AGA: Dupont and Chen have no AGA id; the draw and the forfeit are not rated.
    let a = check::check_event(&t, Body::Aga);
    assert_eq!(a.iter().filter(|x| x.code == "missing-id").count(), 2);
    assert_eq!(
        a.iter().filter(|x| x.code == "not-rated").count(),
        3,
        "{a:?}"
    );
    let report = rating_files::aga(&t);
    assert!(
        report.starts_with("TOURNEY Beijing Open, Beijing, CN\n"),
        "{report}"
    );
    assert!(report.contains("\tstart=05/01/2025\n\tfinish=05/03/2025\n\trules=Chinese\n"));
    assert!(
        report.contains("     101 Wang, Lei 5D\n") && report.contains("TMP4 Chen, "),
        "{report}"
    );
    // Games: white black winner handicap komi (Chinese handicap game: no komi).
    assert!(report.contains("\nTMP4 101 B 0 7\n"), "{report}");
    assert!(report.contains("\nTMP3 102 W 1 0\n"), "{report}");
    let codes: Vec<&str> = check::check_aga(&report).iter().map(|f| f.code).collect();
    assert!(
        codes.contains(&"missing-id") && codes.contains(&"not-rated"),
        "{codes:?}"
    );
    assert!(
        !codes.contains(&"mismatch") && !codes.contains(&"dates"),
        "{codes:?}"
    );
    let broken = report
        .replace("\tstart=05/01/2025\n", "")
        .replace("\trules=Chinese\n", "");
    let codes: Vec<&str> = check::check_aga(&broken).iter().map(|f| f.code).collect();
    assert!(
        codes.contains(&"dates") && codes.contains(&"header"),
        "{codes:?}"
    );
    // FFG: entries without the slash, 0= a round without a game.
    let tou = rating_files::tou(&t, &standings(&t));
    let table = check::parse_tou(&tou);
    assert_eq!(
        table.headers.get("date").map(String::as_str),
        Some("01/05/2025")
    );
    assert_eq!(table.headers.get("ta").map(String::as_str), Some("82"));
    assert_eq!(table.rows[0].family, "WANG");
    assert_eq!(table.rows[3].licence, "0512345");
    let r0: Vec<(usize, char, Option<char>)> = table.rows[0]
        .results
        .iter()
        .map(|r| (r.opponent, r.symbol, r.colour))
        .collect();
    assert_eq!(
        r0,
        [
            (2, '+', Some('b')),
            (3, '=', Some('w')),
            (4, '+', Some('b'))
        ]
    );
    let codes: Vec<&str> = check::check_tou(&tou).iter().map(|f| f.code).collect();
    assert!(
        codes.contains(&"missing-id") && !codes.contains(&"mismatch"),
        "{codes:?}"
    );
    assert_eq!(rating_files::latin1_or_utf8("Dréan")[2], 0xE9);
}

#[test]
fn issue19_rank_exam_on_the_organisers_table() {
    // Two level groups of four (the team column names them); everyone plays three rounds.
    let players = "name,rank,club,team\nA1,5k,,5k group\nA2,5k,,5k group\nA3,5k,,5k group\nA4,5k,,5k group\nB1,,,10k\nB2,,,10k\nB3,,,10k\nB4,,,10k\n";
    let mut t = tianyuan::tournament::file::create(
        "Spring grading",
        System::RankExam,
        Some(3),
        3,
        tianyuan::tournament::csv_import::read_players(players).unwrap_or_default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    t.exam = Some(exam::ExamTable::parse("3:+2,2:+1,1:0,0:-1").unwrap_or_else(|e| panic!("{e}")));
    for round in 1..=3 {
        let r = t.propose(round).unwrap_or_else(|e| panic!("{e}"));
        for g in &r.games {
            // Never across groups, never twice.
            let group = |p| tianyuan::tournament::mcmahon::exam_group(t.player(p));
            assert_eq!(group(g.black), group(g.white));
        }
        t.publish(r).unwrap_or_else(|e| panic!("{e}"));
        // The lower-numbered player wins.
        if let Some(r) = t.round_mut(round) {
            for g in &mut r.games {
                g.outcome = Some(if g.black < g.white {
                    Outcome::BlackWins
                } else {
                    Outcome::WhiteWins
                });
            }
        }
    }
    let rs = exam::results(&t).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<(String, u32, String)> = rs
        .iter()
        .map(|r| {
            (
                t.name_of(r.player).to_string(),
                r.wins,
                r.awarded.map_or("-".into(), |x| x.to_string()),
            )
        })
        .collect();
    // A round robin of four within each group: 3, 2, 1, 0 wins → +2, +1, 0, −1 grades; the
    // 10k group had no declared rank (定级) and starts from the group's name.
    assert_eq!(
        got,
        [
            ("B1", 3, "8k"),
            ("B2", 2, "9k"),
            ("B3", 1, "10k"),
            ("B4", 0, "11k"),
            ("A1", 3, "3k"),
            ("A2", 2, "4k"),
            ("A3", 1, "5k"),
            ("A4", 0, "6k"),
        ]
        .map(|(a, b, c)| (a.to_string(), b, c.to_string()))
        .to_vec()
    );
    for lang in [
        tianyuan::i18n::Lang::ZhHans,
        tianyuan::i18n::Lang::ZhHant,
        tianyuan::i18n::Lang::En,
    ] {
        let html = exam::certificates_html(&t, &rs, lang);
        assert_eq!(html.matches("<section class=\"cert\">").count(), 8);
        assert!(html.contains("Spring grading") && html.contains("A1"));
        assert!(html.contains(lang.pick("3级", "3級", "3 kyu")));
        assert!(html.contains(lang.pick("裁判长签字", "裁判長簽字", "Chief arbiter's signature")));
    }
}

#[test]
fn issue19_rating_list_import_and_gor_preview() {
    let mut t = event();
    let list = "  12345678  Wang Lei                             CN  Beij    5d   --   2480    12  T240101X\n  34567890  Li Na                                CN  Shan    2k   --   1850     3  T240101X\n  45678901  Chen Ming                            CN  Beij    1d   --   2100     3  T240101X\n";
    let entries = ratings::read_list(ratings::ListKind::Egd, list);
    let report = ratings::import(&mut t, ratings::ListKind::Egd, "2025-04-01", &entries)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.matched, ["Wang Lei", "Li Na"]);
    assert!(report.unmatched.contains(&"Chen".to_string()));
    let li = t.player(t.player_named("Li Na").unwrap_or_default());
    assert_eq!(
        (li.ids.egd_pin.as_str(), li.rating),
        ("34567890", Some(1850))
    );
    assert_eq!(
        t.ratings.as_ref().map(|s| s.date.as_str()),
        Some("2025-04-01")
    );
    let p = ratings::preview(&t);
    let wang = p.iter().find(|x| x.name == "Wang Lei").cloned();
    let wang = wang.unwrap_or_else(|| panic!("{p:?}"));
    // By hand: Wang (2480) beat Chen (1d from the rank: 2100) and Li Na (1850); the draw with
    // Dupont (2k: 1900) counts too — three games (the forfeit was not Wang's).
    assert_eq!((wang.rating, wang.source, wang.games), (2480.0, "list", 3));
    let expected = ratings::change(2480.0, 2100.0, 1.0)
        + ratings::change(2480.0, 1900.0, 0.5)
        + ratings::change(2480.0, 1850.0, 1.0);
    assert!(
        (wang.change - (expected * 1000.0).round() / 1000.0).abs() < 0.0015,
        "{} vs {expected}",
        wang.change
    );
}

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tianyuan-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn run(d: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .current_dir(d)
        .arg("tournament")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn ok(d: &Path, args: &[&str]) -> String {
    let out = run(d, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn issue19_cli_mcmahon_pair_json_verify_check_and_exports() {
    let d = dir("cli");
    let mut csv =
        String::from("name,rank,club,team,withdrawn_after_round,family,country,city,egd_pin\n");
    for (i, r) in ["4d", "2d", "1d", "1k", "3k", "5k", "8k", "12k", "15k"]
        .iter()
        .enumerate()
    {
        csv.push_str(&format!(
            "P{i},{r},C{},,,{},CN,Beijing,{}\n",
            i % 3,
            if i < 2 { "F" } else { "" },
            10000000 + i
        ));
    }
    std::fs::write(d.join("p.csv"), csv).expect("write");
    ok(
        &d,
        &[
            "new",
            "t.ron",
            "--players",
            "p.csv",
            "--system",
            "mcmahon",
            "--rounds",
            "3",
            "--seed",
            "5",
            "--bar",
            "2d",
            "--floor",
            "10k",
            "--handicap-below",
            "1d",
            "--handicap-correction",
            "1",
            "--handicap-max",
            "4",
            "--dates",
            "2025-05-01,2025-05-02",
            "--place",
            "CN, Beijing",
            "--time",
            "chinese:limit=60m,reserve=5",
            "--rules",
            "chinese",
        ],
    );
    let text = ok(&d, &["pair", "t.ron", "--round", "1", "--json"]);
    let v: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let rows = v.as_array().cloned().unwrap_or_default();
    assert_eq!(rows.len(), 5, "four boards and the bye: {text}");
    // The keys in the pinned order, in the text itself.
    for object in text.split('}').filter(|o| o.contains("\"board\"")) {
        let at: Vec<usize> = [
            "\"board\"",
            "\"black\"",
            "\"white\"",
            "\"handicap\"",
            "\"komi\"",
        ]
        .iter()
        .map(|k| object.find(k).unwrap_or(usize::MAX))
        .collect();
        assert!(
            at.windows(2).all(|w| w[0] < w[1]) && at[4] != usize::MAX,
            "{object}"
        );
    }
    for g in &rows[..4] {
        assert_eq!(g.as_object().map(|o| o.len()), Some(5), "{text}");
        let h = g["handicap"].as_u64().unwrap_or(99);
        assert_eq!(
            g["komi"].as_f64(),
            Some(if h == 0 { 3.75 } else { 0.0 }),
            "{text}"
        );
    }
    assert_eq!(rows[4].as_object().map(|o| o.len()), Some(1));
    assert!(rows[4]["bye"].is_string());
    // Explained, re-run, certified.
    let why = ok(&d, &["pair", "t.ron", "--round", "1", "--explain"]);
    assert!(
        why.contains("no repeated pairing")
            && why.contains("certificate:")
            && why.contains("pairing sha256"),
        "{why}"
    );
    let out = run(&d, &["verify-pairing", "t.ron", "--round", "1"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // Check and export for each body.
    let out = run(&d, &["check-submission", "t.ron", "--for", "egd", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "games without results are findings"
    );
    let findings: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
    assert!(findings.as_array().is_some_and(|a| {
        a.iter()
            .all(|f| f["code"].is_string() && f["fix"].is_string())
    }));
    ok(&d, &["export", "t.ron", "--h9", "t.h9"]);
    ok(&d, &["export", "t.ron", "--aga", "t.txt"]);
    ok(&d, &["export", "t.ron", "--tou", "t.tou"]);
    let h9 = std::fs::read_to_string(d.join("t.h9")).unwrap_or_default();
    assert!(
        h9.contains("; CL[B]")
            && h9.contains("; TM[100]")
            && h9.contains("; PC[CN,Beijing]")
            && h9.contains("|10000000"),
        "{h9}"
    );
    assert_eq!(
        run(&d, &["check-submission", "t.h9", "--for", "egd"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        run(&d, &["check-submission", "missing.h9", "--for", "egd"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        run(&d, &["check-submission", "t.h9", "--for", "xyz"])
            .status
            .code(),
        Some(2)
    );
    std::fs::write(
        d.join("clean.h9"),
        "; CL[A]\n; EV[Open]\n; PC[FR,Lyon]\n; DT[2025-05-01]\n; HA[h9]\n; KM[7.5]\n; TM[82]\n   1 Dupont Jean 3d FR Lyon 1 2+/b0 |11111111\n   2 Martin Paul 2d FR Lyon 0 1-/w0 |22222222\n",
    )
    .expect("write");
    let out = run(&d, &["check-submission", "clean.h9", "--for", "egd"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // Settings change with `set`; old files still open.
    ok(
        &d,
        &[
            "set",
            "t.ron",
            "--avoid",
            "family=300,city=5",
            "--class",
            "B",
            "--komi",
            "6.5",
        ],
    );
    let ron = std::fs::read_to_string(d.join("t.ron")).unwrap_or_default();
    assert!(
        ron.contains("format: 3") && ron.contains("family: 300"),
        "{ron}"
    );
    assert_eq!(
        run(&d, &["set", "t.ron", "--avoid", "cousins=5"])
            .status
            .code(),
        Some(1)
    );
    assert_eq!(
        run(&d, &["set", "t.ron", "--dates", "2025-13-01"])
            .status
            .code(),
        Some(1)
    );
    // The rating list from standard input, frozen; the preview.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .current_dir(&d)
        .args([
            "tournament",
            "ratings",
            "import",
            "t.ron",
            "--list",
            "egd",
            "--date",
            "2025-04-30",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write as _;
        let _ = stdin.write_all(b"  10000000  P0 -                                 CN  C0      4d   --   2390    12  T240101X\n");
    }
    let out = child.wait_with_output().expect("wait");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let preview = ok(&d, &["preview-ratings", "t.ron", "--json"]);
    let p: serde_json::Value = serde_json::from_str(&preview).unwrap_or_default();
    assert!(p.is_array(), "{preview}");
}

#[test]
fn issue19_files_of_format_1_still_open() {
    let old = r#"(
    format: 1,
    name: "Old",
    system: Swiss,
    rounds: 2,
    seed: 3,
    players: [
        (id: 0, name: "An", rank: Some(NationalDan(2)), club: "", team: "", withdrawn_after_round: None, lot: 1),
        (id: 1, name: "Bo", rank: Some(Kyu(3)), club: "", team: "", withdrawn_after_round: None, lot: 2),
    ],
    played: [(number: 1, games: [(board: 1, black: 0, white: 1, outcome: Some(BlackWins), black_warnings: 0, white_warnings: 0)], byes: [])],
    ranking: (extras: [], shared_places: true),
)"#;
    let t = tianyuan::tournament::file::from_ron(old).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((t.format, t.played[0].games[0].handicap), (1, 0));
    let again = tianyuan::tournament::file::to_ron(&t).unwrap_or_default();
    assert!(again.contains("format: 3"));
    assert_eq!(
        tianyuan::tournament::file::from_ron(&again).map(|x| x.players),
        Ok(t.players)
    );
}

#[test]
fn issue19_opengotha_mcmahon_settings_in_and_out() {
    // OpenGotha's own file of a McMahon event: bar 4D, floor 20K, handicaps below 1D with
    // correction 1 and at most 9 stones, placement by MMS; a handicap game.
    let xml = r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Tournament dataVersion="201" fullVersionNumber="3.51" runningMode="SAL">
<Players>
<Player agaId="" club="75Ju" country="FR" egfPin="12345678" ffgLicence="1800014" firstName="Davide" name="Minieri" participating="11111111111111111111" rank="3D"/>
<Player agaId="" club="92Ge" country="FR" egfPin="" ffgLicence="1500104" firstName="Manuela" name="Rebelo" participating="11111111111111111111" rank="18K"/>
</Players>
<Games>
<Game blackPlayer="REBELOMANUELA" handicap="9" knownColor="true" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1" whitePlayer="MINIERIDAVIDE"/>
</Games>
<TournamentParameterSet>
<GeneralParameterSet basicTime="60" beginDate="2019-10-26" canByoYomiTime="300" complementaryTimeSystem="STDBYOYOMI" endDate="2019-10-28" fischerTime="10" genMMBar="4D" genMMFloor="20K" komi="7.5" location="Juvisy" name="Tournoi de Juvisy" nbMovesCanTime="15" numberOfRounds="4" stdByoYomiTime="30"/>
<HandicapParameterSet hdBasedOnMMS="false" hdCeiling="9" hdCorrection="1" hdNoHdRankThreshold="1D"/>
<PlacementParameterSet>
<PlacementCriteria>
<PlacementCriterion name="MMS" number="1"/>
<PlacementCriterion name="SOSM" number="2"/>
</PlacementCriteria>
</PlacementParameterSet>
</TournamentParameterSet>
</Tournament>
"#;
    let (t, _) = tianyuan::tournament::opengotha::read(xml).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.system, System::McMahon);
    let m = t.mcmahon.unwrap_or_default();
    assert_eq!((m.bar, m.floor), (Rank::NationalDan(4), Rank::Kyu(20)));
    assert_eq!(
        m.handicap,
        Some(HandicapRule {
            below: Rank::NationalDan(1),
            correction: 1,
            max: 9
        })
    );
    assert_eq!(t.played[0].games[0].handicap, 9);
    let p = &t.players[0];
    assert_eq!(
        (
            p.ids.egd_pin.as_str(),
            p.ids.ffg_licence.as_str(),
            p.country.as_str()
        ),
        ("12345678", "1800014", "FR")
    );
    assert_eq!(
        t.event.dates,
        Some(("2019-10-26".into(), "2019-10-28".into()))
    );
    assert_eq!(t.event.city, "Juvisy");
    // Japanese 60 min + 30 s: adjusted 82, class A — what OpenGotha wrote in its own .h9.
    assert_eq!(
        (t.event.adjusted_minutes(), t.event.class()),
        (Some(82), Some('A'))
    );
    let h9 = rating_files::h9(&t, &standings(&t));
    assert!(
        h9.contains("; HA[h1]") && h9.contains("; TM[82]") && h9.contains("; CL[A]"),
        "{h9}"
    );
    // Our own McMahon event written for OpenGotha carries the same settings back.
    let mut ours = t.clone();
    ours.opengotha_parameters = None;
    let out = tianyuan::tournament::opengotha::write(&ours);
    for attr in [
        "genMMBar=\"4D\"",
        "genMMFloor=\"20K\"",
        "hdCeiling=\"9\"",
        "hdCorrection=\"1\"",
        "hdNoHdRankThreshold=\"1D\"",
        "<PlacementCriterion name=\"MMS\" number=\"1\"/>",
        "handicap=\"9\"",
    ] {
        assert!(out.contains(attr), "{attr} missing:\n{out}");
    }
    let (back, _) = tianyuan::tournament::opengotha::read(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (back.system, back.mcmahon, back.event.clone()),
        (System::McMahon, ours.mcmahon, ours.event.clone())
    );
    // Without our own attributes too: OpenGotha's parameter sets alone give the same settings.
    let stripped: String = out
        .lines()
        .filter(|l| !l.starts_with("<TianyuanParameterSet"))
        .collect::<Vec<_>>()
        .join("\n");
    let (again, _) =
        tianyuan::tournament::opengotha::read(&stripped).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (again.system, again.mcmahon),
        (System::McMahon, ours.mcmahon)
    );
}
