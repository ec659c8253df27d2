//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with Galil's dual
//! variables, O(n³), in exact integers.
//!
//! This is what McMahon pairing needs (issue 19): the players present form a complete graph,
//! each pair an edge whose weight says how good the pair is, and the round's pairing is the
//! perfect matching of greatest total weight. The implementation follows the classical
//! primal–dual method (Edmonds 1965; Galil, "Efficient algorithms for finding maximum matching
//! in graphs", 1986): stages grow alternating trees from the single vertices, shrink odd cycles
//! into blossoms, augment along a path when one is found, and otherwise change the dual
//! variables by the largest step that keeps every edge's slack non-negative. Vertex duals,
//! slacks and steps are kept doubled, so integer weights need integer arithmetic only; weights
//! are `i128` so that several criteria can be packed into one weight without rounding.
//!
//! [`max_weight_matching`] with `max_cardinality` set returns a matching of the largest size
//! and, among those, the largest weight. [`brute_force`] tries every matching and is the
//! reference the property tests compare against.

/// An edge `(i, j, weight)` between two distinct vertices.
pub type Edge = (usize, usize, i128);

const NONE: usize = usize::MAX;

struct Matcher<'a> {
    edges: &'a [Edge],
    n: usize,
    max_cardinality: bool,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i128>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<'a> Matcher<'a> {
    fn new(edges: &'a [Edge], n: usize, max_cardinality: bool) -> Matcher<'a> {
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(0, n));
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        Matcher {
            edges,
            n,
            max_cardinality,
            endpoint,
            neighbend,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossombase[b];
            let m = self.mate[base];
            self.assign_label(self.endpoint[m], 1, m ^ 1);
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        for v in self.leaves_of_path(&path) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let nblists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for nblist in nblists {
                for k in nblist {
                    let (i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        j = i;
                    }
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(best);
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
    }

    fn leaves_of_path(&self, path: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &t in path {
            self.leaves(t, &mut out);
        }
        out
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let len = childs.len() as isize;
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = endps[at(j - endptrick as isize)] ^ endptrick ^ 1;
                self.label[self.endpoint[q]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowedge[endps[at(j - endptrick as isize)] / 2] = true;
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let e = self.endpoint[p ^ 1];
            self.label[e] = 2;
            self.label[bv] = 2;
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.leaves_of(bv);
                let mut reached = NONE;
                for &v in &leaves {
                    if self.label[v] != 0 {
                        reached = v;
                        break;
                    }
                }
                if reached != NONE {
                    let v = reached;
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[self.endpoint[m]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn run(self) -> Vec<Option<usize>> {
        self.solve().0
    }

    /// Runs the algorithm to the end; returns the matching and the final dual solution.
    fn solve(mut self) -> (Vec<Option<usize>>, Duals) {
        let n = self.n;
        for _ in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    if augmented {
                        break;
                    }
                    for pi in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][pi];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack <= 0 {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path under these duals: the largest step that keeps every
                // slack non-negative (all values doubled).
                let mut deltatype = 0u8;
                let mut delta: i128 = 0;
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                if !self.max_cardinality {
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0);
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]) / 2;
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == 0 {
                    // Maximum cardinality reached; a last step keeps the duals verifiable.
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0).max(0);
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] -= delta,
                        2 => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] += delta,
                            2 => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        let mate = self
            .mate
            .iter()
            .map(|&p| (p != NONE).then(|| self.endpoint[p]))
            .collect();
        (mate, Duals::of(&self))
    }
}

/// The dual solution the algorithm ends with (all values doubled, as the algorithm keeps
/// them): a number for each vertex and for each blossom still standing at the end. Every
/// edge's slack under them is non-negative and every matched edge's slack is zero, so the
/// slacks bound from below how much any other matching loses (see [`Duals::slack2`]).
#[derive(Clone, Debug)]
pub struct Duals {
    /// Each vertex's dual, doubled.
    vertex: Vec<i128>,
    /// For each vertex, the blossoms around it from the outermost in, each with the sum of
    /// the doubled duals of it and every blossom around it.
    chains: Vec<Vec<(usize, i128)>>,
}

impl Duals {
    fn of(m: &Matcher<'_>) -> Duals {
        let n = m.n;
        let chains = (0..n)
            .map(|v| {
                let mut up = Vec::new();
                let mut b = m.blossomparent[v];
                while b != NONE {
                    up.push(b);
                    b = m.blossomparent[b];
                }
                up.reverse();
                let mut sum = 0;
                up.into_iter()
                    .map(|b| {
                        sum += m.dualvar[b];
                        (b, sum)
                    })
                    .collect()
            })
            .collect();
        Duals {
            vertex: m.dualvar[..n].to_vec(),
            chains,
        }
    }

    /// Twice the slack of edge `(i, j)` of weight `w`: the vertex duals plus the duals of the
    /// blossoms holding both ends (counted twice) minus twice the weight. Non-negative for
    /// every edge; zero on the matching's edges.
    pub fn slack2(&self, i: usize, j: usize, w: i128) -> i128 {
        let (ci, cj) = (&self.chains[i], &self.chains[j]);
        let common = ci
            .iter()
            .zip(cj)
            .take_while(|(x, y)| x.0 == y.0)
            .last()
            .map_or(0, |(x, _)| x.1);
        self.vertex[i] + self.vertex[j] - 2 * w + 2 * common
    }
}

/// [`max_weight_matching`] with the dual solution that proves it optimal.
pub fn max_weight_matching_with_duals(
    n: usize,
    edges: &[Edge],
    max_cardinality: bool,
) -> (Vec<Option<usize>>, Duals) {
    let clean: Vec<Edge> = edges
        .iter()
        .copied()
        .filter(|&(i, j, _)| i < n && j < n && i != j)
        .collect();
    if clean.is_empty() {
        let empty = Duals {
            vertex: vec![0; n],
            chains: vec![Vec::new(); n],
        };
        return (vec![None; n], empty);
    }
    Matcher::new(&clean, n, max_cardinality).solve()
}

/// The matching of greatest total weight among the vertices `0..n`: `mate[v]` is the vertex
/// matched to `v`. With `max_cardinality`, only matchings of the largest possible size are
/// considered (a complete graph on an even number of vertices then gets a perfect matching).
/// Edges naming a vertex `≥ n` or a loop are ignored.
pub fn max_weight_matching(n: usize, edges: &[Edge], max_cardinality: bool) -> Vec<Option<usize>> {
    let clean: Vec<Edge> = edges
        .iter()
        .copied()
        .filter(|&(i, j, _)| i < n && j < n && i != j)
        .collect();
    if clean.is_empty() {
        return vec![None; n];
    }
    Matcher::new(&clean, n, max_cardinality).run()
}

/// The total weight of a matching (each pair counted once), with the weight of edge `(i, j)`
/// given by `weight`.
pub fn total_weight(mate: &[Option<usize>], weight: &dyn Fn(usize, usize) -> i128) -> i128 {
    mate.iter()
        .enumerate()
        .filter_map(|(v, m)| m.filter(|&w| v < w).map(|w| weight(v, w)))
        .sum()
}

/// Every matching tried (small graphs only: the tests' reference). Returns the best
/// `(size, weight)` over all matchings of the graph on `0..n` whose edge weights are
/// `weight(i, j)` (`None`: no edge): the largest size first, then the largest weight, when
/// `max_cardinality`; otherwise the largest weight (with the size of one matching that has it).
pub fn brute_force(
    n: usize,
    weight: &dyn Fn(usize, usize) -> Option<i128>,
    max_cardinality: bool,
) -> (usize, i128) {
    struct Search<'w> {
        weight: &'w dyn Fn(usize, usize) -> Option<i128>,
        max_cardinality: bool,
        best: Option<(usize, i128)>,
    }
    impl Search<'_> {
        fn better(&self, size: usize, total: i128) -> bool {
            match self.best {
                None => true,
                Some((s, t)) if self.max_cardinality => (size, total) > (s, t),
                Some((_, t)) => total > t,
            }
        }
        fn go(&mut self, free: &mut Vec<usize>, size: usize, total: i128) {
            let Some(v) = free.pop() else {
                if self.better(size, total) {
                    self.best = Some((size, total));
                }
                return;
            };
            // v stays single.
            self.go(free, size, total);
            for idx in 0..free.len() {
                let w = free[idx];
                if let Some(x) = (self.weight)(v, w) {
                    free.remove(idx);
                    self.go(free, size + 1, total + x);
                    free.insert(idx, w);
                }
            }
            free.push(v);
        }
    }
    let mut s = Search {
        weight,
        max_cardinality,
        best: None,
    };
    s.go(&mut (0..n).collect(), 0, 0);
    s.best.unwrap_or((0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(n: usize, edges: &[Edge], max_cardinality: bool) -> Result<(), String> {
        let mate = max_weight_matching(n, edges, max_cardinality);
        let w = |i: usize, j: usize| {
            edges
                .iter()
                .filter(|e| (e.0 == i && e.1 == j) || (e.0 == j && e.1 == i))
                .map(|e| e.2)
                .max()
        };
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = m {
                if mate[*u] != Some(v) {
                    return Err(format!("mate is not symmetric at {v}"));
                }
                if w(v, *u).is_none() {
                    return Err(format!("{v}–{u} is not an edge"));
                }
            }
        }
        let size = mate.iter().flatten().count() / 2;
        let total = total_weight(&mate, &|i, j| w(i, j).unwrap_or(0));
        let (bsize, btotal) = brute_force(n, &w, max_cardinality);
        // Without the cardinality rule only the weight must agree.
        let bsize = if max_cardinality { bsize } else { size };
        if (size, total) != (bsize, btotal) {
            return Err(format!(
                "blossom {size} pairs weight {total}, brute force {bsize} pairs weight {btotal}"
            ));
        }
        Ok(())
    }

    #[test]
    fn small_known_cases() {
        // A path a–b–c–d: the two outer edges beat the heavier middle one.
        assert_eq!(
            max_weight_matching(4, &[(0, 1, 5), (1, 2, 6), (2, 3, 5)], false),
            vec![Some(1), Some(0), Some(3), Some(2)]
        );
        // A triangle with a tail forces a blossom.
        let e = [(0, 1, 8), (0, 2, 9), (1, 2, 10), (2, 3, 7)];
        assert_eq!(check(4, &e, false), Ok(()));
        assert_eq!(check(4, &e, true), Ok(()));
        // Negative weights with the cardinality rule: still a perfect matching.
        let e = [(0, 1, -5), (2, 3, -5), (0, 2, -1), (1, 3, -1)];
        let m = max_weight_matching(4, &e, true);
        assert!(m.iter().all(Option::is_some));
        assert_eq!(check(4, &e, true), Ok(()));
        assert_eq!(
            max_weight_matching(0, &[], true),
            Vec::<Option<usize>>::new()
        );
    }

    #[test]
    fn nested_blossoms_and_expansions() {
        // Classic cases that create, nest, relabel and expand blossoms.
        let cases: Vec<(usize, Vec<Edge>)> = vec![
            (
                6,
                vec![
                    (0, 1, 9),
                    (0, 2, 9),
                    (1, 2, 10),
                    (1, 3, 8),
                    (2, 4, 8),
                    (3, 4, 10),
                    (4, 5, 6),
                ],
            ),
            (
                9,
                vec![
                    (0, 1, 45),
                    (0, 4, 45),
                    (1, 2, 50),
                    (2, 3, 45),
                    (3, 4, 50),
                    (0, 5, 30),
                    (2, 8, 35),
                    (3, 7, 35),
                    (4, 6, 26),
                    (8, 7, 5),
                ],
            ),
            (
                10,
                vec![
                    (0, 1, 40),
                    (0, 2, 40),
                    (1, 2, 60),
                    (1, 3, 55),
                    (2, 4, 55),
                    (3, 4, 50),
                    (0, 7, 15),
                    (4, 6, 30),
                    (6, 5, 10),
                    (7, 9, 10),
                    (3, 8, 30),
                ],
            ),
        ];
        for (n, e) in cases {
            assert_eq!(check(n, &e, false), Ok(()), "{e:?}");
            assert_eq!(check(n, &e, true), Ok(()), "{e:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn blossom_equals_brute_force(
            n in 1usize..=12,
            density in 1u32..=10,
            raw in proptest::collection::vec((0u32..10, -20i64..60), 66),
            cardinality in any::<bool>(),
        ) {
            let mut edges = Vec::new();
            let mut k = 0;
            for i in 0..n {
                for j in i + 1..n {
                    let (keep, w) = raw[k % raw.len()];
                    k += 1;
                    if keep < density {
                        edges.push((i, j, i128::from(w)));
                    }
                }
            }
            prop_assert_eq!(check(n, &edges, cardinality), Ok(()));
        }
    }
}
