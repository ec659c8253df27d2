//! Proof of life: Benson's algorithm for pass-alive chains (unconditional life).
//!
//! A chain is *pass-alive* when the opponent cannot capture it even if its owner passes every
//! turn. Benson (1976): take the chains of one colour and the *regions* they enclose (maximal
//! connected sets of points without that colour's stones). A region is *vital* to a chain when
//! every empty point of the region is a liberty of the chain. Repeatedly drop every chain with
//! fewer than two vital regions among the regions left, and every region that borders a chain
//! that was dropped; what survives is exactly the set of pass-alive chains. No reading, no
//! randomness: the estimator never suggests such a chain dead.

use crate::rules::cell_codes::{EMPTY, WALL};
use crate::rules::{Board, Color};

use super::cells::{Cells, code, on_board};

/// The result of Benson's algorithm for one colour.
#[derive(Clone, Debug)]
pub(crate) struct PassAlive {
    /// Per padded cell: a stone of a pass-alive chain.
    pub(crate) stones: Vec<bool>,
}

/// One enclosed region: its cells, the chains (heads) around it, the chains it is vital to.
struct Region {
    cells: Vec<usize>,
    borders: Vec<usize>,
    vital_to: Vec<usize>,
}

/// Benson's pass-alive chains of `color` on `board`.
pub(crate) fn pass_alive(board: &Board, color: Color) -> PassAlive {
    let cells = Cells::of(board);
    let own = code(color);
    let regions = enclosed_regions(board, cells, own);
    // Chains by head; every chain starts alive and every region healthy.
    let mut alive = vec![false; cells.len];
    for p in on_board(board) {
        if board.at(p) == own {
            alive[board.head_of(p)] = true;
        }
    }
    let mut healthy = vec![true; regions.len()];
    loop {
        let mut changed = false;
        let mut vital_count = vec![0u32; cells.len];
        for (r, region) in regions.iter().enumerate() {
            if healthy[r] {
                for &h in &region.vital_to {
                    vital_count[h] += 1;
                }
            }
        }
        for p in on_board(board) {
            if board.at(p) == own && board.head_of(p) == p && alive[p] && vital_count[p] < 2 {
                alive[p] = false;
                changed = true;
            }
        }
        for (r, region) in regions.iter().enumerate() {
            if healthy[r] && region.borders.iter().any(|&h| !alive[h]) {
                healthy[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut stones = vec![false; cells.len];
    for p in on_board(board) {
        if board.at(p) == own && alive[board.head_of(p)] {
            stones[p] = true;
        }
    }
    PassAlive { stones }
}

/// The maximal connected sets of points without an `own` stone, each with its bordering
/// chains and the chains it is vital to.
fn enclosed_regions(board: &Board, cells: Cells, own: u8) -> Vec<Region> {
    let mut seen = vec![false; cells.len];
    let mut regions = Vec::new();
    let mut stack = Vec::new();
    for start in on_board(board) {
        if seen[start] || board.at(start) == own {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let mut region = Region {
            cells: Vec::new(),
            borders: Vec::new(),
            vital_to: Vec::new(),
        };
        // The chains next to every empty point so far: `None` before the first empty point.
        let mut vital: Option<Vec<usize>> = None;
        while let Some(p) = stack.pop() {
            region.cells.push(p);
            let mut around: Vec<usize> = Vec::with_capacity(4);
            for n in cells.neighbours(p) {
                let v = board.at(n);
                if v == WALL {
                    continue;
                }
                if v == own {
                    let h = board.head_of(n);
                    if !around.contains(&h) {
                        around.push(h);
                    }
                    if !region.borders.contains(&h) {
                        region.borders.push(h);
                    }
                } else if !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
            if board.at(p) == EMPTY {
                vital = Some(match vital {
                    None => around,
                    Some(v) => v.into_iter().filter(|h| around.contains(h)).collect(),
                });
            }
        }
        // A region without empty points cannot exist on a legal board (its opponent stones
        // would have no liberty); if one did, it is vital to nobody.
        region.vital_to = vital.unwrap_or_default();
        regions.push(region);
    }
    regions
}

#[cfg(test)]
mod tests {
    use super::pass_alive;
    use crate::analysis::cells::on_board;
    use crate::rules::{Board, Color};

    /// The diagram with each pass-alive stone of `color` written `A`.
    fn marked(diagram: &str, color: Color) -> String {
        let board = Board::from_diagram(diagram).expect("diagram");
        let found = pass_alive(&board, color);
        let size = usize::from(board.size());
        let mut out = String::new();
        for (i, p) in on_board(&board).enumerate() {
            let c = board.coord(p);
            out.push(if found.stones[p] {
                'A'
            } else {
                match board.get(c) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                }
            });
            if i % size == size - 1 {
                out.push('\n');
            }
        }
        out
    }

    fn check(color: Color, diagram: &str, expected: &str) {
        let want: String = expected
            .lines()
            .map(|l| l.split_whitespace().collect::<String>())
            .filter(|l| !l.is_empty())
            .map(|l| l + "\n")
            .collect();
        assert_eq!(marked(diagram, color), want, "\n{diagram}");
    }

    #[test]
    fn benson_two_separate_eyes_live() {
        check(
            Color::Black,
            ". X . X O\n X X X X O\n O O O O O\n . . . . .\n . . . . .",
            ". A . A O\n A A A A O\n O O O O O\n . . . . .\n . . . . .",
        );
        // The same chain around one two-point eye is not pass-alive.
        check(
            Color::Black,
            ". . X O .\n X X X O .\n O O O O .\n . . . . .\n . . . . .",
            ". . X O .\n X X X O .\n O O O O .\n . . . . .\n . . . . .",
        );
    }

    #[test]
    fn benson_region_with_an_opponent_stone_can_still_be_vital() {
        // The White stone in the corner eye leaves only liberties of the chain empty there.
        check(
            Color::Black,
            "O . X . X\n . X X X X\n X X O O O\n O O O . .\n . . . . .",
            "O . A . A\n . A A A A\n A A O O O\n O O O . .\n . . . . .",
        );
    }

    #[test]
    fn benson_chains_with_one_eye_each_are_not_pass_alive() {
        // Two chains with an eye each and a shared point that opens to White's area.
        check(
            Color::Black,
            ". X . X .\n X X O X X\n O O O O O\n . . . . .\n . . . . .",
            ". X . X .\n X X O X X\n O O O O O\n . . . . .\n . . . . .",
        );
    }

    #[test]
    fn benson_empty_board_has_no_life() {
        check(Color::White, ". . .\n. . .\n. . .", ". . .\n. . .\n. . .");
    }
}
