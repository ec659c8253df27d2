//! Edits that change the tree's shape: a move as a new node, deleting a node and what follows
//! it, promoting a line to the main line. Each is one undoable edit.

use crate::record::properties::move_value;
use crate::record::{Node, NodeId};
use crate::rules::Move;

use super::error::ReviewError;
use super::history::{EditKind, Removed};
use super::model::Review;
use super::step::node_move;

impl Review {
    /// Plays `mv` for the side to move at the cursor: an existing child with that move is
    /// followed, otherwise a new variation is added (the main line when there is none).
    pub fn play(&mut self, mv: Move) -> Result<NodeId, ReviewError> {
        let color = self.game().to_move();
        let size = self.size();
        let existing = self.current_node().children.iter().copied().find(|&child| {
            self.tree()
                .node(child)
                .and_then(|n| node_move(n, size))
                .is_some_and(|(c, m)| c == color && m == mv)
        });
        if let Some(child) = existing {
            self.extend_path(&[child]);
            return Ok(child);
        }
        self.game().check(color, mv).map_err(ReviewError::Illegal)?;
        let parent = self.current();
        self.record_edit(EditKind::Move, &[parent], |r| {
            let mut node = Node::default();
            node.set(&color.letter().to_string(), vec![move_value(mv)]);
            let child = r.tree_mut().add_child(parent, node);
            r.extend_path(&[child]);
            Ok(child)
        })
    }

    /// What deleting `id` would remove: the node, the nodes after it, their moves and the
    /// variations among them.
    pub fn removal(&self, id: NodeId) -> Removed {
        let size = self.size();
        let mut removed = Removed::default();
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            let Some(node) = self.tree().node(n) else {
                continue;
            };
            removed.nodes += 1;
            if node_move(node, size).is_some() {
                removed.moves += 1;
            }
            removed.variations += node.children.len().saturating_sub(1);
            stack.extend(&node.children);
        }
        removed
    }

    /// Deletes the current node and everything after it; the cursor goes to the parent.
    /// Undo puts the very same nodes back (they stay in the tree's arena, unreachable).
    pub fn delete_current(&mut self) -> Result<Removed, ReviewError> {
        let current = self.current();
        let Some(parent) = self.current_node().parent else {
            return Err(ReviewError::RootCannotBeDeleted);
        };
        let removed = self.removal(current);
        self.record_edit(EditKind::Delete(removed), &[parent], |r| {
            if let Some(p) = r.tree_mut().node_mut(parent) {
                p.children.retain(|&c| c != current);
            }
            let len = r.path().len();
            r.truncate_path(len.saturating_sub(1));
            Ok(removed)
        })
    }

    /// Makes the line through the cursor the main line: at every fork on the path, the
    /// branch taken becomes the first child.
    pub fn promote_to_main_line(&mut self) -> bool {
        let path = self.path();
        let forks: Vec<(NodeId, NodeId)> = path
            .windows(2)
            .filter_map(|pair| {
                let [parent, child] = [pair[0], pair[1]];
                let first = self.tree().node(parent)?.children.first().copied();
                (first != Some(child)).then_some((parent, child))
            })
            .collect();
        if forks.is_empty() {
            return false;
        }
        let parents: Vec<NodeId> = forks.iter().map(|&(p, _)| p).collect();
        let done = self.record_edit(EditKind::Promote, &parents, |r| {
            for &(parent, child) in &forks {
                if let Some(p) = r.tree_mut().node_mut(parent)
                    && let Some(i) = p.children.iter().position(|&c| c == child)
                {
                    p.children.remove(i);
                    p.children.insert(0, child);
                }
            }
            Ok(())
        });
        done.is_ok()
    }
}
