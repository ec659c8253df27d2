//! Reading out a seki: exact search of the small fight around seki points.
//!
//! The static test of [`super::seki`] finds points neither side can fill without putting its
//! own chain in atari. That is seki only if no sacrifice works either: in a *false* seki one
//! side throws in two or three stones, and when the opponent captures them the capturer is left
//! with a dead eye shape (for instance two points in a row and no other liberty). Random
//! playouts never try such sacrifices, so the fight is read out exactly: a minimax search over
//! the fight's points only (the liberties of the chains around the seki points, and the points
//! of any chain captured on the way), passes allowed, simple ko, scored by the stones each side
//! captures. Both sides to move first: if each side gains nothing by moving first it is seki;
//! if one side gains whoever moves first, the other side's chains there are dead; otherwise it
//! is unsettled. The search is bounded (points, depth, nodes) and says so when it gives up.

use std::collections::HashMap;

use crate::rules::Board;
use crate::rules::cell_codes::{BLACK, EMPTY, WHITE};

use super::cells::{Cells, on_board};

/// What reading a fight around seki points showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Fight {
    /// Neither side gains by playing there, whoever moves first: seki.
    Seki,
    /// The chains of this colour code around the seki points die, whoever moves first; the
    /// move that starts it for the winner.
    Dead { loser: u8, first_move: usize },
    /// Whoever moves first gains: not settled.
    Unsettled,
    /// Too big to read within the bounds.
    Unknown,
}

/// Most points a fight may have (liberties of its chains) to be read.
const MAX_POINTS: usize = 10;
/// Deepest line read, in moves and passes.
const MAX_DEPTH: u8 = 18;
/// The most stones a sacrifice may have: capturing more ends the reading.
const MAX_THROW_IN: u32 = 3;
/// Most positions visited per side to move.
const MAX_NODES: u32 = 20_000;

/// Reads the fight of the chains next to the seki points `points` (cells of `board`).
pub(crate) fn read_fight(board: &Board, points: &[usize]) -> Fight {
    let cells = Cells::of(board);
    // The chains around the seki points, and their liberties: the fight's points.
    let mut heads: Vec<usize> = Vec::new();
    for &p in points {
        for n in cells.neighbours(p) {
            let v = board.at(n);
            if (v == BLACK || v == WHITE) && !heads.contains(&board.head_of(n)) {
                heads.push(board.head_of(n));
            }
        }
    }
    let mut area: Vec<usize> = Vec::new();
    for &h in &heads {
        for s in board.chain_cells(h) {
            for n in cells.neighbours(s) {
                if board.at(n) == EMPTY && !area.contains(&n) {
                    area.push(n);
                }
            }
        }
    }
    if area.len() > MAX_POINTS || area.is_empty() {
        return Fight::Unknown;
    }
    // Playable: the fight's empty points, and the points of every chain touching them once
    // captured.
    let mut playable = vec![false; cells.len];
    for &p in &area {
        playable[p] = true;
        for n in cells.neighbours(p) {
            let v = board.at(n);
            if v == BLACK || v == WHITE {
                for s in board.chain_cells(n) {
                    playable[s] = true;
                }
            }
        }
    }
    let moves: Vec<usize> = on_board(board).filter(|&p| playable[p]).collect();
    let mut search = Search {
        moves,
        nodes: 0,
        removed: Vec::new(),
        table: HashMap::new(),
    };
    let black_first = search.best(board, BLACK, 0, 0, MAX_DEPTH, -10_000, 10_000);
    search.nodes = 0;
    search.table.clear();
    let white_first = search.best(board, WHITE, 0, 0, MAX_DEPTH, -10_000, 10_000);
    let (Some((vb, mb)), Some((vw, mw))) = (black_first, white_first) else {
        return Fight::Unknown;
    };
    // Both from Black's side: what Black gains moving first, and with White moving first.
    let (b_first, w_first) = (vb, -vw);
    match (b_first.signum(), w_first.signum()) {
        (0, 0) => Fight::Seki,
        (1, 1) => Fight::Dead {
            loser: WHITE,
            first_move: mb,
        },
        (-1, -1) => Fight::Dead {
            loser: BLACK,
            first_move: mw,
        },
        _ => Fight::Unsettled,
    }
}

struct Search {
    /// The cells a move may be played on (when empty).
    moves: Vec<usize>,
    nodes: u32,
    removed: Vec<u16>,
    /// Positions already read: key → (depth read, value, bound, best move).
    table: HashMap<u64, (u8, i32, Bound, usize)>,
}

/// What a stored value is: exact, or only a bound because the search was cut off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
}

/// The table key of a position in the search.
fn key(board: &Board, own: u8, passes: u8, ko: usize) -> u64 {
    let mut k = board.hash();
    k ^= u64::from(own).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    k ^= u64::from(passes).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    k ^= (ko as u64).wrapping_mul(0x1656_67b1_9e37_79f9);
    k
}

impl Search {
    /// Negamax with alpha-beta: the stones `own` can capture more than the opponent from here
    /// with best play, and the best move (0 for a pass); `None` past the node bound.
    #[allow(clippy::too_many_arguments)]
    fn best(
        &mut self,
        board: &Board,
        own: u8,
        passes: u8,
        ko: usize,
        depth: u8,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, usize)> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        if passes >= 2 || depth == 0 {
            return Some((0, 0));
        }
        let k = key(board, own, passes, ko);
        let alpha_in = alpha;
        if let Some(&(d, v, bound, m)) = self.table.get(&k)
            && d >= depth
        {
            match bound {
                Bound::Exact => return Some((v, m)),
                Bound::Lower if v >= beta => return Some((v, m)),
                Bound::Upper if v <= alpha => return Some((v, m)),
                _ => {}
            }
        }
        let opp = 3 - own;
        // Passing first: the usual answer in seki, and a quick bound.
        let (v, _) = self.best(board, opp, passes + 1, 0, depth - 1, -beta, -alpha)?;
        let mut best = (-v, 0);
        alpha = alpha.max(best.0);
        if alpha >= beta {
            self.table.insert(k, (depth, best.0, Bound::Lower, best.1));
            return Some(best);
        }
        for i in 0..self.moves.len() {
            let p = self.moves[i];
            if p == ko || board.at(p) != EMPTY || !board.is_not_suicide(p, own) {
                continue;
            }
            let mut next = board.clone();
            self.removed.clear();
            let outcome = next.play_at(p, own, &mut self.removed);
            let gain = outcome.captured as i32;
            let mut next_ko = 0;
            if outcome.captured == 1 {
                let h = next.head_of(p);
                if next.len_at_head(h) == 1 && next.in_atari(h) {
                    next_ko = self.removed.first().map_or(0, |&q| usize::from(q));
                }
            }
            // Capturing more than a throw-in settles the fight: the capturer's walls are
            // outside the fight, so the captured points are the capturer's.
            let value = if outcome.captured > MAX_THROW_IN {
                gain
            } else {
                let (v, _) = self.best(
                    &next,
                    opp,
                    0,
                    next_ko,
                    depth - 1,
                    -beta + gain,
                    -alpha + gain,
                )?;
                gain - v
            };
            if value > best.0 {
                best = (value, p);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best.0 <= alpha_in {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(k, (depth, best.0, bound, best.1));
        Some(best)
    }
}

#[cfg(test)]
mod tests {
    use super::{Fight, read_fight};
    use crate::analysis::seki;
    use crate::rules::Board;
    use crate::rules::cell_codes::{BLACK, WHITE};

    fn fight(diagram: &str) -> Fight {
        let board = Board::from_diagram(diagram).expect("diagram");
        let found = seki::find(&board);
        let points: Vec<usize> = (0..found.points.len())
            .filter(|&p| found.points[p])
            .collect();
        assert!(!points.is_empty(), "no seki point in\n{diagram}");
        read_fight(&board, &points)
    }

    #[test]
    fn reading_seki_one_eye_each_is_seki() {
        assert_eq!(
            fight(
                ". X . O . O X X .
                 X X X O O O X . X
                 O O O X X X X X X
                 . . O O O . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . ."
            ),
            Fight::Seki
        );
    }

    #[test]
    fn reading_seki_with_a_false_eye_is_seki() {
        // OGS pattern seki_one_false_eye: a throw-in at A9 only loses White's chain.
        assert_eq!(
            fight(
                ". X . O X . . . .
                 O X O O X . . . .
                 . O O X . . . . .
                 O O X . X . . . .
                 X X . X . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .
                 . . . . . . . . ."
            ),
            Fight::Seki
        );
    }

    #[test]
    fn reading_two_shared_liberties_against_a_lone_stone_is_no_seki() {
        // OGS mid/13647304 (top right): White throws in at H8, Black captures two stones and
        // is left with a two-point eye and nothing else.
        let verdict = fight(
            ". . O . O O X X .
             . O X X O X X . O
             . . . X O O X X X
             . X X O . O O O X
             X X O O . . . O O
             . O . . O O O X O
             . . O O X X X X X
             . . . O O X . X .
             . . . O X X . . .",
        );
        assert!(
            matches!(verdict, Fight::Dead { loser: BLACK, .. }),
            "{verdict:?}"
        );
    }

    #[test]
    fn reading_three_stone_throw_in_kills_bent_three() {
        // gnugo-regression nicklas19 (top left): White throws in at B9, Black captures three
        // stones and White plays the vital point of the bent three.
        let verdict = fight(
            "O . X O O . . O .
             O X X X O . O X O
             . X X O O O X X .
             X X X O . O O X X
             O O X O O O O O X
             X O O O X X O . O
             X X X X . X X O .
             . . . X O . X O O
             . . . . X . X X O",
        );
        assert!(
            matches!(verdict, Fight::Dead { loser: BLACK, .. }),
            "{verdict:?}"
        );
        let _ = WHITE;
    }
}
