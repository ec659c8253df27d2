//! Seki (双活) in a counted position: live chains of both colours sharing liberties that
//! neither side can fill.
//!
//! Once the dead chains are lifted off, a *seki point* is an empty point bordered by live
//! stones of both colours where a stone of *either* colour would capture nothing and be left
//! with at most one liberty: whoever fills it puts its own chain in atari and loses it, so
//! both leave it, and under Art. 9 and 21.2 it is shared half each like any other dame. The
//! chains next to a seki point are in seki: alive without two eyes, and never suggested dead.

use crate::rules::cell_codes::{EMPTY, WALL};
use crate::rules::{Board, Color};

use super::cells::{Cells, code, on_board};

/// For each cell of `board` (dead chains already removed): whether it is a seki point, and
/// whether it is a stone of a chain in seki.
pub(crate) struct Seki {
    /// Empty points neither side can fill.
    pub(crate) points: Vec<bool>,
    /// Stones of chains next to a seki point.
    pub(crate) stones: Vec<bool>,
}

/// Finds the seki points of `board` and the chains around them.
pub(crate) fn find(board: &Board) -> Seki {
    let cells = Cells::of(board);
    let mut seki = Seki {
        points: vec![false; cells.len],
        stones: vec![false; cells.len],
    };
    let mut heads = Vec::new();
    for p in on_board(board) {
        if board.at(p) != EMPTY {
            continue;
        }
        let mut colours = 0u8;
        for n in cells.neighbours(p) {
            let v = board.at(n);
            if v != EMPTY && v != WALL {
                colours |= v;
            }
        }
        if colours != 3 {
            continue; // not bordered by both colours
        }
        if fills_into_atari(board, cells, p, Color::Black)
            && fills_into_atari(board, cells, p, Color::White)
        {
            seki.points[p] = true;
            for n in cells.neighbours(p) {
                let v = board.at(n);
                if v != EMPTY && v != WALL {
                    heads.push(board.head_of(n));
                }
            }
        }
    }
    for p in on_board(board) {
        let v = board.at(p);
        if v != EMPTY && v != WALL && heads.contains(&board.head_of(p)) {
            seki.stones[p] = true;
        }
    }
    seki
}

/// Would a `color` stone on the empty cell `p` capture nothing and keep at most one liberty?
fn fills_into_atari(board: &Board, cells: Cells, p: usize, color: Color) -> bool {
    let own = code(color);
    let mut libs: Vec<usize> = Vec::new();
    let mut done: Vec<usize> = Vec::new();
    for n in cells.neighbours(p) {
        let v = board.at(n);
        if v == EMPTY {
            if !libs.contains(&n) {
                libs.push(n);
            }
        } else if v == WALL {
            continue;
        } else if v != own {
            if board.in_atari(board.head_of(n)) {
                return false; // it would capture
            }
        } else {
            let h = board.head_of(n);
            if done.contains(&h) {
                continue;
            }
            done.push(h);
            for s in board.chain_cells(h) {
                for m in cells.neighbours(s) {
                    if m != p && board.at(m) == EMPTY && !libs.contains(&m) {
                        libs.push(m);
                    }
                }
            }
        }
        if libs.len() > 1 {
            return false;
        }
    }
    libs.len() <= 1
}

#[cfg(test)]
mod tests {
    use super::find;
    use crate::analysis::cells::on_board;
    use crate::rules::Board;

    /// The seki points as `*` and the seki stones as `x`/`o`.
    fn marked(diagram: &str) -> String {
        let board = Board::from_diagram(diagram).expect("diagram");
        let seki = find(&board);
        let size = usize::from(board.size());
        let mut out = String::new();
        for (i, p) in on_board(&board).enumerate() {
            let c = board.coord(p);
            let ch = match (board.get(c), seki.stones[p], seki.points[p]) {
                (None, _, true) => '*',
                (None, _, false) => '.',
                (Some(crate::rules::Color::Black), true, _) => 'x',
                (Some(crate::rules::Color::Black), false, _) => 'X',
                (Some(crate::rules::Color::White), true, _) => 'o',
                (Some(crate::rules::Color::White), false, _) => 'O',
            };
            out.push(ch);
            if i % size == size - 1 {
                out.push('\n');
            }
        }
        out
    }

    fn check(diagram: &str, expected: &str) {
        let want: String = expected
            .lines()
            .map(|l| l.split_whitespace().collect::<String>())
            .filter(|l| !l.is_empty())
            .map(|l| l + "\n")
            .collect();
        assert_eq!(marked(diagram), want, "\n{diagram}");
    }

    #[test]
    fn seki_one_eye_each_shares_the_point_between() {
        check(
            ". X . O . O X X .
             X X X O O O X . X
             O O O X X X X X X
             . . O O O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
            ". x * o . o X X .
             x x x o o o X . X
             O O O X X X X X X
             . . O O O . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
    }

    #[test]
    fn seki_without_eyes_two_shared_liberties() {
        check(
            "X . O X .
             X . O X .
             X X O X .
             O O X X .
             . . . . .",
            "x * o X .
             x * o X .
             x x o X .
             O O X X .
             . . . . .",
        );
    }

    #[test]
    fn seki_plain_dame_is_not_seki() {
        check("X . O\n X . O\n X . O", "X . O\n X . O\n X . O");
    }
}
