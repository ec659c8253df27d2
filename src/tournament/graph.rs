//! The graph of one McMahon round or rank-exam round (issue 19, issue 28): every player present
//! is a vertex, and so is each bye; every pair is an edge with a cost on ten criteria, packed
//! into one exact integer weight so that the matching of greatest weight is the lexicographic
//! optimum of the criteria in their order of priority.
//!
//! The criteria, strongest first ([`CRITERIA`]): the rank-exam level group, a repeated pairing
//! (or a second bye), the bye going above the lowest score, the score difference, its square,
//! the director's pairs to avoid (family, club, city, country), a colour three times running
//! (or blacks and whites more than two apart), draw-ups and draw-downs repeated, the colour a
//! player would rather have, and seeding within a group. Issue 28 moved the pairs to avoid up,
//! right after the score differences: a family, club or city weight now wins over colour
//! wishes and floats whenever a pairing with the same score differences exists. Rounds paired
//! before that keep their order in their certificate ([`priority_of_keys`]).
//!
//! **Byes.** A McMahon round with an odd number of players has one bye vertex. A rank exam
//! pairs within level groups only: each odd group gets its own bye vertex (every group is then
//! even and no pair crosses groups), or — the director's choice, `odd:handicap` in the exam's
//! table — odd groups are paired two by two, neighbours in rank, with one handicap game between
//! each two (and one bye when their number is odd). See `exam::odd_partners`.

use super::exam::OddGroups;
use super::matching;
use super::mcmahon::{Entrant, Mode, even_cost, rank_of};
use super::model::TournamentError;
use std::collections::HashMap;

/// The criteria of the pairing by their index (the keys of the explanation, the certificate
/// and `docs/tournament.md`), strongest first in the current order of priority.
pub const CRITERIA: [&str; N] = [
    "group",
    "repeat",
    "bye",
    "score",
    "score_squared",
    "avoid",
    "colour",
    "float",
    "balance",
    "seeding",
];

/// How many criteria.
pub const N: usize = 10;

/// Index of each criterion in [`CRITERIA`].
pub(super) mod k {
    pub const GROUP: usize = 0;
    pub const REPEAT: usize = 1;
    pub const BYE: usize = 2;
    pub const SCORE: usize = 3;
    pub const SQUARED: usize = 4;
    pub const AVOID: usize = 5;
    pub const COLOUR: usize = 6;
    pub const FLOAT: usize = 7;
    pub const BALANCE: usize = 8;
    pub const SEEDING: usize = 9;
}

/// Costs of one edge (or a whole pairing) on each criterion, by index; lower is better.
pub type Costs = [i64; N];

/// The criteria's indices, strongest first.
pub type Priority = [usize; N];

/// The order of priority since issue 28: the pairs to avoid right after the score differences.
pub const PRIORITY: Priority = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/// The order of issue 19 (the pairs to avoid after colours and floats), kept to re-run the
/// rounds whose certificates were made under it.
pub const ISSUE19_PRIORITY: Priority = [0, 1, 2, 3, 4, 6, 7, 8, 5, 9];

/// The order of priority that a certificate's list of weights names (its keys, strongest
/// first), when they are the ten criteria.
pub fn priority_of_keys<'a>(keys: impl IntoIterator<Item = &'a str>) -> Option<Priority> {
    let mut p = [0usize; N];
    let mut seen = [false; N];
    let mut count = 0;
    for key in keys {
        let x = CRITERIA.iter().position(|c| *c == key)?;
        if count == N || seen[x] {
            return None;
        }
        seen[x] = true;
        p[count] = x;
        count += 1;
    }
    (count == N).then_some(p)
}

/// The graph of one round: its entrants (vertices `0..m`), then its byes (vertices `m..n`),
/// and every edge's costs.
pub struct Graph {
    /// The entrants, by player id.
    pub entrants: Vec<Entrant>,
    /// The level group each bye vertex serves (empty: any player), in vertex order after the
    /// entrants.
    pub byes: Vec<String>,
    /// Costs of the edge between vertices `i < j` at `i * n + j` (n = vertices).
    costs: Vec<Costs>,
    /// Handicap of each pair `i < j`.
    handicaps: Vec<u32>,
    /// Vertices.
    pub n: usize,
    /// The order of the criteria, strongest first.
    pub priority: Priority,
    /// The weight of one unit of each criterion, by index.
    pub units: [i128; N],
}

impl Graph {
    /// Builds the graph of `entrants` under `mode` and the director's `avoid` weights, with the
    /// criteria in today's order.
    pub fn new(
        entrants: Vec<Entrant>,
        mode: &Mode,
        avoid: &super::mcmahon::AvoidWeights,
    ) -> Result<Graph, TournamentError> {
        Graph::with_priority(entrants, mode, avoid, PRIORITY)
    }

    /// Builds the graph with the criteria in the order `priority` (a certificate's).
    pub fn with_priority(
        entrants: Vec<Entrant>,
        mode: &Mode,
        avoid: &super::mcmahon::AvoidWeights,
        priority: Priority,
    ) -> Result<Graph, TournamentError> {
        let m = entrants.len();
        let exam = mode.odd_groups();
        // The byes: one per odd level group in a rank exam (or one for the odd group the
        // partners leave over), one for an odd McMahon field.
        let (byes, partner): (Vec<String>, HashMap<String, String>) = match exam {
            None => (
                if m % 2 == 1 {
                    vec![String::new()]
                } else {
                    Vec::new()
                },
                HashMap::new(),
            ),
            Some(OddGroups::Bye) => (super::exam::odd_groups(&entrants), HashMap::new()),
            Some(OddGroups::Handicap { .. }) => {
                let (pairs, left) = super::exam::odd_partners(&entrants);
                let mut partner = HashMap::new();
                for (a, b) in pairs {
                    partner.insert(a.clone(), b.clone());
                    partner.insert(b, a);
                }
                (left.into_iter().collect(), partner)
            }
        };
        let n = m + byes.len();
        // Seeding positions within each score group (strongest first).
        let mut order: Vec<usize> = (0..m).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (&entrants[a], &entrants[b]);
            y.score
                .cmp(&x.score)
                .then(y.strength.cmp(&x.strength))
                .then(x.lot.cmp(&y.lot))
                .then(x.id.cmp(&y.id))
        });
        let mut pos = vec![0usize; m];
        let mut size: HashMap<(String, i64), usize> = HashMap::new();
        for &i in &order {
            let key = (entrants[i].group.clone(), entrants[i].score);
            let c = size.entry(key).or_default();
            pos[i] = *c;
            *c += 1;
        }
        let group_size = |i: usize| size[&(entrants[i].group.clone(), entrants[i].score)];
        let mut costs = vec![[0i64; N]; n * n];
        let mut handicaps = vec![0u32; n * n];
        for i in 0..m {
            for j in i + 1..m {
                let (a, b) = (&entrants[i], &entrants[j]);
                let mut c = [0i64; N];
                c[k::GROUP] = if a.group == b.group {
                    0
                } else if partner.get(&a.group) == Some(&b.group) || exam == Some(OddGroups::Bye) {
                    1
                } else {
                    2
                };
                c[k::REPEAT] = i64::from(a.met.contains_key(&b.id));
                let d = (a.score - b.score).abs();
                c[k::SCORE] = d;
                c[k::SQUARED] = d * d;
                if d > 0 {
                    // Drawing down a player drawn down before (or up one drawn up before)
                    // costs two a time; a float that does not compensate an earlier one in
                    // the other direction costs one.
                    let (up, low) = if a.score > b.score { (a, b) } else { (b, a) };
                    c[k::FLOAT] = 2 * i64::from(up.downs + low.ups)
                        + i64::from(up.ups <= up.downs)
                        + i64::from(low.downs <= low.ups);
                }
                let h = match (mode, exam) {
                    (Mode::McMahon(s), _) => s.handicap(rank_of(a.scale), rank_of(b.scale)),
                    (_, Some(OddGroups::Handicap { correction, max })) if a.group != b.group => {
                        super::exam::handicap(a, b, correction, max)
                    }
                    _ => 0,
                };
                if h == 0 {
                    // The better of the two ways round: fewer colour rules broken (a third
                    // same colour running, or blacks and whites more than two apart), then
                    // fewer wishes unmet.
                    let best = even_cost(a, b).min(even_cost(b, a));
                    c[k::COLOUR] = best.0;
                    c[k::BALANCE] = best.1;
                }
                let weights = [avoid.family, avoid.club, avoid.city, avoid.country];
                c[k::AVOID] = (0..4)
                    .filter(|&x| !a.attrs[x].is_empty() && a.attrs[x] == b.attrs[x])
                    .map(|x| i64::from(weights[x]))
                    .sum();
                c[k::SEEDING] = if a.score == b.score && a.group == b.group {
                    let g = group_size(i) as i64;
                    ((pos[i] as i64 - pos[j] as i64).abs() - g / 2).abs()
                } else {
                    // A float: the bottom of the upper group against the top of the lower.
                    let (u, l) = if a.score > b.score { (i, j) } else { (j, i) };
                    (group_size(u) - 1 - pos[u]) as i64 + pos[l] as i64
                };
                costs[i * n + j] = c;
                handicaps[i * n + j] = h;
            }
        }
        for (x, group) in byes.iter().enumerate() {
            // A bye: to the lowest score of its group present, then the weakest, never twice.
            let serves = |e: &Entrant| group.is_empty() || e.group == *group;
            let lowest = entrants
                .iter()
                .filter(|e| serves(e))
                .map(|e| e.score)
                .min()
                .unwrap_or(0);
            let mut bottom: Vec<usize> = (0..m).collect();
            bottom.sort_by(|&a, &b| {
                let (x, y) = (&entrants[a], &entrants[b]);
                (!serves(x))
                    .cmp(&!serves(y))
                    .then(x.score.cmp(&y.score))
                    .then(x.strength.cmp(&y.strength))
                    .then(y.lot.cmp(&x.lot))
                    .then(y.id.cmp(&x.id))
            });
            for (rank_from_bottom, &i) in bottom.iter().enumerate() {
                let e = &entrants[i];
                let mut c = [0i64; N];
                c[k::GROUP] = i64::from(!serves(e));
                c[k::REPEAT] = i64::from(e.byes > 0);
                c[k::BYE] = (e.score - lowest).max(0);
                c[k::SEEDING] = rank_from_bottom as i64;
                costs[i * n + m + x] = c;
            }
            for y in x + 1..byes.len() {
                // Two byes together would leave two players of odd groups to cross.
                let mut c = [0i64; N];
                c[k::GROUP] = 2;
                costs[(m + x) * n + m + y] = c;
            }
        }
        let mut g = Graph {
            entrants,
            byes,
            costs,
            handicaps,
            n,
            priority,
            units: [0; N],
        };
        g.units = g.compute_units()?;
        Ok(g)
    }

    /// Whether vertex `v` is a bye.
    pub fn is_bye(&self, v: usize) -> bool {
        v >= self.entrants.len() && v < self.n
    }

    /// The costs of the edge between vertices `i` and `j`.
    pub fn costs(&self, i: usize, j: usize) -> Costs {
        let (a, b) = (i.min(j), i.max(j));
        self.costs[a * self.n + b]
    }

    /// The handicap of the pair of vertices `i`, `j` (0 for a bye).
    pub fn handicap(&self, i: usize, j: usize) -> u32 {
        let (a, b) = (i.min(j), i.max(j));
        self.handicaps[a * self.n + b]
    }

    /// Adds `delta` to criterion `x` of the edge (i, j) and weighs the criteria again.
    pub(super) fn add_costs(
        &mut self,
        edges: &[(usize, usize)],
        x: usize,
        delta: i64,
    ) -> Result<(), TournamentError> {
        for &(i, j) in edges {
            let (a, b) = (i.min(j), i.max(j));
            self.costs[a * self.n + b][x] += delta;
        }
        self.units = self.compute_units()?;
        Ok(())
    }

    /// Each criterion's unit: larger than the most all weaker criteria can add up to in one
    /// round, so the weights order matchings lexicographically.
    fn compute_units(&self) -> Result<[i128; N], TournamentError> {
        let pairs = (self.n / 2) as i128;
        let mut max = [0i64; N];
        for i in 0..self.n {
            for j in i + 1..self.n {
                let c = self.costs(i, j);
                for x in 0..N {
                    max[x] = max[x].max(c[x]);
                }
            }
        }
        let too_many = || TournamentError("too many players for one weighted matching".into());
        let mut units = [1i128; N];
        for w in (0..N - 1).rev() {
            // A criterion's unit exceeds the most the weaker ones can add up to in a round
            // (a weaker criterion no edge uses needs no room).
            let (x, weaker) = (self.priority[w], self.priority[w + 1]);
            units[x] = i128::from(max[weaker])
                .checked_mul(pairs)
                .and_then(|v| v.checked_add(1))
                .and_then(|v| v.checked_mul(units[weaker]))
                .ok_or_else(too_many)?;
        }
        // The heaviest edge, with room for the algorithm's doubled duals and slacks.
        let heaviest = (0..N).try_fold(0i128, |acc, x| {
            i128::from(max[x])
                .checked_mul(units[x])
                .and_then(|v| v.checked_add(acc))
        });
        match heaviest.and_then(|h| h.checked_mul(16)) {
            Some(_) => Ok(units),
            None => Err(too_many()),
        }
    }

    /// The packed cost of one edge.
    pub fn packed(&self, c: &Costs) -> i128 {
        (0..N).map(|x| i128::from(c[x]) * self.units[x]).sum()
    }

    /// Every edge with its weight (a constant − the packed cost), `forbid` left out.
    pub fn edges(&self, forbid: Option<(usize, usize)>) -> Vec<matching::Edge> {
        let top = self.top();
        let mut edges = Vec::with_capacity(self.n * self.n / 2);
        for i in 0..self.n {
            for j in i + 1..self.n {
                if forbid == Some((i, j)) || forbid == Some((j, i)) {
                    continue;
                }
                edges.push((i, j, top - self.packed(&self.costs(i, j))));
            }
        }
        edges
    }

    /// The constant the edges' weights are counted down from (the heaviest cost + 1).
    pub fn top(&self) -> i128 {
        (0..self.n)
            .flat_map(|i| (i + 1..self.n).map(move |j| (i, j)))
            .map(|(i, j)| self.packed(&self.costs(i, j)))
            .max()
            .unwrap_or(0)
            + 1
    }

    /// The optimal matching: `mate[v]` for every vertex, with `forbid` edges left out.
    pub fn solve(&self, forbid: Option<(usize, usize)>) -> Vec<Option<usize>> {
        matching::max_weight_matching(self.n, &self.edges(forbid), true)
    }

    /// The total costs of a matching.
    pub fn totals(&self, mate: &[Option<usize>]) -> Costs {
        let mut t = [0i64; N];
        for (v, m) in mate.iter().enumerate() {
            if let Some(w) = m.filter(|&w| v < w) {
                let c = self.costs(v, w);
                for x in 0..N {
                    t[x] += c[x];
                }
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::mcmahon::{AvoidWeights, McMahonSettings};
    use crate::tournament::model::PlayerId;
    use crate::tournament::swiss::Colour;

    fn entrant(
        id: u32,
        score: i64,
        colours: &[Colour],
        met: &[u32],
        downs: u32,
        family: &str,
    ) -> Entrant {
        Entrant {
            id: PlayerId(id),
            score,
            scale: -5,
            strength: 10 - id as i32,
            lot: id,
            colours: colours.to_vec(),
            met: met.iter().map(|&m| (PlayerId(m), 1)).collect(),
            byes: 0,
            ups: 0,
            downs,
            attrs: [family.into(), String::new(), String::new(), String::new()],
            group: String::new(),
        }
    }

    /// Every perfect matching of `n` vertices (small n).
    fn matchings(n: usize) -> Vec<Vec<(usize, usize)>> {
        fn go(free: &[usize], acc: &mut Vec<(usize, usize)>, out: &mut Vec<Vec<(usize, usize)>>) {
            let Some((&a, rest)) = free.split_first() else {
                out.push(acc.clone());
                return;
            };
            for (i, &b) in rest.iter().enumerate() {
                let others: Vec<usize> = rest
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, &v)| v)
                    .collect();
                acc.push((a, b));
                go(&others, acc, out);
                acc.pop();
            }
        }
        let mut out = Vec::new();
        go(&(0..n).collect::<Vec<_>>(), &mut Vec::new(), &mut out);
        out
    }

    /// The lexicographic optimum over every perfect matching, criteria compared one by one in
    /// `priority` (no packed weights).
    fn brute_best(g: &Graph, priority: Priority) -> Vec<(usize, usize)> {
        let key = |m: &Vec<(usize, usize)>| {
            let mut t = [0i64; N];
            for &(a, b) in m {
                let c = g.costs(a, b);
                for x in 0..N {
                    t[x] += c[x];
                }
            }
            priority.map(|x| t[x])
        };
        matchings(g.n)
            .into_iter()
            .min_by_key(key)
            .unwrap_or_default()
    }

    fn pairs_of(mate: &[Option<usize>]) -> Vec<(usize, usize)> {
        let mut v: Vec<(usize, usize)> = mate
            .iter()
            .enumerate()
            .filter_map(|(a, m)| m.filter(|&b| a < b).map(|b| (a, b)))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn issue28_siblings_do_not_meet_when_equal_score_differences_allow_it() {
        // Round 5 of the director's report. An and Bo are siblings at 3 points, Ce at 3, Di at
        // 2: every pairing has the same score differences (one float of a point). Together the
        // siblings meet both colour wishes and the lightest float (Ce down); the only other
        // pairing allowed (An–Di and Bo–Ce met before) is An–Ce, Bo–Di: two colour wishes
        // unmet and Bo, drawn down before, drawn down again.
        let b = Colour::Black;
        let w = Colour::White;
        let family = AvoidWeights {
            family: 1000,
            ..AvoidWeights::default()
        };
        let entrants = vec![
            entrant(0, 6, &[b], &[3], 1, "wang"),
            entrant(1, 6, &[w], &[2], 1, "wang"),
            entrant(2, 6, &[b], &[1], 0, ""),
            entrant(3, 4, &[w], &[0], 0, ""),
        ];
        let mode = crate::tournament::mcmahon::Mode::McMahon(McMahonSettings::default());
        let g = Graph::new(entrants.clone(), &mode, &family).unwrap_or_else(|e| panic!("{e}"));
        let got = pairs_of(&g.solve(None));
        assert_eq!(got, [(0, 2), (1, 3)], "the siblings are kept apart");
        assert_eq!(got, brute_best(&g, PRIORITY), "the independent optimum");
        let t = g.totals(&g.solve(None));
        assert_eq!((t[k::AVOID], t[k::BALANCE]), (0, 2));
        assert!(
            t[k::FLOAT] > g.costs(2, 3)[k::FLOAT],
            "a heavier float taken"
        );
        // Under the order of issue 19 (avoid after colours and floats) they met.
        let old = Graph::with_priority(entrants, &mode, &family, ISSUE19_PRIORITY)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pairs_of(&old.solve(None)), [(0, 1), (2, 3)]);
        assert_eq!(
            pairs_of(&old.solve(None)),
            brute_best(&old, ISSUE19_PRIORITY)
        );
    }

    #[test]
    fn issue28_priorities_read_from_a_certificates_keys() {
        assert_eq!(priority_of_keys(CRITERIA), Some(PRIORITY));
        let old = [
            "group",
            "repeat",
            "bye",
            "score",
            "score_squared",
            "colour",
            "float",
            "balance",
            "avoid",
            "seeding",
        ];
        assert_eq!(priority_of_keys(old), Some(ISSUE19_PRIORITY));
        assert_eq!(priority_of_keys(["group", "repeat"]), None);
        assert_eq!(priority_of_keys(old.iter().copied().chain(["x"])), None);
        let mut twice = old;
        twice[1] = "group";
        assert_eq!(priority_of_keys(twice), None);
    }
}
