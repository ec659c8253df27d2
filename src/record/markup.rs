//! Markup, annotations and move timing of a node, typed (for review and teaching views).

use crate::rules::{Color, Coord};

use super::diagnostics::{Repair, Warning};
use super::properties::{
    decode_simple_text, decode_text, parse_number, parse_point_list, parse_real, split_compose,
};
use super::tree::Node;

/// Board markup of one node (`CR`, `SQ`, `TR`, `MA`, `SL`, `LB`, `AR`, `LN`, `DD`, `TB`, `TW`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup {
    /// Circles (`CR`).
    pub circles: Vec<Coord>,
    /// Squares (`SQ`).
    pub squares: Vec<Coord>,
    /// Triangles (`TR`).
    pub triangles: Vec<Coord>,
    /// Crosses (`MA`).
    pub crosses: Vec<Coord>,
    /// Selected points (`SL`).
    pub selected: Vec<Coord>,
    /// Dimmed points (`DD`).
    pub dimmed: Vec<Coord>,
    /// Black territory (`TB`).
    pub black_territory: Vec<Coord>,
    /// White territory (`TW`).
    pub white_territory: Vec<Coord>,
    /// Labels (`LB`): point and text.
    pub labels: Vec<(Coord, String)>,
    /// Arrows (`AR`): from, to.
    pub arrows: Vec<(Coord, Coord)>,
    /// Lines (`LN`): from, to.
    pub lines: Vec<(Coord, Coord)>,
}

/// How good a move or position is said to be (the FF[4] Double: 1 normal, 2 emphasised).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emphasis {
    /// `[1]`.
    Normal,
    /// `[2]`.
    Strong,
}

/// Annotations of one node (`C`, `N`, `GB`, `GW`, `DM`, `UC`, `HO`, `V`, `BM`, `DO`, `IT`, `TE`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotations {
    /// Comment (`C`).
    pub comment: Option<String>,
    /// Node name (`N`).
    pub name: Option<String>,
    /// Good for Black (`GB`).
    pub good_for_black: Option<Emphasis>,
    /// Good for White (`GW`).
    pub good_for_white: Option<Emphasis>,
    /// Even position (`DM`).
    pub even: Option<Emphasis>,
    /// Unclear position (`UC`).
    pub unclear: Option<Emphasis>,
    /// Hotspot (`HO`).
    pub hotspot: Option<Emphasis>,
    /// Estimated score (`V`).
    pub value: Option<f64>,
    /// Bad move (`BM`).
    pub bad_move: Option<Emphasis>,
    /// Tesuji (`TE`).
    pub tesuji: Option<Emphasis>,
    /// Doubtful move (`DO`).
    pub doubtful: bool,
    /// Interesting move (`IT`).
    pub interesting: bool,
}

/// Time left and moves left in the period after a move (`BL`/`WL`, `OB`/`OW`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TimeLeft {
    /// Seconds left (`BL`/`WL`).
    pub seconds: Option<f64>,
    /// Moves left in the overtime period (`OB`/`OW`).
    pub moves: Option<i64>,
}

fn double(node: &Node, id: &str) -> Option<Emphasis> {
    let raw = node.value(id)?;
    Some(if raw.trim() == "2" {
        Emphasis::Strong
    } else {
        Emphasis::Normal
    })
}

impl Markup {
    /// Reads the markup of a node on a board of `size`; bad points become warnings.
    pub fn read(node: &Node, size: u8) -> (Markup, Vec<Warning>) {
        let mut warnings = Vec::new();
        let mut list = |id: &str| -> Vec<Coord> {
            let Some(p) = node.get(id) else {
                return Vec::new();
            };
            let (points, bad) = parse_point_list(&p.values, size);
            for b in bad {
                warnings.push(Warning::general(Repair::MarkNotPoint {
                    id: id.to_string(),
                    raw: b.value,
                }));
            }
            points
        };
        let mut markup = Markup {
            circles: list("CR"),
            squares: list("SQ"),
            triangles: list("TR"),
            crosses: list("MA"),
            selected: list("SL"),
            dimmed: list("DD"),
            black_territory: list("TB"),
            white_territory: list("TW"),
            ..Markup::default()
        };
        let point = |raw: &str| Coord::from_sgf(raw.trim(), size);
        if let Some(p) = node.get("LB") {
            for raw in &p.values {
                match split_compose(raw).and_then(|(a, t)| Some((point(a)?, decode_simple_text(t))))
                {
                    Some(label) => markup.labels.push(label),
                    None => warnings.push(Warning::general(Repair::LabelNotPointText {
                        raw: raw.clone(),
                    })),
                }
            }
        }
        for (id, out) in [("AR", &mut markup.arrows), ("LN", &mut markup.lines)] {
            let Some(p) = node.get(id) else { continue };
            for raw in &p.values {
                match split_compose(raw).and_then(|(a, b)| Some((point(a)?, point(b)?))) {
                    Some(pair) => out.push(pair),
                    None => warnings.push(Warning::general(Repair::NotPointPair {
                        id: id.to_string(),
                        raw: raw.clone(),
                    })),
                }
            }
        }
        (markup, warnings)
    }
}

impl Annotations {
    /// Reads the annotations of a node.
    pub fn read(node: &Node) -> Annotations {
        Annotations {
            comment: node.value("C").map(decode_text),
            name: node.value("N").map(decode_simple_text),
            good_for_black: double(node, "GB"),
            good_for_white: double(node, "GW"),
            even: double(node, "DM"),
            unclear: double(node, "UC"),
            hotspot: double(node, "HO"),
            value: node.value("V").and_then(parse_real),
            bad_move: double(node, "BM"),
            tesuji: double(node, "TE"),
            doubtful: node.has("DO"),
            interesting: node.has("IT"),
        }
    }
}

impl TimeLeft {
    /// The time left for `color` recorded in a node; `None` when the node records none.
    pub fn read(node: &Node, color: Color) -> Option<TimeLeft> {
        let (time, moves) = match color {
            Color::Black => ("BL", "OB"),
            Color::White => ("WL", "OW"),
        };
        let left = TimeLeft {
            seconds: node.value(time).and_then(parse_real),
            moves: node.value(moves).and_then(parse_number),
        };
        (left.seconds.is_some() || left.moves.is_some()).then_some(left)
    }
}
