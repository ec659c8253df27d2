//! The live game as SGF: moves (voids and confirmations as passes), each move's time left
//! (`BL`/`WL`, with `OB`/`OW` the periods left), rulings as comments where they happened,
//! accepted moved stones as `AB`/`AW`/`AE`, and the result in `RE` — `W+F` for a forfeit or a
//! ruled loss with the article in a comment; both lose and replay ordered as `RE[Void]` with a
//! comment naming them, since FF[4] has no code for them.

use crate::record::export::APPLICATION;
use crate::record::properties::{compress_point_list, move_value};
use crate::record::tree::{GameTree, Node, NodeId};
use crate::record::{self, Collection};
use crate::rules::{Color, Move};
use crate::session::shorthand::format_time;
use crate::session::{Change, Entry, Event, Handicap, Outcome, Session, side_of};

fn set(node: &mut Node, id: &str, value: String) {
    node.set(id, vec![value]);
}

fn comment_of(entry: &Entry, session: &Session) -> Option<String> {
    let size = session.setup().size;
    let side = |c: Color| match c {
        Color::Black => "Black",
        Color::White => "White",
    };
    let art = session
        .rulings()
        .iter()
        .find(|r| r.n == entry.n)
        .map(|r| r.article.clone())
        .or_else(|| entry.article.clone());
    let art_text = art.map(|a| format!(" (Art. {a})")).unwrap_or_default();
    let note = entry
        .note
        .as_ref()
        .map(|n| format!(": {n}"))
        .unwrap_or_default();
    let what = match &entry.event {
        Event::Confirm(c) => format!("{} confirms the end of play", side(*c)),
        Event::Void(c, p) => format!(
            "{}'s move at {} is void and counts as one pass (着手无效，弃权一次)",
            side(*c),
            p.to_gtp(size)
        ),
        Event::Warn(c) => format!("Warning to {}", side(*c)),
        Event::Admonish(c) => format!("Admonition to {}", side(*c)),
        Event::Edit(_) => "Moved stones accepted as they are".to_owned(),
        Event::Late(list) => {
            let parts: Vec<String> = list
                .iter()
                .map(|(c, d)| {
                    format!(
                        "{} {}",
                        side(*c),
                        crate::session::shorthand::format_duration(*d)
                    )
                })
                .collect();
            format!("Late arrival: {}", parts.join(", "))
        }
        Event::Loss(c) => format!("{} loses by ruling", side(*c)),
        Event::Forfeit(c) => format!("{} forfeits", side(*c)),
        Event::Draw => "Draw by ruling".to_owned(),
        Event::Replay => "Replay ordered".to_owned(),
        Event::BothLose => "Both lose".to_owned(),
        Event::Correct {
            side: s,
            delta,
            periods,
        } => format!(
            "Clock correction for {}: {} {}",
            side(*s),
            crate::session::shorthand::format_duration(*delta),
            if *periods != 0 {
                format!("and {periods:+} periods")
            } else {
                String::new()
            }
        ),
        Event::Absence(c) => format!("{}'s approved absence", side(*c)),
        Event::Rule(_) => "Ruling".to_owned(),
        Event::Refer => "Referred to the chief arbiter".to_owned(),
        Event::Revoke(n) => format!("Entry {n} revoked"),
        Event::Adjourn => "Adjourned".to_owned(),
        Event::Seal(s) => format!(
            "{} seals a move (commitment {})",
            side(s.by),
            crate::seal::hex::encode(&s.commitment)
        ),
        Event::Unseal(r) => {
            let voided = session
                .rulings()
                .iter()
                .any(|x| x.n == entry.n && x.kind == crate::session::RulingKind::Void);
            format!(
                "Sealed move opened: {}{}",
                crate::seal::vertex_text(r.mv, size),
                if voided {
                    "; it cannot be played there and counts as one pass (着手无效，弃权一次)"
                } else {
                    ""
                }
            )
        }
        Event::Resign(c) => format!("{} resigns", side(*c)),
        Event::Pause => "Clocks stopped".to_owned(),
        Event::Resume => "Play resumes".to_owned(),
        Event::Gap { charged } => format!(
            "After a restart, the time away {} charged",
            if *charged { "was" } else { "was not" }
        ),
        Event::Dispute => "Life and death disputed: play resumes (Art. 21.3)".to_owned(),
        _ => return None,
    };
    Some(format!(
        "[{}] {what}{art_text}{note}",
        format_time(entry.at)
    ))
}

fn append_comment(tree: &mut GameTree, id: NodeId, text: &str) {
    if let Some(node) = tree.node_mut(id) {
        let joined = match node.value("C") {
            Some(old) if !old.is_empty() => format!("{old}\n{text}"),
            _ => text.to_owned(),
        };
        node.set("C", vec![joined]);
    }
}

/// The result as SGF's record outcome.
fn record_outcome(o: &Outcome) -> record::outcome::Outcome {
    use record::outcome::Outcome as R;
    match o {
        Outcome::Counted(r) => R::Counted(*r),
        Outcome::Resignation { winner } => R::Resignation(*winner),
        Outcome::Time { winner } => R::Time(*winner),
        Outcome::Forfeit { winner, .. } | Outcome::RuledLoss { winner, .. } => R::Forfeit(*winner),
        Outcome::Draw { .. } => R::Counted(crate::rules::GameResult {
            winner: None,
            margin_quarters: 0,
        }),
        Outcome::Replay { .. } | Outcome::BothLose { .. } => R::Void,
    }
}

/// The session's game as SGF text.
pub fn session_sgf(session: &Session) -> String {
    let setup = session.setup();
    let size = setup.size;
    let mut tree = GameTree::new();
    {
        let root = tree.root_mut();
        set(root, "FF", "4".into());
        set(root, "GM", "1".into());
        set(root, "CA", "UTF-8".into());
        set(
            root,
            "AP",
            format!("{APPLICATION}:{}", env!("CARGO_PKG_VERSION")),
        );
        set(root, "SZ", size.to_string());
        set(root, "RU", "Chinese".into());
        set(
            root,
            "KM",
            crate::record::properties::real_value(setup.rules.komi.points()),
        );
        for (id, v) in [
            ("PB", &setup.black.name),
            ("PW", &setup.white.name),
            ("BR", &setup.black.rank),
            ("WR", &setup.white.rank),
            ("EV", &setup.event),
            ("RO", &setup.round),
        ] {
            if !v.is_empty() {
                set(root, id, v.clone());
            }
        }
        if let Some(tc) = &setup.time_control {
            let ts = crate::record::time_settings::TimeSettings::from_control(tc);
            set(
                root,
                "TM",
                crate::record::properties::real_value(ts.main_seconds),
            );
            if let Some(ot) = ts.ot_value() {
                set(root, "OT", ot);
            }
        }
    }
    // The starting stones: a fresh session of the same setup.
    if let Ok(start) = Session::new(setup.clone()) {
        let stones = start.board().stones();
        let root = tree.root_mut();
        for (prop, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let points: Vec<_> = stones
                .iter()
                .filter(|(_, c)| *c == color)
                .map(|(p, _)| *p)
                .collect();
            if !points.is_empty() {
                root.set(prop, compress_point_list(&points));
            }
        }
        if setup.handicap.stones() >= 2 {
            set(root, "HA", setup.handicap.stones().to_string());
        }
        if start.side_to_move() == Color::White && !matches!(setup.handicap, Handicap::None) {
            set(root, "PL", "W".into());
        }
    }
    // Walk the log again entry by entry, so each move's node gets the clock as it stood.
    let mut replay = match Session::new(setup.clone()) {
        Ok(s) => s,
        Err(_) => return record::write(&Collection { trees: vec![tree] }),
    };
    let mut current = tree.root_id();
    for entry in session.log() {
        let in_force = session.in_force(entry.n);
        if let Ok(p) = replay.prepare(entry.clone()) {
            replay.commit(p);
        }
        if !in_force {
            continue;
        }
        let mover = match &entry.event {
            Event::Move { color, mv } => Some((*color, *mv)),
            Event::Confirm(c) | Event::Void(c, _) => Some((*c, Move::Pass)),
            Event::HandicapStone(_) => None,
            Event::Unseal(r) => replay
                .unsealed()
                .map(|u| (u.by, replay.game().last_move().map_or(r.mv, |(_, m)| m))),
            _ => None,
        };
        if let Some((color, mv)) = mover
            && setup.mode == crate::session::Mode::Board
        {
            let mut node = Node::default();
            node.set(&color.letter().to_string(), vec![move_value(mv)]);
            if let Some(clock) = replay.clock() {
                let face = clock.view(entry.at);
                let f = face.side(side_of(color));
                let (tl, ol) = match color {
                    Color::Black => ("BL", "OB"),
                    Color::White => ("WL", "OW"),
                };
                let left = if f.in_byoyomi {
                    f.period_left
                } else {
                    f.main_left
                };
                set(
                    &mut node,
                    tl,
                    crate::record::properties::real_value(left.0 as f64 / 1000.0),
                );
                if let Some(p) = f.periods_left.filter(|_| f.in_byoyomi) {
                    set(&mut node, ol, p.to_string());
                }
            }
            current = tree.add_child(current, node);
        }
        if let Event::Edit(changes) = &entry.event {
            let mut node = Node::default();
            let mut lists: [Vec<_>; 3] = [Vec::new(), Vec::new(), Vec::new()];
            for ch in changes {
                match *ch {
                    Change::Put(Color::Black, p) => lists[0].push(p),
                    Change::Put(Color::White, p) => lists[1].push(p),
                    Change::Remove(p) => lists[2].push(p),
                }
            }
            for (prop, pts) in ["AB", "AW", "AE"].iter().zip(&lists) {
                if !pts.is_empty() {
                    node.set(prop, compress_point_list(pts));
                }
            }
            current = tree.add_child(current, node);
        }
        if let Some(text) = comment_of(entry, session) {
            append_comment(&mut tree, current, &text);
        }
    }
    if let Some(outcome) = session.outcome() {
        let root = tree.root_mut();
        set(root, "RE", record_outcome(outcome).to_sgf());
        let mut gc = format!("Result: {}", outcome.en());
        if matches!(outcome, Outcome::Replay { .. } | Outcome::BothLose { .. }) {
            gc.push_str(" — FF[4] has no code for this; RE is Void");
        }
        set(root, "GC", gc);
    }
    record::write(&Collection { trees: vec![tree] })
}
