//! Zobrist keys from a fixed seed, computed at compile time: hashes are the same in every run,
//! on every machine, so they can be compared across processes and stored in test data.

use super::grid::{CELLS, Grid};

const SEED: u64 = 0x7469_616e_7975_616e; // "tianyuan"

use crate::rng::step as splitmix64;

const fn make_keys() -> [Grid<u64>; 2] {
    let mut keys = [const { Grid::filled(0u64) }; 2];
    let mut state = SEED;
    let mut color = 0;
    while color < 2 {
        let mut i = 0;
        while i < CELLS {
            let (s, k) = splitmix64(state);
            state = s;
            keys[color].0[i] = k;
            i += 1;
        }
        color += 1;
    }
    keys
}

/// `STONE[color][cell]`: the key of a stone of that colour (0 Black, 1 White) on a padded cell.
static STONE: [Grid<u64>; 2] = make_keys();

/// The key of a stone with cell code `code` (1 Black, 2 White) on cell `p`.
#[inline]
pub(crate) fn stone_key(code: u8, p: usize) -> u64 {
    STONE[usize::from(code.wrapping_sub(1) & 1)][p]
}

/// Mixed into a position's hash when White is to move (situational superko).
pub(crate) const WHITE_TO_MOVE: u64 = 0x5be2_0f6c_e1a4_93d7;
