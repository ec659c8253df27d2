use super::*;
use crate::clock::{Millis, TimeControl};
use crate::rules::{Komi, Rules};

fn t(ms: u64) -> Timestamp {
    Timestamp(ms)
}

fn c(x: u8, y: u8) -> Coord {
    Coord::new(x, y)
}

fn play(s: &mut Session, at: u64, color: Color, x: u8, y: u8) {
    s.record(
        t(at),
        Event::Move {
            color,
            mv: Move::Play(c(x, y)),
        },
    )
    .expect("legal move");
}

fn small(size: u8) -> GameSetup {
    GameSetup {
        size,
        ..GameSetup::default()
    }
}

#[test]
fn replaying_the_log_gives_the_same_state() {
    let mut s = Session::new(small(9), t(0)).expect("setup");
    play(&mut s, 10, Color::Black, 2, 2);
    play(&mut s, 20, Color::White, 6, 6);
    s.record(t(30), Event::Undo).expect("undo");
    play(&mut s, 40, Color::White, 5, 5);
    let again = Session::replay(small(9), t(0), s.log()).expect("replay");
    assert_eq!(again.game().board(), s.game().board());
    assert_eq!(again.game().moves(), s.game().moves());
    assert_eq!(
        s.log().len(),
        4,
        "the undo and the revoked move stay in the log"
    );
}

#[test]
fn undo_is_an_event_that_revokes_the_last_move() {
    let mut s = Session::new(small(9), t(0)).expect("setup");
    play(&mut s, 1, Color::Black, 4, 4);
    s.record(t(2), Event::Undo).expect("undo");
    assert_eq!(s.game().board().get(c(4, 4)), None);
    assert_eq!(s.to_move(), Some(Color::Black));
    assert_eq!(
        s.record(t(3), Event::Undo),
        Err(SessionError::NothingToUndo)
    );
    assert_eq!(s.log().len(), 2, "a refused event is not logged");
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_change_nothing() {
    let mut s = Session::new(small(9), t(0)).expect("setup");
    play(&mut s, 1, Color::Black, 4, 4);
    let occupied = s.record(
        t(2),
        Event::Move {
            color: Color::White,
            mv: Move::Play(c(4, 4)),
        },
    );
    assert_eq!(occupied, Err(SessionError::Illegal(IllegalMove::Occupied)));
    let turn = s.record(
        t(2),
        Event::Move {
            color: Color::Black,
            mv: Move::Play(c(1, 1)),
        },
    );
    assert_eq!(turn, Err(SessionError::NotYourTurn(Color::Black)));
    assert_eq!(s.log().len(), 1);
}

#[test]
fn two_confirmations_lead_to_counting_and_the_agreed_count_is_the_result() {
    // A 5×5 board split by a wall: Black owns columns 0–1, White columns 3–4.
    let mut s = Session::new(
        GameSetup {
            size: 5,
            rules: Rules {
                komi: Komi(0),
                ..Rules::default()
            },
            ..GameSetup::default()
        },
        t(0),
    )
    .expect("setup");
    for y in 0..5 {
        play(&mut s, 1, Color::Black, 2, y);
        play(&mut s, 1, Color::White, 3, y);
    }
    // One white stone inside Black's area, to be marked dead.
    play(&mut s, 2, Color::Black, 0, 0);
    play(&mut s, 2, Color::White, 1, 3);
    s.record(t(3), Event::ConfirmEnd(Color::Black))
        .expect("black confirms");
    assert_eq!(
        s.phase(),
        &Phase::Playing,
        "one confirmation is not the end"
    );
    s.record(t(4), Event::ConfirmEnd(Color::White))
        .expect("white confirms");
    assert_eq!(s.phase(), &Phase::Counting);
    s.record(t(5), Event::ToggleDead(c(1, 3)))
        .expect("mark dead");
    assert_eq!(s.dead_stones(), vec![c(1, 3)]);
    let (count, result) = s.count().expect("counting");
    // Black: 6 stones + 9 empty points + the dead stone's point = 15 + ... of 25 points.
    assert_eq!(count.black_dead + count.white_dead, 1);
    assert_eq!(result.winner, Some(Color::Black));
    s.record(t(6), Event::AcceptCount).expect("accept");
    assert!(matches!(s.outcome(), Some(Outcome::Counted(_))));
    assert_eq!(
        s.record(
            t(7),
            Event::Move {
                color: Color::Black,
                mv: Move::Pass
            }
        ),
        Err(SessionError::GameOver)
    );
}

#[test]
fn a_disputed_count_resumes_play_and_clears_the_marks() {
    let mut s = Session::new(small(5), t(0)).expect("setup");
    play(&mut s, 1, Color::Black, 2, 2);
    s.record(
        t(2),
        Event::Move {
            color: Color::White,
            mv: Move::Pass,
        },
    )
    .expect("pass");
    s.record(
        t(3),
        Event::Move {
            color: Color::Black,
            mv: Move::Pass,
        },
    )
    .expect("pass");
    assert_eq!(s.phase(), &Phase::Counting);
    s.record(t(4), Event::ToggleDead(c(2, 2))).expect("mark");
    s.record(t(5), Event::ResumePlay).expect("resume");
    assert_eq!(s.phase(), &Phase::Playing);
    assert!(s.dead_stones().is_empty());
}

#[test]
fn resignation_ends_the_game() {
    let mut s = Session::new(small(9), t(0)).expect("setup");
    s.record(t(1), Event::Resign(Color::Black)).expect("resign");
    assert_eq!(
        s.outcome(),
        Some(Outcome::Resignation {
            winner: Color::White
        })
    );
    assert_eq!(s.outcome().map(|o| o.to_sgf()), Some("W+R".to_owned()));
}

#[test]
fn free_handicap_then_white_moves_and_the_clock_starts_for_white() {
    let setup = GameSetup {
        size: 9,
        handicap: Handicap::Free(2),
        time_control: Some(TimeControl::SuddenDeath {
            main: Millis::from_mins(10),
        }),
        ..GameSetup::default()
    };
    let mut s = Session::new(setup, t(0)).expect("setup");
    assert_eq!(
        s.clock().and_then(|k| k.to_move()),
        None,
        "no clock while placing"
    );
    s.record(t(1), Event::HandicapStone(c(2, 2)))
        .expect("first");
    assert_eq!(
        s.record(t(1), Event::HandicapStone(c(2, 2))),
        Err(SessionError::Illegal(IllegalMove::Occupied))
    );
    assert_eq!(s.board().get(c(2, 2)), Some(Color::Black));
    s.record(t(2), Event::HandicapStone(c(6, 6)))
        .expect("second");
    assert_eq!(s.phase(), &Phase::Playing);
    assert_eq!(s.to_move(), Some(Color::White));
    assert_eq!(s.clock().and_then(|k| k.to_move()), Some(Side::White));
}

#[test]
fn fixed_handicap_is_placed_at_the_start() {
    let setup = GameSetup {
        handicap: Handicap::Fixed(4),
        ..GameSetup::default()
    };
    let s = Session::new(setup, t(0)).expect("setup");
    assert_eq!(s.game().board().stones().len(), 4);
    assert_eq!(s.to_move(), Some(Color::White));
}

#[test]
fn clock_presses_and_time_out_end_the_game() {
    let setup = GameSetup {
        size: 9,
        time_control: Some(TimeControl::SuddenDeath {
            main: Millis::from_secs(60),
        }),
        ..GameSetup::default()
    };
    let mut s = Session::new(setup, t(0)).expect("setup");
    play(&mut s, 5_000, Color::Black, 4, 4);
    s.record(t(5_000), Event::ClockPress).expect("press");
    assert_eq!(s.clock().and_then(|k| k.to_move()), Some(Side::White));
    assert!(!s.clock_ended(t(59_000)));
    assert!(s.clock_ended(t(70_000)));
    s.record(t(70_000), Event::ClockOutcome).expect("time out");
    assert_eq!(
        s.outcome(),
        Some(Outcome::Time {
            winner: Some(Color::Black)
        })
    );
}

#[test]
fn navigation_shows_earlier_positions() {
    let mut s = Session::new(small(9), t(0)).expect("setup");
    play(&mut s, 1, Color::Black, 0, 0);
    play(&mut s, 2, Color::White, 1, 1);
    play(&mut s, 3, Color::Black, 2, 2);
    assert_eq!(s.board_after(0).stones().len(), 0);
    assert_eq!(s.board_after(2).stones().len(), 2);
    assert_eq!(s.board_after(99), *s.game().board());
}

#[test]
fn a_bad_setup_is_an_error_not_a_panic() {
    assert!(Session::new(small(1), t(0)).is_err());
    let big_free = GameSetup {
        size: 2,
        handicap: Handicap::Free(9),
        ..GameSetup::default()
    };
    assert!(Session::new(big_free, t(0)).is_err());
}
