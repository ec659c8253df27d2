//! The dead-stone suggestion drawn on the board during counting: what the estimator suggests
//! before anyone accepts it, so it can never be mistaken for the marks in the journal (those
//! are crosses, [`super::board_view`]). Suggested dead: a hollow square; uncertain: a question
//! mark; seki stones: a ring; dame: a small grey diamond. Each chain's reason shows on hover.

use eframe::egui::{self, Align2, Painter, Pos2, Stroke, Vec2};

use super::board_view::board_font;
use super::theme;
use crate::analysis::{Status, Suggestion};
use crate::geometry::BoardGeometry;
use crate::i18n::Lang;
use crate::rules::Coord;

/// The suggestion as the board shows it, with each chain's reason in the user's language.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SuggestionMarks {
    /// Stones suggested dead and not yet marked dead in the journal.
    pub dead: Vec<Coord>,
    /// Stones of chains the estimator cannot settle.
    pub uncertain: Vec<Coord>,
    /// Stones alive in seki.
    pub seki: Vec<Coord>,
    /// Shared empty points (dame and seki points), half each at the count.
    pub dame: Vec<Coord>,
    /// For every chain that is not plainly alive: its stones and a line saying why.
    pub reasons: Vec<(Vec<Coord>, String)>,
}

impl SuggestionMarks {
    /// The marks of `s` on a `size` board where `marked` stones are already marked dead.
    pub fn of(s: &Suggestion, marked: &[Coord], size: u8, lang: Lang) -> SuggestionMarks {
        let reasons = s
            .chains
            .iter()
            .filter(|c| c.status != Status::Alive)
            .map(|c| (c.stones.clone(), chain_line(c, size, lang)))
            .collect();
        SuggestionMarks {
            dead: s
                .dead
                .iter()
                .copied()
                .filter(|c| !marked.contains(c))
                .collect(),
            uncertain: s.uncertain.clone(),
            seki: s.seki.clone(),
            // A dead stone's point is shared once the stone is lifted; the square says enough.
            dame: s
                .dame
                .iter()
                .copied()
                .filter(|c| !s.dead.contains(c))
                .collect(),
            reasons,
        }
    }

    /// The reason for the chain through `c`, if it has one.
    pub fn reason_at(&self, c: Coord) -> Option<&str> {
        self.reasons
            .iter()
            .find(|(stones, _)| stones.contains(&c))
            .map(|(_, why)| why.as_str())
    }
}

/// "C3 (2 stones), dead: why", the line shown in the list and on hover.
pub fn chain_line(c: &crate::analysis::ChainReport, size: u8, lang: Lang) -> String {
    let at = c.stones.first().map(|s| s.to_gtp(size)).unwrap_or_default();
    let n = c.stones.len();
    let stones = lang.pick(
        format!("{n}子"),
        format!("{n}子"),
        format!("{n} stone{}", if n == 1 { "" } else { "s" }),
    );
    let colour = super::side_panel::colour_name(c.color, lang);
    let (open, close, colon) =
        lang.pick(("（", "）", "："), ("（", "）", "："), (" (", ") ", ": "));
    format!(
        "{colour} {at}{open}{stones}{close}{}{colon}{}",
        crate::i18n::status_text(c.status, lang),
        crate::i18n::reason_text(c, lang, |p| p.to_gtp(size))
    )
}

/// Paints the marks over the stones.
pub fn paint(painter: &Painter, geo: &BoardGeometry, marks: &SuggestionMarks) {
    let r = geo.stone_radius();
    let pos = |c: Coord| {
        let (x, y) = geo.point_of(c);
        Pos2::new(x, y)
    };
    let width = (r * 0.14).max(1.5);
    for &c in &marks.dead {
        let rect = egui::Rect::from_center_size(pos(c), Vec2::splat(r * 0.9));
        painter.rect_stroke(
            rect,
            0.0,
            Stroke::new(width, theme::SUGGESTED_DEAD),
            egui::StrokeKind::Middle,
        );
    }
    let font = board_font(r * 1.1);
    for &c in &marks.uncertain {
        painter.text(
            pos(c),
            Align2::CENTER_CENTER,
            "?",
            font.clone(),
            theme::SUGGESTED_UNCERTAIN,
        );
    }
    for &c in &marks.seki {
        painter.circle_stroke(pos(c), r * 0.55, Stroke::new(width, theme::SUGGESTED_SEKI));
    }
    for &c in &marks.dame {
        let p = pos(c);
        let d = r * 0.3;
        painter.add(egui::Shape::convex_polygon(
            vec![
                p + Vec2::new(0.0, -d),
                p + Vec2::new(d, 0.0),
                p + Vec2::new(0.0, d),
                p + Vec2::new(-d, 0.0),
            ],
            theme::SUGGESTED_DAME,
            Stroke::NONE,
        ));
    }
}
