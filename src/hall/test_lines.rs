//! Journal lines made in memory for the hall's unit tests: a setup and actions in the
//! arbiter's shorthand, encoded exactly as the journal writes them (without a PIN).

use crate::journal::{Header, encode_entry, encode_setup};
use crate::session::shorthand::{Action, parse_line, parse_setup};
use crate::session::{Entry, Session};

/// The lines (newline included) of a session with `id`, its setup and actions.
pub fn session_lines(id: &str, setup: &str, actions: &[&str]) -> Vec<Vec<u8>> {
    let setup = parse_setup(setup).expect("test setup");
    let header = Header {
        setup: setup.clone(),
        pin: None,
        id: id.to_owned(),
    };
    let utc = "2026-11-30T12:00:00.000Z";
    let first = encode_setup(&header, utc, None);
    let mut head = first.sha256;
    let mut out = vec![first.bytes];
    let mut session = Session::new(setup.clone()).expect("test session");
    for a in actions {
        let line = parse_line(a, setup.size)
            .expect("test action")
            .expect("an action");
        let Action::Event(event) = line.action else {
            panic!("tests use plain events")
        };
        let entry = Entry {
            n: session.next_number(),
            at: line.at,
            event,
            article: line.article,
            note: line.note,
        };
        let prepared = session.prepare(entry).expect("a legal test action");
        let bytes = encode_entry(prepared.entry(), &head, utc, setup.size, None);
        head = bytes.sha256;
        out.push(bytes.bytes);
        session.commit(prepared);
    }
    out
}
