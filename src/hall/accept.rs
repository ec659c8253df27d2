//! Entering a ruling of the chief arbiter into the board's journal (issue 18 item 3), pure:
//! the checks and the journal line, shared by `tianyuan hall accept` and the window's Arbiter
//! tab. The caller appends the line with the board arbiter's PIN, through the journal's writer.
//!
//! - The ruling is verified with the event's desk key the board was given (its credentials,
//!   a join code, or `--desk-key`), never with a key stored beside the ruling: without that
//!   key nothing is entered.
//! - The entry that applies it carries its id (`[desk R3-…]` in the note), and a ruling
//!   already entered is refused ("already entered as entry N"): accepting twice is harmless.

use crate::clock::Timestamp;
use crate::session::Session;
use crate::session::shorthand::{Line, format_time, parse_line};

use super::ruling::{ChiefPublicKey, SignedRuling, acceptance_mark, entered_as};

/// Why a ruling cannot be entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AcceptError {
    /// The board was given no desk key.
    NoKey,
    /// The ruling does not verify, or is for another event, table or session.
    Refused(String),
    /// The ruling is already in the journal.
    AlreadyEntered(u32),
    /// The ruling's action does not read as an action of this session.
    Unreadable(String),
}

impl std::fmt::Display for AcceptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AcceptError::NoKey => f.write_str(
                "no desk key: give the board's credentials (--creds FILE or the join code) or --desk-key KEY",
            ),
            AcceptError::Refused(why) => f.write_str(why),
            AcceptError::AlreadyEntered(n) => write!(f, "already entered as entry {n}"),
            AcceptError::Unreadable(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for AcceptError {}

/// Whom the board is: the event and table its credentials name (none on an open server,
/// where the ruling's own event and table are checked against the session's setup only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardIdentity {
    /// The event, from the credentials.
    pub event: Option<String>,
    /// The table, from the credentials.
    pub table: Option<u32>,
}

/// Checks `ruling` for the session `session_id` (folded as `session`) and returns the line to
/// append at `at` (default: the session's last instant), its note carrying the ruling's id.
pub fn ruling_line(
    session: &Session,
    session_id: &str,
    ruling: &SignedRuling,
    key: Option<&ChiefPublicKey>,
    who: &BoardIdentity,
    at: Option<Timestamp>,
) -> Result<Line, AcceptError> {
    let key = key.ok_or(AcceptError::NoKey)?;
    let event = who.event.as_deref().unwrap_or(ruling.event.as_str());
    let table = match who.table {
        Some(t) => t,
        None => match session.setup().table.trim().parse::<u32>() {
            Ok(t) => t,
            Err(_) => ruling.table,
        },
    };
    key.verify(ruling, event, table, session_id)
        .map_err(|e| AcceptError::Refused(format!("ruling {}: {e}", ruling.id)))?;
    if let Some(n) = entered_as(session, &ruling.id) {
        return Err(AcceptError::AlreadyEntered(n));
    }
    let at = at.unwrap_or_else(|| session.last_at());
    let size = session.setup().size;
    let mut line = match parse_line(&format!("{} {}", format_time(at), ruling.act), size) {
        Ok(Some(l)) => l,
        Ok(None) => return Err(AcceptError::Unreadable("the ruling is empty".into())),
        Err(e) => {
            return Err(AcceptError::Unreadable(format!(
                "ruling {}: {e}",
                ruling.id
            )));
        }
    };
    let mark = acceptance_mark(&ruling.id);
    line.note = Some(match line.note.take() {
        Some(n) => format!("{n} {mark}"),
        None => mark,
    });
    Ok(line)
}

/// The ruling `wanted` names among `rulings`: its full id, or its short name `R3` when only
/// one ruling has it.
pub fn find_ruling<'a>(
    rulings: &'a [SignedRuling],
    wanted: &str,
) -> Result<&'a SignedRuling, String> {
    if let Some(r) = rulings.iter().find(|r| r.id == wanted) {
        return Ok(r);
    }
    let short: Vec<&SignedRuling> = rulings
        .iter()
        .filter(|r| r.id.split('-').next() == Some(wanted))
        .collect();
    let ids: std::collections::BTreeSet<&str> = short.iter().map(|r| r.id.as_str()).collect();
    match (short.first(), ids.len()) {
        (Some(r), 1) => Ok(r),
        (None, _) => Err(format!("no ruling {wanted} was received")),
        _ => Err(format!(
            "{wanted} names {} rulings: give the whole id ({})",
            ids.len(),
            ids.into_iter().collect::<Vec<_>>().join(", ")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::ruling::ChiefKey;

    const ID: &str = "00112233445566778899aabbccddeeff";

    fn session(extra: &[&str]) -> Session {
        let mut actions = vec!["0:05 B E5", "0:09 W C3"];
        actions.extend_from_slice(extra);
        let lines = crate::hall::test_lines::session_lines(ID, "setup size=9 table=4", &actions);
        let mut c = crate::hall::chain::Chain::new();
        for l in &lines {
            c.push(l).unwrap();
        }
        c.session().unwrap().clone()
    }

    fn ruling(key: &ChiefKey, id: &str) -> SignedRuling {
        key.sign(SignedRuling {
            id: id.into(),
            event: "cup".into(),
            table: 4,
            session: ID.into(),
            act: "warn B 24 \"phone\"".into(),
            issued: "2026-11-30T12:00:00.000Z".into(),
            sig: String::new(),
        })
    }

    #[test]
    fn issue18_a_ruling_needs_the_desk_key_verifies_and_is_entered_once() {
        let key = ChiefKey::from_seed([4; 32]);
        let public = ChiefPublicKey::from_hex(&key.public_hex()).unwrap();
        let r = ruling(&key, "R1-0a0b");
        let who = BoardIdentity {
            event: Some("cup".into()),
            table: Some(4),
        };
        let s = session(&[]);
        assert_eq!(
            ruling_line(&s, ID, &r, None, &who, None),
            Err(AcceptError::NoKey)
        );
        let line = ruling_line(&s, ID, &r, Some(&public), &who, None).unwrap();
        assert!(line.note.as_deref().unwrap().ends_with("[desk R1-0a0b]"));
        // A forged ruling (another key) and one for another table are refused.
        let forged = ruling(&ChiefKey::from_seed([5; 32]), "R1-0a0b");
        assert!(matches!(
            ruling_line(&s, ID, &forged, Some(&public), &who, None),
            Err(AcceptError::Refused(_))
        ));
        let elsewhere = BoardIdentity {
            event: Some("cup".into()),
            table: Some(5),
        };
        assert!(ruling_line(&s, ID, &r, Some(&public), &elsewhere, None).is_err());
        // Entered: a second acceptance is refused with the entry's number.
        let entered = session(&["0:09 warn B 24 \"phone [desk R1-0a0b]\""]);
        assert_eq!(
            ruling_line(&entered, ID, &r, Some(&public), &who, None),
            Err(AcceptError::AlreadyEntered(4))
        );
    }

    #[test]
    fn issue18_a_short_name_finds_one_ruling_and_an_ambiguous_one_asks_for_the_id() {
        let key = ChiefKey::from_seed([4; 32]);
        let list = vec![
            ruling(&key, "R1-aa"),
            ruling(&key, "R2-bb"),
            ruling(&key, "R2-cc"),
        ];
        assert_eq!(find_ruling(&list, "R1").unwrap().id, "R1-aa");
        assert_eq!(find_ruling(&list, "R2-cc").unwrap().id, "R2-cc");
        assert!(find_ruling(&list, "R2").unwrap_err().contains("R2-bb"));
        assert!(find_ruling(&list, "R9").is_err());
    }
}
