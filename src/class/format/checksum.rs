//! The class file's checksum (issue 27 item 3): SHA-256 over the document's contents in one
//! canonical form, so that a bit flipped inside a value is caught even where the JSON still
//! reads, while a change of layout only (spaces, line breaks, the order of members, as an
//! editor may make) is not mistaken for damage.
//!
//! The canonical form of a JSON value (`docs/class-format.md`): objects with their members
//! sorted by the bytes of their names, arrays in order, no spaces, strings written as JSON
//! writes them (`"` `\` and control characters escaped, everything else as UTF-8), numbers in
//! their shortest form that reads back the same. The top-level `checksum` member is left out.
//! The member is `"sha256:"` followed by the 64 lowercase hexadecimal digits of the digest.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The member that holds the checksum.
pub const MEMBER: &str = "checksum";
/// What the digest's hexadecimal digits follow.
pub const PREFIX: &str = "sha256:";

fn canonical(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Value::Number(n) => out.extend_from_slice(n.to_string().as_bytes()),
        Value::String(s) => string(s, out),
        Value::Array(items) => {
            out.push(b'[');
            for (k, v) in items.iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                canonical(v, out);
            }
            out.push(b']');
        }
        Value::Object(members) => {
            let mut sorted: Vec<(&String, &Value)> = members.iter().collect();
            sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            out.push(b'{');
            for (k, (name, v)) in sorted.into_iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                string(name, out);
                out.push(b':');
                canonical(v, out);
            }
            out.push(b'}');
        }
    }
}

fn string(s: &str, out: &mut Vec<u8>) {
    // Writing a string into a vector cannot fail.
    let _ = serde_json::to_writer(&mut *out, s);
}

/// The checksum of a class document (its top-level object), the `checksum` member left out:
/// `sha256:` and 64 hexadecimal digits.
pub fn of(document: &Value) -> String {
    let mut bytes = Vec::new();
    match document {
        Value::Object(members) => {
            let mut rest = members.clone();
            rest.remove(MEMBER);
            canonical(&Value::Object(rest), &mut bytes);
        }
        other => canonical(other, &mut bytes),
    }
    format!(
        "{PREFIX}{}",
        crate::seal::hex::encode(&Sha256::digest(&bytes))
    )
}

/// Whether the document carries the checksum of its contents.
pub fn matches(document: &Value) -> bool {
    document
        .get(MEMBER)
        .and_then(Value::as_str)
        .is_some_and(|c| c == of(document))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_does_not_count_and_every_value_does() {
        let a: Value =
            serde_json::from_str(r#"{"b": [1, 2.5, "x\n"], "a": {"z": null, "y": true}}"#)
                .expect("json");
        let b: Value =
            serde_json::from_str("{\"a\":{\"y\":true,\"z\":null},\n  \"b\":[1,2.5,\"x\\n\"]}")
                .expect("json");
        assert_eq!(of(&a), of(&b), "order of members and spaces do not count");
        let c: Value =
            serde_json::from_str(r#"{"b": [1, 2.5, "x\n"], "a": {"z": null, "y": false}}"#)
                .expect("json");
        assert_ne!(of(&a), of(&c));
        let d: Value =
            serde_json::from_str(r#"{"b": [1, 2.4, "x\n"], "a": {"z": null, "y": true}}"#)
                .expect("json");
        assert_ne!(of(&a), of(&d));
        assert!(of(&a).starts_with(PREFIX) && of(&a).len() == PREFIX.len() + 64);
        let mut sealed = a.clone();
        if let Value::Object(m) = &mut sealed {
            m.insert(MEMBER.into(), Value::String(of(&a)));
        }
        assert!(matches(&sealed));
        assert_eq!(of(&sealed), of(&a), "the checksum member is left out");
        assert!(!matches(&a));
    }
}
