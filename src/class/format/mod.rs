//! The class file's bytes (`docs/class-format.md`), the boundary between the file and
//! [`Class`]. The model's types are never serialised directly, so a renamed field or variant
//! in the code never breaks a teacher's file.
//!
//! Reading is strict (issue 27 item 3): a member the format does not have, a member missing,
//! a value of the wrong kind or out of range is an error naming the member and its place
//! (`children[2] "Mo" › attempts[5]`), never a default quietly put in its place; and version 2
//! carries a checksum over its contents ([`checksum`]), so a bit flipped inside a value that
//! still reads is caught too. A file of a newer version is refused with a message that says
//! so; a truncated file is named as cut short; nothing here panics on any bytes.
//!
//! Version 1 files (no checksum, no time zone, a few members left out when empty) still
//! read, as strictly, and are written as version 2 by the next save.

mod checksum;
mod error;
mod place;
mod wire;

use chrono::DateTime;
use serde_json::Value;

use error::invalid;
pub use error::{Damage, FormatError};
use wire::{AttemptW, ChildW, FileW, GameW, KdfW, LadderW, PinW, ProblemW, RatingW, SlotW, StepW};

use super::model::{
    AttemptEntry, Avatar, Child, Class, ClassProblem, GameEntry, GameResult, LadderState,
    StepChange, StepReason, TeacherPin, Time,
};
use super::path::GameKind;
use super::rating::Rating;
use super::schedule::Slot;
use super::zone::ClassZone;
use crate::ai::Level;
use crate::rules::Color;
use crate::seal::{KdfParams, PinRecord, hex};

/// The `format` member of every class file.
pub const FORMAT: &str = "tianyuan-class";
/// The version this program writes.
pub const VERSION: u32 = 2;
/// The largest class file read (a class of 200 children with a year of games is a few MB).
pub const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// A time as the file writes it: RFC 3339 with seconds and its offset (`Z` for UTC).
pub fn time_text(t: Time) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn time(s: &str, what: &str) -> Result<Time, FormatError> {
    DateTime::parse_from_rfc3339(s).map_err(|_| invalid(what, Damage::BadTime(s.to_string())))
}

fn rating_w(r: Rating) -> RatingW {
    RatingW {
        rating: r.rating,
        rd: r.rd,
        volatility: r.volatility,
    }
}

fn rating(r: RatingW, what: &str) -> Result<Rating, FormatError> {
    let rating = Rating {
        rating: r.rating,
        rd: r.rd,
        volatility: r.volatility,
    };
    if rating.is_valid() {
        Ok(rating)
    } else {
        Err(invalid(what, Damage::BadRating))
    }
}

fn ladder_w(l: &LadderState) -> LadderW {
    LadderW {
        level: l.level.get(),
        handicap: l.handicap,
        max_stones: l.max_stones,
        level_steps: l.level_steps,
    }
}

fn ladder(l: LadderW, what: &str) -> Result<LadderState, FormatError> {
    let level = Level::new(l.level).ok_or_else(|| invalid(what, Damage::BadLevel(l.level)))?;
    if l.max_stones > 9 || l.handicap.unsigned_abs() > l.max_stones {
        return Err(invalid(what, Damage::BadHandicap));
    }
    Ok(LadderState {
        level,
        handicap: l.handicap,
        max_stones: l.max_stones,
        level_steps: l.level_steps,
    })
}

fn color_code(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn file_w(class: &Class) -> FileW {
    FileW {
        format: FORMAT.to_string(),
        version: VERSION,
        name: class.name.clone(),
        teacher: class.teacher.clone(),
        created: time_text(class.created),
        time_zone: class.zone.code(),
        pin: class.pin.map(|TeacherPin(p)| PinW {
            salt: hex::encode(&p.salt),
            kdf: KdfW {
                m_kib: p.kdf.m_kib,
                t: p.kdf.t,
                p: p.kdf.p,
            },
            check: hex::encode(&p.check),
        }),
        most_captures_moves: class.most_captures_moves,
        children: class.children.iter().map(child_w).collect(),
        problem_ratings: class
            .problem_ratings
            .iter()
            .map(|(k, r)| (k.clone(), rating_w(*r)))
            .collect(),
        problems: class
            .problems
            .iter()
            .map(|p| ProblemW {
                id: p.id.clone(),
                sgf: p.sgf.clone(),
                child: p.child.clone(),
                move_number: p.move_number,
                reason: p.reason.clone(),
                created: time_text(p.created),
                approved: p.approved,
                for_class: p.for_class,
                discarded: p.discarded,
            })
            .collect(),
        checksum: String::new(),
    }
}

/// The bytes of a class file (version [`VERSION`], pretty-printed JSON ending in a newline,
/// its checksum last).
pub fn to_bytes(class: &Class) -> Vec<u8> {
    let mut file = file_w(class);
    // The checksum is of the values as they will be read back from the text (serialising
    // plain structs of strings and numbers cannot fail; the fallbacks are never reached).
    let text = serde_json::to_vec(&file).unwrap_or_default();
    let value = serde_json::from_slice::<Value>(&text).unwrap_or(Value::Null);
    file.checksum = checksum::of(&value);
    let mut out = serde_json::to_vec_pretty(&file).unwrap_or_default();
    out.push(b'\n');
    out
}

fn child_w(c: &Child) -> ChildW {
    ChildW {
        nick: c.nick.clone(),
        avatar: c.avatar.code(),
        note: c.note.clone(),
        joined: time_text(c.joined),
        step: c.step,
        steps: c
            .steps
            .iter()
            .map(|s| StepW {
                at: time_text(s.at),
                from: s.from,
                to: s.to,
                reason: match s.reason {
                    StepReason::Passed => "passed".into(),
                    StepReason::Teacher => "teacher".into(),
                },
            })
            .collect(),
        capture_ladder: ladder_w(&c.capture_ladder),
        go_ladder: ladder_w(&c.go_ladder),
        rating: rating_w(c.rating),
        games: c
            .games
            .iter()
            .map(|g| GameW {
                at: time_text(g.at),
                kind: g.kind.code(),
                opponent: g.opponent.clone(),
                computer_level: g.computer_level,
                handicap: g.handicap,
                color: color_code(g.color).into(),
                result: g.result.code().into(),
                sgf: g.sgf.clone(),
            })
            .collect(),
        attempts: c
            .attempts
            .iter()
            .map(|a| AttemptW {
                at: time_text(a.at),
                problem: a.problem.clone(),
                answer: a.answer.clone(),
                right: a.right,
                hints: a.hints,
                seconds: a.seconds,
                rating_after: a.rating_after,
            })
            .collect(),
        schedule: c
            .schedule
            .iter()
            .map(|(id, s)| {
                let v = match s {
                    Slot::Due { days, due } => SlotW {
                        days: Some(*days),
                        due: Some(time_text(*due)),
                        retired: None,
                    },
                    Slot::Retired { at } => SlotW {
                        days: None,
                        due: None,
                        retired: Some(time_text(*at)),
                    },
                };
                (id.clone(), v)
            })
            .collect(),
        assigned: c.assigned.clone(),
    }
}

fn syntax(bytes: &[u8], e: &serde_json::Error) -> FormatError {
    // A class file is one JSON object: bytes that do not begin like one are another kind of
    // file (a record, a picture …), not a damaged class.
    if bytes.trim_ascii_start().first().is_some_and(|&b| b != b'{') {
        return FormatError::NotAClass;
    }
    FormatError::Syntax {
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
        // A complete document ends with its closing brace; anything else was cut short.
        truncated: e.is_eof() || bytes.trim_ascii_end().last() != Some(&b'}'),
    }
}

/// A member the reader refused, named with its place in the file (when the reader says
/// where: `bytes` is the file) and what is wrong.
fn shape(e: &serde_json::Error, bytes: Option<&[u8]>, document: &Value) -> FormatError {
    let full = e.to_string();
    let message = match full.rfind(" at line ") {
        Some(i) if e.line() > 0 => full[..i].to_string(),
        _ => full,
    };
    let quoted = |prefix: &str| -> Option<String> {
        let rest = message.strip_prefix(prefix)?;
        let rest = rest.strip_prefix('`')?;
        rest.split_once('`').map(|(name, _)| name.to_string())
    };
    let (why, names_the_member) = if let Some(m) = quoted("unknown field ") {
        (Damage::UnknownMember(m), true)
    } else if let Some(m) = quoted("missing field ") {
        (Damage::MissingMember(m), false)
    } else if let Some(m) = quoted("duplicate field ") {
        (Damage::DuplicateMember(m), true)
    } else {
        (Damage::Shape(message.clone()), false)
    };
    let mut path = match bytes {
        Some(b) if e.line() > 0 => place::path_at(b, e.line(), e.column()),
        _ => Vec::new(),
    };
    if names_the_member && matches!(path.last(), Some(place::Step::Key(_))) {
        path.pop();
    }
    invalid(place::words(&path, Some(document)), why)
}

/// Reads a class file's bytes (any version up to [`VERSION`]): strict, and a version-2 file
/// must carry the checksum of its contents.
pub fn from_bytes(bytes: &[u8]) -> Result<Class, FormatError> {
    read(bytes, true)
}

/// Reads a class file edited by hand (`tianyuan class accept-edits`): as strict as
/// [`from_bytes`] about every member, but the checksum need not match (it is written anew by
/// the next save).
pub fn from_bytes_accepting_edits(bytes: &[u8]) -> Result<Class, FormatError> {
    read(bytes, false)
}

fn read(bytes: &[u8], sealed: bool) -> Result<Class, FormatError> {
    let document: Value = serde_json::from_slice(bytes).map_err(|e| syntax(bytes, &e))?;
    let Value::Object(top) = &document else {
        return Err(FormatError::NotAClass);
    };
    if top.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(FormatError::NotAClass);
    }
    let version = match top.get("version") {
        None => return Err(invalid("", Damage::NoVersion)),
        Some(v) => v.as_u64().ok_or_else(|| {
            invalid(
                "version",
                Damage::Shape(format!("{v} is not a version number")),
            )
        })?,
    };
    match version {
        1 => {
            let mut filled = document.clone();
            fill_v1(&mut filled)?;
            let file: FileW =
                serde_json::from_value(filled).map_err(|e| shape(&e, None, &document))?;
            let zone = time(&file.created, "created").map(|t| ClassZone::Fixed(*t.offset()))?;
            let mut class = class_from(file)?;
            class.zone = zone;
            Ok(class)
        }
        2 => {
            let file: FileW =
                serde_json::from_slice(bytes).map_err(|e| shape(&e, Some(bytes), &document))?;
            let class = class_from(file)?;
            if sealed && !checksum::matches(&document) {
                return Err(FormatError::Checksum);
            }
            Ok(class)
        }
        v if v > u64::from(VERSION) => {
            Err(FormatError::Newer(u32::try_from(v).unwrap_or(u32::MAX)))
        }
        v => Err(invalid(
            "",
            Damage::UnknownVersion(u32::try_from(v).unwrap_or(u32::MAX)),
        )),
    }
}

/// Version 1 left some members out when empty (`pin`, a child's `note`, a game's
/// `computer_level`, an attempt's `seconds`, a problem's `discarded`) and had no `time_zone`
/// or `checksum`: they are put in as version 1 meant them, so the strict reader of version 2
/// reads it. A version-1 file that already has the members version 2 added is damaged.
fn fill_v1(document: &mut Value) -> Result<(), FormatError> {
    let Value::Object(top) = document else {
        return Err(FormatError::NotAClass);
    };
    for added in ["time_zone", "checksum"] {
        if top.contains_key(added) {
            return Err(invalid("", Damage::UnknownMember(added.to_string())));
        }
    }
    top.insert("time_zone".into(), Value::String("+00:00".into()));
    top.insert("checksum".into(), Value::String(String::new()));
    top.entry("pin").or_insert(Value::Null);
    let fill_each = |list: Option<&mut Value>, member: &str, empty: &dyn Fn() -> Value| {
        if let Some(Value::Array(items)) = list {
            for item in items {
                if let Value::Object(m) = item {
                    m.entry(member).or_insert_with(empty);
                }
            }
        }
    };
    fill_each(top.get_mut("problems"), "discarded", &|| Value::Bool(false));
    if let Some(Value::Array(children)) = top.get_mut("children") {
        for child in children {
            if let Value::Object(c) = child {
                c.entry("note")
                    .or_insert_with(|| Value::String(String::new()));
                fill_each(c.get_mut("games"), "computer_level", &|| Value::Null);
                fill_each(c.get_mut("attempts"), "seconds", &|| Value::Null);
            }
        }
    }
    Ok(())
}

fn class_from(file: FileW) -> Result<Class, FormatError> {
    let created = time(&file.created, "created")?;
    let mut class = Class::new(&file.name, &file.teacher, created);
    class.zone = ClassZone::from_code(&file.time_zone)
        .ok_or_else(|| invalid("time_zone", Damage::BadZone(file.time_zone.clone())))?;
    if let Some(p) = file.pin {
        let salt =
            hex::decode_array::<16>(&p.salt).ok_or_else(|| invalid("pin", Damage::BadPin))?;
        let check =
            hex::decode_array::<32>(&p.check).ok_or_else(|| invalid("pin", Damage::BadPin))?;
        class.pin = Some(TeacherPin(PinRecord {
            salt,
            kdf: KdfParams {
                m_kib: p.kdf.m_kib,
                t: p.kdf.t,
                p: p.kdf.p,
            },
            check,
        }));
    }
    if !(2..=400).contains(&file.most_captures_moves) {
        return Err(invalid("most_captures_moves", Damage::BadMostCaptures));
    }
    class.most_captures_moves = file.most_captures_moves;
    for (k, c) in file.children.into_iter().enumerate() {
        let what = format!("children[{k}] {:?}", c.nick);
        let child = child_from(c, &what)?;
        if class
            .children
            .iter()
            .any(|o| o.nick.to_lowercase() == child.nick.to_lowercase())
        {
            return Err(invalid(what, Damage::DuplicateNick));
        }
        class.children.push(child);
    }
    for (id, r) in file.problem_ratings {
        let r = rating(r, &format!("problem_ratings {id:?}"))?;
        class.problem_ratings.insert(id, r);
    }
    for p in file.problems {
        let created = time(&p.created, &format!("problems {:?}", p.id))?;
        class.problems.push(ClassProblem {
            id: p.id,
            sgf: p.sgf,
            child: p.child,
            move_number: p.move_number,
            reason: p.reason,
            created,
            approved: p.approved,
            for_class: p.for_class,
            discarded: p.discarded,
        });
    }
    Ok(class)
}

fn child_from(c: ChildW, what: &str) -> Result<Child, FormatError> {
    let nick = c.nick.trim();
    if nick.is_empty() {
        return Err(invalid(what, Damage::NoNick));
    }
    let joined = time(&c.joined, what)?;
    let avatar =
        Avatar::parse(&c.avatar).ok_or_else(|| invalid(what, Damage::BadAvatar(c.avatar)))?;
    let mut child = Child::new(nick, avatar, joined);
    child.note = c.note;
    if super::path::step(c.step).is_none() {
        return Err(invalid(what, Damage::NoSuchStep(c.step)));
    }
    child.step = c.step;
    for s in c.steps {
        child.steps.push(StepChange {
            at: time(&s.at, what)?,
            from: s.from,
            to: s.to,
            reason: match s.reason.as_str() {
                "passed" => StepReason::Passed,
                "teacher" => StepReason::Teacher,
                _ => return Err(invalid(what, Damage::BadStepReason(s.reason))),
            },
        });
        if super::path::step(s.from).is_none() || super::path::step(s.to).is_none() {
            return Err(invalid(what, Damage::NoSuchStep(s.from.max(s.to))));
        }
    }
    child.capture_ladder = ladder(c.capture_ladder, what)?;
    child.go_ladder = ladder(c.go_ladder, what)?;
    child.rating = rating(c.rating, what)?;
    for g in c.games {
        if let Some(l) = g.computer_level
            && Level::new(l).is_none()
        {
            return Err(invalid(what, Damage::BadLevel(l)));
        }
        if !(-9..=9).contains(&g.handicap) {
            return Err(invalid(what, Damage::BadHandicap));
        }
        child.games.push(GameEntry {
            at: time(&g.at, what)?,
            kind: GameKind::parse(&g.kind)
                .filter(|k| k.code() == g.kind)
                .ok_or_else(|| invalid(what, Damage::BadGameKind(g.kind.clone())))?,
            opponent: g.opponent,
            computer_level: g.computer_level,
            handicap: g.handicap,
            color: match g.color.as_str() {
                "white" => Color::White,
                "black" => Color::Black,
                other => {
                    return Err(invalid(what, Damage::BadColour(other.to_string())));
                }
            },
            result: GameResult::parse(&g.result)
                .filter(|r| r.code() == g.result)
                .ok_or_else(|| invalid(what, Damage::BadResult(g.result.clone())))?,
            sgf: g.sgf,
        });
    }
    for a in c.attempts {
        if !a.rating_after.is_finite() {
            return Err(invalid(what, Damage::BadRating));
        }
        child.attempts.push(AttemptEntry {
            at: time(&a.at, what)?,
            problem: a.problem,
            answer: a.answer,
            right: a.right,
            hints: a.hints,
            seconds: a.seconds,
            rating_after: a.rating_after,
        });
    }
    // Attempts, games and step changes are kept in the order they happened (an older file
    // may hold them out of order: a stable sort keeps the order of equal times).
    child.attempts.sort_by_key(|a| a.at);
    child.games.sort_by_key(|g| g.at);
    child.steps.sort_by_key(|s| s.at);
    for (id, s) in c.schedule {
        let slot = match (s.days, s.due, s.retired) {
            (None, None, Some(r)) => Slot::Retired {
                at: time(&r, what)?,
            },
            (Some(days), Some(due), None) if super::schedule::INTERVALS.contains(&days) => {
                Slot::Due {
                    days,
                    due: time(&due, what)?,
                }
            }
            _ => {
                return Err(invalid(what, Damage::BadSchedule(id)));
            }
        };
        child.schedule.insert(id, slot);
    }
    child.assigned = c.assigned;
    Ok(child)
}

#[cfg(test)]
mod tests;
