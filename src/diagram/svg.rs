//! An SVG picture of a scene, in millimetres so that it prints at the real size of a board.

use std::fmt::Write;

use super::layout::Layout;
use super::paper::Paper;
use super::scene::{PointMark, Scene};
use super::xml::escape;
use crate::geometry::LabelStyle;
use crate::rules::{Color, Coord};

/// What the board is drawn on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Background {
    /// Wood colour, like the board on screen.
    #[default]
    Wood,
    /// White paper, for printed records.
    Paper,
}

/// Options of [`to_svg`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Coordinates around the board, or none.
    pub coordinates: Option<LabelStyle>,
    /// Board colour.
    pub background: Background,
    /// The paper it prints on: the document's width and height are the board's printed size.
    pub paper: Paper,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            coordinates: Some(LabelStyle::default()),
            background: Background::Wood,
            paper: Paper::default(),
        }
    }
}

const WOOD: &str = "#dcb35c";
const PAPER: &str = "#ffffff";
const INK: &str = "#000000";
const BLACK_STONE: &str = "#141414";
const WHITE_STONE: &str = "#ffffff";
const ARROW: &str = "#c81e1e";
const SELECTED: &str = "#2f5fd0";

/// Writes `scene` as a standalone SVG document sized in millimetres for `options.paper`: the
/// drawing is in the millimetres of a real board (the view box), printed at the size that fits
/// the paper (width and height), which a `<desc>` states.
pub fn to_svg(scene: &Scene, options: &SvgOptions) -> String {
    let layout = Layout::standard(scene.size());
    let mut out = String::new();
    let (w, h) = (layout.width(), layout.height());
    let (pw, ph) = options.paper.fit(w, h, 0.0);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{pw:.1}mm" height="{ph:.1}mm" viewBox="0 0 {w:.2} {h:.2}" font-family="DejaVu Sans, Noto Sans CJK SC, Droid Sans Fallback, sans-serif">"#
    );
    let _ = writeln!(
        out,
        "<desc>{}</desc>",
        escape(&options.paper.describe(w, h, 0.0, crate::i18n::Lang::En))
    );
    out.push_str(&svg_body(scene, options, &layout));
    out.push_str("</svg>\n");
    out
}

/// The drawing without the outer `<svg>` element, for embedding several boards in one page.
pub fn svg_body(scene: &Scene, options: &SvgOptions, layout: &Layout) -> String {
    let mut out = String::new();
    let bg = match options.background {
        Background::Wood => WOOD,
        Background::Paper => PAPER,
    };
    let _ = writeln!(
        out,
        r#"<rect class="board" x="0" y="0" width="{:.2}" height="{:.2}" fill="{bg}"/>"#,
        layout.width(),
        layout.height()
    );
    grid(&mut out, scene, layout);
    coordinates(&mut out, options.coordinates, layout);
    selected(&mut out, scene, layout);
    stones(&mut out, scene, layout);
    point_marks(&mut out, scene, layout, bg);
    lines_and_arrows(&mut out, scene, layout);
    out
}

fn grid(out: &mut String, scene: &Scene, layout: &Layout) {
    let last = scene.size().saturating_sub(1);
    let (x0, y0) = layout.center(Coord::new(0, 0));
    let (x1, y1) = layout.center(Coord::new(last, last));
    let mut d = String::new();
    for i in 1..last {
        let (x, y) = layout.center(Coord::new(i, i));
        let _ = write!(d, "M{x:.2},{y0:.2}V{y1:.2}M{x0:.2},{y:.2}H{x1:.2}");
    }
    if !d.is_empty() {
        let _ = writeln!(
            out,
            r#"<path class="grid" d="{d}" stroke="{INK}" stroke-width="{:.2}" fill="none"/>"#,
            layout.line_w()
        );
    }
    let _ = writeln!(
        out,
        r#"<rect class="edge" x="{x0:.2}" y="{y0:.2}" width="{:.2}" height="{:.2}" stroke="{INK}" stroke-width="{:.2}" fill="none"/>"#,
        x1 - x0,
        y1 - y0,
        layout.edge_w()
    );
    for star in layout.star_points() {
        let (x, y) = layout.center(star);
        let _ = writeln!(
            out,
            r#"<circle class="star" cx="{x:.2}" cy="{y:.2}" r="{:.2}" fill="{INK}"/>"#,
            layout.star_r()
        );
    }
}

fn coordinates(out: &mut String, style: Option<LabelStyle>, layout: &Layout) {
    let Some(style) = style else {
        return;
    };
    let font = layout.label_font();
    for (x, y, t) in layout.labels(style) {
        text(out, "coord", x, y, font, INK, &t);
    }
}

fn text(out: &mut String, class: &str, x: f64, y: f64, font: f64, fill: &str, t: &str) {
    // A baseline shift instead of dominant-baseline: several SVG renderers ignore the latter.
    let _ = writeln!(
        out,
        r#"<text class="{class}" x="{x:.2}" y="{:.2}" font-size="{font:.2}" text-anchor="middle" fill="{fill}">{}</text>"#,
        y + font * 0.36,
        escape(t)
    );
}

fn selected(out: &mut String, scene: &Scene, layout: &Layout) {
    for (c, m) in &scene.marks.points {
        if *m == PointMark::Selected && scene.marks.point_mark(*c) == Some(PointMark::Selected) {
            let (x, y) = layout.center(*c);
            let _ = writeln!(
                out,
                r#"<rect class="mark-SL" x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="{SELECTED}" opacity="0.35"/>"#,
                x - layout.cell_w() / 2.0,
                y - layout.cell_h() / 2.0,
                layout.cell_w(),
                layout.cell_h()
            );
        }
    }
}

fn stones(out: &mut String, scene: &Scene, layout: &Layout) {
    let stroke = 0.35;
    let r = layout.stone_d() / 2.0 - stroke / 2.0;
    for (c, color) in scene.stones() {
        let (x, y) = layout.center(c);
        let (class, fill) = match color {
            Color::Black => ("stone-black", BLACK_STONE),
            Color::White => ("stone-white", WHITE_STONE),
        };
        let dim = if scene.marks.dimmed.contains(&c) {
            r#" opacity="0.45""#
        } else {
            ""
        };
        let _ = writeln!(
            out,
            r#"<circle class="{class}" cx="{x:.2}" cy="{y:.2}" r="{r:.2}" fill="{fill}" stroke="{INK}" stroke-width="{stroke:.2}"{dim}/>"#
        );
    }
}

/// Ink that shows on the point: white on a black stone, black elsewhere.
fn ink_on(scene: &Scene, c: Coord) -> &'static str {
    match scene.stone(c) {
        Some(Color::Black) => WHITE_STONE,
        _ => INK,
    }
}

fn point_marks(out: &mut String, scene: &Scene, layout: &Layout, bg: &str) {
    let r = layout.stone_d() / 2.0;
    let w = 0.7;
    let mut done: Vec<Coord> = Vec::new();
    for (c, _) in scene.marks.points.iter().rev() {
        if done.contains(c) {
            continue;
        }
        done.push(*c);
        let Some(mark) = scene.marks.point_mark(*c) else {
            continue;
        };
        let (x, y) = layout.center(*c);
        let ink = ink_on(scene, *c);
        let attrs = format!(r#"stroke="{ink}" stroke-width="{w:.2}" fill="none""#);
        let _ = match mark {
            PointMark::Circle => writeln!(
                out,
                r#"<circle class="mark-CR" cx="{x:.2}" cy="{y:.2}" r="{:.2}" {attrs}/>"#,
                r * 0.5
            ),
            PointMark::Square => {
                let s = r * 0.45;
                writeln!(
                    out,
                    r#"<rect class="mark-SQ" x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" {attrs}/>"#,
                    x - s,
                    y - s,
                    2.0 * s,
                    2.0 * s
                )
            }
            PointMark::Triangle => {
                let s = r * 0.6;
                let (dx, dy) = (s * 0.866, s * 0.5);
                writeln!(
                    out,
                    r#"<path class="mark-TR" d="M{x:.2},{:.2}L{:.2},{:.2}L{:.2},{:.2}Z" {attrs}/>"#,
                    y - s,
                    x + dx,
                    y + dy,
                    x - dx,
                    y + dy
                )
            }
            PointMark::Cross => {
                let s = r * 0.4;
                writeln!(
                    out,
                    r#"<path class="mark-MA" d="M{:.2},{:.2}L{:.2},{:.2}M{:.2},{:.2}L{:.2},{:.2}" {attrs}/>"#,
                    x - s,
                    y - s,
                    x + s,
                    y + s,
                    x - s,
                    y + s,
                    x + s,
                    y - s
                )
            }
            PointMark::Selected => Ok(()),
        };
    }
    // Numbers and labels: a number is what a printed record shows; a label given for the same
    // point in the record replaces it.
    let mut written: Vec<Coord> = Vec::new();
    for (c, t) in scene.marks.labels.iter().rev() {
        if written.contains(c) {
            continue;
        }
        written.push(*c);
        label(out, scene, layout, bg, *c, t, "label");
    }
    for (c, n) in scene.marks.numbers.iter().rev() {
        if written.contains(c) {
            continue;
        }
        written.push(*c);
        label(out, scene, layout, bg, *c, &n.to_string(), "number");
    }
    if let Some(c) = scene.marks.last_move
        && !scene.marks.covers(c)
        && scene.stone(c).is_some()
    {
        {
            let (x, y) = layout.center(c);
            let _ = writeln!(
                out,
                r#"<circle class="last-move" cx="{x:.2}" cy="{y:.2}" r="{:.2}" stroke="{}" stroke-width="{w:.2}" fill="none"/>"#,
                r * 0.42,
                ink_on(scene, c)
            );
        }
    }
}

fn label(
    out: &mut String,
    scene: &Scene,
    layout: &Layout,
    bg: &str,
    c: Coord,
    t: &str,
    class: &str,
) {
    let (x, y) = layout.center(c);
    let r = layout.stone_d() / 2.0;
    if scene.stone(c).is_none() {
        // Blank the crossing lines so the text is readable, as printed diagrams do.
        let _ = writeln!(
            out,
            r#"<circle class="label-bg" cx="{x:.2}" cy="{y:.2}" r="{:.2}" fill="{bg}"/>"#,
            r * 0.8
        );
    }
    let chars = t.chars().count().max(1);
    let font = match chars {
        1 | 2 => r * 0.95,
        3 => r * 0.78,
        _ => r * 2.2 / chars as f64,
    };
    text(out, class, x, y, font, ink_on(scene, c), t);
}

fn lines_and_arrows(out: &mut String, scene: &Scene, layout: &Layout) {
    let w = 1.0;
    for (class, list, head) in [
        ("mark-LN", &scene.marks.lines, false),
        ("mark-AR", &scene.marks.arrows, true),
    ] {
        for (a, b) in list {
            if a == b {
                continue;
            }
            let (x1, y1) = layout.center(*a);
            let (x2, y2) = layout.center(*b);
            let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt();
            let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
            // The head is a path of its own rather than an SVG marker: several renderers
            // (ImageMagick's among them) drop markers.
            let head_len = if head { 4.5_f64.min(len / 2.0) } else { 0.0 };
            let (ex, ey) = (x2 - ux * head_len, y2 - uy * head_len);
            let _ = writeln!(
                out,
                r#"<line class="{class}" x1="{x1:.2}" y1="{y1:.2}" x2="{ex:.2}" y2="{ey:.2}" stroke="{ARROW}" stroke-width="{w:.2}" stroke-linecap="round"/>"#
            );
            if head {
                let half = head_len * 0.5;
                let _ = writeln!(
                    out,
                    r#"<path class="arrowhead" d="M{x2:.2},{y2:.2}L{:.2},{:.2}L{:.2},{:.2}Z" fill="{ARROW}"/>"#,
                    ex - uy * half,
                    ey + ux * half,
                    ex + uy * half,
                    ey - ux * half
                );
            }
        }
    }
}
