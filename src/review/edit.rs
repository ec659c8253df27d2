//! Edits of the current node: setup stones, markup and annotations.

use crate::diagram::PointMark;
use crate::rules::{Color, Coord};

use super::annotation::{
    MoveAnnotation, PositionAnnotation, move_annotation, position_annotation, set_move_annotation,
    set_position_annotation,
};
use super::error::ReviewError;
use super::markup::{self, points, set_points};
use super::model::Review;
use super::step::node_move;
use crate::record::Node;

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
        // What the point holds before this node's own setup: the parent's position.
        let before = self.position_before_current().board().get(c);
        let lists = |node: &Node| -> [Vec<Coord>; 3] {
            ["AB", "AW", "AE"].map(|id| points(node, id, size))
        };
        let mut node = if node_move(self.current_node(), size).is_some() {
            Node::default()
        } else {
            self.current_node().clone()
        };
        let [mut ab, mut aw, mut ae] = lists(&node);
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
        // Check on a copy of the position first, so a refused edit changes nothing.
        let mut trial = if node_move(self.current_node(), size).is_some() {
            self.game().clone()
        } else {
            self.position_before_current()
        };
        trial.setup(&ab, &aw, &ae).map_err(ReviewError::Setup)?;
        if node_move(self.current_node(), size).is_some() {
            let parent = self.current();
            let child = self.tree_mut().add_child(parent, node);
            self.go_to(child);
            self.touch();
        } else {
            self.edit_node(true, |n, _| {
                *n = Node {
                    properties: node.properties,
                    children: n.children.clone(),
                    parent: n.parent,
                }
            });
        }
        Ok(())
    }

    /// The position before the current node's setup and move: the parent's position (the
    /// empty start for the root).
    fn position_before_current(&self) -> crate::rules::Game {
        let mut copy = self.clone();
        if copy.back() {
            copy.game().clone()
        } else {
            crate::rules::Game::new(self.size(), self.info().rules())
                .unwrap_or_else(|_| self.game().clone())
        }
    }

    /// Toggles a shape (CR, SQ, TR, MA, SL) on `c` in the current node.
    pub fn toggle_mark(&mut self, c: Coord, mark: PointMark) {
        self.edit_node(false, |node, size| markup::toggle_mark(node, c, mark, size));
    }

    /// Sets the label (LB) of `c`; an empty text removes it.
    pub fn set_label(&mut self, c: Coord, text: &str) {
        self.edit_node(false, |node, size| markup::set_label(node, c, text, size));
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
        self.edit_node(false, |node, size| {
            markup::toggle_pair(node, id, a, b, size);
        });
        Ok(())
    }

    /// Dims or undims `c` (DD).
    pub fn toggle_dimmed(&mut self, c: Coord) {
        self.edit_node(false, |node, size| markup::toggle_dimmed(node, c, size));
    }

    /// Removes all markup on `c` (shapes, label, arrows and lines touching it, DD).
    pub fn clear_markup_at(&mut self, c: Coord) {
        self.edit_node(false, |node, size| markup::clear_at(node, c, size));
    }

    /// Removes all markup of the current node.
    pub fn clear_markup(&mut self) {
        self.edit_node(false, |node, _| markup::clear_all(node));
    }

    /// The move annotation of the current node.
    pub fn move_annotation(&self) -> Option<MoveAnnotation> {
        move_annotation(self.current_node())
    }

    /// Sets or clears the move annotation (TE, BM, DO, IT) of the current node.
    pub fn set_move_annotation(&mut self, annotation: Option<MoveAnnotation>) {
        if self.move_annotation() != annotation {
            self.edit_node(false, |node, _| set_move_annotation(node, annotation));
        }
    }

    /// The position annotation of the current node.
    pub fn position_annotation(&self) -> Option<PositionAnnotation> {
        position_annotation(self.current_node())
    }

    /// Sets or clears the position annotation (GB, GW, DM, UC) of the current node.
    pub fn set_position_annotation(&mut self, annotation: Option<PositionAnnotation>) {
        if self.position_annotation() != annotation {
            self.edit_node(false, |node, _| set_position_annotation(node, annotation));
        }
    }
}
