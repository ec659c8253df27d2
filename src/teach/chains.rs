//! Every chain of a position with its stones and its liberties, found in one pass: what the
//! liberty overlay shows and what the computer player reads.
//!
//! The rules core keeps liberty *counts* at each chain's head; teaching needs the liberty
//! *points* too (a finger on each breathing space), so they are listed here from the public
//! board API.

use crate::rules::{Board, Color, Coord};

/// One chain (a block of connected stones of one colour).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainInfo {
    /// The colour of its stones.
    pub color: Color,
    /// Its stones, row by row from the top.
    pub stones: Vec<Coord>,
    /// Its liberties (气): the distinct empty points next to it, row by row from the top.
    pub liberties: Vec<Coord>,
    /// The stone on which to write the liberty count: the stone nearest the chain's centre
    /// (the first such in reading order), so the label sits inside the chain.
    pub anchor: Coord,
}

impl ChainInfo {
    /// The number of liberties.
    pub fn liberty_count(&self) -> usize {
        self.liberties.len()
    }

    /// Whether the chain is in atari (打吃): one liberty left.
    pub fn in_atari(&self) -> bool {
        self.liberties.len() == 1
    }

    /// The number of stones.
    pub fn size(&self) -> usize {
        self.stones.len()
    }
}

/// The chains of one position, with a lookup from a point to its chain.
#[derive(Clone, Debug)]
pub struct Chains {
    size: u8,
    list: Vec<ChainInfo>,
    /// `index[y * size + x]`: the chain on that point, `u16::MAX` for an empty point.
    index: Vec<u16>,
}

const NO_CHAIN: u16 = u16::MAX;

/// The on-board neighbours of `c` on a board of `size` lines (2 to 4 of them).
pub fn neighbours(c: Coord, size: u8) -> impl Iterator<Item = Coord> {
    let (x, y) = (c.x, c.y);
    [
        (y > 0).then(|| Coord::new(x, y.wrapping_sub(1))),
        (x > 0).then(|| Coord::new(x.wrapping_sub(1), y)),
        (x + 1 < size).then(|| Coord::new(x + 1, y)),
        (y + 1 < size).then(|| Coord::new(x, y + 1)),
    ]
    .into_iter()
    .flatten()
}

impl Chains {
    /// Finds every chain of `board`, in reading order of their first stone.
    pub fn of(board: &Board) -> Chains {
        let size = board.size();
        let n = usize::from(size);
        let at = |c: Coord| usize::from(c.y) * n + usize::from(c.x);
        let mut index = vec![NO_CHAIN; n * n];
        let mut list = Vec::new();
        let mut lib_seen = vec![u16::MAX; n * n];
        let mut stack = Vec::new();
        for start in board.points() {
            let Some(color) = board.get(start) else {
                continue;
            };
            if index[at(start)] != NO_CHAIN {
                continue;
            }
            let id = u16::try_from(list.len()).unwrap_or(NO_CHAIN - 1);
            let mut stones = Vec::new();
            let mut liberties = Vec::new();
            index[at(start)] = id;
            stack.push(start);
            while let Some(s) = stack.pop() {
                stones.push(s);
                for q in neighbours(s, size) {
                    match board.get(q) {
                        None => {
                            if lib_seen[at(q)] != id {
                                lib_seen[at(q)] = id;
                                liberties.push(q);
                            }
                        }
                        Some(k) if k == color && index[at(q)] == NO_CHAIN => {
                            index[at(q)] = id;
                            stack.push(q);
                        }
                        Some(_) => {}
                    }
                }
            }
            stones.sort_by_key(|c| (c.y, c.x));
            liberties.sort_by_key(|c| (c.y, c.x));
            let anchor = central_stone(&stones);
            list.push(ChainInfo {
                color,
                stones,
                liberties,
                anchor,
            });
        }
        Chains { size, list, index }
    }

    /// Every chain.
    pub fn all(&self) -> &[ChainInfo] {
        &self.list
    }

    /// The chains of one colour.
    pub fn of_color(&self, color: Color) -> impl Iterator<Item = &ChainInfo> {
        self.list.iter().filter(move |ch| ch.color == color)
    }

    /// The chain through `c`, `None` for an empty or off-board point.
    pub fn at(&self, c: Coord) -> Option<&ChainInfo> {
        let i = self.id_at(c)?;
        self.list.get(i)
    }

    /// The index in [`Chains::all`] of the chain through `c`.
    pub fn id_at(&self, c: Coord) -> Option<usize> {
        if !c.is_on(self.size) {
            return None;
        }
        let n = usize::from(self.size);
        let id = *self.index.get(usize::from(c.y) * n + usize::from(c.x))?;
        (id != NO_CHAIN).then_some(usize::from(id))
    }

    /// The distinct chains next to the point `c` (not including a chain on `c` itself).
    pub fn adjacent_to_point(&self, c: Coord) -> Vec<usize> {
        let mut out: Vec<usize> = neighbours(c, self.size)
            .filter_map(|q| self.id_at(q))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The distinct chains of the other colour touching chain `id`.
    pub fn enemies_of(&self, id: usize) -> Vec<usize> {
        let Some(chain) = self.list.get(id) else {
            return Vec::new();
        };
        let mut out: Vec<usize> = chain
            .stones
            .iter()
            .flat_map(|&s| neighbours(s, self.size))
            .filter_map(|q| self.id_at(q))
            .filter(|&other| other != id)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The stone nearest the centroid (first in reading order on a tie).
fn central_stone(stones: &[Coord]) -> Coord {
    let n = stones.len().max(1) as i64;
    let (sx, sy) = stones.iter().fold((0i64, 0i64), |(ax, ay), c| {
        (ax + i64::from(c.x), ay + i64::from(c.y))
    });
    // Distances scaled by n to stay in integers.
    stones
        .iter()
        .copied()
        .min_by_key(|c| {
            let dx = i64::from(c.x) * n - sx;
            let dy = i64::from(c.y) * n - sy;
            dx * dx + dy * dy
        })
        .unwrap_or(Coord::new(0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).expect("valid diagram")
    }

    #[test]
    fn liberties_and_stones_of_each_chain() {
        let b = board(
            "X X O . .
             . X O . .
             . . . . .
             . . . O X
             . . . . .",
        );
        let chains = Chains::of(&b);
        assert_eq!(chains.all().len(), 4);
        // (colour, stones, liberties) for each chain in reading order.
        type Want<'a> = (Color, usize, &'a [(u8, u8)]);
        let want: &[Want] = &[
            (Color::Black, 3, &[(0, 1), (1, 2)]),
            (Color::White, 2, &[(3, 0), (3, 1), (2, 2)]),
            (Color::White, 1, &[(3, 2), (2, 3), (3, 4)]),
            (Color::Black, 1, &[(4, 2), (4, 4)]),
        ];
        for (chain, (color, size, libs)) in chains.all().iter().zip(want) {
            assert_eq!(chain.color, *color);
            assert_eq!(chain.size(), *size);
            let libs: Vec<Coord> = libs.iter().map(|&(x, y)| Coord::new(x, y)).collect();
            let mut got = chain.liberties.clone();
            got.sort();
            let mut libs = libs;
            libs.sort();
            assert_eq!(got, libs);
            assert_eq!(chain.liberty_count(), b.liberties(chain.stones[0]));
        }
    }

    #[test]
    fn lookup_and_neighbours() {
        let b = board(
            ". X .
             X O X
             . . .",
        );
        let chains = Chains::of(&b);
        let white = chains.at(Coord::new(1, 1)).expect("white stone");
        assert!(white.in_atari());
        assert_eq!(white.liberties, vec![Coord::new(1, 2)]);
        assert_eq!(chains.at(Coord::new(0, 0)), None);
        let id = chains.id_at(Coord::new(1, 1)).expect("chain");
        assert_eq!(chains.enemies_of(id).len(), 3);
        assert_eq!(chains.adjacent_to_point(Coord::new(0, 0)).len(), 2);
        assert_eq!(neighbours(Coord::new(0, 0), 3).count(), 2);
        assert_eq!(neighbours(Coord::new(1, 1), 3).count(), 4);
    }

    #[test]
    fn anchor_is_inside_the_chain() {
        let b = board(
            "X X X . .
             . . . . .
             . . . . .
             . . . . .
             . . . . .",
        );
        let chains = Chains::of(&b);
        assert_eq!(chains.all()[0].anchor, Coord::new(1, 0));
    }
}
