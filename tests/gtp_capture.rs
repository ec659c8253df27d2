//! `tianyuan gtp --capture N --level L --seed S` through the real binary: a transcript of the
//! capture game's commands, and whole games against simple opponents (a random player and a
//! greedy one that captures whenever it can), which the computer player must win.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use tianyuan::ai::SplitMix64;
use tianyuan::rules::{Color, Coord, Game, Move, Rules};
use tianyuan::teach::capture::{capture_status, legal_points};

/// A running `tianyuan gtp` with a line-by-line conversation.
struct Session {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tianyuan"))
            .arg("gtp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Session {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends one command and returns the whole response (without the blank line).
    fn ask(&mut self, command: &str) -> String {
        writeln!(self.stdin, "{command}").expect("write");
        self.stdin.flush().expect("flush");
        let mut response = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "the engine closed its output after {command:?}");
            if line == "\n" {
                break;
            }
            response.push_str(&line);
        }
        response.trim_end().to_string()
    }

    /// The body of a successful response; panics on an error response.
    fn ok(&mut self, command: &str) -> String {
        let r = self.ask(command);
        assert!(r.starts_with('='), "{command:?} failed: {r:?}");
        r.trim_start_matches('=').trim().to_string()
    }

    fn quit(mut self) {
        assert_eq!(self.ask("quit"), "=");
        let status = self.child.wait().expect("exit");
        assert!(status.success());
    }
}

#[test]
fn capture_game_transcript() {
    let mut s = Session::start(&["--capture", "1", "--level", "3", "--seed", "7"]);
    assert_eq!(s.ask("known_command tianyuan-capture_winner"), "= true");
    assert!(
        s.ok("list_commands")
            .lines()
            .any(|c| c == "tianyuan-capture_winner")
    );
    assert_eq!(s.ask("tianyuan-capture_winner"), "= none");
    // 9×9 until boardsize; sizes outside 5–19 are refused.
    assert!(s.ok("showboard").contains(" 9 . . . . . . . . . 9"));
    assert_eq!(s.ask("boardsize 4"), "? unacceptable size");
    assert_eq!(s.ask("boardsize 21"), "? unacceptable size");
    assert_eq!(s.ask("boardsize 9"), "=");
    // The player's move is legal and on the board.
    let mv = s.ok("genmove b");
    assert_eq!(s.ok("list_stones b"), mv);
    assert_eq!(s.ask("clear_board"), "=");
    assert_eq!(s.ok("list_stones b"), "");
    // Black captures White's corner stone: first capture wins.
    for cmd in ["play b B1", "play w A1", "play b A2"] {
        assert_eq!(s.ask(cmd), "=", "{cmd}");
    }
    assert_eq!(s.ask("tianyuan-capture_winner"), "= B");
    assert_eq!(s.ask("captures b"), "= 1");
    // After the win: genmove passes, stones are refused, passes accepted.
    assert_eq!(s.ask("genmove w"), "= pass");
    assert_eq!(
        s.ask("play w E5"),
        "? game over: B has won the capture game"
    );
    assert_eq!(s.ask("play w pass"), "=");
    assert_eq!(s.ask("tianyuan-capture_winner"), "= B");
    // Undo reopens it; clear_board starts again.
    assert_eq!(s.ask("undo"), "=");
    assert_eq!(s.ask("undo"), "=");
    assert_eq!(s.ask("undo"), "=");
    assert_eq!(s.ask("tianyuan-capture_winner"), "= none");
    assert_eq!(s.ask("clear_board"), "=");
    assert_eq!(s.ask("tianyuan-capture_winner"), "= none");
    s.quit();
}

#[test]
fn crosscut_start_and_ordinary_engine_unchanged() {
    let mut s = Session::start(&["--capture", "3", "--start", "crosscut"]);
    assert_eq!(s.ok("list_stones b"), "D5 E4");
    assert_eq!(s.ok("list_stones w"), "E5 D4");
    assert_eq!(s.ask("boardsize 6"), "=");
    assert_eq!(s.ok("list_stones b"), "C4 D3");
    s.quit();
    // Without flags: 19×19 and no capture game.
    let mut s = Session::start(&[]);
    assert!(s.ok("showboard").contains("19 . . ."));
    assert_eq!(
        s.ask("tianyuan-capture_winner"),
        "? not playing the capture game (start with --capture N)"
    );
    s.quit();
    // --level without --capture plays ordinary Go.
    let mut s = Session::start(&["--level", "2", "--seed", "3"]);
    assert_eq!(s.ask("boardsize 9"), "=");
    let mv = s.ok("genmove b");
    assert!(Coord::from_gtp(&mv, 9).is_some(), "{mv}");
    s.quit();
}

/// A simple opponent: picks one of `color`'s legal points in the mirrored game.
type Opponent = fn(&Game, Color, &mut SplitMix64) -> Coord;

fn random_opponent(game: &Game, color: Color, rng: &mut SplitMix64) -> Coord {
    let points = legal_points(game, color);
    points[rng.below(points.len())]
}

fn greedy_opponent(game: &Game, color: Color, rng: &mut SplitMix64) -> Coord {
    let points = legal_points(game, color);
    let captures: Vec<Coord> = points
        .iter()
        .copied()
        .filter(|&c| {
            let mut g = game.clone();
            g.play(color, Move::Play(c))
                .is_ok_and(|played| !played.captured.is_empty())
        })
        .collect();
    let pool = if captures.is_empty() {
        &points
    } else {
        &captures
    };
    pool[rng.below(pool.len())]
}

/// Plays `games` capture games of the engine against `opponent` (colours alternating) and
/// returns the engine's wins.
fn engine_wins(level: &str, target: u32, opponent: Opponent, games: u64) -> u64 {
    let target_arg = target.to_string();
    let mut s = Session::start(&["--capture", &target_arg, "--level", level, "--seed", "11"]);
    let mut wins = 0;
    for i in 0..games {
        assert_eq!(s.ask("clear_board"), "=");
        let mut mirror = Game::new(9, Rules::default()).expect("9x9");
        let engine = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut rng = SplitMix64::new(1000 + i);
        let mut color = Color::Black;
        while !capture_status(&mirror, target).is_over() && mirror.move_number() < 200 {
            let letter = color.letter();
            if color == engine {
                let reply = s.ok(&format!("genmove {letter}"));
                let mv = if reply == "pass" {
                    Move::Pass
                } else {
                    Move::Play(Coord::from_gtp(&reply, 9).expect("a vertex"))
                };
                mirror.play(color, mv).expect("the engine's move is legal");
            } else {
                let c = opponent(&mirror, color, &mut rng);
                mirror.play(color, Move::Play(c)).expect("legal");
                assert_eq!(s.ask(&format!("play {letter} {}", c.to_gtp(9))), "=");
            }
            color = color.opponent();
        }
        let winner = s.ok("tianyuan-capture_winner");
        let expected = capture_status(&mirror, target)
            .winner()
            .map_or("none".to_string(), |w| w.letter().to_string());
        assert_eq!(winner, expected, "engine and mirror agree");
        if winner == engine.letter().to_string() {
            wins += 1;
        }
    }
    s.quit();
    wins
}

#[test]
fn capture_player_beats_simple_opponents() {
    for (level, target, opponent, name) in [
        ("3", 1, random_opponent as Opponent, "random"),
        ("3", 3, greedy_opponent as Opponent, "greedy"),
        ("5", 1, greedy_opponent as Opponent, "greedy"),
    ] {
        let wins = engine_wins(level, target, opponent, 6);
        assert!(
            wins >= 6,
            "level {level} to {target} won only {wins} of 6 against the {name} player"
        );
    }
}
