//! A deliberately simple Go board for differential tests: a grid of points, no chains, no
//! incremental anything — every chain, liberty and capture is recomputed by flood fill, and
//! repetition is checked against a list of every earlier grid.

use tianyuan::rules::{Color, Coord, KoRule};

/// Why the reference refuses a move (mirrors the kinds of `IllegalMove`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A stone is there.
    Occupied,
    /// No liberty and no capture.
    Suicide,
    /// Recreates the position after this move number (the latest such) under the ko rule.
    Repetition(usize),
}

/// A grid of `Option<Color>`, row-major from the top.
pub type Grid = Vec<Option<Color>>;

/// The reference game.
#[derive(Clone)]
pub struct Reference {
    /// Board size.
    pub size: usize,
    /// The points.
    pub grid: Grid,
    /// Every position so far with the side to move after it; the last is the current one.
    pub history: Vec<(Grid, Color)>,
    /// Stones captured by Black and by White.
    pub captures: [usize; 2],
    /// Whether each history step was a pass.
    pub was_pass: Vec<bool>,
    /// Who made each move.
    pub movers: Vec<Color>,
}

impl Reference {
    /// An empty board, Black to move.
    pub fn new(size: usize) -> Reference {
        let grid = vec![None; size * size];
        Reference {
            size,
            history: vec![(grid.clone(), Color::Black)],
            grid,
            captures: [0; 2],
            was_pass: Vec::new(),
            movers: Vec::new(),
        }
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (x, y, n) = (i % self.size, i / self.size, self.size);
        let mut v = Vec::new();
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < n {
            v.push(i + 1);
        }
        if y > 0 {
            v.push(i - n);
        }
        if y + 1 < n {
            v.push(i + n);
        }
        v
    }

    /// The chain through `i` and its number of liberties.
    pub fn chain(&self, grid: &Grid, i: usize) -> (Vec<usize>, usize) {
        let color = grid[i];
        let mut chain = vec![i];
        let mut libs = Vec::new();
        let mut k = 0;
        while k < chain.len() {
            for j in self.neighbours(chain[k]) {
                if grid[j].is_none() {
                    if !libs.contains(&j) {
                        libs.push(j);
                    }
                } else if grid[j] == color && !chain.contains(&j) {
                    chain.push(j);
                }
            }
            k += 1;
        }
        (chain, libs.len())
    }

    /// The grid after `color` plays on `c` and the stones it captures, or why not.
    pub fn try_move(
        &self,
        color: Color,
        c: Coord,
        ko: KoRule,
    ) -> Result<(Grid, Vec<usize>), Refusal> {
        let i = usize::from(c.y) * self.size + usize::from(c.x);
        if self.grid[i].is_some() {
            return Err(Refusal::Occupied);
        }
        let mut grid = self.grid.clone();
        grid[i] = Some(color);
        let mut captured = Vec::new();
        for j in self.neighbours(i) {
            if grid[j] == Some(color.opponent()) {
                let (chain, libs) = self.chain(&grid, j);
                if libs == 0 {
                    for s in chain {
                        grid[s] = None;
                        captured.push(s);
                    }
                }
            }
        }
        if self.chain(&grid, i).1 == 0 {
            return Err(Refusal::Suicide);
        }
        let next = color.opponent();
        let repeated = match ko {
            KoRule::Positional => self.history.iter().rposition(|(g, _)| *g == grid),
            KoRule::Situational => self
                .history
                .iter()
                .rposition(|(g, m)| *g == grid && *m == next),
            KoRule::Simple => {
                let n = self.history.len();
                (n >= 2
                    && !self.was_pass[n - 2]
                    && self.movers[n - 2] == color.opponent()
                    && self.history[n - 2].0 == grid)
                    .then(|| n - 2)
            }
        };
        if let Some(n) = repeated {
            return Err(Refusal::Repetition(n));
        }
        captured.sort();
        Ok((grid, captured))
    }

    /// Commits a move found legal by `try_move`.
    pub fn commit(&mut self, color: Color, grid: Grid, captured: usize) {
        self.grid = grid;
        self.captures[usize::from(color == Color::White)] += captured;
        self.history.push((self.grid.clone(), color.opponent()));
        self.was_pass.push(false);
        self.movers.push(color);
    }

    /// A pass.
    pub fn pass(&mut self, color: Color) {
        self.history.push((self.grid.clone(), color.opponent()));
        self.was_pass.push(true);
        self.movers.push(color);
    }
}
