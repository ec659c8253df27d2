//! The review model: a record's game tree, a cursor on it, and the position at the cursor.
//!
//! Linear in the record: one [`Game`] holds the position at the cursor, and every node of the
//! cursor's path keeps only how to take it back ([`Applied`]): stepping forward plays one node,
//! stepping back undoes one move (the rules core's undo), and a jump replays only from where
//! the old and new paths part, or from the start when that is shorter. Only a setup node
//! (which starts a new repetition baseline) is taken back by replaying the path. Keeping one
//! position per node instead made a 16,000-move record cost seconds and gigabytes: every
//! position holds its whole history.

use crate::diagram::{Marks, Scene};
use crate::record::properties::{decode_simple_text, decode_text, parse_move};
use crate::record::{Collection, GameInfo, GameTree, Node, NodeId, Warning};
use crate::rules::{Color, Coord, Game, Irregularity, Move};

use super::error::ReviewError;
use super::history::History;
use super::info::InfoField;
use super::markup::read_marks;
use super::step::{Applied, apply_node_traced, node_move};

/// One node of the cursor's path: how it changed the position, and its illegal move if any.
#[derive(Clone, Debug)]
struct Step {
    node: NodeId,
    applied: Applied,
    irregularity: Option<Box<Irregularity>>,
}

/// A game record under review: navigation and edits over its tree.
#[derive(Clone, Debug)]
pub struct Review {
    pub(super) collection: Collection,
    pub(super) tree_index: usize,
    info: GameInfo,
    /// The game-information values as written (decoded), in [`InfoField::ALL`] order.
    info_texts: Vec<String>,
    start: Game,
    /// The position after the last step of `path`.
    game: Game,
    path: Vec<Step>,
    /// Undo and redo, one history per game tree of the file.
    pub(super) histories: Vec<History>,
    /// The serial the next edit gets (serials start at 1; 0 means "no edit").
    pub(super) next_serial: u64,
    /// Changes whenever the cursor or the tree changes, so views can cache what they derive.
    revision: u64,
    /// Changes whenever the tree under review changes (an edit, an undo, another game).
    shape: u64,
}

/// Where each review's revision numbers start: far apart, so a view's cache of one review is
/// never taken for another's.
fn fresh_revision() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1 << 32);
    NEXT.fetch_add(1 << 32, Ordering::Relaxed)
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
        let games = collection.trees.len();
        let (info, info_texts, start) = Review::read_game(&collection, index)?;
        let mut review = Review {
            collection,
            tree_index: index,
            info,
            info_texts,
            game: start.clone(),
            start,
            path: Vec::new(),
            histories: vec![History::default(); games],
            next_serial: 1,
            revision: fresh_revision(),
            shape: fresh_revision(),
        };
        review.replay_path(&[NodeId(0)]);
        Ok(review)
    }

    /// The game information, its texts and the start position of game `index`; refused for a
    /// missing game or an unusable board size.
    fn read_game(
        collection: &Collection,
        index: usize,
    ) -> Result<(GameInfo, Vec<String>, Game), ReviewError> {
        let tree = collection
            .trees
            .get(index)
            .ok_or(ReviewError::NoGame(index))?;
        if let Some(raw) = tree.root().value("SZ")
            && crate::record::game_info::parse_size(raw).is_none()
        {
            return Err(ReviewError::Replay(crate::record::ReplayError::BadSize(
                raw.to_string(),
            )));
        }
        let line = tree.main_line();
        let (info, _) = GameInfo::read(tree, &line);
        let texts = info_texts(tree, &line);
        let start = Game::new(info.size, info.rules())
            .map_err(|e| ReviewError::Replay(crate::record::ReplayError::Rules(e)))?;
        Ok((info, texts, start))
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
    /// game are kept (they live in the collection), with their undo histories and the unsaved
    /// mark. A game that cannot be reviewed leaves this one as it was.
    pub fn switch_game(&mut self, index: usize) -> Result<(), ReviewError> {
        if index == self.tree_index {
            return Ok(());
        }
        let (info, texts, start) = Review::read_game(&self.collection, index)?;
        self.tree_index = index;
        self.info = info;
        self.info_texts = texts;
        self.start = start;
        self.replay_path(&[NodeId(0)]);
        self.bump_shape();
        Ok(())
    }

    /// The whole file as SGF text (every game tree of the collection, UTF-8).
    pub fn to_sgf(&self) -> String {
        crate::record::to_canonical_sgf(&self.collection)
    }

    /// The collection, with the edits made. Deleted nodes stay in the trees' arenas (so undo
    /// can restore them) but are not reachable from a root.
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

    /// Game information read from the main line (again after each game-information edit).
    pub fn info(&self) -> &GameInfo {
        &self.info
    }

    /// A game-information value as written in the record (decoded), empty when absent.
    pub fn info_text(&self, field: InfoField) -> &str {
        InfoField::ALL
            .iter()
            .position(|&f| f == field)
            .and_then(|i| self.info_texts.get(i))
            .map_or("", String::as_str)
    }

    /// Reads the game information again after an edit of the root or the main line, and
    /// makes the start position again (rules, komi or handicap may have changed). The caller
    /// replays the path ([`Review::rebuild_path`]).
    pub(super) fn reload_info(&mut self) {
        let line = self.tree().main_line();
        let (info, _) = GameInfo::read(self.tree(), &line);
        self.info_texts = info_texts(self.tree(), &line);
        if let Ok(start) = Game::new(info.size, info.rules()) {
            self.start = start;
        }
        self.info = info;
    }

    /// Board size.
    pub fn size(&self) -> u8 {
        self.start.size()
    }

    /// Whether there are edits not yet saved, in any game of the file.
    pub fn is_dirty(&self) -> bool {
        self.histories.iter().any(History::is_dirty)
    }

    /// Records that the current state has been saved.
    pub fn mark_saved(&mut self) {
        for h in &mut self.histories {
            h.mark_saved();
        }
        self.bump();
    }

    /// A number that changes whenever the cursor or the record changes: views cache what they
    /// derive (the tree layout, the scene, counts along the line) until it moves.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub(super) fn bump(&mut self) {
        self.revision = self.revision.wrapping_add(1);
    }

    /// A number that changes whenever the tree under review changes (an edit, an undo or
    /// redo, another game of the file), for views that lay the tree out.
    pub fn shape_revision(&self) -> u64 {
        self.shape
    }

    pub(super) fn bump_shape(&mut self) {
        self.shape = self.shape.wrapping_add(1);
        self.bump();
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

    /// The node of the cursor's path at `depth` (0 is the root): a node is on the path exactly
    /// when it is the path's node at its own depth.
    pub fn path_node(&self, depth: usize) -> Option<NodeId> {
        self.path.get(depth).map(|s| s.node)
    }

    /// The node at the cursor, as stored.
    pub fn current_node(&self) -> &Node {
        self.tree()
            .node(self.current())
            .unwrap_or(self.tree().root())
    }

    /// The position at the cursor.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The illegal move of the current node, if its move broke a rule.
    pub fn irregularity(&self) -> Option<&Irregularity> {
        self.path.last().and_then(|s| s.irregularity.as_deref())
    }

    /// Moves and passes played from the start to the cursor.
    pub fn move_number(&self) -> usize {
        self.game.move_number()
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
    pub(super) fn extend_path(&mut self, ids: &[NodeId]) {
        let handicap = self.info.handicap;
        for &id in ids {
            let Some(node) = self.collection.trees[self.tree_index].node(id) else {
                break;
            };
            let (applied, irregularity) = apply_node_traced(&mut self.game, node, handicap);
            self.path.push(Step {
                node: id,
                applied,
                irregularity: irregularity.map(Box::new),
            });
        }
        self.bump();
    }

    /// Makes the path `ids` (from the root) by replaying it from the start position.
    fn replay_path(&mut self, ids: &[NodeId]) {
        self.path.clear();
        self.game = self.start.clone();
        self.extend_path(ids);
    }

    /// Shortens the path to its first `len` nodes: moves are undone one by one (the cheap
    /// way back), unless a setup node is met or more would be undone than kept, and then the
    /// kept nodes are replayed from the start.
    pub(super) fn truncate_path(&mut self, len: usize) {
        let len = len.max(1);
        if self.path.len() <= len {
            return;
        }
        let undo = self.path.len() - len;
        let needs_replay = undo > len
            || self
                .path
                .get(len..)
                .is_some_and(|tail| tail.iter().any(|s| s.applied == Applied::Setup));
        if needs_replay {
            let kept: Vec<NodeId> = self.path.iter().take(len).map(|s| s.node).collect();
            self.replay_path(&kept);
            return;
        }
        while self.path.len() > len {
            let Some(step) = self.path.pop() else { break };
            if !take_back(&mut self.game, step.applied) {
                let kept = self.path();
                self.replay_path(&kept);
                return;
            }
        }
        self.bump();
    }

    /// The position before the current node: the parent's (the empty start for the root).
    pub(super) fn position_before_current(&self) -> Game {
        let Some(last) = self.path.last() else {
            return self.start.clone();
        };
        if self.path.len() == 1 {
            return self.start.clone();
        }
        let mut game = self.game.clone();
        if take_back(&mut game, last.applied) {
            return game;
        }
        let mut game = self.start.clone();
        for step in self.path.iter().take(self.path.len() - 1) {
            if let Some(node) = self.tree().node(step.node) {
                apply_node_traced(&mut game, node, self.info.handicap);
            }
        }
        game
    }

    /// Moves the cursor to `target`, replaying only from where the paths part.
    pub fn go_to(&mut self, target: NodeId) -> bool {
        if self.tree().node(target).is_none() {
            return false;
        }
        let new_path = self.tree().path_to(target);
        if !self.is_connected(&new_path) {
            return false;
        }
        let common = self
            .path
            .iter()
            .zip(&new_path)
            .take_while(|(s, id)| s.node == **id)
            .count();
        self.truncate_path(common);
        let from = self.path.len();
        self.extend_path(new_path.get(from..).unwrap_or_default());
        true
    }

    /// Replays the whole path again (after an edit changed a node on it); the cursor goes to
    /// `target`, or to the root when `target` is no longer in the tree.
    pub(super) fn rebuild_path(&mut self, target: NodeId) {
        let path = self.tree().path_to(target);
        if self.is_connected(&path) {
            self.replay_path(&path);
        } else {
            self.replay_path(&[NodeId(0)]);
        }
    }

    /// Whether `path` runs from the root through children only: a deleted node keeps its
    /// parent link (so undo can put it back) but is no longer among the parent's children.
    fn is_connected(&self, path: &[NodeId]) -> bool {
        path.first() == Some(&self.tree().root_id())
            && path.windows(2).all(|pair| {
                self.tree()
                    .node(pair[0])
                    .is_some_and(|p| p.children.contains(&pair[1]))
            })
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
        self.truncate_path(self.path.len() - 1);
        true
    }

    /// Goes to the root (the start position).
    pub fn first(&mut self) {
        self.truncate_path(1);
    }

    /// Goes to the end of the current line (following first children).
    pub fn last(&mut self) {
        let mut ids = Vec::new();
        let mut current = self.current();
        while let Some(&next) = self.tree().node(current).and_then(|n| n.children.first()) {
            ids.push(next);
            current = next;
        }
        self.extend_path(&ids);
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
        let mut count = self.move_number();
        let mut current = self.current();
        while let Some(&next) = self.tree().node(current).and_then(|n| n.children.first()) {
            if self
                .tree()
                .node(next)
                .is_some_and(|node| node_move(node, size).is_some())
            {
                count += 1;
            }
            current = next;
        }
        count
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
        let mut scene = Scene::new(self.game.board());
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

    /// For every stone on the board that was played as a move, its move number (the latest
    /// move on the point). Read backwards from the last move, so it stops as soon as every
    /// stone is numbered.
    pub fn move_numbers(&self) -> Vec<(Coord, u32)> {
        let board = self.game.board();
        let stones = board.stones().len();
        let mut seen = vec![false; usize::from(self.size()) * usize::from(self.size())];
        let mut out: Vec<(Coord, u32)> = Vec::new();
        let moves = self.game.moves();
        let index = |c: Coord| usize::from(c.y) * usize::from(self.size()) + usize::from(c.x);
        for (i, &(color, mv)) in moves.iter().enumerate().rev() {
            if out.len() == stones {
                break;
            }
            let Move::Play(c) = mv else { continue };
            let Some(slot) = seen.get_mut(index(c)) else {
                continue;
            };
            if *slot {
                continue;
            }
            *slot = true;
            if board.get(c) == Some(color) {
                out.push((c, u32::try_from(i + 1).unwrap_or(u32::MAX)));
            }
        }
        out.reverse();
        out
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

/// Takes back one applied node on `game`; false when only a replay can (a setup).
fn take_back(game: &mut Game, applied: Applied) -> bool {
    match applied {
        Applied::Nothing => true,
        Applied::ToMove(color) => {
            game.set_to_move(color);
            true
        }
        Applied::Move(color) => {
            if !game.undo() {
                return false;
            }
            if game.to_move() != color {
                game.set_to_move(color);
            }
            true
        }
        Applied::Setup => false,
    }
}

/// The game-information texts along `line`, in [`InfoField::ALL`] order: the first node that
/// has the property wins, as [`GameInfo::read`] decides.
fn info_texts(tree: &GameTree, line: &[NodeId]) -> Vec<String> {
    InfoField::ALL
        .iter()
        .map(|field| {
            line.iter()
                .filter_map(|&id| tree.node(id))
                .find_map(|n| n.value(field.property()))
                .map(decode_simple_text)
                .unwrap_or_default()
        })
        .collect()
}
