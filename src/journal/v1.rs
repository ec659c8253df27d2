//! Version 1 of the journal's lines: the boundary types and their exact bytes.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::clock::Timestamp;
use crate::rules::Move;
use crate::seal::{KdfParams, PinKeys, PinRecord, Reveal, SealedMove, hex};
use crate::session::shorthand::{self, Action};
use crate::session::{Entry, Event, GameSetup};

/// The journal format's version.
pub const VERSION: u32 = 1;

/// The bytes that end every line: `,"sha256":"` + 64 hex digits + `"}`.
const SHA_SUFFIX_LEN: usize = 11 + 64 + 2;
/// `,"hmac":"` + 64 hex digits + `"`.
const HMAC_SUFFIX_LEN: usize = 9 + 64 + 1;

/// What the setup entry (entry 1) holds besides the setup itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// The game's setup.
    pub setup: GameSetup,
    /// The arbiter's PIN verifier, if the session has a lock.
    pub pin: Option<PinRecord>,
    /// The session's random identifier (hex), which names it across machines (hall mode).
    pub id: String,
}

/// One line ready to append (or read back): its number, bytes (newline included) and hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryBytes {
    /// The entry's number.
    pub n: u32,
    /// The whole line, `\n` included.
    pub bytes: Vec<u8>,
    /// The line's SHA-256 (its `sha256` member).
    pub sha256: [u8; 32],
}

/// What one line decodes to.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionRecord {
    /// Entry 1.
    Setup(Header),
    /// Any later entry.
    Entry(Entry),
}

/// Why a line is not an intact entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalError {
    /// Its bytes do not hash to its `sha256` (a changed byte), or the suffix is malformed.
    Hash,
    /// Its `prev` is not the previous entry's hash (an entry removed, reordered or replaced).
    Chain,
    /// Its number is not the next one.
    Number,
    /// It is not a version-1 entry the app understands (the message says what).
    Content(String),
}

impl std::fmt::Display for JournalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JournalError::Hash => f.write_str("its bytes do not match its SHA-256"),
            JournalError::Chain => {
                f.write_str("it does not follow the previous entry (the hash chain is broken)")
            }
            JournalError::Number => f.write_str("its number is out of sequence"),
            JournalError::Content(why) => write!(f, "it cannot be read: {why}"),
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct KdfV1 {
    m_kib: u32,
    t: u32,
    p: u32,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct PinV1 {
    salt: String,
    kdf: KdfV1,
    check: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct SealV1 {
    commitment: String,
    kdf: KdfV1,
    salt: String,
    xnonce: String,
    ciphertext: String,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct RevealV1 {
    #[serde(rename = "move")]
    mv: String,
    nonce: String,
    slip: bool,
}

/// The members of a line before `hmac` and `sha256`, in the order written.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
struct CoreV1 {
    v: u32,
    n: u32,
    prev: String,
    t_ms: u64,
    utc: String,
    act: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pin: Option<PinV1>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seal: Option<SealV1>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reveal: Option<RevealV1>,
}

#[derive(Deserialize)]
struct LineV1 {
    #[serde(flatten)]
    core: CoreV1,
    #[serde(default)]
    hmac: Option<String>,
    sha256: String,
}

fn kdf_v1(k: KdfParams) -> KdfV1 {
    KdfV1 {
        m_kib: k.m_kib,
        t: k.t,
        p: k.p,
    }
}

fn kdf_from(k: &KdfV1) -> KdfParams {
    KdfParams {
        m_kib: k.m_kib,
        t: k.t,
        p: k.p,
    }
}

fn content(why: impl Into<String>) -> JournalError {
    JournalError::Content(why.into())
}

/// Builds the line's bytes from its core members: the optional HMAC over the core, then the
/// SHA-256 over everything before it.
fn seal_line(core: &CoreV1, keys: Option<&PinKeys>) -> EntryBytes {
    // Serialising plain strings and numbers cannot fail; an empty object would be caught by
    // every reader as a broken entry.
    let json = serde_json::to_string(core).unwrap_or_default();
    let mut hashed = json.strip_suffix('}').unwrap_or(&json).to_owned();
    if let Some(keys) = keys {
        let mac = keys.sign(hashed.as_bytes());
        hashed.push_str(",\"hmac\":\"");
        hashed.push_str(&hex::encode(&mac));
        hashed.push('"');
    }
    let sha: [u8; 32] = Sha256::digest(hashed.as_bytes()).into();
    let mut line = hashed.into_bytes();
    line.extend_from_slice(b",\"sha256\":\"");
    line.extend_from_slice(hex::encode(&sha).as_bytes());
    line.extend_from_slice(b"\"}\n");
    EntryBytes {
        n: core.n,
        bytes: line,
        sha256: sha,
    }
}

/// The setup entry's line.
pub fn encode_setup(header: &Header, utc: &str, keys: Option<&PinKeys>) -> EntryBytes {
    let core = CoreV1 {
        v: VERSION,
        n: 1,
        prev: hex::encode(&[0; 32]),
        t_ms: 0,
        utc: utc.to_owned(),
        act: shorthand::format_setup(&header.setup),
        id: Some(header.id.clone()),
        pin: header.pin.map(|p| PinV1 {
            salt: hex::encode(&p.salt),
            kdf: kdf_v1(p.kdf),
            check: hex::encode(&p.check),
        }),
        seal: None,
        reveal: None,
    };
    seal_line(&core, keys)
}

/// An entry's line, following the entry whose hash is `prev`. `keys` sign it only when it is
/// an arbiter's act ([`Event::needs_arbiter`]): a player's move made while the lock is open
/// carries no HMAC, so an HMAC names the arbiter's entries (issue 29 item 7; older journals
/// signed every entry made after the PIN and stay readable and verified).
pub fn encode_entry(
    entry: &Entry,
    prev: &[u8; 32],
    utc: &str,
    size: u8,
    keys: Option<&PinKeys>,
) -> EntryBytes {
    let keys = keys.filter(|_| entry.event.needs_arbiter());
    let act = shorthand::format_event(
        &entry.event,
        entry.article.as_deref(),
        entry.note.as_deref(),
        size,
    );
    let seal = match &entry.event {
        Event::Seal(s) => Some(SealV1 {
            commitment: hex::encode(&s.commitment),
            kdf: kdf_v1(s.kdf),
            salt: hex::encode(&s.salt),
            xnonce: hex::encode(&s.xnonce),
            ciphertext: hex::encode(&s.ciphertext),
        }),
        _ => None,
    };
    let reveal = match &entry.event {
        Event::Unseal(r) => Some(RevealV1 {
            mv: crate::seal::vertex_text(r.mv, size),
            nonce: hex::encode(&r.nonce),
            slip: r.by_slip,
        }),
        _ => None,
    };
    let core = CoreV1 {
        v: VERSION,
        n: entry.n,
        prev: hex::encode(prev),
        t_ms: entry.at.0,
        utc: utc.to_owned(),
        act,
        id: None,
        pin: None,
        seal,
        reveal,
    };
    seal_line(&core, keys)
}

/// A line checked and decoded: its record, its own hash, its wall-clock time, and whether it
/// carries an HMAC.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodedLine {
    /// What it holds.
    pub record: SessionRecord,
    /// Its SHA-256.
    pub sha256: [u8; 32],
    /// The wall-clock time written beside T (UTC).
    pub utc: String,
    /// The HMAC it carries (entries made with the PIN).
    pub hmac: Option<[u8; 32]>,
}

/// A line split at its codes.
struct Codes<'a> {
    /// Every byte before `,"hmac":` (or before `,"sha256":` without an HMAC).
    core: &'a [u8],
    /// The HMAC, if the line carries one.
    hmac: Option<[u8; 32]>,
    /// The SHA-256.
    sha256: [u8; 32],
}

/// Splits a line (without its `\n`) at its codes, checking its SHA-256.
fn split_codes(line: &[u8]) -> Result<Codes<'_>, JournalError> {
    if line.len() < SHA_SUFFIX_LEN + 2 || !line.ends_with(b"\"}") {
        return Err(JournalError::Hash);
    }
    let (hashed, suffix) = line.split_at(line.len() - SHA_SUFFIX_LEN);
    let hex_part = suffix
        .strip_prefix(b",\"sha256\":\"")
        .and_then(|s| s.strip_suffix(b"\"}"))
        .ok_or(JournalError::Hash)?;
    let sha = std::str::from_utf8(hex_part)
        .ok()
        .and_then(hex::decode_array::<32>)
        .ok_or(JournalError::Hash)?;
    let computed: [u8; 32] = Sha256::digest(hashed).into();
    if computed != sha {
        return Err(JournalError::Hash);
    }
    let hmac_start = hashed.len().checked_sub(HMAC_SUFFIX_LEN);
    let with_hmac = hmac_start.and_then(|start| {
        let (core, tail) = hashed.split_at(start);
        let hex_part = tail.strip_prefix(b",\"hmac\":\"")?.strip_suffix(b"\"")?;
        let mac = std::str::from_utf8(hex_part)
            .ok()
            .and_then(hex::decode_array::<32>)?;
        Some((core, mac))
    });
    Ok(match with_hmac {
        Some((core, mac)) => Codes {
            core,
            hmac: Some(mac),
            sha256: sha,
        },
        None => Codes {
            core: hashed,
            hmac: None,
            sha256: sha,
        },
    })
}

/// Whether the line's HMAC (if any) was made with `keys`: `None` when it carries none.
pub fn check_hmac(line: &[u8], keys: &PinKeys) -> Option<bool> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let codes = split_codes(line).ok()?;
    codes.hmac.map(|m| keys.sign(codes.core) == m)
}

fn parse_move_text(text: &str, size: u8) -> Result<Move, JournalError> {
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    crate::rules::Coord::from_gtp(text, size)
        .map(Move::Play)
        .ok_or_else(|| content(format!("{text:?} is not a point")))
}

/// Checks and decodes one line (without its `\n`) as entry `n` after the entry whose hash is
/// `prev`, on a board of `size` (ignored for the setup).
pub fn decode_line(
    line: &[u8],
    n: u32,
    prev: &[u8; 32],
    size: u8,
) -> Result<DecodedLine, JournalError> {
    let Codes { hmac, sha256, .. } = split_codes(line)?;
    let parsed: LineV1 = serde_json::from_slice(line).map_err(|e| content(e.to_string()))?;
    let core = parsed.core;
    if parsed.sha256 != hex::encode(&sha256) {
        return Err(JournalError::Hash);
    }
    if parsed.hmac.is_some() != hmac.is_some() {
        return Err(JournalError::Hash);
    }
    if core.v != VERSION {
        return Err(content(format!(
            "version {} (this app reads version {VERSION})",
            core.v
        )));
    }
    if core.n != n {
        return Err(JournalError::Number);
    }
    if hex::decode_array::<32>(&core.prev) != Some(*prev) {
        return Err(JournalError::Chain);
    }
    let record = if n == 1 {
        let setup = shorthand::parse_setup(&core.act).map_err(content)?;
        let pin = match &core.pin {
            None => None,
            Some(p) => Some(PinRecord {
                salt: hex::decode_array(&p.salt).ok_or_else(|| content("bad PIN salt"))?,
                kdf: kdf_from(&p.kdf),
                check: hex::decode_array(&p.check).ok_or_else(|| content("bad PIN check"))?,
            }),
        };
        let id = core
            .id
            .clone()
            .ok_or_else(|| content("the setup has no session id"))?;
        SessionRecord::Setup(Header { setup, pin, id })
    } else {
        let (action, article, note) =
            shorthand::parse_action_text(&core.act, size).map_err(content)?;
        let event = match (action, &core.seal, &core.reveal) {
            (Action::Event(e), None, None) => e,
            (Action::SealedBy(by), Some(s), None) => Event::Seal(SealedMove {
                by,
                commitment: hex::decode_array(&s.commitment)
                    .ok_or_else(|| content("bad commitment"))?,
                kdf: kdf_from(&s.kdf),
                salt: hex::decode_array(&s.salt).ok_or_else(|| content("bad seal salt"))?,
                xnonce: hex::decode_array(&s.xnonce).ok_or_else(|| content("bad seal nonce"))?,
                ciphertext: hex::decode(&s.ciphertext).ok_or_else(|| content("bad ciphertext"))?,
            }),
            (Action::Unseal { slip: None }, None, Some(r)) => Event::Unseal(Reveal {
                mv: parse_move_text(&r.mv, size)?,
                nonce: hex::decode_array(&r.nonce).ok_or_else(|| content("bad nonce"))?,
                by_slip: r.slip,
            }),
            _ => return Err(content(format!("{:?} does not fit its members", core.act))),
        };
        SessionRecord::Entry(Entry {
            n,
            at: Timestamp(core.t_ms),
            event,
            article,
            note,
        })
    };
    Ok(DecodedLine {
        record,
        sha256,
        utc: core.utc,
        hmac,
    })
}
