//! The seeded lot (抽签): a small deterministic generator, so the same file and seed always give
//! the same draw and an arbiter can re-run it in front of the players.

/// SplitMix64: tiny, well-mixed, and stable across platforms and versions (unlike a library
/// generator whose stream may change with an upgrade, which would change published draws).
#[derive(Clone, Debug)]
pub struct Lot {
    state: u64,
}

impl Lot {
    /// A generator for one purpose of one event: the event's seed mixed with a label
    /// (e.g. the round number), so each round's draw is independent of the others.
    pub fn new(seed: u64, label: u64) -> Lot {
        let mut lot = Lot {
            state: seed ^ label.wrapping_mul(0xA076_1D64_78BD_642F),
        };
        lot.next_u64();
        lot
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), without modulo bias worth speaking of for small `n`.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Whether a coin shows heads.
    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draw() {
        let mut a: Vec<u32> = (0..20).collect();
        let mut b = a.clone();
        Lot::new(7, 1).shuffle(&mut a);
        Lot::new(7, 1).shuffle(&mut b);
        assert_eq!(a, b);
        let mut c: Vec<u32> = (0..20).collect();
        Lot::new(7, 2).shuffle(&mut c);
        assert_ne!(a, c);
    }
}
