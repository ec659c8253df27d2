//! The suggestion: which chains are dead, alive, in seki or uncertain, why, and what the count
//! gives with the dead chains removed.
//!
//! How a chain is judged, in order:
//! 1. **Pass-alive** (Benson, [`super::benson`]): never dead, whatever the playouts say.
//! 2. **Playouts from both sides** ([`super::playout_estimate`]): the chain is *dead* only when
//!    its points end as the opponent's in most playouts with Black to move first *and* in most
//!    with White to move first; *alive* when they end as its own in most of both; otherwise
//!    *uncertain* (who moves first decides, or neither side prevails): shown as uncertain, and
//!    counted as alive.
//! 3. **Seki** ([`super::seki`]): with the dead chains lifted off, live chains next to a shared
//!    point that neither side can fill are in seki, once reading the small fight there
//!    ([`super::local_reading`]) shows that no sacrifice kills either side; their shared points
//!    are dame. A fight that a sacrifice wins whoever moves first gives dead chains; one that
//!    whoever moves first wins gives uncertain chains.
//!
//! The count is [`area_count`] with the dead chains removed: dame and seki points are split
//! half each (Art. 9, 21.2).

use crate::rules::{AreaCount, Board, Color, Coord, GameResult, Rules, area_count, score};

use crate::rules::cell_codes::EMPTY;

use super::benson::pass_alive;
use super::cells::{Cells, code, color_of, coords, on_board};
use super::local_reading::{Fight, read_fight};
use super::playout_estimate::{ChainShares, Ownership, chain_shares, estimate};
use super::seki;

/// How hard the estimator looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Playouts with each side to move first.
    pub playouts_per_side: u32,
    /// More playouts with each side to move first when a chain's shares are close to even
    /// after the first ones (0: never).
    pub extra_playouts_per_side: u32,
    /// Mixed into the seed taken from the position (0 by default): another value gives an
    /// independent second opinion on the same position.
    pub seed: u64,
}

impl Default for Settings {
    /// Enough playouts that a chain's share is known to a few per cent.
    fn default() -> Settings {
        Settings {
            playouts_per_side: 128,
            extra_playouts_per_side: 256,
            seed: 0,
        }
    }
}

/// What the estimator says about one chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Alive: it stays on the board at the count.
    Alive,
    /// Dead: suggested for removal.
    Dead,
    /// Alive in seki: it shares liberties with opponent chains that neither side can fill.
    Seki,
    /// Neither shown alive nor dead: the players decide. Counted as alive.
    Uncertain,
}

/// Why a chain got its status.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Benson's proof: it cannot be captured even if its owner passes every turn.
    PassAlive,
    /// What the playouts showed (see [`ChainShares`]).
    Playouts(Shares),
    /// Dead by reading the fight around seki-like shared points: the opponent sacrifices
    /// stones starting at `sacrifice`, and capturing them leaves a dead shape.
    Reading {
        /// Where the killing sequence starts.
        sacrifice: Coord,
        /// What the playouts showed.
        shares: Shares,
    },
    /// A fight around shared points that whoever moves first wins.
    Unsettled {
        /// The shared points.
        points: Vec<Coord>,
        /// What the playouts showed.
        shares: Shares,
    },
    /// In seki around these shared points; the playouts' shares as well.
    Seki {
        /// The seki points next to the chain.
        points: Vec<Coord>,
        /// What the playouts showed.
        shares: Shares,
    },
}

/// The share of playouts in which a chain's points ended as its own colour's or as the
/// opponent's, with each side to move first (0.0–1.0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shares {
    /// Own colour's, Black to move first.
    pub own_black_first: f64,
    /// Opponent's, Black to move first.
    pub opponent_black_first: f64,
    /// Own colour's, White to move first.
    pub own_white_first: f64,
    /// Opponent's, White to move first.
    pub opponent_white_first: f64,
}

impl From<ChainShares> for Shares {
    fn from(s: ChainShares) -> Shares {
        Shares {
            own_black_first: s.own_black_first,
            opponent_black_first: s.opp_black_first,
            own_white_first: s.own_white_first,
            opponent_white_first: s.opp_white_first,
        }
    }
}

/// One chain of the position with its status and the reason.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainReport {
    /// Its colour.
    pub color: Color,
    /// Its stones, top row first.
    pub stones: Vec<Coord>,
    /// What the estimator suggests.
    pub status: Status,
    /// Why.
    pub reason: Reason,
}

/// The estimator's suggestion for a position, to be confirmed or changed by the players or the
/// arbiter before counting (never applied silently).
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion {
    /// Every chain, in board order of its first stone.
    pub chains: Vec<ChainReport>,
    /// The stones suggested dead, top row first.
    pub dead: Vec<Coord>,
    /// The stones of uncertain chains (counted as alive).
    pub uncertain: Vec<Coord>,
    /// The stones of chains in seki.
    pub seki: Vec<Coord>,
    /// The empty points shared by both sides once the dead stones are removed (dame and seki
    /// points), split half each.
    pub dame: Vec<Coord>,
    /// The area count with the dead stones removed.
    pub count: AreaCount,
    /// The result of that count under the rules and handicap given.
    pub result: GameResult,
}

/// A share above this, with each side to move first, settles a chain's fate.
const MAJORITY: f64 = 0.5;

/// Suggests the dead stones of `board` and counts it under `rules` with `handicap` stones
/// (Black returns half a stone per handicap stone when the rules say so). Deterministic: the
/// playouts are seeded from the position.
pub fn suggest(board: &Board, rules: &Rules, handicap: u8, settings: &Settings) -> Suggestion {
    let cells = Cells::of(board);
    let alive_black = pass_alive(board, Color::Black);
    let alive_white = pass_alive(board, Color::White);
    let seed = board.hash()
        ^ u64::from(board.size()).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ settings.seed.wrapping_mul(0xd1b5_4a32_d192_ed03);
    let mut ownership = estimate(board, settings.playouts_per_side, seed);
    if settings.extra_playouts_per_side > 0
        && close_call(
            board,
            cells,
            &ownership,
            &alive_black.stones,
            &alive_white.stones,
        )
    {
        let more = estimate(
            board,
            settings.extra_playouts_per_side,
            seed ^ 0x005e_ed0f_7e57_ab1e,
        );
        ownership.merge(&more);
    }

    // First verdicts, chain by chain.
    let mut chains: Vec<(Vec<usize>, Color, Status, Reason)> = Vec::new();
    let mut seen = vec![false; cells.len];
    for p in on_board(board) {
        let Some(color) = color_of(board.at(p)) else {
            continue;
        };
        if seen[p] {
            continue;
        }
        let stones: Vec<usize> = board.chain_cells(p).collect();
        for &s in &stones {
            seen[s] = true;
        }
        let proven = match color {
            Color::Black => alive_black.stones[p],
            Color::White => alive_white.stones[p],
        };
        let (status, reason) = if proven {
            (Status::Alive, Reason::PassAlive)
        } else {
            judge(&ownership, &stones, color)
        };
        chains.push((stones, color, status, reason));
    }

    // Seki among what is left standing, each read out: a false seki (a sacrifice kills) gives
    // dead chains, an unsettled one uncertain chains.
    let standing = without(board, &chains);
    let seki = seki::find(&standing);
    let proven = |c: &(Vec<usize>, Color, Status, Reason)| c.3 == Reason::PassAlive;
    for cluster in clusters(&standing, cells, &seki.points) {
        let around = chains_next_to(&standing, cells, &cluster);
        let verdict = read_fight(&standing, &cluster);
        for chain in chains.iter_mut() {
            let first = chain.0.first().copied().unwrap_or(0);
            if chain.2 == Status::Dead
                || proven(chain)
                || !around.contains(&standing.head_of(first))
            {
                continue;
            }
            let shares = match &chain.3 {
                Reason::Playouts(s) => *s,
                _ => Shares::from(chain_shares(&ownership, &chain.0, chain.1)),
            };
            let points = seki_points_next_to(&standing, cells, &chain.0, &seki.points);
            match verdict {
                Fight::Dead { loser, first_move } if code(chain.1) == loser => {
                    chain.2 = Status::Dead;
                    chain.3 = Reason::Reading {
                        sacrifice: board.coord(first_move),
                        shares,
                    };
                }
                Fight::Dead { .. } => {}
                Fight::Unsettled => {
                    chain.2 = Status::Uncertain;
                    chain.3 = Reason::Unsettled { points, shares };
                }
                Fight::Seki | Fight::Unknown => {
                    chain.2 = Status::Seki;
                    chain.3 = Reason::Seki { points, shares };
                }
            }
        }
    }
    let standing = without(board, &chains);
    let dead_cells: Vec<usize> = chains
        .iter()
        .filter(|c| c.2 == Status::Dead)
        .flat_map(|c| c.0.iter().copied())
        .collect();

    let dead = coords(board, dead_cells.iter().copied());
    let count = area_count(board, &dead);
    let result = score(&count, rules, handicap);
    let dame = shared_points(&standing, cells);
    let pick = |status: Status| {
        coords(
            board,
            chains
                .iter()
                .filter(|c| c.2 == status)
                .flat_map(|c| c.0.iter().copied()),
        )
    };
    let uncertain = pick(Status::Uncertain);
    let seki_stones = pick(Status::Seki);
    let mut reports: Vec<ChainReport> = chains
        .into_iter()
        .map(|(stones, color, status, reason)| ChainReport {
            color,
            stones: coords(board, stones),
            status,
            reason,
        })
        .collect();
    reports.sort_by_key(|r| r.stones.first().map(|c| (c.y, c.x)));
    Suggestion {
        chains: reports,
        dead,
        uncertain,
        seki: seki_stones,
        dame: coords(board, dame),
        count,
        result,
    }
}

/// A share this close to even leaves a chain's fate to chance: more playouts are run.
const CLOSE: f64 = 0.1;

/// Whether some chain not proven alive has a share within [`CLOSE`] of even.
fn close_call(
    board: &Board,
    cells: Cells,
    ownership: &Ownership,
    proven_black: &[bool],
    proven_white: &[bool],
) -> bool {
    let mut seen = vec![false; cells.len];
    for p in on_board(board) {
        let Some(color) = color_of(board.at(p)) else {
            continue;
        };
        if seen[p] || proven_black[p] || proven_white[p] {
            continue;
        }
        let stones: Vec<usize> = board.chain_cells(p).collect();
        for &s in &stones {
            seen[s] = true;
        }
        let s = chain_shares(ownership, &stones, color);
        let shares = [
            s.own_black_first,
            s.opp_black_first,
            s.own_white_first,
            s.opp_white_first,
        ];
        if shares.iter().any(|x| (x - MAJORITY).abs() < CLOSE) {
            return true;
        }
    }
    false
}

/// `board` with the chains judged dead lifted off.
fn without(board: &Board, chains: &[(Vec<usize>, Color, Status, Reason)]) -> Board {
    let mut standing = board.clone();
    for chain in chains.iter().filter(|c| c.2 == Status::Dead) {
        for &p in &chain.0 {
            standing.set_raw(p, EMPTY);
        }
    }
    standing.rebuild();
    standing
}

/// The seki points grouped by fight: two points are in one fight when a chain touches both.
fn clusters(board: &Board, cells: Cells, points: &[bool]) -> Vec<Vec<usize>> {
    let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new(); // (points, chain heads)
    for p in on_board(board).filter(|&p| points[p]) {
        let heads = chains_next_to(board, cells, &[p]);
        let mut merged = (vec![p], heads);
        let mut rest = Vec::new();
        for g in groups.drain(..) {
            if g.1.iter().any(|h| merged.1.contains(h)) {
                merged.0.extend(g.0);
                merged.1.extend(g.1);
            } else {
                rest.push(g);
            }
        }
        rest.push(merged);
        groups = rest;
    }
    groups.into_iter().map(|g| g.0).collect()
}

/// The heads of the chains next to any of `points`.
fn chains_next_to(board: &Board, cells: Cells, points: &[usize]) -> Vec<usize> {
    let mut heads = Vec::new();
    for &p in points {
        for n in cells.neighbours(p) {
            if color_of(board.at(n)).is_some() && !heads.contains(&board.head_of(n)) {
                heads.push(board.head_of(n));
            }
        }
    }
    heads
}

/// The playouts' verdict on one chain that Benson could not prove alive.
fn judge(ownership: &Ownership, stones: &[usize], color: Color) -> (Status, Reason) {
    let s = chain_shares(ownership, stones, color);
    let status = if s.opp_black_first > MAJORITY && s.opp_white_first > MAJORITY {
        Status::Dead
    } else if s.own_black_first > MAJORITY && s.own_white_first > MAJORITY {
        Status::Alive
    } else {
        Status::Uncertain
    };
    (status, Reason::Playouts(Shares::from(s)))
}

/// The seki points next to a chain's stones.
fn seki_points_next_to(
    board: &Board,
    cells: Cells,
    stones: &[usize],
    points: &[bool],
) -> Vec<Coord> {
    let around = stones
        .iter()
        .flat_map(|&s| cells.neighbours(s))
        .filter(|&n| points.get(n).copied().unwrap_or(false));
    coords(board, around)
}

/// The empty points of `board` in regions bordered by both colours or by none: the points
/// [`area_count`] splits half each.
fn shared_points(board: &Board, cells: Cells) -> Vec<usize> {
    use crate::rules::cell_codes::{EMPTY, WALL};
    let mut seen = vec![false; cells.len];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for start in on_board(board) {
        if seen[start] || board.at(start) != EMPTY {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        region.clear();
        let mut borders = 0u8;
        while let Some(p) = stack.pop() {
            region.push(p);
            for n in cells.neighbours(p) {
                match board.at(n) {
                    EMPTY if !seen[n] => {
                        seen[n] = true;
                        stack.push(n);
                    }
                    EMPTY | WALL => {}
                    v => borders |= v,
                }
            }
        }
        if borders != 1 && borders != 2 {
            out.extend_from_slice(&region);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Reason, Settings, Status, Suggestion, suggest};
    use crate::rules::{Board, Rules};

    fn run(diagram: &str, handicap: u8) -> (Board, Suggestion) {
        let board = Board::from_diagram(diagram).expect("diagram");
        let s = suggest(&board, &Rules::default(), handicap, &Settings::default());
        (board, s)
    }

    fn gtp(board: &Board, points: &[crate::rules::Coord]) -> Vec<String> {
        points.iter().map(|c| c.to_gtp(board.size())).collect()
    }

    /// One case: the diagram, the dead stones and the uncertain stones expected.
    fn check(diagram: &str, dead: &[&str], uncertain: &[&str]) {
        let (board, s) = run(diagram, 0);
        assert_eq!(gtp(&board, &s.dead), dead, "dead in\n{diagram}");
        assert_eq!(
            gtp(&board, &s.uncertain),
            uncertain,
            "uncertain in\n{diagram}"
        );
    }

    #[test]
    fn art8_stone_inside_territory_is_suggested_dead() {
        check(
            ". X O . .
             X X O . O
             . X O O .
             X X O X .
             . X O . .",
            &["D2"],
            &[],
        );
    }

    #[test]
    fn art8_two_walls_and_nothing_dead() {
        check(
            ". . X O . . .
             . . X O . . .
             . . X O . . .
             . . X O . . .
             . . X O . . .
             . . X O . . .
             . . X O . . .",
            &[],
            &[],
        );
    }

    #[test]
    fn benson_pass_alive_chain_is_never_dead() {
        // Black's corner chain has two eyes; White's wall around it has nothing to do with it.
        let (board, s) = run(
            ". X . X O . .
             X X X X O . .
             O O O O O . .
             . . . . . . .
             . . . . O . .
             . . . . . . .
             . . . . . . .",
            0,
        );
        let black = s
            .chains
            .iter()
            .find(|c| c.color == crate::rules::Color::Black)
            .expect("a black chain");
        assert_eq!(black.status, Status::Alive);
        assert_eq!(black.reason, Reason::PassAlive);
        assert!(s.dead.is_empty(), "{:?}", gtp(&board, &s.dead));
    }

    #[test]
    fn art9_seki_points_are_dame_and_no_chain_is_dead() {
        // OGS patterns/seki_1: two shared liberties in the corner, neither side can fill.
        let (board, s) = run(
            "X . O X . . . . .
             X . O X . . . . .
             X X O X . . . X .
             O O X X . . . . .
             O . O O X X . . .
             . O . . O . . . .
             . . . O . . . . .
             . . . . . . . . .
             . . . . . . . . .",
            0,
        );
        assert!(s.dead.is_empty(), "{:?}", gtp(&board, &s.dead));
        let dame = gtp(&board, &s.dame);
        assert!(
            dame.contains(&"B9".to_owned()) && dame.contains(&"B8".to_owned()),
            "{dame:?}"
        );
        let seki = gtp(&board, &s.seki);
        for v in ["A9", "A8", "C9", "C8", "C7"] {
            assert!(seki.contains(&v.to_owned()), "{v} not in seki {seki:?}");
        }
    }

    #[test]
    fn false_seki_is_read_out_and_the_chain_is_dead() {
        // OGS mid/13647304: White throws in at H8 and kills the top-right black group.
        let (board, s) = run(
            ". . O . O O X X .
             . O X X O X X . O
             . . . X O O X X X
             . X X O . O O O X
             X X O O . . . O O
             . O . . O O O X O
             . . O O X X X X X
             . . . O O X . X .
             . . . O X X . . .",
            0,
        );
        let dead = gtp(&board, &s.dead);
        for v in ["G9", "H9", "F8", "G8", "G7", "H7", "J7", "J6"] {
            assert!(dead.contains(&v.to_owned()), "{v} not dead: {dead:?}");
        }
        let read = s
            .chains
            .iter()
            .find(|c| c.stones.contains(&crate::rules::Coord::new(6, 0)))
            .expect("the chain");
        assert!(
            matches!(read.reason, Reason::Reading { .. }),
            "{:?}",
            read.reason
        );
    }

    #[test]
    fn art9_empty_board_is_all_shared_and_white_wins_by_komi() {
        let (_, s) = run(
            ". . . . .
             . . . . .
             . . . . .
             . . . . .
             . . . . .",
            0,
        );
        assert_eq!(s.dame.len(), 25);
        assert!(s.chains.is_empty());
        assert_eq!(s.result.to_sgf(), "W+7.5");
    }

    #[test]
    fn art11_handicap_komi_return_moves_the_result_by_the_handicap() {
        let diagram = ". . X O . . .
             . . X O . . .
             . . X O . . .
             . . X O . . .
             . . X O . . .
             . . X O . . .
             . . X O . . .";
        let (_, even) = run(diagram, 0);
        let (_, three) = run(diagram, 3);
        assert_eq!(even.dead, three.dead);
        // Three handicap stones give back 1½ stones = 3 points.
        let margin = |s: &Suggestion| match s.result.winner {
            Some(crate::rules::Color::Black) => i64::from(s.result.margin_quarters),
            Some(crate::rules::Color::White) => -i64::from(s.result.margin_quarters),
            None => 0,
        };
        assert_eq!(margin(&even) - margin(&three), 6);
    }

    #[test]
    fn same_position_gets_the_same_suggestion() {
        let diagram = ". X O . .
             X X O . O
             . X O O .
             X X O X .
             . X O . .";
        assert_eq!(run(diagram, 0).1, run(diagram, 0).1);
    }
}
