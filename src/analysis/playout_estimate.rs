//! Ownership by playouts: how often each point ends as Black's or White's when the position is
//! played out at random, once with Black to move first and once with White.
//!
//! The policy is a light one of the kind Monte-Carlo programs use, chosen so that what is
//! settled at the end of a game stays settled and what is left hanging gets resolved:
//! 1. capture the chain the opponent's last move left in atari, else save an own chain next to
//!    that move that it put in atari, when extending gives two liberties;
//! 2. at the start and after a pass (no last move to answer), the same for ataris anywhere:
//!    capture the biggest opponent chain in atari, else save the biggest own one;
//! 3. three times in four, a move next to the opponent's last move (its eight neighbours):
//!    a fight is answered where it is, as players do, instead of by a tenuki at random;
//! 4. otherwise a uniformly random move.
//!
//! Every move is legal (simple ko; a move cap guards against long cycles), never fills the
//! mover's own one-point eye, never puts a chain of two or more stones in atari without
//! capturing (so seki, where filling a shared liberty loses the filler's chain, survives the
//! playout), and puts a single stone in atari only when throwing it into the opponent's eye
//! space (as killing an eye needs; elsewhere it only hands the opponent an eye). A side with
//! no such move passes; two passes in a row end the playout. At the end every empty point
//! lies in a region bordered by one colour (that colour's) or by both (nobody's).

use crate::rules::Board;
use crate::rules::Color;
#[cfg(test)]
use crate::rules::Coord;
use crate::rules::OtherLiberties;
use crate::rules::cell_codes::{EMPTY, WALL};

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
    /// Adds the counts of `other` (more playouts of the same position).
    pub(crate) fn merge(&mut self, other: &Ownership) {
        self.playouts += other.playouts;
        for s in 0..2 {
            for (a, b) in self.black[s].iter_mut().zip(&other.black[s]) {
                *a += b;
            }
            for (a, b) in self.white[s].iter_mut().zip(&other.white[s]) {
                *a += b;
            }
        }
    }

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
            play.board.clone_from(board);
            play.ko = 0;
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

/// Random picks among all empty points before the candidates are listed exhaustively.
const PICKS: usize = 6;

/// The chance, out of 1024, of answering next to the opponent's last move.
const LOCAL_PER_1024: u64 = 768;

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
            if self.board.len_at_head(h) == 1 && self.board.in_atari(h) {
                self.ko = self.removed.first().map_or(0, |&q| usize::from(q));
            }
        }
    }

    /// The move for `color` after the opponent's move on `last` (0: none or a pass), or `None`
    /// to pass.
    fn choose(&mut self, color: Color, last: usize, rng: &mut Rng) -> Option<usize> {
        let own = code(color);
        if last == 0 {
            if let Some(p) = self.any_atari(own) {
                return Some(p);
            }
        } else {
            if let Some(p) = self.answer_atari(own, last) {
                return Some(p);
            }
            if (rng.next_u64() & 1023) < LOCAL_PER_1024
                && let Some(p) = self.next_to(last, own, rng)
            {
                return Some(p);
            }
        }
        for _ in 0..PICKS {
            let empties = self.board.empty_cells();
            if empties.is_empty() {
                return None;
            }
            let p = usize::from(empties[rng.below_fast(empties.len())]);
            if self.acceptable(p, own) {
                return Some(p);
            }
        }
        // Sampling without replacement: the first acceptable point of a random order is
        // uniform among the acceptable points, and when none is left the scan ends in a pass.
        self.pool.clear();
        self.pool.extend_from_slice(self.board.empty_cells());
        let mut k = self.pool.len();
        while k > 0 {
            let i = rng.below_fast(k);
            let p = usize::from(self.pool[i]);
            if self.acceptable(p, own) {
                return Some(p);
            }
            k -= 1;
            self.pool.swap(i, k);
        }
        None
    }

    /// A random acceptable move among the eight neighbours of `last`.
    fn next_to(&self, last: usize, own: u8, rng: &mut Rng) -> Option<usize> {
        let s = self.cells.stride();
        let mut near = [0usize; 8];
        let mut k = 0;
        for q in [
            last - s - 1,
            last - s,
            last - s + 1,
            last - 1,
            last + 1,
            last + s - 1,
            last + s,
            last + s + 1,
        ] {
            if self.board.at(q) == EMPTY && self.acceptable(q, own) {
                near[k] = q;
                k += 1;
            }
        }
        (k > 0).then(|| near[rng.below_fast(k)])
    }

    /// Captures the chain just played when it is in atari, else saves an own chain next to it
    /// that it put in atari when extending gives two liberties.
    fn answer_atari(&self, own: u8, last: usize) -> Option<usize> {
        let board = &self.board;
        if board.at(last) == 3 - own {
            let h = board.head_of(last);
            if board.in_atari(h)
                && let Some(q) = self.one_liberty(h)
                && self.legal(q, own)
            {
                return Some(q);
            }
        }
        for n in self.cells.neighbours(last) {
            if board.at(n) != own {
                continue;
            }
            let h = board.head_of(n);
            if !board.in_atari(h) {
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

    /// Ataris anywhere on the board: the biggest opponent chain in atari is captured, else the
    /// biggest own chain in atari is saved when extending gives it two liberties.
    fn any_atari(&self, own: u8) -> Option<usize> {
        let board = &self.board;
        let mut capture: Option<(u16, usize)> = None;
        let mut save: Option<(u16, usize)> = None;
        for p in on_board(board) {
            let v = board.at(p);
            if v == EMPTY || board.head_of(p) != p || !board.in_atari(p) {
                continue;
            }
            let len = board.len_at_head(p);
            let Some(q) = self.one_liberty(p) else {
                continue;
            };
            if !self.legal(q, own) {
                continue;
            }
            if v != own {
                if capture.is_none_or(|(l, _)| len > l) {
                    capture = Some((len, q));
                }
            } else if self.liberties_after(q, own) >= 2 && save.is_none_or(|(l, _)| len > l) {
                save = Some((len, q));
            }
        }
        capture.or(save).map(|(_, q)| q)
    }

    /// The liberty of the chain headed by `h`, which is in atari (constant time: the rules
    /// core's pseudo-liberties name it).
    fn one_liberty(&self, h: usize) -> Option<usize> {
        self.board.atari_liberty(h)
    }

    fn legal(&self, p: usize, own: u8) -> bool {
        p != self.ko && self.board.at(p) == EMPTY && self.board.is_not_suicide(p, own)
    }

    /// A random move's test: legal, not the mover's own eye, no bad self-atari.
    fn acceptable(&self, p: usize, own: u8) -> bool {
        self.legal(p, own) && !self.board.is_eye_at(p, own) && !self.bad_self_atari(p, own)
    }

    /// Whether an `own` stone on `p` would put its chain in atari without capturing: always
    /// bad for two or more stones, and for a lone stone unless thrown into an eye space.
    fn bad_self_atari(&self, p: usize, own: u8) -> bool {
        let board = &self.board;
        let mut joins_own = false;
        let mut empties = 0;
        for n in self.cells.neighbours(p) {
            let v = board.at(n);
            if v == EMPTY {
                empties += 1;
            } else if v == 3 - own {
                if board.in_atari(board.head_of(n)) {
                    return false; // it captures
                }
            } else if v == own {
                joins_own = true;
            }
        }
        if empties >= 2 {
            return false;
        }
        if !joins_own {
            return !self.thrown_into_eye_space(p, own);
        }
        self.liberties_after(p, own) < 2
    }

    /// Whether a lone `own` stone on `p` with at most one liberty sits in the opponent's eye
    /// space: its liberty, if any, touches only opponent stones, the wall and `p`.
    fn thrown_into_eye_space(&self, p: usize, own: u8) -> bool {
        let opp = 3 - own;
        for n in self.cells.neighbours(p) {
            if self.board.at(n) == EMPTY {
                return self
                    .cells
                    .neighbours(n)
                    .iter()
                    .all(|&m| m == p || self.board.at(m) == opp || self.board.at(m) == WALL);
            }
        }
        true
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
                // Read from the rules core's pseudo-liberties, no walk along the chain.
                match board.liberties_besides(h, p) {
                    OtherLiberties::Several => return 2,
                    OtherLiberties::One(q) => add(q, &mut libs, &mut k),
                    OtherLiberties::None => {}
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
            let who = if borders == 1 || borders == 2 {
                borders
            } else {
                0
            };
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
        stones
            .iter()
            .map(|&p| own.share(first, p, who))
            .sum::<f64>()
            / n
    };
    ChainShares {
        own_black_first: mean(Color::Black, color),
        opp_black_first: mean(Color::Black, color.opponent()),
        own_white_first: mean(Color::White, color),
        opp_white_first: mean(Color::White, color.opponent()),
    }
}

#[cfg(test)]
mod tests {
    use super::{Coord, estimate};
    use crate::rules::{Board, Color};

    fn black_share(diagram: &str, x: u8, y: u8) -> (f64, f64) {
        let board = Board::from_diagram(diagram).expect("diagram");
        let own = estimate(&board, 64, 1);
        let p = board.cell(Coord::new(x, y));
        (
            own.share(Color::Black, p, Color::Black),
            own.share(Color::White, p, Color::Black),
        )
    }

    #[test]
    fn playouts_give_two_eyed_chain_its_eyes_and_wall() {
        // Black's chain has two one-point eyes: no playout may take them.
        let diagram = ". X . X O . .
             X X X X O . .
             O O O O O . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .";
        assert_eq!(black_share(diagram, 0, 0), (1.0, 1.0));
        assert_eq!(black_share(diagram, 1, 1), (1.0, 1.0));
    }

    #[test]
    fn playouts_keep_seki_standing() {
        // No side may fill the shared liberties (self-atari of a chain), so both stay.
        let diagram = "X . O X .
             X . O X .
             X X O X .
             O O X X .
             . . . . .";
        let (b, w) = black_share(diagram, 0, 0);
        assert!(b > 0.9 && w > 0.9, "{b} {w}");
    }

    #[test]
    fn playouts_capture_a_stone_in_atari_left_on_the_board() {
        // White's stone on E5 is in atari at the start and cannot be saved (E4 would be
        // suicide): Black takes it at once when first, and after White's forced pass.
        let diagram = ". X . X O
             X X X X .
             . X . X X
             X X X X .
             . X . X X";
        let (b, w) = black_share(diagram, 4, 0);
        assert_eq!((b, w), (1.0, 1.0));
    }
}
