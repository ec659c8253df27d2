//! The review model: a record's game tree, a cursor on it, and the position at the cursor.
//!
//! The position of every node on the cursor's path is kept (one `Game` per node), so stepping
//! forward plays one node, stepping back drops one, and a jump elsewhere replays only from
//! where the old and new paths part: navigation stays instant on a 300-move game.

use crate::diagram::{Marks, Scene};
use crate::record::properties::{decode_text, encode_text, move_value, parse_move};
use crate::record::{Collection, GameInfo, GameTree, Node, NodeId, Warning};
use crate::rules::{Color, Coord, Game, Irregularity, Move};

use super::error::ReviewError;
use super::markup::read_marks;
use super::step::{apply_node, node_move};

/// The position after one node of the path.
#[derive(Clone, Debug)]
struct Step {
    node: NodeId,
    game: Game,
    irregularity: Option<Irregularity>,
}

/// A game record under review: navigation and edits over its tree.
#[derive(Clone, Debug)]
pub struct Review {
    collection: Collection,
    tree_index: usize,
    info: GameInfo,
    start: Game,
    path: Vec<Step>,
    dirty: bool,
}

impl Review {
    /// A new empty record of a `size` board with the Chinese rules and komi (KM[7.5]).
    pub fn new(size: u8) -> Result<Review, ReviewError> {
        let mut tree = GameTree::new();
        let root = tree.root_mut();
        for (id, value) in [
            ("FF", "4".to_string()),
            ("GM", "1".to_string()),
            ("CA", "UTF-8".to_string()),
            ("SZ", size.to_string()),
            ("RU", "Chinese".to_string()),
            ("KM", "7.5".to_string()),
        ] {
            root.set(id, vec![value]);
        }
        Review::from_collection(Collection { trees: vec![tree] }, 0)
    }

    /// Reviews game `index` (0-based) of a collection.
    pub fn from_collection(collection: Collection, index: usize) -> Result<Review, ReviewError> {
        let tree = collection
            .trees
            .get(index)
            .ok_or(ReviewError::NoGame(index))?;
        let (info, _) = GameInfo::read(tree, &tree.main_line());
        if let Some(raw) = tree.root().value("SZ")
            && crate::record::game_info::parse_size(raw).is_none()
        {
            return Err(ReviewError::Replay(crate::record::ReplayError::BadSize(
                raw.to_string(),
            )));
        }
        let start = Game::new(info.size, info.rules())
            .map_err(|e| ReviewError::Replay(crate::record::ReplayError::Rules(e)))?;
        let mut review = Review {
            collection,
            tree_index: index,
            info,
            start,
            path: Vec::new(),
            dirty: false,
        };
        let root = review.tree().root_id();
        review.extend_path(&[root]);
        Ok(review)
    }

    /// Reads SGF bytes (any charset the record layer knows) and reviews game `index`;
    /// returns the record layer's repairs too.
    pub fn from_sgf(bytes: &[u8], index: usize) -> Result<(Review, Vec<Warning>), ReviewError> {
        let reading = crate::record::read(bytes).map_err(ReviewError::Syntax)?;
        let review = Review::from_collection(reading.collection, index)?;
        Ok((review, reading.warnings))
    }

    /// How many games the file holds.
    pub fn game_count(&self) -> usize {
        self.collection.trees.len()
    }

    /// Which game of the file is under review (0-based).
    pub fn game_index(&self) -> usize {
        self.tree_index
    }

    /// Reviews game `index` of the same file instead, from its start; the edits made to every
    /// game are kept (they live in the collection) and so is the unsaved mark.
    pub fn switch_game(&mut self, index: usize) -> Result<(), ReviewError> {
        if index == self.tree_index {
            return Ok(());
        }
        if index >= self.collection.trees.len() {
            return Err(ReviewError::NoGame(index));
        }
        // Tried on a copy, so a game that cannot be reviewed leaves this one as it was.
        let mut other = Review::from_collection(self.collection.clone(), index)?;
        other.dirty = self.dirty;
        *self = other;
        Ok(())
    }

    /// The whole file as SGF text (every game tree of the collection, UTF-8).
    pub fn to_sgf(&self) -> String {
        crate::record::to_canonical_sgf(&self.collection)
    }

    /// The collection, with the edits made.
    pub fn collection(&self) -> &Collection {
        &self.collection
    }

    /// The game tree under review.
    pub fn tree(&self) -> &GameTree {
        // Invariant: `tree_index` was checked when the review was made and trees are never removed.
        &self.collection.trees[self.tree_index]
    }

    pub(super) fn tree_mut(&mut self) -> &mut GameTree {
        &mut self.collection.trees[self.tree_index]
    }

    /// Game information read from the main line when the record was opened.
    pub fn info(&self) -> &GameInfo {
        &self.info
    }

    /// Board size.
    pub fn size(&self) -> u8 {
        self.start.size()
    }

    /// Whether there are edits not yet saved.
    pub fn is_dirty(&self) -> bool {
        self.dirty
    }

    /// Records that the current state has been saved.
    pub fn mark_saved(&mut self) {
        self.dirty = false;
    }

    pub(super) fn touch(&mut self) {
        self.dirty = true;
    }

    // ----- the cursor -----

    /// The node at the cursor.
    pub fn current(&self) -> NodeId {
        self.path.last().map_or(NodeId(0), |s| s.node)
    }

    /// The nodes from the root to the cursor.
    pub fn path(&self) -> Vec<NodeId> {
        self.path.iter().map(|s| s.node).collect()
    }

    /// The node at the cursor, as stored.
    pub fn current_node(&self) -> &Node {
        self.tree()
            .node(self.current())
            .unwrap_or(self.tree().root())
    }

    /// The position at the cursor.
    pub fn game(&self) -> &Game {
        self.path.last().map_or(&self.start, |s| &s.game)
    }

    /// The illegal move of the current node, if its move broke a rule.
    pub fn irregularity(&self) -> Option<&Irregularity> {
        self.path.last().and_then(|s| s.irregularity.as_ref())
    }

    /// Moves and passes played from the start to the cursor.
    pub fn move_number(&self) -> usize {
        self.game().move_number()
    }

    /// The move of the current node, if it holds one.
    pub fn current_move(&self) -> Option<(Color, Move)> {
        node_move(self.current_node(), self.size())
    }

    /// The decoded comment (C) of the current node, empty when none.
    pub fn comment(&self) -> String {
        self.current_node()
            .value("C")
            .map(decode_text)
            .unwrap_or_default()
    }

    /// Plays the nodes `ids` (each a child of the previous) after the current path.
    fn extend_path(&mut self, ids: &[NodeId]) {
        let handicap = self.info.handicap;
        for &id in ids {
            let mut game = self.game().clone();
            let Some(node) = self.tree().node(id) else {
                return;
            };
            let irregularity = apply_node(&mut game, node, handicap);
            self.path.push(Step {
                node: id,
                game,
                irregularity,
            });
        }
    }

    /// Moves the cursor to `target`, replaying only from where the paths part.
    pub fn go_to(&mut self, target: NodeId) -> bool {
        if self.tree().node(target).is_none() {
            return false;
        }
        let new_path = self.tree().path_to(target);
        if new_path.first() != Some(&self.tree().root_id()) {
            return false;
        }
        let common = self
            .path
            .iter()
            .zip(&new_path)
            .take_while(|(s, id)| s.node == **id)
            .count();
        self.path.truncate(common);
        self.extend_path(new_path.get(common..).unwrap_or_default());
        true
    }

    /// Replays the whole path again (after an edit changed a node on it).
    pub(super) fn refresh(&mut self) {
        let target = self.current();
        self.path.clear();
        let root = self.tree().root_id();
        self.extend_path(&[root]);
        self.go_to(target);
    }

    /// Children of the current node (the first continues the line).
    pub fn children(&self) -> Vec<NodeId> {
        self.current_node().children.clone()
    }

    /// Steps to the first child; false at the end of a line.
    pub fn forward(&mut self) -> bool {
        match self.current_node().children.first().copied() {
            Some(child) => {
                self.extend_path(&[child]);
                true
            }
            None => false,
        }
    }

    /// Steps back to the parent; false at the root.
    pub fn back(&mut self) -> bool {
        if self.path.len() <= 1 {
            return false;
        }
        self.path.pop();
        true
    }

    /// Goes to the root (the start position).
    pub fn first(&mut self) {
        self.path.truncate(1);
    }

    /// Goes to the end of the current line (following first children).
    pub fn last(&mut self) {
        while self.forward() {}
    }

    /// The line through the cursor: the path, then first children to the end.
    pub fn line(&self) -> Vec<NodeId> {
        let mut line = self.path();
        let mut current = self.current();
        while let Some(&next) = self.tree().node(current).and_then(|n| n.children.first()) {
            line.push(next);
            current = next;
        }
        line
    }

    /// Goes to the node of move `n` on the current line; for 0, to the last node before the
    /// first move (so setup stones show). Moves beyond the line's end are an error.
    pub fn go_to_move(&mut self, n: usize) -> Result<(), ReviewError> {
        let size = self.size();
        let mut count = 0;
        let mut target = None;
        for id in self.line() {
            let is_move = self
                .tree()
                .node(id)
                .is_some_and(|node| node_move(node, size).is_some());
            if is_move {
                count += 1;
                if count > n {
                    break;
                }
            }
            if count == n && (n == 0 || is_move) {
                target = Some(id);
            }
        }
        let target = target.ok_or(ReviewError::NoSuchMove(n))?;
        self.go_to(target);
        Ok(())
    }

    /// Number of moves on the current line, to its end.
    pub fn line_moves(&self) -> usize {
        let size = self.size();
        self.line()
            .iter()
            .filter(|&&id| {
                self.tree()
                    .node(id)
                    .is_some_and(|node| node_move(node, size).is_some())
            })
            .count()
    }

    /// The siblings of the current node (its parent's children) and its index among them.
    pub fn siblings(&self) -> (Vec<NodeId>, usize) {
        let current = self.current();
        let Some(parent) = self.current_node().parent else {
            return (vec![current], 0);
        };
        let siblings = self
            .tree()
            .node(parent)
            .map(|p| p.children.clone())
            .unwrap_or_default();
        let index = siblings.iter().position(|&s| s == current).unwrap_or(0);
        (siblings, index)
    }

    /// Switches to the next variation at this move (the next sibling); false when none.
    pub fn next_variation(&mut self) -> bool {
        let (siblings, index) = self.siblings();
        match siblings.get(index + 1) {
            Some(&next) => self.go_to(next),
            None => false,
        }
    }

    /// Switches to the previous variation at this move; false when none.
    pub fn prev_variation(&mut self) -> bool {
        let (siblings, index) = self.siblings();
        match index.checked_sub(1).and_then(|i| siblings.get(i)) {
            Some(&prev) => self.go_to(prev),
            None => false,
        }
    }

    // ----- what is shown -----

    /// The position at the cursor with the node's markup, the last move marked and, when
    /// `numbers` is set, the move numbers of the stones still on the board.
    pub fn scene(&self, numbers: bool) -> Scene {
        let game = self.game();
        let mut scene = Scene::new(game.board());
        let mut marks: Marks = read_marks(self.current_node(), self.size());
        if let Some((_, Move::Play(c))) = self.current_move() {
            marks.last_move = Some(c);
        }
        if numbers {
            marks.numbers = self.move_numbers();
        }
        scene.marks = marks;
        scene
    }

    /// For every stone on the board that was played as a move on the path, its move number.
    pub fn move_numbers(&self) -> Vec<(Coord, u32)> {
        let size = self.size();
        let mut latest: Vec<(Coord, u32)> = Vec::new();
        let mut number = 0u32;
        for step in &self.path {
            let Some(node) = self.tree().node(step.node) else {
                continue;
            };
            if let Some((_, mv)) = node_move(node, size) {
                number += 1;
                if let Move::Play(c) = mv {
                    latest.retain(|(p, _)| *p != c);
                    latest.push((c, number));
                }
            }
        }
        let board = self.game().board();
        latest.retain(|(c, _)| board.get(*c).is_some());
        latest
    }

    // ----- edits that change the tree's shape -----

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
        let mut node = Node::default();
        node.set(&color.letter().to_string(), vec![move_value(mv)]);
        let parent = self.current();
        let child = self.tree_mut().add_child(parent, node);
        self.extend_path(&[child]);
        self.touch();
        Ok(child)
    }

    /// Deletes the current node and everything after it; the cursor goes to the parent.
    pub fn delete_current(&mut self) -> Result<(), ReviewError> {
        let current = self.current();
        let Some(parent) = self.current_node().parent else {
            return Err(ReviewError::RootCannotBeDeleted);
        };
        if let Some(p) = self.tree_mut().node_mut(parent) {
            p.children.retain(|&c| c != current);
        }
        self.compact(parent);
        self.touch();
        Ok(())
    }

    /// Makes the line through the cursor the main line: at every fork on the path, the
    /// branch taken becomes the first child.
    pub fn promote_to_main_line(&mut self) -> bool {
        let path = self.path();
        let mut changed = false;
        for pair in path.windows(2) {
            let [parent, child] = [pair[0], pair[1]];
            if let Some(p) = self.tree_mut().node_mut(parent)
                && let Some(i) = p.children.iter().position(|&c| c == child)
                && i > 0
            {
                p.children.remove(i);
                p.children.insert(0, child);
                changed = true;
            }
        }
        if changed {
            self.touch();
        }
        changed
    }

    /// Rebuilds the tree without the nodes no longer reachable from the root (the arena keeps
    /// deleted nodes otherwise) and puts the cursor on `cursor`.
    fn compact(&mut self, cursor: NodeId) {
        let old = self.tree().clone();
        let mut new = GameTree::new();
        *new.root_mut() = Node {
            properties: old.root().properties.clone(),
            children: Vec::new(),
            parent: None,
        };
        let mut map = vec![None; old.len()];
        if let Some(slot) = map.get_mut(old.root_id().0) {
            *slot = Some(new.root_id());
        }
        let mut stack = vec![(old.root_id(), new.root_id())];
        while let Some((old_id, new_id)) = stack.pop() {
            let Some(node) = old.node(old_id) else {
                continue;
            };
            for &child in &node.children {
                let Some(c) = old.node(child) else { continue };
                let copy = Node {
                    properties: c.properties.clone(),
                    children: Vec::new(),
                    parent: None,
                };
                let id = new.add_child(new_id, copy);
                if let Some(slot) = map.get_mut(child.0) {
                    *slot = Some(id);
                }
                stack.push((child, id));
            }
        }
        *self.tree_mut() = new;
        let target = map.get(cursor.0).copied().flatten().unwrap_or(NodeId(0));
        self.path.clear();
        let root = self.tree().root_id();
        self.extend_path(&[root]);
        self.go_to(target);
    }

    // ----- edits of the current node -----

    /// Changes the current node with `edit`, then replays if the position may have changed.
    pub(super) fn edit_node(&mut self, replay: bool, edit: impl FnOnce(&mut Node, u8)) {
        let size = self.size();
        let id = self.current();
        if let Some(node) = self.tree_mut().node_mut(id) {
            edit(node, size);
        }
        if replay {
            self.refresh();
        }
        self.touch();
    }

    /// Sets the comment (C) of the current node; an empty text removes it.
    pub fn set_comment(&mut self, text: &str) {
        if text == self.comment() {
            return;
        }
        self.edit_node(false, |node, _| {
            if text.trim().is_empty() {
                node.remove("C");
            } else {
                node.set("C", vec![encode_text(text, false)]);
            }
        });
    }

    /// Whether the node's move value is one this board understands (used by tests and views).
    pub fn move_of(&self, id: NodeId) -> Option<(Color, Move)> {
        let node = self.tree().node(id)?;
        for (prop, color) in [("B", Color::Black), ("W", Color::White)] {
            if let Some(raw) = node.value(prop) {
                return parse_move(raw, self.size()).ok().map(|m| (color, m));
            }
        }
        None
    }
}
