//! A compact layout of the game tree for the variation view: one row per depth, the main line
//! in column 0, each variation in the leftmost column free for the rows it needs.

use crate::record::{GameTree, NodeId};
use crate::rules::Color;

use super::step::node_move;

/// One node placed on the grid of the variation view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeCell {
    /// The node.
    pub node: NodeId,
    /// The parent's cell position (row, column), to draw the connecting line.
    pub parent_at: Option<(usize, usize)>,
    /// Depth from the root (the root is row 0).
    pub row: usize,
    /// Lane: 0 for the main line.
    pub column: usize,
    /// Who moved in this node; `None` for the root and setup-only nodes.
    pub color: Option<Color>,
    /// The move number after this node.
    pub move_number: usize,
    /// Whether the node has a comment.
    pub commented: bool,
}

/// Lays the tree out; cells come in depth-first order, main line first. Iterative, so deep
/// trees do not overflow the stack.
pub fn tree_cells(tree: &GameTree, size: u8) -> Vec<TreeCell> {
    let mut cells = Vec::with_capacity(tree.len());
    // The last row used in each column.
    let mut used: Vec<usize> = Vec::new();
    // (node, row, column, parent cell, moves before the node)
    let mut stack = vec![(tree.root_id(), 0usize, 0usize, None, 0usize)];
    while let Some((id, row, column, parent_at, moves)) = stack.pop() {
        let Some(node) = tree.node(id) else { continue };
        let mv = node_move(node, size);
        let move_number = moves + usize::from(mv.is_some());
        if used.len() <= column {
            used.resize(column + 1, 0);
        }
        if let Some(u) = used.get_mut(column) {
            *u = (*u).max(row);
        }
        cells.push(TreeCell {
            node: id,
            parent_at,
            row,
            column,
            color: mv.map(|(c, _)| c),
            move_number,
            commented: node.has("C"),
        });
        // Variations are placed before the main continuation is walked, so they are pushed
        // last-first; each finds its lane now, reserving the row it starts on.
        let mut pushes = Vec::new();
        for (i, &child) in node.children.iter().enumerate() {
            let lane = if i == 0 {
                column
            } else {
                let depth = subtree_depth(tree, child);
                let mut lane = column + 1;
                while used.get(lane).is_some_and(|&u| u >= row) && lane < usize::MAX - 1 {
                    lane += 1;
                }
                if used.len() <= lane {
                    used.resize(lane + 1, 0);
                }
                if let Some(u) = used.get_mut(lane) {
                    *u = row + depth;
                }
                lane
            };
            pushes.push((child, row + 1, lane, Some((row, column)), move_number));
        }
        stack.extend(pushes.into_iter().rev());
    }
    cells
}

/// Number of rows a subtree's main line needs below its first node (its own row included).
fn subtree_depth(tree: &GameTree, id: NodeId) -> usize {
    let mut depth = 1;
    let mut current = id;
    while let Some(&next) = tree.node(current).and_then(|n| n.children.first()) {
        depth += 1;
        current = next;
    }
    depth
}
