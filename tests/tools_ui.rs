//! Issue 11 items 5–7 in the app, driven like a referee, a child and a reviewer would
//! (egui_kittest, no display): the dead-stone suggestion at counting, the problems window,
//! and the engine review in the review tab (a scripted engine: no process is started).

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::rc::Rc;
use std::sync::Arc;
use tianyuan::app::WindowId;
use tianyuan::app::board_view::BoardLook;
use tianyuan::app::command::{NewGameRequest, PlayerAction};
use tianyuan::app::{Command, Tab, TianyuanApp};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::Timestamp;
use tianyuan::engine::{GtpEngine, ScriptedEngine};
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Coord};
use tianyuan::session::{Event, GameSetup, Phase};
use tianyuan::time::{ManualTimeSource, TimeSource};

struct SharedTime(Rc<ManualTimeSource>);

impl TimeSource for SharedTime {
    fn now(&self) -> Timestamp {
        self.0.now()
    }
}

fn rig(lang: Lang) -> Harness<'static, TianyuanApp> {
    let time = Rc::new(ManualTimeSource::at(Timestamp(1_000)));
    let t = Rc::clone(&time);
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 1000.0))
        .build_eframe(move |cc| {
            TianyuanApp::for_tests(
                &cc.egui_ctx,
                lang,
                Box::new(SharedTime(t)),
                Box::new(NullAnnouncer::new()),
            )
        });
    h.run_steps(2);
    h
}

/// Runs frames (the workers wake the UI) until `done` or ten seconds.
fn run_until(h: &mut Harness<'static, TianyuanApp>, done: impl Fn(&TianyuanApp) -> bool) {
    for _ in 0..500 {
        h.run_steps(1);
        if done(h.state()) {
            h.run_steps(2);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("not done in ten seconds");
}

fn click(h: &mut Harness<'static, TianyuanApp>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
    // What the click asked of the runner (the journal, a worker) is answered before the
    // next look: a loaded machine must not turn into a failed assertion.
    assert!(
        h.state_mut().settle(std::time::Duration::from_secs(20)),
        "settled"
    );
    h.run_steps(2);
}

/// Clicks intersection `c` of the board whose accessible label contains `board`.
fn click_point(h: &mut Harness<'static, TianyuanApp>, board: &str, size: u8, c: Coord) {
    let rect = h.get_by_label_contains(board).rect();
    let (x, y) = BoardLook::default().geometry(size, rect).point_of(c);
    let p = egui::pos2(x, y);
    h.hover_at(p);
    h.run_steps(1);
    h.drag_at(p);
    h.run_steps(1);
    h.drop_at(p);
    h.run_steps(2);
}

/// Issue 11 item 5: a finished game reaches counting, the suggestion (worked out off the UI
/// thread) is shown with each doubtful chain's reason, accepting it logs `Dead` entries with
/// the estimator's provenance, and the count and the result follow the marks.
#[test]
fn issue11_counting_shows_the_suggestion_and_accepting_it_logs_the_marks() {
    let mut h = rig(Lang::En);
    let setup = GameSetup {
        size: 9,
        ..GameSetup::default()
    };
    let request = NewGameRequest { setup, pin: None };
    assert!(
        h.state_mut()
            .apply_settled([Command::NewGame(Box::new(request))])
    );
    // Black walls off columns A–C, White owns E–J, and White's stone at B8 is left inside.
    let mut moves = Vec::new();
    for y in 0..9 {
        moves.push(Coord::new(3, y));
        moves.push(Coord::new(4, y));
    }
    moves.push(Coord::new(1, 6));
    moves.push(Coord::new(1, 1));
    for c in moves {
        assert!(h.state_mut().apply_settled([Command::ClickPoint(c)]));
    }
    for color in [Color::Black, Color::White] {
        assert!(
            h.state_mut()
                .apply_settled([Command::Player(color, PlayerAction::Confirm)])
        );
    }
    assert_eq!(h.state().state.session().phase(), &Phase::Counting);
    h.state_mut().state.tab = Tab::Arbiter;
    run_until(&mut h, |app| app.state.dead_help.suggestion().is_some());
    h.get_by_label("Dead-stone suggestion");
    // Nothing is applied before anyone accepts.
    assert!(h.state().state.session().dead_stones().is_empty());
    h.get_by_label_contains("White B8 (1 stone) dead:");
    let suggested = h
        .state()
        .state
        .dead_help
        .suggestion()
        .map(|s| (s.dead.clone(), s.result))
        .expect("suggestion");
    assert_eq!(suggested.0, vec![Coord::new(1, 1)]);
    click(&mut h, "Accept the suggestion");
    let session = h.state().state.session();
    assert_eq!(session.dead_stones(), vec![Coord::new(1, 1)]);
    let logged: Vec<_> = session
        .log()
        .iter()
        .filter(|e| matches!(e.event, Event::Dead(_)))
        .collect();
    assert_eq!(logged.len(), 1);
    assert!(
        logged[0]
            .note
            .as_deref()
            .is_some_and(|n| n.contains("built-in estimator")),
        "{:?}",
        logged[0].note
    );
    let (_, result) = session.count().expect("counting");
    assert_eq!(result, suggested.1, "the count follows the marks");
    h.get_by_label("The marks on the board agree with the suggestion.");
    // The panel in both Chinese scripts: the harness fails on any glyph the fonts lack.
    for (lang, agrees) in [
        (Lang::ZhHans, "棋盘上的死子标记与建议一致。"),
        (Lang::ZhHant, "棋盤上的死子標記與建議一致。"),
    ] {
        let _ = h
            .state_mut()
            .state
            .apply(Command::SetLang(lang), Timestamp(3_000));
        h.run_steps(2);
        h.get_by_label(agrees);
    }
    let _ = h
        .state_mut()
        .state
        .apply(Command::SetLang(Lang::En), Timestamp(3_000));
    h.run_steps(2);
    click(&mut h, "Both agree: record the result");
    assert!(h.state().state.session().outcome().is_some());
}

/// Issue 11 item 6: a child solves the first shipped problem after one wrong try: the
/// refutation is on the board, "Try again" starts over, the right move solves it and the
/// progress says so.
#[test]
fn issue11_a_child_solves_a_shipped_problem_after_one_wrong_try() {
    let mut h = rig(Lang::En);
    let _ = h
        .state_mut()
        .state
        .apply(Command::open(WindowId::Problems), Timestamp(1_000));
    h.run_steps(3);
    // The first shipped collection, however many problems it holds today.
    let shipped =
        tianyuan::record::read(tianyuan::problems::builtin::COLLECTIONS[0].sgf.as_bytes())
            .expect("the shipped collection")
            .collection
            .trees
            .len();
    h.get_by_label(&format!("0 of {shipped} solved (0 at the first try)"));
    // The first shipped problem (capture-4, White to play): the marked black F5 has one
    // liberty, E5. White E6 is wrong (Black extends to E5 and joins D5); White E5 takes it.
    let first = tianyuan::problems::builtin::COLLECTIONS[0].sgf;
    assert!(
        first.contains("TYID[capture-4]PL[W]"),
        "the first problem changed"
    );
    click_point(&mut h, "problem 1", 9, Coord::new(4, 3));
    h.get_by_label("Not quite: see the answer.");
    let refuted = h
        .state()
        .state
        .windows
        .problems
        .game()
        .and_then(|g| g.board().get(Coord::new(4, 4)));
    assert_eq!(
        refuted,
        Some(Color::Black),
        "the refutation is on the board"
    );
    click(&mut h, "Try again");
    click_point(&mut h, "problem 1", 9, Coord::new(4, 4));
    h.get_by_label("Solved!");
    h.get_by_label(&format!("1 of {shipped} solved (0 at the first try)"));
    click(&mut h, "Next problem");
    assert_eq!(h.state().state.windows.problems.index, 1);
}

fn scripted_engine() -> Result<Box<dyn GtpEngine + Send>, tianyuan::engine::EngineError> {
    let mut estimates = 0;
    Ok(Box::new(ScriptedEngine::new("scripted", move |cmd| {
        if cmd.starts_with("list_commands") {
            return Ok(Ok(
                "estimate_score\nplay\nboardsize\nclear_board\nkomi".into()
            ));
        }
        if cmd.starts_with("estimate_score") {
            estimates += 1;
            // Black leads until move 3 is played, then White leads by far.
            return Ok(Ok(if estimates <= 3 { "B+6.0" } else { "W+25.0" }.into()));
        }
        Ok(Ok(String::new()))
    })))
}

/// Issue 11 item 7: "Review with engine…" runs in the background with progress, the graph
/// appears under the board, the biggest swing is listed and a click on it moves the review
/// there; a missing engine is said in words.
#[test]
fn issue11_engine_review_lists_swings_and_jumps_there() {
    let mut h = rig(Lang::En);
    let sgf = b"(;GM[1]FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gc];W[cg];B[gg];W[ge])";
    h.state_mut()
        .state
        .windows
        .review
        .open_bytes(None, sgf, Lang::En)
        .expect("record");
    h.state_mut().state.tab = Tab::Review;
    h.state_mut().state.windows.review_tools.engine_for_tests = Some(Arc::new(scripted_engine));
    h.run_steps(2);
    click(&mut h, "Review with engine…");
    // A new window is measured in its first frame and shown in the next.
    h.run_steps(2);
    click(&mut h, "Start");
    run_until(&mut h, |app| {
        app.state
            .windows
            .review_tools
            .engine
            .as_ref()
            .is_some_and(|e| !e.running())
    });
    h.get_by_label("Engine estimate graph");
    h.get_by_label("Moves to look at");
    let swing = h.state().state.windows.review_tools.swings()[0].clone();
    assert_eq!(swing.move_number, 3, "{swing:?}");
    h.get_by_label_contains("Move 3 Black").click();
    h.run_steps(2);
    assert_eq!(h.state().state.windows.review.review().move_number(), 3);

    // Without the test engine, a program that is not there.
    h.state_mut().state.windows.review_tools.engine_for_tests = None;
    click(&mut h, "Review with engine…");
    h.run_steps(2);
    h.get_by_label("Another GTP engine (command line)").click();
    h.run_steps(1);
    h.state_mut().forms.engine.input.command = "/nonexistent/go-engine --gtp".to_owned();
    h.run_steps(1);
    click(&mut h, "Start");
    run_until(&mut h, |app| {
        app.state
            .windows
            .review_tools
            .engine
            .as_ref()
            .is_some_and(|e| !e.running())
    });
    h.get_by_label_contains("The Go engine \"/nonexistent/go-engine\"");
}
