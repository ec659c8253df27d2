//! The small JSON messages between a board and the desk besides the entries themselves (which
//! travel as their exact journal lines). A boundary type: nothing of the session's core is
//! serialised here.

use serde::{Deserialize, Serialize};

use super::ruling::SignedRuling;

/// A board to the desk, on its hello subject: "this is my session; what do you hold of it?"
/// Sent after every (re)connection, when the desk's confirmations stall, and every few
/// seconds as the board's heartbeat (a board unheard of for a minute is offline).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The board's session id (empty until its journal's setup has been read).
    pub session: String,
    /// Entries in the board's journal.
    pub entries: u32,
    /// The board's head (hex).
    pub head: String,
    /// Entries the desk has not confirmed yet.
    pub waiting: u32,
    /// The board will republish from the desk's answer on: the desk also looks up what the
    /// stream holds for the table.
    #[serde(default)]
    pub resync: bool,
    /// Every session the board still carries besides `session`, with its entries: the desk's
    /// backlog column is what the board wrote of each that the desk does not hold.
    #[serde(default)]
    pub others: Vec<SessionEntries>,
    /// An entry of `session` that cannot reach the desk, and why (`entry N: …`): the desk
    /// raises attention.
    #[serde(default)]
    pub undeliverable: Option<String>,
}

/// A session a board carries and how many entries its journal has.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionEntries {
    /// The session id.
    pub session: String,
    /// Entries in the board's journal.
    pub entries: u32,
}

/// The desk to a board (the answer to a hello, and after each batch it wrote): what the desk
/// holds of the board's session, from its own fsync'd journal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Statement {
    /// The session the statement is about.
    pub session: String,
    /// Entries the desk holds, in order from 1, synced to its disk.
    pub held: u32,
    /// The hash of the desk's last held entry (hex; 64 zeros when it holds none).
    pub head: String,
    /// The desk is missing an entry before some it received: republish from `held + 1`.
    #[serde(default)]
    pub gap: bool,
    /// The last entry number the stream holds for the table's session, when asked.
    #[serde(default)]
    pub stream_last: Option<u32>,
    /// The desk refuses the session (the message says why); the board stops publishing.
    #[serde(default)]
    pub refused: Option<String>,
    /// The desk holds a different entry with this number: the copies differ.
    #[serde(default)]
    pub conflict: Option<u32>,
    /// The chief arbiter's public key (hex), pinned by a board that has no credentials file.
    #[serde(default)]
    pub key: String,
    /// Rulings for this session not yet seen in the board's journal.
    #[serde(default)]
    pub rulings: Vec<SignedRuling>,
}

/// Decodes a message body, with a short reason on failure.
pub fn decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
    serde_json::from_slice(bytes).map_err(|e| format!("unreadable message: {e}"))
}

/// Encodes a message body.
pub fn encode<T: Serialize>(message: &T) -> Vec<u8> {
    // Plain strings and numbers: serialising cannot fail; an empty body is refused by readers.
    serde_json::to_vec(message).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_and_old_fields_default() {
        let st = Statement {
            session: "ab".into(),
            held: 3,
            head: "00".into(),
            gap: true,
            ..Statement::default()
        };
        assert_eq!(decode::<Statement>(&encode(&st)), Ok(st));
        let hello: Hello =
            decode(br#"{"session":"ab","entries":2,"head":"x","waiting":1}"#).unwrap();
        assert!(!hello.resync);
        assert!(decode::<Hello>(b"not json").is_err());
    }
}
