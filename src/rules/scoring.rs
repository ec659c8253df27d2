//! Area counting (数子法, Art. 9) and the result against the baseline and komi (Art. 11).

use super::board::Board;
use super::color::Color;
use super::coord::Coord;
use super::result::GameResult;
use super::settings::Rules;

/// The count of a finished position, in points (1 point = 1 stone, 子).
#[derive(Clone, Debug, PartialEq)]
pub struct AreaCount {
    /// The board size.
    pub size: u8,
    /// Black's live stones.
    pub black_stones: u32,
    /// White's live stones.
    pub white_stones: u32,
    /// Empty points (dead stones removed) in regions bordering only Black's live stones.
    pub black_territory: u32,
    /// Empty points in regions bordering only White's live stones.
    pub white_territory: u32,
    /// Empty points in regions bordering both sides (dame, seki) or neither (an empty
    /// board): split half each (Art. 9, 21.2).
    pub shared: u32,
    /// Black stones removed as dead.
    pub black_dead: u32,
    /// White stones removed as dead.
    pub white_dead: u32,
}

impl AreaCount {
    /// Black's total in half-stones: 2 × (stones + territory) + shared.
    pub fn black_halves(&self) -> u32 {
        2 * (self.black_stones + self.black_territory) + self.shared
    }

    /// White's total in half-stones: 2 × (stones + territory) + shared.
    pub fn white_halves(&self) -> u32 {
        2 * (self.white_stones + self.white_territory) + self.shared
    }
}

const NONE: u8 = 0;
const BLACK_LIVE: u8 = 1;
const WHITE_LIVE: u8 = 2;

/// Counts `board` by area (Art. 9) after removing the chains of `dead` (any stone of a dead
/// chain marks the whole chain; empty or off-board points in `dead` are ignored). Each
/// connected empty region borders only Black, only White, both, or neither.
pub fn area_count(board: &Board, dead: &[Coord]) -> AreaCount {
    let size = board.size();
    let n = usize::from(size);
    let idx = |c: Coord| usize::from(c.y) * n + usize::from(c.x);
    // Live stone colour per point; NONE for empty and dead points.
    let mut live = vec![NONE; n * n];
    for c in board.points() {
        live[idx(c)] = match board.get(c) {
            Some(Color::Black) => BLACK_LIVE,
            Some(Color::White) => WHITE_LIVE,
            None => NONE,
        };
    }
    let mut count = AreaCount {
        size,
        black_stones: 0,
        white_stones: 0,
        black_territory: 0,
        white_territory: 0,
        shared: 0,
        black_dead: 0,
        white_dead: 0,
    };
    for &d in dead {
        let Some(color) = board.get(d) else { continue };
        if live[idx(d)] == NONE {
            continue; // already removed with its chain
        }
        for s in board.chain(d) {
            live[idx(s)] = NONE;
            match color {
                Color::Black => count.black_dead += 1,
                Color::White => count.white_dead += 1,
            }
        }
    }
    let neighbours = |i: usize| {
        let (x, y) = (i % n, i / n);
        [
            (x > 0).then(|| i - 1),
            (x + 1 < n).then(|| i + 1),
            (y > 0).then(|| i - n),
            (y + 1 < n).then(|| i + n),
        ]
    };
    let mut visited = vec![false; n * n];
    let mut stack = Vec::with_capacity(n * n);
    for start in 0..n * n {
        match live[start] {
            BLACK_LIVE => count.black_stones += 1,
            WHITE_LIVE => count.white_stones += 1,
            _ if !visited[start] => {
                visited[start] = true;
                stack.push(start);
                let mut region = 0u32;
                let mut borders = 0u8;
                while let Some(i) = stack.pop() {
                    region += 1;
                    for j in neighbours(i).into_iter().flatten() {
                        match live[j] {
                            NONE if !visited[j] => {
                                visited[j] = true;
                                stack.push(j);
                            }
                            NONE => {}
                            colour => borders |= colour,
                        }
                    }
                }
                match borders {
                    BLACK_LIVE => count.black_territory += region,
                    WHITE_LIVE => count.white_territory += region,
                    _ => count.shared += region,
                }
            }
            _ => {}
        }
    }
    count
}

/// The result of `count` under `rules` (Art. 9, 11): Black's total in stones, minus komi, minus
/// half the handicap stones when `handicap_komi_return` is set and `handicap` ≥ 2, against the
/// baseline of half the points (180½ on 19×19). Exactly equal is a draw.
pub fn score(count: &AreaCount, rules: &Rules, handicap: u8) -> GameResult {
    // Everything in quarter-stones: a half-stone is 2 quarters.
    let black = 2 * i64::from(count.black_halves());
    let komi = i64::from(rules.komi.0);
    let returned = if rules.handicap_komi_return && handicap >= 2 {
        2 * i64::from(handicap)
    } else {
        0
    };
    let points = i64::from(count.size) * i64::from(count.size);
    let baseline = 2 * points; // points / 2 stones
    let diff = black - komi - returned - baseline;
    let margin_quarters = u32::try_from(diff.unsigned_abs()).unwrap_or(u32::MAX);
    let winner = match diff {
        0 => None,
        d if d > 0 => Some(Color::Black),
        _ => Some(Color::White),
    };
    GameResult {
        winner,
        margin_quarters,
    }
}
