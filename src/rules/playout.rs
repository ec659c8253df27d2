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
        let n = self.board().empty_count();
        if n > 0 {
            for _ in 0..PICKS {
                let i = below(n);
                if i >= n {
                    break;
                }
                let p = self.board().empty_cell(i);
                if self.qualifies(color, own, p) {
                    return self.play_chosen(color, p);
                }
            }
        }
        self.play_random_exhaustive(color, below)
    }

    /// The second half of [`Game::play_random`]: sampling without replacement from a copy of
    /// the empty points, on the stack (no allocation per move). The first qualifying point of
    /// a random order is uniform among the qualifying points, and when none qualifies the scan
    /// ends in a pass.
    #[inline(never)]
    fn play_random_exhaustive(
        &mut self,
        color: Color,
        below: &mut impl FnMut(usize) -> usize,
    ) -> Move {
        let own = code(color);
        let mut pool = [0u16; MAX_POINTS];
        let empties = self.board().empty_cells();
        let mut k = empties.len();
        pool[..k].copy_from_slice(empties);
        while k > 0 {
            let i = below(k).min(k - 1);
            let p = usize::from(pool[i]);
            if self.qualifies(color, own, p) {
                return self.play_chosen(color, p);
            }
            k -= 1;
            pool.swap(i, k);
        }
        self.apply(color, None);
        Move::Pass
    }

    /// Plays the stone the policy chose.
    #[inline]
    fn play_chosen(&mut self, color: Color, p: usize) -> Move {
        let c = self.board().coord(p);
        self.apply(color, Some(p));
        Move::Play(c)
    }

    /// Whether a `color` stone (cell code `own`) on the empty cell `p` is a move of the policy:
    /// legal and not filling one of `color`'s own one-point eyes.
    #[inline(always)]
    fn qualifies(&self, color: Color, own: u8, p: usize) -> bool {
        self.board().is_policy_point(p, own) && self.check_repetition(color, p).is_ok()
    }
}
