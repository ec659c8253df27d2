//! The bundled CJK font, so Chinese renders on every system and in tests.
//!
//! egui's default fonts have no Chinese glyphs, and egui_kittest panics on a missing glyph:
//! Droid Sans Fallback (Apache-2.0, see `assets/fonts/NOTICE-DroidSansFallback.txt`) is embedded
//! in the binary and added after the default fonts, for both families.

use eframe::egui::{Context, FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// The font file, embedded at build time.
const DROID_SANS_FALLBACK: &[u8] = include_bytes!("../../assets/fonts/DroidSansFallbackFull.ttf");

/// The name of the font in egui's font table.
const CJK: &str = "droid-sans-fallback";

/// egui's default fonts with the CJK font as a fallback for proportional and monospace text.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        CJK.to_owned(),
        Arc::new(FontData::from_static(DROID_SANS_FALLBACK)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push(CJK.to_owned());
    }
    fonts
}

/// Installs the fonts into `ctx`.
pub fn install(ctx: &Context) {
    ctx.set_fonts(definitions());
}
