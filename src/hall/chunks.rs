//! Journal lines longer than one message (issue 31 item 1): an arbiter's note of 40 KB or
//! 1 MB is a journal line like any other, and the hall carries it.
//!
//! A line of at most [`chunk_size`] bytes travels as one message, as always. A longer one
//! travels as numbered parts on the table's entry subject, each with the entry's usual
//! headers and two more: [`PART_HEADER`] (`i/k`, from 1) and [`LINE_HEADER`] (`LEN:SHA256`:
//! the whole line's length and SHA-256). The desk keeps the parts of an entry until all are
//! there, puts them together, checks the length and the hash, and only then offers the line to
//! the copy, where the hash chain checks it again. A line longer than [`MAX_LINE_BYTES`] is not
//! carried: the board says so and the desk is told in the board's hello.
//!
//! Pure: no network, no clock. The parts a desk holds are bounded per table
//! ([`MAX_ASSEMBLY_BYTES`]); what does not fit is dropped (and counted), and the board, which
//! keeps every entry until the desk confirms it, sends it again.

use std::collections::BTreeMap;

use sha2::{Digest, Sha256};

use crate::seal::hex;

/// The header of a part: `i/k` (part `i` of `k`, from 1).
pub const PART_HEADER: &str = "Ty-Part";
/// The header of a part with the whole line's length and SHA-256: `LEN:HEX`.
pub const LINE_HEADER: &str = "Ty-Line";

/// The largest part (and the largest line sent whole): well under the stream's 32 KiB
/// `max_msg_size` and the server's 64 KB `max_payload`, headers included.
pub const CHUNK_BYTES: usize = 16 * 1024;
/// The smallest part the board makes, whatever the server says its payload limit is.
pub const MIN_CHUNK_BYTES: usize = 1024;
/// The longest line the hall carries (1,024 parts of 16 KiB). The journal accepts longer
/// notes; the hall says it cannot carry them.
pub const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;
/// The most part bytes the desk holds for one table at once (one longest line and some).
pub const MAX_ASSEMBLY_BYTES: usize = MAX_LINE_BYTES + 4 * CHUNK_BYTES;

/// What keeping room for one part costs the desk, counted in a table's budget besides the
/// parts' bytes.
const SLOT_COST: usize = 64;

/// The part size for a server whose payload limit is `max_payload` bytes (0: unknown): at
/// most [`CHUNK_BYTES`], leaving room for the headers.
pub fn chunk_size(max_payload: usize) -> usize {
    if max_payload == 0 {
        return CHUNK_BYTES;
    }
    max_payload
        .saturating_sub(2048)
        .clamp(MIN_CHUNK_BYTES, CHUNK_BYTES)
}

/// What names a part: its place and the whole line it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// This part's number, from 1.
    pub index: u32,
    /// How many parts the line has.
    pub count: u32,
    /// The whole line's length.
    pub len: usize,
    /// The whole line's SHA-256.
    pub sha256: [u8; 32],
}

impl Part {
    /// The two header values of part `index` of `count` of `line`: ([`PART_HEADER`],
    /// [`LINE_HEADER`]).
    pub fn headers(
        index: u32,
        count: u32,
        line_len: usize,
        line_sha: &[u8; 32],
    ) -> (String, String) {
        (
            format!("{index}/{count}"),
            format!("{line_len}:{}", hex::encode(line_sha)),
        )
    }

    /// Reads the two headers of a part (anything malformed is refused).
    pub fn parse(part: &str, line: &str) -> Result<Part, String> {
        let bad = || format!("a malformed part header ({part:?}, {line:?})");
        let (i, k) = part.split_once('/').ok_or_else(bad)?;
        let index: u32 = i.parse().map_err(|_| bad())?;
        let count: u32 = k.parse().map_err(|_| bad())?;
        let (len, sha) = line.split_once(':').ok_or_else(bad)?;
        let len: usize = len.parse().map_err(|_| bad())?;
        let sha256 = hex::decode_array::<32>(sha).ok_or_else(bad)?;
        // A line is cut in parts of MIN_CHUNK_BYTES to CHUNK_BYTES: any other count is not a
        // board's (and would make the desk keep room for parts that never come).
        let parts = count as usize;
        if count < 2
            || index == 0
            || index > count
            || parts < len.div_ceil(CHUNK_BYTES)
            || parts > len.div_ceil(MIN_CHUNK_BYTES)
        {
            return Err(bad());
        }
        if len > MAX_LINE_BYTES {
            return Err(format!(
                "a line of {len} bytes: the hall carries lines up to {MAX_LINE_BYTES} bytes"
            ));
        }
        Ok(Part {
            index,
            count,
            len,
            sha256,
        })
    }
}

/// The parts of `line` of at most `size` bytes each (one part when it fits).
pub fn split(line: &[u8], size: usize) -> Vec<&[u8]> {
    if line.len() <= size {
        return vec![line];
    }
    line.chunks(size.max(1)).collect()
}

/// The SHA-256 of a whole line (`\n` included).
pub fn line_sha256(line: &[u8]) -> [u8; 32] {
    Sha256::digest(line).into()
}

/// What became of a part offered to the [`Assembler`]. Every token handed back is the
/// caller's to settle (a part's message to acknowledge).
#[derive(Debug, PartialEq, Eq)]
pub enum Assembled<T> {
    /// More parts are due; the part is kept.
    Waiting,
    /// The line is whole and its length and hash are right: the line and every part's token.
    Whole {
        /// The line, `\n` included.
        line: Vec<u8>,
        /// The parts' tokens.
        tokens: Vec<T>,
    },
    /// The parts do not make the line they announced (or the part is malformed): dropped.
    Refused {
        /// Why.
        why: String,
        /// The tokens of the parts dropped.
        tokens: Vec<T>,
    },
}

#[derive(Debug)]
struct Partial<T> {
    len: usize,
    sha256: [u8; 32],
    parts: Vec<Option<(Vec<u8>, T)>>,
    bytes: usize,
    /// The order it began in (the oldest is dropped first).
    began: u64,
}

/// The desk's parts of long lines, per table, until each line is whole. Bounded: at most
/// [`MAX_ASSEMBLY_BYTES`] of parts per table; the oldest unfinished lines are dropped to make
/// room (their tokens returned, counted in [`Assembler::dropped`]).
#[derive(Debug)]
pub struct Assembler<T> {
    lines: BTreeMap<(u32, String, u32), Partial<T>>,
    next: u64,
    budget: usize,
    /// Parts dropped for room or refused, by table.
    pub dropped: BTreeMap<u32, u64>,
}

impl<T> Default for Assembler<T> {
    fn default() -> Self {
        Assembler::with_budget(MAX_ASSEMBLY_BYTES)
    }
}

impl<T> Assembler<T> {
    /// An empty assembler holding at most `budget` bytes of parts per table.
    pub fn with_budget(budget: usize) -> Assembler<T> {
        Assembler {
            lines: BTreeMap::new(),
            next: 0,
            budget,
            dropped: BTreeMap::new(),
        }
    }

    /// Part bytes held for `table` (with what keeping room for the missing parts costs).
    pub fn held_bytes(&self, table: u32) -> usize {
        self.lines
            .range((table, String::new(), 0)..)
            .take_while(|((t, ..), _)| *t == table)
            .map(|(_, p)| p.bytes + SLOT_COST * p.parts.len())
            .sum()
    }

    /// Lines being put together, all tables.
    pub fn pending(&self) -> usize {
        self.lines.len()
    }

    fn count_dropped(&mut self, table: u32, parts: usize) {
        *self.dropped.entry(table).or_default() += parts as u64;
    }

    /// Takes part `part` (its bytes and token) of entry `n` of `session` at `table` (`entry`).
    /// Tokens of parts dropped to make room are appended to `settle`.
    pub fn offer(
        &mut self,
        entry: (u32, &str, u32),
        part: Part,
        bytes: Vec<u8>,
        token: T,
        settle: &mut Vec<T>,
    ) -> Assembled<T> {
        let (table, session, n) = entry;
        let key = (table, session.to_owned(), n);
        if bytes.is_empty() || bytes.len() > CHUNK_BYTES || bytes.len() > part.len {
            self.count_dropped(table, 1);
            return Assembled::Refused {
                why: format!(
                    "entry {n}: a part of {} bytes does not fit its line",
                    bytes.len()
                ),
                tokens: vec![token],
            };
        }
        // Another version of the entry (a different line, or cut differently): the old parts go.
        if let Some(old) = self.lines.get(&key)
            && (old.len != part.len
                || old.sha256 != part.sha256
                || old.parts.len() != part.count as usize)
            && let Some(old) = self.lines.remove(&key)
        {
            let n_old = old.parts.iter().flatten().count();
            settle.extend(old.parts.into_iter().flatten().map(|(_, t)| t));
            self.count_dropped(table, n_old);
        }
        // Room for this part: drop the table's oldest other lines first.
        let cost = bytes.len()
            + if self.lines.contains_key(&key) {
                0
            } else {
                SLOT_COST * part.count as usize
            };
        while self.held_bytes(table) + cost > self.budget {
            let oldest = self
                .lines
                .iter()
                .filter(|((t, ..), _)| *t == table)
                .filter(|(k, _)| **k != key)
                .min_by_key(|(_, p)| p.began)
                .map(|(k, _)| k.clone());
            let Some(k) = oldest else { break };
            if let Some(old) = self.lines.remove(&k) {
                let n_old = old.parts.iter().flatten().count();
                settle.extend(old.parts.into_iter().flatten().map(|(_, t)| t));
                self.count_dropped(table, n_old);
            }
        }
        if self.held_bytes(table) + cost > self.budget {
            self.count_dropped(table, 1);
            return Assembled::Refused {
                why: format!("entry {n}: no room for its parts"),
                tokens: vec![token],
            };
        }
        let began = self.next;
        let entry = self.lines.entry(key.clone()).or_insert_with(|| Partial {
            len: part.len,
            sha256: part.sha256,
            parts: (0..part.count).map(|_| None).collect(),
            bytes: 0,
            began,
        });
        self.next += 1;
        let slot = &mut entry.parts[(part.index - 1) as usize];
        // The same part again (a redelivery): the newer copy stands, the older is settled.
        if let Some((old, t)) = slot.take() {
            entry.bytes -= old.len();
            settle.push(t);
        }
        entry.bytes += bytes.len();
        *slot = Some((bytes, token));
        if entry.parts.iter().any(Option::is_none) {
            return Assembled::Waiting;
        }
        let Some(whole) = self.lines.remove(&key) else {
            return Assembled::Waiting;
        };
        let mut line = Vec::with_capacity(whole.len);
        let mut tokens = Vec::with_capacity(whole.parts.len());
        for (b, t) in whole.parts.into_iter().flatten() {
            line.extend_from_slice(&b);
            tokens.push(t);
        }
        if line.len() != whole.len || line_sha256(&line) != whole.sha256 {
            self.count_dropped(table, tokens.len());
            return Assembled::Refused {
                why: format!("entry {n}: its parts do not make the line they announced"),
                tokens,
            };
        }
        Assembled::Whole { line, tokens }
    }

    /// Drops every unfinished line of `table`'s `session` at or below entry `upto` (the copy
    /// holds them now, or they are obsolete): their tokens are appended to `settle`.
    pub fn forget(&mut self, table: u32, session: &str, upto: u32, settle: &mut Vec<T>) {
        let keys: Vec<_> = self
            .lines
            .keys()
            .filter(|(t, s, n)| *t == table && s == session && *n <= upto)
            .cloned()
            .collect();
        for k in keys {
            if let Some(p) = self.lines.remove(&k) {
                settle.extend(p.parts.into_iter().flatten().map(|(_, t)| t));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts_of(line: &[u8], size: usize) -> Vec<(Part, Vec<u8>)> {
        let sha = line_sha256(line);
        let pieces = split(line, size);
        let k = pieces.len() as u32;
        pieces
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                let (a, b) = Part::headers(i as u32 + 1, k, line.len(), &sha);
                (Part::parse(&a, &b).unwrap(), p.to_vec())
            })
            .collect()
    }

    #[test]
    fn issue31_a_long_line_is_cut_and_put_together_in_any_order_and_checked() {
        let line: Vec<u8> = (0..40_000u32)
            .map(|i| b'a' + (i % 26) as u8)
            .chain([b'\n'])
            .collect();
        let parts = parts_of(&line, CHUNK_BYTES);
        assert_eq!(parts.len(), 3);
        let mut a = Assembler::default();
        let mut settle = Vec::new();
        for (i, (p, b)) in parts.iter().enumerate().rev() {
            let got = a.offer((7, "abcd1234", 5), *p, b.clone(), i, &mut settle);
            if i > 0 {
                assert_eq!(got, Assembled::Waiting);
            } else {
                assert_eq!(
                    got,
                    Assembled::Whole {
                        line: line.clone(),
                        tokens: vec![0, 1, 2]
                    }
                );
            }
        }
        assert!(settle.is_empty());
        assert_eq!(a.pending(), 0);
        // A changed byte in one part: refused whole, every token back.
        let mut bad = parts.clone();
        bad[1].1[10] ^= 1;
        for (i, (p, b)) in bad.into_iter().enumerate() {
            let got = a.offer((7, "abcd1234", 5), p, b, i, &mut settle);
            if i == 2 {
                assert!(matches!(got, Assembled::Refused { ref tokens, .. } if tokens.len() == 3));
            }
        }
        assert_eq!(a.dropped.get(&7), Some(&3));
    }

    #[test]
    fn issue31_part_headers_are_checked_and_the_size_follows_the_server() {
        let sha = hex::encode(&[1; 32]);
        assert!(Part::parse("1/3", &format!("40000:{sha}")).is_ok());
        for (p, l) in [
            ("0/2", format!("40000:{sha}")),
            ("3/2", format!("40000:{sha}")),
            ("1/1", format!("40000:{sha}")),
            ("1/2", "40000:zz".to_owned()),
            ("x", format!("40000:{sha}")),
            ("1/5", format!("3:{sha}")),
            ("1/2", format!("100000:{sha}")),
            ("1/50", format!("20000:{sha}")),
            ("1/2000", format!("{}:{sha}", MAX_LINE_BYTES + 1)),
        ] {
            assert!(Part::parse(p, &l).is_err(), "{p} {l}");
        }
        assert_eq!(chunk_size(0), CHUNK_BYTES);
        assert_eq!(chunk_size(64 * 1024), CHUNK_BYTES);
        assert_eq!(chunk_size(8 * 1024), 6 * 1024);
        assert_eq!(chunk_size(100), MIN_CHUNK_BYTES);
        assert_eq!(split(b"short\n", 16).len(), 1);
    }

    #[test]
    fn issue31_a_table_holds_a_bounded_amount_of_parts_and_the_oldest_go_first() {
        let mut a = Assembler::with_budget(3 * 1024 + 4 * SLOT_COST);
        let mut settle = Vec::new();
        let line_a: Vec<u8> = vec![b'a'; 4 * 1024];
        let line_b: Vec<u8> = vec![b'b'; 4 * 1024];
        let pa = parts_of(&line_a, 1024);
        let pb = parts_of(&line_b, 1024);
        for (p, b) in pa.iter().take(3) {
            assert_eq!(
                a.offer((1, "s1", 2), *p, b.clone(), 'a', &mut settle),
                Assembled::Waiting
            );
        }
        // Another table is not touched by table 1's room.
        assert_eq!(
            a.offer((2, "s2", 2), pb[0].0, pb[0].1.clone(), 'x', &mut settle),
            Assembled::Waiting
        );
        assert_eq!(a.held_bytes(1), 3 * 1024 + 4 * SLOT_COST);
        // Table 1's next line pushes its oldest out.
        assert_eq!(
            a.offer((1, "s1", 3), pb[0].0, pb[0].1.clone(), 'b', &mut settle),
            Assembled::Waiting
        );
        assert_eq!(settle, vec!['a', 'a', 'a']);
        assert_eq!(a.dropped.get(&1), Some(&3));
        assert_eq!(a.held_bytes(2), 1024 + 4 * SLOT_COST);
        let mut rest = Vec::new();
        a.forget(1, "s1", 3, &mut rest);
        assert_eq!(rest, vec!['b']);
    }
}
