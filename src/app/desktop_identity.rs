//! How the desktop recognises the window: its application id and its icon.
//!
//! Desktops match a running window to its menu entry by the id: Wayland compositors by the
//! `app_id` (which must be the `.desktop` file's name without `.desktop`), X11 panels by
//! `WM_CLASS` (winit sets it from the program name, and the entry says
//! `StartupWMClass=tianyuan`). Without that match the dock shows a generic icon and a second
//! entry. The icon is also set on the window itself so that a bare binary (`cargo run`, an
//! AppImage that was not integrated) still shows it.

use eframe::egui;
use std::io::Cursor;

/// The application id: the name of `packaging/linux/tianyuan.desktop` and the Wayland `app_id`
/// (the settings' folder is `files::folders::data_folder`, the same name on Linux).
pub const APP_ID: &str = "tianyuan";

/// The 64 px icon rendered from `assets/icons/tianyuan.svg` (scripts/render-icons.sh).
const ICON_PNG: &[u8] = include_bytes!("../../assets/icons/hicolor/64x64/apps/tianyuan.png");

/// The window icon as RGBA pixels, or `None` if the embedded PNG cannot be read as 8-bit
/// RGBA (then the window simply has no icon of its own).
pub fn window_icon() -> Option<egui::IconData> {
    decode_rgba(ICON_PNG)
}

/// Decodes an 8-bit RGBA PNG (what rsvg-convert writes) into egui's icon form.
fn decode_rgba(bytes: &[u8]) -> Option<egui::IconData> {
    let mut reader = png::Decoder::new(Cursor::new(bytes)).read_info().ok()?;
    let mut rgba = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut rgba).ok()?;
    if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
        return None;
    }
    rgba.truncate(info.buffer_size());
    Some(egui::IconData {
        rgba,
        width: info.width,
        height: info.height,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn packaging_file(name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    #[test]
    fn issue13_window_icon_is_the_64px_rgba_render() {
        let icon = window_icon().expect("the shipped icon decodes");
        assert_eq!((icon.width, icon.height), (64, 64));
        assert_eq!(icon.rgba.len(), 64 * 64 * 4);
        // The corners are transparent (rounded board), the centre is Black's stone.
        assert_eq!(icon.rgba[3], 0, "top-left pixel is transparent");
        let centre = (32 * 64 + 32) * 4;
        assert!(icon.rgba[centre..centre + 3].iter().all(|&c| c < 80));
    }

    #[test]
    fn issue13_not_a_png_gives_no_icon() {
        assert!(decode_rgba(b"not a png").is_none());
        assert!(decode_rgba(&ICON_PNG[..ICON_PNG.len() / 2]).is_none());
    }

    #[test]
    fn issue13_app_id_names_the_desktop_entry_and_its_window_class() {
        let entry = packaging_file(&format!("packaging/linux/{APP_ID}.desktop"));
        assert!(
            entry
                .lines()
                .any(|l| l == format!("StartupWMClass={APP_ID}"))
        );
        assert!(entry.lines().any(|l| l == format!("Icon={APP_ID}")));
    }
}
