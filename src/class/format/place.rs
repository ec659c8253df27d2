//! Where in a class file a line and column fall, as a member path the teacher can find:
//! `children[2] "Mo" › attempts[5] › hints`.

use serde_json::Value;

/// One step of a path into a JSON document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// A member of an object.
    Key(String),
    /// An element of an array (from 0).
    Index(usize),
}

enum Frame {
    Object { key: Option<String> },
    Array { index: usize, any: bool },
}

/// The path of members open at byte (`line`, `column`) (both 1-based, columns counted in
/// bytes as the JSON reader counts them) of `bytes`.
pub(super) fn path_at(bytes: &[u8], line: usize, column: usize) -> Vec<Step> {
    let mut stack: Vec<Frame> = Vec::new();
    let (mut l, mut c) = (1usize, 0usize);
    let mut i = 0usize;
    let before_end = |l: usize, c: usize| l < line || (l == line && c < column);
    while i < bytes.len() && before_end(l, c) {
        let b = bytes[i];
        // A value begins inside an array: the array has an element at its index.
        if !b.is_ascii_whitespace()
            && !matches!(b, b']' | b',')
            && let Some(Frame::Array { any, .. }) = stack.last_mut()
        {
            *any = true;
        }
        match b {
            b'\n' => {
                l += 1;
                c = 0;
                i += 1;
                continue;
            }
            b'{' => stack.push(Frame::Object { key: None }),
            b'[' => stack.push(Frame::Array {
                index: 0,
                any: false,
            }),
            b'}' | b']' => {
                stack.pop();
            }
            b',' => match stack.last_mut() {
                Some(Frame::Array { index, .. }) => *index += 1,
                Some(Frame::Object { key }) => *key = None,
                None => {}
            },
            b'"' => {
                // A string: a member's name when an object waits for one.
                let start = i + 1;
                let mut j = start;
                while j < bytes.len() && bytes[j] != b'"' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                let end = j.min(bytes.len());
                if let Some(Frame::Object { key: key @ None }) = stack.last_mut() {
                    let raw = format!("\"{}\"", String::from_utf8_lossy(&bytes[start..end]));
                    *key = Some(serde_json::from_str(&raw).unwrap_or_else(|_| raw.clone()));
                }
                let consumed = end + 1 - i;
                c += consumed;
                i += consumed;
                continue;
            }
            _ => {}
        }
        c += 1;
        i += 1;
    }
    stack
        .iter()
        .filter_map(|f| match f {
            Frame::Object { key } => key.clone().map(Step::Key),
            Frame::Array { index, any } => any.then_some(Step::Index(*index)),
        })
        .collect()
}

/// The path in words, a child named by their nickname when the document has it.
pub(super) fn words(path: &[Step], document: Option<&Value>) -> String {
    let mut out = String::new();
    let mut at = document;
    for step in path {
        match step {
            Step::Key(k) => {
                if !out.is_empty() {
                    out.push_str(" › ");
                }
                out.push_str(k);
                at = at.and_then(|v| v.get(k));
            }
            Step::Index(n) => {
                out.push_str(&format!("[{n}]"));
                at = at.and_then(|v| v.get(n));
                if let Some(nick) = at.and_then(|v| v.get("nick")).and_then(Value::as_str) {
                    out.push_str(&format!(" {nick:?}"));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_and_column_name_the_member() {
        let text = "{\n  \"name\": \"A\",\n  \"children\": [\n    {\"nick\": \"Mo\", \"attempts\": []},\n    {\"nick\": \"Li\", \"attempts\": [{\"hints\": 1, \"anwser\": []}]}\n  ]\n}\n";
        let doc: Value = serde_json::from_str(text).expect("json");
        // Line 5, just after the misspelt member's name.
        let line5 = text.lines().nth(4).expect("line");
        let col = line5.find("anwser").expect("col") + "anwser\"".len() + 1;
        let path = path_at(text.as_bytes(), 5, col);
        assert_eq!(
            words(&path, Some(&doc)),
            "children[1] \"Li\" › attempts[0] › anwser"
        );
        assert_eq!(words(&path_at(text.as_bytes(), 2, 9), Some(&doc)), "name");
    }
}
