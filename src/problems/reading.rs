//! Exact local reading for the goals that a single position cannot show: `kill` (the marked
//! stones can be captured whatever their owner does) and `endgame` (the best count the player
//! can get in the marked region). Both are minimax searches over a few points, move by move on
//! the rules core ([`Game::play`] and [`Game::undo`]), so every capture, suicide and ko is the
//! rules' own.
//!
//! The searches are bounded by a count of positions ([`NODE_BUDGET`]) and a depth; when a
//! bound is reached they answer "not proved" (`None`), never a guess. Positions are
//! remembered by their Zobrist hash, the side to move and the passes in a row; the history
//! behind a position (which a superko rule looks at) is not part of that key, so a fight that
//! turns on a ko repetition may be judged as if it had none — the shipped problems have none.

use std::collections::HashMap;

use super::goal::neighbours;
use crate::rules::{Board, Color, Coord, Game, Move, Rules};

/// The most positions one question may visit.
pub const NODE_BUDGET: u32 = 400_000;
/// The most points a fight may range over (empty points of the area around the stones).
pub const MAX_AREA: usize = 16;
/// The deepest line read, in moves and passes.
const MAX_DEPTH: u32 = 40;

/// The points a kill fight ranges over: every point reachable from the marked stones through
/// points that are not the attacker's (their eye space and outside liberties). `None` when
/// that area is larger than [`MAX_AREA`] empty points (the stones are not enclosed).
fn fight_area(board: &Board, attacker: Color, targets: &[Coord]) -> Option<Vec<Coord>> {
    let size = board.size();
    let mut seen = vec![false; usize::from(size) * usize::from(size)];
    let idx = |c: Coord| usize::from(c.y) * usize::from(size) + usize::from(c.x);
    let mut stack: Vec<Coord> = targets
        .iter()
        .copied()
        .filter(|&c| board.get(c).is_some_and(|col| col != attacker))
        .collect();
    for &c in &stack {
        seen[idx(c)] = true;
    }
    let mut empties = Vec::new();
    while let Some(p) = stack.pop() {
        if board.get(p).is_none() {
            empties.push(p);
            if empties.len() > MAX_AREA {
                return None;
            }
        }
        for q in neighbours(p, size) {
            if !seen[idx(q)] && board.get(q) != Some(attacker) {
                seen[idx(q)] = true;
                stack.push(q);
            }
        }
    }
    empties.sort_by_key(|c| (c.y, c.x));
    Some(empties)
}

struct Search {
    nodes: u32,
    table: HashMap<(u64, bool, u8), bool>,
    exhausted: bool,
}

impl Search {
    fn new() -> Search {
        Search {
            nodes: 0,
            table: HashMap::new(),
            exhausted: false,
        }
    }

    fn visit(&mut self) -> bool {
        if self.nodes >= NODE_BUDGET {
            self.exhausted = true;
            return false;
        }
        self.nodes += 1;
        true
    }
}

/// Whether the marked stones (all of them) have left the board.
fn all_gone(board: &Board, defender: Color, targets: &[Coord]) -> bool {
    targets.iter().all(|&c| board.get(c) != Some(defender))
}

/// Whether the attacker, moving second, captures every marked stone of `defender` whatever
/// the defender does in the area (passes included), with the defender never reaching
/// unconditional life (Benson) for any of them. `Some(true)`: proved dead; `Some(false)`:
/// the defender holds; `None`: not read to the end within the bounds.
pub fn dead_with_defender_to_move(
    board: &Board,
    defender: Color,
    targets: &[Coord],
) -> Option<bool> {
    let targets: Vec<Coord> = targets
        .iter()
        .copied()
        .filter(|&c| board.get(c) == Some(defender))
        .collect();
    if targets.is_empty() {
        return Some(true);
    }
    fight_area(board, defender.opponent(), &targets)?;
    let mut game = Game::from_board(board.clone(), Rules::default(), defender);
    let mut search = Search::new();
    let won = attacker_wins(&mut game, defender, &targets, false, 0, 0, &mut search);
    if search.exhausted { None } else { Some(won) }
}

/// The attacker's first moves that kill (the defender then to move and dead), for writing
/// problems: `None` when the reading ran out.
pub fn killing_moves(board: &Board, attacker: Color, targets: &[Coord]) -> Option<Vec<Coord>> {
    let defender = attacker.opponent();
    let area = fight_area(board, attacker, targets)?;
    let mut out = Vec::new();
    for m in area {
        let mut game = Game::from_board(board.clone(), Rules::default(), attacker);
        if game.play(attacker, Move::Play(m)).is_err() {
            continue;
        }
        if dead_with_defender_to_move(game.board(), defender, targets)? {
            out.push(m);
        }
    }
    Some(out)
}

/// The AND/OR search: `attacker_to_move` says whose turn it is. True when the attacker
/// captures all the marked stones.
fn attacker_wins(
    game: &mut Game,
    defender: Color,
    targets: &[Coord],
    attacker_to_move: bool,
    passes: u8,
    depth: u32,
    search: &mut Search,
) -> bool {
    let board = game.board();
    if all_gone(board, defender, targets) {
        return true;
    }
    let alive = super::goal::pass_alive(board, defender);
    if targets
        .iter()
        .any(|c| board.get(*c) == Some(defender) && alive.contains(c))
    {
        return false;
    }
    if passes >= 2 || depth >= MAX_DEPTH {
        return false;
    }
    let key = (board.hash(), attacker_to_move, passes);
    if let Some(&v) = search.table.get(&key) {
        return v;
    }
    if !search.visit() {
        return false;
    }
    let attacker = defender.opponent();
    let remaining: Vec<Coord> = targets
        .iter()
        .copied()
        .filter(|&c| board.get(c) == Some(defender))
        .collect();
    let Some(area) = fight_area(board, attacker, &remaining) else {
        // The stones broke out of their enclosure: the attacker has not proved anything.
        search.table.insert(key, false);
        return false;
    };
    let result = if attacker_to_move {
        // The attacker never gains by passing (the defender would pass too and end it).
        area.iter().any(|&m| {
            if game.play(attacker, Move::Play(m)).is_err() {
                return false;
            }
            let r = attacker_wins(game, defender, targets, false, 0, depth + 1, search);
            game.undo();
            r
        })
    } else {
        let mut holds = false;
        for &m in &area {
            if game.play(defender, Move::Play(m)).is_err() {
                continue;
            }
            let r = attacker_wins(game, defender, targets, true, 0, depth + 1, search);
            game.undo();
            if !r {
                holds = true;
                break;
            }
        }
        if !holds && game.play(defender, Move::Pass).is_ok() {
            holds = !attacker_wins(game, defender, targets, true, passes + 1, depth + 1, search);
            game.undo();
        }
        !holds
    };
    if !search.exhausted {
        search.table.insert(key, result);
    }
    result
}

/// The count of `region` for `player`: +1 for each point that is the player's (a stone, or an
/// empty point whose empty area touches only the player's stones), −1 for each that is the
/// opponent's, 0 for the rest (dame, open areas).
pub fn region_count(board: &Board, player: Color, region: &[Coord]) -> i32 {
    let size = board.size();
    let n = usize::from(size);
    let idx = |c: Coord| usize::from(c.y) * n + usize::from(c.x);
    // Owner of each empty area, computed once per area met.
    let mut owner: Vec<Option<Option<Color>>> = vec![None; n * n];
    let mut total = 0;
    for &c in region {
        let value = match board.get(c) {
            Some(col) => Some(col),
            None => {
                if owner[idx(c)].is_none() {
                    let mut stack = vec![c];
                    let mut points = vec![c];
                    let mut seen = vec![false; n * n];
                    seen[idx(c)] = true;
                    let (mut black, mut white) = (false, false);
                    while let Some(p) = stack.pop() {
                        for q in neighbours(p, size) {
                            match board.get(q) {
                                Some(Color::Black) => black = true,
                                Some(Color::White) => white = true,
                                None if !seen[idx(q)] => {
                                    seen[idx(q)] = true;
                                    points.push(q);
                                    stack.push(q);
                                }
                                None => {}
                            }
                        }
                    }
                    let who = match (black, white) {
                        (true, false) => Some(Color::Black),
                        (false, true) => Some(Color::White),
                        _ => None,
                    };
                    for p in points {
                        owner[idx(p)] = Some(who);
                    }
                }
                owner[idx(c)].flatten()
            }
        };
        total += match value {
            Some(col) if col == player => 1,
            Some(_) => -1,
            None => 0,
        };
    }
    total
}

/// The best count of `region` that `player`, to move, can be sure of when both sides play
/// only on the region's empty points (or pass; two passes end it). `None` when the reading
/// ran out.
pub fn best_region_count(board: &Board, player: Color, region: &[Coord]) -> Option<i32> {
    if region.is_empty() || region.len() > 2 * MAX_AREA {
        return None;
    }
    let mut game = Game::from_board(board.clone(), Rules::default(), player);
    let mut search = Search::new();
    let mut table: HashMap<(u64, bool, u8), i32> = HashMap::new();
    let v = minimax(
        &mut game,
        player,
        region,
        true,
        0,
        0,
        &mut search,
        &mut table,
    );
    if search.exhausted { None } else { Some(v) }
}

/// The first moves of `player` that get the best count (and that best count), for writing
/// problems.
pub fn best_region_moves(
    board: &Board,
    player: Color,
    region: &[Coord],
) -> Option<(i32, Vec<Move>)> {
    let best = best_region_count(board, player, region)?;
    let mut moves = Vec::new();
    let mut candidates: Vec<Move> = region
        .iter()
        .filter(|&&c| board.get(c).is_none())
        .map(|&c| Move::Play(c))
        .collect();
    candidates.push(Move::Pass);
    for mv in candidates {
        let mut game = Game::from_board(board.clone(), Rules::default(), player);
        if game.play(player, mv).is_err() {
            continue;
        }
        let mut search = Search::new();
        let mut table = HashMap::new();
        let passes = u8::from(mv == Move::Pass);
        let v = minimax(
            &mut game,
            player,
            region,
            false,
            passes,
            1,
            &mut search,
            &mut table,
        );
        if search.exhausted {
            return None;
        }
        if v == best {
            moves.push(mv);
        }
    }
    Some((best, moves))
}

#[allow(clippy::too_many_arguments)]
fn minimax(
    game: &mut Game,
    player: Color,
    region: &[Coord],
    player_to_move: bool,
    passes: u8,
    depth: u32,
    search: &mut Search,
    table: &mut HashMap<(u64, bool, u8), i32>,
) -> i32 {
    if passes >= 2 || depth >= MAX_DEPTH {
        return region_count(game.board(), player, region);
    }
    let key = (game.board().hash(), player_to_move, passes);
    if let Some(&v) = table.get(&key) {
        return v;
    }
    if !search.visit() {
        return region_count(game.board(), player, region);
    }
    let mover = if player_to_move {
        player
    } else {
        player.opponent()
    };
    let empties: Vec<Coord> = region
        .iter()
        .copied()
        .filter(|&c| game.board().get(c).is_none())
        .collect();
    let mut best: Option<i32> = None;
    let better = |v: i32, b: Option<i32>| match b {
        None => true,
        Some(b) => {
            if player_to_move {
                v > b
            } else {
                v < b
            }
        }
    };
    for m in empties {
        if game.play(mover, Move::Play(m)).is_err() {
            continue;
        }
        let v = minimax(
            game,
            player,
            region,
            !player_to_move,
            0,
            depth + 1,
            search,
            table,
        );
        game.undo();
        if better(v, best) {
            best = Some(v);
        }
    }
    if game.play(mover, Move::Pass).is_ok() {
        let v = minimax(
            game,
            player,
            region,
            !player_to_move,
            passes + 1,
            depth + 1,
            search,
            table,
        );
        game.undo();
        if better(v, best) {
            best = Some(v);
        }
    }
    let v = best.unwrap_or_else(|| region_count(game.board(), player, region));
    if !search.exhausted {
        table.insert(key, v);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_diagram(&rows.join("\n")).expect("diagram")
    }

    fn pt(x: u8, y: u8) -> Coord {
        Coord::new(x, y)
    }

    #[test]
    fn a_straight_three_in_the_corner_dies_when_the_middle_is_taken() {
        // White's three-point eye space a1-c1 along the bottom edge of a 7×7 corner, Black
        // around it. With Black on the middle point (b1) White is dead.
        let b = board(&[
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            "X X X X X . .",
            "O O O O X . .",
            ". . . O X . .",
        ]);
        let targets = [pt(0, 5)];
        let kills = killing_moves(&b, Color::Black, &targets).expect("read");
        assert_eq!(kills, vec![pt(1, 6)], "the vital point");
        // With White to play first on the vital point White lives.
        let mut g = Game::from_board(b.clone(), Rules::default(), Color::White);
        g.play(Color::White, Move::Play(pt(1, 6))).expect("legal");
        assert_eq!(
            dead_with_defender_to_move(g.board(), Color::White, &targets),
            Some(false)
        );
    }

    #[test]
    fn open_stones_are_not_read() {
        let b = board(&[
            ". . . . .",
            ". . . . .",
            ". . O . .",
            ". . . . .",
            ". . . . .",
        ]);
        assert_eq!(
            dead_with_defender_to_move(&b, Color::White, &[pt(2, 2)]),
            None
        );
    }

    #[test]
    fn region_counts_and_the_best_endgame_move() {
        // A one-point gap on the edge between two settled areas: whoever fills it gains.
        let b = board(&[
            "X X X O O",
            "X . X O .",
            "X X X O O",
            "X . X O .",
            "X . . O O",
        ]);
        let region = [pt(2, 4)];
        assert_eq!(region_count(&b, Color::Black, &region), 0);
        let (best, moves) = best_region_moves(&b, Color::Black, &region).expect("read");
        assert_eq!(best, 1);
        assert_eq!(moves, vec![Move::Play(pt(2, 4))]);
    }
}
