//! The stones on the board: a padded 1-D array with chains and liberty counts, no history.
//!
//! Layout after KataGo: cell `(x+1) + (y+1)*(size+1)`, with a wall border so that the four
//! neighbours of any point are plain offsets and need no bounds checks. Rows share one wall
//! column. A chain is a circular linked list through `next`; every stone knows its chain's
//! `head`, and the head holds the number of stones and the chain's pseudo-liberties (after
//! libEGo: every pair of a stone and an empty neighbour, with the sum and the sum of squares of
//! those points, which tell exactly whether they are all one point and which). Every cell also
//! knows how many of its neighbours are Black, White and empty. All of it, and the Zobrist
//! hash, is maintained incrementally by [`Board::play_at`]; the exact number of liberties is
//! counted on demand ([`Board::liberties`]).

use std::fmt;

use super::color::Color;
use super::coord::Coord;
use super::error::RulesError;
use super::grid::{CELLS, Grid};
use super::zobrist::stone_key;
use super::{MAX_SIZE, MIN_SIZE};

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const WALL: u8 = 3;

const MAX_STRIDE: usize = MAX_SIZE as usize + 1;

/// `CELL_XY[stride][cell]` = (x, y) of an on-board cell: the hot paths map cells back to
/// coordinates without dividing by a run-time stride.
static CELL_XY: [Grid<(u8, u8)>; MAX_STRIDE + 1] = cell_xy_table();

const fn cell_xy_table() -> [Grid<(u8, u8)>; MAX_STRIDE + 1] {
    let mut table = [const { Grid::filled((0u8, 0u8)) }; MAX_STRIDE + 1];
    let mut stride = 2;
    while stride <= MAX_STRIDE {
        let mut p = 0;
        while p < CELLS {
            if p % stride != 0 && p / stride >= 1 {
                table[stride].0[p] = ((p % stride - 1) as u8, (p / stride - 1) as u8);
            }
            p += 1;
        }
        stride += 1;
    }
    table
}
const BITSET_WORDS: usize = CELLS / 64;

/// The cell code of a colour.
pub(crate) fn code(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

fn color_of(code: u8) -> Option<Color> {
    match code {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// The shift of each cell code's count in [`Board`]'s neighbour counts: Black in bits 0–3,
/// White in 4–7, empty in 8–11 (a wall is counted nowhere).
const COUNT_SHIFT: [u32; 4] = [8, 0, 4, 0];
/// The neighbour counts' field of the empty neighbours.
const EMPTY_FIELD: u16 = 0xF << 8;

/// What a stone of cell code `v` adds to each neighbour's counts: one more of its colour, one
/// empty point fewer (wrapping: removing it subtracts the same).
#[inline]
fn stone_delta(v: u8) -> u16 {
    (1u16 << COUNT_SHIFT[usize::from(v & 3)]).wrapping_sub(1 << 8)
}

/// A chain's pseudo-liberties: every pair of one of its stones and an empty neighbour, so a
/// liberty next to k stones of the chain counts k times. Joining two chains adds their counts,
/// a stone put next to a chain takes one pair away, a stone taken off gives one back: no
/// search for shared liberties. The count is 0 exactly when the chain has no liberty; the sum
/// and the sum of squares of the points tell exactly when all pairs name one point `q`
/// (`sum = n·q` and `sum2 = n·q²` force every point to be `q`): the chain is in atari.
///
/// The three numbers are packed in one word, so one addition updates them all: the count in
/// bits 0–11, the sum in 12–32, the sum of squares in 33–63. On a 25×25 board a chain has at
/// most 2 500 pairs (four per empty point) on cells below 703, so the count stays below 2¹²,
/// the sum below 2²¹ and the sum of squares below 2³¹: no field ever carries into the next.
/// Arithmetic wraps: the entries of cells that head no chain are never read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Libs(u64);

const SUM_SHIFT: u32 = 12;
const SUM2_SHIFT: u32 = 33;

/// The packed pseudo-liberty of one pair naming cell `q`: count 1, sum `q`, square `q²`.
#[inline]
fn pair(q: usize) -> u64 {
    let q = q as u64;
    1 | (q << SUM_SHIFT) | ((q * q) << SUM2_SHIFT)
}

impl Libs {
    const NONE: Libs = Libs(0);

    /// Adds the pair `pair` (see [`pair`]) when `yes`, without a branch.
    #[inline]
    fn add_if(&mut self, pair: u64, yes: bool) {
        self.0 = self.0.wrapping_add(pair & u64::from(yes).wrapping_neg());
    }

    /// Takes away the pair `pair` when `yes`, without a branch.
    #[inline]
    fn sub_if(&mut self, pair: u64, yes: bool) {
        self.0 = self.0.wrapping_sub(pair & u64::from(yes).wrapping_neg());
    }

    #[inline]
    fn join(&mut self, other: Libs) {
        self.0 = self.0.wrapping_add(other.0);
    }

    /// The number of pairs.
    #[inline]
    fn n(self) -> u64 {
        self.0 & ((1 << SUM_SHIFT) - 1)
    }

    /// The sum of the cells the pairs name.
    #[inline]
    fn sum(self) -> u64 {
        (self.0 >> SUM_SHIFT) & ((1 << (SUM2_SHIFT - SUM_SHIFT)) - 1)
    }

    /// The sum of their squares.
    #[inline]
    fn sum2(self) -> u64 {
        self.0 >> SUM2_SHIFT
    }

    /// Whether every pair names the cell `q` (a chain whose last liberty `q` is; exact for
    /// a chain with a pair at all, which a chain next to an empty `q` always has): then the
    /// packed word is `n` times the packed pair.
    #[inline]
    fn only(self, q: usize) -> bool {
        self.0 == self.n().wrapping_mul(pair(q))
    }

    /// Whether the chain has exactly one liberty.
    #[inline]
    fn in_atari(self) -> bool {
        let n = self.n();
        n > 0 && n * self.sum2() == self.sum() * self.sum()
    }
}

/// A chain's liberties besides one point ([`Board::liberties_besides`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OtherLiberties {
    /// No other liberty.
    None,
    /// Exactly one other, this cell.
    One(usize),
    /// Two or more.
    Several,
}

/// What one stone did to the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// Opponent stones removed (or, on a suicide, the mover's own stones removed).
    pub captured: u32,
    /// The placed stone's own chain had no liberty after the captures and was removed.
    pub suicide: bool,
}

/// The stones on a board of 2×2 to 25×25, with chains and liberties; no history, no turn.
///
/// Two boards are equal when they have the same size and the same stones on the same points.
pub struct Board {
    size: u8,
    stride: usize,
    /// The per-cell arrays, on the heap: a board is a few words wherever it is kept (games,
    /// their baselines, the app's state), so no stack frame holding boards grows with them.
    arr: Box<Arrays>,
    empty_count: usize,
    hash: u64,
}

/// A board's per-cell arrays, each over the padded cells of the largest board ([`Grid`]).
/// `Copy`, so that copying a boxed one is one copy from heap to heap.
#[derive(Clone, Copy)]
struct Arrays {
    cells: Grid<u8>,
    /// Per on-board cell: how many of its four neighbours are Black, White and empty
    /// ([`COUNT_SHIFT`]), whatever the cell holds. The eye test and, mostly, the suicide test
    /// read this one number instead of four cells.
    nbrs: Grid<u16>,
    /// The head of the chain of a stone; a cell that holds no stone is its own head, so the
    /// heads of distinct neighbours compare without looking at what they hold.
    head: Grid<u16>,
    next: Grid<u16>,
    /// At a chain's head: its pseudo-liberties ([`Libs`]).
    libs: Grid<Libs>,
    /// At a chain's head: its number of stones.
    len: Grid<u16>,
    /// The empty points, in no particular order, for move generation.
    empties: Grid<u16>,
    empty_index: Grid<u16>,
}

/// The arrays of a board before [`Board::clear`]: walls everywhere, every cell its own head.
static BLANK: Arrays = blank_arrays();

const fn blank_arrays() -> Arrays {
    let mut head = Grid::filled(0u16);
    let mut p = 0;
    while p < CELLS {
        head.0[p] = p as u16;
        p += 1;
    }
    Arrays {
        cells: Grid::filled(WALL),
        nbrs: Grid::filled(0),
        head,
        next: Grid::filled(0),
        libs: Grid::filled(Libs::NONE),
        len: Grid::filled(0),
        empties: Grid::filled(0),
        empty_index: Grid::filled(0),
    }
}

impl Board {
    /// An empty board with `size` lines; sizes from [`MIN_SIZE`] to [`MAX_SIZE`].
    pub fn new(size: u8) -> Result<Board, RulesError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(RulesError::BadSize(size));
        }
        let stride = usize::from(size) + 1;
        let mut board = Board {
            size,
            stride,
            arr: Box::new(BLANK),
            empty_count: 0,
            hash: 0,
        };
        board.clear();
        Ok(board)
    }

    /// Empties the board in place (cheaper than a new one: playouts start thousands of times).
    pub(crate) fn clear(&mut self) {
        self.empty_count = 0;
        self.hash = 0;
        let last = self.size - 1;
        for y in 0..self.size {
            for x in 0..self.size {
                let p = self.cell(Coord::new(x, y));
                self.arr.cells[p] = EMPTY;
                self.arr.head[p] = p as u16;
                let edges = u16::from(x == 0) + u16::from(x == last);
                let edges = edges + u16::from(y == 0) + u16::from(y == last);
                self.arr.nbrs[p] = (4 - edges) << COUNT_SHIFT[usize::from(EMPTY)];
                self.push_empty(p);
            }
        }
    }

    /// The number of lines.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The stone on `c`, `None` if empty or off the board.
    pub fn get(&self, c: Coord) -> Option<Color> {
        if !c.is_on(self.size) {
            return None;
        }
        color_of(self.arr.cells[self.cell(c)])
    }

    /// Every stone, row by row from the top.
    pub fn stones(&self) -> Vec<(Coord, Color)> {
        self.points()
            .filter_map(|c| self.get(c).map(|color| (c, color)))
            .collect()
    }

    /// Every point of the board, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Coord> + use<> {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).map(move |x| Coord::new(x, y)))
    }

    /// The chain through `c`, empty if `c` is empty or off the board.
    pub fn chain(&self, c: Coord) -> Vec<Coord> {
        if self.get(c).is_none() {
            return Vec::new();
        }
        let mut out: Vec<Coord> = self
            .chain_cells(self.cell(c))
            .map(|p| self.coord(p))
            .collect();
        out.sort();
        out
    }

    /// The number of liberties of the chain at `c`, 0 if `c` is empty or off the board
    /// (counted along the chain: linear in its length).
    pub fn liberties(&self, c: Coord) -> usize {
        if self.get(c).is_none() {
            return 0;
        }
        self.liberty_count(self.head_of(self.cell(c)))
    }

    /// The Zobrist hash of the stones (fixed seed; the empty board hashes to 0).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The number of empty points.
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// The empty points, in an unspecified order that changes as stones come and go.
    pub fn empty_points(&self) -> impl Iterator<Item = Coord> + '_ {
        self.empty_cells()
            .iter()
            .map(|&p| self.coord(usize::from(p)))
    }

    /// Whether `c` is an empty point that looks like a one-point eye of `color`: every
    /// neighbour is a `color` stone or the edge, and the diagonals hold at most one opponent
    /// stone (none on the edge). Used by playout policies that must not fill their own eyes.
    pub fn is_eye(&self, c: Coord, color: Color) -> bool {
        c.is_on(self.size) && self.is_eye_at(self.cell(c), code(color))
    }

    /// The number of `color` stones on the board.
    pub fn count(&self, color: Color) -> usize {
        let want = code(color);
        self.points()
            .filter(|&c| self.arr.cells[self.cell(c)] == want)
            .count()
    }

    // ----- crate-internal cell API (hot paths) -----

    /// The padded cell of an on-board coordinate.
    #[inline]
    pub(crate) fn cell(&self, c: Coord) -> usize {
        (usize::from(c.x) + 1) + (usize::from(c.y) + 1) * self.stride
    }

    /// The coordinate of an on-board cell.
    #[inline]
    pub(crate) fn coord(&self, p: usize) -> Coord {
        let (x, y) = CELL_XY[self.stride][p];
        Coord::new(x, y)
    }

    #[inline]
    pub(crate) fn at(&self, p: usize) -> u8 {
        self.arr.cells[p]
    }

    #[inline]
    fn neighbours(&self, p: usize) -> [usize; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }

    /// The `i`-th empty cell, `i` below [`Board::empty_count`].
    #[inline]
    pub(crate) fn empty_cell(&self, i: usize) -> usize {
        usize::from(self.arr.empties[i])
    }

    #[inline]
    pub(crate) fn empty_cells(&self) -> &[u16] {
        &self.arr.empties.0[..self.empty_count.min(CELLS)]
    }

    /// The cells of the chain whose stone is on `p`.
    pub(crate) fn chain_cells(&self, p: usize) -> ChainIter<'_> {
        ChainIter {
            next: &self.arr.next,
            start: p,
            cur: Some(p),
        }
    }

    #[inline]
    pub(crate) fn head_of(&self, p: usize) -> usize {
        usize::from(self.arr.head[p])
    }

    /// Whether the chain headed by `h` has exactly one liberty (constant time).
    #[inline]
    pub(crate) fn in_atari(&self, h: usize) -> bool {
        self.arr.libs[h].in_atari()
    }

    /// The last liberty of the chain headed by `h` when it is in atari (constant time: all its
    /// pseudo-liberties name that point, so it is their sum over their count).
    #[inline]
    pub(crate) fn atari_liberty(&self, h: usize) -> Option<usize> {
        let libs = self.arr.libs[h];
        libs.in_atari().then(|| (libs.sum() / libs.n()) as usize)
    }

    /// The liberties of the chain headed by `h` other than the empty cell `p` next to it, up
    /// to two (constant time: the pseudo-liberties without the pairs naming `p` either all
    /// name one point or not).
    pub(crate) fn liberties_besides(&self, h: usize, p: usize) -> OtherLiberties {
        let pairs_at_p = self
            .neighbours(p)
            .iter()
            .filter(|&&n| usize::from(self.arr.head[n]) == h)
            .count();
        let mut rest = self.arr.libs[h];
        for _ in 0..pairs_at_p {
            rest.sub_if(pair(p), true);
        }
        if rest.n() == 0 {
            OtherLiberties::None
        } else if rest.in_atari() {
            OtherLiberties::One((rest.sum() / rest.n()) as usize)
        } else {
            OtherLiberties::Several
        }
    }

    /// The exact number of liberties of the chain headed by `h`: constant time for a chain
    /// of one or two stones (no point touches both stones of a pair, so every pseudo-liberty
    /// is a distinct point) and for a chain with no, one or two liberties; otherwise linear in
    /// its length.
    pub(crate) fn liberty_count(&self, h: usize) -> usize {
        let libs = self.arr.libs[h];
        if self.arr.len[h] <= 2 || libs.n() <= 2 {
            return match libs.n() {
                0 => 0,
                _ if libs.in_atari() => 1,
                n => n as usize,
            };
        }
        let mut seen = [0u64; BITSET_WORDS];
        let mut count = 0;
        for s in self.chain_cells(h) {
            for n in self.neighbours(s) {
                if self.arr.cells[n] == EMPTY && !test(&seen, n) {
                    set(&mut seen, n);
                    count += 1;
                }
            }
        }
        count
    }

    #[inline]
    pub(crate) fn len_at_head(&self, h: usize) -> u16 {
        self.arr.len[h]
    }

    /// Whether the empty cell `p` looks like a one-point eye of the `own` colour (see
    /// [`Board::is_eye`]); `false` for an occupied cell.
    #[inline]
    pub(crate) fn is_eye_at(&self, p: usize, own: u8) -> bool {
        self.arr.cells[p] == EMPTY && self.is_eye_shape(p, own)
    }

    /// [`Board::is_eye_at`] for a cell known to be empty, the playouts' hot path: the
    /// neighbour half of the test is one look at the neighbour counts.
    #[inline]
    pub(crate) fn is_eye_shape(&self, p: usize, own: u8) -> bool {
        // No empty neighbour and no opponent one: own stones and the edge only.
        let foreign = EMPTY_FIELD | (0xF << COUNT_SHIFT[usize::from((3 - own) & 3)]);
        self.arr.nbrs[p] & foreign == 0 && self.diagonals_allow_eye(p, own)
    }

    /// For the empty cell `p`: whether a `own` stone there is a move of the random policy as
    /// far as the stones go, i.e. not a suicide (Art. 5) and not filling an own one-point eye.
    /// A point with an empty neighbour is neither, which the neighbour counts tell at once.
    #[inline]
    pub(crate) fn is_policy_point(&self, p: usize, own: u8) -> bool {
        let around = self.arr.nbrs[p];
        if around & EMPTY_FIELD != 0 {
            return true;
        }
        let no_opponent = around & (0xF << COUNT_SHIFT[usize::from((3 - own) & 3)]) == 0;
        if no_opponent && self.diagonals_allow_eye(p, own) {
            return false;
        }
        self.chains_keep_liberty(p, own)
    }

    /// The diagonal half of the eye test: at most one opponent stone on the diagonals, none
    /// when the point is on the edge (a wall on a diagonal counts as one bad diagonal).
    #[inline]
    fn diagonals_allow_eye(&self, p: usize, own: u8) -> bool {
        let s = self.stride;
        let opp = 3 - own;
        let mut bad = 0u8;
        let mut edge = 0u8;
        for d in [p - s - 1, p - s + 1, p + s - 1, p + s + 1] {
            let v = self.arr.cells[d];
            bad += u8::from(v == opp);
            edge |= u8::from(v == WALL);
        }
        bad + edge < 2
    }

    /// Whether a `own` stone on the empty cell `p` would keep a liberty after its captures,
    /// i.e. is not a forbidden point (Art. 5). Touches nothing.
    #[inline]
    pub(crate) fn is_not_suicide(&self, p: usize, own: u8) -> bool {
        self.arr.nbrs[p] & EMPTY_FIELD != 0 || self.chains_keep_liberty(p, own)
    }

    /// For an empty cell `p` without empty neighbours: whether a `own` stone on it would
    /// still have a liberty, i.e. joins an own chain with another liberty or captures an
    /// opponent chain whose last liberty `p` is. Without a branch per neighbour: a wall
    /// matches neither colour, whatever count its (meaningless) head holds.
    #[inline]
    pub(crate) fn chains_keep_liberty(&self, p: usize, own: u8) -> bool {
        let opp = 3 - own;
        let mut alive = false;
        for n in self.neighbours(p) {
            let v = self.arr.cells[n];
            let last = self.arr.libs[usize::from(self.arr.head[n])].only(p);
            alive |= ((v == own) & !last) | ((v == opp) & last);
        }
        alive
    }

    /// The hash after a `own` stone on the empty cell `p` and its captures (suicide not
    /// resolved: callers rule a suicide out first). Touches nothing.
    #[inline]
    pub(crate) fn hash_after(&self, p: usize, own: u8) -> u64 {
        let opp = 3 - own;
        let h = self.hash ^ stone_key(own, p);
        if self.arr.nbrs[p] & (0xF << COUNT_SHIFT[usize::from(opp & 3)]) == 0 {
            return h; // no opponent neighbour: nothing to capture
        }
        let nbrs = self.neighbours(p);
        let mut captures = false;
        for n in nbrs {
            captures |=
                (self.arr.cells[n] == opp) & self.arr.libs[usize::from(self.arr.head[n])].only(p);
        }
        if captures {
            h ^ self.captured_keys(p, nbrs, opp)
        } else {
            h
        }
    }

    /// The keys of the `opp` chains next to the cell whose neighbours are `nbrs` that have one
    /// liberty (the stones a stone there captures), each chain once.
    #[cold]
    fn captured_keys(&self, p: usize, nbrs: [usize; 4], opp: u8) -> u64 {
        let mut keys = 0;
        for (i, &n) in nbrs.iter().enumerate() {
            let head = usize::from(self.arr.head[n]);
            let counted = nbrs[..i]
                .iter()
                .any(|&m| self.arr.cells[m] == opp && usize::from(self.arr.head[m]) == head);
            if self.arr.cells[n] == opp && self.arr.libs[head].only(p) && !counted {
                keys = self
                    .chain_cells(head)
                    .fold(keys, |h, s| h ^ stone_key(opp, s));
            }
        }
        keys
    }

    /// Plays a `own` stone on the empty cell `p`: removes the opponent chains left without
    /// liberties first (Art. 4), then, if its own chain has none, removes that chain (a suicide,
    /// only ever done for tolerant replay). Removed cells are appended to `removed`.
    pub(crate) fn play_at(&mut self, p: usize, own: u8, removed: &mut Vec<u16>) -> Outcome {
        debug_assert_eq!(self.arr.cells[p], EMPTY);
        let opp = 3 - own;
        self.put_stone(p, own);
        let nbrs = self.neighbours(p);
        let around_cells = nbrs.map(|n| self.arr.cells[n]);
        let heads = nbrs.map(|n| usize::from(self.arr.head[n]));
        // The lone stone's pseudo-liberties are its empty neighbours; every stone next to it
        // takes away the pair naming `p` from its chain. Without a branch: an empty neighbour
        // or a wall is its own head, whose counts mean nothing.
        let mut mine = Libs::NONE;
        let at_p = pair(p);
        for i in 0..4 {
            let empty = around_cells[i] == EMPTY;
            mine.add_if(pair(nbrs[i]), empty);
            self.arr.libs[heads[i]].sub_if(at_p, !empty);
        }
        self.arr.libs[p] = mine;
        // The opponent chains left without a liberty and the distinct own chains next to `p`,
        // as bit masks over the neighbours: one branch each instead of one per neighbour.
        let [h0, h1, h2, h3] = heads;
        let first = [
            true,
            h1 != h0,
            h2 != h0 && h2 != h1,
            h3 != h0 && h3 != h1 && h3 != h2,
        ];
        let mut dead = 0u32;
        let mut join = 0u32;
        for i in 0..4 {
            let first = first[i];
            let no_libs = self.arr.libs[heads[i]].n() == 0;
            dead |= u32::from((around_cells[i] == opp) & no_libs & first) << i;
            join |= u32::from((around_cells[i] == own) & first) << i;
        }
        let mut outcome = Outcome::default();
        while dead != 0 {
            let i = dead.trailing_zeros() as usize;
            dead &= dead - 1;
            debug_assert_eq!(self.arr.cells[nbrs[i & 3]], opp);
            outcome.captured += self.remove_chain(heads[i & 3], removed);
        }
        while join != 0 {
            let i = join.trailing_zeros() as usize;
            join &= join - 1;
            let into = usize::from(self.arr.head[p]);
            self.merge(into, usize::from(self.arr.head[heads[i & 3]]));
        }
        let h = usize::from(self.arr.head[p]);
        if self.arr.libs[h].n() == 0 {
            outcome.captured = self.remove_chain(h, removed);
            outcome.suicide = true;
        }
        outcome
    }

    /// Sets the cells from scratch (setup, diagrams, undo) and rebuilds every chain, liberty
    /// count, the empty list and the hash. Returns a point of a chain left without liberties.
    pub(crate) fn rebuild(&mut self) -> Option<Coord> {
        self.hash = 0;
        self.empty_count = 0;
        for c in self.points().collect::<Vec<_>>() {
            let p = self.cell(c);
            self.arr.nbrs[p] = self
                .neighbours(p)
                .iter()
                .map(|&n| match self.arr.cells[n] {
                    WALL => 0,
                    v => 1 << COUNT_SHIFT[usize::from(v & 3)],
                })
                .sum();
        }
        let mut seen = [0u64; BITSET_WORDS];
        let mut stack: Vec<usize> = Vec::new();
        let mut libless = None;
        for c in self.points().collect::<Vec<_>>() {
            let p = self.cell(c);
            let v = self.arr.cells[p];
            if v == EMPTY {
                self.arr.head[p] = p as u16;
                self.push_empty(p);
                continue;
            }
            self.hash ^= stone_key(v, p);
            if test(&seen, p) {
                continue;
            }
            // Flood-fill the chain, linking it into a ring headed by `p`.
            set(&mut seen, p);
            self.arr.head[p] = p as u16;
            self.arr.next[p] = p as u16;
            self.arr.len[p] = 1;
            stack.push(p);
            while let Some(q) = stack.pop() {
                for n in self.neighbours(q) {
                    if self.arr.cells[n] == v && !test(&seen, n) {
                        set(&mut seen, n);
                        self.arr.head[n] = p as u16;
                        self.arr.next[n] = self.arr.next[p];
                        self.arr.next[p] = n as u16;
                        self.arr.len[p] += 1;
                        stack.push(n);
                    }
                }
            }
            let mut libs = Libs::NONE;
            for s in self.chain_cells(p) {
                for n in self.neighbours(s) {
                    libs.add_if(pair(n), self.arr.cells[n] == EMPTY);
                }
            }
            self.arr.libs[p] = libs;
            if libs.n() == 0 && libless.is_none() {
                libless = Some(c);
            }
        }
        libless
    }

    /// Writes a raw cell value; callers [`Board::rebuild`] afterwards.
    pub(crate) fn set_raw(&mut self, p: usize, v: u8) {
        self.arr.cells[p] = v;
    }

    fn put_stone(&mut self, p: usize, v: u8) {
        self.arr.cells[p] = v;
        let delta = stone_delta(v);
        for n in self.neighbours(p) {
            self.arr.nbrs[n] = self.arr.nbrs[n].wrapping_add(delta);
        }
        self.hash ^= stone_key(v, p);
        self.arr.head[p] = p as u16;
        self.arr.next[p] = p as u16;
        self.arr.len[p] = 1;
        let i = usize::from(self.arr.empty_index[p]);
        self.empty_count -= 1;
        let last = self.arr.empties[self.empty_count];
        self.arr.empties[i] = last;
        self.arr.empty_index[usize::from(last)] = i as u16;
    }

    fn push_empty(&mut self, p: usize) {
        self.arr.empties[self.empty_count] = p as u16;
        self.arr.empty_index[p] = self.empty_count as u16;
        self.empty_count += 1;
    }

    /// Joins the chains headed by `a` and `b`, keeping the longer one's head (`a`'s on a tie):
    /// the stones of the other are relabelled and the pseudo-liberties added.
    fn merge(&mut self, a: usize, b: usize) {
        let (keep, gone) = if self.arr.len[a] >= self.arr.len[b] {
            (a, b)
        } else {
            (b, a)
        };
        if self.arr.len[gone] == 1 {
            // The usual case, a stone joining a chain: no walk.
            self.arr.head[gone] = keep as u16;
        } else {
            let mut s = gone;
            loop {
                self.arr.head[s] = keep as u16;
                s = usize::from(self.arr.next[s]);
                if s == gone {
                    break;
                }
            }
        }
        let libs = self.arr.libs[gone];
        self.arr.libs[keep].join(libs);
        self.arr.next.swap(keep, gone);
        self.arr.len[keep] += self.arr.len[gone];
    }

    /// Removes the chain headed by `h`, giving each neighbouring chain its new liberties.
    fn remove_chain(&mut self, h: usize, removed: &mut Vec<u16>) -> u32 {
        let v = self.arr.cells[h];
        let delta = stone_delta(v);
        let mut n_removed = 0;
        let mut s = h;
        loop {
            self.arr.cells[s] = EMPTY;
            for n in self.neighbours(s) {
                self.arr.nbrs[n] = self.arr.nbrs[n].wrapping_sub(delta);
            }
            self.hash ^= stone_key(v, s);
            self.push_empty(s);
            removed.push(s as u16);
            n_removed += 1;
            s = usize::from(self.arr.next[s]);
            if s == h {
                break;
            }
        }
        // The ring is intact: walk it again to hand out the freed liberties.
        let mut s = h;
        loop {
            // Each stone next to it gives its chain the pair naming it (colour-blind as in
            // `play_at`: the counts of cells without a stone mean nothing).
            for n in self.neighbours(s) {
                let h = usize::from(self.arr.head[n]);
                self.arr.libs[h].add_if(pair(s), true);
            }
            let here = s;
            s = usize::from(self.arr.next[s]);
            // Its ring no longer needed, the emptied cell becomes its own head again.
            self.arr.head[here] = here as u16;
            if s == h {
                break;
            }
        }
        n_removed
    }
}

#[inline]
fn test(bits: &[u64; BITSET_WORDS], p: usize) -> bool {
    bits[(p / 64) % BITSET_WORDS] & (1 << (p % 64)) != 0
}

#[inline]
fn set(bits: &mut [u64; BITSET_WORDS], p: usize) {
    bits[(p / 64) % BITSET_WORDS] |= 1 << (p % 64);
}

/// The cells of one chain, following its ring once.
pub(crate) struct ChainIter<'a> {
    next: &'a Grid<u16>,
    start: usize,
    cur: Option<usize>,
}

impl Iterator for ChainIter<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let p = self.cur?;
        let n = usize::from(self.next[p]);
        self.cur = (n != self.start).then_some(n);
        Some(p)
    }
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            stride: self.stride,
            arr: self.arr.clone(),
            empty_count: self.empty_count,
            hash: self.hash,
        }
    }

    /// Copies only the cells a board of this size uses (up to the last diagonal of its last
    /// point) when both boards have the same size: beyond them every array holds what
    /// [`Board::new`] put there, which nothing ever changes. Playouts from a position start
    /// from such a copy, and a 9×9 board uses a ninth of the arrays.
    fn clone_from(&mut self, source: &Board) {
        // Every field named, so a new one cannot be forgotten here.
        let Board {
            size,
            stride,
            arr,
            empty_count,
            hash,
        } = source;
        let Arrays {
            cells,
            nbrs,
            head,
            next,
            libs,
            len,
            empties,
            empty_index,
        } = &**arr;
        let used = if self.size == *size {
            ((usize::from(*size) + 2) * stride + 2).min(CELLS)
        } else {
            CELLS
        };
        self.size = *size;
        self.stride = *stride;
        let to = &mut *self.arr;
        to.cells.0[..used].copy_from_slice(&cells.0[..used]);
        to.nbrs.0[..used].copy_from_slice(&nbrs.0[..used]);
        to.head.0[..used].copy_from_slice(&head.0[..used]);
        to.next.0[..used].copy_from_slice(&next.0[..used]);
        to.libs.0[..used].copy_from_slice(&libs.0[..used]);
        to.len.0[..used].copy_from_slice(&len.0[..used]);
        to.empty_index.0[..used].copy_from_slice(&empty_index.0[..used]);
        let listed = (*empty_count).min(CELLS);
        to.empties.0[..listed].copy_from_slice(&empties.0[..listed]);
        self.empty_count = *empty_count;
        self.hash = *hash;
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.arr.cells == other.arr.cells
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}:", self.size, self.size)?;
        f.write_str(&self.to_diagram())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::rules::{Game, Move, Rules};

    /// Every incrementally kept number against a from-scratch rebuild of the same stones:
    /// the neighbour counts, each stone's chain, its length and pseudo-liberties, the empty
    /// list and its index, the hash, and the rule that a cell without a stone is its own head.
    fn assert_consistent(b: &Board) {
        let mut r = b.clone();
        r.rebuild();
        assert_eq!(b.hash, r.hash);
        assert_eq!(b.empty_count, r.empty_count);
        for i in 0..b.empty_count {
            let e = usize::from(b.arr.empties[i]);
            assert_eq!(b.arr.cells[e], EMPTY);
            assert_eq!(usize::from(b.arr.empty_index[e]), i);
        }
        for c in b.points() {
            let p = b.cell(c);
            assert_eq!(b.arr.nbrs[p], r.arr.nbrs[p], "neighbour counts at {c:?}");
            if b.arr.cells[p] == EMPTY {
                assert_eq!(b.head_of(p), p, "an empty cell heads itself");
                continue;
            }
            let (h, rh) = (b.head_of(p), r.head_of(p));
            assert_eq!(b.arr.len[h], r.arr.len[rh], "chain length at {c:?}");
            assert_eq!(b.arr.libs[h], r.arr.libs[rh], "pseudo-liberties at {c:?}");
            let mut naive: Vec<usize> = b
                .chain_cells(h)
                .flat_map(|s| b.neighbours(s))
                .filter(|&n| b.arr.cells[n] == EMPTY)
                .collect();
            naive.sort_unstable();
            naive.dedup();
            assert_eq!(b.liberty_count(h), naive.len(), "liberties at {c:?}");
            assert_eq!(b.in_atari(h), naive.len() == 1, "atari at {c:?}");
            for e in b.neighbours(p) {
                if b.arr.cells[e] != EMPTY {
                    continue;
                }
                let others = b.liberty_count(h) - 1;
                let got = b.liberties_besides(h, e);
                match others {
                    0 => assert_eq!(got, OtherLiberties::None),
                    1 => assert!(matches!(got, OtherLiberties::One(q) if q != e
                        && b.arr.cells[q] == EMPTY)),
                    _ => assert_eq!(got, OtherLiberties::Several),
                }
            }
            if let Some(q) = b.atari_liberty(h) {
                assert_eq!(b.arr.cells[q], EMPTY);
                assert!(b.neighbours(q).iter().any(|&n| b.head_of(n) == h));
            }
            let mut mine: Vec<usize> = b.chain_cells(h).collect();
            let mut theirs: Vec<usize> = r.chain_cells(rh).collect();
            mine.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(mine, theirs, "chain at {c:?}");
            assert!(mine.iter().all(|&s| b.head_of(s) == h));
        }
    }

    #[test]
    fn incremental_state_equals_a_rebuild_through_random_games() {
        let mut rng = SplitMix64::new(2121);
        for (size, games, every) in [(2u8, 8, 1), (3, 8, 1), (4, 6, 1), (5, 6, 1), (7, 4, 1)]
            .into_iter()
            .chain([(9, 3, 2), (19, 2, 9), (25, 1, 17)])
        {
            for _ in 0..games {
                let mut game = Game::new(size, Rules::default()).expect("a valid size");
                let mut color = crate::rules::Color::Black;
                let cap = 3 * usize::from(size) * usize::from(size);
                for step in 0..cap {
                    // Now and then a recorded move played whatever it does (suicides included).
                    if step % 11 == 5 {
                        let x = rng.below(usize::from(size)) as u8;
                        let y = rng.below(usize::from(size)) as u8;
                        game.play_tolerant(color, Move::Play(Coord::new(x, y)));
                    } else {
                        game.play_random(color, &mut |n| rng.below(n));
                    }
                    if step % every == 0 {
                        assert_consistent(game.board());
                    }
                    color = color.opponent();
                }
            }
        }
    }

    /// Every array of `a` equals `b`'s, all 1024 cells (the empty list up to its length).
    fn assert_identical(a: &Board, b: &Board) {
        assert_eq!((a.size, a.stride), (b.size, b.stride));
        assert!(
            a.arr.cells == b.arr.cells
                && a.arr.nbrs == b.arr.nbrs
                && a.arr.head == b.arr.head
                && a.arr.next == b.arr.next
        );
        assert!(
            a.arr.libs == b.arr.libs
                && a.arr.len == b.arr.len
                && a.arr.empty_index == b.arr.empty_index
        );
        assert_eq!(a.empty_cells(), b.empty_cells());
        assert_eq!(a.hash, b.hash);
    }

    #[test]
    fn copies_are_identical_however_made() {
        let mut rng = SplitMix64::new(9);
        for size in [2u8, 5, 9, 19, 25] {
            let mut game = Game::new(size, Rules::default()).expect("a valid size");
            let mut color = crate::rules::Color::Black;
            for _ in 0..2 * usize::from(size) * usize::from(size) {
                game.play_random(color, &mut |n| rng.below(n));
                color = color.opponent();
            }
            let source = game.board();
            assert_identical(&source.clone(), source);
            let mut same = Board::new(size).expect("a valid size");
            same.clone_from(source);
            assert_identical(&same, source);
            let mut other = Board::new(if size == 5 { 9 } else { 5 }).expect("a valid size");
            other.clone_from(source);
            assert_identical(&other, source);
            // And back: a copy onto a used board of the same size.
            let mut used = game.board().clone();
            let fresh = Board::new(size).expect("a valid size");
            used.clone_from(&fresh);
            assert_identical(&used, &fresh);
        }
    }

    #[test]
    fn pseudo_liberties_tell_atari_and_the_last_liberty_exactly() {
        let b = Board::from_diagram(
            "O O X . .\n\
             O . . X .\n\
             X . X . X\n\
             . . . X .\n\
             . . . . .",
        )
        .expect("a legal diagram");
        let at = |x, y| b.cell(Coord::new(x, y));
        // White's last liberty is next to two of its stones: two pairs, one point.
        let white = b.head_of(at(0, 0));
        assert_eq!(b.arr.libs[white].n(), 2);
        assert_eq!(b.liberty_count(white), 1);
        assert!(b.in_atari(white));
        assert!(b.arr.libs[white].only(at(1, 1)));
        assert_eq!(b.atari_liberty(white), Some(at(1, 1)));
        assert!(!b.arr.libs[white].only(at(2, 1)));
        // Four lone stones around one empty point: four pairs name it, and each stone has
        // others, so none is in atari nor has that point as its last liberty.
        for (x, y) in [(3, 1), (2, 2), (4, 2), (3, 3)] {
            let h = b.head_of(at(x, y));
            assert!(!b.in_atari(h), "{x},{y}");
            assert!(!b.arr.libs[h].only(at(3, 2)), "{x},{y}");
        }
        // A lone stone with two liberties whose pair sums could mislead a count alone.
        let corner = b.head_of(at(0, 2));
        assert_eq!(b.liberty_count(corner), 2);
        assert!(!b.in_atari(corner));
    }
}
