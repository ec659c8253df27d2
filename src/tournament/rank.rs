//! Ranks of Art. 26.3: national dan 1–9 (`5d`), local dan 1–6 (`3ld`), kyu 9–1 (`2k`).
//!
//! Order, strongest first: national dan 9 … 1, then local dan 6 … 1, then kyu 1, 2, … A local
//! dan ranks below every national dan (it is the provincial title). Kyu grades beyond 9 are
//! accepted (children's events and OpenGotha files have them) and rank below 9 kyu.

use std::fmt;

/// A player's rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Rank {
    /// 国家段位, 1–9 dan.
    NationalDan(u8),
    /// 地方段位, 1–6 dan.
    LocalDan(u8),
    /// 级位, 1 kyu is the highest.
    Kyu(u8),
}

/// Why a rank text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankError(pub String);

impl fmt::Display for RankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rank {:?} not understood: write 5d (national dan 1–9), 3ld (local dan 1–6) or 2k (kyu)",
            self.0
        )
    }
}

impl std::error::Error for RankError {}

impl Rank {
    /// Reads `5d`, `3ld`, `2k` (any case, spaces ignored; `5D`, `12K` as OpenGotha writes).
    pub fn parse(text: &str) -> Result<Rank, RankError> {
        let t: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        let err = || RankError(text.to_string());
        let split = t.find(|c: char| !c.is_ascii_digit()).ok_or_else(err)?;
        let (digits, suffix) = t.split_at(split);
        let n: u8 = digits.parse().map_err(|_| err())?;
        match suffix {
            "d" | "dan" if (1..=9).contains(&n) => Ok(Rank::NationalDan(n)),
            "ld" if (1..=6).contains(&n) => Ok(Rank::LocalDan(n)),
            "k" | "kyu" if (1..=30).contains(&n) => Ok(Rank::Kyu(n)),
            _ => Err(err()),
        }
    }

    /// A number that grows with strength (for seeding and board order).
    pub fn strength(self) -> i32 {
        match self {
            Rank::NationalDan(n) => 100 + i32::from(n),
            Rank::LocalDan(n) => 50 + i32::from(n),
            Rank::Kyu(k) => -i32::from(k),
        }
    }

    /// The rank as OpenGotha and the EGF write it (`5D`, `2K`): a local dan is written as the
    /// same number of dan, since neither format has local dan.
    pub fn egf_text(self) -> String {
        match self {
            Rank::NationalDan(n) | Rank::LocalDan(n) => format!("{n}d"),
            Rank::Kyu(k) => format!("{k}k"),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rank::NationalDan(n) => write!(f, "{n}d"),
            Rank::LocalDan(n) => write!(f, "{n}ld"),
            Rank::Kyu(k) => write!(f, "{k}k"),
        }
    }
}

/// Strength of an optional rank: no rank sorts below every rank.
pub fn strength(rank: Option<Rank>) -> i32 {
    rank.map_or(i32::MIN, Rank::strength)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art26_rank_texts() {
        for (text, rank) in [
            ("5d", Rank::NationalDan(5)),
            ("9D", Rank::NationalDan(9)),
            ("3ld", Rank::LocalDan(3)),
            ("6LD", Rank::LocalDan(6)),
            ("2k", Rank::Kyu(2)),
            (" 12K ", Rank::Kyu(12)),
        ] {
            assert_eq!(Rank::parse(text), Ok(rank), "{text}");
        }
        for bad in ["", "d", "0d", "10d", "7ld", "0k", "31k", "5x", "-1k"] {
            assert!(Rank::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn art26_order_national_local_kyu() {
        let order = ["9d", "1d", "6ld", "1ld", "1k", "9k", "20k"];
        let s: Vec<i32> = order
            .iter()
            .map(|t| Rank::parse(t).map(Rank::strength).unwrap_or(0))
            .collect();
        assert!(s.windows(2).all(|w| w[0] > w[1]), "{s:?}");
        assert_eq!(Rank::LocalDan(3).to_string(), "3ld");
    }
}
