//! Points of the board and moves, with their GTP and SGF spellings.

use std::fmt;

/// A point: x = column from the left, y = row from the TOP, both 0-based (SGF orientation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

/// GTP column letters: A to Z without I.
const GTP_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Coord {
    /// The point at column `x`, row `y` (from the top).
    pub fn new(x: u8, y: u8) -> Coord {
        Coord { x, y }
    }

    /// Whether the point lies on a board of `size` lines.
    pub fn is_on(self, size: u8) -> bool {
        self.x < size && self.y < size
    }

    /// Parses a GTP vertex such as `"D4"` or `"t19"`: letters skip I, row 1 is the bottom,
    /// case-insensitive. `None` if malformed or off a board of `size` lines.
    pub fn from_gtp(s: &str, size: u8) -> Option<Coord> {
        let s = s.trim();
        let mut chars = s.chars();
        let letter = chars.next()?.to_ascii_uppercase();
        let x = GTP_LETTERS.iter().position(|&l| char::from(l) == letter)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let row: u32 = digits.parse().ok()?;
        let size32 = u32::from(size);
        if row == 0 || row > size32 || x >= usize::from(size) {
            return None;
        }
        let y = u8::try_from(size32 - row).ok()?;
        Some(Coord::new(u8::try_from(x).ok()?, y))
    }

    /// The GTP vertex, e.g. `"D4"` on 19×19 for `Coord::new(3, 15)`.
    pub fn to_gtp(self, size: u8) -> String {
        let letter = GTP_LETTERS
            .get(usize::from(self.x))
            .map_or('?', |&l| char::from(l));
        let row = i32::from(size) - i32::from(self.y);
        format!("{letter}{row}")
    }

    /// Parses an SGF point such as `"dd"` (a–z then A–Z). `None` if malformed or off a board
    /// of `size` lines — so `"tt"` on 19×19 is `None`: the record layer decides it is a pass.
    pub fn from_sgf(s: &str, size: u8) -> Option<Coord> {
        let bytes = s.as_bytes();
        let [a, b] = bytes else { return None };
        let x = sgf_index(*a)?;
        let y = sgf_index(*b)?;
        let c = Coord::new(x, y);
        c.is_on(size).then_some(c)
    }

    /// The SGF spelling, e.g. `"dd"`.
    pub fn to_sgf(self) -> String {
        let mut s = String::with_capacity(2);
        s.push(sgf_letter(self.x));
        s.push(sgf_letter(self.y));
        s
    }
}

fn sgf_index(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

fn sgf_letter(i: u8) -> char {
    match i {
        0..=25 => char::from(b'a' + i),
        26..=51 => char::from(b'A' + i - 26),
        _ => '?',
    }
}

/// A move: a stone on a point, or a pass (Art. 2: either side may give up its turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Coord),
    /// Giving up the turn.
    Pass,
}

impl fmt::Display for Coord {
    /// Debug-friendly `(x,y)`; use [`Coord::to_gtp`] or [`Coord::to_sgf`] for users and files.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// A set of points without hashing or allocation: one bit per point of a 64×64 square, which
/// holds every point SGF can spell (52 letters). Setup lists and point lists are checked for
/// repeats on every node that has them, so this is on the path of reading every record.
#[derive(Clone, Debug)]
pub struct PointSet {
    bits: [u64; 64],
    /// Points beyond the square (no SGF file can name one; kept so the set is never wrong).
    others: Vec<Coord>,
}

impl Default for PointSet {
    fn default() -> PointSet {
        PointSet::new()
    }
}

impl PointSet {
    /// The empty set.
    pub fn new() -> PointSet {
        PointSet {
            bits: [0; 64],
            others: Vec::new(),
        }
    }

    /// Adds `c`; returns whether it was not there yet.
    pub fn insert(&mut self, c: Coord) -> bool {
        match self.bits.get_mut(usize::from(c.y)) {
            Some(row) if c.x < 64 => {
                let bit = 1u64 << c.x;
                let new = *row & bit == 0;
                *row |= bit;
                new
            }
            _ => {
                let new = !self.others.contains(&c);
                if new {
                    self.others.push(c);
                }
                new
            }
        }
    }
}
