//! A fixed array over the padded cells of the largest board, indexed through a mask: the
//! length is a power of two, so no access can panic and the compiler needs no bounds check
//! on the board's hot paths (the core forbids `unsafe`, so `get_unchecked` is no option).
//! Every index the board computes is below 703 anyway; the mask only makes that a type fact.

use std::ops::{Index, IndexMut};

/// Cells of the largest padded board (25×25 with its wall: 703), rounded up to a power of two.
pub(crate) const CELLS: usize = 1024;
const MASK: usize = CELLS - 1;

/// One value per padded cell.
#[derive(Clone, PartialEq, Eq)]
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
