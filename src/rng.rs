//! The one SplitMix64 (Steele, Lea, Flood 2014): every seeded choice in Tianyuan — the Zobrist
//! keys, the computer players, `genmove`, the dead-stone estimator's playouts, the tournament's
//! lot, the hall simulator's think times — draws from this generator, so a seed means the same
//! stream everywhere and a published draw never changes with a library upgrade.

/// The golden-ratio increment of SplitMix64.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// One step of SplitMix64 usable in `const` code: the next state and the output it gives.
#[inline]
pub const fn step(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(GAMMA);
    (state, finalize(state))
}

/// SplitMix64's output function (a strong 64-bit mixer) applied to one value.
#[inline]
pub const fn finalize(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A SplitMix64 generator: tiny, fast, stable across platforms and versions.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = step(self.0);
        self.0 = state;
        out
    }

    /// A random index below `n` by modulo (0 when `n` is 0); the bias is negligible for board
    /// sizes. The computer players' and `genmove`'s choices use this one.
    pub fn below(&mut self, n: usize) -> usize {
        let n64 = u64::try_from(n).unwrap_or(u64::MAX).max(1);
        usize::try_from(self.next_u64() % n64).unwrap_or(0)
    }

    /// A number in `0..n` (0 when `n` is 0) by a 32-bit multiply-shift: no division, bias
    /// below 2⁻²³ for the at most 625 points of a board. The playouts' hot loop uses this one.
    #[inline]
    pub fn below_fast(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 32).wrapping_mul(n as u64) >> 32) as usize
    }

    /// A number in `0..n` (0 when `n` is 0) by a 128-bit multiply-shift: unbiased for any
    /// practical `n`. The tournament's lot uses this one.
    pub fn below_wide(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniform number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        // The top 53 bits fill a double's mantissa exactly.
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Whether a coin shows heads.
    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// Shuffles `items` in place (Fisher–Yates over [`SplitMix64::below_wide`]).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below_wide(i + 1);
            items.swap(i, j);
        }
    }
}

/// Mixes the parts of a seed (a player's seed, a position's hash, a move number) into one, so
/// that nearby inputs give unrelated generators.
pub fn mix(parts: &[u64]) -> u64 {
    let mut rng = SplitMix64::new(0x7469_616e_7975_616e);
    let mut acc = 0u64;
    for &p in parts {
        acc = SplitMix64::new(acc ^ p ^ rng.next_u64()).next_u64();
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_sequence() {
        // First outputs of SplitMix64 seeded with 0 (reference implementation by Vigna).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(step(0).1, 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn every_below_stays_in_range() {
        let mut rng = SplitMix64::new(7);
        for n in [1, 2, 3, 81, 361, 625] {
            for _ in 0..1000 {
                assert!(rng.below(n) < n);
                assert!(rng.below_fast(n) < n);
                assert!(rng.below_wide(n) < n);
            }
        }
        assert_eq!(rng.below_fast(0), 0);
        assert_eq!(rng.below_wide(0), 0);
        assert_eq!(rng.below(0), 0);
    }
}
