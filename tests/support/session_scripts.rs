//! The session scripts of the rules' articles (`tests/session_articles.rs`), one table:
//! the articles' tests check what each script gives, and the window's differential test
//! (`tests/window_differential.rs`) drives every one of them through the window's host and
//! compares the journal (issue 29 item 8: a shared table, not a test file parsed).

/// A script of `art7_resignation_ends_the_game`.
pub const ART7_RESIGNATION_ENDS_THE_GAME: &str = "setup size=9\n0:10 B E5\n0:20 B resign";
/// A script of `art13_2_the_side_to_move_confirms_then_the_other_and_play_ends`.
pub const ART13_2_THE_SIDE_TO_MOVE_CONFIRMS_THEN_THE_OTHER_AND_PLAY_ENDS_1: &str =
    "setup size=9\n0:10 B E5\n0:20 W confirm\n0:30 B confirm";
/// A script of `art13_2_the_side_to_move_confirms_then_the_other_and_play_ends`.
pub const ART13_2_THE_SIDE_TO_MOVE_CONFIRMS_THEN_THE_OTHER_AND_PLAY_ENDS_2: &str =
    "setup size=9\n0:10 B E5\n0:20 B confirm";
/// A script of `art13_2_after_an_ordinary_pass_the_opponents_confirmation_is_only_step_one`.
pub const ART13_2_AFTER_AN_ORDINARY_PASS_THE_OPPONENTS_CONFIRMATION_IS_ONLY_STEP_ONE_1: &str =
    "setup size=9\n0:10 B pass\n0:20 W confirm";
/// A script of `art13_2_after_an_ordinary_pass_the_opponents_confirmation_is_only_step_one`.
pub const ART13_2_AFTER_AN_ORDINARY_PASS_THE_OPPONENTS_CONFIRMATION_IS_ONLY_STEP_ONE_2: &str =
    "setup size=9\n0:10 B pass\n0:20 W confirm\n0:30 B confirm";
/// A script of `art21_1_a_move_retracts_a_confirmation`.
pub const ART21_1_A_MOVE_RETRACTS_A_CONFIRMATION_1: &str =
    "setup size=9\n0:10 B confirm\n0:20 W E5\n0:30 B confirm";
/// A script of `art21_1_a_move_retracts_a_confirmation`.
pub const ART21_1_A_MOVE_RETRACTS_A_CONFIRMATION_2: &str =
    "setup size=9\n0:10 B confirm\n0:20 W E5\n0:30 B confirm\n0:40 W confirm";
/// A script of `issue9_two_plain_passes_do_not_end_an_arbiter_session`.
pub const ISSUE9_TWO_PLAIN_PASSES_DO_NOT_END_AN_ARBITER_SESSION_1: &str =
    "setup size=9\n0:10 B pass\n0:20 W pass\n0:30 B pass";
/// A script of `issue9_two_plain_passes_do_not_end_an_arbiter_session`.
pub const ISSUE9_TWO_PLAIN_PASSES_DO_NOT_END_AN_ARBITER_SESSION_2: &str =
    "setup size=9 end=passes\n0:10 B pass\n0:20 W pass";
/// A script of `art21_3_after_a_dispute_the_first_confirmer_moves_and_both_confirm_again`.
pub const ART21_3_AFTER_A_DISPUTE_THE_FIRST_CONFIRMER_MOVES_AND_BOTH_CONFIRM_AGAIN: &str =
    "setup size=9\n0:10 B E5\n0:20 W confirm\n0:30 B confirm\n0:40 dispute";
/// A script of `issue9_the_clock_stops_when_play_ends_and_no_time_out_follows_during_counting`.
pub const ISSUE9_THE_CLOCK_STOPS_WHEN_PLAY_ENDS_AND_NO_TIME_OUT_FOLLOWS_DURING_COUNTING: &str = "setup size=9 time=chinese:limit=2m,reserve=1\n0:05 B E5\n0:10 W confirm\n0:15 B confirm\n30:00 dead E5\n31:00 accept";
/// A script of `issue9_a_move_while_paused_passes_the_clock_to_the_opponent`.
pub const ISSUE9_A_MOVE_WHILE_PAUSED_PASSES_THE_CLOCK_TO_THE_OPPONENT: &str =
    "setup size=9 time=sudden:main=10m\n0:10 pause\n0:20 B E5\n1:00 resume";
/// A script of `art17_1_two_moves_in_a_row_lose_by_ruling`.
pub const ART17_1_TWO_MOVES_IN_A_ROW_LOSE_BY_RULING_1: &str =
    "setup size=9\n0:10 B E5\n0:20 loss B 17.1";
/// A script of `art17_1_two_moves_in_a_row_lose_by_ruling`.
pub const ART17_1_TWO_MOVES_IN_A_ROW_LOSE_BY_RULING_2: &str = "setup size=9\n0:10 B E5\n0:20 B D5";
/// A script of `art17_2_a_stone_lifted_and_replayed_is_warned`.
pub const ART17_2_A_STONE_LIFTED_AND_REPLAYED_IS_WARNED: &str =
    "setup size=9\n0:10 B E5\n0:20 warn B 17.2 \"moved E5 to E6\"";
/// A script of `art17_3_moved_stones_accepted_as_they_are`.
pub const ART17_3_MOVED_STONES_ACCEPTED_AS_THEY_ARE: &str =
    "setup size=9\n0:10 B C3\n0:20 W G7\n0:30 edit -C3 +B C4 17.3";
/// A script of `art17_3_an_edit_keeps_the_repetition_history`.
pub const ART17_3_AN_EDIT_KEEPS_THE_REPETITION_HISTORY: &str =
    "setup size=9\n0:10 B C3\n0:20 W G7\n0:30 B D4\n0:40 edit -D4\n0:50 W pass\n1:00 B D4";
/// A script of `art18_live_stones_removed_put_back_with_a_warning`.
pub const ART18_LIVE_STONES_REMOVED_PUT_BACK_WITH_A_WARNING: &str =
    "setup size=9\n0:10 B E5\n0:20 warn W 18";
/// A script of `art19_20_1_22_a_void_move_counts_as_one_pass`.
pub const ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_1: &str =
    "setup size=9 time=sudden:main=10m\n0:10 B E5\n0:20 void W E5 22";
/// A script of `art19_20_1_22_a_void_move_counts_as_one_pass`.
pub const ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_2: &str =
    "setup size=9 end=passes\n0:10 B E5\n0:20 W pass\n0:30 void B E5 22\n0:40 W pass";
/// A script of `art19_20_1_22_a_void_move_counts_as_one_pass`.
pub const ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_3: &str =
    "setup size=9\n0:10 B E5\n0:20 W confirm\n0:30 void B E5 22";
/// A script of `art23_1_beyond_the_late_limit_forfeits`.
pub const ART23_1_BEYOND_THE_LATE_LIMIT_FORFEITS_1: &str =
    "setup size=19 time=chinese:limit=60m,reserve=5 late-limit=15m\n16:00 late B 16m";
/// A script of `art23_1_beyond_the_late_limit_forfeits`.
pub const ART23_1_BEYOND_THE_LATE_LIMIT_FORFEITS_2: &str =
    "setup size=19 time=chinese:limit=60m,reserve=5\n15:00 late B 15m";
/// A script of `art23_2_both_late_beyond_the_limit_both_lose`.
pub const ART23_2_BOTH_LATE_BEYOND_THE_LIMIT_BOTH_LOSE_1: &str =
    "setup size=19\n20:00 late B 16m W 20m";
/// A script of `art23_2_both_late_beyond_the_limit_both_lose`.
pub const ART23_2_BOTH_LATE_BEYOND_THE_LIMIT_BOTH_LOSE_2: &str =
    "setup size=19\n16:00 late B 16m\n20:00 late W 20m";
/// A script of `art23_3_lateness_within_the_limit_is_charged_exactly_once`.
pub const ART23_3_LATENESS_WITHIN_THE_LIMIT_IS_CHARGED_EXACTLY_ONCE_1: &str =
    "setup size=19 time=chinese:limit=60m,reserve=5\n10:00 late B 10m";
/// A script of `art23_3_lateness_within_the_limit_is_charged_exactly_once`.
pub const ART23_3_LATENESS_WITHIN_THE_LIMIT_IS_CHARGED_EXACTLY_ONCE_2: &str =
    "setup size=19 time=chinese:limit=60m,reserve=5\n0:30 B Q16\n10:00 late W 10m\n10:05 W D4";
/// A script of `art23_4_removing_captures_in_byo_yomi_is_not_charged`.
pub const ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_1: &str =
    "setup size=9 time=chinese:limit=1m,reserve=1\n0:20 capture-pause B\n5:00 resume\n5:30 B E5";
/// A script of `art23_4_removing_captures_in_byo_yomi_is_not_charged`.
pub const ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_2: &str =
    "setup size=9 time=sudden:main=10m\n0:20 capture-pause B";
/// A script of `art23_4_removing_captures_in_byo_yomi_is_not_charged`.
pub const ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_3: &str =
    "setup size=9\n0:10 B E5\n0:20 admonish B 23.4";
/// A script of `art23_5_running_out_of_time_loses_at_the_instant_it_happens`.
pub const ART23_5_RUNNING_OUT_OF_TIME_LOSES_AT_THE_INSTANT_IT_HAPPENS_1: &str =
    "setup size=9 time=sudden:main=1m\n0:10 B E5\n0:20 W C3\n1:30 pause";
/// A script of `art23_5_running_out_of_time_loses_at_the_instant_it_happens`.
pub const ART23_5_RUNNING_OUT_OF_TIME_LOSES_AT_THE_INSTANT_IT_HAPPENS_2: &str =
    "setup size=9 time=sudden:main=1m\n0:10 B E5\n0:20 W C3\n1:30 B D4";
/// A script of `art23_6_one_approved_absence_per_player`.
pub const ART23_6_ONE_APPROVED_ABSENCE_PER_PLAYER_1: &str =
    "setup size=9 time=chinese:limit=1m,reserve=1\n0:05 B E5\n0:06 absence B";
/// A script of `art23_6_one_approved_absence_per_player`.
pub const ART23_6_ONE_APPROVED_ABSENCE_PER_PLAYER_2: &str = "setup size=9 time=chinese:limit=1m,reserve=1\n0:05 B E5\n0:06 absence B\n0:10 W E4\n0:15 B D4\n0:20 absence B";
/// A script of `art24_conduct_admonitions_do_not_count_warnings_do`.
pub const ART24_CONDUCT_ADMONITIONS_DO_NOT_COUNT_WARNINGS_DO: &str =
    "setup size=9\n0:10 admonish W 24\n0:20 admonish W 24\n0:30 warn W 24";
/// A script of `art25_2_the_second_warning_loses_automatically_and_is_spoken`.
pub const ART25_2_THE_SECOND_WARNING_LOSES_AUTOMATICALLY_AND_IS_SPOKEN: &str =
    "setup size=9\n0:10 B E5\n0:20 warn W 17.2\n0:30 W C3\n0:40 warn W 24";
/// A script of `art25_1_other_rulings_and_referrals_are_logged`.
pub const ART25_1_OTHER_RULINGS_AND_REFERRALS_ARE_LOGGED: &str =
    "setup size=9\n0:10 rule W 25.1 \"phone rang\"\n0:20 refer \"appeal on 17.3\"";
/// A script of `art16_3_a_count_corrected_after_it_was_accepted`.
pub const ART16_3_A_COUNT_CORRECTED_AFTER_IT_WAS_ACCEPTED: &str =
    "setup size=9\n0:10 B E5\n0:20 W D5\n0:30 B confirm\n0:40 W confirm\n0:50 accept";
/// A script of `issue9_revoking_a_warning_takes_back_its_loss_and_a_resignation_can_be_revoked`.
pub const ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_1: &str =
    "setup size=9\n0:10 warn B 24\n0:20 warn B 24\n0:30 revoke 2 25.1 \"wrong player\"";
/// A script of `issue9_revoking_a_warning_takes_back_its_loss_and_a_resignation_can_be_revoked`.
pub const ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_2: &str =
    "setup size=9\n0:10 B E5\n0:20 W resign\n0:30 revoke 3 25.1 \"mistaken click\"\n0:40 W C3";
/// A script of `issue9_revoking_a_warning_takes_back_its_loss_and_a_resignation_can_be_revoked`.
pub const ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_3: &str =
    "setup size=9\n0:10 revoke 1";
/// A script of `issue9_revoking_a_warning_takes_back_its_loss_and_a_resignation_can_be_revoked`.
pub const ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_4: &str =
    "setup size=9\n0:10 revoke 5";
/// A script of `issue9_revoking_a_move_gives_the_turn_and_the_clock_back_to_the_mover`.
pub const ISSUE9_REVOKING_A_MOVE_GIVES_THE_TURN_AND_THE_CLOCK_BACK_TO_THE_MOVER_1: &str =
    "setup size=9 time=sudden:main=10m\n0:10 B E5\n0:20 revoke 2";
/// A script of `issue9_revoking_a_move_gives_the_turn_and_the_clock_back_to_the_mover`.
pub const ISSUE9_REVOKING_A_MOVE_GIVES_THE_TURN_AND_THE_CLOCK_BACK_TO_THE_MOVER_2: &str =
    "setup size=9\n0:10 B E5\n0:20 W C3\n0:30 revoke 2";
/// A script of `art14_22_the_sealed_move_is_played_on_resumption`.
pub const ART14_22_THE_SEALED_MOVE_IS_PLAYED_ON_RESUMPTION: &str =
    "setup size=9 time=sudden:main=10m\n0:10 B E5\n0:20 adjourn\n0:50 seal W C3";
/// A script of `art22_a_sealed_move_on_an_occupied_point_counts_as_one_pass`.
pub const ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_COUNTS_AS_ONE_PASS: &str =
    "setup size=9\n0:10 B E5\n0:20 adjourn\n0:50 seal W E5\n60:00 unseal";
/// A script of `art14_a_slip_opens_the_seal_and_resigning_leaves_it_unopened`.
pub const ART14_A_SLIP_OPENS_THE_SEAL_AND_RESIGNING_LEAVES_IT_UNOPENED: &str =
    "setup size=9\n0:10 adjourn\n0:20 seal B D4\n1:00 B resign";
/// A script of `issue9_clock_only_mode_logs_presses_and_rulings_without_moves`.
pub const ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_1: &str = "setup size=19 mode=clock-only time=chinese:limit=60m,reserve=5\n0:30 press B\n1:00 press W\n1:10 warn B 24";
/// A script of `issue9_clock_only_mode_logs_presses_and_rulings_without_moves`.
pub const ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_2: &str =
    "setup size=19 mode=clock-only time=sudden:main=10m\n0:30 B D4";
/// A script of `issue9_clock_only_mode_logs_presses_and_rulings_without_moves`.
pub const ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_3: &str =
    "setup size=19 mode=clock-only time=sudden:main=10m\n0:30 press W";
/// A script of `issue9_clock_only_mode_logs_presses_and_rulings_without_moves`.
pub const ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_4: &str = "setup size=19 mode=clock-only time=sudden:main=10m\n0:30 press B\n0:40 W confirm\n0:50 B confirm\n1:00 accept B+3.5";
/// A script of `issue9_start_moves_the_start_later`.
pub const ISSUE9_START_MOVES_THE_START_LATER_1: &str =
    "setup size=9 time=sudden:main=10m\n5:00 start\n5:30 B E5";
/// A script of `issue9_start_moves_the_start_later`.
pub const ISSUE9_START_MOVES_THE_START_LATER_2: &str = "setup size=9\n0:10 B E5\n1:00 start";
/// A script of `issue9_the_gap_after_a_restart_is_charged_or_not_as_the_arbiter_decides`.
pub const ISSUE9_THE_GAP_AFTER_A_RESTART_IS_CHARGED_OR_NOT_AS_THE_ARBITER_DECIDES_1: &str =
    "setup size=9 time=sudden:main=10m\n0:10 B E5\n5:10 gap free";
/// A script of `issue9_the_gap_after_a_restart_is_charged_or_not_as_the_arbiter_decides`.
pub const ISSUE9_THE_GAP_AFTER_A_RESTART_IS_CHARGED_OR_NOT_AS_THE_ARBITER_DECIDES_2: &str =
    "setup size=9 time=sudden:main=10m\n0:10 B E5\n5:10 gap charged";
/// A script of `issue9_time_never_goes_back_and_rulings_need_no_article_to_log_one`.
pub const ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_1: &str =
    "setup size=9\n1:00 B E5\n0:59 W C3";
/// A script of `issue9_time_never_goes_back_and_rulings_need_no_article_to_log_one`.
pub const ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_2: &str =
    "setup size=9\n0:10 late W 5m\n0:20 absence B\n0:30 refer \"x\"";
/// A script of `issue9_time_never_goes_back_and_rulings_need_no_article_to_log_one`.
pub const ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_3: &str =
    "setup size=9 time=sudden:main=10m\n0:10 late W 5m\n0:20 correct W -30s\n0:30 absence W";
/// A script of `issue9_replaying_the_log_gives_the_live_state`.
pub const ISSUE9_REPLAYING_THE_LOG_GIVES_THE_LIVE_STATE: &str = "setup size=9 time=chinese:limit=3m,reserve=1\n0:10 B E5\n0:20 W C3\n0:25 pause\n0:40 B D4\n1:00 resume\n1:10 warn B 24\n1:20 W pass\n1:30 void B C3 22\n1:40 W confirm\n1:50 B confirm\n2:00 dead C3\n2:10 dispute\n2:20 W F6";
/// A script of `issue9_refused_actions_name_their_reason`.
pub const ISSUE9_REFUSED_ACTIONS_NAME_THEIR_REASON_1: &str =
    "setup size=9\n0:10 B resign\n0:20 draw 20.3";
/// A script of `issue9_refused_actions_name_their_reason`.
pub const ISSUE9_REFUSED_ACTIONS_NAME_THEIR_REASON_2: &str = "setup size=9 mode=clock-only";
/// A script of `forbidden_a1`.
pub const FORBIDDEN_A1: &str = "setup size=9\n0:10 B E5\n0:20 W A2\n0:30 B E6\n0:40 W B1";
/// A script of `ko_script`.
pub const KO_SCRIPT: &str = "setup size=9 ko={ko} time=sudden:main=10m\n0:01 B E6\n0:02 W F6\n0:03 B D5\n0:04 W G5\n0:05 B E4\n0:06 W F4\n0:07 B F5\n0:08 W E5";
/// A script of `art19_a_void_on_a_point_where_the_move_is_legal_is_refused`.
pub const ART19_A_VOID_ON_A_POINT_WHERE_THE_MOVE_IS_LEGAL_IS_REFUSED_1: &str =
    "setup size=9\n0:10 B E5\n0:20 void W C3 19";
/// A script of `art19_a_void_on_a_point_where_the_move_is_legal_is_refused`.
pub const ART19_A_VOID_ON_A_POINT_WHERE_THE_MOVE_IS_LEGAL_IS_REFUSED_2: &str =
    "setup size=9 mode=clock-only time=sudden:main=10m\n0:10 void B E5";
/// A script of `art22_a_sealed_move_on_an_occupied_point_is_a_pass_shown_as_a_ruling`.
pub const ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_IS_A_PASS_SHOWN_AS_A_RULING_1: &str =
    "setup size=9\n0:10 B E5\n0:20 adjourn\n0:50 seal W E5\n60:00 unseal";
/// A script of `art22_a_sealed_move_on_an_occupied_point_is_a_pass_shown_as_a_ruling`.
pub const ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_IS_A_PASS_SHOWN_AS_A_RULING_2: &str =
    "setup size=9\n0:10 B E5\n0:20 adjourn\n0:50 seal W C3\n60:00 unseal";
/// A script of `art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran`.
pub const ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_1: &str = "setup size=19 time=sudden:main=10m\n12:00 late B 12m";
/// A script of `art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran`.
pub const ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_2: &str = "setup size=19 time=sudden:main=10m\n0:00 pause\n12:00 late B 12m";
/// A script of `art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran`.
pub const ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_3: &str = "setup size=19 time=sudden:main=10m\n0:30 B Q16\n0:31 pause\n12:00 late W 12m";
/// A script of `art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran`.
pub const ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_4: &str = "setup size=19 time=chinese:limit=10m,reserve=3\n0:00 pause\n9:00 late B 9m";
/// A script of `art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran`.
pub const ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_5: &str = "setup size=19 time=chinese:limit=10m,reserve=3\n0:00 pause\n10:00 late B 10m";
/// A script of `art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran`.
pub const ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_6: &str = "setup size=19 time=sudden:main=10m\n16:00 late B 16m";
/// A script of `art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran`.
pub const ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_7: &str = "setup size=19 time=sudden:main=10m\n0:00 pause\n16:00 late B 16m";
/// A script of `art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran`.
pub const ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_8: &str = "setup size=19 time=sudden:main=10m\n0:00 pause\n12:00 late B 12m\n20:00 late W 16m";
/// A script of `art23_3_23_5_a_lateness_that_uses_up_the_whole_time_loses_on_time_whether_or_not_the_clock_ran`.
pub const ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_9: &str = "setup size=19 time=sudden:main=1m\n0:10 B Q16\n0:20 W D4\n5:00 late W 30s";
/// A script of `art23_6_the_approved_absence_is_asked_during_the_opponents_thinking_time`.
pub const ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_1: &str =
    "setup size=9 time=chinese:limit=1m,reserve=1\n0:05 absence B";
/// A script of `art23_6_the_approved_absence_is_asked_during_the_opponents_thinking_time`.
pub const ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_2: &str =
    "setup size=9 time=chinese:limit=1m,reserve=1\n0:05 absence W";
/// A script of `art23_6_the_approved_absence_is_asked_during_the_opponents_thinking_time`.
pub const ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_3: &str =
    "setup size=9 time=chinese:limit=1m,reserve=1\n0:05 pause\n0:06 absence B";
/// A script of `issue17_the_time_away_charged_runs_the_clock_of_the_side_to_move_as_it_would_have_run`.
pub const ISSUE17_THE_TIME_AWAY_CHARGED_RUNS_THE_CLOCK_OF_THE_SIDE_TO_MOVE_AS_IT_WOULD_HAVE_RUN:
    &str = "setup size=9 time=chinese:limit=3m,reserve=2\n0:10 B E5";
/// A script of `triple_ko`.
pub const TRIPLE_KO: &str = "setup size=19 ko={ko}\n0:30 edit +B C16 +B D17 +B D15 +W F16 +W E17 +W E15 +W D16 +B C10 +B D11 +B D9 +W F10 +W E11 +W E9 +B E10 +B C4 +B D5 +B D3 +W F4 +W E5 +W E3 +W D4";
/// A script of `issue18_both_players_confirm_the_result_and_a_new_result_asks_again`.
pub const ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_1: &str =
    "setup size=9 sign=players\n0:05 B E5\n0:09 W C3\n0:20 B resign\n";
/// A script of `issue18_both_players_confirm_the_result_and_a_new_result_asks_again`.
pub const ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_2: &str =
    "setup size=9 sign=players\n0:05 B E5\n0:06 sign B\n";
/// A script of `issue18_both_players_confirm_the_result_and_a_new_result_asks_again`.
pub const ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_3: &str =
    "setup size=9\n0:05 B resign\n";
/// A script of `issue18_both_players_confirm_the_result_and_a_new_result_asks_again`.
pub const ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_4: &str =
    "setup size=9 sign=players";

/// Every script of the table, by name.
#[allow(dead_code)] // the articles' tests name the scripts one by one
pub const ALL: &[(&str, &str)] = &[
    ("ART7_RESIGNATION_ENDS_THE_GAME", ART7_RESIGNATION_ENDS_THE_GAME),
    ("ART13_2_THE_SIDE_TO_MOVE_CONFIRMS_THEN_THE_OTHER_AND_PLAY_ENDS_1", ART13_2_THE_SIDE_TO_MOVE_CONFIRMS_THEN_THE_OTHER_AND_PLAY_ENDS_1),
    ("ART13_2_THE_SIDE_TO_MOVE_CONFIRMS_THEN_THE_OTHER_AND_PLAY_ENDS_2", ART13_2_THE_SIDE_TO_MOVE_CONFIRMS_THEN_THE_OTHER_AND_PLAY_ENDS_2),
    ("ART13_2_AFTER_AN_ORDINARY_PASS_THE_OPPONENTS_CONFIRMATION_IS_ONLY_STEP_ONE_1", ART13_2_AFTER_AN_ORDINARY_PASS_THE_OPPONENTS_CONFIRMATION_IS_ONLY_STEP_ONE_1),
    ("ART13_2_AFTER_AN_ORDINARY_PASS_THE_OPPONENTS_CONFIRMATION_IS_ONLY_STEP_ONE_2", ART13_2_AFTER_AN_ORDINARY_PASS_THE_OPPONENTS_CONFIRMATION_IS_ONLY_STEP_ONE_2),
    ("ART21_1_A_MOVE_RETRACTS_A_CONFIRMATION_1", ART21_1_A_MOVE_RETRACTS_A_CONFIRMATION_1),
    ("ART21_1_A_MOVE_RETRACTS_A_CONFIRMATION_2", ART21_1_A_MOVE_RETRACTS_A_CONFIRMATION_2),
    ("ISSUE9_TWO_PLAIN_PASSES_DO_NOT_END_AN_ARBITER_SESSION_1", ISSUE9_TWO_PLAIN_PASSES_DO_NOT_END_AN_ARBITER_SESSION_1),
    ("ISSUE9_TWO_PLAIN_PASSES_DO_NOT_END_AN_ARBITER_SESSION_2", ISSUE9_TWO_PLAIN_PASSES_DO_NOT_END_AN_ARBITER_SESSION_2),
    ("ART21_3_AFTER_A_DISPUTE_THE_FIRST_CONFIRMER_MOVES_AND_BOTH_CONFIRM_AGAIN", ART21_3_AFTER_A_DISPUTE_THE_FIRST_CONFIRMER_MOVES_AND_BOTH_CONFIRM_AGAIN),
    ("ISSUE9_THE_CLOCK_STOPS_WHEN_PLAY_ENDS_AND_NO_TIME_OUT_FOLLOWS_DURING_COUNTING", ISSUE9_THE_CLOCK_STOPS_WHEN_PLAY_ENDS_AND_NO_TIME_OUT_FOLLOWS_DURING_COUNTING),
    ("ISSUE9_A_MOVE_WHILE_PAUSED_PASSES_THE_CLOCK_TO_THE_OPPONENT", ISSUE9_A_MOVE_WHILE_PAUSED_PASSES_THE_CLOCK_TO_THE_OPPONENT),
    ("ART17_1_TWO_MOVES_IN_A_ROW_LOSE_BY_RULING_1", ART17_1_TWO_MOVES_IN_A_ROW_LOSE_BY_RULING_1),
    ("ART17_1_TWO_MOVES_IN_A_ROW_LOSE_BY_RULING_2", ART17_1_TWO_MOVES_IN_A_ROW_LOSE_BY_RULING_2),
    ("ART17_2_A_STONE_LIFTED_AND_REPLAYED_IS_WARNED", ART17_2_A_STONE_LIFTED_AND_REPLAYED_IS_WARNED),
    ("ART17_3_MOVED_STONES_ACCEPTED_AS_THEY_ARE", ART17_3_MOVED_STONES_ACCEPTED_AS_THEY_ARE),
    ("ART17_3_AN_EDIT_KEEPS_THE_REPETITION_HISTORY", ART17_3_AN_EDIT_KEEPS_THE_REPETITION_HISTORY),
    ("ART18_LIVE_STONES_REMOVED_PUT_BACK_WITH_A_WARNING", ART18_LIVE_STONES_REMOVED_PUT_BACK_WITH_A_WARNING),
    ("ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_1", ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_1),
    ("ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_2", ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_2),
    ("ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_3", ART19_20_1_22_A_VOID_MOVE_COUNTS_AS_ONE_PASS_3),
    ("ART23_1_BEYOND_THE_LATE_LIMIT_FORFEITS_1", ART23_1_BEYOND_THE_LATE_LIMIT_FORFEITS_1),
    ("ART23_1_BEYOND_THE_LATE_LIMIT_FORFEITS_2", ART23_1_BEYOND_THE_LATE_LIMIT_FORFEITS_2),
    ("ART23_2_BOTH_LATE_BEYOND_THE_LIMIT_BOTH_LOSE_1", ART23_2_BOTH_LATE_BEYOND_THE_LIMIT_BOTH_LOSE_1),
    ("ART23_2_BOTH_LATE_BEYOND_THE_LIMIT_BOTH_LOSE_2", ART23_2_BOTH_LATE_BEYOND_THE_LIMIT_BOTH_LOSE_2),
    ("ART23_3_LATENESS_WITHIN_THE_LIMIT_IS_CHARGED_EXACTLY_ONCE_1", ART23_3_LATENESS_WITHIN_THE_LIMIT_IS_CHARGED_EXACTLY_ONCE_1),
    ("ART23_3_LATENESS_WITHIN_THE_LIMIT_IS_CHARGED_EXACTLY_ONCE_2", ART23_3_LATENESS_WITHIN_THE_LIMIT_IS_CHARGED_EXACTLY_ONCE_2),
    ("ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_1", ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_1),
    ("ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_2", ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_2),
    ("ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_3", ART23_4_REMOVING_CAPTURES_IN_BYO_YOMI_IS_NOT_CHARGED_3),
    ("ART23_5_RUNNING_OUT_OF_TIME_LOSES_AT_THE_INSTANT_IT_HAPPENS_1", ART23_5_RUNNING_OUT_OF_TIME_LOSES_AT_THE_INSTANT_IT_HAPPENS_1),
    ("ART23_5_RUNNING_OUT_OF_TIME_LOSES_AT_THE_INSTANT_IT_HAPPENS_2", ART23_5_RUNNING_OUT_OF_TIME_LOSES_AT_THE_INSTANT_IT_HAPPENS_2),
    ("ART23_6_ONE_APPROVED_ABSENCE_PER_PLAYER_1", ART23_6_ONE_APPROVED_ABSENCE_PER_PLAYER_1),
    ("ART23_6_ONE_APPROVED_ABSENCE_PER_PLAYER_2", ART23_6_ONE_APPROVED_ABSENCE_PER_PLAYER_2),
    ("ART24_CONDUCT_ADMONITIONS_DO_NOT_COUNT_WARNINGS_DO", ART24_CONDUCT_ADMONITIONS_DO_NOT_COUNT_WARNINGS_DO),
    ("ART25_2_THE_SECOND_WARNING_LOSES_AUTOMATICALLY_AND_IS_SPOKEN", ART25_2_THE_SECOND_WARNING_LOSES_AUTOMATICALLY_AND_IS_SPOKEN),
    ("ART25_1_OTHER_RULINGS_AND_REFERRALS_ARE_LOGGED", ART25_1_OTHER_RULINGS_AND_REFERRALS_ARE_LOGGED),
    ("ART16_3_A_COUNT_CORRECTED_AFTER_IT_WAS_ACCEPTED", ART16_3_A_COUNT_CORRECTED_AFTER_IT_WAS_ACCEPTED),
    ("ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_1", ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_1),
    ("ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_2", ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_2),
    ("ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_3", ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_3),
    ("ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_4", ISSUE9_REVOKING_A_WARNING_TAKES_BACK_ITS_LOSS_AND_A_RESIGNATION_CAN_BE_REVOKED_4),
    ("ISSUE9_REVOKING_A_MOVE_GIVES_THE_TURN_AND_THE_CLOCK_BACK_TO_THE_MOVER_1", ISSUE9_REVOKING_A_MOVE_GIVES_THE_TURN_AND_THE_CLOCK_BACK_TO_THE_MOVER_1),
    ("ISSUE9_REVOKING_A_MOVE_GIVES_THE_TURN_AND_THE_CLOCK_BACK_TO_THE_MOVER_2", ISSUE9_REVOKING_A_MOVE_GIVES_THE_TURN_AND_THE_CLOCK_BACK_TO_THE_MOVER_2),
    ("ART14_22_THE_SEALED_MOVE_IS_PLAYED_ON_RESUMPTION", ART14_22_THE_SEALED_MOVE_IS_PLAYED_ON_RESUMPTION),
    ("ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_COUNTS_AS_ONE_PASS", ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_COUNTS_AS_ONE_PASS),
    ("ART14_A_SLIP_OPENS_THE_SEAL_AND_RESIGNING_LEAVES_IT_UNOPENED", ART14_A_SLIP_OPENS_THE_SEAL_AND_RESIGNING_LEAVES_IT_UNOPENED),
    ("ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_1", ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_1),
    ("ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_2", ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_2),
    ("ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_3", ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_3),
    ("ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_4", ISSUE9_CLOCK_ONLY_MODE_LOGS_PRESSES_AND_RULINGS_WITHOUT_MOVES_4),
    ("ISSUE9_START_MOVES_THE_START_LATER_1", ISSUE9_START_MOVES_THE_START_LATER_1),
    ("ISSUE9_START_MOVES_THE_START_LATER_2", ISSUE9_START_MOVES_THE_START_LATER_2),
    ("ISSUE9_THE_GAP_AFTER_A_RESTART_IS_CHARGED_OR_NOT_AS_THE_ARBITER_DECIDES_1", ISSUE9_THE_GAP_AFTER_A_RESTART_IS_CHARGED_OR_NOT_AS_THE_ARBITER_DECIDES_1),
    ("ISSUE9_THE_GAP_AFTER_A_RESTART_IS_CHARGED_OR_NOT_AS_THE_ARBITER_DECIDES_2", ISSUE9_THE_GAP_AFTER_A_RESTART_IS_CHARGED_OR_NOT_AS_THE_ARBITER_DECIDES_2),
    ("ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_1", ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_1),
    ("ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_2", ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_2),
    ("ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_3", ISSUE9_TIME_NEVER_GOES_BACK_AND_RULINGS_NEED_NO_ARTICLE_TO_LOG_ONE_3),
    ("ISSUE9_REPLAYING_THE_LOG_GIVES_THE_LIVE_STATE", ISSUE9_REPLAYING_THE_LOG_GIVES_THE_LIVE_STATE),
    ("ISSUE9_REFUSED_ACTIONS_NAME_THEIR_REASON_1", ISSUE9_REFUSED_ACTIONS_NAME_THEIR_REASON_1),
    ("ISSUE9_REFUSED_ACTIONS_NAME_THEIR_REASON_2", ISSUE9_REFUSED_ACTIONS_NAME_THEIR_REASON_2),
    ("FORBIDDEN_A1", FORBIDDEN_A1),
    ("KO_SCRIPT", KO_SCRIPT),
    ("ART19_A_VOID_ON_A_POINT_WHERE_THE_MOVE_IS_LEGAL_IS_REFUSED_1", ART19_A_VOID_ON_A_POINT_WHERE_THE_MOVE_IS_LEGAL_IS_REFUSED_1),
    ("ART19_A_VOID_ON_A_POINT_WHERE_THE_MOVE_IS_LEGAL_IS_REFUSED_2", ART19_A_VOID_ON_A_POINT_WHERE_THE_MOVE_IS_LEGAL_IS_REFUSED_2),
    ("ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_IS_A_PASS_SHOWN_AS_A_RULING_1", ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_IS_A_PASS_SHOWN_AS_A_RULING_1),
    ("ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_IS_A_PASS_SHOWN_AS_A_RULING_2", ART22_A_SEALED_MOVE_ON_AN_OCCUPIED_POINT_IS_A_PASS_SHOWN_AS_A_RULING_2),
    ("ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_1", ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_1),
    ("ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_2", ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_2),
    ("ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_3", ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_3),
    ("ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_4", ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_4),
    ("ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_5", ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_5),
    ("ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_6", ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_6),
    ("ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_7", ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_7),
    ("ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_8", ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_8),
    ("ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_9", ART23_3_23_5_A_LATENESS_THAT_USES_UP_THE_WHOLE_TIME_LOSES_ON_TIME_WHETHER_OR_NOT_THE_CLOCK_RAN_9),
    ("ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_1", ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_1),
    ("ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_2", ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_2),
    ("ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_3", ART23_6_THE_APPROVED_ABSENCE_IS_ASKED_DURING_THE_OPPONENTS_THINKING_TIME_3),
    ("ISSUE17_THE_TIME_AWAY_CHARGED_RUNS_THE_CLOCK_OF_THE_SIDE_TO_MOVE_AS_IT_WOULD_HAVE_RUN", ISSUE17_THE_TIME_AWAY_CHARGED_RUNS_THE_CLOCK_OF_THE_SIDE_TO_MOVE_AS_IT_WOULD_HAVE_RUN),
    ("TRIPLE_KO", TRIPLE_KO),
    ("ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_1", ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_1),
    ("ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_2", ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_2),
    ("ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_3", ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_3),
    ("ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_4", ISSUE18_BOTH_PLAYERS_CONFIRM_THE_RESULT_AND_A_NEW_RESULT_ASKS_AGAIN_4),
];
