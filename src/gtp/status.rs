//! The status of every chain at the end of a game, for `final_status_list`.
//!
//! Life and death is *agreed* under the Chinese rules (Art. 8), so *dead* is exactly the chains
//! marked with `tianyuan-mark_dead`; every other chain is alive. Among the live chains, *seki*
//! names those that touch a **seki point**: an empty point of a region bordering live stones of
//! both colours (Art. 9's shared points) where a stone of *either* colour would capture nothing
//! and be left with at most one liberty, so neither side can fill it. This is a test of the final
//! position, not a reading of the game: a seki it does not recognise is still reported *alive*,
//! which is true of seki stones, and only chains it can show to be in mutual atari-on-filling are
//! called seki.

use crate::rules::{Board, Color, Coord};

/// Chains grouped by status; each chain's stones in board order (top row first).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Statuses {
    /// Live chains not in seki.
    pub alive: Vec<Vec<Coord>>,
    /// Chains marked dead.
    pub dead: Vec<Vec<Coord>>,
    /// Live chains touching a seki point.
    pub seki: Vec<Vec<Coord>>,
}

/// A plain copy of the board with the dead chains lifted off, for flood fills.
struct Grid {
    size: usize,
    points: Vec<Option<Color>>,
}

impl Grid {
    fn index(&self, c: Coord) -> usize {
        usize::from(c.y) * self.size + usize::from(c.x)
    }

    fn get(&self, c: Coord) -> Option<Color> {
        self.points.get(self.index(c)).copied().flatten()
    }

    fn neighbours(&self, c: Coord) -> impl Iterator<Item = Coord> + use<> {
        let n = self.size;
        let (x, y) = (usize::from(c.x), usize::from(c.y));
        let mut out = Vec::with_capacity(4);
        if x > 0 {
            out.push((x - 1, y));
        }
        if x + 1 < n {
            out.push((x + 1, y));
        }
        if y > 0 {
            out.push((x, y - 1));
        }
        if y + 1 < n {
            out.push((x, y + 1));
        }
        out.into_iter()
            .filter_map(|(x, y)| Some(Coord::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?)))
    }

    /// The connected points of the same content (colour or empty) as `start`.
    fn block(&self, start: Coord) -> Vec<Coord> {
        let want = self.get(start);
        let mut seen = vec![false; self.points.len()];
        let mut stack = vec![start];
        let mut out = Vec::new();
        if let Some(s) = seen.get_mut(self.index(start)) {
            *s = true;
        }
        while let Some(c) = stack.pop() {
            out.push(c);
            for n in self.neighbours(c) {
                let i = self.index(n);
                if self.get(n) == want && seen.get(i) == Some(&false) {
                    if let Some(s) = seen.get_mut(i) {
                        *s = true;
                    }
                    stack.push(n);
                }
            }
        }
        out.sort_by_key(|c| (c.y, c.x));
        out
    }

    fn liberties(&self, chain: &[Coord]) -> Vec<Coord> {
        let mut libs: Vec<Coord> = chain
            .iter()
            .flat_map(|&c| self.neighbours(c))
            .filter(|&n| self.get(n).is_none())
            .collect();
        libs.sort();
        libs.dedup();
        libs
    }

    /// Would a stone of `color` at the empty point `p` capture nothing and keep at most one
    /// liberty?
    fn fills_into_atari(&self, p: Coord, color: Color) -> bool {
        let mut libs: Vec<Coord> = Vec::new();
        for n in self.neighbours(p) {
            match self.get(n) {
                None => libs.push(n),
                Some(c) if c == color => {
                    libs.extend(
                        self.liberties(&self.block(n))
                            .into_iter()
                            .filter(|&l| l != p),
                    );
                }
                Some(_) => {
                    if self.liberties(&self.block(n)) == [p] {
                        return false;
                    }
                }
            }
        }
        libs.sort();
        libs.dedup();
        libs.len() <= 1
    }
}

/// Classifies every chain on `board`; `dead` holds at least one stone of each dead chain.
pub fn classify(board: &Board, dead: &[Coord]) -> Statuses {
    let size = usize::from(board.size());
    let mut grid = Grid {
        size,
        points: vec![None; size * size],
    };
    for (c, color) in board.stones() {
        let i = grid.index(c);
        if let Some(p) = grid.points.get_mut(i) {
            *p = Some(color);
        }
    }
    let mut statuses = Statuses::default();
    let mut dead_chains: Vec<Vec<Coord>> = Vec::new();
    for &d in dead {
        let chain = board.chain(d);
        if !chain.is_empty() && !dead_chains.iter().any(|ch| ch.contains(&d)) {
            let mut chain = chain;
            chain.sort_by_key(|c| (c.y, c.x));
            dead_chains.push(chain);
        }
    }
    for chain in &dead_chains {
        for &c in chain {
            let i = grid.index(c);
            if let Some(p) = grid.points.get_mut(i) {
                *p = None;
            }
        }
    }
    dead_chains.sort_by_key(|ch| ch.first().map(|c| (c.y, c.x)));
    statuses.dead = dead_chains;

    let seki_points = seki_points(&grid);
    let mut done = vec![false; size * size];
    for y in 0..board.size() {
        for x in 0..board.size() {
            let c = Coord::new(x, y);
            if grid.get(c).is_none() || done.get(grid.index(c)) != Some(&false) {
                continue;
            }
            let chain = grid.block(c);
            for &s in &chain {
                let i = grid.index(s);
                if let Some(d) = done.get_mut(i) {
                    *d = true;
                }
            }
            let in_seki = grid
                .liberties(&chain)
                .iter()
                .any(|l| seki_points.contains(l));
            if in_seki {
                statuses.seki.push(chain);
            } else {
                statuses.alive.push(chain);
            }
        }
    }
    statuses
}

fn seki_points(grid: &Grid) -> Vec<Coord> {
    let mut out = Vec::new();
    let mut done = vec![false; grid.points.len()];
    let n = u8::try_from(grid.size).unwrap_or(0);
    for y in 0..n {
        for x in 0..n {
            let c = Coord::new(x, y);
            if grid.get(c).is_some() || done.get(grid.index(c)) != Some(&false) {
                continue;
            }
            let region = grid.block(c);
            for &p in &region {
                let i = grid.index(p);
                if let Some(d) = done.get_mut(i) {
                    *d = true;
                }
            }
            let borders = |color: Color| {
                region
                    .iter()
                    .flat_map(|&p| grid.neighbours(p))
                    .any(|q| grid.get(q) == Some(color))
            };
            if !(borders(Color::Black) && borders(Color::White)) {
                continue;
            }
            out.extend(region.into_iter().filter(|&p| {
                grid.fills_into_atari(p, Color::Black) && grid.fills_into_atari(p, Color::White)
            }));
        }
    }
    out
}
