//! A rank exam's small level groups keep their later rounds playable (issue 28 item 4).
//!
//! A level group of five children over five rounds should play a round robin: each child
//! meets the four others and sits out once. Pairing one round at a time by the best matching
//! can walk into a corner — after three rounds the two children still to meet both need the
//! last round's bye — and then a child gets a second bye or a repeated game. So for each group
//! of at most [`MAX_GROUP`] players (in an exam whose odd groups take byes), the round's
//! pairing is checked ahead: the most rounds the group can still play cleanly (no repeated
//! game, nobody a second bye) from here is found by an exhaustive search, and when the best
//! matching's pairing of the group would leave fewer, the group's pairings are tried in order
//! of the criteria and the first that keeps that many is taken; every other pair of the group
//! is then marked against criterion 1 (`group`), so that the matching, its certificate,
//! `verify-pairing` and `--explain` all see the same choice. A search larger than
//! [`BUDGET`] steps gives up (the matching's pairing stands), so the check costs little.

use super::graph::{Costs, Graph, N, k};
use super::model::TournamentError;
use std::collections::HashMap;

/// The largest group checked ahead.
pub const MAX_GROUP: usize = 12;

/// Search steps per group before the check gives up.
pub const BUDGET: u32 = 200_000;

/// One level group's vertices: its players, then its bye vertex when it has one.
struct Group {
    vertices: Vec<usize>,
    /// Whether the last vertex is the group's bye.
    bye: bool,
}

/// What [`Search::rounds`] calls with each clean round's pairs (true: stop).
type EachRound<'a> = dyn FnMut(&mut Search, &[(usize, usize)]) -> bool + 'a;

/// A group's clean round with its costs, in the order of the criteria.
type ScoredRound = (Vec<i64>, Vec<(usize, usize)>);
/// The search over one group's rounds to come: edges as bits of a `u128`.
struct Search {
    /// Players (the bye vertex, if any, is number `players`).
    players: usize,
    bye: bool,
    memo: HashMap<(u128, u32, u32), u32>,
    steps: u32,
}

impl Search {
    fn bit(&self, i: usize, j: usize) -> u128 {
        let (a, b) = (i.min(j), i.max(j));
        1u128 << (a * self.players + b)
    }

    /// Every clean round from (`played`, `byes`): pairs of players not met, the bye (if any)
    /// to a player without one. Calls `each` with the round's pairs.
    fn rounds(&mut self, played: u128, byes: u32, each: &mut EachRound<'_>) {
        let mut free: Vec<usize> = (0..self.players + usize::from(self.bye)).collect();
        let mut acc = Vec::new();
        self.walk(&mut free, &mut acc, played, byes, each);
    }

    fn walk(
        &mut self,
        free: &mut Vec<usize>,
        acc: &mut Vec<(usize, usize)>,
        played: u128,
        byes: u32,
        each: &mut EachRound<'_>,
    ) -> bool {
        self.steps += 1;
        if self.steps > BUDGET {
            return true;
        }
        if free.is_empty() {
            return each(self, acc);
        }
        let a = free.remove(0);
        for x in 0..free.len() {
            let b = free[x];
            let ok = if b == self.players {
                byes & (1 << a) == 0
            } else {
                played & self.bit(a, b) == 0
            };
            if !ok {
                continue;
            }
            free.remove(x);
            acc.push((a, b));
            let stop = self.walk(free, acc, played, byes, each);
            acc.pop();
            free.insert(x, b);
            if stop {
                free.insert(0, a);
                return true;
            }
        }
        free.insert(0, a);
        false
    }

    /// The state after a round.
    fn after(&self, played: u128, byes: u32, round: &[(usize, usize)]) -> (u128, u32) {
        round.iter().fold((played, byes), |(p, b), &(x, y)| {
            if y == self.players {
                (p, b | (1 << x))
            } else {
                (p | self.bit(x, y), b)
            }
        })
    }

    /// The most clean rounds (at most `cap`) that can follow from (`played`, `byes`).
    fn depth(&mut self, played: u128, byes: u32, cap: u32) -> u32 {
        if cap == 0 || self.steps > BUDGET {
            return 0;
        }
        if let Some(&d) = self.memo.get(&(played, byes, cap)) {
            return d;
        }
        let mut best = 0;
        self.rounds(played, byes, &mut |s, round| {
            let (p, b) = s.after(played, byes, round);
            best = best.max(1 + s.depth(p, b, cap - 1));
            best == cap
        });
        self.memo.insert((played, byes, cap), best);
        best
    }
}

/// Checks each small level group of an exam round ahead (see the module's text) and marks
/// the pairs of a group whose best pairing would leave its later rounds unplayable.
/// `rounds_left` is the number of rounds after this one.
pub fn settle(graph: &mut Graph, rounds_left: u32) -> Result<(), TournamentError> {
    let m = graph.entrants.len();
    let mut groups: Vec<(String, Group)> = Vec::new();
    for (v, e) in graph.entrants.iter().enumerate() {
        match groups.iter_mut().find(|(g, _)| *g == e.group) {
            Some((_, g)) => g.vertices.push(v),
            None => groups.push((
                e.group.clone(),
                Group {
                    vertices: vec![v],
                    bye: false,
                },
            )),
        }
    }
    for (name, group) in &mut groups {
        if let Some(x) = graph.byes.iter().position(|b| b == name) {
            group.vertices.push(m + x);
            group.bye = true;
        }
    }
    let mate = graph.solve(None);
    let mut marked = Vec::new();
    for (_, group) in &groups {
        let players = group.vertices.len() - usize::from(group.bye);
        if !(2..=MAX_GROUP).contains(&players) {
            continue;
        }
        let local = |v: usize| group.vertices.iter().position(|&w| w == v);
        let mut search = Search {
            players,
            bye: group.bye,
            memo: HashMap::new(),
            steps: 0,
        };
        // What the group has played.
        let mut played = 0u128;
        let mut byes = 0u32;
        for (x, &v) in group.vertices[..players].iter().enumerate() {
            let e = &graph.entrants[v];
            if e.byes > 0 {
                byes |= 1 << x;
            }
            for (y, &w) in group.vertices[..players].iter().enumerate() {
                if e.met.contains_key(&graph.entrants[w].id) {
                    played |= search.bit(x, y);
                }
            }
        }
        let cap = rounds_left + 1;
        let need = search.depth(played, byes, cap);
        if need == 0 || search.steps > BUDGET {
            continue;
        }
        // The matching's own pairing of the group.
        let mut chosen: Vec<(usize, usize)> = Vec::new();
        let mut inside = true;
        for (x, &v) in group.vertices.iter().enumerate() {
            match mate[v].and_then(local) {
                Some(y) if x < y => chosen.push((x, y)),
                Some(_) => {}
                None => inside = false,
            }
        }
        if inside && keeps(&mut search, played, byes, &chosen, need) {
            continue;
        }
        // The group's clean pairings in the order of the criteria; the first that keeps
        // `need` rounds playable.
        let mut all: Vec<ScoredRound> = Vec::new();
        search.rounds(played, byes, &mut |s, round| {
            let mut t: Costs = [0; N];
            for &(x, y) in round {
                let c = graph.costs(group.vertices[x], group.vertices[y]);
                for z in 0..N {
                    t[z] += c[z];
                }
            }
            all.push((
                graph.priority.iter().map(|&z| t[z]).collect(),
                round.to_vec(),
            ));
            s.steps > BUDGET
        });
        if search.steps > BUDGET {
            continue;
        }
        all.sort();
        let Some((_, pick)) = all
            .into_iter()
            .find(|(_, round)| keeps(&mut search, played, byes, round, need))
        else {
            continue;
        };
        if search.steps > BUDGET {
            continue;
        }
        for x in 0..group.vertices.len() {
            for y in x + 1..group.vertices.len() {
                if !pick.contains(&(x, y)) {
                    marked.push((group.vertices[x], group.vertices[y]));
                }
            }
        }
    }
    if !marked.is_empty() {
        graph.add_costs(&marked, k::GROUP, 1)?;
    }
    Ok(())
}

/// Whether `round` is clean and leaves `need − 1` clean rounds to follow.
fn keeps(
    search: &mut Search,
    played: u128,
    byes: u32,
    round: &[(usize, usize)],
    need: u32,
) -> bool {
    let clean = round.iter().all(|&(x, y)| {
        if y == search.players {
            byes & (1 << x) == 0
        } else {
            played & search.bit(x, y) == 0
        }
    });
    if !clean {
        return false;
    }
    let (p, b) = search.after(played, byes, round);
    1 + search.depth(p, b, need - 1) >= need
}

/// For the tests: the most clean rounds a group of `players` can play from nothing.
#[cfg(test)]
fn fresh_depth(players: usize, bye: bool, cap: u32) -> u32 {
    let mut s = Search {
        players,
        bye,
        memo: HashMap::new(),
        steps: 0,
    };
    s.depth(0, 0, cap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue28_round_robins_exist_for_small_groups() {
        // Five with a bye: five rounds; four: three; six: five; seven with a bye: seven.
        assert_eq!(fresh_depth(5, true, 9), 5);
        assert_eq!(fresh_depth(4, false, 9), 3);
        assert_eq!(fresh_depth(6, false, 9), 5);
        assert_eq!(fresh_depth(7, true, 9), 7);
    }
}
