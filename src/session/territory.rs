//! Who owns each empty point once the dead stones are removed, for the counting view.
//!
//! The rules module counts the totals ([`crate::rules::area_count`]); the board also needs to
//! *show* the areas point by point, so the same region rule (Art. 9: a region bordering only
//! one side's live stones is that side's, one bordering both is shared) is applied here.

use crate::rules::{Board, Color, Coord};

/// Each point that belongs to one side: empty points in its regions and the points of the
/// opponent's dead stones. Shared (dame) points are absent.
pub fn owned_points(board: &Board, dead: &[Coord]) -> Vec<(Coord, Color)> {
    let n = board.size();
    let idx = |c: Coord| usize::from(c.y) * usize::from(n) + usize::from(c.x);
    // The board as it is counted: dead stones removed.
    let live = |c: Coord| board.get(c).filter(|_| !dead.contains(&c));
    let mut seen = vec![false; usize::from(n) * usize::from(n)];
    let mut out = Vec::new();
    for y in 0..n {
        for x in 0..n {
            let start = Coord::new(x, y);
            if live(start).is_some() || seen.get(idx(start)).copied().unwrap_or(true) {
                continue;
            }
            let mut region = Vec::new();
            let mut borders = (false, false);
            let mut stack = vec![start];
            if let Some(s) = seen.get_mut(idx(start)) {
                *s = true;
            }
            while let Some(c) = stack.pop() {
                region.push(c);
                let neighbours = [
                    (c.x.checked_sub(1), Some(c.y)),
                    (c.x.checked_add(1).filter(|&v| v < n), Some(c.y)),
                    (Some(c.x), c.y.checked_sub(1)),
                    (Some(c.x), c.y.checked_add(1).filter(|&v| v < n)),
                ];
                for (nx, ny) in neighbours {
                    let (Some(nx), Some(ny)) = (nx, ny) else {
                        continue;
                    };
                    let nc = Coord::new(nx, ny);
                    match live(nc) {
                        Some(Color::Black) => borders.0 = true,
                        Some(Color::White) => borders.1 = true,
                        None => {
                            if let Some(s) = seen.get_mut(idx(nc))
                                && !*s
                            {
                                *s = true;
                                stack.push(nc);
                            }
                        }
                    }
                }
            }
            let owner = match borders {
                (true, false) => Color::Black,
                (false, true) => Color::White,
                _ => continue,
            };
            out.extend(region.into_iter().map(|c| (c, owner)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_dame_and_dead_stones() {
        let board = Board::from_diagram(
            "
            . X O .
            . X O O
            X X O .
            . X O X
            ",
        )
        .expect("diagram");
        // The black stone at (3,3) is dead inside White's area.
        let owned = owned_points(&board, &[Coord::new(3, 3)]);
        assert!(owned.contains(&(Coord::new(0, 0), Color::Black)));
        assert!(owned.contains(&(Coord::new(3, 0), Color::White)));
        assert!(owned.contains(&(Coord::new(3, 3), Color::White)));
        assert!(owned.contains(&(Coord::new(0, 3), Color::Black)));
        let none_alive = owned_points(&Board::from_diagram(". .\n. .").expect("diagram"), &[]);
        assert!(
            none_alive.is_empty(),
            "a region touching no stones belongs to nobody"
        );
    }
}
