//! Issue 11 items 4, 7 and 8: the GTP client against real processes — GNU Go 3.8 (skipped
//! with a message when `/usr/games/gnugo` is absent; `make test` installs it), our own
//! `tianyuan gtp`, and tiny shell scripts that crash, hang or stream like KataGo.

use std::path::Path;
use std::time::Duration;

use tianyuan::engine::{
    AnalysisLimits, EngineError, EnginePlayer, EngineSpec, GtpEngine, JobState, MatchEnd, Method,
    PlayerLimits, ProcessEngine, ReviewJob, line_points, play_match,
};
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Game, Rules};

const GNUGO: &str = "/usr/games/gnugo";

fn have_gnugo() -> bool {
    let there = Path::new(GNUGO).is_file();
    if !there {
        eprintln!("skipped: {GNUGO} is not installed (Debian: apt install gnugo)");
    }
    there
}

fn ours() -> EngineSpec {
    EngineSpec {
        program: env!("CARGO_BIN_EXE_tianyuan").to_string(),
        args: vec!["gtp".to_string()],
        startup: Duration::from_secs(10),
    }
}

/// A shell script run as an engine.
fn script(body: &str) -> EngineSpec {
    EngineSpec {
        program: "bash".to_string(),
        args: vec!["-c".to_string(), body.to_string()],
        startup: Duration::from_secs(5),
    }
}

const SEC: Duration = Duration::from_secs(5);

#[test]
fn gnugo_level_1_plays_a_whole_9x9_game_against_tianyuan_gtp() {
    if !have_gnugo() {
        return;
    }
    let limits = PlayerLimits::default();
    let mut gnugo = EnginePlayer::start(&EngineSpec::gnugo(1), limits).expect("GNU Go starts");
    let mut tianyuan = EnginePlayer::start(&ours(), limits).expect("tianyuan gtp starts");
    assert_eq!(gnugo.info().title(), "GNU Go 3.8");
    assert!(gnugo.info().knows("estimate_score"));
    let game = Game::new(9, Rules::default()).expect("9x9");
    let out = play_match(&mut gnugo, Some(&mut tianyuan), game, 300, &mut |_, _| {})
        .expect("the match runs to its end");
    assert!(
        out.game.move_number() >= 10,
        "{} moves",
        out.game.move_number()
    );
    match out.end {
        MatchEnd::TwoPasses => {
            // Only now, with the game over, GNU Go is asked to count (bounded time-out).
            let lead = gnugo
                .final_score(&out.game)
                .expect("GNU Go counts a finished game");
            assert!(
                lead > 0.0,
                "GNU Go (Black) should beat a legal-move player: B{lead:+}"
            );
            let dead = gnugo.dead_stones(&out.game).expect("dead stones");
            let ours = out.result(&dead).expect("area count");
            assert_eq!(ours.winner, Some(Color::Black), "{ours:?}");
        }
        MatchEnd::Resigned(who) => assert_eq!(who, Color::White, "GNU Go resigned"),
        MatchEnd::MoveLimit => panic!("no end in 300 moves"),
    }
}

#[test]
fn final_score_is_refused_before_the_game_ends() {
    if !have_gnugo() {
        return;
    }
    let mut gnugo =
        EnginePlayer::start(&EngineSpec::gnugo(1), PlayerLimits::default()).expect("GNU Go");
    let game = Game::new(19, Rules::default()).expect("19x19");
    // On this empty board GNU Go would think for minutes (platform notes: 159 s).
    assert_eq!(gnugo.final_score(&game), Err(EngineError::GameNotFinished));
}

#[test]
fn a_refused_command_carries_the_engines_message_and_the_engine_goes_on() {
    let mut engines = vec![ProcessEngine::start(&ours()).expect("tianyuan gtp")];
    if have_gnugo() {
        engines.push(ProcessEngine::start(&EngineSpec::gnugo(1)).expect("GNU Go"));
    }
    for mut e in engines {
        match e.command("play b Z99", SEC) {
            Err(EngineError::Refused { command, message }) => {
                assert_eq!(command, "play b Z99");
                assert!(!message.is_empty(), "{}", e.label());
            }
            other => panic!("{}: {other:?}", e.label()),
        }
        assert!(
            e.command("name", SEC).is_ok(),
            "{} still answers",
            e.label()
        );
    }
}

#[test]
fn a_missing_program_says_how_to_install_it() {
    let spec = EngineSpec {
        program: "/nonexistent/games/gnugo".to_string(),
        args: Vec::new(),
        startup: SEC,
    };
    let err = ProcessEngine::start(&spec).expect_err("missing");
    assert_eq!(
        err,
        EngineError::Missing {
            program: spec.program.clone()
        }
    );
    assert!(err.text(Lang::En).contains("apt install gnugo"), "{err}");
    assert!(
        err.text(Lang::ZhHans).contains("找不到"),
        "{}",
        err.text(Lang::ZhHans)
    );
}

#[test]
fn an_engine_that_dies_at_start_reports_its_exit_and_stderr() {
    let err = ProcessEngine::start(&script(
        "echo 'cannot open model file m.bin.gz' >&2; exit 3",
    ))
    .expect_err("dies");
    match &err {
        EngineError::Crashed { exit, stderr, .. } => {
            assert!(exit.as_deref().unwrap_or("").contains('3'), "{err:?}");
            assert!(stderr.contains("cannot open model file"), "{err:?}");
        }
        other => panic!("{other:?}"),
    }
    assert!(err.is_fatal());
}

#[test]
fn an_engine_that_crashes_mid_game_fails_every_later_command() {
    // Answers the handshake, then dies on the next command.
    let body = r#"read id cmd; printf '=%s 2\n\n' "$id"; read id cmd; echo 'segfault in search' >&2; kill -SEGV $$"#;
    let mut e = ProcessEngine::start(&script(body)).expect("starts");
    let first = e.command("genmove b", SEC).expect_err("crash");
    assert!(
        matches!(&first, EngineError::Crashed { stderr, .. } if stderr.contains("segfault")),
        "{first:?}"
    );
    assert_eq!(e.command("name", SEC), Err(first));
}

#[test]
fn a_silent_engine_times_out_and_its_late_answer_is_not_taken_for_the_next() {
    let body = r#"
        read id cmd; printf '=%s 2\n\n' "$id"
        read id cmd; sleep 1; printf '=%s late\n\n' "$id"
        while read id cmd; do printf '=%s fresh\n\n' "$id"; done"#;
    let mut e = ProcessEngine::start(&script(body)).expect("starts");
    let err = e
        .command("genmove b", Duration::from_millis(200))
        .expect_err("too slow");
    assert_eq!(
        err,
        EngineError::TimedOut {
            command: "genmove b".into(),
            seconds: 0.2
        }
    );
    assert_eq!(e.command("name", SEC).as_deref(), Ok("fresh"));
    // A hung engine at start-up: the handshake times out, and dropping kills it.
    let mut hung = script("exec sleep 30");
    hung.startup = Duration::from_millis(300);
    assert!(matches!(
        ProcessEngine::start(&hung),
        Err(EngineError::TimedOut { .. })
    ));
}

/// A stand-in for KataGo's `kata-analyze`: info lines every 20 ms until the next command,
/// then the blank line that ends the answer (bash, for `read -t`).
const FAKE_KATAGO: &str = r#"
    reply() { printf '=%s %s\n\n' "$1" "$2"; }
    while read id cmd rest; do
      case "$cmd" in
        list_commands) printf '=%s play\nkata-analyze\nfinal_score\n\n' "$id";;
        name) reply "$id" KataGo;;
        kata-analyze)
          printf '=%s\n' "$id"; n=0
          while true; do
            n=$((n+100))
            printf 'info move D4 visits %d winrate 0.75 scoreLead 6.5 order 0 pv D4 info move C3 visits 5 winrate 0.2 scoreLead -3 order 1 pv C3\n' "$n"
            if read -t 0.02 id cmd rest; then printf '\n'; reply "$id" 2; break; fi
          done;;
        *) reply "$id" "";;
      esac
    done"#;

#[test]
fn a_streaming_analysis_is_stopped_and_read_like_katago() {
    let mut e = ProcessEngine::start(&script(FAKE_KATAGO)).expect("fake katago");
    let limits = AnalysisLimits {
        visits: 500,
        ..AnalysisLimits::default()
    };
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let est = Method::KataAnalyze
        .estimate(&mut e, Color::White, &limits, &cancel)
        .expect("analysis")
        .expect("an estimate");
    // White to move leads by 6.5 with 75 %: Black's view is the opposite.
    assert_eq!(est.black_lead, Some(-6.5));
    assert!((est.black_winrate.unwrap_or(1.0) - 0.25).abs() < 1e-9);
    // The engine listens again after the stop.
    assert_eq!(e.command("name", SEC).as_deref(), Ok("KataGo"));
}

const SHORT_GAME: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese];B[ee];W[gc];B[cf];W[cc];B[dc];W[cd];B[dd];W[bf];B[be];W[ce];B[bg];W[af])";

#[test]
fn review_of_a_short_game_with_gnugo_estimates_every_position() {
    if !have_gnugo() {
        return;
    }
    let reading = tianyuan::record::read_str(SHORT_GAME).expect("sgf");
    let tree = &reading.collection.trees[0];
    let points = line_points(tree, &tree.main_line()).expect("points");
    let total = points.len();
    let job = ReviewJob::start_engine(
        points,
        EngineSpec::gnugo(1),
        AnalysisLimits::default(),
        tianyuan::engine::worker::no_waker(),
    );
    assert!(job.wait(Duration::from_secs(120)), "review finished");
    let r = job.results();
    assert_eq!(r.state, JobState::Finished);
    assert_eq!(r.method, Some(Method::EstimateScore));
    assert_eq!(job.progress().done, total);
    assert!(r.estimates.iter().all(Option::is_some), "{:?}", r.estimates);
    assert_eq!(r.series().len(), total);
    // On the empty board White leads by the komi.
    assert_eq!(r.estimates[0].and_then(|e| e.black_lead), Some(-7.5));
    for s in r.swings(3) {
        assert!(s.loss > 0.0 && s.move_number >= 1);
    }
}

#[test]
fn cancelling_a_review_stops_it() {
    let reading = tianyuan::record::read_str(SHORT_GAME).expect("sgf");
    let tree = &reading.collection.trees[0];
    let points = line_points(tree, &tree.main_line()).expect("points");
    let job = ReviewJob::start_engine(
        points,
        script(FAKE_KATAGO),
        AnalysisLimits {
            visits: u32::MAX,
            budget: Duration::from_secs(30),
            ..AnalysisLimits::default()
        },
        tianyuan::engine::worker::no_waker(),
    );
    std::thread::sleep(Duration::from_millis(300));
    job.cancel();
    assert!(job.wait(Duration::from_secs(20)), "stopped");
    let r = job.results();
    assert_eq!(r.state, JobState::Cancelled);
    assert!(r.done < r.points.len());
}

#[test]
fn playing_white_against_gnugo_through_the_worker_never_blocks() {
    if !have_gnugo() {
        return;
    }
    use tianyuan::engine::{EngineMove, EngineOpponent, OpponentStatus};
    let mut black = EngineOpponent::start(
        EngineSpec::gnugo(10),
        Color::Black,
        Some(1),
        tianyuan::engine::worker::no_waker(),
    );
    let mut game = Game::new(9, Rules::default()).expect("9x9");
    for _ in 0..3 {
        assert!(black.should_think(&game));
        black.think(&game);
        // The app polls once a frame; here every 10 ms, for at most 60 s.
        let mut answer = None;
        for _ in 0..6000 {
            answer = black.poll(&game);
            if answer.is_some() || matches!(black.status(), OpponentStatus::Failed(_)) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // GNU Go may pass (its moves vary from run to run); it does not resign this early.
        let Some(mv) = answer.and_then(EngineMove::as_move) else {
            panic!("GNU Go's move: {answer:?} {:?}", black.status());
        };
        game.play(Color::Black, mv).expect("legal");
        // The person (White) answers with the first legal point.
        let reply = game
            .board()
            .empty_points()
            .find(|&p| game.is_legal(Color::White, p))
            .expect("a point");
        game.play(Color::White, tianyuan::rules::Move::Play(reply))
            .expect("legal");
    }
    assert_eq!(game.move_number(), 6);
}
