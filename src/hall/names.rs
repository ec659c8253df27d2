//! The names the hall uses on the bus: the event's token, the subjects of each table, the
//! stream, the desk's consumer, each board's reply inbox and the message id of an entry.
//!
//! One place for them, because the server's permissions (`creds`) are written from the same
//! functions the boards and the desk publish with: a subject spelled two ways would be a
//! permission hole or a board that cannot publish.

/// The largest table number a hall has.
pub const MAX_TABLE: u32 = 9999;

/// An event's name as the bus spells it: 1–32 of `A–Z a–z 0–9 _ -`, so that it is one subject
/// token and part of a stream's name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EventName(String);

impl EventName {
    /// Checks `name`.
    pub fn new(name: &str) -> Result<EventName, String> {
        let ok = !name.is_empty()
            && name.len() <= 32
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if ok {
            Ok(EventName(name.to_owned()))
        } else {
            Err(format!(
                "event {name:?}: use 1 to 32 letters, digits, '_' or '-' (it names the event on the bus)"
            ))
        }
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The subject a board publishes its journal's entries on.
    pub fn entry_subject(&self, table: u32) -> String {
        format!("ty.{}.entry.{table}", self.0)
    }

    /// Every table's entry subject (the stream's subjects).
    pub fn entry_wildcard(&self) -> String {
        format!("ty.{}.entry.*", self.0)
    }

    /// The subject a board asks the desk on ("what do you hold of my session?").
    pub fn hello_subject(&self, table: u32) -> String {
        format!("ty.{}.hello.{table}", self.0)
    }

    /// Every table's hello subject (the desk listens on it).
    pub fn hello_wildcard(&self) -> String {
        format!("ty.{}.hello.*", self.0)
    }

    /// The subject the desk tells a board what it holds (and sends it rulings) on.
    pub fn ack_subject(&self, table: u32) -> String {
        format!("ty.{}.ack.{table}", self.0)
    }

    /// The subject of the desk's presence (`who`: "is a desk running?", `alive`: its
    /// heartbeat): only the desk's credentials may publish or read it.
    pub fn desk_subject(&self, kind: &str) -> String {
        format!("ty.{}.desk.{kind}", self.0)
    }

    /// The JetStream stream of the event's entries (file-backed).
    pub fn stream(&self) -> String {
        format!("TY_{}", self.0)
    }

    /// The desk's durable consumer on the stream.
    pub fn consumer(&self) -> &'static str {
        "desk"
    }

    /// The prefix of a board's reply subjects: only that board may subscribe below it, so no
    /// other table can read the server's or the desk's answers to it.
    pub fn board_inbox(&self, table: u32) -> String {
        format!("_INBOX.ty.{}.{table}", self.0)
    }

    /// The JetStream message id of entry `n` of `session` at `table`: a republished entry
    /// is recognised inside the server's duplicate window (the desk recognises it anyway).
    pub fn message_id(&self, table: u32, session: &str, n: u32) -> String {
        format!("{}/{table}/{session}/{n}", self.0)
    }

    /// The table a subject of this event names, if it is one of `kind` (`entry`, `hello`).
    pub fn table_of(&self, subject: &str, kind: &str) -> Option<u32> {
        let rest = subject
            .strip_prefix("ty.")?
            .strip_prefix(self.0.as_str())?
            .strip_prefix('.')?
            .strip_prefix(kind)?
            .strip_prefix('.')?;
        parse_table(rest).ok()
    }
}

impl std::fmt::Display for EventName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A table number: 1 to [`MAX_TABLE`], digits only (no sign, no leading zero).
pub fn parse_table(text: &str) -> Result<u32, String> {
    let bad = || format!("table {text:?}: a number from 1 to {MAX_TABLE}");
    if text.is_empty() || text.starts_with('0') || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match text.parse::<u32>() {
        Ok(n) if (1..=MAX_TABLE).contains(&n) => Ok(n),
        _ => Err(bad()),
    }
}

/// Whether `id` can be a session id (lower-case hex, 8–64 digits): it names a file at the
/// desk, so nothing else may pass.
pub fn valid_session_id(id: &str) -> bool {
    (8..=64).contains(&id.len()) && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The header that names an entry's session (entry 1 holds it too; later entries do not).
pub const SESSION_HEADER: &str = "Ty-Session";
/// The header with an entry's number.
pub const NUMBER_HEADER: &str = "Ty-N";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_names_are_one_subject_token() {
        for (name, ok) in [
            ("club-2026", true),
            ("U12_final", true),
            ("", false),
            ("a.b", false),
            ("a*", false),
            ("a>", false),
            ("two words", false),
            ("天元杯", false),
            (&"x".repeat(33), false),
        ] {
            assert_eq!(EventName::new(name).is_ok(), ok, "{name:?}");
        }
    }

    #[test]
    fn subjects_name_the_event_and_table() {
        let e = EventName::new("cup").unwrap();
        assert_eq!(e.entry_subject(7), "ty.cup.entry.7");
        assert_eq!(e.table_of("ty.cup.entry.7", "entry"), Some(7));
        assert_eq!(e.table_of("ty.cup.hello.12", "hello"), Some(12));
        assert_eq!(e.table_of("ty.cup.entry.07", "entry"), None);
        assert_eq!(e.table_of("ty.cupx.entry.7", "entry"), None);
        assert_eq!(e.table_of("ty.cup.entry.7.x", "entry"), None);
        assert_eq!(e.table_of("ty.cup.hello.7", "entry"), None);
        assert_eq!(e.message_id(3, "ab12", 9), "cup/3/ab12/9");
        assert_eq!(e.stream(), "TY_cup");
    }

    #[test]
    fn tables_and_session_ids_are_checked() {
        for (t, ok) in [
            ("1", true),
            ("9999", true),
            ("0", false),
            ("10000", false),
            ("-1", false),
            ("+1", false),
            ("01", false),
            ("", false),
        ] {
            assert_eq!(parse_table(t).is_ok(), ok, "{t:?}");
        }
        assert!(valid_session_id("0123456789abcdef"));
        assert!(!valid_session_id("../../etc"));
        assert!(!valid_session_id("ABCDEF0123"));
        assert!(!valid_session_id("abc"));
    }
}
