//! Checking a submission before it is sent (issue 19): `tournament check-submission FILE --for
//! egd|aga|ffg`. FILE is an event (checked as it would be written for that body) or a file
//! already written (`.h9`, the AGA report, `.tou`), read back by the parsers here. Each
//! finding names the player or the line and says how to fix it: missing ids, names the body
//! cannot tell apart, games it does not rate (forfeits, unplayed, draws for the AGA), a class
//! the time control does not allow, dates or place missing, entries that do not agree.

use super::model::{Outcome, Tournament};
use super::rating_files::name_parts;
use std::collections::{BTreeMap, HashMap};

/// The rating body a file is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// The European Go Database (`.h9`).
    Egd,
    /// The American Go Association.
    Aga,
    /// The Fédération Française de Go (`.tou`).
    Ffg,
}

impl Body {
    /// Reads `egd`, `aga`, `ffg`.
    pub fn parse(text: &str) -> Option<Body> {
        match text.trim().to_ascii_lowercase().as_str() {
            "egd" | "egf" => Some(Body::Egd),
            "aga" => Some(Body::Aga),
            "ffg" => Some(Body::Ffg),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Body::Egd => "the EGD",
            Body::Aga => "the AGA",
            Body::Ffg => "the FFG",
        }
    }
}

/// Whether a finding stops the submission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// To fix before sending: `check-submission` exits 1.
    Error,
    /// What the body will do on its own (a bye, a forfeit, a missed round written as the
    /// body's free-round entry, which it does not rate): reported, exit 0.
    Note,
}

/// One thing to fix before sending, or to know.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    /// A stable code: `missing-id`, `duplicate-name`, `not-rated`, `no-result`, `class`,
    /// `time`, `dates`, `place`, `header`, `row`, `mismatch`, `encoding`, `non-latin`,
    /// `pairing`.
    pub code: &'static str,
    /// Where: the player's name, `line N`, `round R board B` or `event`.
    pub at: String,
    /// What is wrong.
    pub problem: String,
    /// How to fix it.
    pub fix: String,
    /// `error` (exit 1) or `note`.
    pub severity: Severity,
}

impl Finding {
    /// Whether it stops the submission.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

fn finding(
    code: &'static str,
    at: impl Into<String>,
    problem: impl Into<String>,
    fix: impl Into<String>,
) -> Finding {
    Finding {
        code,
        at: at.into(),
        problem: problem.into(),
        fix: fix.into(),
        severity: Severity::Error,
    }
}

fn note(
    code: &'static str,
    at: impl Into<String>,
    problem: impl Into<String>,
    fix: impl Into<String>,
) -> Finding {
    Finding {
        severity: Severity::Note,
        ..finding(code, at, problem, fix)
    }
}

/// Whether a name can go into a rating body's file as it is: Latin letters (with their
/// accents), digits, spaces and the punctuation of names.
pub fn is_latin(name: &str) -> bool {
    name.chars().all(|c| {
        c.is_ascii()
            || matches!(c as u32, 0xC0..=0x24F | 0x1E00..=0x1EFF)
            || matches!(c, '\u{2019}' | '\u{2010}' | '\u{2011}')
    })
}

/// The least adjusted time of each EGD class.
fn class_needs(class: char) -> Option<i64> {
    match class {
        'A' => Some(75),
        'B' | 'D' => Some(50),
        'C' => Some(30),
        _ => None,
    }
}

fn class_rank(c: char) -> u8 {
    super::event::class_rank(c)
}

/// Checks an event as it would be written for `body`.
pub fn check_event(t: &Tournament, body: Body) -> Vec<Finding> {
    let mut out = event_findings(t, body);
    // The file as it would be written is checked too: whatever it would be refused for, the
    // event is refused for (the event check sees more — names, rounds — never less).
    let written = match body {
        Body::Egd => super::rating_files::h9(t, &super::standings(t)),
        Body::Aga => super::rating_files::aga(t),
        Body::Ffg => super::rating_files::tou(t, &super::standings(t)),
    };
    let codes: Vec<&'static str> = out
        .iter()
        .filter(|f| f.is_error())
        .map(|f| f.code)
        .collect();
    for f in check_file(&written, body) {
        if f.is_error() && !codes.contains(&f.code) {
            out.push(Finding {
                at: format!("as written: {}", f.at),
                ..f
            });
        }
    }
    out
}

/// What the event itself shows, for [`check_event`].
fn event_findings(t: &Tournament, body: Body) -> Vec<Finding> {
    let mut out = Vec::new();
    let e = &t.event;
    if t.name.trim().is_empty() {
        out.push(finding(
            "header",
            "event",
            format!("the event has no name, which {} needs", body.name()),
            "tournament set FILE --name NAME",
        ));
    }
    if e.dates.is_none() {
        out.push(finding(
            "dates",
            "event",
            "the event's dates are missing",
            "tournament set FILE --dates YYYY-MM-DD[,YYYY-MM-DD]",
        ));
    }
    let place_missing = match body {
        Body::Egd => {
            e.country.len() != 2
                || !e.country.chars().all(|c| c.is_ascii_uppercase())
                || e.city.is_empty()
        }
        Body::Aga | Body::Ffg => e.city.is_empty(),
    };
    if place_missing {
        out.push(finding(
            "place",
            "event",
            format!(
                "the place is incomplete for {} (now {:?})",
                body.name(),
                e.place_text()
            ),
            "tournament set FILE --place \"CC, City\"",
        ));
    }
    if matches!(body, Body::Egd | Body::Ffg) {
        match (e.time_control(), body) {
            (None, _) => out.push(finding(
                "time",
                "event",
                "no time control: the adjusted time cannot be written",
                "tournament set FILE --time SPEC (e.g. chinese:limit=60m,reserve=5)",
            )),
            (Some(_), Body::Egd) => {
                let allowed = e.class_from_time();
                match (e.class, allowed) {
                    (_, None) => out.push(finding(
                        "class",
                        "event",
                        format!(
                            "the time control ({} min basic, {} min adjusted) is too fast for any EGD class",
                            e.basic_minutes().unwrap_or(0),
                            e.adjusted_minutes().unwrap_or(0)
                        ),
                        "the EGD does not rate it; check --time",
                    )),
                    (Some(declared), Some(a)) if class_rank(declared) > class_rank(a) => {
                        out.push(finding(
                            "class",
                            "event",
                            format!("class {declared} is declared but the time control allows class {a}"),
                            format!("tournament set FILE --class {a}"),
                        ))
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let id_of = |p: &super::model::Player| -> String {
        match body {
            Body::Egd => p.ids.egd_pin.clone(),
            Body::Aga => p.ids.aga_id.clone(),
            Body::Ffg => p.ids.ffg_licence.clone(),
        }
    };
    let (id_name, column, list) = match body {
        Body::Egd => ("EGD PIN", "egd_pin", "egd"),
        Body::Aga => ("AGA id", "aga_id", "aga"),
        Body::Ffg => ("FFG licence", "ffg_licence", "ffg"),
    };
    let mut by_name: HashMap<String, Vec<&super::model::Player>> = HashMap::new();
    for p in t.entered() {
        if id_of(p).trim().is_empty() {
            out.push(finding(
                "missing-id",
                p.name.clone(),
                format!("no {id_name}"),
                format!("add the {column} column to players.csv, or tournament ratings import FILE --list {list}"),
            ));
        } else if body == Body::Egd && !is_pin(&p.ids.egd_pin) {
            out.push(finding(
                "missing-id",
                p.name.clone(),
                format!("EGD PIN {:?} is not 8 digits", p.ids.egd_pin),
                "correct the egd_pin column",
            ));
        }
        let (f, g) = name_parts(p);
        let written = format!("{f} {g}");
        match body {
            Body::Egd | Body::Aga if !is_latin(&written) => out.push(finding(
                "non-latin",
                p.name.clone(),
                format!(
                    "the name is written {written:?}; {} keeps names in Latin letters",
                    body.name()
                ),
                format!(
                    "give the Latin spelling: a name_latin column in players.csv, or tournament set FILE --name-latin \"{}=Family Given\"",
                    p.name
                ),
            )),
            Body::Ffg if written.chars().any(|c| c as u32 >= 0x100) => out.push(finding(
                "encoding",
                p.name.clone(),
                format!("the name {written:?} is not in ISO-8859-1, which the FFG's tools read"),
                format!(
                    "give the Latin spelling: a name_latin column in players.csv, or tournament set FILE --name-latin \"{}=Family Given\"",
                    p.name
                ),
            )),
            _ => {}
        }
        by_name
            .entry(format!("{} {}", f.to_lowercase(), g.to_lowercase()))
            .or_default()
            .push(p);
    }
    let mut dups: Vec<_> = by_name.into_iter().filter(|(_, v)| v.len() > 1).collect();
    dups.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, ps) in dups {
        if ps.iter().any(|p| id_of(p).trim().is_empty()) {
            let names: Vec<&str> = ps.iter().map(|p| p.name.as_str()).collect();
            out.push(finding(
                "duplicate-name",
                names.join(" / "),
                format!(
                    "{} players are written {name:?} and not all have an {id_name}",
                    ps.len()
                ),
                format!("give each of them their {id_name}"),
            ));
        }
    }
    for r in &t.played {
        if r.playoff && body != Body::Aga {
            continue;
        }
        for g in &r.games {
            let at = format!(
                "round {} board {}: {} – {}",
                r.number,
                g.board,
                t.name_of(g.black),
                t.name_of(g.white)
            );
            match g.outcome {
                None => out.push(finding(
                    "no-result",
                    at,
                    "the game has no result",
                    "tournament results FILE --games G.csv",
                )),
                Some(o @ (Outcome::BlackWinsByForfeit | Outcome::WhiteWinsByForfeit)) => {
                    out.push(note(
                        "not-rated",
                        at,
                        format!(
                            "a forfeit ({}) is not a game {} rates (written as a free win and a free round)",
                            o.code(),
                            body.name()
                        ),
                        "nothing to do if it was a forfeit; otherwise enter the played result",
                    ))
                }
                Some(Outcome::BothLose | Outcome::NotPlayed) => out.push(note(
                    "not-rated",
                    at,
                    format!(
                        "a game nobody won on the board is not rated by {}",
                        body.name()
                    ),
                    "nothing to do if that is what happened",
                )),
                Some(Outcome::Draw) if body == Body::Aga => out.push(note(
                    "not-rated",
                    at,
                    "the AGA's report has no draws; it is left out",
                    "nothing to do if it was a draw",
                )),
                _ => {}
            }
        }
        if r.playoff {
            continue;
        }
        for &b in &r.byes {
            out.push(note(
                "not-rated",
                format!("round {}: {}", r.number, t.name_of(b)),
                format!(
                    "a bye, written as {}; {} does not rate it",
                    if t.system.bye_is_win() {
                        "a free win"
                    } else {
                        "a free round"
                    },
                    body.name()
                ),
                "nothing to do",
            ));
        }
        for p in t.entered().filter(|p| p.missed(r.number)) {
            out.push(note(
                "not-rated",
                format!("round {}: {}", r.number, p.name),
                format!(
                    "entered late in round {}: a missed round, written as a free round",
                    p.joined_in_round.unwrap_or(0)
                ),
                "nothing to do",
            ));
        }
    }
    for (at, problem) in super::manual::event_faults(t) {
        out.push(finding(
            "pairing",
            at,
            problem,
            "correct the round (pair it again, or enter it by hand with tournament pair --manual)",
        ));
    }
    out
}

fn is_pin(s: &str) -> bool {
    s.len() == 8 && s.chars().all(|c| c.is_ascii_digit())
}

/// One result entry of a table (`12+/w0`, `0-`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    /// The opponent's line number (0: no game).
    pub opponent: usize,
    /// `+`, `-` or `=` (`?`: a game without a result yet).
    pub symbol: char,
    /// `b` or `w` when given.
    pub colour: Option<char>,
    /// The handicap when given.
    pub handicap: Option<u32>,
}

/// One player line of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The line in the file.
    pub line: usize,
    /// The player's number.
    pub number: usize,
    /// Family name.
    pub family: String,
    /// Given name.
    pub given: String,
    /// Rank as written.
    pub rank: String,
    /// Country (EGD) — empty in a `.tou`.
    pub country: String,
    /// Licence (`.tou`) — empty in an `.h9`.
    pub licence: String,
    /// Club.
    pub club: String,
    /// Tokens between the club and the results (scores and tie-breaks).
    pub scores: Vec<String>,
    /// One entry a round.
    pub results: Vec<TableResult>,
    /// The EGD PIN after `|`.
    pub pin: Option<String>,
}

/// A table read back: its header values and rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// `CL` → `A` (h9), or `date` → `26/10/2019` (tou).
    pub headers: BTreeMap<String, String>,
    /// Player lines.
    pub rows: Vec<TableRow>,
    /// Lines that could not be read: (line, text).
    pub unreadable: Vec<(usize, String)>,
}

fn parse_result(tok: &str, tou: bool) -> Option<TableResult> {
    let digits = tok.find(|c: char| !c.is_ascii_digit())?;
    if digits == 0 {
        return None;
    }
    let opponent: usize = tok[..digits].parse().ok()?;
    let mut rest = tok[digits..].chars();
    let symbol = rest.next().filter(|c| matches!(c, '+' | '-' | '=' | '?'))?;
    let mut tail: String = rest.collect();
    if !tou {
        if tail.is_empty() {
            return Some(TableResult {
                opponent,
                symbol,
                colour: None,
                handicap: None,
            });
        }
        tail = tail.strip_prefix('/')?.to_string();
    }
    if tail.is_empty() {
        return Some(TableResult {
            opponent,
            symbol,
            colour: None,
            handicap: None,
        });
    }
    let mut c = tail.chars();
    let colour = c.next().filter(|c| matches!(c, 'b' | 'w'))?;
    let h: String = c.collect();
    let handicap = if h.is_empty() {
        None
    } else {
        Some(h.parse().ok()?)
    };
    Some(TableResult {
        opponent,
        symbol,
        colour: Some(colour),
        handicap,
    })
}

fn is_rank(tok: &str) -> bool {
    let t = tok.to_ascii_lowercase();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    split > 0 && matches!(&t[split..], "k" | "d" | "p")
}

/// Reads an EGD table (`.h9`).
pub fn parse_h9(text: &str) -> Table {
    let mut table = Table::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix(';') {
            let c = comment.trim();
            if let (Some(open), true) = (c.find('['), c.ends_with(']'))
                && open == 2
                && c[..2].chars().all(|x| x.is_ascii_uppercase())
            {
                let key = c[..2].to_string();
                let value = c[3..c.len() - 1].to_string();
                // Comments (CM) may repeat; the first of the others counts.
                table.headers.entry(key).or_insert(value);
            }
            continue;
        }
        let (body, pin) = match trimmed.split_once('|') {
            Some((b, p)) => (b, Some(p.trim().to_string())),
            None => (trimmed, None),
        };
        let tokens: Vec<&str> = body.split_whitespace().collect();
        let Some(rank_at) = tokens.iter().position(|t| is_rank(t)).filter(|&k| k >= 2) else {
            table.unreadable.push((line, raw.to_string()));
            continue;
        };
        let Ok(number) = tokens[0].parse::<usize>() else {
            table.unreadable.push((line, raw.to_string()));
            continue;
        };
        if tokens.len() < rank_at + 3 {
            table.unreadable.push((line, raw.to_string()));
            continue;
        }
        let names = &tokens[1..rank_at];
        let mut scores = Vec::new();
        let mut results = Vec::new();
        for tok in &tokens[rank_at + 3..] {
            match parse_result(tok, false) {
                Some(r) => results.push(r),
                None if results.is_empty() => scores.push(tok.to_string()),
                None => {
                    table.unreadable.push((line, raw.to_string()));
                    break;
                }
            }
        }
        table.rows.push(TableRow {
            line,
            number,
            family: names[0].to_string(),
            given: names[1..].join(" "),
            rank: tokens[rank_at].to_string(),
            country: tokens[rank_at + 1].to_string(),
            licence: String::new(),
            club: tokens[rank_at + 2].to_string(),
            scores,
            results,
            pin,
        });
    }
    table
}

/// Reads an FFG `.tou`.
pub fn parse_tou(text: &str) -> Table {
    let mut table = Table::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(c) = trimmed.strip_prefix(';') {
            if let Some((k, v)) = c.split_once('=') {
                table
                    .headers
                    .entry(k.trim().to_string())
                    .or_insert_with(|| v.trim().to_string());
            }
            continue;
        }
        let tokens: Vec<&str> = trimmed.split_whitespace().collect();
        let Some(rank_at) = tokens.iter().position(|t| is_rank(t)).filter(|&k| k >= 2) else {
            table.unreadable.push((line, raw.to_string()));
            continue;
        };
        let Ok(number) = tokens[0].parse::<usize>() else {
            table.unreadable.push((line, raw.to_string()));
            continue;
        };
        // After the rank: an optional 7-character licence, then the club.
        let mut k = rank_at + 1;
        let licence = match tokens.get(k) {
            Some(t)
                if t.len() == 7
                    && t.chars()
                        .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase()) =>
            {
                k += 1;
                t.to_string()
            }
            _ => String::new(),
        };
        let club = match tokens.get(k) {
            Some(t) if parse_result(t, true).is_none() => {
                k += 1;
                t.to_string()
            }
            _ => String::new(),
        };
        let mut results = Vec::new();
        for tok in &tokens[k..] {
            match parse_result(tok, true) {
                Some(r) => results.push(r),
                None => {
                    table.unreadable.push((line, raw.to_string()));
                    break;
                }
            }
        }
        let names = &tokens[1..rank_at];
        table.rows.push(TableRow {
            line,
            number,
            family: names[0].to_string(),
            given: names[1..].join(" "),
            rank: tokens[rank_at].to_string(),
            country: String::new(),
            licence,
            club,
            scores: Vec::new(),
            results,
            pin: None,
        });
    }
    table
}

/// Checks the rows of a table against each other: numbers, rounds, and that each game is
/// written the same way from both sides.
fn check_rows(table: &Table, body: Body, out: &mut Vec<Finding>) {
    for (line, text) in &table.unreadable {
        out.push(finding(
            "row",
            format!("line {line}"),
            format!("not a player line: {:?}", text.trim()),
            "write number, name, rank, country, club, then one result a round",
        ));
    }
    let rounds = table.rows.first().map_or(0, |r| r.results.len());
    let by_number: HashMap<usize, &TableRow> = table.rows.iter().map(|r| (r.number, r)).collect();
    let mut names: HashMap<String, Vec<&TableRow>> = HashMap::new();
    for r in &table.rows {
        let who = format!("line {} ({} {})", r.line, r.family, r.given);
        if r.results.len() != rounds {
            out.push(finding(
                "row",
                who.clone(),
                format!(
                    "{} results where the first line has {rounds}",
                    r.results.len()
                ),
                "every line needs one entry a round (0- for a round without a game)",
            ));
        }
        match body {
            Body::Egd if r.pin.as_deref().is_none_or(|p| !is_pin(p)) => out.push(finding(
                "missing-id",
                who.clone(),
                "no EGD PIN after |",
                "add |PIN at the end of the line (or the egd_pin column before writing)",
            )),
            Body::Ffg if r.licence.is_empty() => out.push(finding(
                "missing-id",
                who.clone(),
                "no FFG licence",
                "add the licence (7 characters) after the rank",
            )),
            _ => {}
        }
        let written = format!("{} {}", r.family, r.given);
        match body {
            Body::Egd if !is_latin(&written) => out.push(finding(
                "non-latin",
                who.clone(),
                format!("the name {written:?} is not in Latin letters, which the EGD keeps"),
                "write the name in Latin letters (players.csv's name_latin column)",
            )),
            _ => {}
        }
        names
            .entry(format!(
                "{} {}",
                r.family.to_lowercase(),
                r.given.to_lowercase()
            ))
            .or_default()
            .push(r);
        let mut met: HashMap<usize, usize> = HashMap::new();
        for (k, res) in r.results.iter().enumerate() {
            let at = format!("{who}, round {}", k + 1);
            if res.symbol == '?' {
                out.push(finding(
                    "no-result",
                    at,
                    format!("{}?: the game has no result", res.opponent),
                    "enter the result (tournament results FILE --games G.csv) and write the file again",
                ));
                continue;
            }
            if res.opponent == 0 {
                out.push(note(
                    "not-rated",
                    at,
                    format!(
                        "0{}: {}; not rated by {}",
                        res.symbol,
                        match res.symbol {
                            '+' => "a free win (a bye, or a game won by forfeit)",
                            '=' => "a free round counted half a point",
                            _ => "a free round (absent, or a game lost by forfeit)",
                        },
                        body.name()
                    ),
                    "nothing to do if that is what happened",
                ));
                continue;
            }
            if let Some(first) = met.insert(res.opponent, k + 1) {
                out.push(finding(
                    "pairing",
                    at.clone(),
                    format!(
                        "number {} is this player's opponent in round {first} too",
                        res.opponent
                    ),
                    "two players meet once; correct the pairing",
                ));
            }
            let Some(o) = by_number.get(&res.opponent) else {
                out.push(finding(
                    "mismatch",
                    at,
                    format!("opponent number {} is not in the table", res.opponent),
                    "correct the opponent's number",
                ));
                continue;
            };
            let back = o.results.get(k);
            let expected = match res.symbol {
                '+' => '-',
                '-' => '+',
                '?' => '?',
                _ => '=',
            };
            let ok = back.is_some_and(|b| {
                b.opponent == r.number
                    && b.symbol == expected
                    && match (b.colour, res.colour) {
                        (Some(x), Some(y)) => x != y,
                        _ => true,
                    }
                    && b.handicap == res.handicap
            });
            if !ok {
                out.push(finding(
                    "mismatch",
                    at,
                    format!(
                        "line {} does not write the same game back (number {}, {expected}, the other colour, the same handicap)",
                        o.line, r.number
                    ),
                    "make both lines of the game agree",
                ));
            }
        }
    }
    for k in 0..rounds {
        let played = table
            .rows
            .iter()
            .any(|r| r.results.get(k).is_some_and(|x| x.opponent != 0));
        if !table.rows.is_empty() && !played {
            out.push(finding(
                "pairing",
                format!("round {}", k + 1),
                format!("nobody played in round {}: a round missing", k + 1),
                "write the rounds in order, each with its games",
            ));
        }
    }
    let mut dups: Vec<_> = names.into_iter().filter(|(_, v)| v.len() > 1).collect();
    dups.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, rows) in dups {
        let without = rows.iter().any(|r| match body {
            Body::Egd => r.pin.is_none(),
            _ => r.licence.is_empty(),
        });
        if without {
            let lines: Vec<String> = rows.iter().map(|r| r.line.to_string()).collect();
            out.push(finding(
                "duplicate-name",
                format!("lines {}", lines.join(", ")),
                format!(
                    "{} players are written {name:?}, not all with an id",
                    rows.len()
                ),
                "give each of them their id (PIN or licence)",
            ));
        }
    }
}

/// Checks an EGD table.
pub fn check_h9(text: &str) -> Vec<Finding> {
    let table = parse_h9(text);
    let mut out = Vec::new();
    let h = &table.headers;
    for (key, what, fix) in [
        (
            "CL",
            "the class",
            "; CL[A|B|C|D] (tournament set FILE --time SPEC)",
        ),
        ("EV", "the event's name", "; EV[name]"),
        (
            "PC",
            "the place",
            "; PC[CC,City] (tournament set FILE --place \"CC, City\")",
        ),
        (
            "DT",
            "the dates",
            "; DT[YYYY-MM-DD,YYYY-MM-DD] (tournament set FILE --dates …)",
        ),
        (
            "HA",
            "the handicap rule",
            "; HA[h9] for an even event, h<correction> with handicaps",
        ),
        ("KM", "the komi", "; KM[7.5]"),
        (
            "TM",
            "the adjusted time",
            "; TM[minutes] (tournament set FILE --time SPEC)",
        ),
    ] {
        if h.get(key).is_none_or(|v| v.trim().is_empty()) {
            let code = match key {
                "DT" => "dates",
                "PC" => "place",
                "CL" => "class",
                "TM" => "time",
                _ => "header",
            };
            out.push(finding(
                code,
                format!("header {key}"),
                format!("{what} is missing"),
                fix,
            ));
        }
    }
    if let Some(pc) = h.get("PC").filter(|v| !v.trim().is_empty()) {
        let cc = pc.split(',').next().unwrap_or("").trim();
        let city = pc.split_once(',').map_or("", |(_, c)| c.trim());
        if cc.len() != 2 || !cc.chars().all(|c| c.is_ascii_uppercase()) {
            out.push(finding(
                "place",
                "header PC",
                format!("PC[{pc}] does not start with a two-letter country code"),
                "; PC[CC,City]",
            ));
        } else if city.is_empty() {
            out.push(finding(
                "place",
                "header PC",
                format!("PC[{pc}] has no city"),
                "; PC[CC,City] (tournament set FILE --place \"CC, City\")",
            ));
        }
    }
    if let Some(dt) = h.get("DT").filter(|v| !v.trim().is_empty()) {
        let ok = dt.split(',').all(|d| super::event::parse_date(d).is_ok());
        if !ok {
            out.push(finding(
                "dates",
                "header DT",
                format!("DT[{dt}] is not YYYY-MM-DD[,YYYY-MM-DD]"),
                "; DT[2025-05-01,2025-05-03]",
            ));
        }
    }
    if let (Some(cl), Some(tm)) = (h.get("CL"), h.get("TM")) {
        let class = cl.trim().chars().next();
        match (class.and_then(class_needs), tm.trim().parse::<i64>()) {
            (Some(need), Ok(minutes)) if minutes < need => out.push(finding(
                "class",
                "header CL",
                format!(
                    "class {} needs an adjusted time of at least {need} minutes; TM is {minutes}",
                    cl.trim()
                ),
                "lower the class, or correct TM",
            )),
            (None, _) if !cl.trim().is_empty() => out.push(finding(
                "class",
                "header CL",
                format!("CL[{cl}] is not a class (A, B, C or D)"),
                "; CL[A|B|C|D]",
            )),
            _ => {}
        }
    }
    check_rows(&table, Body::Egd, &mut out);
    out
}

/// Checks an FFG `.tou`.
pub fn check_tou(text: &str) -> Vec<Finding> {
    let table = parse_tou(text);
    let mut out = Vec::new();
    for (key, code, what) in [
        ("name", "header", "the event's name"),
        ("date", "dates", "the date"),
        ("vill", "place", "the town"),
        ("ta", "time", "the adjusted time"),
    ] {
        if table.headers.get(key).is_none_or(|v| v.is_empty()) {
            out.push(finding(
                code,
                format!(";{key}="),
                format!("{what} is missing"),
                format!(";{key}=…"),
            ));
        }
    }
    check_rows(&table, Body::Ffg, &mut out);
    out
}

/// Checks an AGA results report.
pub fn check_aga(text: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    #[derive(PartialEq)]
    enum Part {
        Head,
        Players,
        Games,
    }
    let mut part = Part::Head;
    let mut saw_tourney = false;
    let mut keys: HashMap<String, String> = HashMap::new();
    let mut ids: HashMap<String, (usize, String)> = HashMap::new();
    let mut names: HashMap<String, Vec<usize>> = HashMap::new();
    let mut games: Vec<(usize, String, String)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(c) = t.strip_prefix('#') {
            let c = c.trim();
            if let Some(what) = c.strip_prefix("not rated:") {
                out.push(note(
                    "not-rated",
                    format!("line {line}"),
                    format!("not rated by the AGA:{what}"),
                    "nothing to do if that is what happened",
                ));
            } else if let Some(what) = c.strip_prefix("no result:") {
                out.push(finding(
                    "no-result",
                    format!("line {line}"),
                    format!("a game without a result:{what}"),
                    "enter the result (tournament results FILE --games G.csv) and write the report again",
                ));
            }
            continue;
        }
        let upper = t.to_ascii_uppercase();
        if upper.starts_with("TOURNEY") {
            saw_tourney = true;
            let rest = t.get("TOURNEY".len()..).unwrap_or("");
            let parts: Vec<&str> = rest.split(',').map(str::trim).collect();
            if parts.first().is_none_or(|n| n.is_empty()) {
                out.push(finding(
                    "header",
                    format!("line {line}"),
                    "TOURNEY has no name",
                    "TOURNEY name, city, country",
                ));
            }
            if parts.get(1).is_none_or(|c| c.is_empty()) {
                out.push(finding(
                    "place",
                    format!("line {line}"),
                    "TOURNEY has no city",
                    "TOURNEY name, city, country (tournament set FILE --place \"CC, City\")",
                ));
            }
            continue;
        }
        if upper == "PLAYERS" {
            part = Part::Players;
            continue;
        }
        if upper.starts_with("GAMES") {
            part = Part::Games;
            continue;
        }
        match part {
            Part::Head => match t.split_once('=') {
                Some((k, v)) => {
                    keys.insert(k.trim().to_ascii_lowercase(), v.trim().to_string());
                }
                None => out.push(finding(
                    "row",
                    format!("line {line}"),
                    format!("not understood: {t:?}"),
                    "key=value in the TOURNEY part",
                )),
            },
            Part::Players => {
                let mut tok = t.split_whitespace();
                let id = tok.next().unwrap_or("").to_string();
                let rest: Vec<&str> = tok.collect();
                let rank_ok = rest.last().is_some_and(|r| is_rank(r));
                if rest.len() < 2 || !rank_ok {
                    out.push(finding(
                        "row",
                        format!("line {line}"),
                        format!("not a player line: {t:?}"),
                        "id Last, First rank",
                    ));
                    continue;
                }
                let name = rest[..rest.len() - 1].join(" ");
                if !is_latin(&name) {
                    out.push(finding(
                        "non-latin",
                        format!("line {line} ({name})"),
                        format!("the name {name:?} is not in Latin letters, which the AGA keeps"),
                        "write the name in Latin letters (players.csv's name_latin column)",
                    ));
                }
                if !id.chars().all(|c| c.is_ascii_digit()) {
                    out.push(finding(
                        "missing-id",
                        format!("line {line} ({name})"),
                        format!("{id:?} is not an AGA id"),
                        "write the player's AGA member number (aga_id column, or tournament ratings import FILE --list aga)",
                    ));
                }
                if let Some((first, _)) = ids.insert(id.clone(), (line, name.clone())) {
                    out.push(finding(
                        "mismatch",
                        format!("line {line}"),
                        format!("id {id} is also on line {first}"),
                        "one id per player",
                    ));
                }
                names.entry(name.to_lowercase()).or_default().push(line);
            }
            Part::Games => {
                let tok: Vec<&str> = t.split_whitespace().collect();
                let ok = tok.len() == 5
                    && matches!(tok[2].to_ascii_uppercase().as_str(), "W" | "B")
                    && tok[3].parse::<u32>().is_ok_and(|h| h <= 9)
                    && tok[4].parse::<i64>().is_ok();
                if !ok {
                    out.push(finding(
                        "row",
                        format!("line {line}"),
                        format!("not a game line: {t:?}"),
                        "white black W|B handicap komi",
                    ));
                    continue;
                }
                games.push((line, tok[0].to_string(), tok[1].to_string()));
            }
        }
    }
    if !saw_tourney {
        out.push(finding(
            "header",
            "line 1",
            "no TOURNEY line",
            "TOURNEY name, city, country",
        ));
    }
    for key in ["start", "finish"] {
        let v = keys.get(key).cloned().unwrap_or_default();
        let valid = {
            let p: Vec<&str> = v.split('/').collect();
            p.len() == 3
                && p.iter()
                    .all(|x| !x.is_empty() && x.chars().all(|c| c.is_ascii_digit()))
        };
        if !valid {
            out.push(finding(
                "dates",
                format!("{key}="),
                if v.is_empty() {
                    format!("{key} date missing")
                } else {
                    format!("{key}={v} is not MM/DD/YYYY")
                },
                format!("{key}=MM/DD/YYYY (tournament set FILE --dates …)"),
            ));
        }
    }
    if keys.get("rules").is_none_or(|v| v.is_empty()) {
        out.push(finding(
            "header",
            "rules=",
            "the rules are missing",
            "rules=AGA (tournament set FILE --rules …)",
        ));
    }
    for (line, w, b) in &games {
        for id in [w, b] {
            if !ids.contains_key(id) {
                out.push(finding(
                    "mismatch",
                    format!("line {line}"),
                    format!("id {id} is not in PLAYERS"),
                    "list every player in PLAYERS",
                ));
            }
        }
    }
    let mut dup: Vec<_> = names.into_iter().filter(|(_, v)| v.len() > 1).collect();
    dup.sort();
    for (name, lines) in dup {
        let l: Vec<String> = lines.iter().map(|x| x.to_string()).collect();
        out.push(finding(
            "duplicate-name",
            format!("lines {}", l.join(", ")),
            format!("{} players are named {name:?}", lines.len()),
            "make sure each has their own AGA id",
        ));
    }
    out
}

/// Checks a written file for `body`.
pub fn check_file(text: &str, body: Body) -> Vec<Finding> {
    let mut out = match body {
        Body::Egd => check_h9(text),
        Body::Aga => check_aga(text),
        Body::Ffg => check_tou(text),
    };
    if body == Body::Ffg && text.chars().any(|c| c as u32 >= 0x100) {
        out.push(finding(
            "encoding",
            "file",
            "some names are not in ISO-8859-1, which the FFG's tools read",
            "write those names in Latin letters",
        ));
    }
    out
}

/// The findings as JSON: `[{"code", "at", "problem", "fix", "severity"}, …]` (severity
/// `error` or `note`).
pub fn findings_json(f: &[Finding]) -> String {
    serde_json::to_string_pretty(f).unwrap_or_else(|_| "[]".into())
}

/// The findings as text, one a line: errors first, then notes.
pub fn findings_text(f: &[Finding]) -> String {
    let mut s = String::new();
    for x in f.iter().filter(|x| x.is_error()) {
        s.push_str(&format!(
            "{} [{}]: {} — fix: {}\n",
            x.at, x.code, x.problem, x.fix
        ));
    }
    for x in f.iter().filter(|x| !x.is_error()) {
        s.push_str(&format!("note: {} [{}]: {}\n", x.at, x.code, x.problem));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Whatever a file holds, reading and checking it answers with findings, never a panic.
        #[test]
        fn readers_never_panic(text in "(\\PC|[\\n; \\[\\]|+=/0-9bwdkABCDEFGHIJKLMNOPQRSTUVWXYZ])*") {
            let _ = check_file(&text, Body::Egd);
            let _ = check_file(&text, Body::Aga);
            let _ = check_file(&text, Body::Ffg);
            for kind in [super::super::ratings::ListKind::Egd, super::super::ratings::ListKind::Aga, super::super::ratings::ListKind::Ffg] {
                let _ = super::super::ratings::read_list(kind, &text);
            }
            let _ = super::super::exam::ExamTable::parse(&text);
            let _ = super::super::event::parse_dates(&text);
        }
    }

    #[test]
    fn results_entries_read() {
        assert_eq!(
            parse_result("12+/w3", false),
            Some(TableResult {
                opponent: 12,
                symbol: '+',
                colour: Some('w'),
                handicap: Some(3)
            })
        );
        assert_eq!(parse_result("0-", false).map(|r| r.opponent), Some(0));
        assert_eq!(
            parse_result("5=b0", true).map(|r| r.colour),
            Some(Some('b'))
        );
        assert!(parse_result("2d", false).is_none());
        assert!(parse_result("7", false).is_none());
    }
}
