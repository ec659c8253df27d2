//! Edits of one node: setup stones, markup, annotations, the comment, and the game
//! information in the root. Each is one undoable edit.

use crate::diagram::PointMark;
use crate::record::Node;
use crate::record::properties::encode_text;
use crate::rules::{Color, Coord};

use super::annotation::{
    MoveAnnotation, PositionAnnotation, move_annotation, position_annotation, set_move_annotation,
    set_position_annotation,
};
use super::error::ReviewError;
use super::history::EditKind;
use super::info::InfoField;
use super::markup::{self, points, set_points};
use super::model::Review;
use super::step::node_move;

impl Review {
    /// Puts a stone of `color` on `c`, or empties it (`None`), as a setup edit (AB/AW/AE).
    ///
    /// FF[4] keeps setup and moves in separate nodes, so on a node holding a move the edit goes
    /// into a new child node (the cursor moves there). The edit is refused, with nothing
    /// changed, when it would leave a chain without liberties.
    pub fn set_setup_stone(&mut self, c: Coord, color: Option<Color>) -> Result<(), ReviewError> {
        let size = self.size();
        if c.x >= size || c.y >= size {
            return Err(ReviewError::Setup(crate::rules::RulesError::OffBoard));
        }
        if self.game().board().get(c) == color {
            return Ok(());
        }
        let on_move = node_move(self.current_node(), size).is_some();
        // The position this node's setup applies to: after the move for a new child node,
        // else the parent's position.
        let mut trial = if on_move {
            self.game().clone()
        } else {
            self.position_before_current()
        };
        let before = trial.board().get(c);
        let mut node = if on_move {
            Node::default()
        } else {
            self.current_node().clone()
        };
        let [mut ab, mut aw, mut ae] = ["AB", "AW", "AE"].map(|id| points(&node, id, size));
        for list in [&mut ab, &mut aw, &mut ae] {
            list.retain(|p| *p != c);
        }
        if color != before {
            match color {
                Some(Color::Black) => ab.push(c),
                Some(Color::White) => aw.push(c),
                None => ae.push(c),
            }
        }
        set_points(&mut node, "AB", &ab);
        set_points(&mut node, "AW", &aw);
        set_points(&mut node, "AE", &ae);
        // Checked on a copy of the position first, so a refused edit changes nothing.
        trial.setup(&ab, &aw, &ae).map_err(ReviewError::Setup)?;
        let current = self.current();
        if on_move {
            self.record_edit(EditKind::Setup, &[current], |r| {
                let child = r.tree_mut().add_child(current, node);
                r.extend_path(&[child]);
                Ok(())
            })
        } else {
            self.edit_node(EditKind::Setup, true, |n, _| n.properties = node.properties);
            Ok(())
        }
    }

    /// Changes the current node with `edit` as one undoable edit of kind `kind`, then replays
    /// the node when the position may have changed (`replay`).
    pub(super) fn edit_node(
        &mut self,
        kind: EditKind,
        replay: bool,
        edit: impl FnOnce(&mut Node, u8),
    ) {
        let size = self.size();
        let id = self.current();
        let changed = self.record_edit(kind, &[id], |r| {
            if let Some(node) = r.tree_mut().node_mut(id) {
                edit(node, size);
            }
            if replay {
                let len = r.path().len();
                r.truncate_path(len.saturating_sub(1));
                r.extend_path(&[id]);
            }
            Ok(())
        });
        debug_assert!(changed.is_ok(), "a node edit cannot be refused");
    }

    /// Toggles a shape (CR, SQ, TR, MA, SL) on `c` in the current node.
    pub fn toggle_mark(&mut self, c: Coord, mark: PointMark) {
        self.edit_node(EditKind::Markup, false, |node, size| {
            markup::toggle_mark(node, c, mark, size)
        });
    }

    /// Sets the label (LB) of `c`; an empty text removes it.
    pub fn set_label(&mut self, c: Coord, text: &str) {
        self.edit_node(EditKind::Markup, false, |node, size| {
            markup::set_label(node, c, text, size)
        });
    }

    /// The label on `c` in the current node, if any.
    pub fn label(&self, c: Coord) -> Option<String> {
        markup::read_marks(self.current_node(), self.size())
            .label(c)
            .map(str::to_string)
    }

    /// The next free label letter of the current node (A, B, …), for the label tool.
    pub fn next_label(&self) -> String {
        let marks = markup::read_marks(self.current_node(), self.size());
        ('A'..='Z')
            .map(String::from)
            .find(|l| !marks.labels.iter().any(|(_, t)| t == l))
            .unwrap_or_else(|| (marks.labels.len() + 1).to_string())
    }

    /// Toggles an arrow (AR) from `a` to `b`.
    pub fn toggle_arrow(&mut self, a: Coord, b: Coord) -> Result<(), ReviewError> {
        self.toggle_pair("AR", a, b)
    }

    /// Toggles a line (LN) between `a` and `b`.
    pub fn toggle_line(&mut self, a: Coord, b: Coord) -> Result<(), ReviewError> {
        self.toggle_pair("LN", a, b)
    }

    fn toggle_pair(&mut self, id: &str, a: Coord, b: Coord) -> Result<(), ReviewError> {
        if a == b {
            return Err(ReviewError::SamePoint);
        }
        self.edit_node(EditKind::Markup, false, |node, size| {
            markup::toggle_pair(node, id, a, b, size);
        });
        Ok(())
    }

    /// Dims or undims `c` (DD).
    pub fn toggle_dimmed(&mut self, c: Coord) {
        self.edit_node(EditKind::Markup, false, |node, size| {
            markup::toggle_dimmed(node, c, size)
        });
    }

    /// Removes all markup on `c` (shapes, label, arrows and lines touching it, DD).
    pub fn clear_markup_at(&mut self, c: Coord) {
        self.edit_node(EditKind::Markup, false, |node, size| {
            markup::clear_at(node, c, size)
        });
    }

    /// Removes all markup of the current node; returns how many marks went (shapes, labels,
    /// arrows, lines and dimmed points).
    pub fn clear_markup(&mut self) -> usize {
        let marks = markup::read_marks(self.current_node(), self.size());
        let count = marks.points.len()
            + marks.labels.len()
            + marks.arrows.len()
            + marks.lines.len()
            + marks.dimmed.len();
        self.edit_node(EditKind::Markup, false, |node, _| markup::clear_all(node));
        count
    }

    /// The move annotation of the current node.
    pub fn move_annotation(&self) -> Option<MoveAnnotation> {
        move_annotation(self.current_node())
    }

    /// Sets or clears the move annotation (TE, BM, DO, IT) of the current node.
    pub fn set_move_annotation(&mut self, annotation: Option<MoveAnnotation>) {
        if self.move_annotation() != annotation {
            self.edit_node(EditKind::Annotation, false, |node, _| {
                set_move_annotation(node, annotation)
            });
        }
    }

    /// The position annotation of the current node.
    pub fn position_annotation(&self) -> Option<PositionAnnotation> {
        position_annotation(self.current_node())
    }

    /// Sets or clears the position annotation (GB, GW, DM, UC) of the current node.
    pub fn set_position_annotation(&mut self, annotation: Option<PositionAnnotation>) {
        if self.position_annotation() != annotation {
            self.edit_node(EditKind::Annotation, false, |node, _| {
                set_position_annotation(node, annotation)
            });
        }
    }

    /// Sets the comment (C) of the current node; an empty text removes it.
    pub fn set_comment(&mut self, text: &str) {
        self.set_comment_on(self.current(), text);
    }

    /// Sets the comment (C) of node `id` (the node it was typed on, which may no longer be
    /// the cursor's); an empty text removes it.
    pub fn set_comment_on(&mut self, id: crate::record::NodeId, text: &str) {
        let Some(node) = self.tree().node(id) else {
            return;
        };
        let old = node
            .value("C")
            .map(crate::record::properties::decode_text)
            .unwrap_or_default();
        if text == old {
            return;
        }
        let _ = self.record_edit(EditKind::Comment, &[id], |r| {
            if let Some(node) = r.tree_mut().node_mut(id) {
                if text.trim().is_empty() {
                    node.remove("C");
                } else {
                    node.set("C", vec![encode_text(text, false)]);
                }
            }
            Ok(())
        });
    }

    /// Sets a game-information property in the root node; an empty text removes it (from
    /// every node of the main line, so the record no longer says it). Refused, with nothing
    /// changed, when the value is not one the property takes (komi, handicap, time). Returns
    /// whether anything changed.
    pub fn set_info(&mut self, field: InfoField, text: &str) -> Result<bool, ReviewError> {
        let text = text.trim();
        if text == self.info_text(field) {
            return Ok(false);
        }
        let value = if text.is_empty() {
            None
        } else {
            Some(field.check(text).map_err(ReviewError::Info)?)
        };
        let id = field.property();
        let root = self.tree().root_id();
        let mut touched = vec![root];
        if value.is_none() {
            let line = self.tree().main_line();
            touched.extend(
                line.into_iter()
                    .filter(|&n| self.tree().node(n).is_some_and(|node| node.has(id))),
            );
        }
        let cursor = self.current();
        self.record_edit(EditKind::GameInfo(id), &touched, |r| {
            for &n in &touched {
                if let Some(node) = r.tree_mut().node_mut(n) {
                    match &value {
                        Some(v) if n == root => node.set(id, vec![encode_text(v, false)]),
                        _ => {
                            node.remove(id);
                        }
                    }
                }
            }
            r.reload_info();
            r.rebuild_path(cursor);
            Ok(true)
        })
    }
}
