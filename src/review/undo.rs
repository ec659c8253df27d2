//! Every edit of the record goes through [`Review::record_edit`], which keeps the before and
//! after images of the nodes it touched; [`Review::undo`] and [`Review::redo`] put them back.

use crate::record::{Node, NodeId};

use super::error::ReviewError;
use super::history::{Edit, EditKind, NodeImage};
use super::model::Review;

impl Review {
    /// Carries out `change` as one undoable edit of the nodes `touched` (every node whose
    /// properties or children `change` may alter; nodes it appends need not be listed, their
    /// parent is). An edit that changes nothing is not recorded; a refused one changes nothing.
    pub(super) fn record_edit<T>(
        &mut self,
        kind: EditKind,
        touched: &[NodeId],
        change: impl FnOnce(&mut Review) -> Result<T, ReviewError>,
    ) -> Result<T, ReviewError> {
        let cursor_before = self.current();
        let mut ids: Vec<NodeId> = touched.to_vec();
        ids.sort_unstable();
        ids.dedup();
        let before: Vec<(NodeId, Node)> = ids
            .iter()
            .filter_map(|&id| self.tree().node(id).map(|n| (id, n.clone())))
            .collect();
        let result = change(self);
        let images: Vec<NodeImage> = before
            .into_iter()
            .filter_map(|(id, before)| {
                let after = self.tree().node(id)?.clone();
                (after != before).then_some(NodeImage { id, before, after })
            })
            .collect();
        if result.is_err() {
            // Callers check before they change; should one not, the record is put back.
            if !images.is_empty() {
                for image in &images {
                    if let Some(node) = self.tree_mut().node_mut(image.id) {
                        *node = image.before.clone();
                    }
                }
                self.rebuild_path(cursor_before);
            }
            return result;
        }
        if !images.is_empty() {
            let edit = Edit {
                serial: self.next_serial,
                kind,
                cursor_before,
                cursor_after: self.current(),
                nodes: images,
            };
            self.next_serial += 1;
            if let Some(history) = self.histories.get_mut(self.tree_index) {
                history.push(edit);
            }
            self.bump_shape();
        }
        result
    }

    /// Whether there is an edit of the game shown to take back.
    pub fn can_undo(&self) -> bool {
        self.undo_kind().is_some()
    }

    /// Whether there is an undone edit of the game shown to do again.
    pub fn can_redo(&self) -> bool {
        self.redo_kind().is_some()
    }

    /// What an undo would take back.
    pub fn undo_kind(&self) -> Option<&EditKind> {
        self.histories
            .get(self.tree_index)?
            .last_done()
            .map(|e| &e.kind)
    }

    /// What a redo would do again.
    pub fn redo_kind(&self) -> Option<&EditKind> {
        self.histories
            .get(self.tree_index)?
            .last_undone()
            .map(|e| &e.kind)
    }

    /// Takes back the newest edit of the game shown; the cursor returns to where it stood
    /// before that edit. Returns what was undone.
    pub fn undo(&mut self) -> Option<EditKind> {
        let tree = self.collection.trees.get_mut(self.tree_index)?;
        let edit = self.histories.get_mut(self.tree_index)?.undo()?;
        for image in &edit.nodes {
            if let Some(node) = tree.node_mut(image.id) {
                *node = image.before.clone();
            }
        }
        let (kind, cursor) = (edit.kind.clone(), edit.cursor_before);
        self.after_history_step(&kind, cursor);
        Some(kind)
    }

    /// Does the newest undone edit again; the cursor goes where that edit left it. Returns
    /// what was redone.
    pub fn redo(&mut self) -> Option<EditKind> {
        let tree = self.collection.trees.get_mut(self.tree_index)?;
        let edit = self.histories.get_mut(self.tree_index)?.redo()?;
        for image in &edit.nodes {
            if let Some(node) = tree.node_mut(image.id) {
                *node = image.after.clone();
            }
        }
        let (kind, cursor) = (edit.kind.clone(), edit.cursor_after);
        self.after_history_step(&kind, cursor);
        Some(kind)
    }

    fn after_history_step(&mut self, kind: &EditKind, cursor: NodeId) {
        if matches!(kind, EditKind::GameInfo(_)) {
            self.reload_info();
        }
        self.rebuild_path(cursor);
        self.bump_shape();
    }

    /// Rough bytes the undo and redo histories of all games hold (for the memory figures).
    pub fn history_bytes(&self) -> usize {
        self.histories.iter().map(|h| h.bytes()).sum()
    }
}
