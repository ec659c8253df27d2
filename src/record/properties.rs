//! Typed FF[4] Go properties: value types, text escapes, points, moves and compressed point lists.
//!
//! Sits on top of the raw tree: a raw value is turned into its typed meaning here, and typed
//! values are turned back into correctly escaped raw values. Properties the table does not
//! know (private ones such as `MULTIGOGM`, or other games') stay raw and are written back as
//! they were read.

use crate::rules::{Color, Coord, Move};

/// The value type of a property, as the FF[4] specification defines it for Go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueType {
    /// No value: `[]` (e.g. `KO`, `IT`, `DO`).
    None,
    /// A whole number (e.g. `HA`, `MN`, `PM`).
    Number,
    /// A real number (e.g. `KM`, `TM`, `BL`).
    Real,
    /// `1` normal or `2` emphasised (e.g. `GB`, `DM`, `TE`).
    Double,
    /// `B` or `W` (e.g. `PL`).
    Color,
    /// Text without line breaks (e.g. `N`, `PB`).
    SimpleText,
    /// Text with line breaks (e.g. `C`, `GC`).
    Text,
    /// A move: a point, or `[]` for a pass (`tt` too on boards up to 19).
    Move,
    /// A list of points, compressible as `aa:cc` (e.g. `AB`, `TB`, `CR`).
    PointList,
    /// Like `PointList` but may be empty (`VW[]`, `DD[]`).
    EList,
    /// `point:simpletext` (`LB`).
    PointText,
    /// `point:point` (`AR`, `LN`).
    PointPoint,
    /// `number` or `number:number` (`SZ`).
    Size,
    /// `number:simpletext` (`FG`).
    Figure,
    /// `simpletext:simpletext` (`AP`).
    TextText,
}

/// Whether a property belongs to a move, setup, game-info or root node, or anywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropertyKind {
    /// `B`, `W`, `KO`, `MN` and the move annotations.
    Move,
    /// `AB`, `AW`, `AE`, `PL`.
    Setup,
    /// `FF`, `GM`, `CA`, `SZ`, `AP`, `ST`: root only.
    Root,
    /// Game information such as `PB`, `KM`, `RE`.
    GameInfo,
    /// Anything else (markup, comments, timing).
    Other,
}

/// Value type and kind of a known FF[4] Go property; `None` for unknown or private ones.
pub fn property_type(id: &str) -> Option<(ValueType, PropertyKind)> {
    use PropertyKind as K;
    use ValueType as V;
    Some(match id {
        "B" | "W" => (V::Move, K::Move),
        "KO" => (V::None, K::Move),
        "MN" => (V::Number, K::Move),
        "BM" | "TE" => (V::Double, K::Move),
        "DO" | "IT" => (V::None, K::Move),
        "AB" | "AW" | "AE" => (V::PointList, K::Setup),
        "PL" => (V::Color, K::Setup),
        "C" => (V::Text, K::Other),
        "N" => (V::SimpleText, K::Other),
        "DM" | "GB" | "GW" | "HO" | "UC" => (V::Double, K::Other),
        "V" => (V::Real, K::Other),
        "AR" | "LN" => (V::PointPoint, K::Other),
        "CR" | "MA" | "SL" | "SQ" | "TR" | "TB" | "TW" => (V::PointList, K::Other),
        "DD" | "VW" => (V::EList, K::Other),
        "LB" => (V::PointText, K::Other),
        "AP" => (V::TextText, K::Root),
        "CA" => (V::SimpleText, K::Root),
        "FF" | "GM" | "ST" => (V::Number, K::Root),
        "SZ" => (V::Size, K::Root),
        "AN" | "BR" | "BT" | "CP" | "DT" | "EV" | "GN" | "ON" | "OT" | "PB" | "PC" | "PW"
        | "RE" | "RO" | "RU" | "SO" | "US" | "WR" | "WT" => (V::SimpleText, K::GameInfo),
        "GC" => (V::Text, K::GameInfo),
        "HA" => (V::Number, K::GameInfo),
        "KM" | "TM" => (V::Real, K::GameInfo),
        "BL" | "WL" => (V::Real, K::Other),
        "OB" | "OW" => (V::Number, K::Other),
        "FG" => (V::Figure, K::Other),
        "PM" => (V::Number, K::Other),
        _ => return None,
    })
}

/// Resolves a Text value: escapes, soft line breaks (`\` before a line break) removed,
/// line breaks kept as `\n`, other white space turned into spaces (FF[4] "Text").
pub fn decode_text(raw: &str) -> String {
    decode(raw, true)
}

/// Resolves a SimpleText value: like [`decode_text`], but line breaks become spaces too.
pub fn decode_simple_text(raw: &str) -> String {
    decode(raw, false)
}

fn decode(raw: &str, keep_newlines: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    // A line break is "\n", "\r", "\r\n" or "\n\r": after one of them, swallow its partner.
    let partner = |c: char| if c == '\n' { '\r' } else { '\n' };
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // Soft line break: the break and the backslash vanish.
                Some(b @ ('\n' | '\r')) => {
                    chars.next_if_eq(&partner(b));
                }
                Some(c) if c.is_whitespace() => out.push(' '),
                Some(c) => out.push(c),
                None => {}
            },
            '\n' | '\r' => {
                chars.next_if_eq(&partner(c));
                out.push(if keep_newlines { '\n' } else { ' ' });
            }
            c if c.is_whitespace() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Escapes text for a value: `\` and `]` always, and `:` too when the value is one half of a composed pair.
pub fn encode_text(text: &str, in_compose: bool) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        if c == '\\' || c == ']' || (in_compose && c == ':') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Splits a composed raw value at its first unescaped `:`; `None` when there is none.
pub fn split_compose(raw: &str) -> Option<(&str, &str)> {
    let bytes = raw.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'\\' => i += 2,
            b':' => return Some((raw.get(..i)?, raw.get(i + 1..)?)),
            _ => i += 1,
        }
    }
    None
}

/// Why a point-valued property could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPoint {
    /// The offending raw value.
    pub value: String,
}

/// A move value: `[]` or (on boards up to 19) `[tt]` is a pass, otherwise a point on the board.
pub fn parse_move(raw: &str, size: u8) -> Result<Move, BadPoint> {
    let raw = raw.trim();
    if raw.is_empty() || (size <= 19 && raw == "tt") {
        return Ok(Move::Pass);
    }
    Coord::from_sgf(raw, size)
        .map(Move::Play)
        .ok_or_else(|| BadPoint {
            value: raw.to_string(),
        })
}

/// The raw value for a move: `[]` for a pass, as FF[4] prefers.
pub fn move_value(mv: Move) -> String {
    match mv {
        Move::Pass => String::new(),
        Move::Play(c) => c.to_sgf(),
    }
}

/// The points of a (possibly compressed) point list: `aa` or a rectangle `aa:cc`.
/// Points off the board are reported as bad; repeated points are kept once.
pub fn parse_point_list(values: &[String], size: u8) -> (Vec<Coord>, Vec<BadPoint>) {
    let mut points = Vec::new();
    let mut bad = Vec::new();
    for raw in values {
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        let corners = match split_compose(raw) {
            Some((a, b)) => Coord::from_sgf(a.trim(), size).zip(Coord::from_sgf(b.trim(), size)),
            None => Coord::from_sgf(raw, size).map(|c| (c, c)),
        };
        let Some((a, b)) = corners else {
            bad.push(BadPoint {
                value: raw.to_string(),
            });
            continue;
        };
        for y in a.y.min(b.y)..=a.y.max(b.y) {
            for x in a.x.min(b.x)..=a.x.max(b.x) {
                points.push(Coord::new(x, y));
            }
        }
    }
    let mut seen = crate::rules::PointSet::new();
    points.retain(|p| seen.insert(*p));
    (points, bad)
}

/// Raw values for a point list, compressed into rectangles where the points allow
/// (greedy: widest row run first, then grown downwards), in row-major order.
pub fn compress_point_list(points: &[Coord]) -> Vec<String> {
    let set: std::collections::BTreeSet<(u8, u8)> = points.iter().map(|c| (c.y, c.x)).collect();
    let mut left = set.clone();
    let mut out = Vec::new();
    for &(y, x) in &set {
        if !left.contains(&(y, x)) {
            continue;
        }
        let mut x2 = x;
        while x2 < u8::MAX && left.contains(&(y, x2 + 1)) {
            x2 += 1;
        }
        let mut y2 = y;
        while y2 < u8::MAX && (x..=x2).all(|xx| left.contains(&(y2 + 1, xx))) {
            y2 += 1;
        }
        for yy in y..=y2 {
            for xx in x..=x2 {
                left.remove(&(yy, xx));
            }
        }
        let a = Coord::new(x, y).to_sgf();
        if (x, y) == (x2, y2) {
            out.push(a);
        } else {
            out.push(format!("{a}:{}", Coord::new(x2, y2).to_sgf()));
        }
    }
    out
}

/// A colour value `B` or `W` (case-insensitive, spaces ignored); other spellings give `None`.
pub fn parse_color(raw: &str) -> Option<Color> {
    match raw.trim() {
        "B" | "b" | "1" => Some(Color::Black),
        "W" | "w" | "2" => Some(Color::White),
        _ => None,
    }
}

/// A Number value (an optional sign and digits, spaces around ignored).
pub fn parse_number(raw: &str) -> Option<i64> {
    raw.trim().trim_start_matches('+').parse().ok()
}

/// A Real value; also accepts a comma as decimal separator, which some writers use.
pub fn parse_real(raw: &str) -> Option<f64> {
    let t = raw.trim().replace(',', ".");
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Writes a real without needless digits: `7.5`, `0`, `-0.5`.
pub fn real_value(v: f64) -> String {
    let s = format!("{v}");
    if s == "-0" { "0".to_string() } else { s }
}
