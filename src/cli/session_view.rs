//! What `tianyuan session show` prints: the session at its last entry's instant, as JSON (the
//! shape the issue pins) or as text. A boundary type: the core's types are not serialised.

use serde::Serialize;
use std::collections::BTreeMap;

use crate::clock::Timestamp;
use crate::rules::Color;
use crate::seal::hex;
use crate::session::shorthand::format_time;
use crate::session::{Phase, Session, side_of};

/// One ruling in the JSON.
#[derive(Serialize)]
pub struct RulingJson {
    /// The entry's number.
    pub n: u32,
    /// The article.
    pub article: String,
    /// `"B"`, `"W"` or null.
    pub side: Option<String>,
    /// The kind.
    pub kind: &'static str,
    /// `m:ss.mmm`.
    pub t: String,
    /// The note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// A later revocation took it back.
    pub revoked: bool,
}

/// A side's clock in the JSON.
#[derive(Serialize)]
pub struct ClockSideJson {
    /// Free time left, in milliseconds.
    pub main_ms: i64,
    /// Reserved minutes or periods left (0 for systems without them).
    pub periods: u32,
}

/// The pending seal.
#[derive(Serialize)]
pub struct SealedJson {
    /// The sealer.
    pub by: String,
    /// The commitment (lower-case hex).
    pub commitment: String,
}

/// The opened seal.
#[derive(Serialize)]
pub struct UnsealedJson {
    /// The sealer.
    pub by: String,
    /// The move as a GTP vertex (`R13`, `PASS`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The commitment nonce (lower-case hex).
    pub nonce: String,
    /// The commitment (lower-case hex).
    pub commitment: String,
}

/// `session show --json`.
#[derive(Serialize)]
pub struct ShowJson {
    /// `playing`, `counting`, `adjourned`, `finished`.
    pub phase: &'static str,
    /// `B+3.5`, `W+R`, `B+T`, `W+F`, `Draw`, `Replay`, `LL`, or null.
    pub result: Option<String>,
    /// The result's kind.
    pub result_kind: Option<&'static str>,
    /// `B`, `W` or null.
    pub winner: Option<String>,
    /// Warnings in force per side.
    pub warnings: BTreeMap<&'static str, u32>,
    /// Admonitions per side.
    pub admonitions: BTreeMap<&'static str, u32>,
    /// Every ruling.
    pub rulings: Vec<RulingJson>,
    /// The side to move.
    pub to_move: String,
    /// Turns in force.
    pub moves: u32,
    /// The board, top row first, `.`, `X` (black), `O` (white).
    pub board: Vec<String>,
    /// The pending seal.
    pub sealed: Option<SealedJson>,
    /// The last opened seal.
    pub unsealed: Option<UnsealedJson>,
    /// Both clocks at the last entry's instant.
    pub clock: Option<BTreeMap<&'static str, ClockSideJson>>,
    /// Intact entries (the last one's number).
    pub entries: u32,
    /// The mode.
    pub mode: &'static str,
    /// The last entry's instant, `m:ss.mmm`.
    pub t: String,
    /// The head of the hash chain.
    pub head: String,
}

fn letter(c: Color) -> String {
    c.letter().to_string()
}

/// The phase's name.
pub fn phase_name(phase: &Phase) -> &'static str {
    match phase {
        Phase::PlacingHandicap { .. } | Phase::Playing => "playing",
        Phase::Counting => "counting",
        Phase::Adjourned => "adjourned",
        Phase::Finished(_) => "finished",
    }
}

/// The view of `session` at `at` (its last entry's instant).
pub fn show_json(session: &Session, entries: u32, head: &[u8; 32]) -> ShowJson {
    let at: Timestamp = session.last_at();
    let size = session.setup().size;
    let outcome = session.outcome();
    let both =
        |f: &dyn Fn(Color) -> u32| BTreeMap::from([("B", f(Color::Black)), ("W", f(Color::White))]);
    let clock = session.clock().map(|k| {
        let view = k.view(at);
        let side = |c: Color| {
            let face = view.side(side_of(c));
            ClockSideJson {
                main_ms: face.main_left.0,
                periods: face.periods_left.unwrap_or(0),
            }
        };
        BTreeMap::from([("B", side(Color::Black)), ("W", side(Color::White))])
    });
    ShowJson {
        phase: phase_name(session.phase()),
        result: outcome.map(|o| o.code()),
        result_kind: outcome.map(|o| o.kind().name()),
        winner: outcome.and_then(|o| o.winner()).map(letter),
        warnings: both(&|c| session.warnings(c)),
        admonitions: both(&|c| session.admonitions(c)),
        rulings: session
            .rulings()
            .iter()
            .map(|r| RulingJson {
                n: r.n,
                article: r.article.clone(),
                side: r.side.map(letter),
                kind: r.kind.name(),
                t: format_time(r.at),
                note: r.note.clone(),
                revoked: r.revoked,
            })
            .collect(),
        to_move: letter(session.side_to_move()),
        moves: session.turns(),
        board: session.board_rows(),
        sealed: session.sealed().map(|s| SealedJson {
            by: letter(s.by),
            commitment: hex::encode(&s.commitment),
        }),
        unsealed: session.unsealed().map(|u| UnsealedJson {
            by: letter(u.by),
            mv: crate::seal::vertex_text(u.reveal.mv, size),
            nonce: hex::encode(&u.reveal.nonce),
            commitment: hex::encode(&u.commitment),
        }),
        clock,
        entries,
        mode: match session.setup().mode {
            crate::session::Mode::Board => "board",
            crate::session::Mode::ClockOnly => "clock-only",
        },
        t: format_time(at),
        head: hex::encode(head),
    }
}

/// The same view as readable text.
pub fn show_text(view: &ShowJson) -> String {
    let mut out = String::new();
    let result = match (&view.result, view.result_kind) {
        (Some(r), Some(k)) => format!("{r} ({k})"),
        _ => "—".to_owned(),
    };
    out.push_str(&format!(
        "phase: {}   result: {result}   to move: {}   moves: {}   entries: {}   at {}\n",
        view.phase, view.to_move, view.moves, view.entries, view.t
    ));
    out.push_str(&format!(
        "warnings: B {} W {}   admonitions: B {} W {}\n",
        view.warnings.get("B").copied().unwrap_or(0),
        view.warnings.get("W").copied().unwrap_or(0),
        view.admonitions.get("B").copied().unwrap_or(0),
        view.admonitions.get("W").copied().unwrap_or(0),
    ));
    if let Some(clock) = &view.clock {
        for (side, c) in clock {
            out.push_str(&format!(
                "clock {side}: {} free, {} reserved/periods\n",
                format_time(Timestamp(u64::try_from(c.main_ms).unwrap_or(0))),
                c.periods
            ));
        }
    }
    if let Some(s) = &view.sealed {
        out.push_str(&format!(
            "sealed by {}: commitment {}\n",
            s.by, s.commitment
        ));
    }
    if let Some(u) = &view.unsealed {
        out.push_str(&format!(
            "unsealed ({}): {} nonce {} commitment {}\n",
            u.by, u.mv, u.nonce, u.commitment
        ));
    }
    for r in &view.rulings {
        out.push_str(&format!(
            "ruling #{} at {}: {} {} Art. {}{}{}\n",
            r.n,
            r.t,
            r.kind,
            r.side.as_deref().unwrap_or("-"),
            r.article,
            r.note
                .as_ref()
                .map(|n| format!(" \"{n}\""))
                .unwrap_or_default(),
            if r.revoked { " (revoked)" } else { "" }
        ));
    }
    for row in &view.board {
        out.push_str(row);
        out.push('\n');
    }
    out.push_str(&format!("head: {}\n", view.head));
    out
}
