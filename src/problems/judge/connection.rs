//! Our own connection reading (issue 27): can two chains of one colour be joined into one safe
//! chain, or kept apart? A small AND/OR search over the moves that matter to a connection —
//! the points both chains touch, their liberties when they are short of them, the points
//! between a liberty of each (a hanging or a bamboo joint), and the liberties of a cutting
//! chain that is short of liberties (capturing the cutter connects) — on the rules core, so
//! every capture and ko is the rules' own. A joined chain is safe when the tactical reader
//! cannot capture it. Bounded by a depth and a count of positions; an unproved claim is not
//! granted (the side that must show something and cannot within the bounds fails).

use std::collections::HashMap;

use super::super::goal::neighbours;
use crate::ai::tactics::{ReadLimits, Reader, liberty_points};
use crate::rules::{Color, Coord, Game, Move};

/// The deepest line read, in moves.
const MAX_DEPTH: u32 = 8;
/// The most positions one question may visit.
const NODE_BUDGET: u32 = 40_000;

struct Search {
    nodes: u32,
    memo: HashMap<(u64, bool, u32), bool>,
    tactics: Reader,
}

impl Search {
    fn new() -> Search {
        Search {
            nodes: 0,
            memo: HashMap::new(),
            tactics: Reader::new(ReadLimits {
                nodes_per_read: 4_000,
                nets: true,
                max_attack_liberties: 3,
            }),
        }
    }
}

/// Whether the owner of the chains through `a` and `b`, to move in `game`, can join them into
/// one chain the opponent cannot capture. `Some(move)` shows how (`Move::Pass` when they are
/// joined and safe already); `None` when they cannot (or it is not proved within the bounds).
pub fn can_connect(game: &Game, a: Coord, b: Coord) -> Option<Move> {
    let owner = game.board().get(a)?;
    if game.board().get(b) != Some(owner) {
        return None;
    }
    let mut g = game.clone();
    g.set_to_move(owner);
    let mut s = Search::new();
    if joined_safe(&mut s, &g, a, b, owner, true) {
        return Some(Move::Pass);
    }
    // The move that joins them is the proof a reader can follow, even where the stones are as
    // good as joined already (miai, a tiger's mouth).
    for m in candidates(&g, a, b) {
        let mut next = g.clone();
        if next.play(owner, Move::Play(m)).is_err() {
            continue;
        }
        if !cutter_wins(&mut s, &mut next, a, b, owner, 1) {
            return Some(Move::Play(m));
        }
    }
    virtually_joined(&g, a, b, owner).then_some(Move::Pass)
}

/// Whether the opponent of the chains through `a` and `b`, to move in `game`, can keep them
/// from being joined into one safe chain. `Some(move)` shows how; `None` when it cannot.
pub fn can_disconnect(game: &Game, a: Coord, b: Coord) -> Option<Move> {
    let owner = game.board().get(a)?;
    if game.board().get(b) != Some(owner) {
        return Some(Move::Pass);
    }
    let mut g = game.clone();
    g.set_to_move(owner.opponent());
    let mut s = Search::new();
    for m in candidates(&g, a, b) {
        let mut next = g.clone();
        if next.play(owner.opponent(), Move::Play(m)).is_err() {
            continue;
        }
        if !connector_wins(&mut s, &mut next, a, b, owner, 1) {
            return Some(Move::Play(m));
        }
    }
    None
}

/// Whether the chains are one chain that the opponent cannot capture (with the opponent to
/// move when `cutter_next`).
fn joined_safe(
    s: &mut Search,
    game: &Game,
    a: Coord,
    b: Coord,
    owner: Color,
    cutter_next: bool,
) -> bool {
    let board = game.board();
    if board.get(a) != Some(owner) || board.get(b) != Some(owner) || !board.chain(a).contains(&b) {
        return false;
    }
    if !cutter_next {
        return true;
    }
    let mut g = game.clone();
    g.set_to_move(owner.opponent());
    s.tactics.attack(&g, a).is_none()
}

/// Whether the chains are one, or as good as one: two points both touch (miai), or one the
/// cutter cannot play on without being captured at once (a tiger's mouth).
fn virtually_joined(game: &Game, a: Coord, b: Coord, owner: Color) -> bool {
    let board = game.board();
    if board.chain(a).contains(&b) {
        return true;
    }
    let libs_a = liberty_points(game, a);
    let common: Vec<Coord> = liberty_points(game, b)
        .into_iter()
        .filter(|l| libs_a.contains(l))
        .collect();
    if common.len() >= 2 {
        return true;
    }
    let cutter = owner.opponent();
    common.iter().any(|&p| {
        let mut g = game.clone();
        g.set_to_move(cutter);
        let before = g.board().count(owner);
        match g.play(cutter, Move::Play(p)) {
            Err(_) => true,
            Ok(_) => g.board().count(owner) == before && g.board().liberties(p) <= 1,
        }
    })
}

/// The connector to move: true when it joins the chains safely.
fn connector_wins(
    s: &mut Search,
    game: &mut Game,
    a: Coord,
    b: Coord,
    owner: Color,
    depth: u32,
) -> bool {
    let board = game.board();
    if board.get(a) != Some(owner) || board.get(b) != Some(owner) {
        return false;
    }
    if board.chain(a).contains(&b) {
        // Joined; with the connector to move it may still have to save the chain.
        let mut g = game.clone();
        g.set_to_move(owner);
        return s.tactics.defend(&g, a).is_some();
    }
    if virtually_joined(game, a, b, owner) {
        return true;
    }
    if depth >= MAX_DEPTH || s.nodes >= NODE_BUDGET {
        // Read no further: the chains are apart.
        return false;
    }
    let key = (board.hash(), true, depth);
    if let Some(&v) = s.memo.get(&key) {
        return v;
    }
    s.nodes += 1;
    let mut won = false;
    for m in candidates(game, a, b) {
        if game.play(owner, Move::Play(m)).is_err() {
            continue;
        }
        let cut = cutter_wins(s, game, a, b, owner, depth + 1);
        game.undo();
        if !cut {
            won = true;
            break;
        }
    }
    s.memo.insert(key, won);
    won
}

/// The cutter to move: true when it keeps the chains apart (or captures one).
fn cutter_wins(
    s: &mut Search,
    game: &mut Game,
    a: Coord,
    b: Coord,
    owner: Color,
    depth: u32,
) -> bool {
    let board = game.board();
    if board.get(a) != Some(owner) || board.get(b) != Some(owner) {
        return true;
    }
    if board.chain(a).contains(&b) {
        return !joined_safe(s, game, a, b, owner, true);
    }
    if virtually_joined(game, a, b, owner) {
        return false;
    }
    if depth >= MAX_DEPTH || s.nodes >= NODE_BUDGET {
        // Read no further: the chains are apart, as the position shows.
        return true;
    }
    let key = (board.hash(), false, depth);
    if let Some(&v) = s.memo.get(&key) {
        return v;
    }
    s.nodes += 1;
    let cutter = owner.opponent();
    let mut won = false;
    for m in candidates(game, a, b) {
        if game.play(cutter, Move::Play(m)).is_err() {
            continue;
        }
        let joined = connector_wins(s, game, a, b, owner, depth + 1);
        game.undo();
        if !joined {
            won = true;
            break;
        }
    }
    // The cutter may also play elsewhere: the chains stay apart unless the connector joins
    // them.
    if !won && game.play(cutter, Move::Pass).is_ok() {
        won = !connector_wins(s, game, a, b, owner, depth + 1);
        game.undo();
    }
    s.memo.insert(key, won);
    won
}

/// The moves that matter to the connection of the chains through `a` and `b`, most direct
/// first.
fn candidates(game: &Game, a: Coord, b: Coord) -> Vec<Coord> {
    let board = game.board();
    let size = board.size();
    let Some(owner) = board.get(a) else {
        return Vec::new();
    };
    let libs_a = liberty_points(game, a);
    let libs_b = liberty_points(game, b);
    let mut out: Vec<Coord> = Vec::new();
    let add = |c: Coord, out: &mut Vec<Coord>| {
        if board.get(c).is_none() && !out.contains(&c) {
            out.push(c);
        }
    };
    // Points both chains touch.
    for &l in &libs_a {
        if libs_b.contains(&l) {
            add(l, &mut out);
        }
    }
    // Capturing a cutting chain short of liberties (touching both chains, or either).
    let mut enemies: Vec<Coord> = Vec::new();
    for s in board.chain(a).into_iter().chain(board.chain(b)) {
        for q in neighbours(s, size) {
            if board.get(q) == Some(owner.opponent())
                && !enemies.iter().any(|e| board.chain(*e).contains(&q))
            {
                enemies.push(q);
            }
        }
    }
    for e in &enemies {
        let libs = liberty_points(game, *e);
        if libs.len() <= 2 {
            for l in libs {
                add(l, &mut out);
            }
        }
    }
    // Points between a liberty of each (hanging and bamboo joints, the cuts against them).
    for &la in &libs_a {
        for q in neighbours(la, size) {
            if board.get(q).is_none() && neighbours(q, size).any(|r| libs_b.contains(&r)) {
                add(la, &mut out);
                add(q, &mut out);
            }
        }
    }
    // A chain short of liberties: its liberties (to save it or to capture it).
    for libs in [&libs_a, &libs_b] {
        if libs.len() <= 2 {
            for &l in libs {
                add(l, &mut out);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Rules};

    fn game(rows: &[&str], to_move: Color) -> Game {
        let b = Board::from_diagram(&rows.join("\n")).expect("diagram");
        Game::from_board(b, Rules::default(), to_move)
    }

    fn pt(s: &str) -> Coord {
        let b = s.as_bytes();
        Coord::new(b[0] - b'a', b[1] - b'a')
    }

    /// Issue 27: cut-11 (9×9, Black A6 B5, White C6 cuts at B6): Black reconnects at A5.
    #[test]
    fn a_diagonal_cut_on_the_edge_is_reconnected_through_the_other_point() {
        let g = game(
            &[
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                "X O O . . . . . .",
                ". X . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
            ],
            Color::Black,
        );
        assert_eq!(
            can_connect(&g, pt("ad"), pt("be")),
            Some(Move::Play(pt("ae")))
        );
        // White to move cannot keep them apart either: W A5 is captured at A4.
        assert_eq!(can_disconnect(&g, pt("ad"), pt("be")), None);
    }

    #[test]
    fn a_real_crosscut_keeps_the_stones_apart() {
        // White's two diagonal stones, Black holds both other points of the square.
        let g = game(
            &[
                ". . . . . . .",
                ". . . . . . .",
                ". . O X . . .",
                ". . X O . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
            ],
            Color::White,
        );
        assert_eq!(can_connect(&g, pt("cc"), pt("dd")), None);
        let g = game(
            &[
                ". . . . . . .",
                ". . . . . . .",
                ". . O . . . .",
                ". . . O . . .",
                ". . . . . . .",
                ". . . . . . .",
                ". . . . . . .",
            ],
            Color::Black,
        );
        assert!(can_disconnect(&g, pt("cc"), pt("dd")).is_none());
    }
}

#[cfg(test)]
mod cut_tests {
    use super::*;
    use crate::rules::{Board, Rules};

    #[test]
    /// connect-1's wrong try (Black E4): White cuts at E6 and Black cannot join D6 and E5.
    fn connect1_wrong_try_is_cut() {
        let b = Board::from_diagram(
            &[
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . X . . . . .",
                ". . . O X . . . .",
                ". . . . X . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
                ". . . . . . . . .",
            ]
            .join("\n"),
        )
        .expect("d");
        let g = Game::from_board(b, Rules::default(), Color::White);
        let a = Coord::new(3, 3);
        let bb = Coord::new(4, 4);
        assert!(can_disconnect(&g, a, bb).is_some());
    }
}
