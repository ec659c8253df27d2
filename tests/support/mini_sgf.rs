//! A minimal main-line SGF reader for the rules tests (the full reader is `crate::record`):
//! the first variation at every branch, properties as raw strings, no character sets.

/// One node: its properties in file order, each with its raw values.
pub type Node = Vec<(String, Vec<String>)>;

/// The nodes of the main line, root first.
pub fn main_line(text: &str) -> Result<Vec<Node>, String> {
    let bytes = text.as_bytes();
    let mut i = bytes
        .iter()
        .position(|&b| b == b'(')
        .ok_or("no game tree")?;
    let mut nodes = Vec::new();
    // depth of '(' we are in; once the main line's first variation closes we skip siblings.
    let mut depth = 0usize;
    let mut skipping_from: Option<usize> = None;
    let mut seen_child_at: Vec<bool> = Vec::new();
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'(' => {
                depth += 1;
                if skipping_from.is_none() {
                    // A second variation at the same level leaves the main line.
                    if let Some(seen) = seen_child_at.last_mut() {
                        if *seen {
                            skipping_from = Some(depth);
                        } else {
                            *seen = true;
                        }
                    }
                }
                seen_child_at.push(false);
                i += 1;
            }
            b')' => {
                if skipping_from == Some(depth) {
                    skipping_from = None;
                }
                depth = depth.saturating_sub(1);
                seen_child_at.pop();
                if depth == 0 {
                    break;
                }
                i += 1;
            }
            b';' => {
                i += 1;
                let (node, next) = read_node(bytes, i)?;
                if skipping_from.is_none() {
                    nodes.push(node);
                }
                i = next;
            }
            _ => i += 1,
        }
    }
    Ok(nodes)
}

fn read_node(bytes: &[u8], mut i: usize) -> Result<(Node, usize), String> {
    let mut node = Vec::new();
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        if start == i {
            return Ok((node, i));
        }
        let ident: String = String::from_utf8_lossy(&bytes[start..i])
            .chars()
            .filter(|c| c.is_ascii_uppercase())
            .collect();
        let mut values = Vec::new();
        loop {
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= bytes.len() || bytes[i] != b'[' {
                break;
            }
            i += 1;
            let mut value = Vec::new();
            while i < bytes.len() && bytes[i] != b']' {
                if bytes[i] == b'\\' {
                    i += 1;
                }
                if let Some(&b) = bytes.get(i) {
                    value.push(b);
                }
                i += 1;
            }
            if i >= bytes.len() {
                return Err("unterminated value".into());
            }
            i += 1;
            values.push(String::from_utf8_lossy(&value).into_owned());
        }
        node.push((ident, values));
    }
}

/// The value of property `id` in `node`, if any.
pub fn prop<'a>(node: &'a Node, id: &str) -> Option<&'a [String]> {
    node.iter()
        .find(|(k, _)| k == id)
        .map(|(_, v)| v.as_slice())
}
