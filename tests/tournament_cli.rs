//! `tianyuan tournament …` through the real binary (issue 12, item 7): the command forms, the
//! JSON shapes, the exit codes, and an OpenGotha round trip.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tianyuan-tournament-{name}-{}", std::process::id()));
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

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn write(d: &Path, name: &str, text: &str) {
    std::fs::write(d.join(name), text).expect("write");
}

const PLAYERS: &str = "name,rank,club,team,withdrawn_after_round\n王磊,5d,北京,,\nLi Na,4d,Shanghai,,\nChen,3ld,,,\nDing,2k,,,\nEva,1k,,,3\nFu,9k,,,\nGao,,,,0\n";

#[test]
fn issue12_swiss_new_pair_results_standings() {
    let d = dir("swiss");
    write(&d, "p.csv", PLAYERS);
    ok(
        &d,
        &[
            "new",
            "t.ron",
            "--players",
            "p.csv",
            "--system",
            "swiss",
            "--rounds",
            "4",
            "--seed",
            "9",
        ],
    );
    for round in 1..=4u32 {
        let r = round.to_string();
        let pairing = json(&ok(&d, &["pair", "t.ron", "--round", &r, "--json"]));
        let rows = pairing.as_array().expect("a list");
        // Six players (Gao withdrew before the start) until Eva leaves after round 3.
        let games: Vec<&Value> = rows.iter().filter(|x| x.get("board").is_some()).collect();
        let byes: Vec<&Value> = rows.iter().filter(|x| x.get("bye").is_some()).collect();
        assert_eq!(
            (games.len(), byes.len()),
            if round <= 3 { (3, 0) } else { (2, 1) },
            "{pairing}"
        );
        assert_eq!(games[0]["board"], 1);
        assert!(rows.iter().all(|x| !x.to_string().contains("Gao")));
        // The same file prints the same pairing.
        assert_eq!(
            pairing,
            json(&ok(&d, &["pair", "t.ron", "--round", &r, "--json"]))
        );
        let mut csv =
            String::from("round,board,black,white,result,black_warnings,white_warnings\n");
        for g in games {
            let (b, w) = (
                g["black"].as_str().unwrap_or(""),
                g["white"].as_str().unwrap_or(""),
            );
            csv.push_str(&format!("{r},{},{b},{w},B,0,1\n", g["board"]));
        }
        for b in byes {
            csv.push_str(&format!(
                "{r},,{},,BYE,,\n",
                b["bye"].as_str().unwrap_or("")
            ));
        }
        write(&d, "g.csv", &csv);
        ok(&d, &["results", "t.ron", "--games", "g.csv"]);
    }
    let standings = json(&ok(&d, &["standings", "t.ron", "--json"]));
    let rows = standings.as_array().expect("a list");
    assert_eq!(rows.len(), 6);
    for (i, row) in rows.iter().enumerate() {
        for key in ["place", "shared", "name", "score", "tiebreaks"] {
            assert!(row.get(key).is_some(), "{key} missing in {row}");
        }
        assert!(row["tiebreaks"]["total"].is_number() && row["tiebreaks"]["warnings"].is_number());
        assert!(row["place"].as_u64().unwrap_or(0) <= i as u64 + 1);
    }
    // Pairing past the last round, or a round out of order, is refused with exit code 1.
    let out = run(&d, &["pair", "t.ron", "--round", "6"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!out.stderr.is_empty());
    // Exports.
    for flag in [
        "--opengotha",
        "--h9",
        "--csv",
        "--html",
        "--pairings",
        "--slips",
    ] {
        let file = format!("out{}", flag.replace("--", "."));
        ok(&d, &["export", "t.ron", flag, &file]);
        assert!(
            std::fs::metadata(d.join(&file))
                .map(|m| m.len() > 50)
                .unwrap_or(false),
            "{flag}"
        );
    }
    let h9 = std::fs::read_to_string(d.join("out.h9")).unwrap_or_default();
    assert!(
        h9.lines().filter(|l| !l.starts_with(';')).count() == 6,
        "{h9}"
    );
}

#[test]
fn issue12_round_robin_standings_from_csv_in_exact_halves() {
    let d = dir("csv");
    write(
        &d,
        "p.csv",
        "name,rank,club,team,withdrawn_after_round\nAn,5d,,,\nBo,4d,,,\nCe,3d,,,\nDi,2d,,,\n",
    );
    write(
        &d,
        "g.csv",
        "round,board,black,white,result,black_warnings,white_warnings\n1,1,An,Bo,B,,\n1,2,Ce,Di,B,,\n2,1,An,Ce,D,,\n2,2,Bo,Di,B,,\n3,1,Di,An,B,,\n3,2,Ce,Bo,B,,\n",
    );
    let out = ok(
        &d,
        &[
            "standings",
            "--players",
            "p.csv",
            "--games",
            "g.csv",
            "--system",
            "roundrobin",
            "--json",
        ],
    );
    assert!(
        out.contains("\"A\": 5.5") && out.contains("\"A\": 4.5"),
        "{out}"
    );
    let rows = json(&out);
    assert_eq!(rows[0]["name"], "Ce");
    assert_eq!(rows[0]["place"], 1);
    assert_eq!(rows[0]["shared"], false);
    assert_eq!(rows[0]["score"], 5);
    assert_eq!(rows[0]["tiebreaks"]["warnings"], 0);
    let text = ok(
        &d,
        &[
            "standings",
            "--players",
            "p.csv",
            "--games",
            "g.csv",
            "--system",
            "roundrobin",
        ],
    );
    assert!(
        text.contains("score → A → warnings → shared place"),
        "{text}"
    );
}

#[test]
fn issue12_refused_data_exits_1_and_usage_exits_2() {
    let d = dir("refusals");
    write(&d, "p.csv", "name,rank\nAn,5d\nBo,4d\n");
    write(&d, "dup.csv", "name,rank\nAn,5d\nAn,4d\n");
    write(&d, "g.csv", "round,board,black,white,result\n1,1,An,Xu,B\n");
    for (args, code, says) in [
        (
            vec!["new", "t.ron", "--players", "dup.csv", "--system", "swiss"],
            1,
            "names must be unique",
        ),
        (
            vec![
                "standings",
                "--players",
                "p.csv",
                "--games",
                "g.csv",
                "--system",
                "swiss",
            ],
            1,
            "\"Xu\" is not in players.csv",
        ),
        (
            vec!["new", "t.ron", "--players", "p.csv", "--system", "chess"],
            2,
            "unknown system",
        ),
        (
            vec!["pair", "missing.ron", "--round", "1"],
            1,
            "missing.ron",
        ),
        (vec!["export", "missing.ron"], 2, "required"),
    ] {
        let out = run(&d, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn issue12_opengotha_round_trip_keeps_players_games_and_ids() {
    let d = dir("opengotha");
    write(
        &d,
        "p.csv",
        "name,rank,club,team,withdrawn_after_round\nWang Lei,5d,Beijing,,\nLi Na,3ld,,,\nZhao,2k,,,2\nQian,1k,,,\nSun,4d,,,\n",
    );
    ok(
        &d,
        &[
            "new",
            "t.ron",
            "--players",
            "p.csv",
            "--system",
            "swiss",
            "--rounds",
            "3",
            "--seed",
            "4",
        ],
    );
    for r in ["1", "2"] {
        let pairing = json(&ok(&d, &["pair", "t.ron", "--round", r, "--json"]));
        let mut csv =
            String::from("round,board,black,white,result,black_warnings,white_warnings\n");
        for (i, g) in pairing.as_array().into_iter().flatten().enumerate() {
            if let Some(b) = g.get("bye").and_then(Value::as_str) {
                csv.push_str(&format!("{r},,{b},,BYE,,\n"));
            } else {
                let res = ["B", "WF", "LL", "D"][(i + 2 * (r == "2") as usize) % 4];
                csv.push_str(&format!(
                    "{r},{},{},{},{res},1,0\n",
                    g["board"],
                    g["black"].as_str().unwrap_or(""),
                    g["white"].as_str().unwrap_or("")
                ));
            }
        }
        write(&d, "g.csv", &csv);
        ok(&d, &["results", "t.ron", "--games", "g.csv"]);
    }
    ok(&d, &["export", "t.ron", "--opengotha", "a.xml"]);
    let xml = std::fs::read_to_string(d.join("a.xml")).unwrap_or_default();
    assert!(
        xml.contains("blackPlayer=\"") && xml.contains("participating=\"11000000000000000000\""),
        "{xml}"
    );
    assert!(xml.contains("RESULT_WHITEWINS_BYDEF") && xml.contains("RESULT_BOTHLOSE"));
    ok(&d, &["import", "a.xml", "-o", "back.ron"]);
    ok(&d, &["export", "back.ron", "--opengotha", "b.xml"]);
    assert_eq!(
        xml,
        std::fs::read_to_string(d.join("b.xml")).unwrap_or_default()
    );
    assert_eq!(
        ok(&d, &["standings", "t.ron", "--json"]),
        ok(&d, &["standings", "back.ron", "--json"])
    );
    assert_eq!(
        ok(&d, &["pair", "t.ron", "--round", "3", "--json"]),
        ok(&d, &["pair", "back.ron", "--round", "3", "--json"])
    );
}

#[test]
fn issue12_opengotha_files_from_other_programs() {
    // The shape OpenGotha writes (no Tianyuan attributes), pairgoth's misspelling, a
    // withdrawal in the participating mask, a forfeit and a bye.
    let d = dir("foreign");
    write(
        &d,
        "og.xml",
        r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Tournament dataVersion="201" fullVersionNumber="3.51" runningMode="SAL">
<Players>
<Player agaExpirationDate="" agaId="" club="Lyon" country="FR" egfPin="" firstName="Jean" grade="5D" name="Dupont" participating="10000000000000000000" rank="5D" rating="2500" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>
<Player agaExpirationDate="" agaId="" club="Paris" country="FR" egfPin="" firstName="Paul" grade="12K" name="Martin" participating="11111111111111111111" rank="12K" rating="900" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>
<Player club="Paris" firstName="Anne" name="Le Roy" participating="11111111111111111111" rank="1K"/>
<Player club="Nice" firstName="Luc" name="Petit" participating="11111111111111111111" rank="3K"/>
</Players>
<Games>
<Game blackPlayer="DUPONTJEAN" handicap="0" knownColor="true" result="RESULT_BLACKWINS_BYDEF" roundNumber="1" tableNumber="1" whitePlayer="MARTINPAUL"/>
<Game blackPlayer="LEROYANNE" handicap="0" knownColor="true" result="RESULT_WHITEWINS" roundNumber="1" tableNumber="2" whitePlayer="PETITLUC"/>
<Game blackPlayer="LEROYANNE" handicap="0" knownColor="true" result="RESULT_BOTHLOOSE" roundNumber="2" tableNumber="1" whitePlayer="MARTINPAUL"/>
</Games>
<ByePlayers>
<ByePlayer player="PETITLUC" roundNumber="2"/>
</ByePlayers>
<TournamentParameterSet>
<GeneralParameterSet name="Open de Lyon" numberOfRounds="3"/>
</TournamentParameterSet>
</Tournament>
"#,
    );
    ok(&d, &["import", "og.xml", "-o", "t.ron"]);
    let s = json(&ok(&d, &["standings", "t.ron", "--json"]));
    let names: Vec<&str> = s
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["name"].as_str())
        .collect();
    assert_eq!(names.len(), 4, "{s}");
    assert!(names.contains(&"Le Roy Anne") && names.contains(&"Dupont Jean"));
    // Dupont withdrew after round 1 (the mask): round 3 pairs the only new game left,
    // Martin–Petit, and gives Le Roy the bye.
    let p = json(&ok(&d, &["pair", "t.ron", "--round", "3", "--json"]));
    assert!(!p.to_string().contains("Dupont"), "{p}");
    assert_eq!(p[1]["bye"], "Le Roy Anne", "{p}");
    // Written back as OpenGotha had it: its name split, country, rating and parameters.
    ok(&d, &["export", "t.ron", "--opengotha", "back.xml"]);
    let back = std::fs::read_to_string(d.join("back.xml")).unwrap_or_default();
    for kept in [
        "name=\"Le Roy\"",
        "firstName=\"Anne\"",
        "country=\"FR\"",
        "rating=\"900\"",
        "rank=\"12K\"",
        "participating=\"10000000000000000000\"",
        "<GeneralParameterSet name=\"Open de Lyon\" numberOfRounds=\"3\"/>",
    ] {
        assert!(back.contains(kept), "{kept} lost: {back}");
    }
    ok(&d, &["import", "back.xml", "-o", "again.ron"]);
    assert_eq!(
        ok(&d, &["standings", "t.ron", "--json"]),
        ok(&d, &["standings", "again.ron", "--json"])
    );
    write(
        &d,
        "bad.xml",
        "<Tournament><Players><Player name=\"A\" firstName=\"B\" rank=\"5Q\"/></Players></Tournament>",
    );
    assert_eq!(
        run(&d, &["import", "bad.xml", "-o", "x.ron"]).status.code(),
        Some(1)
    );
    write(&d, "worse.xml", "<Tournament><Players>");
    assert_eq!(
        run(&d, &["import", "worse.xml", "-o", "x.ron"])
            .status
            .code(),
        Some(1)
    );
}

/// Issue 28: the players of a McMahon event with handicaps below 1d.
fn mcmahon_event(d: &Path, players: usize, rounds: u32) {
    let mut csv = String::from("name,rank,club\n");
    let ranks = ["5d", "3d", "1d", "1k", "3k", "5k", "8k", "12k"];
    for i in 0..players {
        csv.push_str(&format!("P{i:02},{},C{}\n", ranks[i % ranks.len()], i % 5));
    }
    write(d, "p.csv", &csv);
    ok(
        d,
        &[
            "new",
            "t.ron",
            "--players",
            "p.csv",
            "--system",
            "mcmahon",
            "--rounds",
            &rounds.to_string(),
            "--bar",
            "3d",
            "--floor",
            "12k",
            "--handicap-below",
            "1d",
            "--seed",
            "28",
        ],
    );
}

/// Pairs `round` and enters a result for every board (Black wins on odd boards).
fn play_round(d: &Path, round: u32) -> Value {
    let r = round.to_string();
    let pairing = json(&ok(d, &["pair", "t.ron", "--round", &r, "--json"]));
    let mut csv = String::from("round,board,black,white,result\n");
    for g in pairing.as_array().into_iter().flatten() {
        if let Some(b) = g.get("bye").and_then(Value::as_str) {
            csv.push_str(&format!("{r},,{b},,BYE\n"));
        } else {
            let board = g["board"].as_u64().unwrap_or(0);
            csv.push_str(&format!(
                "{r},{board},{},{},{}\n",
                g["black"].as_str().unwrap_or(""),
                g["white"].as_str().unwrap_or(""),
                if board % 2 == 1 { "B" } else { "W" }
            ));
        }
    }
    write(d, "g.csv", &csv);
    ok(d, &["results", "t.ron", "--games", "g.csv"]);
    pairing
}

fn bytes(d: &Path, name: &str) -> Vec<u8> {
    std::fs::read(d.join(name)).unwrap_or_default()
}

/// Every subcommand `tianyuan tournament --help` lists, with the nested `ratings` ones.
fn subcommands(args: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_tianyuan"))
        .args(args)
        .arg("--help")
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn issue28_no_command_replaces_or_damages_an_event_unless_told() {
    let d = dir("overwrite");
    mcmahon_event(&d, 9, 4);
    play_round(&d, 1);
    ok(
        &d,
        &["withdraw", "t.ron", "--player", "P08", "--after", "3"],
    );
    write(&d, "list.txt", "12345678 P00 - CN Bj 5d 0 2500 1 T1\n");
    ok(
        &d,
        &[
            "ratings",
            "import",
            "t.ron",
            "list.txt",
            "--list",
            "egd",
            "--date",
            "2025-05-01",
        ],
    );
    // Every command of `tianyuan tournament`, each classified: a new command must say
    // whether it writes an event.
    let writing = [
        "new", "pair", "results", "withdraw", "add", "import", "export", "set", "ratings",
        "playoff",
    ];
    let reading = [
        "standings",
        "verify-pairing",
        "check-submission",
        "preview-ratings",
        "exam",
    ];
    let listed = subcommands(&["tournament"]);
    assert!(listed.len() >= writing.len() + reading.len(), "{listed:?}");
    for c in &listed {
        assert!(
            writing.contains(&c.as_str()) || reading.contains(&c.as_str()),
            "tournament {c}: not classified as writing or reading an event"
        );
    }
    assert_eq!(subcommands(&["tournament", "ratings"]), ["import"]);
    let pairing = json(&ok(&d, &["pair", "t.ron", "--round", "1", "--json"]));
    let (b1, w1) = (
        pairing[0]["black"].as_str().unwrap_or("").to_string(),
        pairing[0]["white"].as_str().unwrap_or("").to_string(),
    );
    write(
        &d,
        "og.xml",
        "<Tournament><Players><Player name=\"A\" firstName=\"B\" rank=\"5D\"/><Player name=\"C\" firstName=\"D\" rank=\"1K\"/></Players></Tournament>",
    );
    write(&d, "p2.csv", "name,rank\nXa,1d\nXb,2d\n");
    write(
        &d,
        "round3.csv",
        "round,board,black,white,result\n3,1,P00,P01,B\n",
    );
    write(
        &d,
        "colours.csv",
        &format!("round,board,black,white,result\n1,1,{w1},{b1},B\n"),
    );
    write(&d, "pairs.csv", &format!("black,white\n{b1},{w1}\n"));
    std::fs::copy(d.join("t.ron"), d.join("copy.ron")).expect("copy");
    let before = bytes(&d, "t.ron");
    let copy = bytes(&d, "copy.ron");
    let refusals: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["new", "t.ron", "--players", "p2.csv", "--system", "swiss"],
            "exists",
        ),
        (vec!["import", "og.xml", "-o", "t.ron"], "exists"),
        (vec!["export", "t.ron", "--html", "t.ron"], "holds an event"),
        (
            vec!["export", "t.ron", "--opengotha", "copy.ron"],
            "holds an event",
        ),
        (
            vec!["pair", "t.ron", "--round", "1", "--force"],
            "already has results",
        ),
        (
            vec!["pair", "t.ron", "--round", "2", "--manual", "pairs.csv"],
            "met in round 1",
        ),
        (vec!["pair", "t.ron", "--round", "3"], "round 2"),
        (
            vec!["results", "t.ron", "--games", "round3.csv"],
            "round 3 is not paired",
        ),
        (
            vec!["results", "t.ron", "--games", "colours.csv"],
            "as Black",
        ),
        (
            vec!["withdraw", "t.ron", "--player", "P08", "--after", "2"],
            "withdrew after round 3 already",
        ),
        (
            vec!["add", "t.ron", "--player", "P00,5d"],
            "already in the event",
        ),
        (vec!["set", "t.ron", "--komi", "7.3"], "halves"),
        (
            vec![
                "ratings",
                "import",
                "t.ron",
                "list.txt",
                "--list",
                "egd",
                "--date",
                "2025-06-01",
            ],
            "frozen",
        ),
        (
            vec!["playoff", "t.ron", "--players", "P00,Nobody"],
            "Nobody",
        ),
    ];
    for (args, says) in &refusals {
        let out = run(&d, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?} should say {says:?}: {err}");
        assert_eq!(bytes(&d, "t.ron"), before, "{args:?} changed the event");
        assert_eq!(
            bytes(&d, "copy.ron"),
            copy,
            "{args:?} changed another event"
        );
        assert!(!d.join("t.ron.bak").exists(), "{args:?} left a backup");
    }
    // Every writing command is covered above.
    for c in writing {
        assert!(
            refusals.iter().any(|(a, _)| a[0] == c),
            "{c}: no refusal tried"
        );
    }
    // Told to: the old file is kept as FILE.bak, the new one is a valid event.
    ok(
        &d,
        &[
            "new",
            "t.ron",
            "--players",
            "p2.csv",
            "--system",
            "swiss",
            "--force",
        ],
    );
    assert_eq!(bytes(&d, "t.ron.bak"), before);
    let standings = json(&ok(&d, &["standings", "t.ron", "--json"]));
    assert_eq!(standings.as_array().map(Vec::len), Some(2));
    ok(&d, &["export", "copy.ron", "--html", "copy.ron", "--force"]);
    assert_eq!(bytes(&d, "copy.ron.bak"), copy);
    // No temporary file is left anywhere.
    let stray: Vec<String> = std::fs::read_dir(&d)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

/// Issue 28: a director prints the round's pairing list and its slips (and the wall sheet) in
/// one command; each carries the handicap and the komi.
#[test]
fn issue28_one_export_writes_the_pairing_list_slips_and_wall_sheet_together() {
    let d = dir("export-together");
    mcmahon_event(&d, 9, 3);
    play_round(&d, 1);
    ok(
        &d,
        &[
            "export",
            "t.ron",
            "--pairings",
            "list.html",
            "--slips",
            "slips.html",
            "--html",
            "wall.html",
            "--round",
            "1",
            "--lang",
            "en",
        ],
    );
    for page in ["list.html", "slips.html", "wall.html"] {
        let text = String::from_utf8(bytes(&d, page)).unwrap_or_default();
        assert!(text.contains("Komi"), "{page}: no komi");
        assert!(text.contains("andicap"), "{page}: no handicap");
    }
}
