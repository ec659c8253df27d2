//! The seeded random numbers of the computer players and of `genmove`.

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, and good enough to shuffle moves.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A random index below `n` (`n` > 0); the modulo bias is negligible for board sizes.
    pub fn below(&mut self, n: usize) -> usize {
        let n64 = u64::try_from(n).unwrap_or(u64::MAX).max(1);
        usize::try_from(self.next_u64() % n64).unwrap_or(0)
    }

    /// A uniform number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        // The top 53 bits fill a double's mantissa exactly.
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
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
