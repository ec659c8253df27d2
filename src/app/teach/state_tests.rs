//! Teaching mode's state without a window: a child's games from the first click to the
//! celebration, take-back, the overlays, the ladder and the teacher's lock.

use super::prefs::{GameKind, OpponentKind, TeachPrefs};
use super::state::{GameEnd, PinPurpose, TeachCommand, TeachEffects, TeachNote, TeachState};
use crate::app::effects::Runner;
use crate::app::host::{Command, Effect};
use crate::app::protocol::{Answer, WindowId};
use crate::audio::{NullAnnouncer, Sound};
use crate::clock::Timestamp;
use crate::rules::{Color, Coord};
use crate::seal::KdfParams;
use crate::teach::explain::IllegalKind;
use std::time::Duration;

fn c(v: &str) -> Coord {
    Coord::from_gtp(v, 9).unwrap_or_else(|| panic!("bad vertex {v}"))
}

/// Teaching mode's state with the window's effects runner doing its work (the computer's
/// thread, the teacher's PIN), as the host drives them.
struct Driven {
    s: TeachState,
    runner: Runner,
}

impl std::ops::Deref for Driven {
    type Target = TeachState;
    fn deref(&self) -> &TeachState {
        &self.s
    }
}

impl Driven {
    fn run(&mut self, fx: &mut TeachEffects) {
        let work = std::mem::take(&mut fx.work);
        self.runner.run(
            work.into_iter()
                .map(|w| Effect::Work(WindowId::Teach, w))
                .collect(),
        );
    }

    /// Applies a command and returns at once (the runner's threads work on).
    fn apply_now(&mut self, cmd: TeachCommand, now: Timestamp) -> TeachEffects {
        let mut fx = self.s.apply(cmd, now);
        self.run(&mut fx);
        fx
    }

    /// Applies a command and waits for every answer it started, merging their effects.
    fn apply(&mut self, cmd: TeachCommand, now: Timestamp) -> TeachEffects {
        let mut fx = self.apply_now(cmd, now);
        let later = self.settle(now);
        fx.sounds.extend(later.sounds);
        fx.prefs_changed |= later.prefs_changed;
        fx.leave |= later.leave;
        fx
    }

    /// Hands the runner's answers to the state until none is owed.
    fn settle(&mut self, now: Timestamp) -> TeachEffects {
        let mut all = TeachEffects::default();
        for _ in 0..30_000 {
            let got = self.runner.poll();
            if got.is_empty() {
                if !self.runner.busy() {
                    return all;
                }
                std::thread::sleep(Duration::from_millis(2));
                continue;
            }
            for c in got {
                if let Command::Answer(_, Answer::Work(done)) = c {
                    let mut fx = self.s.on_work(done, now);
                    self.run(&mut fx);
                    all.sounds.extend(fx.sounds);
                    all.prefs_changed |= fx.prefs_changed;
                    all.leave |= fx.leave;
                }
            }
        }
        panic!("the runner never settled");
    }
}

fn state(prefs: TeachPrefs) -> Driven {
    let mut s = TeachState::new(prefs, KdfParams::TEST_ONLY).expect("a game starts");
    let mut runner = Runner::new(crate::wake::none(), Box::new(NullAnnouncer::new()), false);
    let work = s.take_work();
    runner.run(
        work.into_iter()
            .map(|w| Effect::Work(WindowId::Teach, w))
            .collect(),
    );
    Driven { s, runner }
}

fn people(kind: GameKind, target: u32) -> TeachPrefs {
    TeachPrefs {
        kind,
        target,
        opponent: OpponentKind::Person,
        ..TeachPrefs::default()
    }
}

/// Waits until the computer has answered (our player answers in milliseconds).
fn wait_for_computer(s: &mut Driven, now: Timestamp) -> Vec<Sound> {
    let sounds = s.settle(now).sounds;
    assert!(
        (s.child_to_move() || s.end.is_some()) && !s.computer_thinking(),
        "the computer did not answer: {:?}",
        s.note
    );
    sounds
}

/// Plays the child's first legal point, row by row, until the game ends; returns the sounds.
fn play_out(s: &mut Driven) -> Vec<Sound> {
    let mut sounds = Vec::new();
    for n in 0..400u64 {
        let now = Timestamp(1_000 + n * 100);
        sounds.extend(wait_for_computer(s, now));
        if s.end.is_some() {
            return sounds;
        }
        let color = s.game().to_move();
        let legal = crate::teach::capture::legal_points(s.game(), color);
        let cmd = match legal.first() {
            Some(&p) => TeachCommand::Click(p),
            None => TeachCommand::Pass,
        };
        sounds.extend(s.apply(cmd, now).sounds);
    }
    panic!("the game did not end");
}

#[test]
fn a_capture_game_to_one_against_level_1_ends_with_a_winner() {
    let mut s = state(TeachPrefs::default());
    assert_eq!(s.computer_color(), Some(Color::White));
    let sounds = play_out(&mut s);
    let end = s.end.clone().expect("over");
    let winner = end.winner().expect("someone captured");
    assert!(matches!(end, GameEnd::Capture(_)));
    assert!(sounds.contains(&Sound::Stone) && sounds.contains(&Sound::Capture));
    assert_eq!(s.celebration.is_some(), winner == Color::Black);
    assert_eq!(sounds.contains(&Sound::Celebration), winner == Color::Black);
    assert_eq!(s.game().captures(winner), 1.max(s.game().captures(winner)));
}

#[test]
fn the_child_who_captures_first_is_celebrated_for_four_seconds() {
    let mut s = state(people(GameKind::Capture, 1));
    let now = Timestamp(5_000);
    // Black surrounds the white stone on A1: A1 W, then B1 and A2 by Black.
    for v in ["B1", "A1", "A2"] {
        if v == "A1" {
            // A1 is a self-atari: the first tap warns (issue 20 item 6), the second plays.
            let fx = s.apply(TeachCommand::Click(c(v)), now);
            assert!(fx.sounds.is_empty(), "{v} warned: {fx:?}");
            assert_eq!(s.warned, Some(c(v)));
        }
        let fx = s.apply(TeachCommand::Click(c(v)), now);
        assert!(fx.sounds.starts_with(&[Sound::Stone]), "{v}: {fx:?}");
        if v == "A2" {
            assert_eq!(
                fx.sounds,
                vec![Sound::Stone, Sound::Capture, Sound::Celebration]
            );
        }
    }
    assert_eq!(s.end.as_ref().and_then(GameEnd::winner), Some(Color::Black));
    assert!(s.celebrating(Timestamp(8_999)) && !s.celebrating(Timestamp(9_000)));
    // After the end a click only says the game is over.
    let _ = s.apply(TeachCommand::Click(c("E5")), now);
    assert_eq!(s.note, Some(TeachNote::GameOver));
}

#[test]
fn an_illegal_move_is_explained_with_its_stones() {
    let mut s = state(people(GameKind::Capture, 5));
    let now = Timestamp(0);
    for v in ["A2", "E5", "B1"] {
        let _ = s.apply(TeachCommand::Click(c(v)), now);
    }
    let _ = s.apply(TeachCommand::Click(c("A1")), now);
    let why = s
        .explanation
        .clone()
        .expect("A1 is a forbidden point for White");
    assert_eq!(why.kind, IllegalKind::Suicide);
    assert!(why.stones.contains(&c("A1")));
    assert_eq!(s.game().to_move(), Color::White, "nothing was played");
    let _ = s.apply(TeachCommand::Click(c("A2")), now);
    assert_eq!(
        s.explanation.as_ref().map(|e| e.kind),
        Some(IllegalKind::Occupied)
    );
    // A legal move clears the explanation.
    let _ = s.apply(TeachCommand::Click(c("G7")), now);
    assert!(s.explanation.is_none());
}

#[test]
fn take_back_against_the_computer_returns_to_the_childs_turn() {
    let mut s = state(TeachPrefs::default());
    let now = Timestamp(0);
    let _ = s.apply(TeachCommand::Click(c("E5")), now);
    let _ = wait_for_computer(&mut s, now);
    assert_eq!(s.game().moves().len(), 2);
    assert!(s.can_take_back());
    let _ = s.apply(TeachCommand::TakeBack, now);
    assert_eq!(s.game().moves().len(), 0);
    assert!(s.child_to_move());
    assert!(!s.can_take_back());
}

#[test]
fn the_overlays_follow_the_teachers_toggles() {
    let mut s = state(people(GameKind::Capture, 3));
    let now = Timestamp(0);
    for v in ["E5", "E6", "D6"] {
        let _ = s.apply(TeachCommand::Click(c(v)), now);
    }
    // White E6 has two liberties left (E7, F6): two chains of Black, one of White.
    assert_eq!(s.liberty_overlay().len(), 3);
    let _ = s.apply(TeachCommand::Click(c("A1")), now);
    let _ = s.apply(TeachCommand::Click(c("F6")), now);
    assert_eq!(s.atari_overlay().len(), 1, "E6 in atari");
    let _ = s.apply(TeachCommand::Hover(Some(c("E7"))), now);
    let captures = match s.preview() {
        Some(crate::teach::overlay::HoverPreview::Legal(p)) => p.captures.clone(),
        other => panic!("{other:?}"),
    };
    assert!(captures.is_empty(), "White to move: E7 extends");
    // The teacher switches every overlay off.
    let _ = s.apply(TeachCommand::OpenOptions, now);
    let off = TeachPrefs {
        show_liberties: false,
        show_atari: false,
        show_preview: false,
        show_last_capture: false,
        ..s.prefs.clone()
    };
    let fx = s.apply(TeachCommand::UpdatePrefs(Box::new(off)), now);
    assert!(fx.prefs_changed);
    assert!(s.liberty_overlay().is_empty() && s.atari_overlay().is_empty());
    assert!(s.preview().is_none() && s.last_capture_overlay().is_none());
}

#[test]
fn the_ladder_takes_a_stone_after_the_childs_win_and_closes_take_back() {
    let prefs = TeachPrefs {
        opponent: OpponentKind::Ladder,
        ..TeachPrefs::default()
    };
    let mut s = state(prefs);
    assert!(s.on_ladder());
    let before = s.prefs.capture_ladder;
    let _ = play_out(&mut s);
    let winner = s.end.as_ref().and_then(GameEnd::winner);
    let after = s.prefs.capture_ladder;
    match winner {
        Some(Color::Black) => assert_eq!(after.handicap, before.handicap - 1),
        Some(Color::White) => assert_eq!(after.handicap, before.handicap + 1),
        None => assert_eq!(after, before),
    }
    let _ = s.apply(TeachCommand::TakeBack, Timestamp(0));
    assert_eq!(s.note, Some(TeachNote::LadderRecorded));
    assert!(s.end.is_some());
}

#[test]
fn the_teachers_pin_guards_the_options_and_leaving() {
    let mut s = state(TeachPrefs::default());
    let now = Timestamp(0);
    // No PIN yet: the options open, and the teacher sets one.
    let _ = s.apply(TeachCommand::OpenOptions, now);
    assert!(s.options_open);
    let fx = s.apply(TeachCommand::SetTeacherPin("12".into()), now);
    assert!(!fx.prefs_changed && matches!(s.note, Some(TeachNote::PinRefused(_))));
    let fx = s.apply(TeachCommand::SetTeacherPin("panda-2026".into()), now);
    assert!(fx.prefs_changed && s.prefs.teacher_pin.is_some());
    let _ = s.apply(TeachCommand::CloseOptions, now);
    // A child cannot open them, change them or leave.
    let _ = s.apply(TeachCommand::OpenOptions, now);
    assert_eq!(s.pin.waiting(), Some(&PinPurpose::Options));
    let _ = s.apply(TeachCommand::SubmitPin("panda".into()), now);
    assert!(!s.options_open && s.note == Some(TeachNote::WrongPin));
    let fx = s.apply(
        TeachCommand::UpdatePrefs(Box::new(TeachPrefs {
            show_liberties: false,
            ..s.prefs.clone()
        })),
        now,
    );
    assert!(!fx.prefs_changed && s.prefs.show_liberties);
    let _ = s.apply(TeachCommand::CancelPin, now);
    assert!(!s.apply(TeachCommand::Leave, now).leave);
    assert_eq!(s.pin.waiting(), Some(&PinPurpose::Leave));
    assert!(
        s.apply(TeachCommand::SubmitPin("panda-2026".into()), now)
            .leave
    );
    // The teacher opens them with the PIN.
    let _ = s.apply(TeachCommand::OpenOptions, now);
    let _ = s.apply(TeachCommand::SubmitPin("panda-2026".into()), now);
    assert!(s.options_open && !s.pin.is_open());
}

#[test]
fn go_between_children_ends_with_two_passes_and_a_count() {
    let mut s = state(TeachPrefs {
        kind: GameKind::Go,
        ..people(GameKind::Go, 1)
    });
    let now = Timestamp(0);
    let _ = s.apply(TeachCommand::Click(c("E5")), now);
    let _ = s.apply(TeachCommand::Pass, now);
    assert!(s.end.is_none());
    let _ = s.apply(TeachCommand::Pass, now);
    match &s.end {
        Some(GameEnd::Counted(r)) => assert_eq!(r.winner, Some(Color::Black)),
        other => panic!("{other:?}"),
    }
}

/// Issue 27 item 7, the children's version: the game ends, and is counted, when no dame is
/// left (a closed wall down the board), without two passes.
#[test]
fn go_between_children_ends_when_no_dame_is_left() {
    let mut s = state(TeachPrefs {
        kind: GameKind::Go,
        size: 9,
        ..people(GameKind::Go, 1)
    });
    let now = Timestamp(0);
    for row in 1..=9 {
        let _ = s.apply(TeachCommand::Click(c(&format!("D{row}"))), now);
        let _ = s.apply(TeachCommand::Click(c(&format!("E{row}"))), now);
        if row < 9 {
            assert!(s.end.is_none(), "a dame is still open at row {row}");
        }
    }
    match &s.end {
        Some(GameEnd::Counted(r)) => assert_eq!(r.winner, Some(Color::White)),
        other => panic!("no dame left, the game goes on: {other:?}"),
    }
}

#[test]
fn a_missing_engine_is_a_clear_note_not_a_hang() {
    let mut s = state(TeachPrefs {
        kind: GameKind::Go,
        opponent: OpponentKind::Engine,
        engine: "/nonexistent/go-engine --gtp".into(),
        ..TeachPrefs::default()
    });
    let now = Timestamp(0);
    let _ = s.apply(TeachCommand::Click(c("E5")), now);
    match &s.note {
        Some(TeachNote::ComputerFailed(e)) => {
            assert!(
                e.text(crate::i18n::Lang::En).contains("nonexistent"),
                "{e:?}"
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_engine_is_not_offered_for_the_capture_game() {
    let s = state(TeachPrefs {
        opponent: OpponentKind::Engine,
        ..TeachPrefs::default()
    });
    assert_eq!(s.note, Some(TeachNote::EngineGoOnly));
    assert_eq!(s.computer_color(), Some(Color::White));
}

#[test]
fn handicap_and_board_sizes_start_as_asked() {
    for (size, kind, handicap, stones, to_move) in [
        (9, GameKind::Capture, 0, 0, Color::Black),
        (13, GameKind::Go, 4, 4, Color::White),
        (19, GameKind::Go, 9, 9, Color::White),
        (9, GameKind::Capture, 2, 2, Color::White),
    ] {
        let s = state(TeachPrefs {
            size,
            kind,
            handicap,
            ..people(kind, 1)
        });
        assert_eq!(s.game().size(), size);
        assert_eq!(s.game().board().stones().len(), stones, "{size} {kind:?}");
        assert_eq!(s.game().to_move(), to_move);
    }
}

#[test]
fn gnu_go_answers_on_its_worker_thread_and_take_back_drops_nothing_it_needs() {
    if !(cfg!(unix) && std::path::Path::new(crate::engine::spec::GNUGO_DEBIAN).exists()) {
        eprintln!("skipped: GNU Go is not installed");
        return;
    }
    let mut s = state(TeachPrefs {
        kind: GameKind::Go,
        opponent: OpponentKind::Engine,
        engine: "gnugo".into(),
        engine_level: 1,
        ..TeachPrefs::default()
    });
    let now = Timestamp(0);
    let _ = s.apply_now(TeachCommand::Click(c("E5")), now);
    // The click returned at once; GNU Go thinks on the runner's thread.
    assert!(s.computer_thinking() && s.game().moves().len() == 1);
    let _ = s.settle(now);
    assert_eq!(s.game().moves().len(), 2, "GNU Go answered: {:?}", s.note);
    assert_eq!(s.game().moves()[1].0, Color::White);
    let _ = s.apply(TeachCommand::TakeBack, now);
    assert!(s.game().moves().is_empty() && s.child_to_move());
    let _ = s.apply(TeachCommand::Click(c("C3")), now);
    assert_eq!(
        s.game().moves().len(),
        2,
        "GNU Go answered again: {:?}",
        s.note
    );
}

/// Issue 17 item 2: the computer's answer about a position taken back is skipped, and the
/// computer is asked again about the position on the board.
#[test]
fn a_late_answer_after_a_take_back_is_skipped() {
    let mut s = state(TeachPrefs::default());
    let now = Timestamp(0);
    let fx = s.s.apply(TeachCommand::Click(c("E5")), now);
    assert!(
        fx.work
            .iter()
            .any(|w| matches!(w, crate::app::protocol::Work::AskComputer { .. })),
        "the question goes to the runner: {fx:?}"
    );
    // Taken back before the answer is heard (the job is never run: the answer is forged as
    // the runner would send it, late).
    let _ = s.s.apply(TeachCommand::TakeBack, now);
    assert!(s.game().moves().is_empty() && !s.computer_thinking());
    let late = crate::app::protocol::WorkDone::ComputerMove {
        game: 1,
        question: 1,
        answer: super::computer::ComputerAnswer::Move(crate::rules::Move::Play(c("D4"))),
    };
    let fx = s.s.on_work(late, now);
    assert!(fx.sounds.is_empty());
    assert!(s.game().moves().is_empty(), "the late move is not played");
}

/// Issue 17 item 2: the teacher's PIN is checked on the runner (Argon2id), not by the command.
#[test]
fn the_teachers_pin_is_checked_by_the_runner() {
    let mut s = state(TeachPrefs::default());
    let now = Timestamp(0);
    let _ = s.apply(TeachCommand::OpenOptions, now);
    let fx =
        s.s.apply(TeachCommand::SetTeacherPin("panda-2026".into()), now);
    assert!(!fx.prefs_changed && s.prefs.teacher_pin.is_none() && s.pin_busy());
    assert!(matches!(
        fx.work.as_slice(),
        [crate::app::protocol::Work::MakeTeacherPin { .. }]
    ));
    let mut fx = fx;
    s.run(&mut fx);
    assert!(s.settle(now).prefs_changed && s.prefs.teacher_pin.is_some());
    let _ = s.apply(TeachCommand::CloseOptions, now);
    let _ = s.apply(TeachCommand::Leave, now);
    let fx = s.s.apply(TeachCommand::SubmitPin("panda-2026".into()), now);
    assert!(!fx.leave && s.pin_busy(), "not decided before the check");
    assert!(
        format!("{:?}", fx.work).contains("Secret(…)"),
        "never printed"
    );
    let mut fx = fx;
    s.run(&mut fx);
    assert!(s.settle(now).leave);
}

/// Issue 20 item 2: a counted game's count is explained step by step, and the lesson's count
/// is the one that decided the game (the rules core's, with the estimator's dead stones).
#[test]
fn issue20_a_counted_game_is_explained_step_by_step_and_a_take_back_ends_the_lesson() {
    use crate::teach::counting::CountStep;
    let mut s = state(people(GameKind::Go, 1));
    let now = Timestamp(0);
    // Black's wall on E, White's on F; a white stone captured at B8, a black one at H3; a
    // white stone left dead at C3, a black one at G7. The walls' top ends come last: a
    // children's game with no dame left ends there (issue 27 item 7).
    let mut moves: Vec<(u8, u8)> = (0..8).flat_map(|y| [(4, y), (5, y)]).collect();
    moves.extend([
        (1, 0),
        (1, 1),
        (0, 1),
        (7, 1),
        (2, 1),
        (7, 3),
        (1, 2),
        (2, 6),
        (7, 6),
        (6, 6),
        (2, 4),
        (8, 6),
        (0, 4),
        (7, 5),
        (3, 2),
        (7, 7),
        (6, 2),
        (5, 8),
        (4, 8),
    ]);
    for (x, y) in moves {
        let _ = s.apply(TeachCommand::Click(Coord::new(x, y)), now);
    }
    assert_eq!(s.game().moves().len(), 35, "every move played");
    assert!(s.counting().is_none());
    let _ = s.apply(TeachCommand::Pass, now);
    // The second pass asks the estimator on the runner: meanwhile the board waits.
    let _ = s.apply_now(TeachCommand::Pass, now);
    assert!(s.counting_pending() && s.end.is_none() && !s.child_to_move());
    let _ = s.apply_now(TeachCommand::Click(Coord::new(0, 8)), now);
    assert_eq!(s.game().moves().len(), 37, "no move while counting");
    let _ = s.settle(now);
    assert!(!s.counting_pending());
    let (lesson, step) = s.counting().expect("the lesson starts");
    assert_eq!(step, CountStep::Captured);
    let suggestion = crate::analysis::suggest(
        s.game().board(),
        s.game().rules(),
        0,
        &crate::analysis::Settings::default(),
    );
    assert_eq!(lesson.count, suggestion.count);
    assert_eq!(s.end, Some(GameEnd::Counted(suggestion.result)));
    assert_eq!(lesson.prisoners, [1, 1]);
    for (cmd, want) in [
        (TeachCommand::CountBack, CountStep::Captured),
        (TeachCommand::CountNext, CountStep::Dead),
        (TeachCommand::CountNext, CountStep::Area),
        (TeachCommand::CountNext, CountStep::Result),
        (TeachCommand::CountNext, CountStep::Result),
        (TeachCommand::CountBack, CountStep::Area),
    ] {
        let _ = s.apply(cmd, now);
        assert_eq!(s.counting().map(|(_, st)| st), Some(want));
    }
    let _ = s.apply(TeachCommand::TakeBack, now);
    assert!(s.counting().is_none() && s.end.is_none());
}
