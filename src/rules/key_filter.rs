//! The filter of earlier positions that makes superko lookups O(1) without a hash map.

/// A one-bit-per-slot filter of position keys (a Bloom filter with one hash): "no" is
/// certain, "maybe" is checked against the history. Zobrist keys are uniformly random, so
/// their top bits index it directly. It stays at most 1/16 full, so a false "maybe" costs a
/// history scan on a few percent of moves at worst; it grows as the history does.
pub(crate) struct KeyFilter {
    words: Vec<u64>,
    shift: u32,
    len: usize,
}

impl Clone for KeyFilter {
    fn clone(&self) -> KeyFilter {
        KeyFilter {
            words: self.words.clone(),
            shift: self.shift,
            len: self.len,
        }
    }

    /// Reuses the words' buffer (games are copied for every playout from a position).
    fn clone_from(&mut self, source: &KeyFilter) {
        self.words.clone_from(&source.words);
        self.shift = source.shift;
        self.len = source.len;
    }
}

impl std::fmt::Debug for KeyFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "KeyFilter {{ keys: {}, bits: {} }}",
            self.len,
            self.words.len() * 64
        )
    }
}

impl KeyFilter {
    const MIN_BITS_LOG2: u32 = 15;

    pub(crate) fn new() -> KeyFilter {
        KeyFilter::with_bits_log2(KeyFilter::MIN_BITS_LOG2)
    }

    fn with_bits_log2(log2: u32) -> KeyFilter {
        KeyFilter {
            words: vec![0; 1 << (log2 - 6)],
            shift: 64 - log2,
            len: 0,
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> (usize, u64) {
        let i = (key >> self.shift) as usize;
        (i >> 6, 1 << (i & 63))
    }

    #[inline]
    pub(crate) fn may_contain(&self, key: u64) -> bool {
        let (w, bit) = self.slot(key);
        self.words.get(w).is_some_and(|&x| x & bit != 0)
    }

    #[inline]
    pub(crate) fn insert(&mut self, key: u64) {
        let (w, bit) = self.slot(key);
        if let Some(x) = self.words.get_mut(w) {
            *x |= bit;
        }
        self.len += 1;
    }

    /// Whether it has passed 1/16 full and should be rebuilt twice as large.
    pub(crate) fn crowded(&self) -> bool {
        self.len * 16 > self.words.len() * 64
    }

    /// Empties it, sized for `n` keys.
    pub(crate) fn reset_for(&mut self, n: usize) {
        let mut log2 = KeyFilter::MIN_BITS_LOG2;
        while (1usize << log2) < n * 16 && log2 < 40 {
            log2 += 1;
        }
        if 64 - log2 == self.shift {
            self.words.fill(0);
            self.len = 0;
        } else {
            *self = KeyFilter::with_bits_log2(log2);
        }
    }
}
