//! SGF grammar, lenient: text → [`Collection`] of raw trees, with a [`Warning`] for every repair.
//!
//! Knows nothing of Go. Works on bytes of already decoded UTF-8 text: every structural
//! character of SGF is ASCII, and continuation bytes of UTF-8 are never ASCII, so byte
//! scanning cannot cut a character in half. Nesting is tracked on an explicit stack, so a
//! file nested ten thousand levels deep cannot overflow the call stack.

use super::diagnostics::{Expected, Pos, PosTracker, Repair, SgfError, Warning};
use super::tree::{Collection, GameTree, Node, NodeId, Property};

/// Parses SGF text into game trees. Fails only when no game tree can be found at all.
pub fn parse(text: &str) -> Result<(Collection, Vec<Warning>), SgfError> {
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        i: 0,
        tracker: PosTracker::new(text),
        warnings: Vec::new(),
        next_start: (usize::MAX, None),
    };
    let collection = parser.collection();
    if collection.trees.is_empty() {
        let first = parser.first_non_space();
        let pos = parser.tracker_fresh_pos(first);
        return Err(SgfError {
            pos,
            expected: if text.trim().is_empty() {
                Expected::GameTreeInEmptyFile
            } else {
                Expected::GameTree
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
    /// The last answer of [`Parser::next_tree_start`]: searched from, found at.
    next_start: (usize, Option<usize>),
}

/// The first `needle` in `haystack`.
fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&b| b == needle)
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

    fn warn(&mut self, offset: usize, repair: Repair) {
        let pos = self.pos(offset);
        self.warnings.push(Warning::at(pos, repair));
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

    /// Where the next game tree that opens as FF[4] says, `(` then `;` (spaces allowed
    /// between), starts at or after `from`; `None` when there is none. Remembered, so that
    /// asking again from a later offset does not scan the same bytes twice.
    fn next_tree_start(&mut self, from: usize) -> Option<usize> {
        let (searched_from, found) = self.next_start;
        let still_valid = from >= searched_from && found.is_none_or(|at| at >= from);
        if !still_valid {
            let mut at = from;
            let found = loop {
                let Some(open) = self.bytes.get(at..).and_then(|rest| memchr(b'(', rest)) else {
                    break None;
                };
                let open = at + open;
                if self.peek_after_space(open + 1) == Some(b';') {
                    break Some(open);
                }
                at = open + 1;
            };
            self.next_start = (from, found);
        }
        self.next_start.1
    }

    /// Whether a `(` at `at` opens a damaged game tree: one whose first node lacks its `;`
    /// (`(PB[x]…`) or that opens with a variation (`((;…`). Such a start is accepted only
    /// where no proper `(;` follows anywhere in the file.
    fn opens_damaged_tree(&self, at: usize) -> bool {
        self.bytes.get(at) == Some(&b'(')
            && matches!(self.peek_after_space(at + 1), Some(b'(' | b'A'..=b'Z'))
    }

    /// The game trees of the file. Text outside them is skipped with a warning: before the
    /// first tree, everything up to the first `(` that begins a tree with `;`, as sgfmill
    /// and SGFC do, so a preamble may hold brackets of its own. Damaged tree starts (no `;`
    /// after the `(`, or no `(` at all before the first `;`) are read only when the file
    /// has no proper start left.
    fn collection(&mut self) -> Collection {
        let mut collection = Collection::default();
        loop {
            self.skip_space();
            let Some(b) = self.peek() else { break };
            let next = self.next_tree_start(self.i);
            if next == Some(self.i) || (next.is_none() && self.opens_damaged_tree(self.i)) {
                if let Some(tree) = self.game_tree(true) {
                    collection.trees.push(tree);
                }
            } else if b == b';' && next.is_none() && collection.trees.is_empty() {
                self.warn(self.i, Repair::MissingOpenParen);
                if let Some(tree) = self.game_tree(false) {
                    collection.trees.push(tree);
                }
            } else {
                let start = self.i;
                self.i = match next {
                    Some(at) => at,
                    None => {
                        let mut at = self.i + 1;
                        while at < self.bytes.len() && !self.opens_damaged_tree(at) {
                            at += 1;
                        }
                        at
                    }
                };
                if !collection.trees.is_empty() || self.i < self.bytes.len() {
                    let what = if collection.trees.is_empty() {
                        Repair::TextBeforeFirstTree
                    } else {
                        Repair::TextAfterTree
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
                self.warn(self.bytes.len(), Repair::MissingCloseParens { count: n });
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
                            self.warn(self.i - 1, Repair::EmptyVariation);
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
                    self.warnings
                        .push(Warning::at(pos, Repair::MissingSemicolon));
                    let node = self.properties();
                    current = Some(self.attach(&mut tree, current, node, pos, after_variations));
                    after_variations = false;
                }
                b'[' => {
                    let offset = self.i;
                    self.value();
                    self.warn(offset, Repair::ValueWithoutProperty);
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
                    self.warn(offset, Repair::UnexpectedText { text: shown });
                }
            }
        }
        if tree.is_none() {
            self.warn(tree_start, Repair::TreeWithoutNode);
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
                    self.warnings
                        .push(Warning::at(pos, Repair::NodeAfterVariations));
                }
                t.add_child_at(parent, node, pos)
            }
            (Some(t), None) => {
                self.warnings.push(Warning::at(pos, Repair::SecondRootNode));
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
                        Repair::PropertyWithoutValue {
                            id: raw.to_string(),
                        },
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
                        Repair::PropertyRepeated { id: id.clone() },
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
                        self.warn(offset, Repair::StrayValue { id });
                    }
                    None => self.warn(offset, Repair::ValueWithoutProperty),
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
            Repair::PropertyNameRead {
                raw: raw.to_string(),
                id: id.clone(),
            },
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
        self.warn(open, Repair::ValueNotClosed);
        let mut raw = self.text.get(start..).unwrap_or_default().to_string();
        if escaped {
            // A lone backslash at the end would escape the ']' we add.
            raw.pop();
        }
        raw
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `text`; returns the number of trees, the first node of each tree's `B`/`W`/`FF`
    /// (whichever it has) and the warnings as text.
    fn read(text: &str) -> (usize, Vec<String>) {
        let (collection, warnings) = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        (
            collection.trees.len(),
            warnings.iter().map(ToString::to_string).collect(),
        )
    }

    /// Issue 10, item 11: text before the first game tree is skipped up to the first `(` that
    /// begins a tree with `;` (spaces allowed between), as sgfmill and SGFC do, even when it
    /// holds brackets of its own; damaged starts are read only where no proper one follows.
    #[test]
    fn issue10_preamble_is_skipped_to_the_first_tree_that_opens_with_a_semicolon() {
        let skipped = "line 1, column 1: text before the first game tree ignored";
        let cases: &[(&str, usize, &[&str])] = &[
            ("A note (MA property) [x]\n(;B[aa])", 1, &[skipped]),
            ("junk (A) (B[x]) ((;B[aa])", 1, &[skipped]),
            (
                "see (AB property)\n(\n;FF[4]GM[1]\n;AB[cc:dd]\n)",
                1,
                &[skipped],
            ),
            ("( ;B[aa])(\t;W[bb])", 2, &[]),
            (
                "(;B[aa]) then (this) (;W[bb])",
                2,
                &["line 1, column 10: text after a game tree ignored"],
            ),
            // No proper start anywhere: the damaged tree is still read, as before.
            (
                "(\nPB[x];B[aa])",
                1,
                &["line 2, column 1: expected ';' before a property; node started"],
            ),
            (
                ";B[aa])",
                1,
                &["line 1, column 1: missing '(' before the game tree; added"],
            ),
            // A damaged tree after a proper one is still read.
            (
                "(;B[aa])(PB[x];W[bb])",
                2,
                &["line 1, column 10: expected ';' before a property; node started"],
            ),
        ];
        for &(text, trees, warnings) in cases {
            assert_eq!(
                read(text),
                (trees, warnings.iter().map(|w| w.to_string()).collect()),
                "{text:?}"
            );
        }
    }

    #[test]
    fn issue10_compressed_point_list_file_has_its_two_trees_and_one_repair() {
        let text = include_str!("../../tests/data/sgf/libsgfcpp/compressed-point-list.sgf");
        let (collection, warnings) = parse(text).expect("reads");
        assert_eq!(collection.trees.len(), 2);
        let ff: Vec<Option<&str>> = collection
            .trees
            .iter()
            .map(|t| t.root().value("GM"))
            .collect();
        assert_eq!(ff, [Some("1"), Some("19")]);
        let second = collection.trees[0].main_line();
        let node = collection.trees[0].node(second[1]).expect("node");
        assert_eq!(node.value("MA"), Some("aa:bb"));
        let warnings: Vec<String> = warnings.iter().map(ToString::to_string).collect();
        assert_eq!(
            warnings,
            ["line 1, column 1: text before the first game tree ignored"]
        );
    }

    /// A preamble of many brackets costs one pass, not one per bracket.
    #[test]
    fn issue10_many_brackets_before_the_tree_are_read_once() {
        let mut text = "(x) ".repeat(200_000);
        text.push_str("(;B[aa])");
        let (trees, warnings) = read(&text);
        assert_eq!((trees, warnings.len()), (1, 1));
    }
}
