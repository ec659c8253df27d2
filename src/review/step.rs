//! One node applied to a game, as the record's replay does it: setup, then `PL`, then the move.

use crate::record::Node;
use crate::record::properties::{parse_color, parse_move};
use crate::rules::{Color, Coord, Game, Irregularity, Move};

use super::markup::points;

/// The move a node holds (`B` first when a broken file has both), if any.
pub fn node_move(node: &Node, size: u8) -> Option<(Color, Move)> {
    for (id, color) in [("B", Color::Black), ("W", Color::White)] {
        if let Some(raw) = node.value(id) {
            // An unreadable point is replayed as a pass, as the record's replay does.
            return Some((color, parse_move(raw, size).unwrap_or(Move::Pass)));
        }
    }
    None
}

/// What applying one node did to the game: enough to take it back without a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Nothing changed (a node of comments or markup, a root without setup).
    Nothing,
    /// Only the side to move changed (`PL`); it was this colour before.
    ToMove(Color),
    /// A move or pass was played (after an optional `PL`); the side to move before the node.
    Move(Color),
    /// Stones were set up or handicap placed: the repetition baseline moved, so only a
    /// replay gives the position before.
    Setup,
}

/// Applies the setup, `PL` and move of `node` to `game`; returns the irregularity of an
/// illegal move. `handicap` is the record's HA: the first all-black setup on an empty board
/// with it places the handicap, so White moves next.
pub fn apply_node(game: &mut Game, node: &Node, handicap: u8) -> Option<Irregularity> {
    apply_node_traced(game, node, handicap).1
}

/// [`apply_node`], also saying what changed so the step can be taken back.
pub fn apply_node_traced(
    game: &mut Game,
    node: &Node,
    handicap: u8,
) -> (Applied, Option<Irregularity>) {
    let size = game.size();
    let to_move_before = game.to_move();
    let mut applied = Applied::Nothing;
    let black = points(node, "AB", size);
    let white = points(node, "AW", size);
    let empty: Vec<Coord> = points(node, "AE", size);
    if !(black.is_empty() && white.is_empty() && empty.is_empty()) {
        let is_handicap = handicap >= 2
            && white.is_empty()
            && empty.is_empty()
            && game.move_number() == 0
            && game.board().stones().is_empty();
        let placed = is_handicap && game.place_free_handicap(&black).is_ok();
        // A refused setup (a chain without liberties) leaves the board as it was; the record
        // layer reports it when the file is checked.
        if placed || game.setup(&black, &white, &empty).is_ok() {
            applied = Applied::Setup;
        }
    }
    if let Some(color) = node.value("PL").and_then(parse_color) {
        game.set_to_move(color);
        if applied == Applied::Nothing {
            applied = Applied::ToMove(to_move_before);
        }
    }
    let Some((color, mv)) = node_move(node, size) else {
        return (applied, None);
    };
    let irregularity = game.play_tolerant(color, mv);
    if applied != Applied::Setup {
        applied = Applied::Move(to_move_before);
    }
    (applied, irregularity)
}
