//! Ownership by playouts: how often each point ends as Black's or White's when the position is
//! played out at random, once with Black to move first and once with White.
//!
//! The policy is a light one of the kind Monte-Carlo programs use, chosen so that what is
//! settled at the end of a game stays settled:
//! - capture a chain the opponent's last move left in atari, else save an own chain the last
//!   move put in atari when extending gives it two liberties;
//! - otherwise a uniformly random legal move that does not fill the mover's own one-point eye
//!   and does not put a chain of two or more stones into atari without capturing (so seki,
//!   where either side filling a shared liberty would lose its chain, survives the playout;
//!   a single stone may still be thrown in, as nakade and false eyes need);
//! - pass when no such move is left; two passes in a row end the playout.
//!
//! Simple ko is respected; a move cap guards against long cycles. A playout ends with every
//! empty point in a region bordered by one colour (that colour's) or by both (nobody's).

use crate::rules::Board;
use crate::rules::cell_codes::{EMPTY, WALL};
use crate::rules::Color;
#[cfg(test)]
use crate::rules::Coord;

use super::cells::{Cells, code, on_board};
use super::rng::Rng;

/// How often each point ended as whose, over the playouts from each side to move.
#[derive(Clone, Debug)]
pub(crate) struct Ownership {
    /// Playouts per side to move.
    pub(crate) playouts: u32,
    /// `black[s][p]`: playouts started by side `s` (0 Black, 1 White) in which cell `p` ended
    /// as Black's (a Black stone or a point only Black stones border).
    pub(crate) black: [Vec<u32>; 2],
    /// The same for White.
    pub(crate) white: [Vec<u32>; 2],
}

impl Ownership {
    /// The share of the playouts started by `first` in which cell `p` ended as `color`'s.
    pub(crate) fn share(&self, first: Color, p: usize, color: Color) -> f64 {
        let s = first_index(first);
        let table = match color {
            Color::Black => &self.black[s],
            Color::White => &self.white[s],
        };
        f64::from(table.get(p).copied().unwrap_or(0)) / f64::from(self.playouts.max(1))
    }
}

fn first_index(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// Plays `playouts` random games from `board` with each side to move first, seeded with
/// `seed`, and counts who owns each point at the end.
pub(crate) fn estimate(board: &Board, playouts: u32, seed: u64) -> Ownership {
    let cells = Cells::of(board);
    let mut own = Ownership {
        playouts,
        black: [vec![0; cells.len], vec![0; cells.len]],
        white: [vec![0; cells.len], vec![0; cells.len]],
    };
    let mut rng = Rng::new(seed);
    let mut play = Playout::new(board);
    let mut owner = vec![0u8; cells.len];
    for first in [Color::Black, Color::White] {
        let s = first_index(first);
        for _ in 0..playouts {
            play.reset(board);
            play.run(first, &mut rng);
            play.owners(&mut owner);
            for p in on_board(board) {
                match owner[p] {
                    1 => own.black[s][p] += 1,
                    2 => own.white[s][p] += 1,
                    _ => {}
                }
            }
        }
    }
    own
}

/// One playout's board and its scratch space.
struct Playout {
    board: Board,
    cells: Cells,
    /// The simple-ko point forbidden to the side to move, 0 for none.
    ko: usize,
    removed: Vec<u16>,
    pool: Vec<u16>,
    stack: Vec<usize>,
    seen: Vec<bool>,
}

/// Picks among all empty points before the candidates are listed exhaustively.
const PICKS: usize = 6;

impl Playout {
    fn new(board: &Board) -> Playout {
        let cells = Cells::of(board);
        Playout {
            board: board.clone(),
            cells,
            ko: 0,
            removed: Vec::with_capacity(64),
            pool: Vec::with_capacity(cells.len),
            stack: Vec::with_capacity(cells.len),
            seen: vec![false; cells.len],
        }
    }

    fn reset(&mut self, board: &Board) {
        self.board.clone_from(board);
        self.ko = 0;
    }

    fn run(&mut self, first: Color, rng: &mut Rng) {
        let area = usize::from(self.board.size()) * usize::from(self.board.size());
        let cap = 3 * area + 50;
        let mut to_move = first;
        let mut passes = 0;
        let mut last = 0;
        for _ in 0..cap {
            match self.choose(to_move, last, rng) {
                Some(p) => {
                    self.play(p, to_move);
                    passes = 0;
                    last = p;
                }
                None => {
                    self.ko = 0;
                    passes += 1;
                    last = 0;
                    if passes == 2 {
                        break;
                    }
                }
            }
            to_move = to_move.opponent();
        }
    }

    fn play(&mut self, p: usize, color: Color) {
        self.removed.clear();
        let outcome = self.board.play_at(p, code(color), &mut self.removed);
        self.ko = 0;
        if outcome.captured == 1 && !outcome.suicide {
            let h = self.board.head_of(p);
            if self.board.len_at_head(h) == 1 && self.board.libs_at_head(h) == 1 {
                self.ko = self.removed.first().map_or(0, |&q| usize::from(q));
            }
        }
    }

    /// The move for `color` after the opponent's move on `last` (0: none), or `None` to pass.
    fn choose(&mut self, color: Color, last: usize, rng: &mut Rng) -> Option<usize> {
        let own = code(color);
        if last != 0
            && let Some(p) = self.answer_atari(own, last)
        {
            return Some(p);
        }
        for _ in 0..PICKS {
            let empties = self.board.empty_cells();
            if empties.is_empty() {
                return None;
            }
            let p = usize::from(empties[rng.below(empties.len())]);
            if self.acceptable(p, own) {
                return Some(p);
            }
        }
        self.pool.clear();
        self.pool.extend_from_slice(self.board.empty_cells());
        let mut k = self.pool.len();
        while k > 0 {
            let i = rng.below(k);
            let p = usize::from(self.pool[i]);
            if self.acceptable(p, own) {
                return Some(p);
            }
            k -= 1;
            self.pool.swap(i, k);
        }
        None
    }

    /// Captures the chain just played when it is in atari, else saves an own chain next to it
    /// that it put in atari when extending gives two liberties.
    fn answer_atari(&mut self, own: u8, last: usize) -> Option<usize> {
        let board = &self.board;
        if board.at(last) == 3 - own {
            let h = board.head_of(last);
            if board.libs_at_head(h) == 1
                && let Some(q) = self.one_liberty(h)
                && self.legal(q, own)
            {
                return Some(q);
            }
        }
        for n in self.cells.neighbours(last) {
            if self.board.at(n) != own {
                continue;
            }
            let h = self.board.head_of(n);
            if self.board.libs_at_head(h) != 1 {
                continue;
            }
            if let Some(q) = self.one_liberty(h)
                && self.legal(q, own)
                && self.liberties_after(q, own) >= 2
            {
                return Some(q);
            }
        }
        None
    }

    /// A liberty of the chain headed by `h`.
    fn one_liberty(&self, h: usize) -> Option<usize> {
        for s in self.board.chain_cells(h) {
            for n in self.cells.neighbours(s) {
                if self.board.at(n) == EMPTY {
                    return Some(n);
                }
            }
        }
        None
    }

    fn legal(&self, p: usize, own: u8) -> bool {
        p != self.ko && self.board.at(p) == EMPTY && self.board.is_not_suicide(p, own)
    }

    /// A random move's test: legal, not the mover's own eye, and no self-atari of a chain of
    /// two or more stones unless it captures.
    fn acceptable(&self, p: usize, own: u8) -> bool {
        self.legal(p, own) && !self.board.is_eye_at(p, own) && !self.bad_self_atari(p, own)
    }

    fn bad_self_atari(&self, p: usize, own: u8) -> bool {
        let board = &self.board;
        let mut joins_own = false;
        let mut empties = 0;
        for n in self.cells.neighbours(p) {
            let v = board.at(n);
            if v == EMPTY {
                empties += 1;
            } else if v == 3 - own {
                if board.libs_at_head(board.head_of(n)) == 1 {
                    return false; // captures
                }
            } else if v == own {
                joins_own = true;
            }
        }
        if empties >= 2 || !joins_own {
            return false;
        }
        self.liberties_after(p, own) < 2
    }

    /// The liberties an `own` stone on `p` would have (captures not counted), up to 2.
    fn liberties_after(&self, p: usize, own: u8) -> usize {
        let board = &self.board;
        let mut libs = [0usize; 2];
        let mut k = 0;
        let add = |q: usize, libs: &mut [usize; 2], k: &mut usize| {
            if q != p && !libs[..*k].contains(&q) && *k < 2 {
                libs[*k] = q;
                *k += 1;
            }
        };
        let mut heads = [0usize; 4];
        for (i, n) in self.cells.neighbours(p).into_iter().enumerate() {
            let v = board.at(n);
            if v == EMPTY {
                add(n, &mut libs, &mut k);
            } else if v == own {
                let h = board.head_of(n);
                if heads[..i].contains(&h) {
                    continue;
                }
                heads[i] = h;
                if board.libs_at_head(h) >= 3 {
                    return 2;
                }
                for s in board.chain_cells(h) {
                    for m in self.cells.neighbours(s) {
                        if board.at(m) == EMPTY {
                            add(m, &mut libs, &mut k);
                        }
                    }
                    if k >= 2 {
                        return 2;
                    }
                }
            }
            if k >= 2 {
                return 2;
            }
        }
        k
    }

    /// Each cell's owner at the end: 1 Black, 2 White, 0 nobody (a shared region or wall).
    fn owners(&mut self, owner: &mut [u8]) {
        let board = &self.board;
        self.seen.fill(false);
        owner.fill(0);
        for start in on_board(board) {
            let v = board.at(start);
            if v != EMPTY {
                owner[start] = v;
                continue;
            }
            if self.seen[start] {
                continue;
            }
            self.seen[start] = true;
            self.stack.clear();
            self.stack.push(start);
            let mut borders = 0u8;
            self.pool.clear();
            while let Some(q) = self.stack.pop() {
                self.pool.push(q as u16);
                for n in self.cells.neighbours(q) {
                    let w = board.at(n);
                    if w == EMPTY {
                        if !self.seen[n] {
                            self.seen[n] = true;
                            self.stack.push(n);
                        }
                    } else if w != WALL {
                        borders |= w;
                    }
                }
            }
            let who = if borders == 1 || borders == 2 { borders } else { 0 };
            for &q in &self.pool {
                owner[usize::from(q)] = who;
            }
        }
    }
}

/// The chain-level summary the suggestion needs: for a chain's stones, the mean share of
/// playouts (from each side to move) in which they ended as their own colour's and as the
/// opponent's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ChainShares {
    /// Mean share ending as the chain's own colour's, Black to move first.
    pub(crate) own_black_first: f64,
    /// Mean share ending as the opponent's, Black to move first.
    pub(crate) opp_black_first: f64,
    /// Mean share ending as the chain's own colour's, White to move first.
    pub(crate) own_white_first: f64,
    /// Mean share ending as the opponent's, White to move first.
    pub(crate) opp_white_first: f64,
}

/// The shares of a chain of `color` made of `stones` (cells).
pub(crate) fn chain_shares(own: &Ownership, stones: &[usize], color: Color) -> ChainShares {
    let n = stones.len().max(1) as f64;
    let mean = |first: Color, who: Color| -> f64 {
        stones.iter().map(|&p| own.share(first, p, who)).sum::<f64>() / n
    };
    ChainShares {
        own_black_first: mean(Color::Black, color),
        opp_black_first: mean(Color::Black, color.opponent()),
        own_white_first: mean(Color::White, color),
        opp_white_first: mean(Color::White, color.opponent()),
    }
}

/// Debug aid for tests: the board with each point's Black share (both sides) as a digit 0–9.
#[cfg(test)]
pub(crate) fn ownership_diagram(board: &Board, own: &Ownership) -> String {
    let size = board.size();
    let mut out = String::new();
    for y in 0..size {
        for x in 0..size {
            let p = board.cell(Coord::new(x, y));
            let b = (own.share(Color::Black, p, Color::Black)
                + own.share(Color::White, p, Color::Black))
                / 2.0;
            let digit = (b * 9.0).round() as u32;
            out.push(char::from_digit(digit.min(9), 10).unwrap_or('?'));
            out.push(' ');
        }
        out.push('\n');
    }
    out
}
