//! Issue 18 item 6: the hall in the table's window. A table walked as a volunteer would, on
//! loopback with a real `nats-server` per test and the `tianyuan` binary as the desk:
//!
//! - without a window (the host and its effects runner): the table linked once with its
//!   credentials, three games in a row on the one link (the desk's copies equal the window's
//!   journals), a ruling from the desk entered once with the PIN (a second accept writes
//!   nothing), a result posted only after both players confirmed it on screen, and the backlog
//!   shown while the server is down;
//! - the window (egui_kittest): the Hall setting typed in the Settings tab, the status light
//!   with the open-server warning, and a ruling accepted from the Arbiter tab with the PIN.
//!
//! Without `nats-server` each test says "skipped".

#[path = "hall_kit/mod.rs"]
mod kit;

use std::path::{Path, PathBuf};
use std::time::Duration;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kit::*;
use tianyuan::app::command::{NewGameRequest, PlayerAction};
use tianyuan::app::effects::Runner;
use tianyuan::app::host::hall::{HallCommand, HallNotice};
use tianyuan::app::{Command, Host, Notice, Settings, TianyuanApp};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::Timestamp;
use tianyuan::files::journal::read_journal;
use tianyuan::hall::link::HallSetting;
use tianyuan::hall::outbox::LinkStatus;
use tianyuan::hall::ruling::{ChiefKey, Signature};
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Coord};
use tianyuan::seal::KdfParams;
use tianyuan::session::GameSetup;
use tianyuan::time::{ManualTimeSource, TimeSource};

const PIN: &str = "arbiter-77";

/// The host and its runner over a sessions folder, at the app's instant `now`.
struct Rig {
    host: Host,
    runner: Runner,
    now: Timestamp,
}

impl Rig {
    fn new(folder: &Path, settings: Settings) -> Rig {
        let (mut host, fx) =
            Host::new(settings, Lang::En, Some(folder.to_path_buf()), Timestamp(0));
        host.kdf = KdfParams::TEST_ONLY;
        let mut rig = Rig {
            host,
            runner: Runner::new(
                tianyuan::wake::none(),
                Box::new(NullAnnouncer::new()),
                false,
            ),
            now: Timestamp(0),
        };
        rig.runner.run(fx);
        rig.settle();
        rig
    }

    /// Applies `cmd` one second after the last one and waits for every answer.
    fn apply(&mut self, cmd: Command) {
        self.now = Timestamp(self.now.0 + 1_000);
        let fx = self.host.apply(cmd, self.now);
        self.runner.run(fx);
        self.settle();
    }

    fn take(&mut self, got: Vec<Command>) {
        for c in got {
            let fx = self.host.apply(c, self.now);
            self.runner.run(fx);
        }
    }

    fn settle(&mut self) {
        for _ in 0..4_000 {
            let mut got = self.runner.poll();
            if got.is_empty() && self.runner.busy() {
                if let Some(c) = self.runner.wait_journal(Duration::from_millis(10)) {
                    got.push(c);
                } else if let Some(c) = self.runner.wait_other(Duration::from_millis(10)) {
                    got.push(c);
                }
            }
            if got.is_empty() && !self.runner.busy() {
                return;
            }
            self.take(got);
        }
        panic!("the runner never settled");
    }

    /// Hears the runner (the hall's light) until `done` holds.
    fn until(&mut self, secs: u64, what: &str, mut done: impl FnMut(&Host) -> bool) {
        let deadline = Deadline::in_secs(secs);
        loop {
            let got = self.runner.poll();
            self.take(got);
            if done(&self.host) {
                return;
            }
            assert!(
                !deadline.passed(),
                "{what}: not within {secs} s; light {:?}, refused {:?}",
                self.host.hall.light,
                self.host.hall.refused
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn click(&mut self, gtp: &str) {
        let c = Coord::from_gtp(gtp, self.host.session().setup().size).expect("a point");
        self.apply(Command::ClickPoint(c));
    }

    fn new_game(&mut self, setup: GameSetup) {
        self.apply(Command::NewGame(Box::new(NewGameRequest {
            setup,
            pin: Some(PIN.to_owned()),
        })));
        assert!(self.host.question.is_none(), "{:?}", self.host.question);
    }

    fn resign(&mut self, c: Color) {
        self.apply(Command::Player(c, PlayerAction::Resign));
        self.apply(Command::ConfirmResign(true));
        assert!(self.host.session().outcome().is_some());
    }

    fn journal(&self) -> PathBuf {
        self.host.game.path.clone().expect("the game is on disk")
    }
}

fn connected(h: &Host) -> bool {
    h.hall.ready.is_some()
        && h.hall
            .light
            .as_ref()
            .is_some_and(|l| l.status == LinkStatus::Connected && l.backlog == 0)
}

fn game(black: &str, white: &str, round: &str) -> GameSetup {
    GameSetup {
        size: 9,
        black: tianyuan::session::Player {
            name: black.into(),
            rank: String::new(),
        },
        white: tianyuan::session::Player {
            name: white.into(),
            rank: String::new(),
        },
        round: round.into(),
        ..GameSetup::default()
    }
}

/// The desk holds exactly this journal: its session, its entries and its head, byte for byte.
fn desk_holds(desk_dir: &Path, journal: &Path) -> bool {
    let Ok((bytes, reading)) = read_journal(journal) else {
        return false;
    };
    let copy = desk_dir.join(format!("table-1/{}.tyj", reading.header.id));
    std::fs::read(copy).is_ok_and(|c| c == bytes)
}

/// A tournament of four players with round 1 paired: (file, board 1's black and white).
fn tournament(dir: &Path) -> (PathBuf, String, String) {
    std::fs::write(
        dir.join("players.csv"),
        "name,rank\nAn,5d\nBo,4d\nCe,3d\nDi,2d\n",
    )
    .unwrap();
    let event = dir.join("event.ron");
    let e = event.display().to_string();
    let players = dir.join("players.csv").display().to_string();
    let (ok, _, err) = run(&[
        "tournament",
        "new",
        &e,
        "--players",
        &players,
        "--system",
        "swiss",
    ]);
    assert!(ok, "{err}");
    let (ok, out, err) = run(&["tournament", "pair", &e, "--round", "1", "--json"]);
    assert!(ok, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let board1 = json
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["board"] == 1)
        .unwrap();
    (
        event,
        board1["black"].as_str().unwrap().to_owned(),
        board1["white"].as_str().unwrap().to_owned(),
    )
}

fn board1_outcome(event: &Path) -> Option<String> {
    let t = tianyuan::tournament::file::from_ron(&std::fs::read_to_string(event).unwrap()).unwrap();
    t.played[0]
        .games
        .iter()
        .find(|g| g.board == 1)
        .and_then(|g| g.outcome)
        .map(|o| o.code().to_owned())
}

#[test]
fn issue18_one_link_carries_three_games_a_desk_ruling_is_entered_once_and_results_wait_for_both_players()
 {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("window-host");
    let port = free_port();
    let desk_dir = dir.join("desk");
    let creds = make_creds(&dir, "cup", 2, port, &desk_dir);
    let conf = creds.join("nats-server.conf");
    let nats = start_server(&server, port, &dir, Some(&conf));
    let url = format!("nats://127.0.0.1:{port}");
    let (event, b1, w1) = tournament(&dir);
    let http = format!("127.0.0.1:{}", free_port());
    let mut desk = Desk::start(
        &url,
        "cup",
        &desk_dir,
        &[
            "--http",
            &http,
            "--creds",
            &creds.join("desk.creds").display().to_string(),
            "--tournament",
            &event.display().to_string(),
        ],
    );
    desk.wait_for("reading stream", 15);

    // The volunteer types the Hall setting once and links the table.
    let sessions = dir.join("sessions");
    let settings = Settings {
        hall: HallSetting {
            enabled: false,
            server: url.clone(),
            event: "cup".into(),
            table: "1".into(),
            creds: creds.join("table-1.creds").display().to_string(),
            desk_key: String::new(),
        },
        ..Settings::default()
    };
    let mut r = Rig::new(&sessions, settings);
    assert!(!r.host.session().setup().players_sign);
    r.apply(Command::Hall(HallCommand::Link));
    assert!(
        r.host.settings.hall.enabled,
        "remembered for the next start"
    );
    // The launch game had nothing written: it is now a game of table 1 the players confirm.
    assert_eq!(r.host.session().setup().table, "1");
    assert!(r.host.session().setup().players_sign);
    r.until(20, "the light connected", connected);
    assert!(!r.host.hall.ready.as_ref().unwrap().open_server);
    let light = tianyuan::app::hall_view::light_text(&r.host).unwrap().1;
    assert!(
        light.contains("connected") && light.contains("backlog 0"),
        "{light}"
    );

    // Game 1: round 1, board 1's players; White resigns.
    r.new_game(game(&b1, &w1, "1"));
    assert_eq!(
        r.host.session().setup().table,
        "1",
        "the table is filled in"
    );
    r.click("E5");
    r.click("C3");
    r.resign(Color::White);
    let g1 = r.journal();
    r.until(20, "game 1 at the desk", |_| desk_holds(&desk_dir, &g1));
    assert!(r.host.session().awaiting_signatures());
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        !desk.said().contains("result table 1"),
        "no result before the players confirm:\n{}",
        desk.said()
    );
    assert_eq!(board1_outcome(&event), None);
    // Black confirms; then White. Only then is the result posted.
    r.apply(Command::Hall(HallCommand::Sign(Color::Black)));
    r.apply(Command::Hall(HallCommand::Sign(Color::Black)));
    assert!(r.host.session().signed(Color::Black));
    r.until(20, "Black's confirmation at the desk", |_| {
        desk_holds(&desk_dir, &g1)
    });
    std::thread::sleep(Duration::from_millis(500));
    assert!(!desk.said().contains("result table 1"));
    r.apply(Command::Hall(HallCommand::Sign(Color::White)));
    assert!(!r.host.session().awaiting_signatures());
    desk.wait_for("result table 1: B+R", 20);
    wait_until(20, "board 1's result in the tournament file", || {
        board1_outcome(&event).is_some()
    });
    assert_eq!(board1_outcome(&event).as_deref(), Some("B"));
    let text = std::fs::read_to_string(&g1).unwrap();
    assert_eq!(
        text.matches("sign B").count(),
        1,
        "a second click writes nothing"
    );
    assert_eq!(text.matches("sign W").count(), 1);

    // Game 2 on the same link: a ruling from the desk, entered once with the PIN.
    r.new_game(game("Ce", "Di", ""));
    r.click("D4");
    let g2 = r.journal();
    r.until(20, "game 2 at the desk", |_| desk_holds(&desk_dir, &g2));
    // The desk's tile follows the new game at once (the link says hello at its first line).
    let id2 = read_journal(&g2).unwrap().1.header.id;
    wait_until(10, "game 2 on the desk's tile", || {
        http_get(&http, "/state.json").contains(&format!("\"session\":\"{id2}\""))
    });
    desk.say("rule 1 warn B 24 \"phone\"");
    desk.wait_for("sent to table 1", 20);
    r.until(20, "the desk's ruling at the board", |h| {
        !h.desk_rulings().0.is_empty()
    });
    let (rows, earlier) = r.host.desk_rulings();
    assert_eq!((rows.len(), earlier), (1, 0));
    let id = rows[0].ruling.id.clone();
    assert!(id.starts_with("R1-"), "{id}");
    assert_eq!(rows[0].signature, Signature::Verified);
    assert_eq!(rows[0].entered, None);
    r.apply(Command::Hall(HallCommand::Accept(id.clone())));
    assert!(r.host.lock.gate.is_open(), "the PIN is asked");
    r.apply(Command::SubmitPin(PIN.to_owned()));
    let n = r.host.session().log().last().unwrap().n;
    assert_eq!(r.host.session().warnings(Color::Black), 1);
    assert_eq!(
        r.host.notice,
        Some(Notice::Hall(HallNotice::RulingEntered(id.clone(), n)))
    );
    assert_eq!(r.host.desk_rulings().0[0].entered, Some(n));
    // Accepted again (the lock is open): nothing is written, it says where it is.
    let entries = r.host.session().log().len();
    r.apply(Command::Hall(HallCommand::Accept(id.clone())));
    assert_eq!(r.host.session().log().len(), entries);
    assert_eq!(r.host.session().warnings(Color::Black), 1);
    assert_eq!(
        r.host.notice,
        Some(Notice::Hall(HallNotice::AlreadyEntered(id.clone(), n)))
    );
    r.until(20, "the entered ruling at the desk", |_| {
        desk_holds(&desk_dir, &g2)
    });
    let text = std::fs::read_to_string(&g2).unwrap();
    assert_eq!(text.matches(&format!("[desk {id}]")).count(), 1);
    r.click("F6");
    r.resign(Color::Black);
    r.apply(Command::Hall(HallCommand::Sign(Color::White)));
    r.apply(Command::Hall(HallCommand::Sign(Color::Black)));

    // Game 3: the server goes down mid-game; the backlog is shown, then caught up.
    r.new_game(game("An", "Di", ""));
    r.click("E5");
    let g3 = r.journal();
    r.until(20, "game 3 at the desk", |_| desk_holds(&desk_dir, &g3));
    drop(nats);
    r.click("C7");
    r.click("G3");
    r.until(20, "the board offline with its backlog", |h| {
        h.hall
            .light
            .as_ref()
            // At least the two moves written offline (entries the desk had not yet
            // acknowledged when the server went may wait with them).
            .is_some_and(|l| matches!(l.status, LinkStatus::Offline { .. }) && l.backlog >= 2)
    });
    let light = tianyuan::app::hall_view::light_text(&r.host).unwrap().1;
    assert!(
        light.contains("offline") && light.contains("backlog"),
        "{light}"
    );
    let _nats = start_server(&server, port, &dir, Some(&conf));
    r.until(30, "the backlog caught up", connected);
    r.until(20, "game 3 at the desk", |_| desk_holds(&desk_dir, &g3));

    // One link carried every game: the desk holds the three journals, byte for byte.
    let state = tianyuan::hall::desk_folder::read_state(&desk_dir).unwrap();
    let table1: Vec<_> = state.iter().filter(|s| s.table == 1).collect();
    assert_eq!(table1.len(), 3, "{state:?}");
    for g in [&g1, &g2, &g3] {
        assert!(desk_holds(&desk_dir, g), "{}", g.display());
    }
    // No other file was read for the link: the host carried the writer's lines.
    assert_eq!(
        r.host.hall.lines_carried() as u32,
        read_journal(&g3).unwrap().1.intact()
    );
    drop(r);
    desk.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The test's hand on the app's clock.
struct SharedTime(std::rc::Rc<ManualTimeSource>);

impl TimeSource for SharedTime {
    fn now(&self) -> Timestamp {
        self.0.now()
    }
}

/// Runs frames until `done` holds (the link answers on its own thread).
fn frames_until(
    h: &mut Harness<'static, TianyuanApp>,
    secs: u64,
    what: &str,
    mut done: impl FnMut(&Harness<'static, TianyuanApp>) -> bool,
) {
    let deadline = Deadline::in_secs(secs);
    loop {
        h.run_steps(1);
        if done(h) {
            return;
        }
        assert!(!deadline.passed(), "{what}: not within {secs} s");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Whether some label on screen contains `text` (the light shows in the tab and beside the
/// clocks).
fn shows(h: &Harness<'static, TianyuanApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn type_into(h: &mut Harness<'static, TianyuanApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run_steps(1);
    h.get_by_label(label).type_text(text);
    h.run_steps(1);
}

#[test]
fn issue18_the_windows_hall_setting_light_and_a_desk_ruling_accepted_with_the_pin() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("window-kittest");
    let port = free_port();
    let _nats = start_server(&server, port, &dir.join("js"), None);
    let url = format!("nats://127.0.0.1:{port}");
    // An open server (a club hall): the board is given the desk's key to accept rulings.
    let key = ChiefKey::from_seed([11; 32]);
    let desk_dir = dir.join("desk");
    std::fs::create_dir_all(&desk_dir).unwrap();
    std::fs::write(
        desk_dir.join("chief-arbiter.key"),
        format!("{}\n", key.seed_hex()),
    )
    .unwrap();
    let http = format!("127.0.0.1:{}", free_port());
    let mut desk = Desk::start(&url, "club", &desk_dir, &["--http", &http]);
    desk.wait_for("reading stream", 15);

    let sessions = dir.join("sessions");
    let time = std::rc::Rc::new(ManualTimeSource::at(Timestamp(1_000)));
    let t = std::rc::Rc::clone(&time);
    let folder = sessions.clone();
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1200.0, 1000.0))
        .build_eframe(move |cc| {
            let mut app = TianyuanApp::with_dialogs(
                &cc.egui_ctx,
                Settings::default(),
                Lang::En,
                Box::new(SharedTime(t)),
                Box::new(NullAnnouncer::new()),
                Some(folder),
                false,
            );
            app.state.kdf = KdfParams::TEST_ONLY;
            app
        });
    h.run_steps(2);
    // The Hall setting, typed in the Settings tab.
    h.get_by_label("Settings").click();
    h.run_steps(2);
    type_into(&mut h, "Server", &url);
    type_into(&mut h, "Event", "club");
    type_into(&mut h, "Table", "1");
    type_into(
        &mut h,
        "Desk key (open server only, optional)",
        &key.public_hex(),
    );
    h.get_by_label("Link this table").click();
    h.run_steps(2);
    frames_until(&mut h, 20, "the light connected", |h| {
        shows(h, "connected to the desk · backlog 0")
    });
    assert!(
        shows(&h, "anyone on this network can publish"),
        "the open server is said"
    );
    h.get_by_label("Unlink");
    let saved = &h.state().state.settings;
    assert!(saved.hall.enabled && saved.hall.table == "1" && saved.hall.event == "club");
    // Remembered between runs.
    let again = Settings::from_ron(&saved.to_ron());
    assert_eq!(again.hall, saved.hall);

    // A game with the arbiter's PIN; a move; the desk warns Black.
    h.state_mut()
        .apply([Command::NewGame(Box::new(NewGameRequest {
            setup: game("An", "Bo", ""),
            pin: Some(PIN.to_owned()),
        }))]);
    assert!(h.state_mut().settle(Duration::from_secs(20)));
    h.state_mut().apply([Command::ClickPoint(Coord::new(4, 4))]);
    assert!(h.state_mut().settle(Duration::from_secs(20)));
    let journal = h.state().state.game.path.clone().expect("on disk");
    frames_until(&mut h, 20, "the game at the desk", |_| {
        desk_holds(&desk_dir, &journal)
    });
    // The status line beside the clocks shows the light on every tab.
    frames_until(&mut h, 20, "the light beside the clocks", |h| {
        shows(h, "connected to the desk · backlog 0")
    });
    let id = read_journal(&journal).unwrap().1.header.id;
    wait_until(10, "the game on the desk's tile", || {
        http_get(&http, "/state.json").contains(&format!("\"session\":\"{id}\""))
    });
    desk.say("rule 1 warn B 24 \"phone\"");
    h.get_by_label("Arbiter").click();
    frames_until(&mut h, 20, "the desk's ruling in the Arbiter tab", |h| {
        h.query_by_label("Enter ruling R1 (PIN)").is_some()
    });
    assert!(shows(&h, "signature verified"));
    h.get_by_label("Enter ruling R1 (PIN)").click();
    h.run_steps(3);
    assert!(h.state().state.lock.gate.is_open(), "the PIN is asked");
    h.get_by_label("PIN").focus();
    h.run_steps(1);
    h.get_by_label("PIN").type_text(PIN);
    h.run_steps(1);
    h.get_by_label_contains("Unlock").click();
    h.run_steps(2);
    assert!(h.state_mut().settle(Duration::from_secs(20)));
    h.run_steps(3);
    let s = h.state().state.session();
    assert_eq!(s.warnings(Color::Black), 1);
    let n = s.log().last().unwrap().n;
    assert!(
        h.query_by_label(&format!("entered as entry {n}")).is_some(),
        "the ruling shows its entry"
    );
    assert!(h.query_by_label("Enter ruling R1 (PIN)").is_none());
    frames_until(&mut h, 20, "the entered ruling at the desk", |_| {
        desk_holds(&desk_dir, &journal)
    });
    desk.quit();
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The light in each language, for a look at the text beside the clocks.
fn light_in(h: &mut Host, lang: Lang) -> String {
    let was = h.lang;
    h.lang = lang;
    let text = tianyuan::app::hall_view::light_text(h).map(|l| l.1);
    h.lang = was;
    text.unwrap_or_default()
}

#[test]
fn issue18_the_desk_gone_and_the_window_killed_with_a_backlog_lose_nothing_and_double_nothing() {
    let Some(server) = nats_server() else {
        println!("skipped: nats-server not installed");
        return;
    };
    let dir = temp("window-restart");
    let port = free_port();
    let desk_dir = dir.join("desk");
    let creds = make_creds(&dir, "cup", 2, port, &desk_dir);
    let conf = creds.join("nats-server.conf");
    let nats = start_server(&server, port, &dir, Some(&conf));
    let url = format!("nats://127.0.0.1:{port}");
    let desk_creds = creds.join("desk.creds").display().to_string();
    let desk = Desk::start(&url, "cup", &desk_dir, &["--creds", &desk_creds]);
    desk.wait_for("reading stream", 15);
    let sessions = dir.join("sessions");
    let settings = Settings {
        hall: HallSetting {
            enabled: true,
            server: url.clone(),
            event: "cup".into(),
            table: "1".into(),
            creds: creds.join("table-1.creds").display().to_string(),
            desk_key: String::new(),
        },
        ..Settings::default()
    };
    // A table linked in an earlier run links again at start.
    let mut r = Rig::new(&sessions, settings.clone());
    r.until(20, "the light connected", connected);

    // Game A: the desk warns Black; the board has the ruling, not entered yet.
    r.new_game(game("An", "Bo", "1"));
    r.click("E5");
    let a = r.journal();
    r.until(20, "game A at the desk", |_| desk_holds(&desk_dir, &a));
    let mut desk = desk;
    desk.say("rule 1 warn B 24 \"phone\"");
    r.until(20, "the desk's ruling at the board", |h| {
        !h.desk_rulings().0.is_empty()
    });
    let id = r.host.desk_rulings().0[0].ruling.id.clone();

    // The desk is killed (-9). The board goes on: White resigns, Black confirms.
    drop(desk);
    r.click("C3");
    r.resign(Color::White);
    r.apply(Command::Hall(HallCommand::Sign(Color::Black)));
    r.until(20, "the desk said silent, entries waiting", |h| {
        h.hall
            .light
            .as_ref()
            .is_some_and(|l| l.desk_silent && l.backlog >= 3)
    });
    for (lang, says) in [
        (Lang::En, "the desk does not answer"),
        (Lang::ZhHans, "裁判长台没有应答"),
        (Lang::ZhHant, "裁判長台沒有應答"),
    ] {
        let text = light_in(&mut r.host, lang);
        assert!(text.contains(says), "{lang:?}: {text}");
    }
    // The server goes down too; game B at the same table is written on this board alone.
    drop(nats);
    r.until(20, "the board offline", |h| {
        h.hall
            .light
            .as_ref()
            .is_some_and(|l| matches!(l.status, LinkStatus::Offline { .. }))
    });
    r.new_game(game("Ce", "Di", "1"));
    r.click("D4");
    r.click("F6");
    let b = r.journal();

    // The window is killed: nothing more is said to anyone.
    drop(r);

    // The server comes back, then the window starts again, linked; the desk is still gone.
    // Game A is offered: its result waits
    // for White's confirmation.
    let _nats = start_server(&server, port, &dir, Some(&conf));
    let mut r = Rig::new(&sessions, settings);
    let offered = r
        .host
        .resume
        .found
        .iter()
        .find(|g| g.path == a)
        .cloned()
        .expect("game A is offered");
    assert!(offered.confirming);
    assert!(
        r.host
            .resume
            .found
            .iter()
            .any(|g| g.path == b && !g.confirming)
    );
    r.apply(Command::ResumeSession(a.clone()));
    assert_eq!(r.host.game.path.as_deref(), Some(a.as_path()));
    assert!(r.host.session().awaiting_signatures());

    // The desk comes back: both games arrive whole. B was never opened again in the window
    // and never reached the server: the link carried it again from its ledger.
    let desk = Desk::start(&url, "cup", &desk_dir, &["--creds", &desk_creds]);
    r.until(30, "the backlog caught up", connected);
    r.until(20, "game A at the desk", |_| desk_holds(&desk_dir, &a));
    r.until(20, "game B at the desk", |_| desk_holds(&desk_dir, &b));
    // The ruling the desk sent before it died is offered again, and entered once.
    r.until(20, "the ruling at the board again", |h| {
        h.desk_rulings().0.iter().any(|row| row.ruling.id == id)
    });
    r.apply(Command::Hall(HallCommand::Accept(id.clone())));
    r.apply(Command::SubmitPin(PIN.to_owned()));
    assert_eq!(
        r.host.session().warnings(Color::Black),
        1,
        "{:?}",
        r.host.notice
    );
    r.apply(Command::Hall(HallCommand::Accept(id.clone())));
    assert!(matches!(
        r.host.notice,
        Some(Notice::Hall(HallNotice::AlreadyEntered(..)))
    ));
    // White confirms: only now is the result posted, with the warning.
    assert!(!desk.said().contains("result table 1"));
    r.apply(Command::Hall(HallCommand::Sign(Color::White)));
    assert!(!r.host.session().awaiting_signatures());
    desk.wait_for("result table 1: B+R (An - Bo) warnings B 1", 20);
    r.until(20, "the last entries at the desk", |_| {
        desk_holds(&desk_dir, &a)
    });
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text.matches(&format!("[desk {id}]")).count(), 1);
    assert_eq!(text.matches("sign W").count(), 1);
    // Nothing twice: one copy per game at the desk, one result.
    let state = tianyuan::hall::desk_folder::read_state(&desk_dir).unwrap();
    assert_eq!(
        state.iter().filter(|s| s.table == 1).count(),
        2,
        "{state:?}"
    );
    let said = desk.quit();
    assert_eq!(
        said.iter().filter(|l| l.contains("result table 1")).count(),
        1,
        "{said:?}"
    );
    drop(r);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue18_a_desk_ruling_waits_for_the_restarts_time_away_decision() {
    // No server needed: the decision comes before anything the link could do.
    let dir = temp("window-gap");
    let sessions = dir.join("sessions");
    let mut r = Rig::new(&sessions, Settings::default());
    let mut setup = game("An", "Bo", "");
    setup.time_control = "sudden:main=10m".parse().ok();
    r.new_game(setup);
    r.click("E5");
    let path = r.journal();
    drop(r);
    let mut r = Rig::new(&sessions, Settings::default());
    r.apply(Command::ResumeSession(path));
    assert!(
        r.host.game.gap.is_some(),
        "the time away waits for a decision"
    );
    let entries = r.host.session().log().len();
    r.apply(Command::Hall(HallCommand::Accept(
        "R1-0123456789abcdef".into(),
    )));
    assert_eq!(r.host.notice, Some(Notice::DecideGapFirst));
    assert!(
        !r.host.lock.gate.is_open(),
        "no PIN asked before the decision"
    );
    assert_eq!(r.host.session().log().len(), entries);
    drop(r);
    let _ = std::fs::remove_dir_all(&dir);
}
