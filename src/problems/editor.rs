//! A teacher making problems: place the stones, say who plays and what the goal is, play the
//! right and wrong lines (each a variation of the tree), mark them, save as SGF through the
//! record writer. Built on the review model, which already edits trees as variations.

use super::goal::{GOAL_PROPERTY, Goal};
use super::problem::{Problem, ProblemError};
use super::verdict::{Verdict, comment_verdict, marked_comment};
use crate::record::properties::{decode_text, encode_text};
use crate::record::{Collection, GameTree, NodeId};
use crate::review::{PositionAnnotation, Review, ReviewError};
use crate::rules::{Color, Coord, Move};

/// A problem being written (one game tree of a collection).
#[derive(Clone, Debug)]
pub struct ProblemEditor {
    review: Review,
    /// Root edits rebuild the review (which then starts clean): they are remembered here.
    root_edited: bool,
}

impl ProblemEditor {
    /// A new problem on an empty board of `size` lines, Black to play.
    pub fn new(size: u8) -> Result<ProblemEditor, ReviewError> {
        let mut editor = ProblemEditor {
            review: Review::new(size)?,
            root_edited: false,
        };
        editor.set_player(Color::Black);
        editor.mark_saved();
        Ok(editor)
    }

    /// Edits problem `index` of a collection (the others are kept and saved with it).
    pub fn open(collection: Collection, index: usize) -> Result<ProblemEditor, ReviewError> {
        Ok(ProblemEditor {
            review: Review::from_collection(collection, index)?,
            root_edited: false,
        })
    }

    /// Adds a new empty problem of `size` lines after the others and edits it.
    pub fn add_problem(collection: Collection, size: u8) -> Result<ProblemEditor, ReviewError> {
        let fresh = ProblemEditor::new(size)?;
        let mut collection = collection;
        collection.trees.push(fresh.review.tree().clone());
        let index = collection.trees.len() - 1;
        let mut editor = ProblemEditor::open(collection, index)?;
        editor.root_edited = true;
        Ok(editor)
    }

    /// The review underneath (the board to draw, the cursor, the tree).
    pub fn review(&self) -> &Review {
        &self.review
    }

    /// Navigation (back, forward, go to a node) through the review.
    pub fn review_mut(&mut self) -> &mut Review {
        &mut self.review
    }

    /// The side the solver plays (`PL` of the root).
    pub fn player(&self) -> Color {
        self.review
            .tree()
            .root()
            .value("PL")
            .and_then(crate::record::properties::parse_color)
            .unwrap_or(Color::Black)
    }

    /// Puts (or removes, `None`) a stone of the start position; the cursor goes to the root.
    pub fn set_stone(&mut self, c: Coord, color: Option<Color>) -> Result<(), ReviewError> {
        self.review.first();
        self.review.set_setup_stone(c, color)
    }

    /// Sets the side to play first.
    pub fn set_player(&mut self, color: Color) {
        let value = color.letter().to_string();
        self.edit_root(|root| root.set("PL", vec![value]));
    }

    /// Sets or clears the goal, and the stones it is about (the root's `TR` marks).
    pub fn set_goal(&mut self, goal: Option<Goal>, targets: &[Coord]) {
        let marks = crate::record::properties::compress_point_list(targets);
        self.edit_root(|root| {
            match goal {
                Some(g) => root.set(GOAL_PROPERTY, vec![g.keyword().to_string()]),
                None => {
                    root.remove(GOAL_PROPERTY);
                }
            }
            if marks.is_empty() {
                root.remove("TR");
            } else {
                root.set("TR", marks);
            }
        });
    }

    /// Sets the problem's name (`GN`) and question (the root's comment).
    pub fn set_text(&mut self, name: &str, question: &str) {
        let name = encode_text(name, false);
        let question = encode_text(question, false);
        self.edit_root(|root| {
            for (id, value) in [("GN", &name), ("C", &question)] {
                if value.trim().is_empty() {
                    root.remove(id);
                } else {
                    root.set(id, vec![value.clone()]);
                }
            }
        });
    }

    /// Plays the next move of a line at the cursor (the side to move there): an existing
    /// branch is followed, else a new one is made.
    pub fn play(&mut self, c: Coord) -> Result<NodeId, ReviewError> {
        self.review.play(Move::Play(c))
    }

    /// Marks the line ending at the cursor right or wrong (or clears the mark): the comment's
    /// first line `RIGHT`/`WRONG`, and `GB`/`GW` for whom it is good.
    pub fn mark(&mut self, verdict: Option<Verdict>) {
        let player = self.player();
        let comment = self.review.comment();
        self.review.set_comment(&marked_comment(&comment, verdict));
        let good_for = verdict.map(|v| match (v, player) {
            (Verdict::Right, Color::Black) | (Verdict::Wrong, Color::White) => {
                PositionAnnotation::GoodForBlack
            }
            _ => PositionAnnotation::GoodForWhite,
        });
        self.review.set_position_annotation(good_for);
    }

    /// The mark at the cursor, if any.
    pub fn mark_here(&self) -> Option<Verdict> {
        let node = self.review.current_node();
        node.value("C")
            .and_then(|raw| comment_verdict(&decode_text(raw)))
    }

    /// Deletes the line from the cursor on (not the root).
    pub fn delete_here(&mut self) -> Result<(), ReviewError> {
        self.review.delete_current().map(|_| ())
    }

    /// The problem as a child would get it (to try it out), or why it is not one yet.
    pub fn problem(&self) -> Result<Problem, ProblemError> {
        Problem::from_tree(self.review.tree().clone())
    }

    /// The whole collection as SGF text (to save).
    pub fn to_sgf(&self) -> String {
        self.review.to_sgf()
    }

    /// Whether there are edits not saved yet.
    pub fn is_dirty(&self) -> bool {
        self.root_edited || self.review.is_dirty()
    }

    /// The collection was saved.
    pub fn mark_saved(&mut self) {
        self.root_edited = false;
        self.review.mark_saved();
    }

    /// Changes the root: the review is rebuilt from the edited tree and the cursor put back.
    fn edit_root(&mut self, change: impl FnOnce(&mut crate::record::Node)) {
        let mut collection = self.review.collection().clone();
        let index = self.review.game_index();
        let here = self.review.current();
        let Some(tree) = collection.trees.get_mut(index) else {
            return;
        };
        change(tree.root_mut());
        if let Ok(mut review) = Review::from_collection(collection, index) {
            review.go_to(here);
            self.root_edited |= self.review.is_dirty() || review.tree() != self.review.tree();
            self.review = review;
        }
    }
}

/// The tree of a problem as written by the editor (for tests and the command line).
pub fn tree_of(editor: &ProblemEditor) -> &GameTree {
    editor.review().tree()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{Answer, Attempt, check_problem};
    use std::sync::Arc;

    fn pt(s: &str) -> Coord {
        Coord::from_sgf(s, 9).expect("point")
    }

    #[test]
    fn a_teacher_makes_a_capture_problem_that_a_child_can_solve() {
        let mut e = ProblemEditor::new(9).expect("editor");
        // The white stone has a friend below: anything but filling its last liberty lets it
        // out (issue 27: our reader checks every other first move too).
        for p in ["ee", "eg"] {
            e.set_stone(pt(p), Some(Color::White)).expect("stone");
        }
        for p in ["de", "fe", "ed"] {
            e.set_stone(pt(p), Some(Color::Black)).expect("stone");
        }
        e.set_text("Capture 1", "Black to play: capture the white stone.");
        e.set_goal(Some(Goal::Capture), &[pt("ee")]);
        // The right line.
        e.play(pt("ef")).expect("legal");
        e.mark(Some(Verdict::Right));
        assert_eq!(e.mark_here(), Some(Verdict::Right));
        // A wrong line with its refutation.
        e.review_mut().first();
        e.play(pt("dd")).expect("legal");
        e.play(pt("ef")).expect("legal");
        e.mark(Some(Verdict::Wrong));
        assert!(e.is_dirty());

        let sgf = e.to_sgf();
        assert!(
            sgf.contains("TYGOAL[capture]") && sgf.contains("C[RIGHT]") && sgf.contains("GB[1]"),
            "{sgf}"
        );
        let set = crate::problems::ProblemSet::from_sgf(sgf.as_bytes()).expect("a problem");
        let problem = set.problem(0).expect("first");
        assert!(check_problem(problem).is_sound());
        let mut a = Attempt::new(Arc::clone(problem));
        assert!(matches!(
            a.play(pt("dd")),
            Answer::Wrong {
                refutation: Some(_),
                ..
            }
        ));
        a.restart();
        assert_eq!(
            a.play(pt("ef")),
            Answer::Right {
                reply: None,
                solved: true
            }
        );
    }

    #[test]
    fn white_to_play_marks_good_for_white() {
        let mut e = ProblemEditor::new(9).expect("editor");
        e.set_player(Color::White);
        e.play(pt("cc")).expect("legal");
        e.mark(Some(Verdict::Right));
        assert!(e.to_sgf().contains("W[cc]") && e.to_sgf().contains("GW[1]"));
        assert_eq!(e.player(), Color::White);
        e.mark(None);
        assert_eq!(e.mark_here(), None);
        assert!(!e.to_sgf().contains("GW"));
    }
}
