//! The arbiter's shorthand: one action a line, `T ACTION`, the text form through which scripts,
//! tests and the journal drive a session (`docs/session-format.md` has the whole grammar).
//!
//! `T` is the time since the session began: `m:ss`, `mm:ss` or `h:mm:ss` (minutes of any
//! number of digits), with optional `.mmm`. `#` starts a comment; text with spaces is quoted
//! (`"…"`, with `\"` or `""` for a quote inside). The first line of a script is `setup` with
//! `key=value` pairs. An action that takes an article (`warn B 17.2`) records it as given;
//! any action may end with a quoted note.
//!
//! Two actions carry a secret and are not [`Event`]s as written: `seal S P` names the point,
//! which only the edge may encrypt ([`Action::Seal`]), and `unseal` is opened with the PIN or
//! the paper slip ([`Action::Unseal`]). Their journal form (`seal B`, `unseal`) never holds the
//! point before it is opened.

use std::fmt::Write as _;

use crate::clock::{Millis, TimeControl, Timestamp, parse_seconds};
use crate::record::outcome::result_from_points;
use crate::rules::{Color, Coord, GameResult, KoRule, Komi, Move, Rules};

use super::event::{Change, Event};
use super::setup::{Colours, EndRule, GameSetup, Handicap, Mode};

/// What a line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// An action that is an entry as written.
    Event(Event),
    /// `seal S P`: the point must be encrypted before it is written anywhere.
    Seal {
        /// The sealer.
        by: Color,
        /// The sealed move (a point, or a pass).
        mv: Move,
    },
    /// `seal S` as the journal writes it: the encrypted point is stored beside the text.
    SealedBy(Color),
    /// `unseal`, or `unseal --slip P NONCE` when the PIN is lost.
    Unseal {
        /// The slip's move and nonce.
        slip: Option<(Move, [u8; 32])>,
    },
}

/// One parsed line: when, what, the article as given, the note.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The instant.
    pub at: Timestamp,
    /// The action.
    pub action: Action,
    /// The article as given.
    pub article: Option<String>,
    /// The trailing quoted note.
    pub note: Option<String>,
}

/// A token of a line: its text, and whether any of it was quoted.
#[derive(Clone, Debug, PartialEq)]
struct Token {
    text: String,
    quoted: bool,
}

/// Splits a line into tokens, dropping a `#` comment outside quotes.
fn tokenize(line: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut current: Option<Token> = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '#' => break,
            c if c.is_whitespace() => {
                if let Some(t) = current.take() {
                    tokens.push(t);
                }
            }
            '"' => {
                let token = current.get_or_insert_with(|| Token {
                    text: String::new(),
                    quoted: false,
                });
                token.quoted = true;
                loop {
                    match chars.next() {
                        None => return Err("a quote is not closed".to_owned()),
                        Some('\\') => match chars.next() {
                            Some(e) => token.text.push(e),
                            None => return Err("a quote is not closed".to_owned()),
                        },
                        Some('"') => {
                            if chars.peek() == Some(&'"') {
                                chars.next();
                                token.text.push('"');
                            } else {
                                break;
                            }
                        }
                        Some(other) => token.text.push(other),
                    }
                }
            }
            other => current
                .get_or_insert_with(|| Token {
                    text: String::new(),
                    quoted: false,
                })
                .text
                .push(other),
        }
    }
    if let Some(t) = current {
        tokens.push(t);
    }
    Ok(tokens)
}

/// Parses `T`: `m:ss`, `mm:ss`, `h:mm:ss` (minutes of any number of digits), optional `.mmm`.
pub fn parse_time(text: &str) -> Result<Timestamp, String> {
    let bad =
        || format!("{text:?} is not a time: expected m:ss, mm:ss or h:mm:ss with optional .mmm");
    let (main, millis) = match text.split_once('.') {
        Some((main, frac)) => {
            if frac.is_empty() || frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            let value: u64 = frac.parse().map_err(|_| bad())?;
            (main, value * 10u64.pow(3 - frac.len() as u32))
        }
        None => (text, 0),
    };
    let parts: Vec<&str> = main.split(':').collect();
    let number = |s: &str| -> Result<u64, String> {
        if s.is_empty() || s.len() > 12 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse().map_err(|_| bad())
    };
    let seconds = match parts.as_slice() {
        [m, s] => {
            if s.len() != 2 || number(s)? >= 60 {
                return Err(bad());
            }
            number(m)? * 60 + number(s)?
        }
        [h, m, s] => {
            if m.len() != 2 || s.len() != 2 || number(m)? >= 60 || number(s)? >= 60 {
                return Err(bad());
            }
            number(h)? * 3600 + number(m)? * 60 + number(s)?
        }
        _ => return Err(bad()),
    };
    seconds
        .checked_mul(1000)
        .and_then(|ms| ms.checked_add(millis))
        .map(Timestamp)
        .ok_or_else(bad)
}

/// Writes an instant as `m:ss.mmm` (minutes of any number of digits).
pub fn format_time(at: Timestamp) -> String {
    let ms = at.0;
    format!("{}:{:02}.{:03}", ms / 60_000, (ms / 1000) % 60, ms % 1000)
}

/// Writes a duration the way the shorthand reads it: `15m`, `90s`, `1.5s`.
pub fn format_duration(d: Millis) -> String {
    let (sign, ms) = if d.0 < 0 { ("-", -d.0) } else { ("", d.0) };
    if ms % 60_000 == 0 && ms != 0 {
        format!("{sign}{}m", ms / 60_000)
    } else if ms % 1000 == 0 {
        format!("{sign}{}s", ms / 1000)
    } else {
        format!("{sign}{}.{:03}s", ms / 1000, ms % 1000)
    }
}

/// A duration as the shorthand writes it: `15m`, `90s`, `1h30m`.
pub fn parse_duration(text: &str) -> Result<Millis, String> {
    parse_seconds(text)
}

/// A signed duration: `+30s`, `-1m`, `2m` (a plain duration adds).
pub fn parse_signed_duration(text: &str) -> Result<Millis, String> {
    if let Some(rest) = text.strip_prefix('-') {
        Ok(Millis(-parse_duration(rest)?.0))
    } else {
        parse_duration(text.strip_prefix('+').unwrap_or(text))
    }
}

fn parse_side(text: &str) -> Result<Color, String> {
    match text {
        "B" | "b" => Ok(Color::Black),
        "W" | "w" => Ok(Color::White),
        _ => Err(format!("{text:?} is not a side: expected B or W")),
    }
}

fn parse_point(text: &str, size: u8) -> Result<Coord, String> {
    Coord::from_gtp(text, size)
        .ok_or_else(|| format!("{text:?} is not a point of a {size}×{size} board"))
}

fn parse_move(text: &str, size: u8) -> Result<Move, String> {
    if text.eq_ignore_ascii_case("pass") {
        Ok(Move::Pass)
    } else {
        parse_point(text, size).map(Move::Play)
    }
}

fn is_article(t: &Token) -> bool {
    !t.quoted && t.text.starts_with(|c: char| c.is_ascii_digit())
}

/// Komi in stones (`3.75`), a quarter-stone multiple.
fn parse_komi(text: &str) -> Result<Komi, String> {
    let stones: f64 = text
        .parse()
        .map_err(|_| format!("komi {text:?} is not a number of stones (e.g. 3.75)"))?;
    let quarters = stones * 4.0;
    if !quarters.is_finite() || quarters.fract() != 0.0 || quarters.abs() > 4000.0 {
        return Err(format!(
            "komi {text:?} is not a whole number of quarter stones"
        ));
    }
    Ok(Komi(quarters as i32))
}

fn format_komi(k: Komi) -> String {
    let q = i64::from(k.0);
    let sign = if q < 0 { "-" } else { "" };
    let q = q.abs();
    match q % 4 {
        0 => format!("{sign}{}", q / 4),
        2 => format!("{sign}{}.5", q / 4),
        r => format!("{sign}{}.{}", q / 4, r * 25),
    }
}

/// Parses a result as given in clock-only mode: `B+3.5` (points), `W+0.5`, `Draw`/`0`.
fn parse_count_result(text: &str) -> Result<GameResult, String> {
    let bad = || format!("{text:?} is not a counted result such as B+3.5 or Draw");
    if text.eq_ignore_ascii_case("draw") || text == "0" {
        return Ok(GameResult {
            winner: None,
            margin_quarters: 0,
        });
    }
    let (side, points) = text.split_once('+').ok_or_else(bad)?;
    let winner = parse_side(side).map_err(|_| bad())?;
    let points: f64 = points.parse().map_err(|_| bad())?;
    result_from_points(winner, points).ok_or_else(bad)
}

/// Parses the setup line (`setup key=value …`, optionally after a `T` of zero).
pub fn parse_setup(line: &str) -> Result<GameSetup, String> {
    let tokens = tokenize(line)?;
    let mut rest = tokens.as_slice();
    if let Some(first) = rest.first()
        && !first.quoted
        && first.text != "setup"
        && parse_time(&first.text).is_ok()
    {
        rest = &rest[1..];
    }
    match rest.first() {
        Some(t) if t.text == "setup" && !t.quoted => rest = &rest[1..],
        _ => return Err("the first line must be `setup key=value …`".to_owned()),
    }
    let mut setup = GameSetup::default();
    let mut komi: Option<Komi> = None;
    let mut ko = KoRule::Positional;
    let mut handicap_text: Option<String> = None;
    let mut seen = Vec::new();
    for t in rest {
        let (key, value) = t
            .text
            .split_once('=')
            .ok_or_else(|| format!("{:?} is not key=value", t.text))?;
        if seen.contains(&key.to_owned()) {
            return Err(format!("setup key {key:?} given twice"));
        }
        seen.push(key.to_owned());
        match key {
            "size" => {
                setup.size = value
                    .parse()
                    .ok()
                    .filter(|s| (2..=25).contains(s))
                    .ok_or_else(|| format!("size {value:?} is not 2 to 25"))?;
            }
            "komi" => komi = Some(parse_komi(value)?),
            "handicap" => handicap_text = Some(value.to_owned()),
            "time" => {
                setup.time_control = if value.eq_ignore_ascii_case("none") || value.is_empty() {
                    None
                } else {
                    Some(
                        value
                            .parse::<TimeControl>()
                            .map_err(|e| format!("time {value:?}: {e}"))?,
                    )
                }
            }
            "ko" => {
                ko = match value {
                    "positional" => KoRule::Positional,
                    "situational" => KoRule::Situational,
                    "simple" => KoRule::Simple,
                    _ => {
                        return Err(format!(
                            "ko {value:?}: expected positional, situational or simple"
                        ));
                    }
                }
            }
            "late-limit" => setup.late_limit = parse_duration(value)?,
            "mode" => {
                setup.mode = match value {
                    "board" => Mode::Board,
                    "clock-only" => Mode::ClockOnly,
                    _ => return Err(format!("mode {value:?}: expected board or clock-only")),
                }
            }
            "end" => {
                setup.end_rule = match value {
                    "confirm" => EndRule::Confirmations,
                    "passes" => EndRule::TwoPasses,
                    _ => return Err(format!("end {value:?}: expected confirm or passes")),
                }
            }
            "colours" | "colors" => {
                setup.colours = match value {
                    "given" => Colours::Given,
                    "nigiri" => Colours::Nigiri,
                    "draw" => Colours::Draw,
                    _ => return Err(format!("colours {value:?}: expected given, nigiri or draw")),
                }
            }
            "black" => setup.black.name = value.to_owned(),
            "white" => setup.white.name = value.to_owned(),
            "black-rank" => setup.black.rank = value.to_owned(),
            "white-rank" => setup.white.rank = value.to_owned(),
            "event" => setup.event = value.to_owned(),
            "round" => setup.round = value.to_owned(),
            "table" => setup.table = value.to_owned(),
            _ => return Err(format!("unknown setup key {key:?}")),
        }
    }
    if let Some(text) = handicap_text {
        setup.handicap = parse_handicap(&text, setup.size)?;
    }
    // Handicap games, 让先 (`handicap=1`) included, have no komi unless it is given.
    let komi = komi.unwrap_or(if setup.handicap != Handicap::None {
        Komi::ZERO
    } else {
        Komi::CHINESE
    });
    setup.rules = Rules {
        ko,
        komi,
        ..Rules::CHINESE
    };
    Ok(setup)
}

fn parse_handicap(text: &str, size: u8) -> Result<Handicap, String> {
    if let Some(n) = text.strip_prefix("free:") {
        let n: u8 = n
            .parse()
            .ok()
            .filter(|n| (2..=9).contains(n))
            .ok_or_else(|| format!("handicap free:{n} must be 2 to 9 stones"))?;
        return Ok(Handicap::Free(n));
    }
    if let Ok(n) = text.parse::<u8>() {
        return match n {
            0 => Ok(Handicap::None),
            1 => Ok(Handicap::Fixed(1)),
            2..=9 => Ok(Handicap::Fixed(n)),
            _ => Err(format!(
                "handicap {n}: 0 to 9 stones, or free points like D4,Q16"
            )),
        };
    }
    let points = text
        .split(',')
        .map(|p| parse_point(p.trim(), size))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Handicap::Points(points))
}

fn quote(text: &str) -> String {
    let mut q = String::with_capacity(text.len() + 2);
    q.push('"');
    for c in text.chars() {
        if c == '"' || c == '\\' {
            q.push('\\');
        }
        q.push(c);
    }
    q.push('"');
    q
}

/// A value as `key=value`, quoted when it is empty or holds spaces, quotes or `#`.
fn setting(key: &str, value: &str) -> String {
    if value.is_empty()
        || value
            .chars()
            .any(|c| c.is_whitespace() || c == '"' || c == '#' || c == '\\')
    {
        format!("{key}={}", quote(value))
    } else {
        format!("{key}={value}")
    }
}

/// The canonical setup line: every key, in a fixed order.
pub fn format_setup(setup: &GameSetup) -> String {
    let size = setup.size;
    let handicap = match &setup.handicap {
        Handicap::None => "0".to_owned(),
        Handicap::Fixed(n) => n.to_string(),
        Handicap::Free(n) => format!("free:{n}"),
        Handicap::Points(p) => p
            .iter()
            .map(|c| c.to_gtp(size))
            .collect::<Vec<_>>()
            .join(","),
    };
    let time = setup
        .time_control
        .as_ref()
        .map_or_else(|| "none".to_owned(), |t| t.to_string());
    let ko = match setup.rules.ko {
        KoRule::Positional => "positional",
        KoRule::Situational => "situational",
        KoRule::Simple => "simple",
    };
    let mode = match setup.mode {
        Mode::Board => "board",
        Mode::ClockOnly => "clock-only",
    };
    let end = match setup.end_rule {
        EndRule::Confirmations => "confirm",
        EndRule::TwoPasses => "passes",
    };
    let colours = match setup.colours {
        Colours::Given => "given",
        Colours::Nigiri => "nigiri",
        Colours::Draw => "draw",
    };
    let parts = [
        "setup".to_owned(),
        format!("size={size}"),
        format!("komi={}", format_komi(setup.rules.komi)),
        setting("handicap", &handicap),
        setting("time", &time),
        format!("ko={ko}"),
        format!("late-limit={}", format_duration(setup.late_limit)),
        format!("mode={mode}"),
        format!("end={end}"),
        format!("colours={colours}"),
        setting("black", &setup.black.name),
        setting("black-rank", &setup.black.rank),
        setting("white", &setup.white.name),
        setting("white-rank", &setup.white.rank),
        setting("event", &setup.event),
        setting("round", &setup.round),
        setting("table", &setup.table),
    ];
    parts.join(" ")
}

/// Parses one action line (`T ACTION`) on a board of `size`; `Ok(None)` for a blank or comment
/// line.
pub fn parse_line(line: &str, size: u8) -> Result<Option<Line>, String> {
    let tokens = tokenize(line)?;
    let Some((first, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    if first.quoted {
        return Err("a line starts with its time, e.g. 1:05".to_owned());
    }
    let at = parse_time(&first.text)?;
    let (action, article, note) = parse_action(rest, size)?;
    Ok(Some(Line {
        at,
        action,
        article,
        note,
    }))
}

/// Parses an action's text without its `T` (as the journal stores it): the action, the article
/// as given, the note.
pub fn parse_action_text(
    text: &str,
    size: u8,
) -> Result<(Action, Option<String>, Option<String>), String> {
    parse_action(&tokenize(text)?, size)
}

/// Parses an action's tokens (after `T`).
fn parse_action(
    tokens: &[Token],
    size: u8,
) -> Result<(Action, Option<String>, Option<String>), String> {
    // A trailing quoted token is the note (for `rule` and `refer` it is the outcome / text).
    let (tokens, note) = match tokens.split_last() {
        Some((last, rest)) if last.quoted => (rest, Some(last.text.clone())),
        _ => (tokens, None),
    };
    let words: Vec<&str> = tokens.iter().map(|t| t.text.as_str()).collect();
    let Some((&verb, args)) = words.split_first() else {
        return Err("no action after the time".to_owned());
    };
    // An optional article as the last argument of the actions that take one.
    let take_article = |args: &[&str], fixed: usize| -> Result<Option<String>, String> {
        match args.len().checked_sub(fixed) {
            Some(0) => Ok(None),
            Some(1) => {
                let a = args[fixed];
                if is_article(&Token {
                    text: a.to_owned(),
                    quoted: false,
                }) {
                    Ok(Some(a.to_owned()))
                } else {
                    Err(format!("{a:?} is not an article number such as 17.2"))
                }
            }
            _ => Err(format!(
                "`{verb}` takes {fixed} argument(s) and an optional article"
            )),
        }
    };
    let exact = |n: usize| -> Result<(), String> {
        if args.len() == n {
            Ok(())
        } else {
            Err(format!("`{verb}` takes {n} argument(s)"))
        }
    };
    let ev = |e: Event| Action::Event(e);
    let side = |i: usize| -> Result<Color, String> {
        args.get(i)
            .ok_or_else(|| format!("`{verb}` needs a side (B or W)"))
            .and_then(|s| parse_side(s))
    };
    let (action, article) = match verb {
        "B" | "W" | "b" | "w" => {
            let color = parse_side(verb)?;
            let what = args
                .first()
                .ok_or("a move needs a point, pass, confirm or resign")?;
            if args.len() != 1 {
                return Err(format!("`{verb} {what}` takes nothing more"));
            }
            let e = match what.to_ascii_lowercase().as_str() {
                "pass" => Event::Move {
                    color,
                    mv: Move::Pass,
                },
                "confirm" => Event::Confirm(color),
                "resign" => Event::Resign(color),
                _ => Event::Move {
                    color,
                    mv: Move::Play(parse_point(what, size)?),
                },
            };
            (ev(e), None)
        }
        "press" => {
            exact(1)?;
            (ev(Event::Press(side(0)?)), None)
        }
        "stone" => {
            exact(1)?;
            (ev(Event::HandicapStone(parse_point(args[0], size)?)), None)
        }
        "start" => {
            exact(0)?;
            (ev(Event::Start), None)
        }
        "pause" => {
            exact(0)?;
            (ev(Event::Pause), None)
        }
        "resume" => {
            exact(0)?;
            (ev(Event::Resume), None)
        }
        "capture-pause" => {
            exact(1)?;
            (ev(Event::CapturePause(side(0)?)), None)
        }
        "dead" => {
            exact(1)?;
            (ev(Event::Dead(parse_point(args[0], size)?)), None)
        }
        "accept" => match args {
            [] => (ev(Event::Accept(None)), None),
            [r] => (ev(Event::Accept(Some(parse_count_result(r)?))), None),
            _ => return Err("`accept` takes at most the count, e.g. accept B+3.5".to_owned()),
        },
        "dispute" => {
            exact(0)?;
            (ev(Event::Dispute), None)
        }
        "late" => {
            if args.is_empty() || args.len() % 2 != 0 || args.len() > 4 {
                return Err("`late` takes S DURATION, or two: late B 10m W 20m".to_owned());
            }
            let mut list = Vec::new();
            for pair in args.chunks(2) {
                let c = parse_side(pair[0])?;
                if list.iter().any(|&(d, _)| d == c) {
                    return Err("`late` names each side once".to_owned());
                }
                list.push((c, parse_duration(pair[1])?));
            }
            (ev(Event::Late(list)), None)
        }
        "warn" => (ev(Event::Warn(side(0)?)), take_article(args, 1)?),
        "admonish" => (ev(Event::Admonish(side(0)?)), take_article(args, 1)?),
        "void" => {
            let c = side(0)?;
            let p = parse_point(args.get(1).ok_or("`void` needs S P")?, size)?;
            (ev(Event::Void(c, p)), take_article(args, 2)?)
        }
        "edit" => {
            let (changes, article) = parse_change_words(args, size)?;
            if changes.is_empty() {
                return Err("`edit` needs at least one change (+B P, +W P, -P)".to_owned());
            }
            (ev(Event::Edit(changes)), article)
        }
        "loss" => (ev(Event::Loss(side(0)?)), take_article(args, 1)?),
        "forfeit" => (ev(Event::Forfeit(side(0)?)), take_article(args, 1)?),
        "draw" => (ev(Event::Draw), take_article(args, 0)?),
        "replay" => (ev(Event::Replay), take_article(args, 0)?),
        "bothlose" => (ev(Event::BothLose), take_article(args, 0)?),
        "correct" => {
            let s = side(0)?;
            let mut delta = Millis::ZERO;
            let mut periods = 0i32;
            let mut any = false;
            for a in &args[1..] {
                if let Some(k) = a.strip_prefix("periods=") {
                    periods = k.strip_prefix('+').unwrap_or(k).parse().map_err(|_| {
                        format!("periods={k}: expected a whole number such as +1 or -1")
                    })?;
                } else {
                    delta = parse_signed_duration(a)?;
                }
                any = true;
            }
            if !any {
                return Err("`correct` needs ±DURATION and/or periods=±K".to_owned());
            }
            (
                ev(Event::Correct {
                    side: s,
                    delta,
                    periods,
                }),
                None,
            )
        }
        "absence" => {
            exact(1)?;
            (ev(Event::Absence(side(0)?)), None)
        }
        "rule" => {
            let (s, rest) = match args.first().map(|a| parse_side(a)) {
                Some(Ok(c)) => (Some(c), &args[1..]),
                _ => (None, args),
            };
            let article = match rest {
                [] => None,
                [a] if a.starts_with(|c: char| c.is_ascii_digit()) => Some((*a).to_owned()),
                _ => return Err("`rule` takes [S] [ART] \"outcome\"".to_owned()),
            };
            (ev(Event::Rule(s)), article)
        }
        "refer" => {
            exact(0)?;
            (ev(Event::Refer), None)
        }
        "revoke" => {
            let n: u32 = args
                .first()
                .and_then(|a| a.parse().ok())
                .ok_or("`revoke` needs the entry's number: revoke N ART \"reason\"")?;
            (ev(Event::Revoke(n)), take_article(args, 1)?)
        }
        "adjourn" => {
            exact(0)?;
            (ev(Event::Adjourn), None)
        }
        "seal" => match args.len() {
            1 => (Action::SealedBy(side(0)?), None),
            2 => (
                Action::Seal {
                    by: side(0)?,
                    mv: parse_move(args[1], size)?,
                },
                None,
            ),
            _ => return Err("`seal S P` (P a point or pass)".to_owned()),
        },
        "unseal" => match args {
            [] => (Action::Unseal { slip: None }, None),
            ["--slip", p, nonce] | ["slip", p, nonce] => {
                let mv = parse_move(p, size)?;
                let nonce = crate::seal::hex::decode_array::<32>(nonce)
                    .ok_or("the slip's nonce is 64 hexadecimal digits")?;
                (
                    Action::Unseal {
                        slip: Some((mv, nonce)),
                    },
                    None,
                )
            }
            _ => return Err("`unseal` or `unseal --slip P NONCE`".to_owned()),
        },
        "gap" => match args {
            ["charged"] => (ev(Event::Gap { charged: true }), None),
            ["free"] | ["uncharged"] => (ev(Event::Gap { charged: false }), None),
            _ => return Err("`gap charged` or `gap free`".to_owned()),
        },
        other => return Err(format!("unknown action {other:?}")),
    };
    Ok((action, article, note))
}

/// The changes of a position edit, `+B P`, `+W P`, `-P`, then optionally the article.
fn parse_change_words(args: &[&str], size: u8) -> Result<(Vec<Change>, Option<String>), String> {
    let mut changes = Vec::new();
    let mut article = None;
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        if let Some(colour) = a.strip_prefix('+') {
            let c = parse_side(colour)?;
            let p = parse_point(args.get(i + 1).ok_or("`+B` needs a point")?, size)?;
            changes.push(Change::Put(c, p));
            i += 2;
        } else if let Some(point) = a.strip_prefix('-') {
            changes.push(Change::Remove(parse_point(point, size)?));
            i += 1;
        } else if i == args.len() - 1 && a.starts_with(|c: char| c.is_ascii_digit()) {
            article = Some(a.to_owned());
            i += 1;
        } else {
            return Err(format!("{a:?} is not a change (+B P, +W P, -P)"));
        }
    }
    Ok((changes, article))
}

/// The changes of a position edit as the form's field gives them: `+B D4 -E5 +W C3`.
pub fn parse_changes(text: &str, size: u8) -> Result<Vec<Change>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match parse_change_words(&words, size)? {
        (changes, None) => Ok(changes),
        (_, Some(a)) => Err(format!("{a:?} is not a change (+B P, +W P, -P)")),
    }
}

fn letter(c: Color) -> char {
    c.letter()
}

/// The canonical text of an entry's action (without `T`), as the journal stores it: the
/// article where the action takes one, then the quoted note. A seal's point is never written
/// (`seal B`); an unsealing's move lives beside it in the journal.
pub fn format_event(event: &Event, article: Option<&str>, note: Option<&str>, size: u8) -> String {
    let mut s = String::new();
    // The catalogue says which rulings carry their article in the shorthand.
    let takes_article =
        super::catalogue::ruling_of(event).is_some_and(|(kind, _, _)| kind.takes_article());
    let art = |s: &mut String| {
        if let Some(a) = article.filter(|_| takes_article) {
            let _ = write!(s, " {a}");
        }
    };
    match event {
        Event::Move { color, mv } => {
            let what = match mv {
                Move::Pass => "pass".to_owned(),
                Move::Play(c) => c.to_gtp(size),
            };
            let _ = write!(s, "{} {what}", letter(*color));
        }
        Event::Confirm(c) => {
            let _ = write!(s, "{} confirm", letter(*c));
        }
        Event::Resign(c) => {
            let _ = write!(s, "{} resign", letter(*c));
        }
        Event::Press(c) => {
            let _ = write!(s, "press {}", letter(*c));
        }
        Event::HandicapStone(p) => {
            let _ = write!(s, "stone {}", p.to_gtp(size));
        }
        Event::Start => s.push_str("start"),
        Event::Pause => s.push_str("pause"),
        Event::Resume => s.push_str("resume"),
        Event::CapturePause(c) => {
            let _ = write!(s, "capture-pause {}", letter(*c));
        }
        Event::Dead(p) => {
            let _ = write!(s, "dead {}", p.to_gtp(size));
        }
        Event::Accept(None) => s.push_str("accept"),
        Event::Accept(Some(r)) => {
            let _ = write!(
                s,
                "accept {}",
                if r.winner.is_none() {
                    "Draw".to_owned()
                } else {
                    r.to_sgf()
                }
            );
        }
        Event::Dispute => s.push_str("dispute"),
        Event::Late(list) => {
            s.push_str("late");
            for (c, d) in list {
                let _ = write!(s, " {} {}", letter(*c), format_duration(*d));
            }
        }
        Event::Warn(c) => {
            let _ = write!(s, "warn {}", letter(*c));
            art(&mut s);
        }
        Event::Admonish(c) => {
            let _ = write!(s, "admonish {}", letter(*c));
            art(&mut s);
        }
        Event::Void(c, p) => {
            let _ = write!(s, "void {} {}", letter(*c), p.to_gtp(size));
            art(&mut s);
        }
        Event::Edit(changes) => {
            s.push_str("edit");
            for ch in changes {
                match ch {
                    Change::Put(c, p) => {
                        let _ = write!(s, " +{} {}", letter(*c), p.to_gtp(size));
                    }
                    Change::Remove(p) => {
                        let _ = write!(s, " -{}", p.to_gtp(size));
                    }
                }
            }
            art(&mut s);
        }
        Event::Loss(c) => {
            let _ = write!(s, "loss {}", letter(*c));
            art(&mut s);
        }
        Event::Forfeit(c) => {
            let _ = write!(s, "forfeit {}", letter(*c));
            art(&mut s);
        }
        Event::Draw => {
            s.push_str("draw");
            art(&mut s);
        }
        Event::Replay => {
            s.push_str("replay");
            art(&mut s);
        }
        Event::BothLose => {
            s.push_str("bothlose");
            art(&mut s);
        }
        Event::Correct {
            side,
            delta,
            periods,
        } => {
            let sign = if delta.0 < 0 { "" } else { "+" };
            let _ = write!(
                s,
                "correct {} {sign}{}",
                letter(*side),
                format_duration(*delta)
            );
            if *periods != 0 {
                let _ = write!(s, " periods={periods:+}");
            }
        }
        Event::Absence(c) => {
            let _ = write!(s, "absence {}", letter(*c));
        }
        Event::Rule(side) => {
            s.push_str("rule");
            if let Some(c) = side {
                let _ = write!(s, " {}", letter(*c));
            }
            art(&mut s);
        }
        Event::Refer => s.push_str("refer"),
        Event::Revoke(n) => {
            let _ = write!(s, "revoke {n}");
            art(&mut s);
        }
        Event::Adjourn => s.push_str("adjourn"),
        Event::Seal(sealed) => {
            let _ = write!(s, "seal {}", letter(sealed.by));
        }
        Event::Unseal(_) => s.push_str("unseal"),
        Event::Gap { charged } => {
            s.push_str(if *charged { "gap charged" } else { "gap free" });
        }
    }
    if let Some(n) = note {
        s.push(' ');
        s.push_str(&quote(n));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::DEFAULT_LATE_LIMIT;

    #[test]
    fn times_in_every_form() {
        assert_eq!(parse_time("0:00"), Ok(Timestamp(0)));
        assert_eq!(parse_time("1:05"), Ok(Timestamp(65_000)));
        assert_eq!(parse_time("75:00.5"), Ok(Timestamp(4_500_500)));
        assert_eq!(parse_time("1:02:03.004"), Ok(Timestamp(3_723_004)));
        assert_eq!(parse_time("123:59.999"), Ok(Timestamp(7_439_999)));
        for bad in ["1:5", "1:60", "x", "1:00.1234", "1:2:3", ":00", "1:00."] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
        assert_eq!(format_time(Timestamp(4_500_500)), "75:00.500");
    }

    #[test]
    fn setup_defaults_and_quoting() {
        let s =
            parse_setup(r#"setup size=9 handicap=3 black="Li Wei" white=Wang time=none table=7"#)
                .expect("setup");
        assert_eq!(s.size, 9);
        assert_eq!(s.handicap, Handicap::Fixed(3));
        assert_eq!(
            s.rules.komi,
            Komi::ZERO,
            "handicap games have no komi unless given"
        );
        assert_eq!(s.black.name, "Li Wei");
        assert_eq!(s.late_limit, DEFAULT_LATE_LIMIT);
        let even = parse_setup("setup").expect("setup");
        assert_eq!(even.rules.komi, Komi::CHINESE);
        let again = parse_setup(&format_setup(&s)).expect("canonical form parses");
        assert_eq!(again, s);
        assert!(parse_setup("setup colour=red").is_err());
        assert!(parse_setup("setup size=30").is_err());
        let pts = parse_setup("setup handicap=D4,Q16 komi=0.5").expect("setup");
        assert_eq!(pts.handicap.stones(), 2);
        assert_eq!(pts.rules.komi, Komi(2));
    }

    #[test]
    fn actions_round_trip_through_the_canonical_form() {
        let lines = [
            "0:10 B D4",
            "0:20 W pass",
            "1:00 B confirm",
            "2:00 warn W 17.2 \"lifted a stone\"",
            "2:00 void B Q16 19",
            "2:30 edit +B C3 -D4 +W E5 17.3",
            "3:00 late B 5m W 20m",
            "3:00 correct W -30s periods=+1",
            "4:00 rule B 25.1 \"a ruling \\\"quoted\\\"\"",
            "4:00 revoke 5 16.3 \"recount\"",
            "5:00 accept W+0.5",
            "5:00 gap free",
        ];
        for l in lines {
            let line = parse_line(l, 19).expect(l).expect(l);
            let Action::Event(e) = &line.action else {
                panic!("{l}")
            };
            let text = format_event(e, line.article.as_deref(), line.note.as_deref(), 19);
            let back = parse_line(&format!("{} {text}", format_time(line.at)), 19)
                .expect(&text)
                .expect(&text);
            assert_eq!(back, line, "{l} → {text}");
        }
    }

    #[test]
    fn comments_blank_lines_and_errors() {
        assert_eq!(parse_line("   # just a comment", 19), Ok(None));
        assert!(parse_line("1:00 B D4 # a move", 19).expect("ok").is_some());
        assert!(parse_line("1:00 B Z99", 19).is_err());
        assert!(parse_line("1:00 frobnicate", 19).is_err());
        assert!(parse_line("1:00 warn X 17", 19).is_err());
        assert!(parse_line("1:00 refer \"never closed", 19).is_err());
        let seal = parse_line("1:00 seal B R13", 19)
            .expect("ok")
            .expect("line");
        assert!(matches!(
            seal.action,
            Action::Seal {
                by: Color::Black,
                ..
            }
        ));
    }
}
