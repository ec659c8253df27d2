//! The game tree: nodes of (identifier, raw values) with variations, held in an arena.
//!
//! This layer knows nothing of Go. Values are kept exactly as they stood between the
//! brackets (escapes included), so writing a tree back loses nothing; the typed meaning of a
//! value is the business of [`crate::record::properties`]. Nodes live in one `Vec` and refer
//! to each other by index, so trees thousands of levels deep are built, walked, compared and
//! dropped without recursion.

use super::diagnostics::Pos;

/// Index of a node inside its [`GameTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub usize);

/// One property: an identifier (upper-case letters) and its values, raw as written in SGF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// Identifier such as `B`, `AB`, `KM`, or a private one such as `MULTIGOGM`.
    pub id: String,
    /// The values as they stood between `[` and `]`, escapes not yet resolved.
    pub values: Vec<String>,
}

/// A node: its properties in file order, and its children (the first is the main line).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Node {
    /// Properties in the order they were read or set.
    pub properties: Vec<Property>,
    /// Children; index 0 continues the main line, the others are variations.
    pub children: Vec<NodeId>,
    /// The parent, `None` for the root.
    pub parent: Option<NodeId>,
}

impl Node {
    /// The property with this identifier, if present.
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.id == id)
    }

    /// The first raw value of this property, if present.
    pub fn value(&self, id: &str) -> Option<&str> {
        self.get(id)
            .and_then(|p| p.values.first())
            .map(String::as_str)
    }

    /// Whether the node has this property.
    pub fn has(&self, id: &str) -> bool {
        self.get(id).is_some()
    }

    /// Sets a property, replacing its values in place, or appending it when new.
    pub fn set(&mut self, id: &str, values: Vec<String>) {
        match self.properties.iter_mut().find(|p| p.id == id) {
            Some(p) => p.values = values,
            None => self.properties.push(Property {
                id: id.to_string(),
                values,
            }),
        }
    }

    /// Removes a property; returns whether it was there.
    pub fn remove(&mut self, id: &str) -> bool {
        let before = self.properties.len();
        self.properties.retain(|p| p.id != id);
        before != self.properties.len()
    }
}

/// One game tree (one `(;…)` at the top level of a file). Never empty: node 0 is the root.
#[derive(Clone, Debug)]
pub struct GameTree {
    nodes: Vec<Node>,
    /// Where each node's `;` stood in the file read; empty positions for built trees.
    positions: Vec<Pos>,
}

/// Trees are equal when they have the same shape and the same properties node by node, in
/// the same child order; node ids and where nodes stood in a file do not matter.
impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        if self.nodes.len() != other.nodes.len() {
            return false;
        }
        let mut stack = vec![(NodeId(0), NodeId(0))];
        while let Some((a, b)) = stack.pop() {
            let (Some(x), Some(y)) = (self.node(a), other.node(b)) else {
                return false;
            };
            if x.properties != y.properties || x.children.len() != y.children.len() {
                return false;
            }
            stack.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        true
    }
}

impl Eq for GameTree {}

impl Default for GameTree {
    fn default() -> GameTree {
        GameTree::new()
    }
}

impl GameTree {
    /// A tree with one empty root node.
    pub fn new() -> GameTree {
        GameTree {
            nodes: vec![Node::default()],
            positions: vec![Pos::default()],
        }
    }

    /// The root node's id.
    pub fn root_id(&self) -> NodeId {
        NodeId(0)
    }

    /// The root node.
    pub fn root(&self) -> &Node {
        // Invariant: a tree always has its root.
        &self.nodes[0]
    }

    /// The root node, mutable.
    pub fn root_mut(&mut self) -> &mut Node {
        &mut self.nodes[0]
    }

    /// A node by id; `None` for an id from another tree.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.0)
    }

    /// A node by id, mutable.
    pub fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.nodes.get_mut(id.0)
    }

    /// Where the node stood in the file it was read from (line 0 when built in memory).
    pub fn pos(&self, id: NodeId) -> Pos {
        self.positions.get(id.0).copied().unwrap_or_default()
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has at least its root. Present for symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// All nodes with their ids, in creation order (file order for a tree read from SGF).
    pub fn iter(&self) -> impl Iterator<Item = (NodeId, &Node)> {
        self.nodes.iter().enumerate().map(|(i, n)| (NodeId(i), n))
    }

    /// Adds a child to `parent` (as the last variation) and returns its id.
    /// An unknown parent gets the root as parent instead, so the tree stays connected.
    pub fn add_child(&mut self, parent: NodeId, node: Node) -> NodeId {
        self.add_child_at(parent, node, Pos::default())
    }

    pub(crate) fn add_child_at(&mut self, parent: NodeId, mut node: Node, pos: Pos) -> NodeId {
        let parent = if parent.0 < self.nodes.len() {
            parent
        } else {
            NodeId(0)
        };
        let id = NodeId(self.nodes.len());
        node.parent = Some(parent);
        node.children.clear();
        self.nodes.push(node);
        self.positions.push(pos);
        if let Some(p) = self.nodes.get_mut(parent.0) {
            p.children.push(id);
        }
        id
    }

    pub(crate) fn set_root_pos(&mut self, pos: Pos) {
        if let Some(p) = self.positions.first_mut() {
            *p = pos;
        }
    }

    /// The main line: the root and then always the first child.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut line = vec![NodeId(0)];
        let mut current = NodeId(0);
        while let Some(&next) = self.nodes.get(current.0).and_then(|n| n.children.first()) {
            line.push(next);
            current = next;
        }
        line
    }

    /// The path from the root down to `id` (both included).
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut current = Some(id);
        while let Some(c) = current {
            if c.0 >= self.nodes.len() || path.len() > self.nodes.len() {
                break;
            }
            path.push(c);
            current = self.nodes.get(c.0).and_then(|n| n.parent);
        }
        path.reverse();
        path
    }

    /// Every leaf of the tree, main-line leaf first, then in depth-first order.
    pub fn leaves(&self) -> Vec<NodeId> {
        let mut leaves = Vec::new();
        let mut stack = vec![NodeId(0)];
        while let Some(id) = stack.pop() {
            let Some(node) = self.nodes.get(id.0) else {
                continue;
            };
            if node.children.is_empty() {
                leaves.push(id);
            }
            stack.extend(node.children.iter().rev());
        }
        leaves
    }
}

/// A collection: the game trees of one file, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// The game trees; a file usually holds one.
    pub trees: Vec<GameTree>,
}
