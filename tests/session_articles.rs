//! The arbiter's session, article by article (issue 9): one table of scripts in the arbiter's
//! shorthand, each with the phase, result, warnings and spoken phrases it must end with.
//! The scripts run through the pure session (no file, no wall clock); the seal's cryptography
//! runs with cheap key-derivation settings (its format is tested in `tianyuan::seal`).

use tianyuan::clock::{Millis, Phrase, Side, Timestamp};
use tianyuan::rules::Color;
use tianyuan::seal::{KdfParams, SealRandom, SealedMove};
use tianyuan::session::shorthand::{Action, parse_line, parse_setup};
use tianyuan::session::{Entry, Event, Phase, Session, SessionError};

#[path = "support/session_scripts.rs"]
mod session_scripts;
use session_scripts as S;

const PIN: &str = "arbiter-pin";

/// Runs `script` (a setup line, then `T ACTION` lines); `Err((line, error))` at the first
/// refused line (1-based, counting the setup as line 1).
fn run(script: &str) -> Result<(Session, Vec<Phrase>), (usize, String)> {
    let mut lines = script
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.split('#').next().unwrap_or("").trim().is_empty());
    let (_, setup) = lines.next().ok_or((0, "empty".to_owned()))?;
    let setup = parse_setup(setup).map_err(|e| (1, e))?;
    let size = setup.size;
    let mut session = Session::new(setup).map_err(|e| (1, e.to_string()))?;
    let mut spoken = Vec::new();
    for (i, text) in lines {
        let no = i + 1;
        let Some(line) = parse_line(text, size).map_err(|e| (no, e))? else {
            continue;
        };
        let event = match line.action {
            Action::Event(e) => e,
            Action::Seal { by, mv } => {
                let random = SealRandom {
                    salt: [no as u8; 16],
                    xnonce: [7; 24],
                    nonce: [9; 32],
                };
                Event::Seal(
                    SealedMove::seal(PIN, by, mv, size, KdfParams::TEST_ONLY, &random)
                        .map_err(|e| (no, e.to_string()))?,
                )
            }
            Action::Unseal { slip } => {
                let sealed = session.sealed().ok_or((no, "nothing sealed".to_owned()))?;
                let reveal = match slip {
                    Some((mv, nonce)) => sealed.open_with_slip(mv, nonce, size),
                    None => sealed.open(PIN, size),
                }
                .map_err(|e| (no, e.to_string()))?;
                Event::Unseal(reveal)
            }
            Action::SealedBy(_) => return Err((no, "seal without a point".to_owned())),
        };
        let prepared = session
            .prepare(Entry {
                n: session.next_number(),
                at: line.at,
                event,
                article: line.article,
                note: line.note,
            })
            .map_err(|e| (no, e.to_string()))?;
        spoken = session.commit(prepared).spoken;
    }
    Ok((session, spoken))
}

/// What a case must end with.
struct Expect {
    phase: &'static str,
    result: Option<&'static str>,
    kind: Option<&'static str>,
    warnings: (u32, u32),
    spoken: &'static [Phrase],
}

fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::PlacingHandicap { .. } | Phase::Playing => "playing",
        Phase::Counting => "counting",
        Phase::Adjourned => "adjourned",
        Phase::Finished(_) => "finished",
    }
}

fn check(name: &str, script: &str, e: Expect) -> Session {
    let (s, spoken) = run(script).unwrap_or_else(|(l, err)| panic!("{name}: line {l}: {err}"));
    assert_eq!(phase_name(s.phase()), e.phase, "{name}: phase");
    assert_eq!(
        s.outcome().map(|o| o.code()).as_deref(),
        e.result,
        "{name}: result"
    );
    assert_eq!(
        s.outcome().map(|o| o.kind().name()),
        e.kind,
        "{name}: result kind"
    );
    assert_eq!(
        (s.warnings(Color::Black), s.warnings(Color::White)),
        e.warnings,
        "{name}: warnings"
    );
    assert_eq!(spoken, e.spoken, "{name}: spoken");
    s
}

fn refused(name: &str, script: &str, line: usize) -> String {
    match run(script) {
        Ok(_) => panic!("{name}: every line was accepted"),
        Err((l, e)) => {
            assert_eq!(
                l, line,
                "{name}: refused at line {l} ({e}), expected {line}"
            );
            e
        }
    }
}

const PLAYING: Expect = Expect {
    phase: "playing",
    result: None,
    kind: None,
    warnings: (0, 0),
    spoken: &[],
};

#[test]
fn art7_resignation_ends_the_game() {
    check(
        "resign",
        S::ART7_RESIGNATION_ENDS_THE_GAME,
        Expect {
            phase: "finished",
            result: Some("W+R"),
            kind: Some("resign"),
            ..PLAYING
        },
    );
}

#[test]
fn art13_2_the_side_to_move_confirms_then_the_other_and_play_ends() {
    let s = check(
        "confirm",
        S::ART13_2_THE_SIDE_TO_MOVE_CONFIRMS_THEN_THE_OTHER_AND_PLAY_ENDS_1,
        Expect {
            phase: "counting",
            ..PLAYING
        },
    );
    assert_eq!(s.turns(), 3);
    refused(
        "only the side to move confirms",
        S::ART13_2_THE_SIDE_TO_MOVE_CONFIRMS_THEN_THE_OTHER_AND_PLAY_ENDS_2,
        3,
    );
}

#[test]
fn art13_2_after_an_ordinary_pass_the_opponents_confirmation_is_only_step_one() {
    check(
        "pass then confirm",
        S::ART13_2_AFTER_AN_ORDINARY_PASS_THE_OPPONENTS_CONFIRMATION_IS_ONLY_STEP_ONE_1,
        PLAYING,
    );
    check(
        "pass, confirm, confirm",
        S::ART13_2_AFTER_AN_ORDINARY_PASS_THE_OPPONENTS_CONFIRMATION_IS_ONLY_STEP_ONE_2,
        Expect {
            phase: "counting",
            ..PLAYING
        },
    );
}

#[test]
fn art21_1_a_move_retracts_a_confirmation() {
    check(
        "retracted",
        S::ART21_1_A_MOVE_RETRACTS_A_CONFIRMATION_1,
        PLAYING,
    );
    check(
        "then both",
        S::ART21_1_A_MOVE_RETRACTS_A_CONFIRMATION_2,
        Expect {
            phase: "counting",
            ..PLAYING
        },
    );
}

#[test]
fn issue9_two_plain_passes_do_not_end_an_arbiter_session() {
    check(
        "passes",
        S::ISSUE9_TWO_PLAIN_PASSES_DO_NOT_END_AN_ARBITER_SESSION_1,
        PLAYING,
    );
    check(
        "casual games end on two passes",
        S::ISSUE9_TWO_PLAIN_PASSES_DO_NOT_END_AN_ARBITER_SESSION_2,
        Expect {
            phase: "counting",
            ..PLAYING
        },
    );
}

#[test]
fn art21_3_after_a_dispute_the_first_confirmer_moves_and_both_confirm_again() {
    let script = S::ART21_3_AFTER_A_DISPUTE_THE_FIRST_CONFIRMER_MOVES_AND_BOTH_CONFIRM_AGAIN;
    let s = check("dispute", script, PLAYING);
    assert_eq!(s.side_to_move(), Color::White, "White confirmed first");
    // The old bug: one pass after the dispute went straight back to counting.
    check("one pass", &format!("{script}\n0:50 W pass"), PLAYING);
    check(
        "one confirmation",
        &format!("{script}\n0:50 W confirm"),
        PLAYING,
    );
    check(
        "both again",
        &format!("{script}\n0:50 W confirm\n1:00 B confirm\n1:10 accept"),
        Expect {
            phase: "finished",
            // One black stone owns the whole 9×9 board: 81 − 40½ − 3¾ = 36¾ stones.
            result: Some("B+73.5"),
            kind: Some("counted"),
            ..PLAYING
        },
    );
}

#[test]
fn issue9_the_clock_stops_when_play_ends_and_no_time_out_follows_during_counting() {
    // Two minutes with one reserved minute: Black's last minute would run out at 1:10.
    let script = S::ISSUE9_THE_CLOCK_STOPS_WHEN_PLAY_ENDS_AND_NO_TIME_OUT_FOLLOWS_DURING_COUNTING;
    let s = check(
        "counting",
        script,
        Expect {
            phase: "finished",
            result: Some("W+7.5"),
            kind: Some("counted"),
            ..PLAYING
        },
    );
    let clock = s.clock().expect("clock");
    assert!(!clock.view(Timestamp(31 * 60_000)).black.flagged);
}

#[test]
fn issue9_a_move_while_paused_passes_the_clock_to_the_opponent() {
    let script = S::ISSUE9_A_MOVE_WHILE_PAUSED_PASSES_THE_CLOCK_TO_THE_OPPONENT;
    let (s, _) = run(script).expect("script");
    let clock = s.clock().expect("clock");
    assert_eq!(
        clock.to_move(),
        Some(Side::White),
        "White is to move on the board"
    );
    let view = clock.view(Timestamp(61_000));
    assert_eq!(
        view.black.main_left,
        Millis(600_000 - 10_000),
        "Black used 10 s"
    );
    assert_eq!(
        view.white.main_left,
        Millis(600_000 - 1_000),
        "White's clock runs"
    );
}

#[test]
fn art17_1_two_moves_in_a_row_lose_by_ruling() {
    check(
        "loss",
        S::ART17_1_TWO_MOVES_IN_A_ROW_LOSE_BY_RULING_1,
        Expect {
            phase: "finished",
            result: Some("W+F"),
            kind: Some("ruled_loss"),
            ..PLAYING
        },
    );
    refused(
        "the app refuses the second move itself",
        S::ART17_1_TWO_MOVES_IN_A_ROW_LOSE_BY_RULING_2,
        3,
    );
}

#[test]
fn art17_2_a_stone_lifted_and_replayed_is_warned() {
    let s = check(
        "lifted",
        S::ART17_2_A_STONE_LIFTED_AND_REPLAYED_IS_WARNED,
        Expect {
            warnings: (1, 0),
            spoken: &[Phrase::Warning],
            ..PLAYING
        },
    );
    let r = &s.rulings()[0];
    assert_eq!(
        (r.n, r.article.as_str(), r.note.as_deref()),
        (3, "17.2", Some("moved E5 to E6"))
    );
}

#[test]
fn art17_3_moved_stones_accepted_as_they_are() {
    let s = check(
        "edit",
        S::ART17_3_MOVED_STONES_ACCEPTED_AS_THEY_ARE,
        PLAYING,
    );
    let rows = s.board_rows();
    assert_eq!(&rows[5], "..X......", "C4 black");
    assert_eq!(&rows[6], ".........", "C3 empty");
    assert_eq!(
        s.side_to_move(),
        Color::Black,
        "an edit does not change the turn"
    );
}

#[test]
fn art17_3_an_edit_keeps_the_repetition_history() {
    // After the edit the board equals the position after move 2; Black replaying D4 after
    // White's pass would recreate the position after move 3, which positional superko
    // forbids (Art. 6) although it stood before the edit.
    let script = S::ART17_3_AN_EDIT_KEEPS_THE_REPETITION_HISTORY;
    let e = refused("superko across an edit", script, 7);
    assert!(e.contains("repeat") || e.contains("position"), "{e}");
}

#[test]
fn art17_3_deliberate_moving_loses_and_draw_or_replay_end_the_game() {
    for (action, result, kind) in [
        ("loss W 17.3", "B+F", "ruled_loss"),
        ("draw 17.3", "Draw", "draw"),
        ("replay 17.4", "Replay", "replay"),
    ] {
        check(
            action,
            &format!("setup size=9\n0:10 B E5\n0:20 {action}"),
            Expect {
                phase: "finished",
                result: Some(result),
                kind: Some(kind),
                ..PLAYING
            },
        );
    }
}

#[test]
fn art18_live_stones_removed_put_back_with_a_warning() {
    check(
        "art18",
        S::ART18_LIVE_STONES_REMOVED_PUT_BACK_WITH_A_WARNING,
        Expect {
            warnings: (0, 1),
            spoken: &[Phrase::Warning],
            ..PLAYING
        },
    );
}

#[test]
fn art19_20_1_22_a_void_move_counts_as_one_pass() {
    let s = check(
        "void",
        S::ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_1,
        Expect {
            spoken: &[Phrase::MoveVoidPass],
            ..PLAYING
        },
    );
    assert_eq!(s.side_to_move(), Color::Black);
    assert_eq!(s.clock().and_then(|k| k.to_move()), Some(Side::Black));
    assert_eq!(s.turns(), 2);
    assert_eq!(s.rulings()[0].kind.name(), "void");
    // A void is never a confirmation, and never one of two passes that end a casual game.
    check(
        "void and pass",
        S::ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_2,
        Expect {
            spoken: &[],
            ..PLAYING
        },
    );
    check(
        "void then confirm",
        S::ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_3,
        Expect {
            spoken: &[Phrase::MoveVoidPass],
            ..PLAYING
        },
    );
}

#[test]
fn art23_1_beyond_the_late_limit_forfeits() {
    check(
        "late",
        S::ART23_1_BEYOND_THE_LATE_LIMIT_FORFEITS_1,
        Expect {
            phase: "finished",
            result: Some("W+F"),
            kind: Some("forfeit"),
            ..PLAYING
        },
    );
    check(
        "exactly the limit is within it",
        S::ART23_1_BEYOND_THE_LATE_LIMIT_FORFEITS_2,
        PLAYING,
    );
}

#[test]
fn art23_2_both_late_beyond_the_limit_both_lose() {
    for script in [
        S::ART23_2_BOTH_LATE_BEYOND_THE_LIMIT_BOTH_LOSE_1,
        S::ART23_2_BOTH_LATE_BEYOND_THE_LIMIT_BOTH_LOSE_2,
    ] {
        let s = check(
            script,
            script,
            Expect {
                phase: "finished",
                result: Some("LL"),
                kind: Some("both_lose"),
                ..PLAYING
            },
        );
        assert_eq!(s.outcome().and_then(|o| o.winner()), None);
    }
}

#[test]
fn art23_3_lateness_within_the_limit_is_charged_exactly_once() {
    // Black's clock ran the ten minutes: nothing more is taken.
    let (s, _) =
        run(S::ART23_3_LATENESS_WITHIN_THE_LIMIT_IS_CHARGED_EXACTLY_ONCE_1).expect("script");
    let v = s.clock().expect("clock").view(Timestamp(600_000));
    assert_eq!(v.black.main_left, Millis::from_mins(45));
    // White's clock ran from Black's first move: the 30 s before are charged now.
    let (s, _) =
        run(S::ART23_3_LATENESS_WITHIN_THE_LIMIT_IS_CHARGED_EXACTLY_ONCE_2).expect("script");
    let v = s.clock().expect("clock").view(Timestamp(605_000));
    assert_eq!(
        v.white.main_left,
        Millis::from_mins(45) - Millis::from_secs(5)
    );
    assert_eq!(s.rulings()[0].article, "23.3");
}

#[test]
fn art23_4_removing_captures_in_byo_yomi_is_not_charged() {
    // No free time: Black is in its last minute from the start.
    let script = S::ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_1;
    let (s, _) = run(script).expect("capture pause");
    assert!(
        s.outcome().is_none(),
        "50 s of the minute used, no time-out"
    );
    let e = refused(
        "capture pause outside byo-yomi",
        S::ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_2,
        2,
    );
    assert!(e.contains("byo-yomi"), "{e}");
    check(
        "admonition for captures left",
        S::ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_3,
        PLAYING,
    );
}

#[test]
fn art23_5_running_out_of_time_loses_at_the_instant_it_happens() {
    let script = S::ART23_5_RUNNING_OUT_OF_TIME_LOSES_AT_THE_INSTANT_IT_HAPPENS_1;
    check(
        "time-out",
        script,
        Expect {
            phase: "finished",
            result: Some("W+T"),
            kind: Some("time"),
            spoken: &[Phrase::Pause],
            ..PLAYING
        },
    );
    refused(
        "no move after the flag",
        S::ART23_5_RUNNING_OUT_OF_TIME_LOSES_AT_THE_INSTANT_IT_HAPPENS_2,
        4,
    );
}

#[test]
fn art23_6_one_approved_absence_per_player() {
    check(
        "absence",
        S::ART23_6_ONE_APPROVED_ABSENCE_PER_PLAYER_1,
        PLAYING,
    );
    refused("twice", S::ART23_6_ONE_APPROVED_ABSENCE_PER_PLAYER_2, 6);
}

#[test]
fn art24_conduct_admonitions_do_not_count_warnings_do() {
    check(
        "conduct",
        S::ART24_CONDUCT_ADMONITIONS_DO_NOT_COUNT_WARNINGS_DO,
        Expect {
            warnings: (0, 1),
            spoken: &[Phrase::Warning],
            ..PLAYING
        },
    );
}

#[test]
fn art25_2_the_second_warning_loses_automatically_and_is_spoken() {
    let s = check(
        "two warnings",
        S::ART25_2_THE_SECOND_WARNING_LOSES_AUTOMATICALLY_AND_IS_SPOKEN,
        Expect {
            phase: "finished",
            result: Some("B+F"),
            kind: Some("ruled_loss"),
            warnings: (0, 2),
            spoken: &[Phrase::SecondWarningLoss],
        },
    );
    assert_eq!(s.outcome().and_then(|o| o.article()), Some("25.2"));
    assert_eq!(s.rulings().len(), 2, "the loss is folded, not written");
}

#[test]
fn art25_1_other_rulings_and_referrals_are_logged() {
    let s = check(
        "rule",
        S::ART25_1_OTHER_RULINGS_AND_REFERRALS_ARE_LOGGED,
        PLAYING,
    );
    let kinds: Vec<_> = s
        .rulings()
        .iter()
        .map(|r| (r.kind.name(), r.article.as_str()))
        .collect();
    assert_eq!(kinds, [("other", "25.1"), ("other", "25.1")]);
}

#[test]
fn art16_3_a_count_corrected_after_it_was_accepted() {
    let script = S::ART16_3_A_COUNT_CORRECTED_AFTER_IT_WAS_ACCEPTED;
    let s = check(
        "accepted",
        script,
        Expect {
            phase: "finished",
            result: Some("W+7.5"),
            kind: Some("counted"),
            ..PLAYING
        },
    );
    assert_eq!(s.log().last().map(|e| e.n), Some(6));
    check(
        "revoked and recounted",
        &format!("{script}\n1:00 revoke 6 16.3 \"dead stone missed\"\n1:10 dead D5\n1:20 accept"),
        Expect {
            phase: "finished",
            // White's D5 dead: Black owns all 81 points, 36¾ stones = 73½ points.
            result: Some("B+73.5"),
            kind: Some("counted"),
            ..PLAYING
        },
    );
}

#[test]
fn issue9_revoking_a_warning_takes_back_its_loss_and_a_resignation_can_be_revoked() {
    let s = check(
        "revoke warning",
        S::ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_1,
        Expect {
            warnings: (1, 0),
            ..PLAYING
        },
    );
    assert!(s.rulings().iter().any(|r| r.n == 2 && r.revoked));
    check(
        "revoke resignation",
        S::ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_2,
        PLAYING,
    );
    refused(
        "revoke the setup",
        S::ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_3,
        2,
    );
    refused(
        "revoke a later entry",
        S::ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_4,
        2,
    );
}

#[test]
fn issue9_revoking_a_move_gives_the_turn_and_the_clock_back_to_the_mover() {
    let (s, _) = run(S::ISSUE9_REVOKING_A_MOVE_GIVES_THE_TURN_AND_THE_CLOCK_BACK_TO_THE_MOVER_1)
        .expect("script");
    assert_eq!(s.side_to_move(), Color::Black);
    assert_eq!(s.clock().and_then(|k| k.to_move()), Some(Side::Black));
    assert_eq!(s.turns(), 0);
    refused(
        "a revocation that breaks a later entry",
        S::ISSUE9_REVOKING_A_MOVE_GIVES_THE_TURN_AND_THE_CLOCK_BACK_TO_THE_MOVER_2,
        4,
    );
}

#[test]
fn art14_22_the_sealed_move_is_played_on_resumption() {
    let script = S::ART14_22_THE_SEALED_MOVE_IS_PLAYED_ON_RESUMPTION;
    let s = check(
        "sealed",
        script,
        Expect {
            phase: "adjourned",
            ..PLAYING
        },
    );
    assert!(s.sealed().is_some());
    assert!(
        !s.board_rows().concat().contains('O'),
        "the sealed move is not on the board"
    );
    let clock = s.clock().expect("clock");
    assert_eq!(
        clock.view(Timestamp(3_600_000)).white.main_left,
        Millis(600_000 - 40_000)
    );
    refused(
        "no move while adjourned",
        &format!("{script}\n1:00 W D4"),
        5,
    );
    let s = check("unsealed", &format!("{script}\n60:00 unseal"), PLAYING);
    assert_eq!(&s.board_rows()[6], "..O......");
    assert_eq!(s.side_to_move(), Color::Black);
    assert_eq!(s.clock().and_then(|k| k.to_move()), Some(Side::Black));
    assert!(s.sealed().is_none() && s.unsealed().is_some());
}

#[test]
fn art22_a_sealed_move_on_an_occupied_point_counts_as_one_pass() {
    let s = check(
        "occupied",
        S::ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_COUNTS_AS_ONE_PASS,
        Expect {
            spoken: &[Phrase::MoveVoidPass],
            ..PLAYING
        },
    );
    assert_eq!(s.side_to_move(), Color::Black);
    assert_eq!(s.turns(), 2);
}

#[test]
fn art14_a_slip_opens_the_seal_and_resigning_leaves_it_unopened() {
    let nonce = tianyuan::seal::hex::encode(&[9; 32]);
    check(
        "slip",
        &format!("setup size=9\n0:10 adjourn\n0:20 seal B D4\n5:00 unseal --slip D4 {nonce}"),
        PLAYING,
    );
    refused(
        "a wrong slip",
        &format!("setup size=9\n0:10 adjourn\n0:20 seal B D4\n5:00 unseal --slip D5 {nonce}"),
        4,
    );
    let s = check(
        "resign while adjourned",
        S::ART14_A_SLIP_OPENS_THE_SEAL_AND_RESIGNING_LEAVES_IT_UNOPENED,
        Expect {
            phase: "finished",
            result: Some("W+R"),
            kind: Some("resign"),
            ..PLAYING
        },
    );
    assert!(s.sealed().is_some() && s.unsealed().is_none());
}

#[test]
fn issue9_clock_only_mode_logs_presses_and_rulings_without_moves() {
    let s = check(
        "clock only",
        S::ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_1,
        Expect {
            warnings: (1, 0),
            spoken: &[Phrase::Warning],
            ..PLAYING
        },
    );
    assert_eq!(s.side_to_move(), Color::Black);
    assert_eq!(s.turns(), 2);
    refused(
        "no moves on the app's board",
        S::ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_2,
        2,
    );
    refused(
        "only the running side presses",
        S::ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_3,
        2,
    );
    check(
        "the count from the physical board",
        S::ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_4,
        Expect {
            phase: "finished",
            result: Some("B+3.5"),
            kind: Some("counted"),
            ..PLAYING
        },
    );
}

#[test]
fn issue9_start_moves_the_start_later() {
    let (s, _) = run(S::ISSUE9_START_MOVES_THE_START_LATER_1).expect("script");
    let v = s.clock().expect("clock").view(Timestamp(330_000));
    assert_eq!(v.black.main_left, Millis(600_000 - 30_000));
    refused(
        "not after a move",
        S::ISSUE9_START_MOVES_THE_START_LATER_2,
        3,
    );
}

#[test]
fn issue9_the_gap_after_a_restart_is_charged_or_not_as_the_arbiter_decides() {
    let free = run(S::ISSUE9_THE_GAP_AFTER_A_RESTART_IS_CHARGED_OR_NOT_AS_THE_ARBITER_DECIDES_1)
        .expect("free")
        .0;
    let charged = run(S::ISSUE9_THE_GAP_AFTER_A_RESTART_IS_CHARGED_OR_NOT_AS_THE_ARBITER_DECIDES_2)
        .expect("charged")
        .0;
    let at = Timestamp(310_000);
    assert_eq!(
        free.clock().expect("clock").view(at).white.main_left,
        Millis(600_000)
    );
    assert_eq!(
        charged.clock().expect("clock").view(at).white.main_left,
        Millis(300_000)
    );
}

#[test]
fn issue9_time_never_goes_back_and_rulings_need_no_article_to_log_one() {
    refused(
        "time back",
        S::ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_1,
        3,
    );
    let s = run(S::ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_2).err();
    assert_eq!(
        s.map(|(l, _)| l),
        Some(3),
        "no clock, no absence to approve"
    );
    let s = run(S::ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_3)
        .expect("script")
        .0;
    let arts: Vec<_> = s.rulings().iter().map(|r| r.article.as_str()).collect();
    assert_eq!(arts, ["23.3", "25.1", "23.6"]);
}

#[test]
fn issue9_replaying_the_log_gives_the_live_state() {
    let script = S::ISSUE9_REPLAYING_THE_LOG_GIVES_THE_LIVE_STATE;
    let (live, _) = run(script).expect("script");
    let again = Session::replay(live.setup().clone(), live.log()).expect("replay");
    assert_eq!(again.board_rows(), live.board_rows());
    assert_eq!(again.phase(), live.phase());
    assert_eq!(again.turns(), live.turns());
    assert_eq!(again.rulings(), live.rulings());
    assert_eq!(
        again.clock().map(|k| k.view(Timestamp(200_000))),
        live.clock().map(|k| k.view(Timestamp(200_000)))
    );
}

#[test]
fn issue9_refused_actions_name_their_reason() {
    let e = refused(
        "ruling a finished game",
        S::ISSUE9_REFUSED_ACTIONS_NAME_THEIR_REASON_1,
        3,
    );
    assert!(e.contains("over"), "{e}");
    assert_eq!(
        Session::new(parse_setup(S::ISSUE9_REFUSED_ACTIONS_NAME_THEIR_REASON_2).expect("setup"))
            .err(),
        Some(SessionError::NoClock)
    );
}

// ----- Issue 17 (core): the rules audit -----

/// A black stone on A1 is a forbidden point once White holds A2 and B1.
const FORBIDDEN_A1: &str = S::FORBIDDEN_A1;

/// A ko at E5/F5: after move 8 White has just taken the black stone on F5 from E5, and Black
/// retaking on F5 at once would recreate the position after move 7.
fn ko_script(ko: &str) -> String {
    S::KO_SCRIPT.replace("{ko}", ko)
}

fn rulings(s: &Session) -> Vec<(u32, &'static str, String, Option<String>)> {
    let size = s.setup().size;
    s.rulings()
        .iter()
        .map(|r| {
            (
                r.n,
                r.kind.name(),
                r.article.clone(),
                r.point.map(|p| p.to_gtp(size)),
            )
        })
        .collect()
}

#[test]
fn art19_a_void_on_a_point_where_the_move_is_legal_is_refused() {
    let e = refused(
        "void on a legal point",
        S::ART19_A_VOID_ON_A_POINT_WHERE_THE_MOVE_IS_LEGAL_IS_REFUSED_1,
        3,
    );
    assert!(e.contains("legal"), "{e}");
    // The forbidden point is void by default under Art. 19, as given otherwise.
    let s = check(
        "forbidden point",
        &format!("{FORBIDDEN_A1}\n0:50 void B A1"),
        Expect {
            spoken: &[Phrase::MoveVoidPass],
            ..PLAYING
        },
    );
    assert_eq!(
        rulings(&s),
        [(6, "void", "19".to_owned(), Some("A1".to_owned()))]
    );
    assert_eq!(s.side_to_move(), Color::White);
    let s = run(&format!("{FORBIDDEN_A1}\n0:50 void B A1 5"))
        .expect("given")
        .0;
    assert_eq!(
        s.rulings()[0].article,
        "5",
        "an article given is recorded as given"
    );
    // Clock-only mode has no board to check: a void there is the arbiter's word.
    check(
        "clock only",
        S::ART19_A_VOID_ON_A_POINT_WHERE_THE_MOVE_IS_LEGAL_IS_REFUSED_2,
        Expect {
            spoken: &[Phrase::MoveVoidPass],
            ..PLAYING
        },
    );
}

#[test]
fn art20_1_void_of_an_immediate_ko_recapture_is_art_20_1_under_every_ko_rule() {
    for ko in ["positional", "situational", "simple"] {
        let script = ko_script(ko);
        // Refused as the ko of Art. 20.1, never as a repetition (Art. 6).
        let e = refused(ko, &format!("{script}\n0:09 B F5"), 10);
        assert!(
            e.contains("Art. 20.1") && !e.contains("Art. 6"),
            "{ko}: {e}"
        );
        let s = run(&format!("{script}\n0:09 void B F5")).expect(ko).0;
        assert_eq!(
            rulings(&s),
            [(10, "void", "20.1".to_owned(), Some("F5".to_owned()))],
            "{ko}"
        );
        assert_eq!(s.side_to_move(), Color::White, "{ko}: one pass");
    }
}

#[test]
fn art20_3_a_retake_after_passes_is_a_longer_repetition_under_superko() {
    // After two passes the ko retake recreates the position after move 7, but not the one
    // just before the opponent's last move: not the ko of Art. 20.1.
    let script = format!("{}\n0:09 B pass\n0:10 W pass", ko_script("positional"));
    refused("retake after passes", &format!("{script}\n0:11 B F5"), 12);
    let s = run(&format!("{script}\n0:11 void B F5")).expect("void").0;
    assert_eq!(s.rulings()[0].article, "20.3");
    // Simple ko allows it, and shows the cycle to the arbiter.
    let simple = format!(
        "{}\n0:09 B pass\n0:10 W pass\n0:11 B F5",
        ko_script("simple")
    );
    let s = run(&simple).expect("simple ko").0;
    let r = s.pending_repetition().expect("the cycle is shown");
    assert_eq!((r.n, r.repeats_after_move), (12, 7));
}

#[test]
fn art22_a_sealed_move_on_an_occupied_point_is_a_pass_shown_as_a_ruling() {
    let s = check(
        "occupied",
        S::ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_IS_A_PASS_SHOWN_AS_A_RULING_1,
        Expect {
            spoken: &[Phrase::MoveVoidPass],
            ..PLAYING
        },
    );
    assert_eq!(
        rulings(&s),
        [(5, "void", "22".to_owned(), Some("E5".to_owned()))]
    );
    assert_eq!(s.rulings()[0].side, Some(Color::White));
    // A sealed move that can be played is no ruling.
    let s = run(S::ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_IS_A_PASS_SHOWN_AS_A_RULING_2)
        .expect("played")
        .0;
    assert!(s.rulings().is_empty());
    // A sealed forbidden point is void under Art. 19.
    let s = run(&format!(
        "{FORBIDDEN_A1}\n0:45 adjourn\n0:50 seal B A1\n60:00 unseal"
    ))
    .expect("forbidden")
    .0;
    assert_eq!(
        rulings(&s),
        [(8, "void", "19".to_owned(), Some("A1".to_owned()))]
    );
}

#[test]
fn art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran()
{
    let time_loss = |winner| Expect {
        phase: "finished",
        result: Some(winner),
        kind: Some("time"),
        ..PLAYING
    };
    // Black's clock ran from the start and fell at 10:00: the time-out stands, and the late
    // arrival is still logged.
    let s = check(
        "the clock ran",
        S::ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_1,
        time_loss("W+T"),
    );
    assert_eq!(s.rulings()[0].article, "23.3");
    // The clocks were stopped while Black was away: the lateness itself takes all the time.
    let s = check(
        "the clock did not run",
        S::ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_2,
        time_loss("W+T"),
    );
    let v = s.clock().expect("clock").view(Timestamp(720_000));
    assert_eq!(v.black.main_left, Millis::ZERO, "no time left on the face");
    // White's clock ran for a second only (the arbiter stopped the clocks).
    check(
        "white",
        S::ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_3,
        time_loss("B+T"),
    );
    // Reserved minutes included: 9 minutes of a 10-minute limit with 3 reserved minutes
    // leave time; the whole 10 do not.
    check(
        "reserve left",
        S::ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_4,
        PLAYING,
    );
    check(
        "reserve used up",
        S::ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_5,
        time_loss("W+T"),
    );
    // Beyond the limit it is a forfeit, however the clock ran.
    for script in [
        S::ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_6,
        S::ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_7,
    ] {
        check(
            script,
            script,
            Expect {
                phase: "finished",
                result: Some("W+F"),
                kind: Some("forfeit"),
                ..PLAYING
            },
        );
    }
    // Both lose by their lateness: both lose (Art. 23.2).
    check(
        "both",
        S::ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_8,
        Expect {
            phase: "finished",
            result: Some("LL"),
            kind: Some("both_lose"),
            ..PLAYING
        },
    );
    // A lateness recorded after an unrelated time-out is refused.
    refused(
        "unrelated",
        S::ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_9,
        4,
    );
}

#[test]
fn art23_6_the_approved_absence_is_asked_during_the_opponents_thinking_time() {
    let e = refused(
        "own time",
        S::ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_1,
        2,
    );
    assert!(e.contains("23.6"), "{e}");
    let s = check(
        "opponent's time",
        S::ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_2,
        PLAYING,
    );
    assert_eq!(s.rulings()[0].article, "23.6");
    refused(
        "own time, paused",
        S::ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_3,
        3,
    );
}

#[test]
fn issue17_the_time_away_charged_runs_the_clock_of_the_side_to_move_as_it_would_have_run() {
    // White has 1 minute of free time and 2 reserved minutes. Away 1:30 after Black's move:
    // the free time, then 30 s of the first reserved minute.
    let script =
        S::ISSUE17_THE_TIME_AWAY_CHARGED_RUNS_THE_CLOCK_OF_THE_SIDE_TO_MOVE_AS_IT_WOULD_HAVE_RUN;
    let (s, _) = run(&format!("{script}\n1:40 gap charged")).expect("charged");
    assert_eq!(s.log().len(), 2, "one entry");
    let v = s.clock().expect("clock").view(Timestamp(100_000));
    assert_eq!(v.white.main_left, Millis::ZERO);
    assert!(v.white.in_byoyomi && v.white.running);
    assert_eq!(v.white.period_left, Millis::from_secs(30));
    assert_eq!(
        v.black.main_left,
        Millis::from_mins(1) - Millis::from_secs(10)
    );
    assert_eq!(s.rulings()[0].kind, tianyuan::session::RulingKind::Gap);
    // Away five minutes: White's time ran out at 3:10, during the time away.
    let (s, _) = run(&format!("{script}\n5:10 gap charged")).expect("time-out");
    assert_eq!(s.outcome().map(|o| o.code()).as_deref(), Some("B+T"));
    assert_eq!(s.rulings().len(), 1, "the decision is logged");
    // Not charged: the clocks stood still for the time away and run again at once.
    let (s, _) = run(&format!("{script}\n5:10 gap free\n5:40 W C3")).expect("free");
    let v = s.clock().expect("clock").view(Timestamp(340_000));
    assert_eq!(v.white.main_left, Millis::from_secs(30));
    assert_eq!(v.black.main_left, Millis::from_secs(50));
    assert!(v.black.running);
    // Stopped clocks stay stopped: a pause in force is not charged either way.
    for decision in ["gap charged", "gap free"] {
        let (s, _) = run(&format!("{script}\n0:20 pause\n60:00 {decision}")).expect(decision);
        let v = s.clock().expect("clock").view(Timestamp(3_600_000));
        assert_eq!(v.white.main_left, Millis::from_secs(50), "{decision}");
        assert!(v.paused, "{decision}");
    }
}

#[test]
fn art20_3_a_cycle_under_simple_ko_is_shown_to_the_arbiter_while_it_goes_on() {
    let script = format!("{}\n{}", triple_ko("simple"), TRIPLE_KO_MOVES);
    let (s, _) = run(&script).expect("simple ko plays the cycle");
    let r = s.pending_repetition().expect("shown");
    assert_eq!((r.move_number, r.repeats_after_move), (6, 0));
    let offer = s.offer_for_repetition().expect("offer");
    let kinds: Vec<_> = offer
        .rulings
        .iter()
        .map(|o| (o.kind.name(), o.article))
        .collect();
    assert_eq!(kinds, [("draw", "20.3"), ("replay", "20.3")]);
    // Going round again repeats again; leaving the cycle ends the offer, the record stays.
    let (s, _) = run(&format!("{script}\n1:07 B E16")).expect("again");
    assert_eq!(
        s.pending_repetition().map(|r| r.repeats_after_move),
        Some(1)
    );
    let (s, _) = run(&format!("{script}\n1:07 B Q16")).expect("left");
    assert!(s.pending_repetition().is_none());
    assert_eq!(s.repetitions().len(), 1);
    // Under superko the sixth move is refused as a longer repetition.
    for ko in ["positional", "situational"] {
        refused(ko, &format!("{}\n{}", triple_ko(ko), TRIPLE_KO_MOVES), 8);
    }
}

/// Three kos on a 19×19 board set up by an accepted edit: at the top White holds (on D16), in
/// the middle Black (on E10), at the bottom White (on D4).
fn triple_ko(ko: &str) -> String {
    S::TRIPLE_KO.replace("{ko}", ko)
}

/// Each side takes a ko in turn; the sixth move recreates the position after the edit.
const TRIPLE_KO_MOVES: &str =
    "1:01 B E16\n1:02 W D10\n1:03 B E4\n1:04 W D16\n1:05 B E10\n1:06 W D4";

#[test]
fn issue18_both_players_confirm_the_result_and_a_new_result_asks_again() {
    // A hall table's setup asks both players to confirm the result on screen.
    let base = S::ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_1;
    let (s, _) = run(base).unwrap();
    assert!(s.setup().players_sign);
    assert!(s.awaiting_signatures(), "finished, nobody confirmed");
    let (s, _) = run(&format!("{base}0:30 sign W\n")).unwrap();
    assert!(s.signed(Color::White) && !s.signed(Color::Black));
    assert!(s.awaiting_signatures());
    let (s, _) = run(&format!("{base}0:30 sign W\n0:31 sign B\n")).unwrap();
    assert!(!s.awaiting_signatures(), "both confirmed");
    // Before the end there is nothing to confirm.
    let early = run(S::ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_2);
    assert_eq!(early.map(|_| ()).unwrap_err().0, 3);
    // The arbiter revokes the resignation: the game goes on, the confirmations count for
    // nothing, and the next result needs both again.
    let (s, _) = run(&format!(
        "{base}0:30 sign W\n0:31 sign B\n0:40 revoke 4 25.1\n0:50 B D4\n0:55 W resign\n"
    ))
    .unwrap();
    assert!(s.outcome().is_some());
    assert!(!s.signed(Color::Black) && !s.signed(Color::White));
    assert!(s.awaiting_signatures());
    // Without the setup key nothing waits; the key round-trips through the setup line.
    let (s, _) =
        run(S::ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_3).unwrap();
    assert!(!s.awaiting_signatures());
    let setup = tianyuan::session::shorthand::parse_setup(
        S::ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_4,
    )
    .unwrap();
    let line = tianyuan::session::shorthand::format_setup(&setup);
    assert!(line.ends_with(" sign=players"), "{line}");
    assert_eq!(
        tianyuan::session::shorthand::parse_setup(&line).unwrap(),
        setup
    );
    assert!(
        !tianyuan::session::shorthand::format_setup(&Default::default()).contains("sign="),
        "written only when set"
    );
}
