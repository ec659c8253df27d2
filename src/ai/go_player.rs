//! The computer player for beginners' games of ordinary Go on small boards (9×9, 13×13):
//! flat Monte-Carlo over the rules core's playouts, steered by the capture-game tactics.
//!
//! Each candidate move (legal, not filling one of its own one-point eyes) is tried in random
//! games played to the end by [`Game::play_random`] and counted by area (Art. 9, komi and the
//! handicap return from the game's rules); UCB1 spends the playouts on the promising moves.
//! Levels:
//! 1. No playouts: a capture half the time it sees one, else a random move that keeps two
//!    liberties. A beginner wins.
//! 2. 150 playouts a move.
//! 3. 600 playouts, with the tactics' advice: captures and escapes from atari first.
//! 4. 2 000 playouts; the tactics read ladders.
//! 5. 5 000 playouts; ladders and nets.
//!
//! Passing: the player passes when it has no candidate move, or when the opponent has just
//! passed and the playouts' ownership map says it is ahead after komi, so a child's game ends
//! as soon as the child passes in a lost position. Playout counts bound the search, so the
//! same seed and position always give the same move.

use super::level::Level;
use super::rng::{SplitMix64, mix};
use super::tactics::{ReadLimits, Reader};
use crate::rules::{Color, Coord, Game, GameResult, Move, area_count, score};
use crate::teach::chains::{Chains, neighbours};

/// The per-level settings.
#[derive(Clone, Copy, Debug)]
struct Profile {
    playouts: u32,
    /// Tactical advice as prior playouts: `None` for no reading, else the reader's limits.
    tactics: Option<ReadLimits>,
    /// Whether captures and escapes get a prior at all (levels 3 to 5).
    priors: bool,
}

fn profile(level: Level) -> Profile {
    let read = |nodes, nets| {
        Some(ReadLimits {
            nodes_per_read: nodes,
            nets,
            max_attack_liberties: 2,
        })
    };
    match level.get() {
        1 => Profile {
            playouts: 0,
            tactics: None,
            priors: false,
        },
        2 => Profile {
            playouts: 150,
            tactics: None,
            priors: false,
        },
        3 => Profile {
            playouts: 600,
            tactics: None,
            priors: true,
        },
        4 => Profile {
            playouts: 2_000,
            tactics: read(150, false),
            priors: true,
        },
        _ => Profile {
            playouts: 5_000,
            tactics: read(300, true),
            priors: true,
        },
    }
}

/// Playouts stop after this many moves per point of the board (a ko fight that never ends).
const PLAYOUT_MOVES_PER_POINT: usize = 3;
/// UCB1's exploration constant.
const EXPLORE: f64 = 0.7;
/// Prior playouts (all won) for a move the tactics recommend, all lost for a self-atari.
const PRIOR: f64 = 8.0;

/// The Go player of one level and seed.
#[derive(Clone, Debug)]
pub struct GoPlayer {
    level: Level,
    seed: u64,
}

/// One candidate's statistics.
#[derive(Clone, Copy, Debug)]
struct Arm {
    point: Coord,
    wins: f64,
    visits: f64,
}

impl GoPlayer {
    /// A player of `level` whose random choices follow `seed`.
    pub fn new(level: Level, seed: u64) -> GoPlayer {
        GoPlayer { level, seed }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// `color`'s move in `game` (always legal; see the module docs for passes). Does not
    /// change `game`.
    pub fn choose_move(&self, game: &Game, color: Color) -> Move {
        let number = u64::try_from(game.move_number()).unwrap_or(u64::MAX);
        let mut rng = SplitMix64::new(mix(&[
            self.seed,
            game.board().hash(),
            number,
            0x60 + color.letter() as u64,
        ]));
        let profile = profile(self.level);
        let candidates = candidates(game, color);
        if candidates.is_empty() {
            return Move::Pass;
        }
        if profile.playouts == 0 {
            return beginner_move(game, color, &candidates, &mut rng);
        }
        let mut arms: Vec<Arm> = candidates
            .iter()
            .map(|&point| Arm {
                point,
                wins: 0.0,
                visits: 0.0,
            })
            .collect();
        add_edge_priors(game, &mut arms);
        if profile.priors {
            add_priors(game, color, &mut arms, profile.tactics);
        }
        let size = usize::from(game.size());
        let mut ownership = vec![0i32; size * size];
        let mut done = 0u32;
        let mut scratch = game.clone();
        while done < profile.playouts {
            let total: f64 = arms.iter().map(|a| a.visits).sum::<f64>().max(1.0);
            let pick = pick_arm(&arms, total, &mut rng);
            let Some(arm) = arms.get_mut(pick) else { break };
            scratch.clone_from(game);
            if scratch.play(color, Move::Play(arm.point)).is_err() {
                arm.visits += 1.0;
                done += 1;
                continue;
            }
            let result = playout(&mut scratch, color.opponent(), &mut rng);
            arm.visits += 1.0;
            if result.winner == Some(color) {
                arm.wins += 1.0;
            } else if result.winner.is_none() {
                arm.wins += 0.5;
            }
            add_ownership(&scratch, &mut ownership);
            done += 1;
        }
        let opponent_passed = game
            .last_move()
            .is_some_and(|(c, m)| c == color.opponent() && m == Move::Pass);
        if opponent_passed && ahead_by_ownership(game, color, &ownership, done) {
            return Move::Pass;
        }
        // The most visited move (the usual robust choice), ties to the better rate.
        let best = arms.iter().max_by(|a, b| {
            a.visits
                .total_cmp(&b.visits)
                .then((a.wins / a.visits.max(1.0)).total_cmp(&(b.wins / b.visits.max(1.0))))
        });
        best.map_or(Move::Pass, |a| Move::Play(a.point))
    }
}

/// Legal points that do not fill one of `color`'s own one-point eyes.
fn candidates(game: &Game, color: Color) -> Vec<Coord> {
    let board = game.board();
    board
        .points()
        .filter(|&c| board.get(c).is_none() && !board.is_eye(c, color) && game.is_legal(color, c))
        .collect()
}

/// Level 1: a capture half the time, else a random candidate keeping two liberties.
fn beginner_move(game: &Game, color: Color, candidates: &[Coord], rng: &mut SplitMix64) -> Move {
    let chains = Chains::of(game.board());
    let captures: Vec<Coord> = chains
        .of_color(color.opponent())
        .filter(|ch| ch.in_atari())
        .map(|ch| ch.liberties[0])
        .filter(|c| candidates.contains(c))
        .collect();
    if !captures.is_empty() && rng.unit() < 0.5 {
        return Move::Play(captures[rng.below(captures.len())]);
    }
    let safe: Vec<Coord> = candidates
        .iter()
        .copied()
        .filter(|&c| {
            let mut g = game.clone();
            g.play(color, Move::Play(c)).is_ok() && g.board().liberties(c) >= 2
        })
        .collect();
    let pool = if safe.is_empty() { candidates } else { &safe };
    Move::Play(pool[rng.below(pool.len())])
}

/// Tactical advice as prior playouts: capturing a chain, saving an own chain in atari (wins);
/// a move that leaves its own chain in atari without capturing (losses).
fn add_priors(game: &Game, color: Color, arms: &mut [Arm], tactics: Option<ReadLimits>) {
    let board = game.board();
    let chains = Chains::of(board);
    let mut reader = tactics.map(Reader::new);
    let mut good: Vec<Coord> = Vec::new();
    for ch in chains.all() {
        if ch.color == color.opponent() && ch.in_atari() {
            good.push(ch.liberties[0]);
        }
        if ch.color == color && ch.in_atari() {
            good.extend(ch.liberties.iter().copied());
            // Capturing a neighbour in atari also saves it.
            for &s in &ch.stones {
                for q in neighbours(s, board.size()) {
                    if board.get(q) == Some(color.opponent()) && board.liberties(q) == 1 {
                        good.extend(super::tactics::liberty_points(game, q));
                    }
                }
            }
        }
        if let Some(reader) = reader.as_mut()
            && ch.liberty_count() == 2
        {
            if ch.color == color.opponent() {
                if let Some(m) = reader.attack(game, ch.anchor) {
                    good.push(m);
                }
            } else if let Some(Move::Play(m)) = reader.defend(game, ch.anchor) {
                good.push(m);
            }
        }
    }
    for arm in arms.iter_mut() {
        if good.contains(&arm.point) {
            arm.wins += PRIOR;
            arm.visits += PRIOR;
            continue;
        }
        let mut g = game.clone();
        if g.play(color, Move::Play(arm.point)).is_ok()
            && g.board().liberties(arm.point) == 1
            && g.captures(color) == game.captures(color)
        {
            arm.visits += PRIOR;
        }
    }
}

/// Prior losses for a move on the first line with no stone within two points: random
/// playouts cannot tell such a move is slow, and a beginner should not copy it.
fn add_edge_priors(game: &Game, arms: &mut [Arm]) {
    let board = game.board();
    let size = board.size();
    for arm in arms.iter_mut() {
        let c = arm.point;
        let line = c.x.min(c.y).min(size - 1 - c.x).min(size - 1 - c.y);
        if line > 0 {
            continue;
        }
        let lonely = board.stones().iter().all(|&(s, _)| {
            let d =
                i32::from(s.x).abs_diff(i32::from(c.x)) + i32::from(s.y).abs_diff(i32::from(c.y));
            d > 2
        });
        if lonely {
            arm.visits += PRIOR;
        }
    }
}

/// UCB1 over the arms; unvisited arms first, ties broken at random.
fn pick_arm(arms: &[Arm], total: f64, rng: &mut SplitMix64) -> usize {
    let unvisited: Vec<usize> = (0..arms.len()).filter(|&i| arms[i].visits == 0.0).collect();
    if !unvisited.is_empty() {
        return unvisited[rng.below(unvisited.len())];
    }
    let log_total = total.ln();
    let mut best = 0;
    let mut best_value = f64::MIN;
    for (i, a) in arms.iter().enumerate() {
        let value = a.wins / a.visits + EXPLORE * (log_total / a.visits).sqrt();
        if value > best_value {
            best_value = value;
            best = i;
        }
    }
    best
}

/// Plays random moves from `game` (`to_move` first) until two passes or the move cap, and
/// counts the result by area with every stone alive.
fn playout(game: &mut Game, to_move: Color, rng: &mut SplitMix64) -> GameResult {
    let size = usize::from(game.size());
    let cap = game.move_number() + PLAYOUT_MOVES_PER_POINT * size * size;
    let mut color = to_move;
    let mut passes = game.consecutive_passes().min(1);
    let mut below = |n: usize| rng.below(n);
    while passes < 2 && game.move_number() < cap {
        if game.play_random(color, &mut below) == Move::Pass {
            passes += 1;
        } else {
            passes = 0;
        }
        color = color.opponent();
    }
    let count = area_count(game.board(), &[]);
    score(&count, game.rules(), game.handicap())
}

/// Adds the final position's owners: +1 Black, −1 White per point (stones, and empty points
/// whose neighbours are all of one colour).
fn add_ownership(game: &Game, ownership: &mut [i32]) {
    let board = game.board();
    let size = board.size();
    let n = usize::from(size);
    for c in board.points() {
        let owner = board.get(c).or_else(|| {
            let mut colours = neighbours(c, size).map(|q| board.get(q));
            let first = colours.next().flatten()?;
            colours.all(|k| k == Some(first)).then_some(first)
        });
        let i = usize::from(c.y) * n + usize::from(c.x);
        if let Some(slot) = ownership.get_mut(i) {
            *slot += match owner {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
    }
}

/// Whether `color` wins the area count in which each point goes to the side that owned it
/// in most playouts (contested points split), after komi and the handicap return.
fn ahead_by_ownership(game: &Game, color: Color, ownership: &[i32], playouts: u32) -> bool {
    if playouts == 0 {
        return false;
    }
    let half = i64::from(playouts) / 2;
    let (mut black, mut white) = (0i64, 0i64);
    for &o in ownership {
        let o = i64::from(o);
        if o > half / 2 {
            black += 2;
        } else if o < -(half / 2) {
            white += 2;
        } else {
            black += 1;
            white += 1;
        }
    }
    // In half-points: komi (points) and the handicap return (one point per stone from 2).
    let rules = game.rules();
    let komi_halves = i64::from(rules.komi.0);
    let handicap = i64::from(game.handicap());
    let returned = if rules.handicap_komi_return && handicap >= 2 {
        2 * handicap
    } else {
        0
    };
    let black_margin = black - white - komi_halves - returned;
    match color {
        Color::Black => black_margin > 0,
        Color::White => black_margin < 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Rules};

    fn level(n: u8) -> Level {
        Level::new(n).expect("1 to 5")
    }

    #[test]
    fn moves_are_legal_and_deterministic() {
        let g = Game::new(9, Rules::default()).expect("9x9");
        for n in [1, 2] {
            let a = GoPlayer::new(level(n), 3).choose_move(&g, Color::Black);
            let b = GoPlayer::new(level(n), 3).choose_move(&g, Color::Black);
            assert_eq!(a, b);
            let Move::Play(c) = a else {
                panic!("level {n} passed on an empty board")
            };
            assert!(g.is_legal(Color::Black, c));
        }
    }

    #[test]
    fn saves_a_big_chain_in_atari() {
        // Black's four stones are in atari at E5; White's C5 group is safe.
        let board = Board::from_diagram(
            ". . . . . . .
             . . O O O . .
             . O X X X O .
             . O X O . . .
             . . O . . . .
             . . . . . . .
             . . . . . . .",
        )
        .expect("valid");
        let g = Game::from_board(board, Rules::default(), Color::Black);
        let mv = GoPlayer::new(level(3), 1).choose_move(&g, Color::Black);
        let libs = super::super::tactics::liberty_points(&g, Coord::new(2, 2));
        assert_eq!(libs.len(), 1);
        assert_eq!(mv, Move::Play(libs[0]));
    }

    #[test]
    fn passes_with_nothing_left_to_do() {
        // Every empty point is one of Black's own eyes.
        let board = Board::from_diagram(
            ". X . X .
             X X X X X
             X X . X X
             X X X X X
             . X X X .",
        )
        .expect("valid");
        let g = Game::from_board(board, Rules::default(), Color::Black);
        assert_eq!(
            GoPlayer::new(level(3), 1).choose_move(&g, Color::Black),
            Move::Pass
        );
    }
}
