//! The bundled CJK font, so Chinese renders on every system and in tests.
//!
//! egui's default fonts have no Chinese glyphs, and egui_kittest panics on a missing glyph:
//! Droid Sans Fallback (Apache-2.0, see `assets/fonts/NOTICE-DroidSansFallback.txt`) is embedded
//! in the binary and comes after the default fonts, for both families.
//!
//! The window installs it as a font found on demand ([`install`]): egui asks for it the first
//! time a character no default font has is laid out (any Chinese text), parses it then, once,
//! and appends it to the family's fallback chain — the place [`definitions`] gives it. Until
//! then it costs nothing: an English window that shows no Chinese never reads its 4 MB (issue
//! 17 item 11). The bytes are never copied: egui keeps a reference to the embedded slice.

use eframe::egui::{
    Context, FallbackRequest, FontData, FontDefinitions, FontFamily, FontInsert, FontPriority,
    InsertFontFamily,
};
use std::sync::Arc;

/// The font file, embedded at build time.
const DROID_SANS_FALLBACK: &[u8] = include_bytes!("../../assets/fonts/DroidSansFallbackFull.ttf");

/// The name of the font in egui's font table.
const CJK: &str = "droid-sans-fallback";

/// The families the CJK font serves.
const FAMILIES: [FontFamily; 2] = [FontFamily::Proportional, FontFamily::Monospace];

/// egui's default fonts with the CJK font as a fallback for proportional and monospace text,
/// all parsed up front.
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        CJK.to_owned(),
        Arc::new(FontData::from_static(DROID_SANS_FALLBACK)),
    );
    for family in FAMILIES {
        fonts
            .families
            .entry(family)
            .or_default()
            .push(CJK.to_owned());
    }
    fonts
}

/// The CJK font for a character the installed fonts lack (egui checks that it has a glyph for
/// it; if not, the character is drawn as a box, as it would have been).
fn cjk_fallback(_request: &FallbackRequest<'_>) -> Option<FontInsert> {
    Some(FontInsert {
        name: CJK.to_owned(),
        data: FontData::from_static(DROID_SANS_FALLBACK),
        families: FAMILIES
            .into_iter()
            .map(|family| InsertFontFamily {
                family,
                priority: FontPriority::Lowest,
            })
            .collect(),
    })
}

/// Installs the fonts into `ctx`: egui's default fonts, and the CJK font when first needed.
pub fn install(ctx: &Context) {
    ctx.set_fonts(FontDefinitions::default());
    ctx.add_font_provider(Arc::new(cjk_fallback));
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::{MissingGlyphPolicy, RawInput};

    fn discovered(ctx: &Context) -> Vec<String> {
        ctx.fonts(|f| {
            f.discovered_fonts()
                .iter()
                .map(|i| i.name.clone())
                .collect()
        })
    }

    #[test]
    fn the_cjk_font_is_read_only_once_chinese_is_shown() {
        let ctx = Context::default();
        // As in the tests' harness: a character nothing can draw would panic.
        ctx.set_missing_glyph_policy(MissingGlyphPolicy::Panic);
        install(&ctx);
        let _ = ctx.run_ui(RawInput::default(), |ui| {
            ui.label("Black A: 60:00");
        });
        assert!(discovered(&ctx).is_empty(), "{:?}", discovered(&ctx));
        for _ in 0..2 {
            let _ = ctx.run_ui(RawInput::default(), |ui| {
                ui.label("天元 · 黑方 读秒 · 黑方讀秒");
                ui.monospace("第 24 条");
            });
        }
        // Found once per family, never added twice.
        let found = discovered(&ctx);
        assert!(
            !found.is_empty() && found.len() <= FAMILIES.len(),
            "{found:?}"
        );
        assert!(found.iter().all(|name| name == CJK), "{found:?}");
        for family in FAMILIES {
            let width =
                ctx.fonts_mut(|f| f.glyph_width(&eframe::egui::FontId::new(14.0, family), '天'));
            assert!(width > 10.0, "{width}");
        }
    }

    #[test]
    fn the_definitions_hold_the_cjk_font_after_the_defaults() {
        let fonts = definitions();
        assert!(fonts.font_data.contains_key(CJK));
        for family in FAMILIES {
            let chain = &fonts.families[&family];
            assert_eq!(chain.last().map(String::as_str), Some(CJK));
            assert!(chain.len() > 1);
        }
    }
}
