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

/// Knobs of the playout policy (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Policy {
    /// Chance (out of 1024) of answering the opponent's last move among its eight neighbours.
    pub local_per_1024: u32,
    /// A side plays no random move inside its own territory (empty regions only its stones
    /// border at the start) unless an opponent stone stands next to the point.
    pub owner_stays_out: bool,
    /// Nobody plays in the territory of strong groups (two regions, or five points).
    pub protect_strong: bool,
    /// Single-stone self-atari: 0 allowed, 1 only thrown into an eye space, 2 never.
    pub single: u8,
    /// A self-atari making a chain of at most this many stones is allowed (0: none).
    pub max_throw_in: u16,
    /// Capture an opponent chain that the mover's previous move put in atari.
    pub capture_prev: bool,
    /// At the start and after a pass, resolve ataris anywhere on the board.
    pub global_atari: bool,
}

impl Default for Policy {
    fn default() -> Policy {
        Policy {
            local_per_1024: 768,
            owner_stays_out: false,
            protect_strong: false,
            single: 1,
            max_throw_in: 0,
            capture_prev: false,
            global_atari: true,
        }
    }
}

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
pub(crate) fn estimate(board: &Board, playouts: u32, seed: u64, policy: Policy) -> Ownership {
    let cells = Cells::of(board);
    let mut own = Ownership {
        playouts,
        black: [vec![0; cells.len], vec![0; cells.len]],
        white: [vec![0; cells.len], vec![0; cells.len]],
    };
    let mut rng = Rng::new(seed);
    let mut play = Playout::new(board, policy);
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
    policy: Policy,
    /// Per cell: nobody plays here (territory of a strong group).
    protected: Vec<bool>,
    /// Per cell and colour code (1, 2): that side's own territory at the start.
    territory: [Vec<bool>; 3],
}

/// Picks among all empty points before the candidates are listed exhaustively.
const PICKS: usize = 6;

impl Playout {
    fn new(board: &Board, policy: Policy) -> Playout {
        let cells = Cells::of(board);
        let (territory, protected) = territories(board, cells);
        Playout {
            board: board.clone(),
            cells,
            ko: 0,
            removed: Vec::with_capacity(64),
            pool: Vec::with_capacity(cells.len),
            stack: Vec::with_capacity(cells.len),
            seen: vec![false; cells.len],
            protected: if policy.protect_strong { protected } else { vec![false; cells.len] },
            territory,
            policy,
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
        // The last move of each side (by colour code), 0 for none or a pass.
        let mut last = [0usize; 3];
        for _ in 0..cap {
            let own = usize::from(code(to_move));
            match self.choose(to_move, last[3 - own], last[own], rng) {
                Some(p) => {
                    self.play(p, to_move);
                    passes = 0;
                    last[own] = p;
                }
                None => {
                    self.ko = 0;
                    passes += 1;
                    last[own] = 0;
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
    fn choose(&mut self, color: Color, last: usize, mine: usize, rng: &mut Rng) -> Option<usize> {
        let own = code(color);
        if last != 0
            && let Some(p) = self.answer_atari(own, last)
        {
            return Some(p);
        }
        if last == 0
            && self.policy.global_atari
            && let Some(p) = self.any_atari(own)
        {
            return Some(p);
        }
        if mine != 0
            && self.policy.capture_prev
            && let Some(p) = self.finish_atari(own, mine)
        {
            return Some(p);
        }
        if last != 0
            && self.policy.local_per_1024 > 0
            && (rng.next_u64() & 1023) < u64::from(self.policy.local_per_1024)
        {
            let mut near = [0usize; 8];
            let mut k = 0;
            let s = self.cells.stride();
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
                if self.board.at(q) == EMPTY && !self.protected[q] && self.acceptable(q, own) {
                    near[k] = q;
                    k += 1;
                }
            }
            if k > 0 {
                return Some(near[rng.below(k)]);
            }
        }
        for _ in 0..PICKS {
            let empties = self.board.empty_cells();
            if empties.is_empty() {
                return None;
            }
            let p = usize::from(empties[rng.below(empties.len())]);
            if self.global_ok(p, own) {
                return Some(p);
            }
        }
        self.pool.clear();
        self.pool.extend_from_slice(self.board.empty_cells());
        let mut k = self.pool.len();
        while k > 0 {
            let i = rng.below(k);
            let p = usize::from(self.pool[i]);
            if self.global_ok(p, own) {
                return Some(p);
            }
            k -= 1;
            self.pool.swap(i, k);
        }
        None
    }

    /// A random move anywhere: acceptable, not protected, and not inside the mover's own
    /// territory unless an opponent stone stands next to it.
    fn global_ok(&self, p: usize, own: u8) -> bool {
        if self.protected[p] {
            return false;
        }
        if self.policy.owner_stays_out && self.territory[usize::from(own)][p] {
            let s = self.cells.stride();
            let opp = 3 - own;
            let invaded = [
                p - s - 1,
                p - s,
                p - s + 1,
                p - 1,
                p + 1,
                p + s - 1,
                p + s,
                p + s + 1,
            ]
            .iter()
            .any(|&q| self.board.at(q) == opp);
            if !invaded {
                return false;
            }
        }
        self.acceptable(p, own)
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

    /// At the start or after a pass, when no last move points at a fight: the biggest
    /// opponent chain in atari anywhere is captured, else an own chain in atari is saved when
    /// extending gives it two liberties (ataris left on the board at the end of a game).
    fn any_atari(&self, own: u8) -> Option<usize> {
        let mut capture: Option<(u16, usize)> = None;
        let mut save: Option<(u16, usize)> = None;
        for p in on_board(&self.board) {
            let v = self.board.at(p);
            if (v != own && v != 3 - own) || self.board.head_of(p) != p {
                continue;
            }
            if self.board.libs_at_head(p) != 1 {
                continue;
            }
            let len = self.board.len_at_head(p);
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

    /// Captures an opponent chain next to the mover's own previous move that is still in atari.
    fn finish_atari(&self, own: u8, mine: usize) -> Option<usize> {
        for n in self.cells.neighbours(mine) {
            if self.board.at(n) != 3 - own {
                continue;
            }
            let h = self.board.head_of(n);
            if self.board.libs_at_head(h) == 1
                && let Some(q) = self.one_liberty(h)
                && self.legal(q, own)
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
        if empties >= 2 {
            return false;
        }
        if !joins_own {
            return match self.policy.single {
                0 => false,
                1 => !self.into_eye_space(p, own),
                _ => true,
            };
        }
        if self.liberties_after(p, own) >= 2 {
            return false;
        }
        if self.policy.max_throw_in >= 2 {
            let mut size = 1u32;
            let mut heads = [0usize; 4];
            for (i, n) in self.cells.neighbours(p).into_iter().enumerate() {
                if board.at(n) == own {
                    let h = board.head_of(n);
                    if !heads[..i].contains(&h) {
                        heads[i] = h;
                        size += u32::from(board.len_at_head(h));
                    }
                }
            }
            return size > u32::from(self.policy.max_throw_in);
        }
        true
    }

    /// Whether a lone `own` stone on `p` with at most one liberty sits in the opponent's eye
    /// space: its liberty, if any, touches only opponent stones, the wall and `p`.
    fn into_eye_space(&self, p: usize, own: u8) -> bool {
        let opp = 3 - own;
        for n in self.cells.neighbours(p) {
            if self.board.at(n) == EMPTY {
                return self.cells.neighbours(n).iter().all(|&m| {
                    m == p || self.board.at(m) == opp || self.board.at(m) == WALL
                });
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

/// Each colour's territory at the start (empty regions bordered by its stones only), and the
/// protected points: territory regions of two or more points of strong groups, a group being
/// the stones and territory connected together, strong with two regions or five points.
fn territories(board: &Board, cells: Cells) -> ([Vec<bool>; 3], Vec<bool>) {
    let mut territory = [vec![false; cells.len], vec![false; cells.len], vec![false; cells.len]];
    // Region id per empty cell, with its owner code (0 shared) and size.
    let mut region = vec![usize::MAX; cells.len];
    let mut regions: Vec<(u8, usize)> = Vec::new();
    let mut stack = Vec::new();
    let mut members = Vec::new();
    for start in on_board(board) {
        if board.at(start) != EMPTY || region[start] != usize::MAX {
            continue;
        }
        let id = regions.len();
        region[start] = id;
        stack.push(start);
        members.clear();
        let mut borders = 0u8;
        while let Some(p) = stack.pop() {
            members.push(p);
            for n in cells.neighbours(p) {
                match board.at(n) {
                    EMPTY if region[n] == usize::MAX => {
                        region[n] = id;
                        stack.push(n);
                    }
                    EMPTY | WALL => {}
                    v => borders |= v,
                }
            }
        }
        let owner = if borders == 1 || borders == 2 { borders } else { 0 };
        if owner != 0 {
            for &p in &members {
                territory[usize::from(owner)][p] = true;
            }
        }
        regions.push((owner, members.len()));
    }
    // Groups: stones and their colour's territory, connected.
    let mut group = vec![usize::MAX; cells.len];
    let mut protected = vec![false; cells.len];
    for start in on_board(board) {
        let v = board.at(start);
        if v == EMPTY || group[start] != usize::MAX {
            continue;
        }
        let in_group = |p: usize| {
            let w = board.at(p);
            w == v || (w == EMPTY && territory[usize::from(v)][p])
        };
        let gid = start;
        group[start] = gid;
        stack.push(start);
        members.clear();
        while let Some(p) = stack.pop() {
            members.push(p);
            for n in cells.neighbours(p) {
                if group[n] == usize::MAX && board.at(n) != WALL && in_group(n) {
                    group[n] = gid;
                    stack.push(n);
                }
            }
        }
        let mut ids: Vec<usize> = members
            .iter()
            .filter(|&&p| board.at(p) == EMPTY)
            .map(|&p| region[p])
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let points: usize = ids.iter().map(|&i| regions.get(i).map_or(0, |r| r.1)).sum();
        if ids.len() >= 2 || points >= 5 {
            for &p in &members {
                if board.at(p) == EMPTY && regions.get(region[p]).is_some_and(|r| r.1 >= 2) {
                    protected[p] = true;
                }
            }
        }
    }
    (territory, protected)
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
