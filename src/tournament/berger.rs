//! Berger tables for round robins (Art. 27.2): fixed pairings for every round that balance
//! colours, as FIDE and Chinese events print them.
//!
//! With `n` seats (a dummy seat added when the number is odd: its opponent rests), round 1
//! pairs 1–n, 2–(n−1), …; each next round adds n/2 to every number but n (modulo n−1, within
//! 1..n−1) and seat n changes side. The first-named seat plays Black. Over one cycle every
//! player's colours differ by at most one; a double round robin repeats the cycle with colours
//! reversed.

/// One round of a table: `(black_seat, white_seat)` pairs and the seat that rests.
pub type TableRound = (Vec<(usize, usize)>, Option<usize>);

/// The pairings of one cycle: for each round, `(black_seat, white_seat)` pairs (0-based), and
/// the seat that rests when `players` is odd.
pub fn cycle(players: usize) -> Vec<TableRound> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let half = n / 2;
    let last = n; // 1-based number of the fixed seat
    // Round 1 in 1-based numbers.
    let mut tables: Vec<(usize, usize)> = (1..=half).map(|i| (i, n + 1 - i)).collect();
    let mut rounds = Vec::with_capacity(n - 1);
    for r in 0..n - 1 {
        if r > 0 {
            tables = tables
                .iter()
                .map(|&(a, b)| {
                    let shift = |x: usize| {
                        if x == last {
                            x
                        } else {
                            (x - 1 + half) % (n - 1) + 1
                        }
                    };
                    let (a, b) = (shift(a), shift(b));
                    if a == last || b == last {
                        (b, a)
                    } else {
                        (a, b)
                    }
                })
                .collect();
        }
        let mut pairs = Vec::new();
        let mut rest = None;
        for &(a, b) in &tables {
            let (a, b) = (a - 1, b - 1);
            if a >= players {
                rest = Some(b);
            } else if b >= players {
                rest = Some(a);
            } else {
                pairs.push((a, b));
            }
        }
        rounds.push((pairs, rest));
    }
    rounds
}

/// Round `round` (1-based) of a single or double round robin of `players` seats; `None` past
/// the last round.
pub fn round(players: usize, round: u32, double: bool) -> Option<TableRound> {
    let table = cycle(players);
    let per_cycle = table.len();
    let r = (round as usize).checked_sub(1)?;
    if r < per_cycle {
        return table.into_iter().nth(r);
    }
    if double && r < 2 * per_cycle {
        let (pairs, rest) = table.into_iter().nth(r - per_cycle)?;
        return Some((pairs.into_iter().map(|(b, w)| (w, b)).collect(), rest));
    }
    None
}

/// Rounds of a single (or double) round robin of `players`.
pub fn total_rounds(players: usize, double: bool) -> u32 {
    if players < 2 {
        return 0;
    }
    let per = (players + players % 2 - 1) as u32;
    if double { 2 * per } else { per }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn six_players_match_the_printed_berger_table() {
        // FIDE's table for 6 (first named = first colour):
        // 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1
        let printed = [
            [(1, 6), (2, 5), (3, 4)],
            [(6, 4), (5, 3), (1, 2)],
            [(2, 6), (3, 1), (4, 5)],
            [(6, 5), (1, 4), (2, 3)],
            [(3, 6), (4, 2), (5, 1)],
        ];
        let ours = cycle(6);
        for (r, row) in printed.iter().enumerate() {
            let got: Vec<(usize, usize)> = ours[r].0.iter().map(|&(a, b)| (a + 1, b + 1)).collect();
            assert_eq!(got, row.to_vec(), "round {}", r + 1);
        }
    }

    #[test]
    fn everyone_meets_everyone_once_with_balanced_colours() {
        for n in 2..=15 {
            let mut met = HashSet::new();
            let mut blacks = vec![0i32; n];
            let mut rests = vec![0; n];
            for (pairs, rest) in cycle(n) {
                for (b, w) in pairs {
                    assert!(met.insert((b.min(w), b.max(w))), "n={n} repeat {b}-{w}");
                    blacks[b] += 1;
                    blacks[w] -= 1;
                }
                if let Some(r) = rest {
                    rests[r] += 1;
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2, "n={n}");
            assert!(blacks.iter().all(|d| d.abs() <= 1), "n={n} {blacks:?}");
            assert!(rests.iter().all(|&r| r == n % 2), "n={n}");
            assert_eq!(total_rounds(n, false) as usize, cycle(n).len());
        }
    }
}
