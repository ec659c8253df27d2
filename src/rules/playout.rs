//! A random-move policy for playouts, benchmarks and GTP `genmove`: not a player, just a legal
//! move that never fills one of the mover's own one-point eyes.

use super::MAX_SIZE;
use super::board::code;
use super::color::Color;
use super::coord::Move;
use super::game::Game;

const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// How many uniform picks among the empty points are tried before listing every candidate.
const PICKS: usize = 8;

impl Game {
    /// Plays, for `color`, a move chosen uniformly among the legal moves that do not fill one
    /// of `color`'s own one-point eyes ([`super::Board::is_eye`]), or passes when there is none;
    /// returns what was played. `below(n)` must return a uniform random number in `0..n`.
    ///
    /// Uniform by rejection: a few uniform picks among all empty points, each kept if it
    /// qualifies; if none does, the empty points are tried in a random order without
    /// replacement until one qualifies.
    pub fn play_random(&mut self, color: Color, below: &mut impl FnMut(usize) -> usize) -> Move {
        let own = code(color);
        for _ in 0..PICKS {
            let empties = self.board().empty_cells();
            if empties.is_empty() {
                break;
            }
            let Some(&p) = empties.get(below(empties.len())) else {
                break;
            };
            let p = usize::from(p);
            if !self.board().is_eye_at(p, own) && self.check_cell(color, p).is_ok() {
                let c = self.board().coord(p);
                self.apply(color, Some(p));
                return Move::Play(c);
            }
        }
        // Then sampling without replacement from a copy of the empty points, on the stack
        // (no allocation per move): the first qualifying point of a random order is uniform
        // among the qualifying points, and when none qualifies the scan ends in a pass.
        let mut pool = [0u16; MAX_POINTS];
        let empties = self.board().empty_cells();
        let mut k = empties.len();
        pool[..k].copy_from_slice(empties);
        while k > 0 {
            let i = below(k).min(k - 1);
            let p = usize::from(pool[i]);
            if !self.board().is_eye_at(p, own) && self.check_cell(color, p).is_ok() {
                let c = self.board().coord(p);
                self.apply(color, Some(p));
                return Move::Play(c);
            }
            k -= 1;
            pool.swap(i, k);
        }
        self.apply(color, None);
        Move::Pass
    }
}
