//! Paper sizes for printed diagrams: A4 (the default), A3, or the real size of Art. 33.
//!
//! A real 19×19 board is 454 × 481 mm, larger than A3, so a diagram printed "at 100 %" used
//! to come out cut or shrunk by whatever the printer chose. The diagram now says what it is
//! for: on A4 and A3 the board is scaled to the page's printable area (margins of
//! [`PRINT_MARGIN_MM`]); at real size it keeps the cells of a real board.

use crate::i18n::Lang;

/// White paper left on each side of a printed page, in millimetres: above what printers and
/// browsers keep blank by default (about 12.7 mm), so the board is never cut.
pub const PRINT_MARGIN_MM: f64 = 15.0;

/// Space kept on a page of the printed record (棋谱) for the diagram's heading and notes.
pub const RECORD_TEXT_MM: f64 = 40.0;

/// The paper a diagram is printed on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// ISO A3, 297 × 420 mm.
    A3,
    /// The real board of Art. 33 (454 × 481 mm for 19×19), on a page that fits it.
    RealSize,
}

impl Paper {
    /// All three, in menu order.
    pub const ALL: [Paper; 3] = [Paper::A4, Paper::A3, Paper::RealSize];

    /// The page in millimetres (width, height), portrait; `None` for real size, whose page is
    /// the board plus the margins.
    pub fn page_mm(self) -> Option<(f64, f64)> {
        match self {
            Paper::A4 => Some((210.0, 297.0)),
            Paper::A3 => Some((297.0, 420.0)),
            Paper::RealSize => None,
        }
    }

    /// The printed size of a board of `w` × `h` mm on this paper, with `reserved_mm` of the
    /// page's height kept for text: scaled down to the printable area (never up), or `(w, h)`
    /// at real size.
    pub fn fit(self, w: f64, h: f64, reserved_mm: f64) -> (f64, f64) {
        let Some((pw, ph)) = self.page_mm() else {
            return (w, h);
        };
        let avail_w = pw - 2.0 * PRINT_MARGIN_MM;
        let avail_h = ph - 2.0 * PRINT_MARGIN_MM - reserved_mm;
        let scale = (avail_w / w).min(avail_h / h).min(1.0);
        (w * scale, h * scale)
    }

    /// The page size for CSS `@page` and for messages: "210mm 297mm", or the board plus the
    /// margins at real size.
    pub fn css_page(self, board_w: f64, board_h: f64, reserved_mm: f64) -> String {
        let (w, h) = self.page_mm().unwrap_or((
            board_w + 2.0 * PRINT_MARGIN_MM,
            board_h + 2.0 * PRINT_MARGIN_MM + reserved_mm,
        ));
        format!("{w:.0}mm {h:.0}mm")
    }

    /// The command-line and settings name: `a4`, `a3`, `real`.
    pub fn code(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::A3 => "a3",
            Paper::RealSize => "real",
        }
    }

    /// The paper named by a code ([`Paper::code`]), case-insensitive.
    pub fn from_code(code: &str) -> Option<Paper> {
        Paper::ALL
            .into_iter()
            .find(|p| p.code().eq_ignore_ascii_case(code.trim()))
    }

    /// The name in `lang`: "A4", "A3", "实际尺寸".
    pub fn name(self, lang: Lang) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::A3 => "A3",
            Paper::RealSize => lang.pick("实际尺寸", "實際尺寸", "Real size"),
        }
    }

    /// What a board of `w` × `h` mm becomes on this paper, in `lang`: "A4: board 180 × 191 mm
    /// (40 % of a real board)", "Real size: board 454 × 481 mm (needs paper larger than A3)".
    pub fn describe(self, w: f64, h: f64, reserved_mm: f64, lang: Lang) -> String {
        let (fw, fh) = self.fit(w, h, reserved_mm);
        let percent = (fw / w * 100.0).round();
        let name = self.name(lang);
        match self {
            Paper::RealSize => lang.pick(
                format!("{name}：棋盘 {fw:.0} × {fh:.0} 毫米（需大于 A3 的纸）"),
                format!("{name}：棋盤 {fw:.0} × {fh:.0} 毫米（需大於 A3 的紙）"),
                format!("{name}: board {fw:.0} × {fh:.0} mm (needs paper larger than A3)"),
            ),
            _ => lang.pick(
                format!("{name}：棋盘 {fw:.0} × {fh:.0} 毫米（实际棋盘的 {percent}%）"),
                format!("{name}：棋盤 {fw:.0} × {fh:.0} 毫米（實際棋盤的 {percent}%）"),
                format!("{name}: board {fw:.0} × {fh:.0} mm ({percent} % of a real board)"),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (paper, board w, board h, reserved, printed w, printed h), to the millimetre.
    const CASES: &[(Paper, f64, f64, f64, f64, f64)] = &[
        // A 19×19 board of Art. 33 is 454 × 481 mm.
        (Paper::A4, 454.0, 481.0, 0.0, 180.0, 191.0),
        (Paper::A3, 454.0, 481.0, 0.0, 267.0, 283.0),
        (Paper::RealSize, 454.0, 481.0, 0.0, 454.0, 481.0),
        // The record keeps room for its heading and notes: the height decides.
        (Paper::A4, 454.0, 481.0, RECORD_TEXT_MM, 180.0, 191.0),
        (Paper::A3, 454.0, 481.0, RECORD_TEXT_MM, 267.0, 283.0),
        // A small board is never enlarged.
        (Paper::A4, 100.0, 110.0, 0.0, 100.0, 110.0),
    ];

    #[test]
    fn issue_10_item_8_boards_fit_the_chosen_paper() {
        for &(paper, w, h, reserved, fw, fh) in CASES {
            let (gw, gh) = paper.fit(w, h, reserved);
            assert_eq!(
                (gw.round(), gh.round()),
                (fw, fh),
                "{paper:?} {w}×{h} reserved {reserved}"
            );
            if let Some((pw, ph)) = paper.page_mm() {
                assert!(gw <= pw - 2.0 * PRINT_MARGIN_MM + 1e-9);
                assert!(gh <= ph - 2.0 * PRINT_MARGIN_MM - reserved + 1e-9);
            }
        }
    }

    #[test]
    fn codes_round_trip_and_names_say_which() {
        for p in Paper::ALL {
            assert_eq!(Paper::from_code(p.code()), Some(p));
            assert_eq!(Paper::from_code(&p.code().to_uppercase()), Some(p));
        }
        assert_eq!(Paper::from_code("letter"), None);
        assert!(
            Paper::A4
                .describe(454.0, 481.0, 0.0, Lang::En)
                .starts_with("A4: board 180 × 191 mm (40 % of a real board)")
        );
        assert!(
            Paper::RealSize
                .describe(454.0, 481.0, 0.0, Lang::ZhHans)
                .contains("实际尺寸")
        );
    }
}
