//! Issue 20 in the window: a class of children in teaching mode, walked by accessible names on
//! a touch-sized window (egui_kittest, injected time, the class file in a temporary folder,
//! every file job and PIN check carried out by the real effects runner, no sleeps). A child
//! picks themself, solves a problem, misses one and gets it back a day later; the first tap on
//! a self-atari warns and the second plays; a child's game is kept in their profile; the
//! teacher's acts wait for the class's PIN.

use chrono::{DateTime, Duration as Days, FixedOffset};
use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;
use tianyuan::ai::{CapturePlayer, Level};
use tianyuan::app::WindowId;
use tianyuan::app::classroom::text::ClassText as C;
use tianyuan::app::classroom::{Screen, WallAnchor};
use tianyuan::app::{Command, TianyuanApp};
use tianyuan::audio::NullAnnouncer;
use tianyuan::class::model::TeacherPin;
use tianyuan::class::{Avatar, Class, GameResult};
use tianyuan::clock::Timestamp;
use tianyuan::files::class_file;
use tianyuan::i18n::{Lang, TeachText as T};
use tianyuan::problems::Verdict;
use tianyuan::rules::{Color, Coord, Move};
use tianyuan::time::{ManualTimeSource, TimeSource};

struct SharedTime(Rc<ManualTimeSource>);

impl TimeSource for SharedTime {
    fn now(&self) -> Timestamp {
        self.0.now()
    }
}

type H = Harness<'static, TianyuanApp>;

#[path = "support/board_taps.rs"]
mod board_taps;
use board_taps::{board_label, board_names, press_point};
const DAY_MS: u64 = 86_400_000;
const START_MS: u64 = 1_000;

fn t0() -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339("2025-03-01T09:00:00+08:00").expect("time")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ty-classwin-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("classes")).expect("temp folder");
    dir
}

/// A class of two children (Mo the panda, Li the tiger) in `dir/classes`, with a PIN or not.
fn class_file(dir: &Path, pin: Option<&str>) -> PathBuf {
    let mut class = Class::new("星期六", "王老师", t0());
    class
        .add_child("Mo", Some(Avatar::Animal("panda".into())), t0())
        .expect("Mo");
    class
        .add_child("Li", Some(Avatar::Colour("blue".into())), t0())
        .expect("Li");
    if let Some(pin) = pin {
        class.pin = Some(
            TeacherPin::make(pin, [7; 16], tianyuan::seal::KdfParams::TEST_ONLY).expect("pin"),
        );
    }
    let path = dir.join("classes").join("saturday.tyclass");
    class_file::create(&path, &class).expect("class file");
    path
}

/// The window in teaching mode over `dir`'s classes folder, `class` opened, at `size`.
fn window(
    lang: Lang,
    dir: &Path,
    class: Option<&Path>,
    size: egui::Vec2,
    large: bool,
) -> (H, Rc<ManualTimeSource>) {
    let time = Rc::new(ManualTimeSource::at(Timestamp(START_MS)));
    let t = Rc::clone(&time);
    let folder = dir.join("classes");
    let class = class.map(|p| p.to_string_lossy().into_owned());
    let mut h = Harness::builder().with_size(size).build_eframe(move |cc| {
        let mut app = TianyuanApp::for_tests(
            &cc.egui_ctx,
            lang,
            Box::new(SharedTime(t)),
            Box::new(NullAnnouncer::new()),
        );
        app.state.windows.classroom.folder = Some(folder);
        app.state.windows.classroom.wall = Some(WallAnchor {
            at: Timestamp(START_MS),
            wall: t0(),
        });
        app.state.settings.class_file = class;
        app.state.settings.teach.large_controls = large;
        app
    });
    h.run_steps(2);
    assert!(h.state_mut().apply_settled([Command::TeachingMode(true)]));
    h.run_steps(3);
    settle(&mut h);
    (h, time)
}

/// Waits for the runner's threads (the class file's jobs, the PIN, the computer), then shows
/// their answers.
fn settle(h: &mut H) {
    for _ in 0..4 {
        assert!(h.state_mut().settle(Duration::from_secs(20)), "settled");
        h.run_steps(2);
    }
}

fn click(h: &mut H, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(3);
    settle(h);
}

/// Clicks the path question's 确定 (the class room's own 确定 may be showing beneath it; the
/// modal is drawn last).
fn click_modal_ok(h: &mut H) {
    h.get_all_by_label("确定")
        .next_back()
        .expect("a 确定 button")
        .click();
    h.run_steps(3);
    settle(h);
}

fn type_into(h: &mut H, field: &str, text: &str) {
    h.get_by_label(field).focus();
    h.run_steps(1);
    h.get_by_label(field).type_text(text);
    h.run_steps(1);
}

/// Taps intersection `c` of the board shown (the problem's or the game's), then lets the
/// runner answer.
fn tap(h: &mut H, lang: Lang, size: u8, c: Coord) {
    press_point(h, board_names(lang), size, c);
    settle(h);
}

fn saved(path: &Path) -> Class {
    class_file::load(path).expect("the class file reads")
}

/// Runs a walk on a thread with room for the whole window on its stack.
fn on_big_stack(walk: impl FnOnce() + Send + 'static) {
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(walk)
        .expect("walk thread");
    if let Err(panic) = handle.join() {
        std::panic::resume_unwind(panic);
    }
}

/// Every control on screen has an accessible name: the count of controls and the unnamed.
fn unnamed_controls(h: &H) -> (usize, Vec<String>) {
    use egui::accesskit::Role;
    let interactive = [
        Role::Button,
        Role::CheckBox,
        Role::RadioButton,
        Role::Slider,
        Role::SpinButton,
        Role::TextInput,
        Role::MultilineTextInput,
        Role::ComboBox,
        Role::Tab,
        Role::MenuItem,
        Role::Link,
    ];
    let controls: Vec<_> = h
        .root()
        .children_recursive()
        .filter(|n| interactive.contains(&n.accesskit_node().role()))
        .collect();
    let missing = controls
        .iter()
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_none_or(|l| l.trim().is_empty())
        })
        .map(|n| format!("{:?} at {:?}", n.accesskit_node().role(), n.rect().min))
        .collect();
    (controls.len(), missing)
}

fn all_named(h: &H, at: &str, at_least: usize) {
    let (n, missing) = unnamed_controls(h);
    assert!(n >= at_least, "{at}: only {n} controls");
    assert!(missing.is_empty(), "{at}: {missing:?}");
}

fn problem_id(h: &H) -> String {
    h.state()
        .state
        .windows
        .classroom
        .problem
        .as_ref()
        .map(|p| p.id.clone())
        .expect("a problem on the board")
}

fn problem_size(h: &H) -> u8 {
    h.state()
        .state
        .windows
        .classroom
        .problem
        .as_ref()
        .map_or(9, |p| p.attempt().game().size())
}

/// Solves the problem on the board by its tree's right moves, tap by tap.
fn solve(h: &mut H, lang: Lang) {
    for _ in 0..12 {
        let Some(p) = h.state().state.windows.classroom.problem.as_ref() else {
            panic!("no problem")
        };
        if !p.playing() {
            return;
        }
        let c = p.attempt().hint().expect("a right move");
        let size = problem_size(h);
        tap(h, lang, size, c);
    }
}

/// A wrong first move of the problem on the board: one the tree refutes when it has one.
fn wrong_move(h: &H) -> Coord {
    let p = h
        .state()
        .state
        .windows
        .classroom
        .problem
        .as_ref()
        .expect("problem");
    let problem = p.attempt().problem();
    let root = problem.tree().root_id();
    let player = problem.player();
    let refuted = problem
        .moves_of(root, player)
        .into_iter()
        .find_map(|(n, m)| match m {
            Move::Play(c) if problem.verdict(n) == Verdict::Wrong => Some(c),
            _ => None,
        });
    refuted.unwrap_or_else(|| {
        let right: Vec<Coord> = problem
            .right_moves(root)
            .into_iter()
            .filter_map(|(_, m)| match m {
                Move::Play(c) => Some(c),
                Move::Pass => None,
            })
            .collect();
        let size = problem.start().size();
        (0..size)
            .flat_map(|y| (0..size).map(move |x| Coord::new(x, y)))
            .find(|&c| {
                !right.contains(&c) && problem.start().clone().play(player, Move::Play(c)).is_ok()
            })
            .expect("a legal wrong move")
    })
}

// ----- a child picks themself, solves, misses, and the miss comes back -----

#[test]
fn issue20_walk_a_child_solves_misses_and_gets_the_problem_back_in_english() {
    on_big_stack(|| child_walk(Lang::En));
}

#[test]
fn issue20_walk_a_child_solves_misses_and_gets_the_problem_back_in_chinese() {
    on_big_stack(|| child_walk(Lang::ZhHans));
}

fn child_walk(lang: Lang) {
    let dir = temp(&format!("child-{lang:?}"));
    let path = class_file(&dir, None);
    let (mut h, time) = window(lang, &dir, Some(&path), egui::vec2(1024.0, 700.0), true);
    // The tiles: each child picks themself.
    assert!(
        h.query_by_label_contains(C::WhoIsPlaying.text(lang))
            .is_some()
    );
    assert!(h.query_by_label("Li").is_some(), "every child has a tile");
    all_named(&h, "tiles", 3);
    click(&mut h, "Mo");
    all_named(&h, "map", 5);
    assert_eq!(h.state().state.windows.classroom.screen, Screen::Map);
    // The map: where the child is, what the step practises, how it is passed.
    assert!(
        h.query_by_label_contains(C::YouAreHere.text(lang))
            .is_some(),
        "the child's place on the map"
    );
    let step1 = tianyuan::class::STEPS[0].name(lang);
    let station = format!(
        "{} 1: {step1} ({})",
        C::Step.text(lang),
        C::YouAreHere.text(lang)
    );
    assert!(h.query_by_label(&station).is_some(), "{station}");
    assert!(h.query_by_label_contains(C::ToPass.text(lang)).is_some());

    // A problem near the child's rating: solved, celebrated, recorded.
    click(&mut h, C::Problems.text(lang));
    assert_eq!(h.state().state.windows.classroom.screen, Screen::Problem);
    let first = problem_id(&h);
    all_named(&h, "problem", 5);
    solve(&mut h, lang);
    assert!(h.query_by_label("celebration").is_some(), "celebrated");
    assert!(h.query_by_label_contains(C::WellDone.text(lang)).is_some());
    let class = saved(&path);
    let mo = class.child("Mo").expect("Mo");
    assert_eq!(mo.attempts.len(), 1, "the attempt is kept");
    assert!(mo.attempts[0].right && mo.attempts[0].problem == first);
    assert!(
        mo.rating.rating > 1500.0,
        "the rating rose: {}",
        mo.rating.rating
    );
    assert!(
        !mo.schedule.contains_key(&first),
        "right the first time: not scheduled"
    );

    // The next problem: missed. The refutation is on the board, then "Try again".
    click(&mut h, C::NextProblem.text(lang));
    let missed = problem_id(&h);
    assert_ne!(missed, first);
    let wrong = wrong_move(&h);
    let size = problem_size(&h);
    tap(&mut h, lang, size, wrong);
    let label = board_label(&h, lang);
    let wrong_at = lang.pick("错在", "錯在", "wrong at");
    assert!(
        label.contains(&format!("{wrong_at} {}", wrong.to_gtp(size))),
        "the wrong move is shown on the board: {label}"
    );
    assert!(h.query_by_label(C::TryAgain.text(lang)).is_some());
    all_named(&h, "refutation", 5);
    let class = saved(&path);
    let mo = class.child("Mo").expect("Mo");
    let miss = mo.attempts.last().expect("the miss");
    assert!(!miss.right && miss.problem == missed);
    let due = mo.schedule.get(&missed).and_then(|s| s.due());
    assert_eq!(due, Some(miss.at + Days::days(1)), "due again a day later");
    // Try again: practice, with the hint's area on the board.
    click(&mut h, C::TryAgain.text(lang));
    click(&mut h, C::Hint.text(lang));
    assert!(
        board_label(&h, lang).contains(lang.pick("提示区域", "提示區域", "hint area")),
        "{}",
        board_label(&h, lang)
    );
    assert_eq!(saved(&path).child("Mo").expect("Mo").attempts.len(), 2);
    // Not back the same day.
    click(&mut h, C::NextProblem.text(lang));
    assert_ne!(problem_id(&h), missed);

    // The next child's turn; a day later Mo comes back and the missed problem with him.
    click(&mut h, C::NextChild.text(lang));
    assert_eq!(h.state().state.windows.classroom.screen, Screen::Tiles);
    time.advance(DAY_MS + 3_600_000);
    h.run_steps(2);
    click(&mut h, "Mo");
    click(&mut h, C::Problems.text(lang));
    assert_eq!(
        problem_id(&h),
        missed,
        "the missed problem comes back first"
    );
    assert!(h.query_by_label_contains(C::CameBack.text(lang)).is_some());
    solve(&mut h, lang);
    let class = saved(&path);
    let mo = class.child("Mo").expect("Mo");
    let slot = mo.schedule.get(&missed).expect("still scheduled");
    let last = mo.attempts.last().expect("the second try");
    assert!(last.right);
    assert_eq!(slot.due(), Some(last.at + Days::days(3)), "then three days");
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- the first tap on a self-atari warns, the second plays -----

#[test]
fn issue20_walk_the_first_tap_on_a_self_atari_warns_on_a_touch_sized_board_in_chinese() {
    on_big_stack(|| self_atari_walk(Lang::ZhHans));
}

#[test]
fn issue20_walk_the_first_tap_on_a_self_atari_warns_in_english() {
    on_big_stack(|| self_atari_walk(Lang::En));
}

fn self_atari_walk(lang: Lang) {
    let dir = temp(&format!("atari-{lang:?}"));
    let (mut h, _) = window(lang, &dir, None, egui::vec2(1024.0, 700.0), true);
    // Two children at one board: the teacher's choice.
    click(&mut h, T::Teacher.text(lang));
    h.run_steps(8);
    click(&mut h, T::Person.text(lang));
    click(&mut h, T::StartNewGame.text(lang));
    let moves = |h: &H| {
        h.state()
            .state
            .windows
            .teach
            .state()
            .map_or(0, |s| s.game().moves().len())
    };
    for (x, y) in [(4, 4), (0, 7), (5, 4), (1, 8), (6, 4), (2, 7)] {
        tap(&mut h, lang, 9, Coord::new(x, y));
    }
    assert_eq!(moves(&h), 6);
    all_named(&h, "the board", 5);
    // Whose turn and the captures, large beside the board; every button finger-sized.
    let turn = h.get_by_label(T::BlackToPlay.text(lang));
    assert!(turn.rect().height() >= 40.0, "{:?}", turn.rect());
    let captured = h.get_all_by_label_contains(T::Captured.text(lang)).count();
    assert_eq!(captured, 2, "both sides' captures");
    let pass = h.get_by_label(T::Pass.text(lang)).rect();
    assert!(
        pass.height() >= tianyuan::app::theme::LARGE_BUTTON - 0.5,
        "{pass:?}"
    );
    // B2 would leave Black's stone one liberty: the first tap only warns.
    let point = Coord::new(1, 7);
    tap(&mut h, lang, 9, point);
    assert_eq!(moves(&h), 6, "the first tap does not play");
    assert!(h.query_by_label_contains(T::TapAgain.text(lang)).is_some());
    assert!(
        board_label(&h, lang).contains(T::SelfAtari.text(lang)),
        "{}",
        board_label(&h, lang)
    );
    // The second tap on the same point plays.
    tap(&mut h, lang, 9, point);
    assert_eq!(moves(&h), 7, "the second tap plays");
    assert!(h.query_by_label_contains(T::TapAgain.text(lang)).is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- a child's game is kept in their profile -----

#[test]
fn issue20_walk_a_childs_game_is_kept_with_its_result_opponent_and_ladder() {
    on_big_stack(game_walk);
}

fn game_walk() {
    let lang = Lang::En;
    let dir = temp("game");
    let path = class_file(&dir, None);
    let (mut h, _) = window(lang, &dir, Some(&path), egui::vec2(1024.0, 700.0), false);
    click(&mut h, "Mo");
    // The ladder in one sentence on the map, for the child.
    assert!(
        h.query_by_label_contains("Win and the next game gets a little harder")
            .is_some()
    );
    click(&mut h, C::Play.text(lang));
    assert_eq!(h.state().state.windows.classroom.screen, Screen::Board);
    all_named(&h, "the child's board", 5);
    let coach = CapturePlayer::new(Level::MAX, 11);
    for _ in 0..80 {
        let s = h.state().state.windows.teach.state().expect("teaching");
        if s.end.is_some() {
            break;
        }
        assert_eq!(s.computer_color(), Some(Color::White), "Mo moves first");
        match coach.choose_move(s.game(), Color::Black, 1) {
            Move::Play(c) => tap(&mut h, lang, 9, c),
            Move::Pass => click(&mut h, T::Pass.text(lang)),
        }
    }
    let s = h.state().state.windows.teach.state().expect("teaching");
    assert_eq!(s.end.as_ref().and_then(|e| e.winner()), Some(Color::Black));
    settle(&mut h);
    let class = saved(&path);
    let mo = class.child("Mo").expect("Mo");
    assert_eq!(mo.games.len(), 1, "the game is kept");
    let g = &mo.games[0];
    assert_eq!(g.result, GameResult::Won);
    assert_eq!(g.opponent, "computer level 1");
    assert_eq!(g.computer_level, Some(1));
    assert!(
        g.sgf.contains("PB[Mo]") && g.sgf.contains("RE[B+"),
        "{}",
        g.sgf
    );
    assert_ne!(
        mo.capture_ladder,
        tianyuan::class::LadderState::CAPTURE_START,
        "a win moves the ladder"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- the teacher's acts behind the class's PIN -----

#[test]
fn issue20_walk_the_teacher_adds_moves_exports_and_imports_behind_the_pin_in_chinese() {
    on_big_stack(teacher_walk);
}

fn teacher_walk() {
    let lang = Lang::ZhHans;
    let dir = temp("teacher");
    let path = class_file(&dir, Some("2468"));
    let (mut h, _) = window(lang, &dir, Some(&path), egui::vec2(1280.0, 1000.0), false);
    click(&mut h, C::Class.text(lang));
    // The class's PIN first: a wrong one is said, the right one opens the class window.
    type_into(&mut h, C::TeacherPin.text(lang), "1111");
    click(&mut h, C::Ok.text(lang));
    assert!(h.query_by_label(C::WrongPin.text(lang)).is_some());
    assert!(!h.state().state.windows.classroom.panel_open);
    type_into(&mut h, C::TeacherPin.text(lang), "2468");
    click(&mut h, C::Ok.text(lang));
    assert!(h.state().state.windows.classroom.panel_open, "unlocked");
    all_named(&h, "the class window", 10);
    // A child joins.
    type_into(&mut h, C::Nickname.text(lang), "Ana");
    click(&mut h, C::AddChild.text(lang));
    assert_eq!(saved(&path).children.len(), 3);
    // Li moves along a step.
    click(&mut h, &format!("{} Li", C::MoveAlong.text(lang)));
    assert_eq!(saved(&path).child("Li").expect("Li").step, 2);
    // Export to carry the class to another PC (no dialog here: the path is typed).
    let out = dir.join("carried.tyclass");
    eprintln!(
        "export at {:?}",
        h.get_by_label(C::Export.text(lang)).rect()
    );
    click(&mut h, C::Export.text(lang));
    eprintln!(
        "question {:?} notice {:?}",
        h.state().state.question,
        h.state().state.windows.classroom.notice
    );
    type_into(&mut h, "路径", &out.to_string_lossy());
    click_modal_ok(&mut h);
    assert_eq!(saved(&out).children.len(), 3, "exported");
    // Import it back: a new class file beside the first, never over it.
    click(&mut h, C::Import.text(lang));
    type_into(&mut h, "路径", &out.to_string_lossy());
    click_modal_ok(&mut h);
    let imported = h
        .state()
        .state
        .windows
        .classroom
        .path
        .clone()
        .expect("open");
    assert_ne!(imported, path);
    assert_eq!(imported.parent(), path.parent());
    assert_eq!(saved(&imported).children.len(), 3);
    click(&mut h, C::Close.text(lang));
    assert!(!h.state().state.windows.classroom.panel_open);
    // Locked again: moving a child along on the map asks the PIN.
    click(&mut h, "Ana");
    click(&mut h, C::MoveAlong.text(lang));
    assert!(
        h.state().state.windows.classroom.gate.is_open(),
        "the PIN is asked"
    );
    type_into(&mut h, C::TeacherPin.text(lang), "2468");
    click(&mut h, C::Ok.text(lang));
    assert_eq!(saved(&imported).child("Ana").expect("Ana").step, 2);
    assert!(h.state().state.settings.class_file.is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- the teacher's homework from a child's own games (item 4) -----

/// A game Mo (Black) played against the computer, kept in the class as the window keeps one.
fn keep_game(class: &mut Class, sgf: &str, minutes: i64) {
    let library = tianyuan::class::Library::for_class(class);
    class
        .record_game(
            "Mo",
            &library,
            tianyuan::class::GameEntry {
                at: t0() + Days::minutes(minutes),
                kind: tianyuan::class::GameKind::Capture { stones: 1 },
                opponent: "computer level 1".into(),
                computer_level: Some(1),
                handicap: 0,
                color: Color::Black,
                result: GameResult::Lost,
                sgf: sgf.into(),
            },
        )
        .expect("the game is kept");
}

/// Mo's two kept games with planted mistakes: a self-atari of a lone stone defending nothing
/// (a draft the checker cannot prove) and a missed capture (a proved draft).
fn class_with_mistakes(dir: &Path) -> PathBuf {
    let path = class_file(dir, Some("2468"));
    let mut class = saved(&path);
    // Move 3: Black A9 beside White B9 — one liberty, nothing captured, White takes at A8.
    keep_game(
        &mut class,
        "(;GM[1]FF[4]SZ[9]PB[Mo]PW[computer level 1]RE[W+R];B[ee];W[ba];B[aa];W[ab])",
        10,
    );
    // Move 7: White E5 is in atari at E4; Black plays C7 and White escapes.
    keep_game(
        &mut class,
        "(;GM[1]FF[4]SZ[9]PB[Mo]PW[computer level 1]RE[W+R];B[de];W[ee];B[fe];W[dg];B[ed];W[fg];B[cc];W[ef])",
        20,
    );
    class_file::save(&path, &class).expect("saved");
    path
}

#[test]
fn issue20_walk_the_teacher_assigns_homework_from_a_childs_game_and_the_child_gets_it() {
    on_big_stack(homework_walk);
}

fn homework_walk() {
    use tianyuan::app::classroom::text::desk as D;
    let lang = Lang::En;
    let dir = temp("homework");
    let path = class_with_mistakes(&dir);
    let (mut h, _) = window(lang, &dir, Some(&path), egui::vec2(1280.0, 1000.0), true);
    click(&mut h, C::Class.text(lang));
    type_into(&mut h, C::TeacherPin.text(lang), "2468");
    click(&mut h, C::Ok.text(lang));
    assert!(h.state().state.windows.classroom.panel_open, "unlocked");
    // Mo's games are read on the runner; the drafts are kept in the class file, unapproved.
    click(&mut h, &D::homework_for("Mo", lang));
    let class = saved(&path);
    let drafts = class.drafts_of("Mo");
    assert_eq!(drafts.len(), 2, "{:?}", class.problems);
    let unproved = drafts
        .iter()
        .find(|p| p.reason == "self-atari")
        .expect("the self-atari")
        .id
        .clone();
    let proved = drafts
        .iter()
        .find(|p| p.reason == "missed capture")
        .expect("the missed capture")
        .id
        .clone();
    assert!(class.problems.iter().all(|p| !p.approved));
    assert!(
        shown(&h, "Read 2 games of Mo: 2 new drafts"),
        "the teacher is told"
    );
    all_named(&h, "the homework", 8);
    // Each draft: its board (the answer ringed, the move played crossed), why, proved or not.
    assert!(shown(
        &h,
        "Homework board: answer E4, played C7 in the game"
    ));
    assert!(shown(&h, "missed capture"));
    assert!(shown(&h, "move 7"));
    assert!(shown(&h, D::proved(lang)));
    assert!(shown(&h, D::not_proved(lang)));
    // The unproved draft cannot be assigned: its buttons are disabled, a click does nothing.
    let to_mo = D::on(&D::assign_to("Mo", lang), &unproved);
    assert!(h.get_by_label(&to_mo).accesskit_node().is_disabled());
    assert!(
        h.get_by_label(&D::on(D::assign_class(lang), &unproved))
            .accesskit_node()
            .is_disabled()
    );
    click(&mut h, &to_mo);
    assert!(saved(&path).child("Mo").expect("Mo").assigned.is_empty());
    // The proved one is assigned to Mo.
    click(&mut h, &D::on(&D::assign_to("Mo", lang), &proved));
    let class = saved(&path);
    assert_eq!(
        class.child("Mo").expect("Mo").assigned,
        vec![proved.clone()]
    );
    assert!(
        class
            .problems
            .iter()
            .any(|p| p.id == proved && p.approved && !p.for_class)
    );
    assert!(shown(&h, &format!("{proved} is assigned to Mo.")));
    // The other is discarded, and reading the games again does not bring it back.
    click(&mut h, &D::on(D::discard(lang), &unproved));
    assert!(saved(&path).drafts_of("Mo").is_empty());
    click(&mut h, &D::read_again("Mo", lang));
    assert!(saved(&path).drafts_of("Mo").is_empty(), "not back");
    assert_eq!(saved(&path).problems.len(), 2);
    assert!(shown(&h, D::none(lang)));
    click(&mut h, D::back(lang));
    click(&mut h, C::Close.text(lang));
    // Mo picks themself: the homework is the next problem, and Mo solves it.
    click(&mut h, "Mo");
    click(&mut h, C::Problems.text(lang));
    assert_eq!(problem_id(&h), proved, "the homework comes first");
    solve(&mut h, lang);
    let mo = saved(&path);
    let mo = mo.child("Mo").expect("Mo");
    assert!(
        mo.attempts.iter().any(|a| a.problem == proved && a.right),
        "{:?}",
        mo.attempts
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- a draft mended in the problem editor and assigned from there (item 4) -----

#[test]
#[ignore = "issue 27: the stricter judge (rightly) refuses this walk's mend — an escape goal on a lone centre stone that every first move saves; the walk needs a draft whose mend is uniquely solvable"]
fn issue20_walk_an_unproved_draft_is_mended_in_the_editor_and_assigned_from_there() {
    on_big_stack(|| edit_draft_walk(Lang::En));
}

#[test]
#[ignore = "issue 27: the stricter judge (rightly) refuses this walk's mend — an escape goal on a lone centre stone that every first move saves; the walk needs a draft whose mend is uniquely solvable"]
fn issue20_walk_an_unproved_draft_is_mended_in_the_editor_in_chinese() {
    on_big_stack(|| edit_draft_walk(Lang::ZhHans));
}

fn edit_draft_walk(lang: Lang) {
    let p = |c: PC| Command::window(WindowId::Problems, c);
    use tianyuan::app::classroom::state::EditRefused;
    use tianyuan::app::classroom::text::desk as D;
    use tianyuan::app::problems::{EditTool, Mode, ProblemCommand as PC};
    use tianyuan::class::model::ClassError;
    use tianyuan::problems::Goal;
    let dir = temp(&format!("editdraft-{lang:?}"));
    let path = class_with_mistakes(&dir);
    let (mut h, _) = window(lang, &dir, Some(&path), egui::vec2(1280.0, 1000.0), true);
    click(&mut h, C::Class.text(lang));
    type_into(&mut h, C::TeacherPin.text(lang), "2468");
    click(&mut h, C::Ok.text(lang));
    click(&mut h, &D::homework_for("Mo", lang));
    let class = saved(&path);
    let draft = class
        .drafts_of("Mo")
        .into_iter()
        .find(|p| p.reason == "self-atari")
        .expect("the self-atari")
        .clone();
    let id = draft.id.clone();
    assert!(
        h.get_by_label(&D::on(&D::assign_to("Mo", lang), &id))
            .accesskit_node()
            .is_disabled(),
        "not proved: not assignable in the class window"
    );
    // The draft opens in the problems window's editor, which knows where it came from.
    click(&mut h, &D::on(D::edit_in_editor(lang), &id));
    {
        let s = &h.state().state;
        assert!(s.windows.problems.shown, "the problems window opens");
        assert_eq!(s.windows.problems.mode, Mode::Edit);
        let origin = s.windows.problems.draft.as_ref().expect("a draft");
        assert_eq!(
            (origin.id.as_str(), origin.child.as_str()),
            (id.as_str(), "Mo")
        );
        assert_eq!(origin.class_file, path);
        assert!(s.unsaved().is_empty(), "nothing edited yet");
        assert!(
            s.windows.classroom.panel_open && s.windows.classroom.aside,
            "the class window stands aside, unlocked"
        );
    }
    assert!(shown(&h, &D::editing_draft(&id, "Mo", lang)));
    all_named(&h, "the draft in the editor", 10);
    let to_mo = D::edited(&D::assign_to("Mo", lang), &id, lang);
    let refusal = ClassError::NotProved(id.clone()).text(lang);
    // As it is, and with a goal its answer does not reach: the class's checker refuses it.
    click(&mut h, &to_mo);
    assert!(
        shown(&h, &refusal),
        "the reason is shown: {:?} {}",
        h.state().state.windows.problems.notice,
        h.state().state.windows.problems.assigning()
    );
    assert!(
        h.state_mut()
            .apply_settled([p(PC::SetGoal(Some(Goal::Capture)))])
    );
    h.run_steps(2);
    assert_eq!(
        h.state().state.unsaved().len(),
        1,
        "the edit is unsaved work"
    );
    click(&mut h, &D::edited(D::assign_class(lang), &id, lang));
    settle(&mut h);
    assert!(shown(&h, &refusal));
    let after = saved(&path);
    let kept = after.problems.iter().find(|p| p.id == id).expect("kept");
    assert_eq!(kept.sgf, draft.sgf, "a refused edit is not written");
    assert!(!kept.approved && !kept.for_class);
    assert_eq!(h.state().state.unsaved().len(), 1, "still unsaved");
    // The teacher makes it provable: the black stone in the centre marked, the goal "escape"
    // (keep it safe while playing elsewhere, not into atari).
    let centre = Coord::new(4, 4);
    assert!(h.state_mut().apply_settled([
        p(PC::Tool(EditTool::Target)),
        p(PC::Click(centre)),
        p(PC::SetGoal(Some(Goal::Escape))),
    ]));
    h.run_steps(2);
    assert_eq!(
        h.state().state.windows.problems.inputs.targets,
        vec![centre]
    );
    // Back to the class window, closed (locked): the editor cannot assign, it says to open
    // the class window first.
    click(&mut h, &D::on(D::back_to_class(lang), &id));
    assert!(
        !h.state().state.windows.classroom.aside,
        "the class window is back"
    );
    click(&mut h, D::back(lang));
    click(&mut h, C::Close.text(lang));
    assert!(!h.state().state.windows.classroom.panel_open);
    click(&mut h, &to_mo);
    assert!(shown(&h, &EditRefused::Locked.text(lang)));
    assert!(
        !saved(&path)
            .problems
            .iter()
            .any(|p| p.id == id && p.approved)
    );
    // The class window opened again with the PIN; the draft's "Edit" goes back to the same
    // edited draft; assigned to Mo, as edited. (The problems window lies over the strip's
    // "Class" button here: its command is given as the button gives it.)
    assert!(h.state_mut().apply_settled([Command::window(
        WindowId::Class,
        tianyuan::app::classroom::ClassCommand::OpenPanel
    )]));
    h.run_steps(2);
    type_into(&mut h, C::TeacherPin.text(lang), "2468");
    click(&mut h, C::Ok.text(lang));
    assert!(h.state().state.windows.classroom.panel_open, "unlocked");
    click(&mut h, &D::homework_for("Mo", lang));
    click(&mut h, &D::on(D::edit_in_editor(lang), &id));
    assert!(
        h.state().state.question.is_none(),
        "nothing asked: the same draft"
    );
    assert_eq!(
        h.state().state.windows.problems.inputs.goal,
        Some(Goal::Escape)
    );
    assert_eq!(h.state().state.unsaved().len(), 1);
    click(&mut h, &to_mo);
    assert!(
        !h.state().state.windows.classroom.aside,
        "the class window comes back, saying so"
    );
    assert!(shown(&h, &format!("{id} ")));
    let after = saved(&path);
    let p = after.problems.iter().find(|p| p.id == id).expect("kept");
    assert!(p.approved && !p.for_class, "{p:?}");
    assert!(
        p.sgf.contains("TYGOAL[escape]") && p.sgf.contains("TR[ee]"),
        "{}",
        p.sgf
    );
    assert_eq!(after.child("Mo").expect("Mo").assigned, vec![id.clone()]);
    assert!(
        tianyuan::problems::is_proved(&p.problem().expect("a problem")),
        "proved as assigned"
    );
    assert!(
        h.state().state.unsaved().is_empty(),
        "the edit is in the class file"
    );
    assert!(h.state().state.windows.problems.notice.is_none());
    assert!(
        h.state()
            .state
            .windows
            .problems
            .done
            .as_deref()
            .is_some_and(|d| d.contains(&id)),
        "the editor says it is assigned"
    );
    // Mo picks themself: the mended homework is the next problem, and Mo solves it.
    click(&mut h, C::Close.text(lang));
    assert!(
        h.state_mut()
            .apply_settled([Command::close(WindowId::Problems)])
    );
    h.run_steps(2);
    assert!(!h.state().state.windows.problems.shown);
    click(&mut h, "Mo");
    click(&mut h, C::Problems.text(lang));
    assert_eq!(problem_id(&h), id, "the homework comes first");
    solve(&mut h, lang);
    let mo = saved(&path);
    let mo = mo.child("Mo").expect("Mo");
    assert!(
        mo.attempts.iter().any(|a| a.problem == id && a.right),
        "{:?}",
        mo.attempts
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ----- sheets and reports from the class window (item 5) -----

#[test]
fn issue20_walk_sheets_and_a_report_are_written_from_the_class_window_in_chinese() {
    on_big_stack(documents_walk);
}

fn documents_walk() {
    use tianyuan::app::classroom::text::desk as D;
    use tianyuan::class::{Library, sheets};
    let lang = Lang::ZhHans;
    let dir = temp("documents");
    let path = class_with_mistakes(&dir);
    // Mo missed a problem of step 1 this month.
    let mut class = saved(&path);
    let library = Library::for_class(&class);
    let missed = library.step_problems(&tianyuan::class::STEPS[0])[0]
        .id
        .clone();
    class
        .record_attempt(
            "Mo",
            &library,
            &missed,
            vec!["A1".into()],
            false,
            0,
            Some(20),
            t0() + Days::hours(1),
        )
        .expect("attempt");
    class_file::save(&path, &class).expect("saved");
    let (mut h, _) = window(lang, &dir, Some(&path), egui::vec2(1280.0, 1000.0), false);
    click(&mut h, C::Class.text(lang));
    type_into(&mut h, C::TeacherPin.text(lang), "2468");
    click(&mut h, C::Ok.text(lang));
    all_named(&h, "the class window with its documents", 14);
    // A step's sheet, 12 a page (no dialog here: the path is typed).
    click(&mut h, &D::per_page(12, lang));
    let sheet = dir.join("step1.html");
    click(&mut h, &D::step_sheet(1, lang));
    type_into(&mut h, "路径", &sheet.to_string_lossy());
    click_modal_ok(&mut h);
    let html = std::fs::read_to_string(&sheet).expect("the sheet is written");
    let class = saved(&path);
    let library = Library::for_class(&class);
    assert_eq!(
        html,
        sheets::step_sheet(&class, &library, 1, None, 12, lang).expect("sheet"),
        "the same sheet as the command line's"
    );
    assert!(html.contains("星期六") && html.contains("<svg"), "{html}");
    assert!(
        shown(&h, "阶段1的题单已保存"),
        "{:?}",
        h.state().state.windows.classroom.notice
    );
    // A typed path never replaces a file.
    std::fs::write(&sheet, "the teacher's own file").expect("write");
    click(&mut h, &D::step_sheet(1, lang));
    type_into(&mut h, "路径", &sheet.to_string_lossy());
    click_modal_ok(&mut h);
    assert_eq!(
        std::fs::read_to_string(&sheet).expect("read"),
        "the teacher's own file"
    );
    assert!(shown(&h, "已经存在，没有覆盖"));
    // Mo's missed problems.
    let missed_sheet = dir.join("mo-missed.html");
    click(&mut h, &D::missed_for("Mo", lang));
    type_into(&mut h, "路径", &missed_sheet.to_string_lossy());
    click_modal_ok(&mut h);
    let html = std::fs::read_to_string(&missed_sheet).expect("the missed sheet is written");
    assert!(html.contains("Mo") && html.contains(&missed), "{html}");
    // Li missed nothing: no sheet to print.
    assert!(
        h.get_by_label(&D::missed_for("Li", lang))
            .accesskit_node()
            .is_disabled()
    );
    // Mo's report for the month of the class's clock (March 2025), in Chinese.
    assert!(shown(&h, D::month(lang)), "the month's picker");
    let report = dir.join("mo-report.html");
    click(&mut h, &D::report_for("Mo", lang));
    type_into(&mut h, "路径", &report.to_string_lossy());
    click_modal_ok(&mut h);
    let html = std::fs::read_to_string(&report).expect("the report is written");
    assert_eq!(
        html,
        tianyuan::class::report::monthly_html(&class, "Mo", (2025, 3), lang, &library)
            .expect("report"),
        "the same report as the command line's"
    );
    assert!(html.contains("Mo") && html.contains("2025"), "{html}");
    assert!(shown(&h, "Mo 的2025年3月报告已保存"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether a node whose name contains `text` is on screen (a message may be said twice).
fn shown(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

// ----- a class opened from the list is guarded by its own PIN -----

#[test]
fn issue20_walk_a_class_opened_from_the_list_asks_its_pin_before_the_roster() {
    on_big_stack(open_from_list_walk);
}

fn open_from_list_walk() {
    let lang = Lang::ZhHans;
    let dir = temp("fromlist");
    let path = class_file(&dir, Some("2468"));
    // No class open: the class window opens freely, with the classes of this PC listed.
    let (mut h, _) = window(lang, &dir, None, egui::vec2(1280.0, 1000.0), false);
    click(&mut h, C::Class.text(lang));
    assert!(h.state().state.windows.classroom.panel_open);
    click(&mut h, &format!("{} 星期六", C::Open.text(lang)));
    // The class is open, but its roster, deleting and export wait for its PIN.
    assert_eq!(
        h.state().state.windows.classroom.path.as_deref(),
        Some(path.as_path())
    );
    assert!(
        !h.state().state.windows.classroom.panel_open,
        "locked at once"
    );
    assert!(
        h.state().state.windows.classroom.gate.is_open(),
        "the PIN is asked"
    );
    assert!(
        h.query_by_label(&format!("{} Mo", C::Delete.text(lang)))
            .is_none(),
        "no delete button before the PIN"
    );
    type_into(&mut h, C::TeacherPin.text(lang), "1111");
    click(&mut h, C::Ok.text(lang));
    assert!(
        !h.state().state.windows.classroom.panel_open,
        "a wrong PIN opens nothing"
    );
    type_into(&mut h, C::TeacherPin.text(lang), "2468");
    click(&mut h, C::Ok.text(lang));
    assert!(
        h.state().state.windows.classroom.panel_open,
        "the right PIN opens it"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
