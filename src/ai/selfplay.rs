//! Level against level: whole games between two computer players, for the tests that a level
//! beats the weaker one, for the benchmark of the full match and for `tianyuan gtp`-free
//! checks. Pure and deterministic for the seed.

use super::capture_player::CapturePlayer;
use super::go_player::GoPlayer;
use super::level::Level;
use super::rng::mix;
use crate::rules::{Color, Game, Komi, Move, Rules, area_count, score};
use crate::teach::capture::{CaptureGame, CaptureSettings, CaptureStatus};

/// The tally of a match between player A and player B.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Games won by A.
    pub a_wins: u32,
    /// Games won by B.
    pub b_wins: u32,
    /// Drawn games (or games stopped at the move cap).
    pub draws: u32,
    /// Moves and passes played in all games.
    pub moves: u64,
}

impl MatchResult {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.a_wins + self.b_wins + self.draws
    }

    /// A's score, a draw counting half, as a fraction of the games (0 with no games).
    pub fn a_rate(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.0;
        }
        (f64::from(self.a_wins) + 0.5 * f64::from(self.draws)) / f64::from(games)
    }

    fn add(&mut self, a_won: Option<bool>, moves: usize) {
        match a_won {
            Some(true) => self.a_wins += 1,
            Some(false) => self.b_wins += 1,
            None => self.draws += 1,
        }
        self.moves += u64::try_from(moves).unwrap_or(u64::MAX);
    }
}

/// Plays one capture game between `black` and `white`; returns the final status and the number
/// of moves. Games longer than three moves per point are stopped and count as drawn.
pub fn capture_game(
    settings: CaptureSettings,
    black: &CapturePlayer,
    white: &CapturePlayer,
) -> (CaptureStatus, usize) {
    let Ok(mut game) = CaptureGame::new(settings) else {
        return (CaptureStatus::Drawn, 0);
    };
    let cap = 3 * usize::from(settings.size) * usize::from(settings.size);
    let mut moves = 0;
    while !game.status().is_over() && moves < cap {
        let color = game.to_move();
        let player = if color == Color::Black { black } else { white };
        let mv = player.choose_move(game.game(), color, settings.target);
        if game.play(color, mv).is_err() {
            // A player's move is always legal; should one not be, the game is a pass.
            let _ = game.play(color, Move::Pass);
        }
        moves += 1;
    }
    let status = game.status();
    let status = if status.is_over() {
        status
    } else {
        CaptureStatus::Drawn
    };
    (status, moves)
}

/// `games` capture games of level `a` against level `b`, colours alternating (A is Black in
/// the even-numbered games), each game with its own seeds derived from `seed`.
pub fn capture_match(
    a: Level,
    b: Level,
    games: u32,
    settings: CaptureSettings,
    seed: u64,
) -> MatchResult {
    let mut result = MatchResult::default();
    for i in 0..games {
        let pa = CapturePlayer::new(a, mix(&[seed, u64::from(i), 0xA]));
        let pb = CapturePlayer::new(b, mix(&[seed, u64::from(i), 0xB]));
        let a_black = i % 2 == 0;
        let (black, white) = if a_black { (&pa, &pb) } else { (&pb, &pa) };
        let (status, moves) = capture_game(settings, black, white);
        let a_color = if a_black { Color::Black } else { Color::White };
        result.add(status.winner().map(|w| w == a_color), moves);
    }
    result
}

/// Plays one game of Go on an empty board of `size` with `komi` points between `black` and
/// `white` until two passes or three moves per point; returns the winner by area count (every
/// stone on the board alive, as the players play on until the dead stones are captured) and
/// the number of moves.
pub fn go_game(size: u8, komi: f64, black: &GoPlayer, white: &GoPlayer) -> (Option<Color>, usize) {
    let rules = Rules {
        komi: Komi::from_points(komi).unwrap_or(Komi::CHINESE),
        ..Rules::default()
    };
    let Ok(mut game) = Game::new(size, rules) else {
        return (None, 0);
    };
    let cap = 3 * usize::from(size) * usize::from(size);
    while game.consecutive_passes() < 2 && game.move_number() < cap {
        let color = game.to_move();
        let player = if color == Color::Black { black } else { white };
        let mv = player.choose_move(&game, color);
        if game.play(color, mv).is_err() {
            let _ = game.play(color, Move::Pass);
        }
    }
    let result = score(
        &area_count(game.board(), &[]),
        game.rules(),
        game.handicap(),
    );
    (result.winner, game.move_number())
}

/// `games` Go games of level `a` against level `b` on `size` with `komi`, colours alternating.
pub fn go_match(a: Level, b: Level, games: u32, size: u8, komi: f64, seed: u64) -> MatchResult {
    let mut result = MatchResult::default();
    for i in 0..games {
        let pa = GoPlayer::new(a, mix(&[seed, u64::from(i), 0xA]));
        let pb = GoPlayer::new(b, mix(&[seed, u64::from(i), 0xB]));
        let a_black = i % 2 == 0;
        let (black, white) = if a_black { (&pa, &pb) } else { (&pb, &pa) };
        let (winner, moves) = go_game(size, komi, black, white);
        let a_color = if a_black { Color::Black } else { Color::White };
        result.add(winner.map(|w| w == a_color), moves);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teach::capture::StartPosition;

    fn level(n: u8) -> Level {
        Level::new(n).expect("1 to 5")
    }

    fn nine(target: u32) -> CaptureSettings {
        CaptureSettings {
            size: 9,
            target,
            start: StartPosition::Empty,
            handicap: 0,
        }
    }

    /// Issue 11 item 8: every level beats the one below over seeded games, in the capture game
    /// (first capture wins, 9×9). The short version of `tianyuan selfplay`; the full match is
    /// the benchmark. (stronger, weaker, games, least score of the stronger).
    #[test]
    fn issue_11_each_capture_level_beats_the_level_below() {
        for (strong, weak, games, least) in [
            (2, 1, 16, 0.9),
            (3, 2, 24, 0.6),
            (4, 3, 16, 0.6),
            (5, 4, 10, 0.6),
        ] {
            let r = capture_match(level(strong), level(weak), games, nine(1), 2024);
            assert!(
                r.a_rate() >= least,
                "level {strong} scored {:.2} against level {weak}: {r:?}",
                r.a_rate()
            );
        }
    }

    /// Issue 11 item 8 for ordinary Go on 9×9: more playouts and the tactics beat fewer.
    #[test]
    fn issue_11_go_levels_beat_weaker_levels() {
        for (strong, weak, games, least) in [(2, 1, 4, 0.75), (3, 2, 4, 0.75)] {
            let r = go_match(level(strong), level(weak), games, 9, 7.5, 5);
            assert!(
                r.a_rate() >= least,
                "Go level {strong} scored {:.2} against level {weak}: {r:?}",
                r.a_rate()
            );
        }
    }

    #[test]
    fn matches_are_deterministic_and_alternate_colours() {
        let a = capture_match(level(2), level(1), 4, nine(3), 9);
        let b = capture_match(level(2), level(1), 4, nine(3), 9);
        assert_eq!(a, b);
        assert_eq!(a.games(), 4);
    }

    /// The full match, printed: `cargo test --lib full_level_match -- --ignored --nocapture`.
    #[test]
    #[ignore = "minutes: the full match (also `tianyuan selfplay`)"]
    fn full_level_match() {
        let games: u32 = std::env::var("TIANYUAN_MATCH_GAMES")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(100);
        let target: u32 = std::env::var("TIANYUAN_MATCH_TARGET")
            .ok()
            .and_then(|g| g.parse().ok())
            .unwrap_or(1);
        // TIANYUAN_MATCH_LEVELS=45 plays only levels 4 and 5 against the level below.
        let levels: Vec<u8> = std::env::var("TIANYUAN_MATCH_LEVELS")
            .map(|s| {
                s.bytes()
                    .filter(u8::is_ascii_digit)
                    .map(|b| b - b'0')
                    .collect()
            })
            .unwrap_or_else(|_| vec![2, 3, 4, 5]);
        for n in levels.into_iter().filter(|n| (2..=5).contains(n)) {
            let r = capture_match(level(n), level(n - 1), games, nine(target), 1);
            println!(
                "capture to {target}: level {n} vs {}: {:.1} % ({r:?})",
                n - 1,
                100.0 * r.a_rate()
            );
        }
    }
}
