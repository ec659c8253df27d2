//! The clock on a manual time line (issue 4, items 1, 2 and 8): Art. 12.2 byo-yomi, the other
//! systems, pauses (Art. 14, 23.4), late arrival (Art. 23.1–3), corrections, the absence
//! (Art. 23.6) and `next_change`. Instants are milliseconds; nothing sleeps.

use tianyuan::clock::{
    AnnounceSettings, Call, ClockError, ClockOutcome, GameClock, LateArrival, Millis, PauseKind,
    Phrase, Side, SideView, TimeControl, Timestamp,
};
use tianyuan::time::{ManualTimeSource, TimeSource};

const MIN: u64 = 60_000;

fn clock(spec: &str) -> GameClock {
    let control: TimeControl = spec.parse().expect("test spec parses");
    GameClock::new(control, AnnounceSettings::BYOYOMI_ONLY).expect("valid control")
}

/// A clock with Black to move at `t0`.
fn started(spec: &str, t0: u64) -> GameClock {
    let mut c = clock(spec);
    c.start(Timestamp(t0), Side::Black).expect("starts");
    c
}

fn t(ms: u64) -> Timestamp {
    Timestamp(ms)
}

fn face(c: &GameClock, now: u64, side: Side) -> SideView {
    c.view(t(now)).side(side).clone()
}

/// Black plays into byo-yomi: `chinese:limit=5m,reserve=5` has no free time, so every move
/// is in byo-yomi from the start.
#[test]
fn art12_2_a_move_under_a_full_minute_costs_nothing_a_full_minute_costs_one() {
    // (move length in ms, reserved minutes left after it)
    let cases = [
        (0, 5),
        (1, 5),
        (59_900, 5),
        (59_999, 5),
        (60_000, 4),
        (60_001, 4),
        (119_999, 4),
        (120_000, 3),
        (299_999, 1),
    ];
    for (took, left) in cases {
        let mut c = started("chinese:limit=5m,reserve=5", 1000);
        let press = c.press(t(1000 + took)).expect("in time");
        assert_eq!(press.took, Millis(took as i64), "move of {took} ms");
        assert_eq!(press.after.periods_left, Some(left), "move of {took} ms");
        assert_eq!(press.after.main_left, Millis(0));
        assert!(press.after.in_byoyomi);
    }
}

#[test]
fn art12_2_the_whole_five_minute_reserve_is_used_minute_by_minute_then_lost() {
    let time = ManualTimeSource::at(t(0));
    let mut c = clock("chinese:limit=60m,reserve=5");
    c.start(time.now(), Side::Black).expect("starts");
    // Black thinks 55 minutes: the free time is gone, the reserve untouched.
    time.advance(55 * MIN);
    let p = c.press(time.now()).expect("in time");
    assert_eq!(
        (p.after.main_left, p.after.periods_left),
        (Millis(0), Some(5))
    );
    // Each of Black's next moves uses exactly one minute: 5 → 4 → 3 → 2 → 1.
    for left in [4, 3, 2, 1] {
        time.advance(1000); // White
        c.press(time.now()).expect("white in time");
        time.advance(MIN);
        let p = c.press(time.now()).expect("black in time");
        assert_eq!(p.after.periods_left, Some(left));
    }
    time.advance(1000);
    c.press(time.now()).expect("white in time");
    let last_start = time.now().0;
    // In the last minute 59.999 s is still in time …
    assert!(!face(&c, last_start + 59_999, Side::Black).flagged);
    // … and 60.0 s is the time-out: the game is lost (Art. 23.5).
    time.advance(MIN);
    let err = c.press(time.now()).expect_err("too late");
    let lost = ClockOutcome::TimeOut {
        side: Side::Black,
        at: t(last_start + MIN),
    };
    assert_eq!(err, ClockError::GameOver(lost));
    assert_eq!(c.outcome(), Some(lost));
    assert!(lost.loses(Side::Black) && !lost.loses(Side::White));
    let v = c.view(t(last_start + 2 * MIN));
    assert!(v.black.flagged && v.over && !v.black.running);
    assert_eq!(v.black.periods_left, Some(0));
}

#[test]
fn art12_2_the_reserve_reached_mid_move_counts_the_minute_from_that_instant() {
    // 61 s: 1 s of free time left, so the move ends 60 s into the first reserved minute.
    let mut c = started("chinese:limit=2m,reserve=1", 0);
    c.press(t(59_000)).expect("black");
    c.press(t(60_000)).expect("white");
    // Black has 1 s free and the last minute: at 60 s + 1 s it is out.
    assert!(!face(&c, 60_000 + 60_999, Side::Black).flagged);
    assert!(face(&c, 60_000 + 61_000, Side::Black).flagged);
    let v = face(&c, 60_000 + 31_000, Side::Black);
    assert!(v.in_byoyomi);
    assert_eq!(v.period_elapsed, Millis(30_000));
    assert_eq!(v.period_left, Millis(30_000));
}

fn phrases(calls: &[Call]) -> Vec<(u64, Phrase)> {
    calls.iter().map(|c| (c.at.0, c.phrase)).collect()
}

#[test]
fn art12_2_calls_of_a_minute_and_of_the_last_minute() {
    let mut c = started("chinese:limit=2m,reserve=2", 0);
    use Phrase::*;
    let first = vec![
        (30_000, S30),
        (40_000, S40),
        (50_000, S50),
        (55_000, S55),
        (58_000, S58),
        (60_000, OneMinute),
        (60_000, MinutesLeft(1)),
    ];
    let mut last = vec![(90_000, S30), (100_000, S40), (110_000, S50)];
    last.extend((1..=9).map(|k| (110_000 + 1000 * u64::from(k), Count(k))));
    last.push((120_000, Count10Timeout));
    let upcoming = phrases(&c.upcoming(t(0)));
    assert_eq!(upcoming, [first.clone(), last.clone()].concat());
    // Half-open windows: the call at 30 s is due in (29.999, 30], not in (30, 31].
    assert_eq!(
        phrases(&c.due_calls(t(29_999), t(30_000))),
        vec![(30_000, S30)]
    );
    assert!(c.due_calls(t(30_000), t(30_999)).is_empty());
    // After 40 s only what is still ahead remains.
    assert_eq!(phrases(&c.upcoming(t(40_000)))[0], (50_000, S50));
    // A press cancels everything; White's turn has its own schedule.
    c.press(t(45_000)).expect("black");
    let white = c.upcoming(t(45_000));
    assert!(white.iter().all(|call| call.side == Side::White));
    assert_eq!(white[0].at, t(75_000));
}

#[test]
fn art23_5_time_out_is_found_from_timestamps_even_without_input() {
    let c = started("sudden:main=10m", 0);
    assert_eq!(c.outcome_at(t(10 * MIN - 1)), None);
    assert_eq!(
        c.outcome_at(t(10 * MIN + 5000)),
        Some(ClockOutcome::TimeOut {
            side: Side::Black,
            at: t(10 * MIN)
        })
    );
}

#[test]
fn japanese_a_move_of_exactly_one_period_uses_it_and_the_last_one_loses() {
    let mut c = started("japanese:main=0,periods=3x30s", 0);
    // (move length, periods left after)
    for (took, left) in [(29_999, 3), (30_000, 2), (59_999, 2), (60_000, 1)] {
        let p = c.clone().press(t(took)).expect("in time");
        assert_eq!(p.after.periods_left, Some(left), "{took}");
    }
    // 89.999 s leaves the last period; 90 s is out.
    let mut late = c.clone();
    assert_eq!(
        late.press(t(89_999)).expect("in time").after.periods_left,
        Some(1)
    );
    assert!(matches!(c.press(t(90_000)), Err(ClockError::GameOver(_))));
}

#[test]
fn canadian_the_move_during_which_main_time_runs_out_is_the_first_of_the_block() {
    let mut c = started("canadian:main=1m,stones=3/5m", 0);
    // Black's first move runs 10 s past main time: the block starts then, with 3 stones.
    let p = c.press(t(70_000)).expect("in time");
    assert_eq!(p.after.stones_left, Some(2));
    assert_eq!(p.after.period_left, Millis(5 * 60_000 - 10_000));
    c.press(t(71_000)).expect("white");
    // Two more moves complete the block: it is renewed.
    let p = c.press(t(81_000)).expect("in time");
    assert_eq!(
        (p.after.stones_left, p.after.period_left),
        (Some(1), Millis(280_000))
    );
    c.press(t(82_000)).expect("white");
    let p = c.press(t(82_000 + 279_999)).expect("in time");
    assert_eq!(
        (p.after.stones_left, p.after.period_left),
        (Some(3), Millis(300_000))
    );
    // A block that runs out loses, even at exactly its end.
    let mut c = started("canadian:main=0,stones=2/1m", 0);
    c.press(t(59_999)).expect("first stone");
    c.press(t(60_000)).expect("white");
    assert_eq!(
        c.press(t(60_001)),
        Err(ClockError::GameOver(ClockOutcome::TimeOut {
            side: Side::Black,
            at: t(60_001)
        }))
    );
}

#[test]
fn fischer_increment_after_each_completed_move_and_running_out_loses() {
    let mut c = started("fischer:main=10s,inc=5s", 0);
    let p = c.press(t(4_000)).expect("in time");
    assert_eq!(p.after.main_left, Millis(11_000));
    let p = c.press(t(4_000 + 9_999)).expect("white just in time");
    assert_eq!(p.after.main_left, Millis(5_001));
    // Black has 11 s: a move of exactly 11 s runs out, the increment never comes.
    assert!(matches!(
        c.press(t(13_999 + 11_000)),
        Err(ClockError::GameOver(ClockOutcome::TimeOut {
            side: Side::Black,
            ..
        }))
    ));
}

#[test]
fn sudden_death_exactly_zero_is_out() {
    let mut c = started("sudden:main=1m", 0);
    assert_eq!(
        c.press(t(59_999)).expect("in time").after.main_left,
        Millis(1)
    );
    assert!(c.press(t(59_999 + 60_000)).is_err());
}

#[test]
fn art14_pauses_are_not_counted() {
    let mut c = started("chinese:limit=5m,reserve=5", 0);
    c.pause(t(40_000), PauseKind::Arbiter).expect("pause");
    assert_eq!(
        c.pause(t(41_000), PauseKind::Arbiter),
        Err(ClockError::AlreadyPaused)
    );
    // During the pause nothing moves, nothing is due, nothing changes.
    assert_eq!(
        face(&c, 40_000, Side::Black),
        face(&c, 40_000 + 3_600_000, Side::Black)
    );
    assert!(c.upcoming(t(50_000)).is_empty());
    assert_eq!(c.next_change(t(50_000)), None);
    assert_eq!(c.press(t(50_000)), Err(ClockError::Paused));
    c.resume(t(3_640_000)).expect("resume");
    // The 50-second call is 10 s after the resumption.
    assert_eq!(c.upcoming(t(3_640_000))[0].at, t(3_650_000));
    let p = c.press(t(3_640_000 + 19_900)).expect("in time");
    assert_eq!(p.took, Millis(59_900));
    assert_eq!(p.after.periods_left, Some(5));
    assert_eq!(c.resume(t(3_700_000)), Err(ClockError::NotPaused));
}

#[test]
fn art23_4_capture_removal_pause_only_in_byoyomi_and_the_player_presses_from_it() {
    let mut c = started("chinese:limit=10m,reserve=5", 0);
    assert_eq!(
        c.pause(t(1_000), PauseKind::CaptureRemoval),
        Err(ClockError::NotInByoyomi)
    );
    c.press(t(5 * MIN))
        .expect("black reaches the reserve exactly");
    c.press(t(5 * MIN + 1000)).expect("white");
    let start = 5 * MIN + 1000;
    c.pause(t(start + 50_000), PauseKind::CaptureRemoval)
        .expect("in byo-yomi");
    // Removing a large capture takes two minutes; they are not counted.
    let p = c.press(t(start + 170_000)).expect("press from the pause");
    assert_eq!(p.took, Millis(50_000));
    assert_eq!(p.after.periods_left, Some(5));
    assert_eq!(c.to_move(), Some(Side::White));
    assert!(face(&c, start + 170_000, Side::White).running);
}

#[test]
fn art23_1_to_3_late_arrival_deducts_or_forfeits() {
    let limit = Millis::from_mins(15);
    let mut c = clock("chinese:limit=60m,reserve=5");
    assert_eq!(
        c.late_arrival(Side::Black, Millis::from_mins(10), limit),
        Ok(LateArrival::Deducted)
    );
    assert_eq!(face(&c, 0, Side::Black).main_left, Millis::from_mins(45));
    assert_eq!(
        c.late_arrival(Side::White, Millis::from_mins(15), limit),
        Ok(LateArrival::Deducted),
        "exactly the limit is within it"
    );
    assert_eq!(face(&c, 0, Side::White).main_left, Millis::from_mins(40));

    let mut c = clock("chinese:limit=60m,reserve=5");
    assert_eq!(
        c.late_arrival(Side::White, Millis::from_mins(16), limit),
        Ok(LateArrival::Forfeit)
    );
    assert_eq!(c.outcome(), Some(ClockOutcome::Forfeit(Side::White)));
    assert_eq!(
        c.late_arrival(Side::Black, Millis::from_mins(20), limit),
        Ok(LateArrival::BothLose)
    );
    let both = ClockOutcome::BothForfeit;
    assert_eq!(c.outcome(), Some(both));
    assert!(both.loses(Side::Black) && both.loses(Side::White));

    // Lateness beyond the free time takes whole reserved minutes (a part minute costs nothing).
    let mut c = clock("chinese:limit=10m,reserve=5");
    assert_eq!(
        c.late_arrival(Side::Black, Millis(7 * 60_000 + 30_000), limit),
        Ok(LateArrival::Deducted)
    );
    let v = face(&c, 0, Side::Black);
    assert_eq!(
        (v.main_left, v.periods_left, v.in_byoyomi),
        (Millis(0), Some(3), true)
    );
    // More than all one's time forfeits even within the limit.
    let mut c = clock("sudden:main=5m");
    assert_eq!(
        c.late_arrival(Side::Black, Millis::from_mins(5), limit),
        Ok(LateArrival::Forfeit)
    );
}

#[test]
fn arbiter_corrections_add_and_remove_time() {
    let mut c = started("chinese:limit=60m,reserve=5", 0);
    c.correct(t(1000), Side::White, Millis::from_mins(2))
        .expect("add");
    assert_eq!(face(&c, 1000, Side::White).main_left, Millis::from_mins(57));
    c.correct(t(2000), Side::White, Millis::from_mins(-100))
        .expect("remove");
    assert_eq!(face(&c, 2000, Side::White).main_left, Millis(0));
    assert_eq!(face(&c, 2000, Side::White).periods_left, Some(5));
    c.correct_periods(t(3000), Side::White, -2)
        .expect("periods");
    assert_eq!(face(&c, 3000, Side::White).periods_left, Some(3));
    c.correct_periods(t(3000), Side::White, 1).expect("periods");
    assert_eq!(face(&c, 3000, Side::White).periods_left, Some(4));
    // In a Canadian block the correction applies to the block, even beyond its length.
    let mut c = started("canadian:main=0,stones=5/1m", 0);
    c.press(t(20_000)).expect("black");
    c.correct(t(21_000), Side::Black, Millis::from_mins(1))
        .expect("add");
    let v = face(&c, 21_000, Side::Black);
    assert_eq!(
        (v.period_left, v.period_elapsed, v.stones_left),
        (Millis(100_000), Millis(0), Some(4))
    );
    // Black (running, 10 s used) is left with 5 s of time in all: out at the correction.
    let mut c = started("sudden:main=1m", 0);
    c.correct(t(10_000), Side::Black, Millis(-55_000))
        .expect("correct");
    assert_eq!(
        c.outcome(),
        Some(ClockOutcome::TimeOut {
            side: Side::Black,
            at: t(10_000)
        })
    );
}

#[test]
fn art23_6_one_approved_absence_per_player_and_the_count_goes_on() {
    let mut c = started("chinese:limit=5m,reserve=5", 0);
    c.approve_absence(Side::Black).expect("first absence");
    assert_eq!(
        c.approve_absence(Side::Black),
        Err(ClockError::AbsenceAlreadyUsed(Side::Black))
    );
    c.approve_absence(Side::White).expect("white has its own");
    // Away for 2½ minutes: the count went on.
    let p = c.press(t(150_000)).expect("back in time");
    assert_eq!(p.after.periods_left, Some(3));
}

#[test]
fn inputs_refused_cleanly() {
    let mut c = clock("sudden:main=1m");
    assert_eq!(c.press(t(0)), Err(ClockError::NotStarted));
    assert_eq!(
        c.pause(t(0), PauseKind::Arbiter),
        Err(ClockError::NotStarted)
    );
    c.start(t(1000), Side::White)
        .expect("white first after handicap");
    assert_eq!(
        c.start(t(1000), Side::Black),
        Err(ClockError::AlreadyStarted)
    );
    assert_eq!(
        c.press_by(t(2000), Side::Black),
        Err(ClockError::NotYourTurn(Side::Black))
    );
    assert_eq!(
        c.press_by(t(2000), Side::White).map(|p| p.side),
        Ok(Side::White)
    );
    assert_eq!(c.press(t(1500)), Err(ClockError::TimeWentBack));
    assert!(
        GameClock::new(
            TimeControl::Japanese {
                main: Millis(0),
                periods: 0,
                period: Millis(30_000)
            },
            AnnounceSettings::default()
        )
        .is_err()
    );
}

#[test]
fn art16_1_asking_for_ones_time() {
    let mut c = started("chinese:limit=5m,reserve=5", 0);
    assert_eq!(
        c.time_check(t(10_000), Side::Black),
        vec![Phrase::MinutesLeft(5)]
    );
    c.press(t(61_000)).expect("black");
    assert_eq!(
        c.time_check(t(61_000), Side::Black),
        vec![Phrase::MinutesLeft(4)]
    );
    // Free time: whole minutes left, when 1 … 10.
    let c = started("sudden:main=30m", 0);
    assert!(c.time_check(t(0), Side::Black).is_empty());
    assert_eq!(
        c.time_check(t(27 * MIN + 1), Side::Black),
        vec![Phrase::MinutesLeft(2)]
    );
}

/// What a face shows, as a clock would: counting-down times rounded up, elapsed ones down.
fn shown(v: &SideView) -> (i64, bool, Option<u32>, i64, i64, Option<u32>, bool) {
    let up = |m: Millis| (m.0 + 999) / 1000;
    (
        up(v.main_left),
        v.in_byoyomi,
        v.periods_left,
        v.period_elapsed.0 / 1000,
        up(v.period_left),
        v.stones_left,
        v.flagged,
    )
}

#[test]
fn next_change_is_exactly_when_the_shown_second_or_state_changes() {
    for spec in [
        "chinese:limit=3m,reserve=2",
        "japanese:main=10s,periods=2x5s",
        "canadian:main=5s,stones=2/10s",
        "fischer:main=7s,inc=2s",
        "sudden:main=4s",
    ] {
        let mut c = started(spec, 0);
        // Odd move lengths put the main time off the whole-second grid.
        let mut now = 0;
        for step in 0..40u64 {
            let side = c.to_move().expect("running");
            let Some(next) = c.next_change(t(now)) else {
                assert!(
                    c.view(t(now)).over,
                    "{spec}: only a finished clock stops changing"
                );
                break;
            };
            assert!(next > t(now), "{spec}");
            let before = shown(c.view(next - Millis(1)).side(side));
            assert_eq!(before, shown(c.view(t(now)).side(side)), "{spec} at {now}");
            assert_ne!(
                before,
                shown(c.view(next).side(side)),
                "{spec} at {}",
                next.0
            );
            now = next.0;
            if step % 7 == 6 && c.press(t(now + 333)).is_ok() {
                now += 333;
            }
        }
    }
    let c = clock("sudden:main=4s");
    assert_eq!(c.next_change(t(0)), None, "not started");
}

#[test]
fn art14_calls_around_a_pause_are_due_once_and_shifted_by_the_pause() {
    // Byo-yomi from the start; paused at exactly 30 s for ten minutes.
    let mut c = started("chinese:limit=5m,reserve=5", 0);
    c.pause(t(30_000), PauseKind::Arbiter).expect("pause");
    let due = |c: &GameClock, from: u64, to: u64| phrases(&c.due_calls(t(from), t(to)));
    assert_eq!(due(&c, 0, 30_000), vec![(30_000, Phrase::S30)]);
    c.resume(t(630_000)).expect("resume");
    // 三十秒 was due at the pause instant, not again at the resumption; 四十秒 10 s after it.
    assert_eq!(due(&c, 0, 30_000), vec![(30_000, Phrase::S30)]);
    assert!(due(&c, 30_000, 639_999).is_empty());
    assert_eq!(due(&c, 30_000, 640_000), vec![(640_000, Phrase::S40)]);
    assert_eq!(
        c.upcoming(t(630_000))[0],
        Call {
            at: t(640_000),
            side: Side::Black,
            phrase: Phrase::S40
        }
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]
    /// Any sequence of inputs, however odd, is answered without a panic, and a face never
    /// shows negative time.
    #[test]
    fn any_inputs_are_answered_without_panic(
        spec in proptest::sample::select(vec![
            "chinese:limit=2m,reserve=2", "chinese:limit=1m,reserve=0", "japanese:main=0,periods=2x1.5s",
            "canadian:main=3s,stones=2/5s", "fischer:main=5s,inc=1s", "sudden:main=3s",
        ]),
        ops in proptest::collection::vec((0u8..9, 0u64..200_000, proptest::num::i64::ANY, proptest::num::i32::ANY), 0..40),
    ) {
        let mut c = clock(spec);
        let mut now = 0u64;
        for (op, dt, big, small) in ops {
            now += dt;
            let side = if big % 2 == 0 { Side::Black } else { Side::White };
            let _ = match op {
                0 => c.start(t(now), side),
                1 => c.press(t(now)).map(drop),
                2 => c.pause(t(now), PauseKind::Arbiter),
                3 => c.capture_removal_pause(t(now)),
                4 => c.resume(t(now)),
                5 => c.correct(t(now), side, Millis(big)),
                6 => c.correct_periods(t(now), side, small),
                7 => c.late_arrival(side, Millis(big), Millis(i64::from(small))).map(drop),
                _ => c.press_by(t(now), side).map(drop),
            };
            let v = c.view(t(now));
            for f in [&v.black, &v.white] {
                proptest::prop_assert!(f.main_left.0 >= 0 && f.period_left.0 >= 0 && f.period_elapsed.0 >= 0);
            }
            let _ = (c.next_change(t(now)), c.upcoming(t(now)), c.time_check(t(now), side));
        }
    }
}
