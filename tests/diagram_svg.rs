//! The SVG diagram: well-formed, drawn to the board geometry of Art. 33, markup where it belongs.

use tianyuan::diagram::{Marks, Paper, PointMark, Scene, SvgOptions, to_svg};
use tianyuan::geometry::LabelStyle;
use tianyuan::rules::{Board, Coord};

/// Checks that every element is closed in order: enough to catch a broken writer without an
/// XML crate.
fn assert_well_formed(svg: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("unclosed tag") + start;
        let tag = &rest[start + 1..end];
        assert!(!tag.contains('<'), "'<' inside a tag: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "mismatched </{name}>"
            );
        } else if !tag.ends_with('/') {
            let name = tag
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string();
            stack.push(name);
        }
        rest = &rest[end + 1..];
    }
    assert!(stack.is_empty(), "unclosed elements: {stack:?}");
    assert!(svg.starts_with("<svg "));
}

/// All values of `attr` on elements of `class`, as numbers.
fn attrs(svg: &str, class: &str, attr: &str) -> Vec<f64> {
    svg.lines()
        .filter(|l| l.contains(&format!("class=\"{class}\"")))
        .filter_map(|l| {
            let key = format!(" {attr}=\"");
            let from = l.find(&key)? + key.len();
            let to = l[from..].find('"')? + from;
            l[from..to].parse().ok()
        })
        .collect()
}

fn svg_attr(svg: &str, attr: &str) -> String {
    let key = format!(" {attr}=\"");
    let from = svg.find(&key).expect("attribute") + key.len();
    let to = svg[from..].find('"').expect("closing quote") + from;
    svg[from..to].to_string()
}

fn empty(size: u8) -> Scene {
    Scene::empty(size)
}

#[test]
fn board_19_is_to_art_33_in_millimetres() {
    let real = SvgOptions {
        paper: Paper::RealSize,
        ..SvgOptions::default()
    };
    let svg = to_svg(&empty(19), &real);
    assert_well_formed(&svg);
    // 18 cells of 2.3 cm across and 2.45 cm down, plus a 2 cm margin on each side.
    assert_eq!(svg_attr(&svg, "width"), "454.0mm");
    assert_eq!(svg_attr(&svg, "height"), "481.0mm");
    assert_eq!(svg_attr(&svg, "viewBox"), "0 0 454.00 481.00");
}

/// Issue 10 item 8: (paper, printed width, printed height, what the `<desc>` says).
#[test]
fn issue_10_svg_prints_on_a4_by_default_a3_or_real_size_and_says_which() {
    let cases = [
        (
            Paper::A4,
            "180.0mm",
            "190.7mm",
            "A4: board 180 × 191 mm (40 % of a real board)",
        ),
        (
            Paper::A3,
            "267.0mm",
            "282.9mm",
            "A3: board 267 × 283 mm (59 % of a real board)",
        ),
        (
            Paper::RealSize,
            "454.0mm",
            "481.0mm",
            "Real size: board 454 × 481 mm",
        ),
    ];
    for (paper, w, h, desc) in cases {
        let options = SvgOptions {
            paper,
            ..SvgOptions::default()
        };
        let svg = to_svg(&empty(19), &options);
        assert_well_formed(&svg);
        assert_eq!(svg_attr(&svg, "width"), w, "{paper:?}");
        assert_eq!(svg_attr(&svg, "height"), h, "{paper:?}");
        // The drawing stays in the millimetres of a real board; only the print size changes.
        assert_eq!(svg_attr(&svg, "viewBox"), "0 0 454.00 481.00");
        assert!(svg.contains(desc), "{paper:?}: {svg:.300}");
    }
    assert_eq!(SvgOptions::default().paper, Paper::A4);
}

#[test]
fn star_points_nine_on_19_five_on_13_and_9() {
    for (size, count) in [(19, 9), (13, 5), (9, 5)] {
        let svg = to_svg(&empty(size), &SvgOptions::default());
        assert_eq!(attrs(&svg, "star", "cx").len(), count, "{size}x{size}");
    }
    let svg = to_svg(&empty(19), &SvgOptions::default());
    let xs = attrs(&svg, "star", "cx");
    let ys = attrs(&svg, "star", "cy");
    let span = |v: &[f64]| {
        v.iter().cloned().fold(f64::MIN, f64::max) - v.iter().cloned().fold(f64::MAX, f64::min)
    };
    // Stars on the 4th lines from each edge: 12 cells apart; the ratio is that of a cell.
    assert!((span(&xs) - 12.0 * 23.0).abs() < 1e-6);
    assert!((span(&ys) - 12.0 * 24.5).abs() < 1e-6);
    assert!((span(&xs) / span(&ys) - 2.3 / 2.45).abs() < 1e-9);
}

#[test]
fn stones_are_2_25_cm_across_and_centred_on_points() {
    let board = Board::from_diagram(
        "X . .
         . O .
         . . .",
    )
    .expect("diagram");
    let svg = to_svg(&Scene::new(&board), &SvgOptions::default());
    assert_well_formed(&svg);
    for class in ["stone-black", "stone-white"] {
        let r = attrs(&svg, class, "r");
        let stroke = attrs(&svg, class, "stroke-width");
        assert_eq!(r.len(), 1);
        // The outer edge of the outline is the stone's edge.
        assert!(
            (2.0 * r[0] + stroke[0] - 22.5).abs() < 0.02,
            "{class}: r {r:?}"
        );
    }
    assert_eq!(attrs(&svg, "stone-black", "cx"), vec![20.0]);
    assert_eq!(attrs(&svg, "stone-white", "cx"), vec![43.0]);
    assert_eq!(attrs(&svg, "stone-white", "cy"), vec![44.5]);
}

#[test]
fn markup_shapes_labels_numbers_and_escaping() {
    let board = Board::from_diagram(
        ". X . .
         . O . .
         . . . .
         . . . .",
    )
    .expect("diagram");
    let marks = Marks {
        points: vec![
            (Coord::new(0, 0), PointMark::Triangle),
            (Coord::new(1, 0), PointMark::Circle),
            (Coord::new(2, 0), PointMark::Square),
            (Coord::new(3, 0), PointMark::Cross),
            (Coord::new(3, 3), PointMark::Selected),
        ],
        labels: vec![(Coord::new(2, 2), "<&>".into())],
        arrows: vec![(Coord::new(0, 3), Coord::new(2, 3))],
        lines: vec![(Coord::new(0, 2), Coord::new(0, 3))],
        dimmed: vec![Coord::new(1, 1)],
        numbers: vec![(Coord::new(1, 1), 123)],
        last_move: Some(Coord::new(1, 1)),
    };
    let svg = {
        let mut scene = Scene::new(&board);
        scene.marks = marks;
        to_svg(&scene, &SvgOptions::default())
    };
    assert_well_formed(&svg);
    for class in [
        "mark-TR", "mark-CR", "mark-SQ", "mark-MA", "mark-SL", "mark-AR", "mark-LN",
    ] {
        assert_eq!(
            svg.matches(&format!("class=\"{class}\"")).count(),
            1,
            "{class}"
        );
    }
    assert!(svg.contains("&lt;&amp;&gt;</text>"));
    assert!(svg.contains(">123</text>"));
    assert!(svg.contains("opacity=\"0.45\""), "DD dims the white stone");
    // The circle on the black stone is drawn in white ink.
    let cr = svg.lines().find(|l| l.contains("mark-CR")).expect("CR");
    assert!(cr.contains("stroke=\"#ffffff\""));
    // The last move carries a number, so no extra last-move ring hides it.
    assert!(!svg.contains("class=\"last-move\""));
}

#[test]
fn coordinates_letters_skip_i_and_chinese_numbers() {
    let letters = to_svg(&empty(19), &SvgOptions::default());
    assert!(letters.contains(">T</text>") && !letters.contains(">I</text>"));
    assert_eq!(letters.matches(">19</text>").count(), 2);
    let numbers = to_svg(
        &empty(19),
        &SvgOptions {
            coordinates: Some(LabelStyle::NumbersOnly),
            ..SvgOptions::default()
        },
    );
    assert_eq!(numbers.matches(">19</text>").count(), 4);
    let none = to_svg(
        &empty(19),
        &SvgOptions {
            coordinates: None,
            ..SvgOptions::default()
        },
    );
    assert!(!none.contains("class=\"coord\""));
}
