//! The session file (a journal): one entry a line, each holding the SHA-256 of its own bytes
//! and the previous entry's, so that any changed byte names its entry. This module is the
//! versioned boundary between the session's core types and the bytes on disk: core types are
//! never serialised directly; [`v1`] converts to and from them, so renaming a variant never
//! breaks an arbiter's old file. It reads and writes bytes only: the file itself (appending,
//! `fsync`, the advisory lock, torn tails) is `crate::files::journal`'s.
//!
//! A line is a JSON object whose last member is `"sha256"`; optionally, just before it,
//! `"hmac"`:
//!
//! ```text
//! {"v":1,"n":2,"prev":"<hex>","t_ms":65000,"utc":"2026-11-30T12:01:05.000Z","act":"B D4","hmac":"<hex>","sha256":"<hex>"}
//! ```
//!
//! `sha256` is the SHA-256 of every byte of the line before `,"sha256":`; `hmac`, present on
//! entries made with the arbiter's PIN, is HMAC-SHA256 keyed from the PIN over every byte
//! before `,"hmac":`. `prev` is the previous entry's `sha256` (64 zeros for the setup, entry
//! 1). See `docs/session-format.md`.

pub mod read;
pub mod v1;

pub use read::{Damage, ReadError, Reading, read};
pub use v1::{
    DecodedLine, EntryBytes, Header, JournalError, SessionRecord, check_hmac, decode_line,
    encode_entry, encode_setup,
};
