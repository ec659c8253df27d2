//! The session file (issue 9 item 5): every changed byte names its entry, a truncation at any
//! byte recovers every complete entry, a torn tail is moved aside by the next writer, one writer
//! at a time, HMACs catch a rewritten entry, and the clock and the board never disagree on who
//! is to move over random sequences (property).

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use tianyuan::clock::{Side, Timestamp};
use tianyuan::files::journal::{Journal, JournalError, NewSession, fold_reading, read_journal};
use tianyuan::journal::{Damage, check_hmac, read};
use tianyuan::rules::{Color, Coord, Move};
use tianyuan::seal::KdfParams;
use tianyuan::session::shorthand::{Line, parse_line, parse_setup};
use tianyuan::session::{Event, Phase, Session, side_of};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tianyuan-journal-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

const SCRIPT: &str = "0:05 B E5
0:10 W C3
0:20 warn B 17.2 \"lifted a stone\"
0:30 B G7
0:40 W pass
0:50 B confirm
1:00 W confirm
1:10 accept";

fn lines(script: &str, size: u8) -> Vec<Line> {
    script
        .lines()
        .filter_map(|l| parse_line(l, size).expect("line"))
        .collect()
}

fn new_journal(path: &Path, pin: Option<&str>) -> Journal {
    let setup = parse_setup("setup size=9 time=chinese:limit=10m,reserve=3 black=\"Li Wei\"")
        .expect("setup");
    let new = NewSession {
        pin: pin.map(str::to_owned),
        kdf: KdfParams::TEST_ONLY,
    };
    // Without a PIN the session has no lock and the warning would be refused.
    let script: String = SCRIPT
        .lines()
        .filter(|l| pin.is_some() || !l.contains("warn"))
        .collect::<Vec<_>>()
        .join("\n");
    Journal::create(path, setup, &new, &lines(&script, 9))
        .map(|(j, _)| j)
        .unwrap_or_else(|(i, e)| panic!("line {i:?}: {e}"))
}

#[test]
fn issue9_flipping_any_byte_is_detected_at_its_entry() {
    let dir = scratch("flip");
    let path = dir.join("game.tyj");
    drop(new_journal(&path, Some("arbiter-1")));
    let bytes = std::fs::read(&path).expect("read");
    let good = read(&bytes).expect("intact");
    assert!(good.damage.is_none());
    assert_eq!(good.intact(), 9);
    // The entry each byte belongs to.
    let entry_of = |i: usize| {
        good.lines
            .iter()
            .position(|l| i < l.offset + l.len)
            .map(|k| k + 1)
    };
    for i in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[i] ^= 0x20;
        let n = entry_of(i).expect("every byte is in an entry") as u32;
        match read(&bad) {
            Err(_) => assert_eq!(
                n, 1,
                "byte {i}: only a broken setup makes the file unreadable"
            ),
            Ok(r) => match r.damage {
                Some(Damage::Broken { n: at, .. }) => assert_eq!(at, n, "byte {i}"),
                Some(Damage::TornTail { after, .. }) => assert_eq!(after + 1, n, "byte {i}"),
                None => panic!("byte {i} flipped, file still read as intact"),
            },
        }
    }
}

#[test]
fn issue9_truncating_at_any_byte_recovers_every_complete_entry() {
    let dir = scratch("truncate");
    let path = dir.join("game.tyj");
    drop(new_journal(&path, Some("arbiter-1")));
    let bytes = std::fs::read(&path).expect("read");
    let full = read(&bytes).expect("intact");
    let ends: Vec<usize> = full.lines.iter().map(|l| l.offset + l.len).collect();
    for cut in 1..bytes.len() {
        let complete = ends.iter().filter(|&&e| e <= cut).count();
        match read(&bytes[..cut]) {
            Err(_) => assert_eq!(complete, 0, "cut at {cut}"),
            Ok(r) => {
                assert_eq!(r.intact() as usize, complete, "cut at {cut}");
                let torn = !ends.contains(&cut);
                assert_eq!(
                    matches!(r.damage, Some(Damage::TornTail { .. })),
                    torn,
                    "cut at {cut}"
                );
                fold_reading(&r).expect("every complete prefix folds");
            }
        }
    }
}

#[test]
fn issue9_a_torn_tail_is_moved_aside_by_the_next_writer_and_nothing_is_lost() {
    let dir = scratch("torn");
    let path = dir.join("game.tyj");
    drop(new_journal(&path, Some("arbiter-1")));
    let mut bytes = std::fs::read(&path).expect("read");
    let intact = bytes.len();
    bytes.extend_from_slice(b"{\"v\":1,\"n\":10,\"prev\":\"00");
    std::fs::write(&path, &bytes).expect("tear");
    // Reading never writes.
    let (_, r) = read_journal(&path).expect("read");
    assert!(matches!(r.damage, Some(Damage::TornTail { .. })));
    assert_eq!(std::fs::read(&path).expect("read").len(), bytes.len());
    let mut j = Journal::open(&path).expect("open");
    let aside = j.moved_aside().expect("moved aside").to_path_buf();
    assert_eq!(std::fs::read(&aside).expect("aside"), &bytes[intact..]);
    assert!(aside.to_string_lossy().ends_with(".torn-1"));
    assert_eq!(j.entries(), 9);
    let err = j.append_event(Timestamp(80_000), Event::Pause, None, None);
    assert!(err.is_ok(), "a finished game takes a pause: {err:?}");
    drop(j);
    let (_, r) = read_journal(&path).expect("read");
    assert!(r.damage.is_none());
    assert_eq!(r.intact(), 10);
}

#[test]
fn issue9_one_writer_at_a_time_and_a_damaged_file_is_read_only() {
    let dir = scratch("lock");
    let path = dir.join("game.tyj");
    let first = new_journal(&path, None);
    assert!(matches!(Journal::open(&path), Err(JournalError::Locked)));
    drop(first);
    let second = Journal::open(&path).expect("the lock is released with the writer");
    drop(second);
    let mut bytes = std::fs::read(&path).expect("read");
    let at = bytes.len() / 2;
    bytes[at] ^= 1;
    std::fs::write(&path, &bytes).expect("damage");
    assert!(matches!(
        Journal::open(&path),
        Err(JournalError::Damaged(_))
    ));
    // A new session never replaces a file.
    let setup = parse_setup("setup size=9").expect("setup");
    let new = NewSession {
        pin: None,
        kdf: KdfParams::TEST_ONLY,
    };
    assert!(Journal::create(&path, setup, &new, &[]).is_err());
    assert_eq!(std::fs::read(&path).expect("read"), bytes);
}

#[test]
fn issue9_entries_made_with_the_pin_carry_an_hmac_that_a_rewrite_fails() {
    let dir = scratch("hmac");
    let path = dir.join("game.tyj");
    drop(new_journal(&path, Some("arbiter-1")));
    let bytes = std::fs::read(&path).expect("read");
    let r = read(&bytes).expect("intact");
    let keys = r
        .header
        .pin
        .expect("pin")
        .unlock("arbiter-1")
        .expect("unlock");
    // Issue 29 item 7: the HMAC names the arbiter's entries — the setup and the rulings —
    // and the players' moves carry none, though made while the lock was open.
    let mut players = 0;
    for (i, l) in r.lines.iter().enumerate() {
        let arbiters = i == 0 || r.entries[i - 1].event.needs_arbiter();
        players += usize::from(!arbiters);
        let expected = if arbiters { Some(true) } else { None };
        assert_eq!(
            check_hmac(&bytes[l.offset..l.offset + l.len], &keys),
            expected,
            "entry {}",
            i + 1
        );
    }
    assert!(players > 0, "the script has players' moves");
    // A rewrite of entry 4 with a recomputed SHA-256 but without the PIN: the chain is intact
    // for the next entries only if they are rewritten too; the HMAC fails at once.
    let line = &r.lines[3];
    let text = std::str::from_utf8(&bytes[line.offset..line.offset + line.len]).expect("utf8");
    let rewritten = text.replace("17.2", "17.3");
    let hashed = &rewritten[..rewritten.len() - 1 - 77];
    use sha2::Digest;
    let sha = tianyuan::seal::hex::encode(&sha2::Sha256::digest(hashed.as_bytes()));
    let forged = format!("{hashed},\"sha256\":\"{sha}\"}}\n");
    assert_eq!(check_hmac(forged.as_bytes(), &keys), Some(false));
    // Without the PIN a session refuses rulings.
    let no_pin = dir.join("open.tyj");
    let mut j = new_journal(&no_pin, None);
    assert_eq!(j.entries(), 8);
    let refused = j.append_event(Timestamp(90_000), Event::Warn(Color::White), None, None);
    assert!(matches!(refused, Err(JournalError::Pin(_))), "{refused:?}");
}

#[test]
fn issue9_a_sealed_point_is_nowhere_in_the_file() {
    let dir = scratch("seal");
    let path = dir.join("game.tyj");
    let setup = parse_setup("setup size=19").expect("setup");
    let new = NewSession {
        pin: Some("arbiter-1".into()),
        kdf: KdfParams::TEST_ONLY,
    };
    let script = "0:10 B Q16\n0:20 adjourn\n0:30 seal W R13";
    let (j, slips) = Journal::create(&path, setup, &new, &lines(script, 19)).expect("create");
    assert_eq!(slips.len(), 1);
    assert_eq!(slips[0].vertex, "R13");
    drop(j);
    let bytes = std::fs::read(&path).expect("read");
    let text = String::from_utf8_lossy(&bytes).to_ascii_uppercase();
    assert!(!text.contains("R13"), "the sealed point is in the file");
    // Every seal's ciphertext has the same length, whatever the point.
    let r = read(&bytes).expect("intact");
    let session = fold_reading(&r).expect("fold");
    assert_eq!(session.sealed().map(|s| s.ciphertext.len()), Some(34 + 16));
}

fn clock_follows_board(s: &Session) -> Result<(), String> {
    let Some(clock) = s.clock() else {
        return Ok(());
    };
    let running = clock.to_move();
    match s.phase() {
        Phase::Playing | Phase::Adjourned => {
            if running != Some(side_of(s.side_to_move())) {
                return Err(format!("clock {running:?}, board {:?}", s.side_to_move()));
            }
        }
        _ => {
            let at = s.last_at();
            if clock.view(at).black.running || clock.view(at).white.running {
                return Err("a clock runs after play ended".into());
            }
        }
    }
    Ok(())
}

#[derive(Clone, Debug)]
enum Step {
    Play(u8, u8),
    Pass,
    Confirm,
    Pause,
    Resume,
    Undo,
    Warn(bool),
    Void(u8, u8),
    Dispute,
    Capture,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0u8..9, 0u8..9).prop_map(|(x, y)| Step::Play(x, y)),
        1 => Just(Step::Pass),
        1 => Just(Step::Confirm),
        1 => Just(Step::Pause),
        1 => Just(Step::Resume),
        1 => Just(Step::Undo),
        1 => any::<bool>().prop_map(Step::Warn),
        1 => (0u8..9, 0u8..9).prop_map(|(x, y)| Step::Void(x, y)),
        1 => Just(Step::Dispute),
        1 => Just(Step::Capture),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Issue 9: one place decides who is to move for the board and the clock; replaying the
    /// log gives the live state.
    #[test]
    fn issue9_the_clock_and_the_board_never_disagree(steps in prop::collection::vec((step(), 1u64..20_000), 1..60)) {
        let setup = parse_setup("setup size=9 time=chinese:limit=5m,reserve=2").expect("setup");
        let mut s = Session::new(setup.clone()).expect("session");
        let mut t = 0u64;
        for (st, dt) in steps {
            t += dt;
            let me = s.side_to_move();
            let event = match st {
                Step::Play(x, y) => Event::Move { color: me, mv: Move::Play(Coord::new(x, y)) },
                Step::Pass => Event::Move { color: me, mv: Move::Pass },
                Step::Confirm => Event::Confirm(me),
                Step::Pause => Event::Pause,
                Step::Resume => Event::Resume,
                Step::Undo => match s.last_turn() { Some(n) => Event::Revoke(n), None => continue },
                Step::Warn(b) => Event::Warn(if b { Color::Black } else { Color::White }),
                Step::Void(x, y) => Event::Void(me, Coord::new(x, y)),
                Step::Dispute => Event::Dispute,
                Step::Capture => Event::CapturePause(me),
            };
            let _ = s.record(Timestamp(t), event);
            prop_assert!(clock_follows_board(&s).is_ok(), "{:?} after {:?}", clock_follows_board(&s), s.log().last());
        }
        let again = Session::replay(setup, s.log()).expect("replay");
        prop_assert_eq!(again.board_rows(), s.board_rows());
        prop_assert_eq!(again.phase(), s.phase());
        prop_assert_eq!(again.rulings(), s.rulings());
        let at = Timestamp(t + 1);
        prop_assert_eq!(again.clock().map(|k| k.view(at)), s.clock().map(|k| k.view(at)));
        let _ = Side::Black;
    }
}
