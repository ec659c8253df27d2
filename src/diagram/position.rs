//! The position at one move of a record's main line as a diagram scene, with the node's markup,
//! the last move marked and, when asked, the move numbers of the stones still on the board.
//!
//! One tolerant replay of the line up to that move and one pass for the numbers: the cost is
//! linear in the record's length (the review model keeps a position per node for navigation,
//! which a one-off diagram does not need).

use std::fmt;

use super::scene::{Marks, PointMark, Scene};
use crate::record::{GameTree, Markup, NodeId, ReplayError, node_move, replay};
use crate::rules::Move;

/// Why no diagram can be drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum PositionError {
    /// The main line has fewer moves than asked for.
    NoSuchMove {
        /// The move asked for.
        asked: usize,
        /// The moves the main line has.
        moves: usize,
    },
    /// The game cannot be replayed (board size).
    Replay(ReplayError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NoSuchMove { asked, moves } => write!(
                f,
                "there is no move {asked} (the main line has {moves} moves)"
            ),
            PositionError::Replay(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PositionError {}

/// The main line's node to show for `move_number`: for N ≥ 1 the node of move N; for 0 the
/// last node before the first move (so setup stones show); for `None` the end of the line.
pub fn main_line_node(
    tree: &GameTree,
    move_number: Option<usize>,
) -> Result<NodeId, PositionError> {
    let line = tree.main_line();
    let size = board_size(tree);
    let Some(n) = move_number else {
        return Ok(line.last().copied().unwrap_or(tree.root_id()));
    };
    let mut count = 0;
    let mut target = None;
    for &id in &line {
        let is_move = tree
            .node(id)
            .is_some_and(|node| node_move(node, size).is_some());
        if is_move {
            count += 1;
        }
        if count == n && (n == 0 || is_move) {
            target = Some(id);
        }
    }
    target.ok_or(PositionError::NoSuchMove {
        asked: n,
        moves: count,
    })
}

/// The board size a game's root names (19 when absent or unreadable).
pub fn board_size(tree: &GameTree) -> u8 {
    tree.root()
        .value("SZ")
        .and_then(crate::record::game_info::parse_size)
        .unwrap_or(19)
}

/// The scene of the main line at `move_number` (see [`main_line_node`]), with the node's
/// markup, the last move marked, and the move numbers of the stones on the board when
/// `numbers` is set.
pub fn position_scene(
    tree: &GameTree,
    move_number: Option<usize>,
    numbers: bool,
) -> Result<Scene, PositionError> {
    let target = main_line_node(tree, move_number)?;
    let path = tree.path_to(target);
    let replayed = replay(tree, &path).map_err(PositionError::Replay)?;
    let board = replayed.game.board();
    let size = board.size();
    let mut scene = Scene::new(board);
    let node = tree.node(target).unwrap_or(tree.root());
    scene.marks = Marks::from_markup(&Markup::read(node, size).0);
    if let Some((_, Move::Play(c))) = node_move(node, size) {
        scene.marks.last_move = Some(c);
    }
    if numbers {
        // The latest move number played on each point; kept where a stone still stands.
        let side = usize::from(size);
        let mut latest: Vec<Option<u32>> = vec![None; side * side];
        let mut number = 0u32;
        for &id in &path {
            let Some((_, mv)) = tree.node(id).and_then(|n| node_move(n, size)) else {
                continue;
            };
            number = number.saturating_add(1);
            if let Move::Play(c) = mv
                && let Some(slot) = latest.get_mut(usize::from(c.y) * side + usize::from(c.x))
            {
                *slot = Some(number);
            }
        }
        let mut shown: Vec<(crate::rules::Coord, u32)> = board
            .points()
            .filter(|&c| board.get(c).is_some())
            .filter_map(|c| {
                let n = latest.get(usize::from(c.y) * side + usize::from(c.x))?;
                n.map(|n| (c, n))
            })
            .collect();
        shown.sort_by_key(|&(_, n)| n);
        scene.marks.numbers = shown;
    }
    Ok(scene)
}

impl Marks {
    /// The marks SGF markup asks for: shapes (circle, square, triangle, cross, selected, in
    /// that order, so the last given wins where a broken file puts two on one point), labels,
    /// arrows, lines and dimmed points. Territory marks are not drawn.
    pub fn from_markup(markup: &Markup) -> Marks {
        let mut marks = Marks::default();
        for (points, mark) in [
            (&markup.circles, PointMark::Circle),
            (&markup.squares, PointMark::Square),
            (&markup.triangles, PointMark::Triangle),
            (&markup.crosses, PointMark::Cross),
            (&markup.selected, PointMark::Selected),
        ] {
            marks.points.extend(points.iter().map(|&c| (c, mark)));
        }
        marks.labels = markup.labels.clone();
        marks.arrows = markup.arrows.clone();
        marks.lines = markup.lines.clone();
        marks.dimmed = markup.dimmed.clone();
        marks
    }
}
