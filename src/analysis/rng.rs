//! The estimator's random numbers: SplitMix64 seeded from the position, so the same position
//! always gets the same suggestion (tests can pin it, and two arbiters see the same thing).

/// SplitMix64 (Steele, Lea, Flood 2014): one add and three xor-shift-multiplies per number.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0) by multiply-shift: no division, and the bias is
    /// below 2⁻²³ for the at most 625 points of a board.
    #[inline]
    pub(crate) fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 32).wrapping_mul(n as u64) >> 32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Rng::new(7);
        for n in [1, 2, 3, 81, 361, 625] {
            for _ in 0..1000 {
                assert!(rng.below(n) < n);
            }
        }
        assert_eq!(rng.below(0), 0);
    }
}
