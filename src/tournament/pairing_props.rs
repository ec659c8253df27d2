//! Property tests of the pairing invariants (issue 12): no repeated pairing, at most one bye per
//! round and per player (to the lowest score without one), colours balanced after every round
//! (|whites − blacks| ≤ 2, never one colour three times running), withdrawn players never
//! paired again, and the same file always giving the same pairing.

use super::model::{Outcome, Player, PlayerId, System, Tournament};
use super::rank::Rank;
use super::rng::Lot;
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

fn players(n: usize, withdrawals: &[(usize, u32)]) -> Vec<Player> {
    (0..n)
        .map(|i| Player {
            id: PlayerId(i as u32),
            name: format!("P{i:02}"),
            rank: Some(if i % 3 == 0 {
                Rank::NationalDan((i % 9 + 1) as u8)
            } else {
                Rank::Kyu((i % 9 + 1) as u8)
            }),
            club: String::new(),
            team: String::new(),
            withdrawn_after_round: withdrawals.iter().find(|w| w.0 == i).map(|w| w.1),
            ..Player::default()
        })
        .collect()
}

const OUTCOMES: [Outcome; 7] = [
    Outcome::BlackWins,
    Outcome::WhiteWins,
    Outcome::BlackWins,
    Outcome::WhiteWins,
    Outcome::Draw,
    Outcome::BlackWinsByForfeit,
    Outcome::BothLose,
];

/// Plays `rounds` rounds with random results; checks every invariant after each round.
fn run_swiss(
    n: usize,
    rounds: u32,
    seed: u64,
    withdrawals: &[(usize, u32)],
) -> Result<Tournament, String> {
    let mut t = super::file::create(
        "",
        System::Swiss,
        Some(rounds),
        seed,
        players(n, withdrawals),
    )
    .map_err(|e| e.0)?;
    let mut results = Lot::new(seed, 99);
    for r in 1..=rounds {
        let proposed = t.propose(r).map_err(|e| format!("round {r}: {e}"))?;
        let again = t.propose(r).map_err(|e| e.0)?;
        if proposed != again {
            return Err(format!("round {r}: two pairings from one file"));
        }
        let scores_before: HashMap<PlayerId, i64> =
            t.entered().map(|p| (p.id, swiss_score(&t, p.id))).collect();
        t.publish(proposed).map_err(|e| e.0)?;
        check_round(&t, r, &scores_before)?;
        if let Some(round) = t.round_mut(r) {
            for g in &mut round.games {
                g.outcome = Some(OUTCOMES[results.below(OUTCOMES.len())]);
            }
        }
    }
    Ok(t)
}

fn swiss_score(t: &Tournament, p: PlayerId) -> i64 {
    t.played
        .iter()
        .map(|r| match r.game_of(p) {
            Some(g) => g.points_of(p),
            None if r.byes.contains(&p) => 2,
            None => 0,
        })
        .sum()
}

fn check_round(t: &Tournament, upto: u32, scores: &HashMap<PlayerId, i64>) -> Result<(), String> {
    let mut met = HashSet::new();
    let mut byes: HashMap<PlayerId, u32> = HashMap::new();
    let mut colours: HashMap<PlayerId, Vec<bool>> = HashMap::new();
    for r in t.played.iter().filter(|r| r.number <= upto) {
        if r.byes.len() > 1 {
            return Err(format!("round {}: {} byes", r.number, r.byes.len()));
        }
        let mut seen = HashSet::new();
        for g in &r.games {
            for p in [g.black, g.white] {
                if !seen.insert(p) {
                    return Err(format!("round {}: {p:?} twice", r.number));
                }
                if !t.player(p).plays_in(r.number) {
                    return Err(format!("round {}: withdrawn {p:?} paired", r.number));
                }
            }
            if !met.insert((g.black.min(g.white), g.black.max(g.white))) {
                return Err(format!(
                    "round {}: {:?}–{:?} meet again",
                    r.number, g.black, g.white
                ));
            }
            colours.entry(g.black).or_default().push(true);
            colours.entry(g.white).or_default().push(false);
        }
        for &b in &r.byes {
            *byes.entry(b).or_default() += 1;
        }
        let active = t.entered().filter(|p| p.plays_in(r.number)).count();
        if seen.len() + r.byes.len() != active {
            return Err(format!(
                "round {}: {} of {active} players paired",
                r.number,
                seen.len() + r.byes.len()
            ));
        }
    }
    if let Some((p, n)) = byes.iter().find(|(_, n)| **n > 1) {
        return Err(format!("{p:?} had {n} byes"));
    }
    for (p, c) in &colours {
        let balance: i32 = c.iter().map(|&b| if b { 1 } else { -1 }).sum();
        if balance.abs() > 2 {
            return Err(format!(
                "after round {upto}: {p:?} colours differ by {balance}"
            ));
        }
        if c.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]) {
            return Err(format!(
                "after round {upto}: {p:?} had one colour three times running"
            ));
        }
    }
    // The bye of this round went to the lowest score among those without an earlier bye.
    if let Some(r) = t.round(upto)
        && let Some(&b) = r.byes.first()
    {
        let lowest = t
            .entered()
            .filter(|p| p.plays_in(upto) && p.id != b)
            .filter(|p| {
                !t.played
                    .iter()
                    .any(|x| x.number < upto && x.byes.contains(&p.id))
            })
            .map(|p| scores[&p.id])
            .min();
        if lowest.is_some_and(|l| l < scores[&b]) {
            return Err(format!(
                "round {upto}: the bye went to {b:?} with {} while {lowest:?} had none",
                scores[&b]
            ));
        }
    }
    Ok(())
}

#[test]
fn issue12_forty_players_seven_rounds_swiss_with_withdrawals() {
    for seed in 0..12u64 {
        let w = [(3, 2), (17, 4), (29, 0), (35, 5)];
        if let Err(e) = run_swiss(40, 7, seed, &w) {
            panic!("seed {seed}: {e}");
        }
        if let Err(e) = run_swiss(39, 7, seed, &[(0, 3)]) {
            panic!("odd field, seed {seed}: {e}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn swiss_pairing_keeps_every_rule(n in 6usize..42, seed in any::<u64>(), w in proptest::collection::vec((0usize..42, 0u32..6), 0..4)) {
        let rounds = (n as u32 / 2).clamp(1, 7);
        let w: Vec<(usize, u32)> = w.into_iter().filter(|x| x.0 < n).collect();
        let r = run_swiss(n, rounds, seed, &w);
        prop_assert!(r.is_ok(), "n={} rounds={} {:?}", n, rounds, r.err());
    }

    #[test]
    fn knockout_brackets_pair_every_survivor_once(n in 2usize..40, seed in any::<u64>()) {
        let mut t = super::file::create("", System::Knockout, None, seed, players(n, &[]))
            .map_err(|e| TestCaseError::fail(e.0))?;
        let mut lot = Lot::new(seed, 5);
        let mut round = 1;
        while let Ok(r) = t.propose(round) {
            let entrants = r.games.len() * 2 + r.byes.len();
            prop_assert!(entrants <= n);
            t.publish(r).map_err(|e| TestCaseError::fail(e.0))?;
            if let Some(x) = t.round_mut(round) {
                for g in &mut x.games {
                    g.outcome = Some(if lot.coin() { Outcome::BlackWins } else { Outcome::WhiteWins });
                }
            }
            round += 1;
        }
        // The bracket ends with one winner after ⌈log2 n⌉ rounds.
        prop_assert_eq!(round - 1, (n as f64).log2().ceil() as u32);
        let s = super::standings(&t);
        prop_assert_eq!(s.rows.iter().filter(|r| r.place == 1).count(), 1);
    }
}
