//! A fixed array over the padded cells of the largest board, indexed through a mask: the
//! length is a power of two, so no access can panic and the compiler needs no bounds check
//! on the board's hot paths (the core forbids `unsafe`, so `get_unchecked` is no option).
//! Every index the board computes is below 703 anyway; the mask only makes that a type fact.

use std::ops::{Index, IndexMut};

/// Cells of the largest padded board (25×25 with its wall: 703), rounded up to a power of two.
pub(crate) const CELLS: usize = 1024;
const MASK: usize = CELLS - 1;

/// One value per padded cell.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Grid<T>(pub(crate) [T; CELLS]);

impl<T: Copy> Grid<T> {
    /// Every cell set to `v`.
    pub(crate) const fn filled(v: T) -> Grid<T> {
        Grid([v; CELLS])
    }

    /// Swaps two cells' values.
    #[inline]
    pub(crate) fn swap(&mut self, a: usize, b: usize) {
        self.0.swap(a & MASK, b & MASK);
    }
}

impl<T> Index<usize> for Grid<T> {
    type Output = T;

    #[inline]
    fn index(&self, i: usize) -> &T {
        &self.0[i & MASK]
    }
}

impl<T> IndexMut<usize> for Grid<T> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.0[i & MASK]
    }
}

/// A set of padded cells, one bit each (128 bytes: clearing it is cheap).
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct CellBits([u64; CELLS / 64]);

impl CellBits {
    /// The empty set.
    pub(crate) const fn new() -> CellBits {
        CellBits([0; CELLS / 64])
    }

    /// Empties it.
    pub(crate) fn clear(&mut self) {
        self.0 = [0; CELLS / 64];
    }

    /// Puts every cell in it.
    pub(crate) fn fill(&mut self) {
        self.0 = [u64::MAX; CELLS / 64];
    }

    /// Adds cell `p`.
    #[inline]
    pub(crate) fn insert(&mut self, p: usize) {
        self.0[(p >> 6) & (CELLS / 64 - 1)] |= 1 << (p & 63);
    }

    /// Whether cell `p` is in it.
    #[inline]
    pub(crate) fn contains(&self, p: usize) -> bool {
        self.0[(p >> 6) & (CELLS / 64 - 1)] & (1 << (p & 63)) != 0
    }
}

impl std::fmt::Debug for CellBits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n: u32 = self.0.iter().map(|w| w.count_ones()).sum();
        write!(f, "CellBits({n} cells)")
    }
}
