//! Issue 20 item 2: "remove the captured stones" and counting explained on the board. A 9×9
//! Go game between two children in teaching mode, with a stone captured by each side and a
//! dead stone of each colour left on the board, is finished with two passes; the walk then
//! steps through the counting lesson by the buttons' accessible names ("Next", "Back"),
//! checking every count shown against the rules core's `area_count` and `score` with the
//! estimator's dead stones, in Chinese and in English, on a touch-sized window with large
//! controls (egui_kittest, injected time).

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::rc::Rc;
use std::time::Duration;
use tianyuan::analysis::{Settings, suggest};
use tianyuan::app::{Command, TianyuanApp};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::Timestamp;
use tianyuan::i18n::{Lang, TeachText as T};
use tianyuan::rules::{Color, Coord, area_count, score, write_quarters};
use tianyuan::teach::counting::CountStep;
use tianyuan::time::{ManualTimeSource, TimeSource};

#[path = "support/board_taps.rs"]
mod board_taps;
use board_taps::{board_label, board_names, press_point};

struct SharedTime(Rc<ManualTimeSource>);

impl TimeSource for SharedTime {
    fn now(&self) -> Timestamp {
        self.0.now()
    }
}

type H = Harness<'static, TianyuanApp>;

fn window(lang: Lang) -> H {
    let time = Rc::new(ManualTimeSource::at(Timestamp(1_000)));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_eframe(move |cc| {
            let mut app = TianyuanApp::for_tests(
                &cc.egui_ctx,
                lang,
                Box::new(SharedTime(time)),
                Box::new(NullAnnouncer::new()),
            );
            app.state.settings.teach.large_controls = true;
            app
        });
    h.run_steps(2);
    assert!(h.state_mut().apply_settled([Command::TeachingMode(true)]));
    h.run_steps(3);
    settle(&mut h);
    h
}

fn settle(h: &mut H) {
    for _ in 0..3 {
        assert!(h.state_mut().settle(Duration::from_secs(20)), "settled");
        h.run_steps(2);
    }
}

fn click(h: &mut H, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(3);
}

fn tap(h: &mut H, lang: Lang, c: Coord) {
    press_point(h, board_names(lang), 9, c);
}

fn q(quarters: i64) -> String {
    let mut s = String::new();
    write_quarters(&mut s, quarters).expect("to a string");
    s
}

/// The text shown somewhere in the window (a label containing it).
fn shows(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn step_shown(h: &H, lang: Lang) -> Option<CountStep> {
    h.state()
        .state
        .windows
        .teach
        .state()
        .and_then(|s| s.counting().map(|(_, st)| st))
        .filter(|st| shows(h, &st.title(lang)))
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

#[test]
fn issue20_walk_counting_on_the_board_step_by_step_in_chinese() {
    on_big_stack(|| counting_walk(Lang::ZhHans));
}

#[test]
fn issue20_walk_counting_on_the_board_step_by_step_in_english() {
    on_big_stack(|| counting_walk(Lang::En));
}

fn counting_walk(lang: Lang) {
    let mut h = window(lang);
    // Two children at one 9×9 board, Go: the teacher's choice.
    click(&mut h, T::Teacher.text(lang));
    h.run_steps(8);
    click(&mut h, T::Go.text(lang));
    click(&mut h, T::Person.text(lang));
    click(&mut h, T::StartNewGame.text(lang));
    settle(&mut h);
    // Black's wall on E, White's on F; Black captures a white stone at B8 and White a black
    // one at H3; a white stone at C3 and a black one at G7 are left dead; two passes. The
    // walls' top ends come last: a children's game with no dame left ends there (issue 27).
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
        tap(&mut h, lang, Coord::new(x, y));
    }
    let game = h
        .state()
        .state
        .windows
        .teach
        .state()
        .expect("teaching")
        .game()
        .clone();
    assert_eq!(game.moves().len(), 35, "every move played");
    assert!(h.query_by_label(T::CountNext.text(lang)).is_none());
    click(&mut h, T::Pass.text(lang));
    click(&mut h, T::Pass.text(lang));
    // The dead stones are asked of the estimator on the runner's thread.
    settle(&mut h);

    // The rules core's count, with the estimator's dead stones (what the board counts with).
    let s = suggest(game.board(), game.rules(), 0, &Settings::default());
    let count = area_count(game.board(), &s.dead);
    let result = score(&count, game.rules(), 0);
    let dead_of = |c: Color| {
        s.dead
            .iter()
            .filter(|&&d| game.board().get(d) == Some(c))
            .count()
    };
    assert_eq!((dead_of(Color::Black), dead_of(Color::White)), (1, 1));
    let (black, white) = (game.captures(Color::Black), game.captures(Color::White));
    assert_eq!((black, white), (1, 1));

    // Step 1: the captured stones, off the board and not counted.
    assert_eq!(step_shown(&h, lang), Some(CountStep::Captured));
    let back = h.get_by_label(T::CountBack.text(lang));
    assert!(
        back.accesskit_node().is_disabled(),
        "no step before the first"
    );
    let next = h.get_by_label(T::CountNext.text(lang)).rect();
    assert!(
        next.height() >= tianyuan::app::theme::LARGE_BUTTON - 0.5,
        "a large button: {next:?}"
    );
    assert!(shows(
        &h,
        lang.pick(
            "这些子被提掉了：它们已经不在棋盘上了。",
            "",
            "These stones were captured: they are off the board."
        )
    ));
    assert!(shows(
        &h,
        &lang.pick(
            format!("黑棋提了{black}个白子，白棋提了{white}个黑子。"),
            String::new(),
            format!("Black captured {black} white stone; White captured {white} black stone."),
        )
    ));
    assert!(shows(
        &h,
        lang.pick("数子的时候不数提掉的子", "", "captured stones do not count")
    ));
    assert!(shows(&h, T::BlackCapturedWhite.text(lang)));
    let label = board_label(&h, lang);
    assert!(
        label.contains(&format!("captured: black {black} white {white}"))
            && label.contains("captured here: B8 H3"),
        "{label}"
    );

    // Step 2: the dead stones, crossed on the board.
    click(&mut h, T::CountNext.text(lang));
    assert_eq!(step_shown(&h, lang), Some(CountStep::Dead));
    assert!(shows(
        &h,
        lang.pick(
            "这些子活不了：我们把它们拿掉。",
            "",
            "These stones cannot live: we take them off."
        )
    ));
    let (db, dw) = (dead_of(Color::Black), dead_of(Color::White));
    assert!(shows(
        &h,
        &lang.pick(
            format!("画叉的是死子：白棋{dw}个，黑棋{db}个。"),
            String::new(),
            format!("The crossed stones are dead: {dw} white, {db} black."),
        )
    ));
    let label = board_label(&h, lang);
    assert!(
        label.contains(&format!("dead: black {db} white {dw}: G7 C3")),
        "{label}"
    );

    // Step 3: each side's area, stones plus surrounded points, as the core counts it.
    click(&mut h, T::CountNext.text(lang));
    assert_eq!(step_shown(&h, lang), Some(CountStep::Area));
    let b_area = count.black_stones + count.black_territory;
    let w_area = count.white_stones + count.white_territory;
    for (side_zh, side_en, stones, points, sum) in [
        (
            "黑棋",
            "Black",
            count.black_stones,
            count.black_territory,
            b_area,
        ),
        (
            "白棋",
            "White",
            count.white_stones,
            count.white_territory,
            w_area,
        ),
    ] {
        let line = lang.pick(
            format!("{side_zh}：{stones}个子 + {points}个空点 = {sum}"),
            String::new(),
            format!("{side_en}: {stones} stones + {points} empty points = {sum}"),
        );
        assert!(shows(&h, &line), "{line}");
    }
    let (bt, wt) = (
        q(2 * i64::from(count.black_halves())),
        q(2 * i64::from(count.white_halves())),
    );
    assert!(shows(
        &h,
        &lang.pick(
            format!("一共：黑棋{bt}子，白棋{wt}子。"),
            String::new(),
            format!("In all: Black {bt}, White {wt}."),
        )
    ));
    // The totals large beside the board.
    assert!(h.query_by_label(&bt).is_some() && h.query_by_label(&wt).is_some());
    let label = board_label(&h, lang);
    assert!(
        label.contains(&format!(
            "area: black {} stones + {} points = {b_area}, white {} stones + {} points = {w_area}, shared {}",
            count.black_stones,
            count.black_territory,
            count.white_stones,
            count.white_territory,
            count.shared
        )),
        "{label}"
    );
    assert_eq!((b_area, w_area, count.shared), (45, 36, 0));

    // Step 4: the result against half the board and the komi.
    click(&mut h, T::CountNext.text(lang));
    assert_eq!(step_shown(&h, lang), Some(CountStep::Result));
    let half = q(2 * 81);
    let komi = q(i64::from(game.rules().komi.0));
    let need = q(2 * 81 + i64::from(game.rules().komi.0));
    assert_eq!(
        (half.as_str(), komi.as_str(), need.as_str()),
        ("40½", "3¾", "44¼")
    );
    assert!(shows(
        &h,
        &lang.pick(
            format!("棋盘一共81个点，一半是{half}子。"),
            String::new(),
            format!("The board has 81 points: half of it is {half}."),
        )
    ));
    assert!(shows(
        &h,
        &lang.pick(
            format!("要贴{komi}子（贴子），所以黑棋要超过{need}子才赢。"),
            String::new(),
            format!("so Black needs more than {need} to win."),
        )
    ));
    assert!(shows(
        &h,
        &lang.pick(
            format!("黑棋有{bt}子：{}。", result.zh_hans()),
            String::new(),
            format!("Black has {bt}: {}", result.en()),
        )
    ));
    assert_eq!(result.to_sgf(), "B+1.5");
    // Black's area and what Black needs, large beside the board.
    assert!(shows(&h, T::BlackNeeds.text(lang)) && h.query_by_label(&need).is_some());
    assert!(board_label(&h, lang).contains("black needs more than 44¼: B+1.5"));
    let next = h.get_by_label(T::CountNext.text(lang));
    assert!(
        next.accesskit_node().is_disabled(),
        "no step after the last"
    );
    // Back to the areas, and to the start.
    click(&mut h, T::CountBack.text(lang));
    assert_eq!(step_shown(&h, lang), Some(CountStep::Area));
    click(&mut h, T::CountBack.text(lang));
    click(&mut h, T::CountBack.text(lang));
    assert_eq!(step_shown(&h, lang), Some(CountStep::Captured));
    // A new game ends the lesson.
    click(&mut h, T::PlayAgain.text(lang));
    assert!(h.query_by_label(T::CountNext.text(lang)).is_none());
}
