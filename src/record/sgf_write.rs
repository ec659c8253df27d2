//! SGF writer: [`Collection`] → text. Knows nothing of Go.
//!
//! Values are written exactly as held (they are raw SGF, escapes included), so reading the
//! output gives back the same tree. Layout is fixed so that the same tree always gives the
//! same bytes: the root on its own line, then nodes run on until a line passes
//! [`LINE_WIDTH`], and each variation starts on a new line. Walks with an explicit stack.

use super::tree::{Collection, GameTree, NodeId};

/// Lines are broken between nodes once they are at least this long.
pub const LINE_WIDTH: usize = 72;

/// Writes every game tree of a collection, one after another, each ending with a newline.
pub fn write(collection: &Collection) -> String {
    let mut out = String::new();
    for tree in &collection.trees {
        write_tree(tree, &mut out);
    }
    out
}

/// Writes one game tree, ending with a newline.
pub fn write_tree(tree: &GameTree, out: &mut String) {
    enum Step {
        Open,
        Node(NodeId),
        Close,
    }
    let mut line_start = out.len();
    let mut stack = vec![Step::Close, Step::Node(tree.root_id()), Step::Open];
    let mut first = true;
    while let Some(step) = stack.pop() {
        match step {
            Step::Open => {
                if !first {
                    out.push('\n');
                    line_start = out.len();
                }
                out.push('(');
            }
            Step::Close => out.push(')'),
            Step::Node(id) => {
                let Some(node) = tree.node(id) else { continue };
                if out.len() - line_start >= LINE_WIDTH {
                    out.push('\n');
                    line_start = out.len();
                }
                out.push(';');
                for property in &node.properties {
                    out.push_str(&property.id);
                    for value in &property.values {
                        out.push('[');
                        out.push_str(value);
                        out.push(']');
                    }
                }
                if let Some(newline) = out.get(line_start..).and_then(|s| s.rfind('\n')) {
                    line_start += newline + 1;
                }
                if first {
                    // The root (game information) gets its own line.
                    out.push('\n');
                    line_start = out.len();
                    first = false;
                }
                match node.children.as_slice() {
                    [] => {}
                    [only] => stack.push(Step::Node(*only)),
                    children => {
                        for &child in children.iter().rev() {
                            stack.push(Step::Close);
                            stack.push(Step::Node(child));
                            stack.push(Step::Open);
                        }
                    }
                }
            }
        }
    }
    out.push('\n');
}
