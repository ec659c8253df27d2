//! Markup of one node (SGF CR, SQ, TR, MA, SL, LB, AR, LN, DD) read into [`Marks`] and edited
//! in place, keeping the node's other properties untouched.

use crate::diagram::{Marks, PointMark};
use crate::record::Node;
use crate::record::properties::{decode_simple_text, encode_text, parse_point_list, split_compose};
use crate::rules::Coord;

/// The SGF identifier of a point mark.
pub fn mark_property(mark: PointMark) -> &'static str {
    match mark {
        PointMark::Circle => "CR",
        PointMark::Square => "SQ",
        PointMark::Triangle => "TR",
        PointMark::Cross => "MA",
        PointMark::Selected => "SL",
    }
}

const POINT_MARKS: [PointMark; 5] = [
    PointMark::Circle,
    PointMark::Square,
    PointMark::Triangle,
    PointMark::Cross,
    PointMark::Selected,
];

/// The points of a point-list property (compressed lists expanded; bad points skipped).
pub fn points(node: &Node, id: &str, size: u8) -> Vec<Coord> {
    node.get(id)
        .map(|p| parse_point_list(&p.values, size).0)
        .unwrap_or_default()
}

/// Writes a point list, or removes the property when the list is empty.
pub fn set_points(node: &mut Node, id: &str, list: &[Coord]) {
    if list.is_empty() {
        node.remove(id);
    } else {
        node.set(id, list.iter().map(|c| c.to_sgf()).collect());
    }
}

fn pairs(node: &Node, id: &str, size: u8) -> Vec<(Coord, Coord)> {
    let Some(p) = node.get(id) else {
        return Vec::new();
    };
    p.values
        .iter()
        .filter_map(|raw| {
            let (a, b) = split_compose(raw)?;
            Some((
                Coord::from_sgf(a.trim(), size)?,
                Coord::from_sgf(b.trim(), size)?,
            ))
        })
        .collect()
}

fn labels(node: &Node, size: u8) -> Vec<(Coord, String)> {
    let Some(p) = node.get("LB") else {
        return Vec::new();
    };
    p.values
        .iter()
        .filter_map(|raw| {
            let (a, text) = split_compose(raw)?;
            Some((Coord::from_sgf(a.trim(), size)?, decode_simple_text(text)))
        })
        .collect()
}

/// The markup of `node` as diagram marks (no numbers and no last move: those come from the
/// moves, not from the node).
pub fn read_marks(node: &Node, size: u8) -> Marks {
    let mut marks = Marks::default();
    for mark in POINT_MARKS {
        for c in points(node, mark_property(mark), size) {
            marks.points.push((c, mark));
        }
    }
    marks.labels = labels(node, size);
    marks.arrows = pairs(node, "AR", size);
    marks.lines = pairs(node, "LN", size);
    marks.dimmed = points(node, "DD", size);
    marks
}

/// Puts `mark` on `c`, or takes it off when it is already there. A point holds one shape at
/// most (FF[4] forbids two of CR, MA, SL, SQ, TR on one point), so others on `c` go.
pub fn toggle_mark(node: &mut Node, c: Coord, mark: PointMark, size: u8) {
    let had = points(node, mark_property(mark), size).contains(&c);
    for other in POINT_MARKS {
        let id = mark_property(other);
        let mut list = points(node, id, size);
        if list.contains(&c) {
            list.retain(|p| *p != c);
            set_points(node, id, &list);
        }
    }
    if !had {
        let id = mark_property(mark);
        let mut list = points(node, id, size);
        list.push(c);
        set_points(node, id, &list);
    }
}

/// Sets the label of `c` (an empty text removes it).
pub fn set_label(node: &mut Node, c: Coord, text: &str, size: u8) {
    let mut list: Vec<(Coord, String)> = labels(node, size)
        .into_iter()
        .filter(|(p, _)| *p != c)
        .collect();
    let text = text.trim();
    if !text.is_empty() {
        list.push((c, text.to_string()));
    }
    if list.is_empty() {
        node.remove("LB");
    } else {
        let values = list
            .iter()
            .map(|(p, t)| format!("{}:{}", p.to_sgf(), encode_text(t, true)))
            .collect();
        node.set("LB", values);
    }
}

/// Adds an arrow (`AR`) or a line (`LN`) from `a` to `b`, or removes it when present
/// (a line in either direction). Returns false for `a == b`, which FF[4] forbids.
pub fn toggle_pair(node: &mut Node, id: &str, a: Coord, b: Coord, size: u8) -> bool {
    if a == b {
        return false;
    }
    let mut list = pairs(node, id, size);
    let same = |p: &(Coord, Coord)| *p == (a, b) || (id == "LN" && *p == (b, a));
    if list.iter().any(same) {
        list.retain(|p| !same(p));
    } else {
        list.push((a, b));
    }
    if list.is_empty() {
        node.remove(id);
    } else {
        node.set(
            id,
            list.iter()
                .map(|(p, q)| format!("{}:{}", p.to_sgf(), q.to_sgf()))
                .collect(),
        );
    }
    true
}

/// Dims `c` (`DD`) or undims it.
pub fn toggle_dimmed(node: &mut Node, c: Coord, size: u8) {
    let mut list = points(node, "DD", size);
    if list.contains(&c) {
        list.retain(|p| *p != c);
    } else {
        list.push(c);
    }
    set_points(node, "DD", &list);
}

/// Removes every mark, label, arrow and line touching `c`.
pub fn clear_at(node: &mut Node, c: Coord, size: u8) {
    for id in ["CR", "SQ", "TR", "MA", "SL", "DD"] {
        let mut list = points(node, id, size);
        if list.contains(&c) {
            list.retain(|p| *p != c);
            set_points(node, id, &list);
        }
    }
    set_label(node, c, "", size);
    for id in ["AR", "LN"] {
        for (a, b) in pairs(node, id, size) {
            if a == c || b == c {
                toggle_pair(node, id, a, b, size);
            }
        }
    }
}

/// Removes all markup from the node.
pub fn clear_all(node: &mut Node) {
    for id in ["CR", "SQ", "TR", "MA", "SL", "DD", "LB", "AR", "LN"] {
        node.remove(id);
    }
}
