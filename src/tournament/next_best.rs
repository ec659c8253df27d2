//! The best pairing without each pair of a round (issue 28 item 9): what `--explain` compares
//! every pair with, for all pairs of a 500-player round in well under a second, without
//! re-running the whole matching once per pair.
//!
//! **Why it is exact.** Let M be the optimal matching and (u, z) the dual solution the blossom
//! algorithm ends with. Every edge's slack s(e) ≥ 0 and s = 0 on M. For any other perfect
//! matching M′, w(M) − w(M′) = Σ_{e∈M′} s(e) + Σ_B z_B ((|B|−1)/2 − |M′ ∩ E(B)|) ≥ Σ_{e∈M′} s(e).
//! The best matching without a pair e = (a, b) of M is M changed along one alternating cycle C
//! through e (the other cycles of the symmetric difference cannot gain), and its loss is at
//! least the slack of C's new edges. A walk relaxation bounds that from each side: D_a(y) is
//! the least slack of an alternating walk from a that ends with a pair's edge x–y of M, D_b
//! the same from b; a cycle through the pair {x, y} loses at least
//! L = min(D_a(y) + D_b(x), D_a(x) + D_b(y)). The pairs of M are taken in order of L; the best
//! matching of the first few pairs' players without e (the others keep their partners) is
//! computed exactly by the blossom algorithm, and it is the best overall as soon as its loss
//! is at most the L of the first pair left out — any cycle leaving the set loses at least that.
//! Otherwise the set doubles, up to the whole round.

use super::graph::{Costs, Graph};
use super::matching;

/// The optimum of a round's graph with what it takes to find the best pairing without any one
/// of its pairs.
pub struct Alternatives<'g> {
    graph: &'g Graph,
    /// The optimal matching.
    pub mate: Vec<usize>,
    /// Its totals on each criterion.
    pub totals: Costs,
    /// Twice each edge's slack under the final duals, `i * n + j`.
    slack: Vec<i128>,
    /// Each edge's packed cost, `i * n + j`.
    cost: Vec<i128>,
}

/// Where the local search stops doubling and solves the whole round.
const FIRST_PAIRS: usize = 6;

impl<'g> Alternatives<'g> {
    /// Solves `graph` once, keeping the duals (`None` when it has no perfect matching).
    pub fn new(graph: &'g Graph) -> Option<Alternatives<'g>> {
        let n = graph.n;
        let edges = graph.edges(None);
        let (mate, duals) = matching::max_weight_matching_with_duals(n, &edges, true);
        let mate: Vec<usize> = mate.into_iter().collect::<Option<Vec<usize>>>()?;
        let mut slack = vec![0i128; n * n];
        let mut cost = vec![0i128; n * n];
        let top = graph.top();
        for &(i, j, w) in &edges {
            let s = duals.slack2(i, j, w);
            slack[i * n + j] = s;
            slack[j * n + i] = s;
            cost[i * n + j] = top - w;
            cost[j * n + i] = top - w;
        }
        let totals = graph.totals(&mate.iter().map(|&v| Some(v)).collect::<Vec<_>>());
        Some(Alternatives {
            graph,
            mate,
            totals,
            slack,
            cost,
        })
    }

    /// The totals of the best perfect matching that does not pair `a` with `b` (`None` when
    /// every perfect matching does: a round of two).
    pub fn best_without(&self, a: usize, b: usize) -> Option<Costs> {
        let n = self.graph.n;
        if n < 4 {
            return None;
        }
        if self.mate[a] != b {
            return Some(self.totals);
        }
        let (da, db) = (self.walks(a), self.walks(b));
        // The optimum's pairs (by their lower vertex) in order of the least a cycle through
        // them loses; the pair (a, b) itself first.
        let mut pairs: Vec<(i128, usize)> = (0..n)
            .filter(|&v| v < self.mate[v])
            .map(|v| {
                let w = self.mate[v];
                let bound = if v == a.min(b) {
                    i128::MIN
                } else {
                    (da[w].saturating_add(db[v])).min(da[v].saturating_add(db[w]))
                };
                (bound, v)
            })
            .collect();
        pairs.sort_unstable();
        let mut take = FIRST_PAIRS.min(pairs.len());
        loop {
            let inside: Vec<usize> = pairs[..take]
                .iter()
                .flat_map(|&(_, v)| [v, self.mate[v]])
                .collect();
            let local = self.local_best(&inside, a, b);
            let next = pairs.get(take).map_or(i128::MAX, |p| p.0);
            if let Some((loss, got)) = local {
                // Slacks are doubled: the loss is certain when 2 × loss ≤ the bound.
                if take == pairs.len() || loss.saturating_mul(2) <= next {
                    return Some(self.with(&inside, &got));
                }
            } else if take == pairs.len() {
                return None;
            }
            take = (take * 2).min(pairs.len());
        }
    }

    /// The least doubled slack of an alternating walk from `from` (its first edge not in the
    /// matching) that ends at each vertex just after an edge of the matching.
    fn walks(&self, from: usize) -> Vec<i128> {
        let n = self.graph.n;
        let mut dist = vec![i128::MAX; n];
        let mut done = vec![false; n];
        dist[from] = 0;
        for _ in 0..n {
            let Some(v) = (0..n)
                .filter(|&v| !done[v] && dist[v] < i128::MAX)
                .min_by_key(|&v| dist[v])
            else {
                break;
            };
            done[v] = true;
            let row = &self.slack[v * n..(v + 1) * n];
            for (x, &s) in row.iter().enumerate() {
                if x == v || x == self.mate[v] {
                    continue;
                }
                let y = self.mate[x];
                let d = dist[v] + s;
                if d < dist[y] {
                    dist[y] = d;
                }
            }
        }
        dist
    }

    /// The best perfect matching of the vertices `inside` without the edge (a, b): its loss
    /// against the optimum (packed cost) and its pairs.
    fn local_best(
        &self,
        inside: &[usize],
        a: usize,
        b: usize,
    ) -> Option<(i128, Vec<(usize, usize)>)> {
        let n = self.graph.n;
        let k = inside.len();
        let mut edges = Vec::with_capacity(k * k / 2);
        let top = self.cost.iter().copied().max().unwrap_or(0) + 1;
        for x in 0..k {
            for y in x + 1..k {
                let (i, j) = (inside[x], inside[y]);
                if (i, j) == (a, b) || (i, j) == (b, a) {
                    continue;
                }
                edges.push((x, y, top - self.cost[i * n + j]));
            }
        }
        let mate = matching::max_weight_matching(k, &edges, true);
        let mut pairs = Vec::with_capacity(k / 2);
        let mut after = 0i128;
        for (x, m) in mate.iter().enumerate() {
            let y = (*m)?;
            if x < y {
                let (i, j) = (inside[x], inside[y]);
                after += self.cost[i * n + j];
                pairs.push((i, j));
            }
        }
        let before: i128 = inside
            .iter()
            .filter(|&&v| v < self.mate[v])
            .map(|&v| self.cost[v * n + self.mate[v]])
            .sum();
        Some((after - before, pairs))
    }

    /// The optimum's totals with the pairs of `inside` replaced by `pairs`.
    fn with(&self, inside: &[usize], pairs: &[(usize, usize)]) -> Costs {
        let mut t = self.totals;
        for &v in inside.iter().filter(|&&v| v < self.mate[v]) {
            let c = self.graph.costs(v, self.mate[v]);
            for x in 0..t.len() {
                t[x] -= c[x];
            }
        }
        for &(i, j) in pairs {
            let c = self.graph.costs(i, j);
            for x in 0..t.len() {
                t[x] += c[x];
            }
        }
        t
    }
}
