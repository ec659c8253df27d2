//! Small board diagrams for sheets and reports: inline SVG of the part of a board that
//! matters (a corner or a side of a 13×13 or 19×19 problem), with the board's real edges drawn
//! thick and the cut sides left open, marked stones, a shaded region, numbered answer moves.

use std::fmt::Write;

use crate::escape::xml;
use crate::rules::{Board, Color, Coord};

/// The part of the board shown: columns `x0..=x1`, rows `y0..=y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    pub x0: u8,
    pub y0: u8,
    pub x1: u8,
    pub y1: u8,
}

impl Window {
    /// The whole board.
    pub fn whole(size: u8) -> Window {
        Window {
            x0: 0,
            y0: 0,
            x1: size.saturating_sub(1),
            y1: size.saturating_sub(1),
        }
    }

    /// The smallest window around `points` with a margin of two lines, at least 7 lines each
    /// way, reaching the edge when it comes within three lines of it; 9×9 boards whole.
    pub fn around(size: u8, points: &[Coord]) -> Window {
        if size <= 9 || points.is_empty() {
            return Window::whole(size);
        }
        let last = size - 1;
        let min_x = points.iter().map(|c| c.x).min().unwrap_or(0);
        let max_x = points.iter().map(|c| c.x).max().unwrap_or(last);
        let min_y = points.iter().map(|c| c.y).min().unwrap_or(0);
        let max_y = points.iter().map(|c| c.y).max().unwrap_or(last);
        let span = |lo: u8, hi: u8| -> (u8, u8) {
            let mut a = lo.saturating_sub(2);
            let mut b = (hi + 2).min(last);
            if a <= 3 {
                a = 0;
            }
            if last - b <= 3 {
                b = last;
            }
            while b - a < 6 {
                if a > 0 {
                    a -= 1;
                }
                if b - a < 6 && b < last {
                    b += 1;
                }
            }
            (a, b)
        };
        let (x0, x1) = span(min_x, max_x);
        let (y0, y1) = span(min_y, max_y);
        Window { x0, y0, x1, y1 }
    }

    fn contains(&self, c: Coord) -> bool {
        (self.x0..=self.x1).contains(&c.x) && (self.y0..=self.y1).contains(&c.y)
    }
}

/// What a diagram shows.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    /// Triangles (the problem's marked stones).
    pub triangles: Vec<Coord>,
    /// Shaded points (an endgame region).
    pub region: Vec<Coord>,
    /// Numbered stones played over the position (answers).
    pub numbers: Vec<(Coord, Color, u32)>,
    /// A circle on the last move.
    pub last: Option<Coord>,
}

const CELL: f64 = 10.0;
const MARGIN: f64 = 9.0;

fn star_points(size: u8) -> Vec<(u8, u8)> {
    let pts: &[u8] = match size {
        9 => &[2, 6],
        13 => &[3, 9],
        19 => &[3, 9, 15],
        _ => &[],
    };
    let mut out: Vec<(u8, u8)> = pts
        .iter()
        .flat_map(|&x| pts.iter().map(move |&y| (x, y)))
        .collect();
    if size == 9 || size == 13 {
        out.push((size / 2, size / 2));
    }
    out
}

/// The diagram as an inline `<svg>` element sized by CSS (`class="board"`).
pub(crate) fn diagram(board: &Board, window: Window, marks: &Marks, label: &str) -> String {
    let size = board.size();
    let cols = f64::from(window.x1 - window.x0);
    let rows = f64::from(window.y1 - window.y0);
    let w = cols * CELL + 2.0 * MARGIN;
    let h = rows * CELL + 2.0 * MARGIN;
    let px = |x: u8| MARGIN + f64::from(x - window.x0) * CELL;
    let py = |y: u8| MARGIN + f64::from(y - window.y0) * CELL;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.1} {h:.1}" role="img" aria-label="{}">"#,
        xml(label)
    );
    let _ = write!(
        s,
        r##"<rect x="0" y="0" width="{w:.1}" height="{h:.1}" fill="#f2d9a0" rx="1.5"/>"##
    );
    for p in &marks.region {
        if window.contains(*p) {
            let _ = write!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="{CELL}" height="{CELL}" fill="#9cc8f0" opacity="0.7"/>"##,
                px(p.x) - CELL / 2.0,
                py(p.y) - CELL / 2.0
            );
        }
    }
    // Lines: a cut side runs on half a cell; the board's edge is thick.
    let ext = CELL / 2.0;
    for x in window.x0..=window.x1 {
        let top = if window.y0 == 0 {
            py(0)
        } else {
            py(window.y0) - ext
        };
        let bottom = if window.y1 == size - 1 {
            py(size - 1)
        } else {
            py(window.y1) + ext
        };
        let edge = x == 0 || x == size - 1;
        let _ = write!(
            s,
            r##"<line x1="{0:.1}" y1="{top:.1}" x2="{0:.1}" y2="{bottom:.1}" stroke="#222" stroke-width="{1}"/>"##,
            px(x),
            if edge { 0.9 } else { 0.45 }
        );
    }
    for y in window.y0..=window.y1 {
        let left = if window.x0 == 0 {
            px(0)
        } else {
            px(window.x0) - ext
        };
        let right = if window.x1 == size - 1 {
            px(size - 1)
        } else {
            px(window.x1) + ext
        };
        let edge = y == 0 || y == size - 1;
        let _ = write!(
            s,
            r##"<line x1="{left:.1}" y1="{0:.1}" x2="{right:.1}" y2="{0:.1}" stroke="#222" stroke-width="{1}"/>"##,
            py(y),
            if edge { 0.9 } else { 0.45 }
        );
    }
    for (x, y) in star_points(size) {
        let c = Coord::new(x, y);
        if window.contains(c) {
            let _ = write!(
                s,
                r##"<circle cx="{:.1}" cy="{:.1}" r="1.2" fill="#222"/>"##,
                px(x),
                py(y)
            );
        }
    }
    let stone = |s: &mut String, c: Coord, color: Color| {
        let (fill, stroke) = match color {
            Color::Black => ("#151515", "#000"),
            Color::White => ("#fafafa", "#222"),
        };
        let _ = write!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="4.6" fill="{fill}" stroke="{stroke}" stroke-width="0.5"/>"#,
            px(c.x),
            py(c.y)
        );
    };
    let numbered: Vec<Coord> = marks.numbers.iter().map(|(c, _, _)| *c).collect();
    for (c, color) in board.stones() {
        if window.contains(c) && !numbered.contains(&c) {
            stone(&mut s, c, color);
        }
    }
    for &(c, color, n) in &marks.numbers {
        if !window.contains(c) {
            continue;
        }
        stone(&mut s, c, color);
        let ink = match color {
            Color::Black => "#fff",
            Color::White => "#000",
        };
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" font-size="{}" text-anchor="middle" fill="{ink}" font-family="DejaVu Sans, sans-serif" font-weight="bold">{n}</text>"#,
            px(c.x),
            py(c.y) + 2.0,
            if n >= 10 { 4.6 } else { 5.6 }
        );
    }
    for &c in &marks.triangles {
        if !window.contains(c) {
            continue;
        }
        let ink = match board.get(c) {
            Some(Color::Black) => "#ff6b6b",
            _ => "#c62828",
        };
        let (x, y) = (px(c.x), py(c.y));
        let _ = write!(
            s,
            r#"<polygon points="{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="none" stroke="{ink}" stroke-width="0.9"/>"#,
            y - 2.8,
            x - 2.6,
            y + 1.8,
            x + 2.6,
            y + 1.8
        );
    }
    if let Some(c) = marks.last.filter(|c| window.contains(*c)) {
        let ink = match board.get(c) {
            Some(Color::Black) => "#fff",
            _ => "#000",
        };
        let _ = write!(
            s,
            r#"<circle cx="{:.1}" cy="{:.1}" r="2.2" fill="none" stroke="{ink}" stroke-width="0.8"/>"#,
            px(c.x),
            py(c.y)
        );
    }
    // Coordinates of the shown lines, small, outside the grid.
    for x in window.x0..=window.x1 {
        let letter = Coord::new(x, 0).to_gtp(size);
        let letter: String = letter
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="3.2" text-anchor="middle" fill="#6b5a3a" font-family="DejaVu Sans, sans-serif">{letter}</text>"##,
            px(x),
            h - 1.6
        );
    }
    for y in window.y0..=window.y1 {
        let _ = write!(
            s,
            r##"<text x="{:.1}" y="{:.1}" font-size="3.2" text-anchor="middle" fill="#6b5a3a" font-family="DejaVu Sans, sans-serif">{}</text>"##,
            MARGIN / 2.0 - 1.0,
            py(y) + 1.1,
            u32::from(size) - u32::from(y)
        );
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_reach_the_near_edges_and_keep_a_margin() {
        assert_eq!(Window::around(9, &[Coord::new(4, 4)]), Window::whole(9));
        let w = Window::around(19, &[Coord::new(2, 16), Coord::new(4, 17)]);
        assert_eq!((w.x0, w.y1), (0, 18), "the lower left corner");
        assert!(w.x1 >= 6 && w.y0 <= 14 && w.x1 - w.x0 >= 6);
        let mid = Window::around(19, &[Coord::new(9, 9)]);
        assert_eq!((mid.x0, mid.x1, mid.y0, mid.y1), (6, 12, 6, 12));
    }

    #[test]
    fn a_diagram_has_its_stones_and_marks() {
        let board = Board::from_diagram(". . .\n. X O\n. . .").expect("board");
        let marks = Marks {
            triangles: vec![Coord::new(2, 1)],
            numbers: vec![(Coord::new(2, 2), Color::Black, 1)],
            ..Marks::default()
        };
        let svg = diagram(&board, Window::whole(3), &marks, "a <test>");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("a &lt;test&gt;"));
        assert_eq!(
            svg.matches("<circle").count(),
            3,
            "two stones and one numbered"
        );
        assert!(svg.contains("<polygon") && svg.contains(">1</text>"));
    }
}
