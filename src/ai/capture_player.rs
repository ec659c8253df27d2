//! The computer player of the capture game (吃子棋): a one- or two-move search over the rules
//! core whose evaluation reads every weak chain with the tactical [`Reader`], so it sees
//! ladders and nets coming instead of walking into them.
//!
//! What the levels do (the teacher's knob, weakest first):
//! 1. Plays at random, but takes a capture it sees half the time: a child who has learnt
//!    what atari means wins.
//! 2. Looks one move ahead at liberty counts only: captures what is in atari, runs from atari,
//!    avoids self-atari; plenty of randomness. Walks into ladders.
//! 3. Reads ladders (not nets) with a small budget; a little randomness.
//! 4. Reads ladders and nets, and chains of up to three liberties, with a larger budget.
//! 5. Level 4 plus a second move of look-ahead for its best candidates (the opponent's forcing
//!    replies: ataris, captures, escapes and the points next to the move).
//!
//! Deterministic: the random choices come from a SplitMix64 seeded by the player's seed, the
//! position and the move number, and all reading is bounded by counts of positions.

use super::level::Level;
use super::rng::{SplitMix64, mix};
use super::tactics::{ReadLimits, Reader};
use crate::rules::{Color, Coord, Game, Move};
use crate::teach::capture::{CaptureStatus, capture_status, legal_points};
use crate::teach::chains::{ChainInfo, Chains, neighbours};

/// The value of a won position; anything above `WIN / 2` is a forced win.
const WIN: f64 = 1000.0;

/// What a level does: reading limits, look-ahead and randomness.
#[derive(Clone, Copy, Debug)]
struct Profile {
    /// `None`: no reading, liberty counts only.
    reading: Option<ReadLimits>,
    /// Half-width of the uniform random term added to each move's score, in stones.
    noise: f64,
    /// Level 1 only: the chance of taking a capture when one is on the board.
    random_play: Option<f64>,
    /// How many of the best moves get a second move of look-ahead (0: none).
    second_ply: usize,
    /// Whether the player may pass to avoid a losing move (and end a game it leads).
    smart_pass: bool,
}

fn profile(level: Level) -> Profile {
    let read = |nodes, nets, libs| {
        Some(ReadLimits {
            nodes_per_read: nodes,
            nets,
            max_attack_liberties: libs,
        })
    };
    match level.get() {
        1 => Profile {
            reading: None,
            noise: 0.0,
            random_play: Some(0.5),
            second_ply: 0,
            smart_pass: false,
        },
        2 => Profile {
            reading: None,
            noise: 0.8,
            random_play: None,
            second_ply: 0,
            smart_pass: false,
        },
        3 => Profile {
            reading: read(120, false, 2),
            noise: 0.3,
            random_play: None,
            second_ply: 0,
            smart_pass: true,
        },
        4 => Profile {
            reading: read(400, true, 3),
            noise: 0.05,
            random_play: None,
            second_ply: 0,
            smart_pass: true,
        },
        _ => Profile {
            reading: read(600, true, 3),
            noise: 0.05,
            random_play: None,
            second_ply: 16,
            smart_pass: true,
        },
    }
}

/// The capture-game player of one level and seed.
#[derive(Clone, Debug)]
pub struct CapturePlayer {
    level: Level,
    seed: u64,
}

/// What one decision cost, for benchmarks and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions the tactical reader visited.
    pub read_nodes: u64,
    /// Positions evaluated.
    pub evaluations: u64,
}

impl CapturePlayer {
    /// A player of `level` whose random choices follow `seed`.
    pub fn new(level: Level, seed: u64) -> CapturePlayer {
        CapturePlayer { level, seed }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// `color`'s move in `game` for the capture game with `target` stones to capture: always
    /// legal; a pass only when the game is over, when there is no legal point, or (levels 3 to
    /// 5) to end a game the player leads after the opponent passed or to avoid a move that
    /// loses. Does not change `game`.
    pub fn choose_move(&self, game: &Game, color: Color, target: u32) -> Move {
        self.choose_move_with_stats(game, color, target).0
    }

    /// The value of `color`'s candidate moves in stones, best first, as this level sees them
    /// (no randomness): a forced win is about +1000, a forced loss about −1000. For a
    /// teacher's hint, and for tests. Empty for level 1, which does not evaluate.
    pub fn move_values(&self, game: &Game, color: Color, target: u32) -> Vec<(Coord, f64)> {
        let profile = profile(self.level);
        if profile.random_play.is_some() || capture_status(game, target).is_over() {
            return Vec::new();
        }
        let mut eval = Evaluator {
            reader: profile.reading.map(Reader::new),
            target: usize::try_from(target.max(1)).unwrap_or(usize::MAX),
            evaluations: 0,
        };
        let points = legal_points(game, color);
        let mut scored = score_moves(game, color, &points, &profile, &mut eval);
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.into_iter().map(|(v, c)| (c, v)).collect()
    }

    /// [`CapturePlayer::choose_move`] with what the decision cost.
    pub fn choose_move_with_stats(
        &self,
        game: &Game,
        color: Color,
        target: u32,
    ) -> (Move, SearchStats) {
        let mut stats = SearchStats::default();
        if capture_status(game, target).is_over() {
            return (Move::Pass, stats);
        }
        let points = legal_points(game, color);
        if points.is_empty() {
            return (Move::Pass, stats);
        }
        let number = u64::try_from(game.move_number()).unwrap_or(u64::MAX);
        let mut rng = SplitMix64::new(mix(&[
            self.seed,
            game.board().hash(),
            number,
            color.letter() as u64,
        ]));
        let profile = profile(self.level);
        if let Some(greed) = profile.random_play {
            return (random_move(game, color, &points, greed, &mut rng), stats);
        }
        let mut eval = Evaluator {
            reader: profile.reading.map(Reader::new),
            target: usize::try_from(target.max(1)).unwrap_or(usize::MAX),
            evaluations: 0,
        };
        let opponent_passed = game
            .last_move()
            .is_some_and(|(c, m)| c == color.opponent() && m == Move::Pass);
        let leads = game.captures(color) > game.captures(color.opponent());
        if profile.smart_pass && opponent_passed && leads {
            return (Move::Pass, stats);
        }
        let scored = score_moves(game, color, &points, &profile, &mut eval);
        let mut best: Option<(f64, Coord)> = None;
        for &(value, c) in &scored {
            let noisy = value + profile.noise * (rng.unit() * 2.0 - 1.0);
            if best.is_none_or(|(b, _)| noisy > b) {
                best = Some((noisy, c));
            }
        }
        stats.evaluations = eval.evaluations;
        stats.read_nodes = eval.reader.as_ref().map_or(0, Reader::total_nodes);
        let Some((best_value, best_move)) = best else {
            return (Move::Pass, stats);
        };
        // Passing instead of a move that loses (never when a pass would end the game lost).
        if profile.smart_pass && best_value < -WIN / 2.0 && !opponent_passed {
            let mut passed = game.clone();
            if passed.play(color, Move::Pass).is_ok()
                && -eval.value(&passed, color.opponent()) > best_value
            {
                return (Move::Pass, stats);
            }
        }
        (Move::Play(best_move), stats)
    }
}

/// Each legal point's value for `color` in stones (±1000 for a forced win or loss): one move
/// of look-ahead for every point, then a second move for the best few (the opponent's forcing
/// replies) when the level has one; only those few are returned then, since a move not looked
/// at twice would look better than it is.
fn score_moves(
    game: &Game,
    color: Color,
    points: &[Coord],
    profile: &Profile,
    eval: &mut Evaluator,
) -> Vec<(f64, Coord)> {
    let mut scored: Vec<(f64, Coord)> = Vec::with_capacity(points.len());
    for &c in points {
        let mut next = game.clone();
        if next.play(color, Move::Play(c)).is_err() {
            continue;
        }
        let value = -eval.value(&next, color.opponent());
        scored.push((value, c));
    }
    // Every move loses against best play: the opponent may not find the win, so choose as
    // if reading nothing, by liberties and immediate captures only (never a self-atari
    // because all moves look equally lost).
    if scored.iter().all(|&(v, _)| v <= -WIN / 2.0) {
        let mut hope = Evaluator {
            reader: None,
            target: eval.target,
            evaluations: 0,
        };
        for entry in scored.iter_mut() {
            let mut next = game.clone();
            if next.play(color, Move::Play(entry.1)).is_ok() {
                entry.0 = -WIN + 0.01 * (WIN - hope.value(&next, color.opponent()));
            }
        }
        eval.evaluations += hope.evaluations;
        return scored;
    }
    if profile.second_ply > 0 {
        scored.sort_by(|a, b| {
            b.0.total_cmp(&a.0)
                .then((a.1.y, a.1.x).cmp(&(b.1.y, b.1.x)))
        });
        scored.truncate(profile.second_ply);
        for entry in scored.iter_mut() {
            if entry.0.abs() >= WIN / 2.0 {
                continue;
            }
            let mut next = game.clone();
            if next.play(color, Move::Play(entry.1)).is_err() {
                continue;
            }
            entry.0 = entry.0.min(eval.worst_reply(&next, color, entry.1));
        }
    }
    scored
}

/// Level 1: a capture with probability `greed` when one is on the board, else any legal point.
fn random_move(
    game: &Game,
    color: Color,
    points: &[Coord],
    greed: f64,
    rng: &mut SplitMix64,
) -> Move {
    let chains = Chains::of(game.board());
    let captures: Vec<Coord> = chains
        .of_color(color.opponent())
        .filter(|ch| ch.in_atari())
        .map(|ch| ch.liberties[0])
        .filter(|c| points.contains(c))
        .collect();
    if !captures.is_empty() && rng.unit() < greed {
        return Move::Play(captures[rng.below(captures.len())]);
    }
    Move::Play(points[rng.below(points.len())])
}

/// The position evaluator: captures, what each side can capture or lose next, liberties.
struct Evaluator {
    reader: Option<Reader>,
    target: usize,
    evaluations: u64,
}

impl Evaluator {
    /// The value of `game` for `side`, who is to move, in stones (±[`WIN`] for a decided game).
    fn value(&mut self, game: &Game, side: Color) -> f64 {
        self.evaluations += 1;
        let target = u32::try_from(self.target).unwrap_or(u32::MAX);
        match capture_status(game, target) {
            CaptureStatus::Won { winner, .. } => {
                return if winner == side { WIN } else { -WIN };
            }
            CaptureStatus::Drawn => return 0.0,
            CaptureStatus::InProgress => {}
        }
        let other = side.opponent();
        let need_side = self.target.saturating_sub(game.captures(side));
        let need_other = self.target.saturating_sub(game.captures(other));
        let chains = Chains::of(game.board());
        // What the side to move can capture now (by reading).
        let mut gain = 0usize;
        for ch in chains.of_color(other) {
            if ch.size() > gain && self.capturable(game, ch, side) {
                gain = ch.size();
            }
        }
        if gain >= need_side {
            return WIN - 1.0;
        }
        // What the opponent threatens to capture, and whether it can be saved.
        let mut dangers: Vec<(usize, bool)> = Vec::new();
        for ch in chains.of_color(side) {
            if self.capturable(game, ch, other) {
                dangers.push((ch.size(), self.savable(game, ch, side)));
            }
        }
        dangers.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
        let largest = dangers.first().map_or(0, |d| d.0);
        let outcome = |won: usize, lost: usize| -> f64 {
            if won >= need_side {
                WIN - 2.0
            } else if lost >= need_other {
                -(WIN - 2.0)
            } else {
                won as f64 - lost as f64
            }
        };
        // Take the best capture (and lose the largest chain in danger), or save the largest
        // chain that can be saved (and lose the largest other one), or neither.
        let mut tactical = outcome(0, largest);
        if gain > 0 {
            tactical = tactical.max(outcome(gain, largest));
        }
        if let Some(i) = dangers.iter().position(|d| d.1) {
            let lost = dangers
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, d)| d.0)
                .max()
                .unwrap_or(0);
            tactical = tactical.max(outcome(0, lost));
        }
        if tactical.abs() >= WIN / 2.0 {
            return tactical;
        }
        let material = game.captures(side) as f64 - game.captures(other) as f64;
        let shape =
            side_shape(&chains, side, game.size()) - side_shape(&chains, other, game.size());
        material + 0.9 * tactical + shape
    }

    /// Whether `attacker` can capture `chain` if it moves now.
    fn capturable(&mut self, game: &Game, chain: &ChainInfo, attacker: Color) -> bool {
        if chain.in_atari() {
            return game.is_legal(attacker, chain.liberties[0]);
        }
        match self.reader.as_mut() {
            Some(reader) if chain.liberty_count() <= reader.limits().max_attack_liberties => {
                reader.attack(game, chain.stones[0]).is_some()
            }
            _ => false,
        }
    }

    /// Whether `owner`, to move, can save `chain` (known to be capturable).
    fn savable(&mut self, game: &Game, chain: &ChainInfo, owner: Color) -> bool {
        match self.reader.as_mut() {
            Some(reader) => reader.defend(game, chain.stones[0]).is_some(),
            None => quick_save(game, chain, owner),
        }
    }

    /// The value for `side` after the opponent's most damaging forcing reply to `played`.
    fn worst_reply(&mut self, game: &Game, side: Color, played: Coord) -> f64 {
        let other = side.opponent();
        let mut worst = -self.value(game, other);
        for r in forcing_replies(game, played) {
            if !game.is_legal(other, r) {
                continue;
            }
            let mut next = game.clone();
            if next.play(other, Move::Play(r)).is_err() {
                continue;
            }
            worst = worst.min(self.value(&next, side));
        }
        worst
    }
}

/// Without reading: a chain in atari is saved if running gives it two liberties or a
/// neighbouring chain in atari can be captured.
fn quick_save(game: &Game, chain: &ChainInfo, owner: Color) -> bool {
    let Some(&lib) = chain.liberties.first() else {
        return false;
    };
    if chain.liberty_count() > 1 {
        return true;
    }
    let mut run = game.clone();
    if run.play(owner, Move::Play(lib)).is_ok() && run.board().liberties(lib) >= 2 {
        return true;
    }
    let board = game.board();
    chain.stones.iter().any(|&s| {
        neighbours(s, board.size())
            .any(|q| board.get(q) == Some(owner.opponent()) && board.liberties(q) == 1)
    })
}

/// The shape value of one side's stones, in stones: chains with few liberties are a weakness
/// the reader has not (yet) turned into a capture; the distinct empty points next to the
/// side's stones are its room (counted once, so connecting costs nothing); the third line and
/// above are safer than the edge.
fn side_shape(chains: &Chains, side: Color, size: u8) -> f64 {
    let mut weakness = 0.0;
    let mut centre = 0.0;
    let mut room: Vec<Coord> = Vec::new();
    for chain in chains.of_color(side) {
        let per_stone = match chain.liberty_count() {
            0 | 1 => 0.6,
            2 => 0.35,
            3 => 0.1,
            _ => 0.0,
        };
        weakness += per_stone * chain.size() as f64;
        for c in &chain.stones {
            let line = c.x.min(c.y).min(size - 1 - c.x).min(size - 1 - c.y);
            centre += 0.03 * f64::from(line.min(2));
        }
        for &l in &chain.liberties {
            if !room.contains(&l) {
                room.push(l);
            }
        }
    }
    0.05 * room.len() as f64 + centre - weakness
}

/// The replies worth a second look after `played`: the liberties of every chain with at most
/// three liberties (ataris, escapes, captures) and the points next to the move.
fn forcing_replies(game: &Game, played: Coord) -> Vec<Coord> {
    let board = game.board();
    let chains = Chains::of(board);
    let mut out: Vec<Coord> = Vec::new();
    for ch in chains.all() {
        if ch.liberty_count() <= 3 {
            out.extend(ch.liberties.iter().copied());
        }
    }
    out.extend(neighbours(played, board.size()).filter(|&q| board.get(q).is_none()));
    out.sort_by_key(|c| (c.y, c.x));
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Rules};

    fn game(diagram: &str, to_move: Color) -> Game {
        let board = Board::from_diagram(diagram).expect("valid diagram");
        Game::from_board(board, Rules::default(), to_move)
    }

    fn at(gtp: &str, size: u8) -> Coord {
        Coord::from_gtp(gtp, size).unwrap_or_else(|| panic!("bad vertex {gtp}"))
    }

    fn level(n: u8) -> Level {
        Level::new(n).expect("1 to 5")
    }

    #[test]
    fn every_level_takes_a_winning_capture_when_greedy_enough() {
        let g = game(
            ". . . . . . .
             . . . . . . .
             . . X . . . .
             . X O X . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
            Color::Black,
        );
        for n in 2..=5 {
            let mv = CapturePlayer::new(level(n), 1).choose_move(&g, Color::Black, 1);
            assert_eq!(mv, Move::Play(at("C3", 7)), "level {n}");
        }
    }

    /// White D3 (liberties D4, E3) against Black C3, D2, E2: a working ladder.
    const LADDER: &str = ". . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . . . . . . . .
                          . . X O . . . . .
                          . . . X X . . . .
                          . . . . . . . . .";

    /// White D4 against Black C4, C5, D3, E3; White G7 breaks both ladders; E5 is a net.
    const NET: &str = ". . . . . . . . .
                       . . . . . . . . .
                       . . . . . . O . .
                       . . . . . . . . .
                       . . X . . . . . .
                       . . X O . . . . .
                       . . . X X . . . .
                       . . . . . . . . .
                       . . . . . . . . .";

    /// Whether `mv` leaves the chain on `target` unsavable with its owner to move.
    fn captures_by_force(g: &Game, color: Color, mv: Move, target: &str) -> bool {
        let mut after = g.clone();
        if after.play(color, mv).is_err() {
            return false;
        }
        let target = at(target, 9);
        after.board().get(target).is_none()
            || Reader::new(ReadLimits::default())
                .defend(&after, target)
                .is_none()
    }

    #[test]
    fn reading_levels_start_the_ladder() {
        let g = game(LADDER, Color::Black);
        for n in 3..=5 {
            let mv = CapturePlayer::new(level(n), 1).choose_move(&g, Color::Black, 1);
            assert!(
                captures_by_force(&g, Color::Black, mv, "D3"),
                "level {n} played {mv:?}"
            );
        }
    }

    #[test]
    fn reading_levels_see_the_net() {
        let g = game(NET, Color::Black);
        // After the net a ladder reader finds the capture, so one move of look-ahead with
        // ladders is enough to play it; levels 4 and 5 also read nets one move deeper.
        for n in 3..=5 {
            let mv = CapturePlayer::new(level(n), 1).choose_move(&g, Color::Black, 1);
            assert_eq!(mv, Move::Play(at("E5", 9)), "level {n}");
        }
        // Level 2 reads nothing: the net is not a forced win for it.
        let values = CapturePlayer::new(level(2), 1).move_values(&g, Color::Black, 1);
        assert!(values.iter().all(|&(_, v)| v < WIN / 2.0), "{values:?}");
    }

    #[test]
    fn reading_levels_escape_before_the_ladder_starts() {
        let g = game(LADDER, Color::White);
        for n in 3..=5 {
            let mv = CapturePlayer::new(level(n), 1).choose_move(&g, Color::White, 1);
            let mut after = g.clone();
            after.play(Color::White, mv).expect("legal");
            let reader_says = Reader::new(ReadLimits::default()).attack(&after, at("D3", 9));
            assert_eq!(
                reader_says, None,
                "level {n} played {mv:?} and D3 can be laddered"
            );
        }
    }

    #[test]
    fn levels_four_and_five_escape_before_the_net() {
        let g = game(NET, Color::White);
        for n in 4..=5 {
            let mv = CapturePlayer::new(level(n), 1).choose_move(&g, Color::White, 1);
            let mut after = g.clone();
            after.play(Color::White, mv).expect("legal");
            let reader_says = Reader::new(ReadLimits::default()).attack(&after, at("D4", 9));
            assert_eq!(
                reader_says, None,
                "level {n} played {mv:?} and D4 can be netted"
            );
        }
    }

    #[test]
    fn the_player_is_deterministic_for_a_seed() {
        let g = Game::new(9, Rules::default()).expect("9x9");
        for n in 1..=5 {
            let a = CapturePlayer::new(level(n), 7).choose_move(&g, Color::Black, 3);
            let b = CapturePlayer::new(level(n), 7).choose_move(&g, Color::Black, 3);
            assert_eq!(a, b, "level {n}");
            assert!(matches!(a, Move::Play(_)));
        }
    }

    #[test]
    fn a_finished_game_gets_a_pass() {
        let mut g = Game::new(9, Rules::default()).expect("9x9");
        for (color, m) in [
            (Color::Black, "B1"),
            (Color::White, "A1"),
            (Color::Black, "A2"),
        ] {
            g.play(color, Move::Play(at(m, 9))).expect("legal");
        }
        let mv = CapturePlayer::new(level(5), 1).choose_move(&g, Color::White, 1);
        assert_eq!(mv, Move::Pass);
    }
}
