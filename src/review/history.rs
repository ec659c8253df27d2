//! Undo and redo of review edits, as before and after images of the nodes an edit touched.
//!
//! Why images of nodes and not snapshots of the record: a 16,000-move record is megabytes of
//! nodes, and an afternoon's review is hundreds of edits; an edit touches one node (a comment,
//! a mark, a setup stone), a parent's list of children (a new move, a deletion) or the forks
//! of one line (a promotion). Node ids never change: a deleted line stays in the tree's arena,
//! unreachable, so undoing the deletion puts back the very same nodes, and saving writes only
//! what is reachable from the root.

use crate::record::{Node, NodeId};

/// What an edit did, for the undo and redo buttons and the message after a deletion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditKind {
    /// A move or pass added as a new node.
    Move,
    /// A node and everything after it removed.
    Delete(Removed),
    /// The line through the cursor made the main line.
    Promote,
    /// Setup stones added or removed.
    Setup,
    /// Markup (shapes, labels, arrows, lines, dimming) changed.
    Markup,
    /// The comment changed.
    Comment,
    /// A move or position annotation changed.
    Annotation,
    /// A game information property changed (its SGF identifier).
    GameInfo(&'static str),
}

/// What deleting a node removes: the node and everything after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Removed {
    /// Nodes removed, the deleted node included.
    pub nodes: usize,
    /// Moves among them (passes included).
    pub moves: usize,
    /// Variations that branch off inside what is removed.
    pub variations: usize,
}

/// One node before and after an edit.
#[derive(Clone, Debug)]
pub(super) struct NodeImage {
    pub(super) id: NodeId,
    pub(super) before: Node,
    pub(super) after: Node,
}

/// One edit: what it was, where the cursor stood before and after, and the nodes it changed.
#[derive(Clone, Debug)]
pub(super) struct Edit {
    pub(super) serial: u64,
    pub(super) kind: EditKind,
    pub(super) cursor_before: NodeId,
    pub(super) cursor_after: NodeId,
    pub(super) nodes: Vec<NodeImage>,
}

impl Edit {
    /// Bytes held by the node images (texts and lists, roughly), for the memory figures.
    fn bytes(&self) -> usize {
        let node = |n: &Node| {
            std::mem::size_of::<Node>()
                + n.children.len() * std::mem::size_of::<NodeId>()
                + n.properties
                    .iter()
                    .map(|p| p.id.len() + p.values.iter().map(|v| v.len() + 24).sum::<usize>() + 48)
                    .sum::<usize>()
        };
        std::mem::size_of::<Edit>()
            + self
                .nodes
                .iter()
                .map(|i| node(&i.before) + node(&i.after) + 8)
                .sum::<usize>()
    }
}

/// The undo and redo stacks of one game tree, and which edit was the last saved.
#[derive(Clone, Debug, Default)]
pub(super) struct History {
    undo: Vec<Edit>,
    redo: Vec<Edit>,
    /// The serial of the newest edit on the undo stack when the file was saved (0: none).
    saved: u64,
}

impl History {
    /// Records a new edit; the redo stack is dropped (a new edit starts a new future).
    pub(super) fn push(&mut self, edit: Edit) {
        self.redo.clear();
        self.undo.push(edit);
    }

    /// The edit an undo would take back.
    pub(super) fn last_done(&self) -> Option<&Edit> {
        self.undo.last()
    }

    /// The edit a redo would do again.
    pub(super) fn last_undone(&self) -> Option<&Edit> {
        self.redo.last()
    }

    /// Moves the newest edit to the redo stack and returns it.
    pub(super) fn undo(&mut self) -> Option<&Edit> {
        let edit = self.undo.pop()?;
        self.redo.push(edit);
        self.redo.last()
    }

    /// Moves the newest undone edit back to the undo stack and returns it.
    pub(super) fn redo(&mut self) -> Option<&Edit> {
        let edit = self.redo.pop()?;
        self.undo.push(edit);
        self.undo.last()
    }

    fn top(&self) -> u64 {
        self.undo.last().map_or(0, |e| e.serial)
    }

    /// Whether the tree differs from what was last saved (or read).
    pub(super) fn is_dirty(&self) -> bool {
        self.top() != self.saved
    }

    /// The tree as it is now has been saved.
    pub(super) fn mark_saved(&mut self) {
        self.saved = self.top();
    }

    /// Rough bytes held by both stacks.
    pub(super) fn bytes(&self) -> usize {
        self.undo.iter().chain(&self.redo).map(Edit::bytes).sum()
    }
}
