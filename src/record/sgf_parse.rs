//! SGF grammar, lenient: text → [`Collection`] of raw trees, with a [`Warning`] for every repair.
//!
//! Knows nothing of Go. Works on bytes of already decoded UTF-8 text: every structural
//! character of SGF is ASCII, and continuation bytes of UTF-8 are never ASCII, so byte
//! scanning cannot cut a character in half. Nesting is tracked on an explicit stack, so a
//! file nested ten thousand levels deep cannot overflow the call stack.

use super::diagnostics::{Pos, PosTracker, SgfError, Warning};
use super::tree::{Collection, GameTree, Node, NodeId, Property};

/// Parses SGF text into game trees. Fails only when no game tree can be found at all.
pub fn parse(text: &str) -> Result<(Collection, Vec<Warning>), SgfError> {
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        i: 0,
        tracker: PosTracker::new(text),
        warnings: Vec::new(),
    };
    let collection = parser.collection();
    if collection.trees.is_empty() {
        let first = parser.first_non_space();
        let pos = parser.tracker_fresh_pos(first);
        return Err(SgfError {
            pos,
            expected: if text.trim().is_empty() {
                "an SGF game tree '(;', but the file is empty".to_string()
            } else {
                "an SGF game tree starting with '(;'".to_string()
            },
        });
    }
    let mut warnings = parser.warnings;
    // A property's warning can be found after one about its values: report in file order.
    warnings.sort_by_key(|w| w.pos);
    Ok((collection, warnings))
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    i: usize,
    tracker: PosTracker<'a>,
    warnings: Vec<Warning>,
}

fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0B || b == 0
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.i).copied()
    }

    fn pos(&mut self, offset: usize) -> Pos {
        self.tracker.pos_at(offset)
    }

    fn tracker_fresh_pos(&self, offset: usize) -> Pos {
        PosTracker::new(self.text).pos_at(offset)
    }

    fn warn(&mut self, offset: usize, message: impl Into<String>) {
        let pos = self.pos(offset);
        self.warnings.push(Warning::at(pos, message));
    }

    fn skip_space(&mut self) {
        while let Some(b) = self.peek() {
            if !is_space(b) {
                break;
            }
            self.i += 1;
        }
    }

    fn first_non_space(&self) -> usize {
        self.bytes
            .iter()
            .position(|&b| !is_space(b))
            .unwrap_or(self.bytes.len())
    }

    /// The next byte after spaces, without consuming anything.
    fn peek_after_space(&self, from: usize) -> Option<u8> {
        self.bytes
            .get(from..)?
            .iter()
            .copied()
            .find(|&b| !is_space(b))
    }

    fn collection(&mut self) -> Collection {
        let mut collection = Collection::default();
        loop {
            self.skip_space();
            let Some(b) = self.peek() else { break };
            let starts_tree = b == b'('
                && matches!(
                    self.peek_after_space(self.i + 1),
                    Some(b';' | b'(' | b'A'..=b'Z')
                );
            if starts_tree {
                if let Some(tree) = self.game_tree(true) {
                    collection.trees.push(tree);
                }
            } else if b == b';' && collection.trees.is_empty() {
                self.warn(self.i, "missing '(' before the game tree; added");
                if let Some(tree) = self.game_tree(false) {
                    collection.trees.push(tree);
                }
            } else {
                let start = self.i;
                self.i += 1;
                while let Some(b) = self.peek() {
                    if b == b'('
                        && matches!(
                            self.peek_after_space(self.i + 1),
                            Some(b';' | b'(' | b'A'..=b'Z')
                        )
                    {
                        break;
                    }
                    self.i += 1;
                }
                if !collection.trees.is_empty() || self.i < self.bytes.len() {
                    let what = if collection.trees.is_empty() {
                        "text before the first game tree ignored"
                    } else {
                        "text after a game tree ignored"
                    };
                    self.warn(start, what);
                }
            }
        }
        collection
    }

    /// One game tree; `open` says whether the current byte is its opening '('.
    fn game_tree(&mut self, open: bool) -> Option<GameTree> {
        let tree_start = self.i;
        let mut tree: Option<GameTree> = None;
        // For each open '(': the node the variation hangs from (None before the root).
        // Also the node count at the '(', to notice empty variations.
        let mut stack: Vec<(Option<NodeId>, usize)> = Vec::new();
        let mut current: Option<NodeId> = None;
        if open {
            self.i += 1;
        }
        stack.push((None, 0));
        // Whether the current sequence has ended in variations (a node after them is irregular).
        let mut after_variations = false;
        loop {
            self.skip_space();
            let Some(b) = self.peek() else {
                let n = stack.len();
                self.warn(
                    self.bytes.len(),
                    format!("unexpected end of file: {n} missing ')' added"),
                );
                break;
            };
            match b {
                b'(' => {
                    self.i += 1;
                    stack.push((current, tree.as_ref().map_or(0, GameTree::len)));
                    after_variations = false;
                }
                b')' => {
                    self.i += 1;
                    let nodes_now = tree.as_ref().map_or(0, GameTree::len);
                    if let Some((parent, nodes_at_open)) = stack.pop() {
                        current = parent;
                        if nodes_at_open == nodes_now && !stack.is_empty() {
                            self.warn(self.i - 1, "empty variation '()' ignored");
                        }
                    }
                    after_variations = true;
                    if stack.is_empty() {
                        break;
                    }
                }
                b';' => {
                    // Position first: the tracker only moves forward, and properties may warn.
                    let pos = self.pos(self.i);
                    self.i += 1;
                    let node = self.properties();
                    current = Some(self.attach(&mut tree, current, node, pos, after_variations));
                    after_variations = false;
                }
                b'A'..=b'Z' | b'a'..=b'z' => {
                    let pos = self.pos(self.i);
                    self.warnings.push(Warning::at(
                        pos,
                        "expected ';' before a property; node started",
                    ));
                    let node = self.properties();
                    current = Some(self.attach(&mut tree, current, node, pos, after_variations));
                    after_variations = false;
                }
                b'[' => {
                    let offset = self.i;
                    self.value();
                    self.warn(offset, "value without a property identifier ignored");
                }
                _ => {
                    let offset = self.i;
                    while let Some(b) = self.peek() {
                        if matches!(b, b'(' | b')' | b';' | b'[') || b.is_ascii_alphabetic() {
                            break;
                        }
                        self.i += 1;
                    }
                    // Stop at a UTF-8 boundary for the message; offsets here are ASCII or end.
                    let junk = self.text.get(offset..self.i).unwrap_or("?");
                    let shown: String = junk.chars().take(20).collect();
                    self.warn(offset, format!("unexpected text {shown:?} ignored"));
                }
            }
        }
        if tree.is_none() {
            self.warn(tree_start, "game tree without any node ignored");
        }
        tree
    }

    fn attach(
        &mut self,
        tree: &mut Option<GameTree>,
        current: Option<NodeId>,
        node: Node,
        pos: Pos,
        after_variations: bool,
    ) -> NodeId {
        match (tree.as_mut(), current) {
            (None, _) => {
                let mut t = GameTree::new();
                *t.root_mut() = node;
                t.set_root_pos(pos);
                *tree = Some(t);
                NodeId(0)
            }
            (Some(t), Some(parent)) => {
                if after_variations {
                    self.warnings.push(Warning::at(
                        pos,
                        "node after variations; attached as one more variation",
                    ));
                }
                t.add_child_at(parent, node, pos)
            }
            (Some(t), None) => {
                self.warnings.push(Warning::at(
                    pos,
                    "second root node in one game tree; attached as a variation of the first",
                ));
                t.add_child_at(NodeId(0), node, pos)
            }
        }
    }

    /// The properties of one node, up to the next structural character.
    fn properties(&mut self) -> Node {
        let mut node = Node::default();
        loop {
            self.skip_space();
            let Some(b) = self.peek() else { break };
            if b.is_ascii_alphabetic() {
                let start = self.i;
                while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                    self.i += 1;
                }
                let raw = self.text.get(start..self.i).unwrap_or_default();
                // Positions only move forward: take this one before the values may warn.
                let start_pos = self.pos(start);
                let id = self.identifier(raw, start_pos);
                self.skip_space();
                if self.peek() != Some(b'[') {
                    self.warnings.push(Warning::at(
                        start_pos,
                        format!("property {raw} without a value ignored"),
                    ));
                    continue;
                }
                let mut values = Vec::with_capacity(1);
                loop {
                    values.push(self.value());
                    let save = self.i;
                    self.skip_space();
                    if self.peek() != Some(b'[') {
                        self.i = save;
                        break;
                    }
                }
                if let Some(existing) = node.properties.iter_mut().find(|p| p.id == id) {
                    existing.values.extend(values);
                    self.warnings.push(Warning::at(
                        start_pos,
                        format!("property {id} repeated in one node; values merged"),
                    ));
                } else {
                    node.properties.push(Property { id, values });
                }
            } else if b == b'[' {
                let offset = self.i;
                let value = self.value();
                match node.properties.last_mut() {
                    // `AB[aa] \n [bb]` after junk: the value most likely belongs to the last property.
                    Some(last) => {
                        last.values.push(value);
                        let id = last.id.clone();
                        self.warn(offset, format!("stray value added to property {id}"));
                    }
                    None => self.warn(offset, "value without a property identifier ignored"),
                }
            } else {
                break;
            }
        }
        node
    }

    /// FF[4] identifiers are upper case; FF[3] wrote long names whose capitals are the id.
    fn identifier(&mut self, raw: &str, pos: Pos) -> String {
        if raw.bytes().all(|b| b.is_ascii_uppercase()) {
            return raw.to_string();
        }
        let capitals: String = raw.chars().filter(char::is_ascii_uppercase).collect();
        let id = if capitals.is_empty() {
            raw.chars()
                .filter(char::is_ascii_alphabetic)
                .collect::<String>()
                .to_ascii_uppercase()
        } else {
            capitals
        };
        self.warnings.push(Warning::at(
            pos,
            format!("property name {raw} read as {id} (FF[3] long name or lower case)"),
        ));
        id
    }

    /// One `[...]` value; the current byte is '['. Returns the raw content, escapes kept.
    fn value(&mut self) -> String {
        let open = self.i;
        self.i += 1;
        let start = self.i;
        let mut escaped = false;
        while let Some(&b) = self.bytes.get(self.i) {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b']' {
                let raw = self.text.get(start..self.i).unwrap_or_default().to_string();
                self.i += 1;
                return raw;
            }
            self.i += 1;
        }
        self.warn(
            open,
            "value not closed before the end of the file; ']' added",
        );
        let mut raw = self.text.get(start..).unwrap_or_default().to_string();
        if escaped {
            // A lone backslash at the end would escape the ']' we add.
            raw.pop();
        }
        raw
    }
}
