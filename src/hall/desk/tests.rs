use super::*;
use crate::hall::test_lines::session_lines;

const ID: &str = "00112233445566778899aabbccddeeff";
const SETUP: &str =
    "setup size=9 time=chinese:limit=10m,reserve=3 black=Li white=Wang table=7 round=2";

fn desk() -> Desk {
    let mut d = Desk::new(
        EventName::new("cup").unwrap(),
        ChiefKey::from_seed([1; 32]),
        false,
    );
    d.set_connected(true, at(0), "12:00:00");
    d
}

fn at(ms: u64) -> Timestamp {
    Timestamp(ms)
}

fn feed(d: &mut Desk, lines: &[Vec<u8>], order: &[u32]) -> Vec<Offer> {
    order
        .iter()
        .map(|&n| d.receive(7, ID, n, lines[(n - 1) as usize].clone(), at(0)))
        .collect()
}

fn appended(o: &Offer) -> Vec<u32> {
    match o {
        Offer::Append { first, lines } => (*first..*first + lines.len() as u32).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn issue14_entries_in_order_are_held_once_and_duplicates_dropped() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5", "0:09 W C3", "0:20 B G7"]);
    let mut d = desk();
    let offers = feed(&mut d, &lines, &[1, 2, 2, 3, 4, 1, 4]);
    assert_eq!(appended(&offers[0]), vec![1]);
    assert_eq!(offers[2], Offer::Duplicate);
    assert_eq!(offers[5], Offer::Duplicate);
    assert_eq!(offers[6], Offer::Duplicate);
    let st = d.statement(7, ID);
    assert_eq!(st.held, 4);
    assert_eq!(st.head, hex::encode(&copy::line_sha(&lines[3]).unwrap()));
    assert_eq!(d.stats.held, 4);
    assert_eq!(d.stats.duplicates, 3);
}

#[test]
fn issue14_early_entries_wait_for_the_missing_one_and_the_board_is_told() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5", "0:09 W C3", "0:20 B G7"]);
    let mut d = desk();
    let offers = feed(&mut d, &lines, &[1, 3, 4]);
    assert_eq!(offers[1], Offer::Early);
    assert!(d.statement(7, ID).gap);
    let offers = feed(&mut d, &lines, &[2]);
    assert_eq!(appended(&offers[0]), vec![2, 3, 4]);
    let st = d.statement(7, ID);
    assert_eq!((st.held, st.gap), (4, false));
}

#[test]
fn issue14_a_different_entry_is_a_conflict_and_nothing_is_overwritten() {
    let a = session_lines(ID, SETUP, &["0:05 B E5", "0:09 W C3"]);
    let b = session_lines(ID, SETUP, &["0:05 B E5", "0:09 W G3"]);
    let mut d = desk();
    feed(&mut d, &a, &[1, 2, 3]);
    assert_eq!(d.receive(7, ID, 3, b[2].clone(), at(1)), Offer::Conflict(3));
    assert_eq!(d.statement(7, ID).conflict, Some(3));
    assert_eq!(d.statement(7, ID).held, 3);
    let tiles = d.tiles(at(1));
    assert!(tiles[0].attention.contains(&Reason::Problem));
}

#[test]
fn issue14_a_session_set_up_for_another_table_or_named_otherwise_is_refused() {
    let lines = session_lines(ID, &SETUP.replace("table=7", "table=8"), &[]);
    let mut d = desk();
    assert!(matches!(
        d.receive(7, ID, 1, lines[0].clone(), at(0)),
        Offer::Refused(_)
    ));
    assert!(d.statement(7, ID).refused.is_some());
    let lines = session_lines(ID, SETUP, &[]);
    let other = "ffffffffffffffffffffffffffffffff";
    assert!(matches!(
        d.receive(7, other, 1, lines[0].clone(), at(0)),
        Offer::Refused(_)
    ));
    assert!(matches!(
        d.receive(7, "../x", 1, lines[0].clone(), at(0)),
        Offer::Refused(_)
    ));
}

#[test]
fn issue14_tiles_show_the_game_and_what_needs_the_chief_arbiter() {
    let lines = session_lines(
        ID,
        SETUP,
        &[
            "0:05 B E5",
            "0:09 W C3",
            "0:30 warn W 25.2",
            "0:40 refer \"clock broke\"",
            "0:50 warn W 25.2",
        ],
    );
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2, 3, 4, 5, 6]);
    d.heard(7, at(0));
    let tile = &d.tiles(at(1000))[0];
    assert_eq!((tile.black.as_str(), tile.white.as_str()), ("Li", "Wang"));
    assert_eq!(tile.moves, 2);
    assert_eq!(tile.warnings, [0, 2]);
    assert_eq!(tile.result.as_deref(), Some("B+F"));
    assert_eq!(
        tile.attention,
        vec![Reason::Referral, Reason::SecondWarning]
    );
    assert!(tile.last_ruling.as_deref().unwrap().starts_with("warn W"));
    let new = d.take_new_attention(at(1000));
    assert_eq!(new.len(), 2);
    assert!(d.take_new_attention(at(1001)).is_empty(), "reported once");
    d.seen(7).unwrap();
    assert!(d.tiles(at(1002))[0].attention.is_empty());
    let results = d.take_new_results();
    assert_eq!(results.len(), 1);
    assert_eq!(
        (results[0].result.as_str(), results[0].warnings),
        ("B+F", [0, 2])
    );
    assert!(d.take_new_results().is_empty(), "posted once");
}

#[test]
fn issue14_a_quiet_board_goes_offline_after_a_minute_and_its_clock_runs_on() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2]);
    d.heard(7, at(0));
    let tile = &d.tiles(at(30_000))[0];
    assert!(tile.online && tile.attention.is_empty());
    let clocks = tile.clocks.clone().unwrap();
    assert!(clocks[1].running);
    assert_eq!(
        clocks[1].main_ms,
        7 * 60_000 - 30_000,
        "free time 10m less 3 reserved, run 30 s"
    );
    let tile = &d.tiles(at(61_000))[0];
    assert_eq!(tile.attention, vec![Reason::Offline]);
    assert_eq!(tile.link, BoardSeen::Offline);
}

#[test]
fn issue18_a_desk_cut_off_says_unknown_not_board_offline() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2]);
    d.heard(7, at(0));
    d.set_connected(false, at(10_000), "14:02:07");
    let tile = &d.tiles(at(90_000))[0];
    assert_eq!(tile.link, BoardSeen::Unknown);
    assert!(!tile.attention.contains(&Reason::Offline));
    let snap = d.snapshot(at(90_000));
    assert_eq!(
        (snap.desk.connected, snap.desk.since.as_str()),
        (false, "14:02:07")
    );
    // Back: the boards have a minute to be heard before any is called offline.
    d.set_connected(true, at(100_000), "14:03:40");
    assert_eq!(d.tiles(at(130_000))[0].link, BoardSeen::Unknown);
    d.heard(7, at(131_000));
    assert_eq!(d.tiles(at(132_000))[0].link, BoardSeen::Online);
    assert_eq!(d.tiles(at(200_000))[0].link, BoardSeen::Offline);
}

#[test]
fn issue18_a_fallen_flag_is_an_item_at_once_without_a_next_entry() {
    let setup = "setup size=9 time=sudden:main=1m black=Li white=Wang table=7";
    let lines = session_lines(ID, setup, &["0:05 B E5"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2]);
    d.heard(7, at(0));
    assert!(
        d.take_new_attention(at(30_000)).is_empty(),
        "White has time left"
    );
    d.heard(7, at(60_000));
    let new = d.take_new_attention(at(61_000));
    assert_eq!(new, vec![(7, Reason::TimeOut)]);
    let tile = &d.tiles(at(61_000))[0];
    assert!(tile.clocks.as_ref().unwrap()[1].flagged);
    d.seen(7).unwrap();
    assert!(d.tiles(at(62_000))[0].attention.is_empty());
}

#[test]
fn issue18_a_flooding_table_and_a_result_not_posted_are_items_until_seen() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2]);
    for _ in 0..FLOOD_MESSAGES {
        d.receive(7, ID, 2, lines[1].clone(), at(10));
    }
    assert!(d.tiles(at(20))[0].attention.contains(&Reason::Flooding));
    let r = TableResult {
        table: 7,
        session: ID.into(),
        head: String::new(),
        round: "2".into(),
        black: "Li".into(),
        white: "Wang".into(),
        result: "B+R".into(),
        kind: "resign".into(),
        winner: Some("B".into()),
        warnings: [0, 0],
        posted: None,
        decision: None,
    };
    d.verdict(
        &r,
        &PostVerdict::Issue(Reason::ResultDiffers, "differs".into()),
    );
    let tile = &d.tiles(at(30))[0];
    assert!(tile.attention.contains(&Reason::ResultDiffers));
    assert!(tile.notes.iter().any(|n| n == "differs"));
    d.seen(7).unwrap();
    assert!(d.tiles(at(40))[0].attention.is_empty());
    d.verdict(&r, &PostVerdict::Unchanged);
    assert!(d.tiles(at(40))[0].notes.is_empty());
}

#[test]
fn issue14_rulings_are_signed_checked_and_pending_until_the_board_enters_them() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2]);
    assert!(
        d.prepare_ruling(7, "B D4", "t", [0; 16]).is_err(),
        "a player's action"
    );
    assert!(
        d.prepare_ruling(8, "warn B 24", "t", [0; 16]).is_err(),
        "no such table"
    );
    assert!(
        d.prepare_ruling(7, "warn X 24", "t", [0; 16]).is_err(),
        "unreadable"
    );
    let r = d
        .prepare_ruling(
            7,
            "warn B 24 \"phone\"",
            "2026-11-30T12:00:00.000Z",
            [1; 16],
        )
        .unwrap();
    let public = crate::hall::ruling::ChiefPublicKey::from_hex(&d.public_key()).unwrap();
    public.verify(&r, "cup", 7, ID).unwrap();
    d.commit_ruling(r.clone());
    assert_eq!(d.statement(7, ID).rulings, vec![r.clone()]);
    assert_eq!(r.id, format!("R1-{}", "01".repeat(16)));
    let next = d.prepare_ruling(7, "admonish W 24", "t", [2; 16]).unwrap();
    assert_eq!(next.id, format!("R2-{}", "02".repeat(16)));
    let note = format!(
        "0:30 warn B 24 \"phone {}\"",
        crate::hall::ruling::acceptance_mark(&r.id)
    );
    let lines = session_lines(ID, SETUP, &["0:05 B E5", &note]);
    feed(&mut d, &lines, &[3]);
    assert!(d.statement(7, ID).rulings.is_empty());
    assert_eq!(d.tiles(at(0))[0].rulings_pending, 0);
}

#[test]
fn issue18_with_credentials_a_session_must_name_its_table() {
    let mut d = Desk::new(
        EventName::new("cup").unwrap(),
        ChiefKey::from_seed([1; 32]),
        true,
    );
    let untabled = session_lines(ID, "setup size=9 black=Li white=Wang", &[]);
    let offer = d.receive(7, ID, 1, untabled[0].clone(), at(0));
    assert!(
        matches!(offer, Offer::Refused(ref why) if why.contains("names no table")),
        "{offer:?}"
    );
    assert!(d.statement(7, ID).refused.is_some());
    assert!(
        d.tiles(at(0))[0].attention.contains(&Reason::Refused),
        "the table's own tile says so"
    );
    // Another table's refusal is never in this table's statement.
    let lines = session_lines(ID, SETUP, &[]);
    let mut d = Desk::new(
        EventName::new("cup").unwrap(),
        ChiefKey::from_seed([1; 32]),
        true,
    );
    assert!(matches!(
        d.receive(7, ID, 1, lines[0].clone(), at(0)),
        Offer::Append { .. }
    ));
    assert!(matches!(
        d.receive(8, ID, 1, b"junk\n".to_vec(), at(0)),
        Offer::Refused(_)
    ));
    let st = d.statement(7, ID);
    assert!(st.refused.is_none() && st.conflict.is_none() && st.held == 1);
    assert!(d.statement(8, ID).refused.is_some());
}

#[test]
fn issue18_a_hall_tables_result_waits_for_both_players_confirmation() {
    let setup = format!("{SETUP} sign=players");
    let lines = session_lines(
        ID,
        &setup,
        &[
            "0:05 B E5",
            "0:09 W C3",
            "0:20 B resign",
            "0:30 sign W",
            "0:40 sign B",
        ],
    );
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2, 3, 4]);
    assert!(d.results().is_empty(), "resigned, nobody confirmed");
    assert!(d.take_new_results().is_empty());
    assert_eq!(d.tiles(at(1))[0].phase, "confirming");
    feed(&mut d, &lines, &[5]);
    assert!(d.results().is_empty(), "one player confirmed");
    feed(&mut d, &lines, &[6]);
    let new = d.take_new_results();
    assert_eq!(new.len(), 1, "both confirmed: posted");
    assert_eq!(new[0].result, "W+R");
    assert_eq!(d.tiles(at(1))[0].phase, "finished");
}

fn id_of(i: u32) -> String {
    format!("{i:032x}")
}

#[test]
fn issue31_a_flood_of_fresh_sessions_keeps_nothing_but_a_count_and_the_evidence() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2]);
    // Junk under fresh session ids from table 7's own subject: entry 1 refused, entries
    // further on wait only up to the table's limits.
    for i in 0..5_000u32 {
        let offer = d.receive(7, &id_of(i + 1), 1 + (i % 3), b"junk\n".to_vec(), at(10));
        assert!(!matches!(offer, Offer::Append { .. }));
    }
    let t = &d.tables()[&7];
    assert!(
        t.copies().count() <= 1 + MAX_UNKNOWN_SESSIONS,
        "{} copies kept",
        t.copies().count()
    );
    assert!(t.dropped() > 0 && d.stats.dropped == t.dropped());
    let tile = &d.tiles(at(20))[0];
    assert_eq!(tile.session, ID, "the table's real game stays on its tile");
    assert!(tile.attention.contains(&Reason::Flooding));
    assert!(tile.attention.contains(&Reason::Refused));
    assert!(tile.notes.iter().any(|n| n.contains("sessions refused")));
    assert!(tile.notes.iter().any(|n| n.contains("messages dropped")));
    // The table's real game goes on.
    let more = session_lines(ID, SETUP, &["0:05 B E5", "0:09 W C3"]);
    assert!(matches!(
        d.receive(7, ID, 3, more[2].clone(), at(30)),
        Offer::Append { .. }
    ));
    // Another table is untouched.
    let other = session_lines(&id_of(99_999), &SETUP.replace("table=7", "table=8"), &[]);
    assert!(matches!(
        d.receive(8, &id_of(99_999), 1, other[0].clone(), at(30)),
        Offer::Append { .. }
    ));
    assert!(
        d.tiles(at(30))
            .iter()
            .any(|t| t.table == 8 && t.attention.is_empty())
    );
}

#[test]
fn issue31_a_forged_session_stays_on_the_page_until_the_chief_arbiter_dismisses_it() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2]);
    let forged = session_lines(&id_of(5), &SETUP.replace("table=7", "table=3"), &[]);
    assert!(matches!(
        d.receive(7, &id_of(5), 1, forged[0].clone(), at(10)),
        Offer::Refused(_)
    ));
    // Its board is told why, and the table's real board keeps its tile.
    assert!(d.statement(7, &id_of(5)).refused.is_some());
    let hello = Hello {
        session: ID.into(),
        entries: 2,
        ..Hello::default()
    };
    d.hello(7, hello.clone(), at(5_000));
    for now in [6_000, 30_000, 59_000] {
        d.hello(7, hello.clone(), at(now));
        let tile = &d.tiles(at(now))[0];
        assert_eq!(tile.session, ID);
        assert!(tile.attention.contains(&Reason::Refused), "at {now} ms");
        assert!(tile.notes.iter().any(|n| n.contains("set up for table 3")));
    }
    d.seen(7).unwrap();
    assert!(d.tiles(at(60_000))[0].attention.is_empty());
}

#[test]
fn issue31_the_backlog_is_what_the_board_wrote_that_the_desk_does_not_hold() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5", "0:09 W C3", "0:20 B G7"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2]);
    // The board says it has 4 entries (one older game still carried, 5 entries, 3 at the desk).
    let old = session_lines(&id_of(7), SETUP, &["0:05 B E5", "0:09 W C3"]);
    for (i, l) in old.iter().enumerate() {
        d.receive(7, &id_of(7), i as u32 + 1, l.clone(), at(0));
    }
    let hello = Hello {
        session: ID.into(),
        entries: 4,
        waiting: 3,
        others: vec![crate::hall::wire::SessionEntries {
            session: id_of(7),
            entries: 5,
        }],
        ..Hello::default()
    };
    d.hello(7, hello, at(100));
    let tile = |d: &Desk| d.tiles(at(200)).into_iter().find(|t| t.table == 7).unwrap();
    assert_eq!(tile(&d).board_waiting, 2 + 2);
    feed(&mut d, &lines, &[3, 4]);
    assert_eq!(
        tile(&d).board_waiting,
        2,
        "the entries arriving count at once"
    );
    // The desk holding more than the board last said is never a negative backlog.
    let more = session_lines(
        &id_of(7),
        SETUP,
        &["0:05 B E5", "0:09 W C3", "0:10 B D4", "0:11 W F5"],
    );
    for n in 4..=5 {
        d.receive(7, &id_of(7), n, more[(n - 1) as usize].clone(), at(300));
    }
    assert_eq!(tile(&d).board_waiting, 0);
}

#[test]
fn issue31_a_finished_game_whose_board_went_home_is_done_not_offline() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5", "0:09 W resign"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1, 2, 3]);
    d.hello(
        7,
        Hello {
            session: ID.into(),
            entries: 3,
            ..Hello::default()
        },
        at(0),
    );
    let tile = &d.tiles(at(120_000))[0];
    assert_eq!(tile.phase, "finished");
    assert_eq!(tile.link, BoardSeen::Done);
    assert!(!tile.attention.contains(&Reason::Offline));
    assert_eq!(tile.board_waiting, 0);
    // A finished game with entries still on the board is not done.
    d.hello(
        7,
        Hello {
            session: ID.into(),
            entries: 4,
            ..Hello::default()
        },
        at(1_000),
    );
    assert_eq!(d.tiles(at(120_000))[0].link, BoardSeen::Offline);
}

#[test]
fn issue31_an_entry_the_board_cannot_deliver_raises_attention_until_it_arrives() {
    let lines = session_lines(ID, SETUP, &["0:05 B E5"]);
    let mut d = desk();
    feed(&mut d, &lines, &[1]);
    let mut hello = Hello {
        session: ID.into(),
        entries: 2,
        undeliverable: Some("entry 2: the server refuses it".into()),
        ..Hello::default()
    };
    d.hello(7, hello.clone(), at(0));
    assert_eq!(
        d.take_new_attention(at(0)),
        vec![(7, Reason::Undeliverable)]
    );
    assert!(
        d.tiles(at(0))[0]
            .notes
            .iter()
            .any(|n| n.contains("entry 2"))
    );
    hello.undeliverable = None;
    feed(&mut d, &lines, &[2]);
    d.hello(7, hello, at(100));
    assert!(d.tiles(at(100))[0].attention.is_empty());
}

#[test]
fn issue31_a_table_over_its_sessions_is_dropped_and_its_board_told() {
    let mut d = desk();
    for i in 0..MAX_SESSIONS_PER_TABLE as u32 {
        let l = session_lines(&id_of(i + 1), SETUP, &[]);
        assert!(matches!(
            d.receive(7, &id_of(i + 1), 1, l[0].clone(), at(0)),
            Offer::Append { .. }
        ));
    }
    let l = session_lines(ID, SETUP, &[]);
    assert!(matches!(
        d.receive(7, ID, 1, l[0].clone(), at(0)),
        Offer::Dropped(_)
    ));
    let st = d.statement(7, ID);
    assert!(
        st.refused
            .as_deref()
            .is_some_and(|r| r.contains("chief arbiter"))
    );
}
